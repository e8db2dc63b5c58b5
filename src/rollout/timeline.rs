//! What a rollout run leaves: the replica counts at every change, the controllers' events, and
//! the summary (completion, progress deadline, peak pods, minimum available).

/// The replica counts at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Pods not being deleted (`.status.replicas`).
    pub total: u32,
    /// Of them, pods of the new revision (`.status.updatedReplicas`).
    pub updated: u32,
    /// Ready (`.status.readyReplicas`).
    pub ready: u32,
    /// Available: Ready for `minReadySeconds` (`.status.availableReplicas`).
    pub available: u32,
    /// Pods of the old revision not being deleted.
    pub old: u32,
    /// Pods being deleted, not yet gone: they still take room on the nodes.
    pub terminating: u32,
}

impl Counts {
    /// Every pod that exists: what the nodes must hold.
    pub fn pods(self) -> u32 {
        self.total + self.terminating
    }
}

/// The counts from a moment on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimelinePoint {
    /// When (ms from the start of the rollout).
    pub at: u64,
    /// The counts.
    pub counts: Counts,
}

/// An event of a controller, or a change of the workload's condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolloutEvent {
    /// When (ms).
    pub at: u64,
    /// `ScalingReplicaSet`, `SuccessfulCreate`, `SuccessfulDelete`, or a `Progressing`
    /// condition reason (`NewReplicaSetCreated`, `ProgressDeadlineExceeded`,
    /// `NewReplicaSetAvailable`).
    pub reason: &'static str,
    /// The object it is about (`Deployment/web`, `ReplicaSet/web-v2`).
    pub object: String,
    /// The message, as the controller words it.
    pub message: String,
}

/// The summary of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RolloutSummary {
    /// When the rollout completed, if it did.
    pub complete_at: Option<u64>,
    /// When `Progressing` first became False with `ProgressDeadlineExceeded`.
    pub deadline_exceeded_at: Option<u64>,
    /// Most pods at once, terminating ones included.
    pub max_pods: u32,
    /// Fewest available pods at once.
    pub min_available: u32,
    /// When the run stopped.
    pub finished_at: u64,
    /// Whether the horizon stopped it.
    pub cut_by_horizon: bool,
    /// Whether a pod's run reached its event budget.
    pub cut_by_event_budget: bool,
}

/// A rollout run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RolloutRun {
    /// The counts at every change (recorded runs only).
    pub timeline: Vec<TimelinePoint>,
    /// The events (recorded runs only).
    pub events: Vec<RolloutEvent>,
    /// The summary.
    pub summary: RolloutSummary,
}

/// Records a run: the summary always, the timeline and events when asked.
#[derive(Debug)]
pub struct Recorder {
    record: bool,
    run: RolloutRun,
    last: Option<Counts>,
}

impl Recorder {
    /// A recorder; `record` keeps the timeline and events (a Monte Carlo run keeps neither).
    pub fn new(record: bool) -> Self {
        Recorder {
            record,
            run: RolloutRun {
                summary: RolloutSummary {
                    min_available: u32::MAX,
                    ..RolloutSummary::default()
                },
                ..RolloutRun::default()
            },
            last: None,
        }
    }

    /// Whether events are kept.
    pub fn records(&self) -> bool {
        self.record
    }

    /// Notes the counts at `at`.
    pub fn observe(&mut self, at: u64, counts: Counts) {
        let summary = &mut self.run.summary;
        summary.max_pods = summary.max_pods.max(counts.pods());
        summary.min_available = summary.min_available.min(counts.available);
        if self.record && self.last != Some(counts) {
            self.run.timeline.push(TimelinePoint { at, counts });
        }
        self.last = Some(counts);
    }

    /// Records an event; `message` is only built when events are kept.
    pub fn event(
        &mut self,
        at: u64,
        reason: &'static str,
        object: impl FnOnce() -> String,
        message: impl FnOnce() -> String,
    ) {
        if self.record {
            self.run.events.push(RolloutEvent {
                at,
                reason,
                object: object(),
                message: message(),
            });
        }
    }

    /// The summary so far.
    pub fn summary_mut(&mut self) -> &mut RolloutSummary {
        &mut self.run.summary
    }

    /// The run.
    pub fn finish(mut self, finished_at: u64) -> RolloutRun {
        let summary = &mut self.run.summary;
        summary.finished_at = finished_at;
        if summary.min_available == u32::MAX {
            summary.min_available = 0;
        }
        self.run
    }
}
