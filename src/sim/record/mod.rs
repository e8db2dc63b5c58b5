//! What a run records for the views: kubelet events, timeline lanes and printed status rows.
//!
//! Events are small `Copy` values (time, container, what happened); their reason and message are
//! rendered from the plan only when printed, so recording costs no allocation per event.

pub mod defer_outcome;
pub mod outcome;
pub mod recorder;
pub mod termination_summary;

use crate::k8s::timestamp::EpochMillis;
use crate::sim::cri::TerminationReason;
use crate::sim::cri::trace::{Call, Illegal};
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::spec::{ContainerIndex, PodPlan, ProbeKind};

/// The fixed creation time of every simulated pod: 2026-01-01T00:00:00Z. Timestamps in the
/// simulated status are this plus the simulated time, so output never depends on the clock.
pub const BASE_EPOCH: EpochMillis = 1_767_225_600_000;

/// The pod's phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Pending.
    Pending,
    /// Running.
    Running,
    /// Succeeded.
    Succeeded,
    /// Failed.
    Failed,
}

impl Phase {
    /// As the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Pending => "Pending",
            Phase::Running => "Running",
            Phase::Succeeded => "Succeeded",
            Phase::Failed => "Failed",
        }
    }

    /// Whether the pod is done.
    pub fn is_terminal(self) -> bool {
        matches!(self, Phase::Succeeded | Phase::Failed)
    }
}

/// Why the kubelet kills a container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillReason {
    /// Its liveness probe failed.
    Liveness {
        /// Whether it will be restarted.
        restart: bool,
    },
    /// Its startup probe failed.
    Startup {
        /// Whether it will be restarted.
        restart: bool,
    },
    /// Its postStart hook failed.
    PostStartHook,
    /// The pod is being stopped (completion, deadline, failed initialization, new sandbox).
    Stopping,
}

/// What happened, with what the message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Happening {
    /// The scheduler bound the pod to the node.
    Scheduled,
    /// The kubelet started pulling the container's image.
    Pulling,
    /// The pull finished.
    Pulled {
        /// How long it took.
        took: SimDuration,
    },
    /// The image was already on the node.
    AlreadyPresent,
    /// The pull failed.
    PullFailed,
    /// A container start failed with this waiting reason (`Error: ErrImagePull`).
    StartError(StartError),
    /// The image pull is backing off.
    PullBackOff,
    /// The image is absent and the policy is `Never`.
    NeverPull,
    /// A restart is backing off (CrashLoopBackOff).
    RestartBackOff,
    /// `CreateContainer` succeeded.
    Created,
    /// `StartContainer` succeeded.
    Started,
    /// The kubelet stops the container.
    Killing(KillReason),
    /// A probe failed.
    Unhealthy(ProbeKind),
    /// A probe ran past its `timeoutSeconds`.
    ProbeTimedOut {
        /// Which probe.
        kind: ProbeKind,
        /// Its timeout.
        timeout: SimDuration,
    },
    /// The postStart hook failed.
    FailedPostStartHook,
    /// The preStop hook failed.
    FailedPreStopHook,
    /// The container exited.
    Exited {
        /// Exit code.
        code: i32,
        /// Reason.
        reason: TerminationReason,
    },
    /// The sandbox died; the kubelet recreates it.
    SandboxChanged,
    /// `activeDeadlineSeconds` passed.
    DeadlineExceeded,
    /// The pod was deleted with this grace period (K4).
    Deleted {
        /// The grace period.
        grace: SimDuration,
    },
    /// The pod was evicted.
    Evicted,
    /// A defer container was skipped (D8, D12).
    DeferSkipped(crate::sim::record::defer_outcome::SkipReason),
    /// The grace period was extended (D9, D10).
    ExtendGracePeriod {
        /// By how much.
        by: SimDuration,
    },
    /// Defer work remained at the deadline: the 2 s extension (D8).
    MinimumGraceExtension,
    /// Every defer container finished.
    DeferCompleted,
    /// The node crashed (D14).
    NodeCrashed,
    /// The sandbox is removed and the pod object is gone.
    Removed,
    /// An initializer finished and removed itself (I3).
    InitializerDone {
        /// Its index in the pending list.
        index: usize,
    },
    /// An initializer failed or timed out (I4): the pod stays uninitialized.
    InitializerFailed {
        /// Its index.
        index: usize,
    },
    /// Strict validation failed once initialized: the pod is deleted (I4).
    FailedInitialization,
    /// The pod waits for its scheduling gates (I5).
    SchedulingGated,
    /// A scheduling gate was removed (I5).
    GateRemoved {
        /// Its index.
        gate: usize,
    },
    /// The runtime refused a call: the kubelet model is wrong (R2).
    KubeletModelBug {
        /// The call.
        call: Call,
        /// Why it was refused.
        why: Illegal,
    },
}

