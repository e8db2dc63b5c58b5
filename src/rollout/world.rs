//! The pods of a rollout and the discrete-event loop that drives a controller over them:
//! integer milliseconds; at each moment something changes (a pod Ready or not, available after
//! `minReadySeconds`, gone after its termination, a controller's requeue) the controller syncs
//! after its reaction latency, and the counts are recorded.

use crate::rollout::lifecycle::{Lives, Readiness};
use crate::rollout::timeline::{Counts, Recorder, RolloutRun};

/// How long after a pod became Ready for `minReadySeconds` the ReplicaSet controller looks
/// again (`updatePod` in `replica_set.go` requeues after `minReadySeconds` plus a second).
const AVAILABILITY_REQUEUE_MS: u64 = 1000;

/// Most moments one run may handle (each is a pod's change or a requeue).
const MAX_STEPS: u64 = 2_000_000;

/// Which revision a pod runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revision {
    /// The revision before the rollout: Ready and available when it starts.
    Old,
    /// The file's template.
    New,
}

/// One pod.
#[derive(Debug, Clone)]
pub struct PodSlot {
    /// Its revision.
    pub revision: Revision,
    /// Its number in its revision (a name's suffix), or a StatefulSet's ordinal, or a
    /// DaemonSet's node.
    pub number: u32,
    /// When it was created (an old pod: 0, long Ready).
    pub created_at: u64,
    /// A new pod's Ready condition; `None` for an old pod (Ready throughout).
    pub readiness: Option<Readiness>,
    /// When it was deleted.
    pub deleted_at: Option<u64>,
    /// When it was gone, if it went within the horizon.
    pub gone_at: Option<u64>,
}

impl PodSlot {
    /// Not being deleted.
    pub fn active(&self) -> bool {
        self.deleted_at.is_none()
    }

    /// Deleted and not yet gone at `now`.
    pub fn terminating(&self, now: u64) -> bool {
        self.deleted_at.is_some() && self.gone_at.is_none_or(|gone| gone > now)
    }

    /// Ready at `now` (and not being deleted).
    pub fn ready(&self, now: u64) -> bool {
        self.ready_since(now).is_some()
    }

    /// When it last became Ready, if it is Ready at `now` (an old pod: 0).
    pub fn ready_since(&self, now: u64) -> Option<u64> {
        if !self.active() {
            return None;
        }
        match &self.readiness {
            None => Some(0),
            Some(readiness) => readiness
                .ready_since(now.saturating_sub(self.created_at))
                .map(|since| self.created_at + since),
        }
    }

    /// Available at `now`: Ready for more than `min_ready` ms (`IsPodAvailable`).
    pub fn available(&self, now: u64, min_ready: u64) -> bool {
        match (&self.readiness, self.ready_since(now)) {
            (None, Some(_)) => true,
            (_, None) => false,
            (Some(_), Some(since)) => min_ready == 0 || since + min_ready < now,
        }
    }
}

/// The pods, their lives, and what is recorded.
pub struct World<'a> {
    /// Every pod ever created, in creation order (old pods first).
    pub pods: Vec<PodSlot>,
    /// Where pods' lives come from.
    pub lives: Lives<'a>,
    /// The record.
    pub recorder: Recorder,
    /// `minReadySeconds` in ms.
    pub min_ready: u64,
    /// The horizon (ms).
    pub horizon: u64,
}

