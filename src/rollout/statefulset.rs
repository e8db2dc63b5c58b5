//! The StatefulSet controller's rolling update (`updateStatefulSet` in
//! `pkg/controller/statefulset/stateful_set_control.go`): one pod per ordinal; under
//! `OrderedReady` every pod waits for its predecessors to be Running and available; the update
//! deletes the highest ordinal not at the new revision, at or above `partition`, one at a time
//! (with the `MaxUnavailableStatefulSet` gate on, up to `maxUnavailable` at once:
//! `updateStatefulSetAfterInvariantEstablished`), and recreates it at the new revision once it
//! is gone.

use crate::k8s::workload::rollout::{IntOrPercent, PodManagement, RolloutControl, Strategy};
use crate::rollout::fenceposts;
use crate::rollout::world::{Controller, Revision, World};

/// `getStatefulSetMaxUnavailable`: a count as written, or a percentage of the replicas rounded
/// down; never below 1.
pub fn max_unavailable(value: IntOrPercent, replicas: u32) -> u32 {
    let scaled = fenceposts::scaled(value, i64::from(replicas), false);
    u32::try_from(scaled.max(1)).unwrap_or(u32::MAX)
}

/// The StatefulSet controller's state.
pub struct StatefulSet {
    name: String,
    replicas: u32,
    partition: u32,
    rolling: bool,
    monotonic: bool,
    /// Pods the update may make unavailable at once where the gate is on; `None`: the gate is
    /// off and the update goes one pod at a time.
    max_unavailable: Option<u32>,
    /// Per ordinal: its current pod in the world, if it has one.
    ordinals: Vec<Option<usize>>,
    complete_at: Option<u64>,
}

impl StatefulSet {
    /// A StatefulSet `name` of `replicas` Ready old pods.
    pub fn new(name: &str, control: &RolloutControl, replicas: u32) -> Self {
        let (rolling, partition, max_unavailable) = match control.strategy {
            Strategy::OrderedRollingUpdate {
                partition,
                max_unavailable: limit,
            } => (
                true,
                u32::try_from(partition).unwrap_or(u32::MAX),
                limit.map(|limit| max_unavailable(limit, replicas)),
            ),
            _ => (false, 0, None),
        };
        StatefulSet {
            name: name.to_string(),
            replicas,
            partition,
            rolling,
            monotonic: control.pod_management == PodManagement::OrderedReady,
            max_unavailable,
            ordinals: vec![None; usize::try_from(replicas).unwrap_or(0)],
            complete_at: None,
        }
    }

    /// The old pods, ordinals 0 to replicas − 1.
    pub fn populate(&mut self, world: &mut World<'_>) {
        for ordinal in 0..self.replicas {
            world.create(Revision::Old, ordinal, 0);
            if let Some(slot) = self.ordinals.get_mut(ordinal as usize) {
                *slot = Some(world.pods.len() - 1);
            }
        }
    }

    fn revision_for(&self, ordinal: u32) -> Revision {
        // newVersionedStatefulSetPod: ordinals below the partition get the current revision.
        if self.rolling && ordinal < self.partition {
            Revision::Old
        } else {
            Revision::New
        }
    }

    /// One step; whether it created or deleted a pod.
    fn step(&mut self, world: &mut World<'_>, now: u64) -> bool {
        let min_ready = world.min_ready;
        // The replicas: create what is missing, wait under OrderedReady (processReplica).
        for ordinal in 0..self.replicas {
            let index = self.ordinals.get(ordinal as usize).copied().flatten();
            let pod = index.and_then(|index| world.pods.get(index));
            let missing = pod.is_none_or(|pod| !pod.active() && !pod.terminating(now));
            if missing {
                let revision = self.revision_for(ordinal);
                world.create(revision, ordinal, now);
                if let Some(slot) = self.ordinals.get_mut(ordinal as usize) {
                    *slot = Some(world.pods.len() - 1);
                }
                let name = &self.name;
                world.recorder.event(
                    now,
                    "SuccessfulCreate",
                    || format!("StatefulSet/{name}"),
                    || format!("create Pod {name}-{ordinal} in StatefulSet {name} successful"),
                );
                if self.monotonic {
                    return true;
                }
                continue;
            }
            let Some(pod) = pod else { continue };
            if self.monotonic && (!pod.active() || !pod.available(now, min_ready)) {
                return false;
            }
        }
        if !self.rolling {
            return false;
        }
        if let Some(limit) = self.max_unavailable {
            return self.update_in_batches(world, now, limit);
        }
        // The update: from the highest ordinal down to the partition.
        for ordinal in (self.partition.min(self.replicas)..self.replicas).rev() {
            let Some(index) = self.ordinals.get(ordinal as usize).copied().flatten() else {
                return false;
            };
            let Some(pod) = world.pods.get(index) else {
                return false;
            };
            if pod.revision != Revision::New && pod.active() {
                self.delete(world, index, ordinal, now);
                return true;
            }
            // isUnavailable: not Running and available, or terminating.
            if !pod.active() || !pod.available(now, min_ready) {
                return false;
            }
        }
        false
    }