/// Why a container start failed, as its waiting reason says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartError {
    /// `ErrImagePull`.
    ErrImagePull,
    /// `ImagePullBackOff`.
    ImagePullBackOff,
    /// `ErrImageNeverPull`.
    ErrImageNeverPull,
    /// `CreateContainerError`.
    CreateContainerError,
}

impl StartError {
    /// The waiting reason.
    pub fn as_str(self) -> &'static str {
        match self {
            StartError::ErrImagePull => "ErrImagePull",
            StartError::ImagePullBackOff => "ImagePullBackOff",
            StartError::ErrImageNeverPull => "ErrImageNeverPull",
            StartError::CreateContainerError => "CreateContainerError",
        }
    }
}

/// One kubelet event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimEvent {
    /// When.
    pub at: SimTime,
    /// The container, or `None` for the pod.
    pub container: Option<ContainerIndex>,
    /// What happened.
    pub what: Happening,
}

impl SimEvent {
    /// The event's reason, as `kubectl get events` shows it.
    pub fn reason(&self) -> &'static str {
        match self.what {
            Happening::Scheduled => "Scheduled",
            Happening::Pulling => "Pulling",
            Happening::Pulled { .. } | Happening::AlreadyPresent => "Pulled",
            Happening::PullFailed | Happening::StartError(_) => "Failed",
            Happening::PullBackOff | Happening::RestartBackOff => "BackOff",
            Happening::NeverPull => "ErrImageNeverPull",
            Happening::Created => "Created",
            Happening::Started => "Started",
            Happening::Killing(_) => "Killing",
            Happening::Unhealthy(_) | Happening::ProbeTimedOut { .. } => "Unhealthy",
            Happening::FailedPostStartHook => "FailedPostStartHook",
            Happening::FailedPreStopHook => "FailedPreStopHook",
            Happening::Exited { .. } => "Exited",
            Happening::SandboxChanged => "SandboxChanged",
            Happening::DeadlineExceeded => "DeadlineExceeded",
            Happening::KubeletModelBug { .. } => "KubeletModelBug",
            Happening::Deleted { .. } => "Deleting",
            Happening::Evicted => "Evicted",
            Happening::DeferSkipped(_) => "DeferSkipped",
            Happening::ExtendGracePeriod { .. } | Happening::MinimumGraceExtension => {
                "ExtendGracePeriod"
            }
            Happening::DeferCompleted => "DeferCompleted",
            Happening::NodeCrashed => "NodeNotReady",
            Happening::Removed => "Removed",
            Happening::InitializerDone { .. } => "Initialized",
            Happening::InitializerFailed { .. } => "FailedInitializer",
            Happening::FailedInitialization => "FailedInitialization",
            Happening::SchedulingGated => "SchedulingGated",
            Happening::GateRemoved { .. } => "SchedulingGateRemoved",
        }
    }

    /// `Normal` or `Warning`, as the kubelet records it.
    pub fn kind(&self) -> &'static str {
        match self.what {
            Happening::PullFailed
            | Happening::StartError(_)
            | Happening::PullBackOff
            | Happening::RestartBackOff
            | Happening::NeverPull
            | Happening::Unhealthy(_)
            | Happening::ProbeTimedOut { .. }
            | Happening::FailedPostStartHook
            | Happening::FailedPreStopHook
            | Happening::DeferSkipped(_)
            | Happening::InitializerFailed { .. }
            | Happening::FailedInitialization
            | Happening::Evicted
            | Happening::NodeCrashed
            | Happening::KubeletModelBug { .. } => "Warning",
            Happening::Exited { code, .. } if code != 0 => "Warning",
            _ => "Normal",
        }
    }

    /// The message, as the kubelet words it.
    #[allow(clippy::too_many_lines)] // one arm per event: a table of the kubelet's messages
    pub fn message(&self, plan: &PodPlan) -> String {
        let container = self.container.map(|c| &plan.containers[c]);
        let name = container.map_or("", |c| c.name.as_str());
        let image = container.map_or("", |c| c.image.as_str());
        match self.what {
            Happening::Scheduled => format!(
                "Successfully assigned {} to {}",
                plan.qualified_name(),
                plan.node_name
            ),
            Happening::Pulling => format!("Pulling image \"{image}\""),
            Happening::Pulled { took } => format!(
                "Successfully pulled image \"{image}\" in {took} ({took} including waiting)"
            ),
            Happening::AlreadyPresent => {
                format!("Container image \"{image}\" already present on machine")
            }
            Happening::PullFailed => {
                format!("Failed to pull image \"{image}\": pull failed (scenario fault)")
            }
            Happening::StartError(StartError::CreateContainerError) => format!(
                "Error: failed to create container {name}: CreateContainerError (scenario fault)"
            ),
            Happening::StartError(error) => format!("Error: {}", error.as_str()),
            Happening::PullBackOff => format!("Back-off pulling image \"{image}\""),
            Happening::NeverPull => {
                format!("Container image \"{image}\" is not present with pull policy of Never")
            }
            Happening::RestartBackOff => format!(
                "Back-off restarting failed container {name} in pod {}_{}",
                plan.name, plan.namespace
            ),
            Happening::Created => format!("Created container: {name}"),
            Happening::Started => format!("Started container {name}"),
            Happening::Killing(reason) => killing_message(container, name, reason),
            Happening::Unhealthy(kind) => {
                let detail = container
                    .and_then(|c| c.probe(kind))
                    .map_or(String::new(), |probe| probe_failure(&probe.handler));
                format!("{} probe failed: {detail}", kind.title())
            }
            Happening::ProbeTimedOut { kind, timeout } => format!(
                "{} probe failed: timed out after {timeout} (timeoutSeconds)",
                kind.title()
            ),
            Happening::FailedPostStartHook => "PostStartHook failed".to_string(),
            Happening::FailedPreStopHook => "PreStopHook failed".to_string(),
            Happening::Exited { code, reason } => {
                format!(
                    "Container {name} exited with code {code} ({})",
                    reason.as_str()
                )
            }
            Happening::SandboxChanged => {
                "Pod sandbox changed, it will be killed and re-created.".to_string()
            }
            Happening::DeadlineExceeded => {
                "Pod was active on the node longer than the specified deadline".to_string()
            }
            Happening::Deleted { grace } if grace == SimDuration::ZERO => {
                "Pod deleted with a grace period of 0s: the object is gone at once; the kubelet still stops the containers with a grace period of 1s".to_string()
            }
            Happening::Deleted { grace } => format!(
                "Pod deleted with a grace period of {}s",
                grace.whole_seconds()
            ),
            Happening::Evicted => "The pod was evicted from the node".to_string(),
            Happening::DeferSkipped(reason) => format!(
                "Defer container {name} skipped: {}",
                match reason {
                    crate::sim::record::defer_outcome::SkipReason::GracePeriodExpired =>
                        "the grace period expired (GracePeriodExpired)",
                    crate::sim::record::defer_outcome::SkipReason::ForceDeleted =>
                        "the pod was force-deleted (ForceDeleted)",
                }
            ),
            Happening::ExtendGracePeriod { by } => format!(
                "extendGracePeriod: defer container {name} still running, grace period extended by {}s",
                by.whole_seconds()
            ),
            Happening::MinimumGraceExtension => {
                "extendGracePeriod: defer work remains at the deadline, grace period extended by 2s (minimum)"
                    .to_string()
            }
            Happening::DeferCompleted => "All defer containers finished".to_string(),
            Happening::NodeCrashed => {
                "Node crashed: nothing more runs on it (defer containers are not guaranteed)"
                    .to_string()
            }
            Happening::Removed => "Pod sandbox removed; the pod object is gone".to_string(),
            Happening::InitializerDone { index } => initializer_done_message(plan, index),
            Happening::InitializerFailed { index } => format!(
                "Initializer {} failed: the pod stays uninitialized and the scheduler ignores it",
                plan.admission.initializers.get(index).map_or("?", String::as_str)
            ),
            Happening::FailedInitialization => format!(
                "Pod failed validation once initialized and was deleted: {}",
                plan.admission.findings.join("; ")
            ),
            Happening::SchedulingGated => format!(
                "Pod is waiting for its scheduling gates: [{}]",
                plan.admission.gates.join(" ")
            ),
            Happening::GateRemoved { gate } => format!(
                "Scheduling gate {} removed",
                plan.admission.gates.get(gate).map_or("?", String::as_str)
            ),
            Happening::KubeletModelBug { call, why } => format!(
                "the runtime refused {}: {} (a podlife kubelet-model bug; please report it)",
                call.name(),
                why.message()
            ),
        }
    }
}

