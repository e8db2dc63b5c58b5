//! The Deployment controller (`pkg/controller/deployment`) over two ReplicaSets, the old
//! revision's and the new one's, with the ReplicaSet controller creating and deleting their
//! pods at once. docs/rollout.md says which Go function each step follows.

use crate::k8s::workload::rollout::{RolloutControl, Strategy};
use crate::rollout::fenceposts;
use crate::rollout::world::{Controller, Revision, World};

/// The `Progressing` condition as the controller last set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Condition {
    /// `NewReplicaSetAvailable` of the previous rollout: a Recreate rollout keeps it until it
    /// creates the new ReplicaSet.
    PreviousComplete,
    /// `NewReplicaSetCreated`, `FoundNewReplicaSet` or `ReplicaSetUpdated`: True.
    Progressing,
    /// False, `ProgressDeadlineExceeded`.
    TimedOut,
    /// True, `NewReplicaSetAvailable`.
    Complete,
}

/// The status fields `DeploymentProgressing` compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Status {
    replicas: i64,
    updated: i64,
    ready: i64,
    available: i64,
}

/// The Deployment controller's state.
pub struct Deployment {
    name: String,
    desired: i64,
    strategy: Strategy,
    deadline_ms: Option<u64>,
    old_spec: i64,
    new_spec: i64,
    new_rs_exists: bool,
    created_new: u32,
    condition: Condition,
    last_progress: u64,
    status: Status,
    complete_at: Option<u64>,
    exceeded_at: Option<u64>,
}

impl Deployment {
    /// A Deployment `name` of `replicas` Ready old pods, about to roll out its template.
    pub fn new(name: &str, control: &RolloutControl, replicas: u32) -> Self {
        let desired = i64::from(replicas);
        Deployment {
            name: name.to_string(),
            desired,
            strategy: control.strategy,
            deadline_ms: control
                .progress_deadline_seconds
                .map(|seconds| u64::try_from(seconds).unwrap_or(0) * 1000),
            old_spec: desired,
            new_spec: 0,
            new_rs_exists: false,
            created_new: 0,
            condition: Condition::PreviousComplete,
            last_progress: 0,
            status: Status {
                replicas: desired,
                updated: 0,
                ready: desired,
                available: desired,
            },
            complete_at: None,
            exceeded_at: None,
        }
    }

    /// The old pods of the Deployment, Ready and available.
    pub fn populate(&self, world: &mut World<'_>) {
        for number in 0..u32::try_from(self.desired).unwrap_or(0) {
            world.create(Revision::Old, number, 0);
        }
    }

    fn rs_name(&self, revision: Revision) -> String {
        match revision {
            Revision::Old => format!("{}-v1", self.name),
            Revision::New => format!("{}-v2", self.name),
        }
    }

    /// (maxSurge, maxUnavailable) as counts: `MaxSurge` and `MaxUnavailable` (capped at the
    /// replicas; 0 when there are none).
    fn fenceposts(&self) -> (i64, i64) {
        match self.strategy {
            Strategy::RollingUpdate {
                max_surge,
                max_unavailable,
            } => {
                let (surge, unavailable) =
                    fenceposts::resolve(max_surge, max_unavailable, self.desired);
                let unavailable = if self.desired == 0 {
                    0
                } else {
                    unavailable.min(self.desired)
                };
                (surge, unavailable)
            }
            _ => (0, 0),
        }
    }

    /// `getNewReplicaSet` creating the new ReplicaSet: `Progressing` becomes True,
    /// `NewReplicaSetCreated`, and the deadline counts from now.
    fn create_new_rs(&mut self, world: &mut World<'_>, now: u64) {
        self.new_rs_exists = true;
        self.condition = Condition::Progressing;
        self.last_progress = now;
        let name = self.rs_name(Revision::New);
        world.recorder.event(
            now,
            "NewReplicaSetCreated",
            || format!("Deployment/{}", self.name),
            || format!("Created new replica set \"{name}\""),
        );
    }

