//! The termination model's data: defer settings from the spec, what the scenario scripts, and the kubelet's termination state.

use std::collections::BTreeMap;

use crate::k8s::model::Pod;
use crate::sim::queue::EventId;
use crate::sim::spec::ContainerIndex;
use crate::sim::time::{SimDuration, SimTime};

/// `spec.deferTrigger` (D3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeferTrigger {
    /// App containers run until the defer containers are done.
    #[default]
    PreExit,
    /// App containers are terminated at once; defer containers run meanwhile.
    PostExit,
}

/// The pod-level defer settings (D3, D6, D9, D10, D13).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DeferSettings {
    /// `spec.deferTrigger`.
    pub trigger: DeferTrigger,
    /// `spec.deferContainerGracePeriodExtension` (D9).
    pub probe_extension: bool,
    /// `spec.deferContainerGracePeriodExtensionInterval` (D10).
    pub interval: Option<SimDuration>,
    /// `spec.deferContainerGracePeriodExtensionCount` (D10).
    pub count: u32,
    /// `spec.prePullDeferImages` (D13).
    pub pre_pull: bool,
    /// Per defer container: `restartPolicy: Always` (D6).
    pub restart_always: Vec<bool>,
}

impl DeferSettings {
    /// Reads the settings of a pod.
    pub fn new(pod: &Pod) -> Self {
        let spec = &pod.spec;
        DeferSettings {
            trigger: match spec.defer_trigger.as_deref() {
                Some("PostExit") => DeferTrigger::PostExit,
                _ => DeferTrigger::PreExit,
            },
            probe_extension: spec.defer_container_grace_period_extension == Some(true),
            interval: spec
                .defer_container_grace_period_extension_interval
                .filter(|s| *s > 0)
                .map(SimDuration::from_secs),
            count: spec
                .defer_container_grace_period_extension_count
                .map_or(0, |n| n.clamp(0, 1000) as u32),
            pre_pull: spec.pre_pull_defer_images == Some(true),
            restart_always: pod
                .defer_containers()
                .iter()
                .map(|c| c.restart_policy.as_deref() == Some("Always"))
                .collect(),
        }
    }
}

/// Why the pod terminates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerminationCause {
    /// Deleted (`--delete-at`, scenario `delete`).
    Deleted,
    /// Evicted (scenario `evict`).
    Evicted,
    /// `activeDeadlineSeconds` passed (K4.6).
    DeadlineExceeded,
    /// Every app container of a short-running pod finished (D11).
    Completed,
}

impl TerminationCause {
    /// The name in the JSON summary.
    pub fn as_str(self) -> &'static str {
        match self {
            TerminationCause::Deleted => "Deleted",
            TerminationCause::Evicted => "Evicted",
            TerminationCause::DeadlineExceeded => "DeadlineExceeded",
            TerminationCause::Completed => "Completed",
        }
    }
}

/// A scripted deletion or eviction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deletion {
    /// When.
    pub at: SimDuration,
    /// The deletion's grace period (`--grace-period`), else the pod's.
    pub grace: Option<SimDuration>,
    /// `--force`.
    pub force: bool,
    /// Deleted or evicted.
    pub cause: TerminationCause,
}

/// What the world does at the end (scenario `termination:`, `--delete-at`, `--fail node@…`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TerminationScript {
    /// The deletion or eviction, if any.
    pub deletion: Option<Deletion>,
    /// When the node crashes (D14).
    pub node_crash: Option<SimDuration>,
    /// Per defer container: the app containers it stops when it runs (D7).
    pub stops: BTreeMap<ContainerIndex, Vec<ContainerIndex>>,
}

/// Why a defer container was skipped (D8, D12, D14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// The budget ran out.
    GracePeriodExpired,
    /// `--force --grace-period 0`.
    ForceDeleted,
}

impl SkipReason {
    /// As events print it.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::GracePeriodExpired => "GracePeriodExpired",
            SkipReason::ForceDeleted => "ForceDeleted",
        }
    }
}

/// What became of one defer container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeferOutcome {
    /// Not (yet) run.
    NotRun,
    /// Running (or starting, or backing off).
    Running,
    /// Exited 0.
    Completed,
    /// Failed and not retried.
    Failed,
    /// Killed at the end of the budget.
    Killed,
    /// Skipped.
    Skipped(SkipReason),
    /// Cut by a node crash while running (D14).
    Cut,
}

impl DeferOutcome {
    /// The name in the JSON summary.
    pub fn as_str(self) -> &'static str {
        match self {
            DeferOutcome::NotRun => "neverRan",
            DeferOutcome::Running => "running",
            DeferOutcome::Completed => "completed",
            DeferOutcome::Failed => "failed",
            DeferOutcome::Killed => "killed",
            DeferOutcome::Skipped(_) => "skipped",
            DeferOutcome::Cut => "cut",
        }
    }

    /// Done: nothing more will run for it.
    pub fn finished(self) -> bool {
        matches!(
            self,
            DeferOutcome::Completed
                | DeferOutcome::Failed
                | DeferOutcome::Killed
                | DeferOutcome::Skipped(_)
        )
    }
}

/// The kubelet's termination state.
#[derive(Debug, Clone, Default)]
pub struct TerminationState {
    /// T0.
    pub started_at: Option<SimTime>,
    /// Why.
    pub cause: Option<TerminationCause>,
    /// G.
    pub grace: SimDuration,
    /// `--force --grace-period 0`: everything is killed at once.
    pub force: bool,
    /// The budget ran out: stops use no timeout (SIGKILL).
    pub hard_kill: bool,
    /// The budget expired with defer work left (D8).
    pub budget_expired: bool,
    /// Defer containers run now.
    pub defer_active: bool,
    /// D11: defer containers ran (or were skipped) once; never again.
    pub defer_ran: bool,
    /// The current deadline and its event.
    pub deadline: Option<(SimTime, EventId)>,
    /// The 2 s extension was used (D8).
    pub extended_min: bool,
    /// D9/D10 extensions made.
    pub extensions: u32,
    /// Total time added by extensions (2 s included).
    pub extended_by: SimDuration,
    /// Per defer container (in defer order).
    pub outcomes: Vec<DeferOutcome>,
    /// Per defer container: its `stops` were applied (D7).
    pub stops_applied: Vec<bool>,
    /// App containers a defer container stopped while their preStop hook ran (D7): not held.
    pub released: Vec<usize>,
    /// When the node crashed (D14).
    pub node_crashed_at: Option<SimTime>,
    /// When the pod object was removed.
    pub removed_at: Option<SimTime>,
    /// D13: pre-pulling began; the pull in flight and how long it takes.
    pub pre_pull_started: bool,
    /// D13: the latency of the pull in flight.
    pub pre_pull_took: SimDuration,
}

impl TerminationState {
    /// Fresh state for `defer_count` defer containers.
    pub fn new(defer_count: usize) -> Self {
        TerminationState {
            outcomes: vec![DeferOutcome::NotRun; defer_count],
            stops_applied: vec![false; defer_count],
            ..TerminationState::default()
        }
    }

    /// Whether a termination is in progress.
    pub fn active(&self) -> bool {
        self.started_at.is_some()
    }
}