/// The `Killing` event's message: why the kubelet kills a container.
fn killing_message(
    container: Option<&crate::sim::plan::spec::ContainerSpec>,
    name: &str,
    reason: KillReason,
) -> String {
    use crate::sim::plan::spec::ContainerKind;
    let init =
        container.is_some_and(|c| !matches!(c.kind, ContainerKind::App | ContainerKind::Defer));
    let subject = if init { "Init container" } else { "Container" };
    let restarted = |restart: bool| {
        if restart && !init {
            ", will be restarted"
        } else {
            ""
        }
    };
    match reason {
        KillReason::Liveness { restart } => {
            format!(
                "{subject} {name} failed liveness probe{}",
                restarted(restart)
            )
        }
        KillReason::Startup { restart } => {
            format!(
                "{subject} {name} failed startup probe{}",
                restarted(restart)
            )
        }
        KillReason::PostStartHook => "FailedPostStartHook".to_string(),
        KillReason::Stopping => format!("Stopping container {name}"),
    }
}

/// An initializer finished (I3): its name, and whether it applied a scenario patch.
fn initializer_done_message(plan: &PodPlan, index: usize) -> String {
    let name = plan
        .admission
        .initializers
        .get(index)
        .map_or("?", String::as_str);
    let patched = if plan.admission.patched.iter().any(|p| p == name) {
        " (applied its patch)"
    } else {
        ""
    };
    format!("Initializer {name} done{patched} and removed from metadata.initializers.pending")
}