impl World<'_> {
    /// Creates a pod of `revision` at `now`.
    pub fn create(&mut self, revision: Revision, number: u32, now: u64) {
        let readiness = match revision {
            Revision::Old => None,
            Revision::New => Some(self.lives.new_pod(u64::from(number), 0)),
        };
        self.pods.push(PodSlot {
            revision,
            number,
            created_at: now,
            readiness,
            deleted_at: None,
            gone_at: None,
        });
    }

    /// Deletes pod `index` at `now`.
    pub fn delete(&mut self, index: usize, now: u64) {
        let Some(slot) = self.pods.get(index) else {
            return;
        };
        if !slot.active() {
            return;
        }
        let took = self
            .lives
            .termination(slot.revision == Revision::New, u64::from(slot.number));
        if let Some(slot) = self.pods.get_mut(index) {
            slot.deleted_at = Some(now);
            slot.gone_at = took.map(|took| now + took);
        }
    }

    /// The counts at `now`.
    pub fn counts(&self, now: u64) -> Counts {
        let mut counts = Counts::default();
        for pod in &self.pods {
            if !pod.active() {
                counts.terminating += u32::from(pod.terminating(now));
                continue;
            }
            counts.total += 1;
            match pod.revision {
                Revision::New => counts.updated += 1,
                Revision::Old => counts.old += 1,
            }
            counts.ready += u32::from(pod.ready(now));
            counts.available += u32::from(pod.available(now, self.min_ready));
        }
        counts
    }

    /// Whether some deleted pod is still there at `now`.
    pub fn any_terminating(&self, now: u64) -> bool {
        self.pods.iter().any(|pod| pod.terminating(now))
    }

    /// Runs the new pods whose known life ends by `now` further.
    fn extend(&mut self, now: u64) {
        for index in 0..self.pods.len() {
            let Some(pod) = self.pods.get(index) else {
                continue;
            };
            let Some(readiness) = &pod.readiness else {
                continue;
            };
            if !pod.active() || !readiness.needs_more() {
                continue;
            }
            let age = now.saturating_sub(pod.created_at);
            if readiness.known_until > age {
                continue;
            }
            let wanted = (age + 60_000).min(self.horizon.saturating_sub(pod.created_at));
            if wanted <= readiness.known_until {
                continue;
            }
            let number = u64::from(pod.number);
            let extended = self.lives.extend(number, readiness, wanted);
            if let Some(pod) = self.pods.get_mut(index) {
                pod.readiness = Some(extended);
            }
        }
    }

    /// The next moment after `now` at which a pod changes or must be run further.
    fn next_change(&self, now: u64) -> Option<u64> {
        let mut next: Option<u64> = None;
        let mut offer = |at: u64| {
            if at > now {
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        };
        for pod in &self.pods {
            if !pod.active() {
                if let Some(gone) = pod.gone_at {
                    offer(gone);
                }
                continue;
            }
            let Some(readiness) = &pod.readiness else {
                continue;
            };
            let age = now.saturating_sub(pod.created_at);
            match readiness.next_change_after(age) {
                Some(change) => offer(pod.created_at + change),
                None if readiness.needs_more() => offer(pod.created_at + readiness.known_until),
                None => {}
            }
            if self.min_ready > 0
                && let Some(since) = pod.ready_since(now)
                && since + self.min_ready >= now
            {
                offer(since + self.min_ready + AVAILABILITY_REQUEUE_MS);
            }
        }
        next
    }
}

/// A workload controller over a [`World`].
pub trait Controller {
    /// Syncs at `now`: scales, creates and deletes pods, updates its condition.
    fn sync(&mut self, world: &mut World<'_>, now: u64);
    /// When it asked to be synced again (a progress-deadline check), if after `now`.
    fn requeue(&self, now: u64) -> Option<u64>;
    /// Whether the rollout is over: nothing it does will change.
    fn done(&self, world: &World<'_>, now: u64) -> bool;
}

/// Runs `controller` over `world` from 0 to the horizon, the controller reacting `latency` ms
/// after each change.
pub fn run(controller: &mut dyn Controller, mut world: World<'_>, latency: u64) -> RolloutRun {
    let horizon = world.horizon;
    let mut now = 0;
    world.extend(now);
    controller.sync(&mut world, now);
    let counts = world.counts(now);
    world.recorder.observe(now, counts);
    let mut pending_sync: Option<u64> = None;
    let mut steps = 0u64;
    let mut cut = false;
    loop {
        if controller.done(&world, now) {
            break;
        }
        let candidates = [
            world.next_change(now),
            controller.requeue(now),
            pending_sync.filter(|at| *at > now),
        ];
        let Some(next) = candidates.into_iter().flatten().min() else {
            break;
        };
        steps += 1;
        if next > horizon || steps > MAX_STEPS {
            cut = true;
            now = horizon.max(now);
            break;
        }
        now = next;
        world.extend(now);
        if latency == 0 || pending_sync == Some(now) {
            pending_sync = None;
            controller.sync(&mut world, now);
        } else if pending_sync.is_none() {
            pending_sync = Some(now + latency);
        }
        let counts = world.counts(now);
        world.recorder.observe(now, counts);
    }
    let budget = world.lives.cut_by_event_budget;
    let summary = world.recorder.summary_mut();
    summary.cut_by_horizon = cut;
    summary.cut_by_event_budget = budget;
    world.recorder.finish(now)
}