    /// Scales a ReplicaSet to `to` and lets the ReplicaSet controller create or delete pods.
    fn scale(&mut self, world: &mut World<'_>, revision: Revision, to: i64, now: u64) {
        let from = match revision {
            Revision::Old => self.old_spec,
            Revision::New => self.new_spec,
        };
        if from == to {
            return;
        }
        let rs = self.rs_name(revision);
        world.recorder.event(
            now,
            "ScalingReplicaSet",
            || format!("Deployment/{}", self.name),
            || {
                let way = if to > from { "up" } else { "down" };
                format!("Scaled {way} replica set {rs} from {from} to {to}")
            },
        );
        match revision {
            Revision::Old => self.old_spec = to,
            Revision::New => self.new_spec = to,
        }
        let active: Vec<usize> = world
            .pods
            .iter()
            .enumerate()
            .filter(|(_, pod)| pod.revision == revision && pod.active())
            .map(|(index, _)| index)
            .collect();
        let have = i64::try_from(active.len()).unwrap_or(i64::MAX);
        if to > have {
            for _ in have..to {
                let number = match revision {
                    Revision::New => {
                        self.created_new += 1;
                        self.created_new - 1
                    }
                    Revision::Old => u32::try_from(world.pods.len()).unwrap_or(u32::MAX),
                };
                world.create(revision, number, now);
                world.recorder.event(
                    now,
                    "SuccessfulCreate",
                    || format!("ReplicaSet/{rs}"),
                    || format!("Created pod: {rs}-{number}"),
                );
            }
        } else {
            let doomed =
                pods_to_delete(world, &active, usize::try_from(have - to).unwrap_or(0), now);
            for index in doomed {
                let number = world.pods.get(index).map_or(0, |pod| pod.number);
                world.delete(index, now);
                world.recorder.event(
                    now,
                    "SuccessfulDelete",
                    || format!("ReplicaSet/{rs}"),
                    || format!("Deleted pod: {rs}-{number}"),
                );
            }
        }
    }

    fn available_of(world: &World<'_>, revision: Revision, now: u64) -> i64 {
        let count = world
            .pods
            .iter()
            .filter(|pod| pod.revision == revision && pod.available(now, world.min_ready))
            .count();
        i64::try_from(count).unwrap_or(i64::MAX)
    }

    /// `rolloutRolling`: one scaling step, `reconcileNewReplicaSet` then
    /// `reconcileOldReplicaSets`; whether it scaled.
    fn rolling_step(&mut self, world: &mut World<'_>, now: u64) -> bool {
        if !self.new_rs_exists {
            self.create_new_rs(world, now);
        }
        let (surge, max_unavailable) = self.fenceposts();
        // reconcileNewReplicaSet with NewRSNewReplicas.
        if self.new_spec > self.desired {
            self.scale(world, Revision::New, self.desired, now);
            return true;
        }
        if self.new_spec < self.desired {
            let current = self.old_spec + self.new_spec;
            let max_total = self.desired + surge;
            if current < max_total {
                let up = (max_total - current).min(self.desired - self.new_spec);
                if up > 0 {
                    self.scale(world, Revision::New, self.new_spec + up, now);
                    return true;
                }
            }
        }
        // reconcileOldReplicaSets.
        if self.old_spec == 0 {
            return false;
        }
        let min_available = self.desired - max_unavailable;
        let new_available = Self::available_of(world, Revision::New, now);
        let new_unavailable = self.new_spec - new_available;
        let max_scaled_down = self.old_spec + self.new_spec - min_available - new_unavailable;
        if max_scaled_down <= 0 {
            return false;
        }
        // cleanupUnhealthyReplicas: the old ReplicaSet's unavailable pods go first.
        let old_available = Self::available_of(world, Revision::Old, now);
        let cleanup = max_scaled_down.min(self.old_spec - old_available).max(0);
        if cleanup > 0 {
            self.scale(world, Revision::Old, self.old_spec - cleanup, now);
        }
        // scaleDownOldReplicaSetsForRollingUpdate: down to minAvailable available pods.
        let available = Self::available_of(world, Revision::Old, now) + new_available;
        let mut scaled_down = 0;
        if available > min_available {
            scaled_down = self.old_spec.min(available - min_available);
            if scaled_down > 0 {
                self.scale(world, Revision::Old, self.old_spec - scaled_down, now);
            }
        }
        cleanup + scaled_down > 0
    }

    /// `rolloutRecreate`: scale the old ReplicaSet to 0, wait until its pods are gone
    /// (`oldPodsRunning`), then create the new one at full size.
    fn recreate_step(&mut self, world: &mut World<'_>, now: u64) -> bool {
        if self.old_spec > 0 {
            self.scale(world, Revision::Old, 0, now);
            return true;
        }
        let old_running = world
            .pods
            .iter()
            .any(|pod| pod.revision == Revision::Old && (pod.active() || pod.terminating(now)));
        if old_running {
            return false;
        }
        if !self.new_rs_exists {
            self.create_new_rs(world, now);
        }
        if self.new_spec != self.desired {
            self.scale(world, Revision::New, self.desired, now);
            return true;
        }
        false
    }