fn probe_failure(handler: &crate::sim::plan::spec::Handler) -> String {
    use crate::sim::plan::spec::Handler;
    match handler {
        Handler::HttpGet { .. } => "HTTP probe failed with statuscode: 500".to_string(),
        Handler::TcpSocket { port } => {
            format!("dial tcp 10.244.0.10:{port}: connect: connection refused")
        }
        Handler::Grpc { .. } => "service unhealthy (responded with \"NOT_SERVING\")".to_string(),
        Handler::Exec { .. } => "command exited with code 1".to_string(),
        Handler::Sleep { .. } | Handler::Missing => "probe failed".to_string(),
    }
}

/// A container's state on the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneState {
    /// Not started yet (or waiting its turn).
    Waiting,
    /// Its image is being pulled.
    Pulling,
    /// Being created and started (postStart hook included).
    Starting,
    /// Running, not ready (or probing).
    Running,
    /// Running and ready.
    Ready,
    /// Waiting to be restarted or retried (CrashLoopBackOff, ImagePullBackOff, errors).
    BackOff,
    /// Being stopped (preStop hook, SIGTERM).
    Terminating,
    /// Its kill began (the Killing event) but SIGTERM is held back: a sidecar waiting for its
    /// turn (`terminationOrdering`), or a container waiting while defer containers run.
    WaitingToStop,
    /// Exited with code 0.
    Completed,
    /// Exited with a non-zero code.
    Failed,
    /// A defer container skipped (D8, D12).
    Skipped,
}