    /// `updateStatefulSetAfterInvariantEstablished`: count the ordinals whose pod is not
    /// available (missing, terminating, not Ready for `minReadySeconds`), and delete up to
    /// `limit` minus that many pods not at the new revision, from the highest ordinal down to
    /// the partition; whether it deleted one.
    fn update_in_batches(&mut self, world: &mut World<'_>, now: u64, limit: u32) -> bool {
        let min_ready = world.min_ready;
        let unavailable = (0..self.replicas)
            .filter(|ordinal| {
                self.ordinals
                    .get(*ordinal as usize)
                    .copied()
                    .flatten()
                    .and_then(|index| world.pods.get(index))
                    .is_none_or(|pod| !pod.active() || !pod.available(now, min_ready))
            })
            .count();
        let unavailable = u32::try_from(unavailable).unwrap_or(u32::MAX);
        let Some(budget) = limit.checked_sub(unavailable).filter(|budget| *budget > 0) else {
            return false;
        };
        let mut deleted = 0;
        for ordinal in (self.partition.min(self.replicas)..self.replicas).rev() {
            if deleted == budget {
                break;
            }
            let Some(index) = self.ordinals.get(ordinal as usize).copied().flatten() else {
                continue;
            };
            let Some(pod) = world.pods.get(index) else {
                continue;
            };
            if pod.revision != Revision::New && pod.active() {
                self.delete(world, index, ordinal, now);
                deleted += 1;
            }
        }
        deleted > 0
    }

    fn delete(&self, world: &mut World<'_>, index: usize, ordinal: u32, now: u64) {
        world.delete(index, now);
        let name = &self.name;
        world.recorder.event(
            now,
            "SuccessfulDelete",
            || format!("StatefulSet/{name}"),
            || format!("delete Pod {name}-{ordinal} in StatefulSet {name} successful"),
        );
    }

    fn complete(&self, world: &World<'_>, now: u64) -> bool {
        self.rolling
            && (0..self.replicas).all(|ordinal| {
                let Some(pod) = self
                    .ordinals
                    .get(ordinal as usize)
                    .copied()
                    .flatten()
                    .and_then(|index| world.pods.get(index))
                else {
                    return false;
                };
                pod.active()
                    && pod.available(now, world.min_ready)
                    && (ordinal < self.partition || pod.revision == Revision::New)
            })
    }
}

impl Controller for StatefulSet {
    fn sync(&mut self, world: &mut World<'_>, now: u64) {
        for _ in 0..(4 * u64::from(self.replicas) + 8) {
            if !self.step(world, now) {
                break;
            }
        }
        if self.complete_at.is_none() && self.complete(world, now) {
            self.complete_at = Some(now);
            let name = &self.name;
            world.recorder.event(
                now,
                "RollingUpdateComplete",
                || format!("StatefulSet/{name}"),
                || "statefulset rolling update complete".to_string(),
            );
        }
        world.recorder.summary_mut().complete_at = self.complete_at;
    }

    fn requeue(&self, _now: u64) -> Option<u64> {
        None
    }

    fn done(&self, world: &World<'_>, now: u64) -> bool {
        self.complete_at.is_some() && !world.any_terminating(now)
    }
}
