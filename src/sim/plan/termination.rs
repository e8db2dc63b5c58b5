//! What the pod and the scenario say about termination: defer settings (D1–D6), the deletion
//! (`--delete-at`, grace period, force), a node crash and scripted stops.

use std::collections::BTreeMap;

use crate::k8s::model::Pod;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::ContainerIndex;

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
                .map_or(0, |n| u32::try_from(n.clamp(0, 1000)).unwrap_or(0)),
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