/// The pod's state on the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodLaneState {
    /// Not yet scheduled.
    Unscheduled,
    /// Pending.
    Pending,
    /// Running, not ready.
    Running,
    /// Ready.
    Ready,
    /// Succeeded.
    Succeeded,
    /// Failed.
    Failed,
}

/// What to record. Views that are not printed need not be recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordOptions {
    /// Kubelet events.
    pub events: bool,
    /// CRI calls.
    pub trace: bool,
    /// Printed status rows at every change.
    pub statuses: bool,
    /// Timeline lanes.
    pub lanes: bool,
    /// Pod condition changes alone (the lanes record them too): what `podlife rollout` reads
    /// of each pod.
    pub conditions: bool,
}

impl RecordOptions {
    /// Nothing: a run whose summary is all that is read (Monte Carlo, code lenses).
    pub const NONE: RecordOptions = RecordOptions {
        events: false,
        trace: false,
        statuses: false,
        lanes: false,
        conditions: false,
    };

    /// Everything.
    pub const ALL: RecordOptions = RecordOptions {
        events: true,
        trace: true,
        statuses: true,
        lanes: true,
        conditions: true,
    };
}

/// One printed status row (`kubectl get pods -w`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusRow {
    /// When it was printed.
    pub at: SimTime,
    /// NAME.
    pub name: String,
    /// READY.
    pub ready: String,
    /// STATUS.
    pub status: String,
    /// RESTARTS.
    pub restarts: String,
    /// AGE.
    pub age: String,
}

/// Everything recorded during a run.
#[derive(Debug, Clone, Default)]
pub struct Recording {
    /// Kubelet events, in time order.
    pub events: Vec<SimEvent>,
    /// Per container: (from, state), in time order.
    pub lanes: Vec<Vec<(SimTime, LaneState)>>,
    /// The pod: (from, state), in time order.
    pub pod_lane: Vec<(SimTime, PodLaneState)>,
    /// Status rows at every change of READY, STATUS or RESTARTS.
    pub statuses: Vec<StatusRow>,
    /// Every probe's answer, in time order (with the lanes).
    pub probes: Vec<ProbeAnswer>,
    /// Every pod condition's change of status, in time order (with the lanes).
    pub conditions: Vec<ConditionChange>,
    /// When each container was sent its stop signal (`StopContainer`), in time order (with the
    /// lanes or the events): the Killing event may come earlier (a preStop hook, a sidecar's
    /// wait for its turn).
    pub stop_signals: Vec<StopSignalSent>,
}

/// A container sent its stop signal (`StopContainer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopSignalSent {
    /// When.
    pub at: SimTime,
    /// To which container.
    pub container: ContainerIndex,
    /// Whether the signal was held back after the kill began: a sidecar waiting for its turn,
    /// or a container waiting while defer containers run.
    pub held_back: bool,
}

/// One probe's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeAnswer {
    /// When.
    pub at: SimTime,
    /// Whose probe.
    pub container: ContainerIndex,
    /// Which probe.
    pub kind: ProbeKind,
    /// Whether it passed.
    pub passed: bool,
}

/// A pod condition that changed status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionChange {
    /// When.
    pub at: SimTime,
    /// The condition type (`PodScheduled`, `Initialized`, `ContainersReady`, `Ready`, …).
    pub condition: &'static str,
    /// Its new status.
    pub status: bool,
}

impl Recording {
    /// Records a lane change (dropping repeats).
    pub fn lane(&mut self, container: ContainerIndex, at: SimTime, state: LaneState) {
        let Some(lane) = self.lanes.get_mut(container) else {
            return;
        };
        match lane.last_mut() {
            Some((_, last)) if *last == state => {}
            // An exit stays on the timeline even when a restart follows at the same instant.
            Some((when, last))
                if *when == at && !matches!(last, LaneState::Completed | LaneState::Failed) =>
            {
                *last = state;
            }
            _ => lane.push((at, state)),
        }
    }

    /// Records a pod lane change (dropping repeats).
    pub fn pod_lane(&mut self, at: SimTime, state: PodLaneState) {
        match self.pod_lane.last_mut() {
            Some((_, last)) if *last == state => {}
            Some((when, last)) if *when == at => *last = state,
            _ => self.pod_lane.push((at, state)),
        }
    }
}