    /// `syncRolloutStatus`: the new status, and the `Progressing` condition from
    /// `DeploymentComplete`, `DeploymentProgressing` and `DeploymentTimedOut`.
    fn sync_status(&mut self, world: &mut World<'_>, now: u64) {
        let counts = world.counts(now);
        let status = Status {
            replicas: i64::from(counts.total),
            updated: i64::from(counts.updated),
            ready: i64::from(counts.ready),
            available: i64::from(counts.available),
        };
        let previous = self.status;
        self.status = status;
        if matches!(
            self.condition,
            Condition::PreviousComplete | Condition::Complete
        ) {
            return;
        }
        let complete = status.updated == self.desired
            && status.replicas == self.desired
            && status.available == self.desired;
        let progressing = status.updated > previous.updated
            || status.replicas - status.updated < previous.replicas - previous.updated
            || status.ready > previous.ready
            || status.available > previous.available;
        let rs = self.rs_name(Revision::New);
        let object = || format!("Deployment/{}", self.name);
        if complete {
            self.condition = Condition::Complete;
            self.complete_at.get_or_insert(now);
            world
                .recorder
                .event(now, "NewReplicaSetAvailable", object, || {
                    format!("ReplicaSet \"{rs}\" has successfully progressed.")
                });
        } else if progressing {
            self.condition = Condition::Progressing;
            self.last_progress = now;
        } else if let Some(deadline) = self.deadline_ms
            && self.condition == Condition::Progressing
            && now > self.last_progress + deadline
        {
            self.condition = Condition::TimedOut;
            self.exceeded_at.get_or_insert(now);
            world
                .recorder
                .event(now, "ProgressDeadlineExceeded", object, || {
                    format!("ReplicaSet \"{rs}\" has timed out progressing.")
                });
        }
    }
}

/// How a pod ranks for deletion: Ready, then Ready since (latest first), created (newest
/// first), number (highest first); the lowest goes first. The last field is its index.
type Rank = (
    bool,
    std::cmp::Reverse<u64>,
    std::cmp::Reverse<u64>,
    std::cmp::Reverse<u32>,
    usize,
);

/// The pods a ReplicaSet deletes first when it scales down (`getPodsToDelete`, ranked by
/// `ActivePodsWithRanks`): not Ready before Ready, Ready for less time before longer, newer
/// before older.
pub fn pods_to_delete(world: &World<'_>, active: &[usize], count: usize, now: u64) -> Vec<usize> {
    let mut ranked: Vec<Rank> = active
        .iter()
        .filter_map(|&index| {
            let pod = world.pods.get(index)?;
            let since = pod.ready_since(now);
            Some((
                since.is_some(),
                std::cmp::Reverse(since.unwrap_or(0)),
                std::cmp::Reverse(pod.created_at),
                std::cmp::Reverse(pod.number),
                index,
            ))
        })
        .collect();
    ranked.sort();
    ranked.into_iter().take(count).map(|rank| rank.4).collect()
}

impl Controller for Deployment {
    fn sync(&mut self, world: &mut World<'_>, now: u64) {
        // Each scaling is followed by a status update and another sync; bounded by the pods.
        for _ in 0..(4 * self.desired + 8) {
            let scaled = match self.strategy {
                Strategy::Recreate => self.recreate_step(world, now),
                _ => self.rolling_step(world, now),
            };
            self.sync_status(world, now);
            if !scaled {
                break;
            }
        }
        let summary = world.recorder.summary_mut();
        summary.complete_at = self.complete_at;
        summary.deadline_exceeded_at = self.exceeded_at;
    }

    /// `requeueStuckDeployment`: a second after the deadline of the last progress.
    fn requeue(&self, now: u64) -> Option<u64> {
        let deadline = self.deadline_ms?;
        (self.condition == Condition::Progressing)
            .then(|| self.last_progress + deadline + 1000)
            .filter(|at| *at > now)
    }

    fn done(&self, world: &World<'_>, now: u64) -> bool {
        self.condition == Condition::Complete && !world.any_terminating(now)
    }
}
