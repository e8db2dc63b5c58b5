//! The closed set of things that can happen in a simulation, dispatched by one `match` in `simulation.rs`.

use crate::sim::cri::InstanceId;
use crate::sim::plan::spec::{ContainerIndex, ProbeKind};

/// A scheduled occurrence. Small and `Copy`: the queue holds thousands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The scheduler binds the pod to the node; the kubelet admits it.
    Scheduled,
    /// The pod worker's pending runtime call returned (sandbox, container start, pod kill).
    LaneStep,
    /// A container kill's pending step (preStop hook, `StopContainer`) finished.
    KillStep {
        /// The container being killed.
        container: ContainerIndex,
    },
    /// A container instance exits on its own, as its script says.
    ContainerExits {
        /// The instance.
        instance: InstanceId,
    },
    /// A probe worker ticks.
    Probe {
        /// The container.
        container: ContainerIndex,
        /// Which probe.
        kind: ProbeKind,
    },
    /// A probe run that took time returns its answer.
    ProbeAnswer {
        /// The container.
        container: ContainerIndex,
        /// Which probe.
        kind: ProbeKind,
        /// The instance probed (the answer is dropped if it is gone).
        instance: InstanceId,
        /// Whether it passed.
        passed: bool,
        /// Whether it ran past `timeoutSeconds`.
        timed_out: bool,
    },
    /// A controller sets readiness gate number `index` to True (scenario `readinessGates`).
    ReadinessGateSet {
        /// The gate's index in the plan.
        index: usize,
    },
    /// A kubelet timer: a backoff or retry wait ended.
    Wake,
    /// The kubelet reacts to runtime changes after `kubelet.syncDelay` (T2).
    Sync,
    /// The pod sandbox dies (scripted fault, R4).
    SandboxDies,
    /// `activeDeadlineSeconds` passed since the pod's start time (K4.6).
    ActiveDeadline,
    /// The pod is deleted or evicted (`--delete-at`, scenario `termination`).
    Delete,
    /// The termination budget's deadline (D8–D10).
    TerminationDeadline,
    /// The node crashes (D14).
    NodeCrash,
    /// An admission step: the next initializer starts, or gating begins (I3–I5).
    Admission,
    /// The current initializer finished (I3).
    InitializerDone,
    /// The scenario removes a scheduling gate (I5).
    GateRemoved {
        /// Index in `spec.schedulingGates`.
        gate: usize,
    },
    /// D13: the kubelet pre-pulls a defer container's image.
    PrePull {
        /// The defer container.
        container: ContainerIndex,
    },
    /// D13: that pre-pull finished.
    PrePulled {
        /// The defer container.
        container: ContainerIndex,
    },
    /// The simulated horizon (`--until`).
    Horizon,
}
