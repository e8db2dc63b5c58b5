//! The kubelet's own state: what it knows of each container and of the pod, and what it is doing.

use crate::sim::cri::{ExitRecord, InstanceId};
use crate::sim::engine::queue::EventId;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::backoff::Backoff;
use crate::sim::plan::behaviour::BackoffConfig;
use crate::sim::plan::spec::ContainerIndex;
use crate::sim::record::Phase;
use crate::sim::record::{KillReason, StartError};

/// Why a container waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitingReason {
    /// Not started, in a pod without init containers.
    ContainerCreating,
    /// Not started, in a pod with init containers.
    PodInitializing,
    /// Restart delayed by backoff.
    CrashLoopBackOff,
    /// A start failed.
    StartFailed(StartError),
}

impl WaitingReason {
    /// The reason as the API shows it.
    pub fn as_str(self) -> &'static str {
        match self {
            WaitingReason::ContainerCreating => "ContainerCreating",
            WaitingReason::PodInitializing => "PodInitializing",
            WaitingReason::CrashLoopBackOff => "CrashLoopBackOff",
            WaitingReason::StartFailed(error) => error.as_str(),
        }
    }
}

/// A container's state as the kubelet reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContainerState {
    /// Waiting.
    Waiting(WaitingReason),
    /// Running since this time.
    Running {
        /// When the process started.
        since: SimTime,
    },
    /// Exited.
    Terminated(ExitRecord),
}

/// One probe worker's state (`pkg/kubelet/prober/worker.go`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProbeWorker {
    /// The published result: `None` unknown, else success or failure.
    pub result: Option<bool>,
    /// The last raw result, for counting runs.
    pub last: Option<bool>,
    /// How many times in a row `last` came.
    pub run_length: u32,
    /// Stopped after a liveness or startup failure, until the next instance.
    pub on_hold: bool,
    /// Probe executions in this instance (for cyclic scripts).
    pub executions: u64,
    /// The pending tick.
    pub pending: Option<EventId>,
}

/// Which step of a container kill is pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillStep {
    /// The preStop hook runs.
    PreStop,
    /// `StopContainer` runs.
    Stop,
    /// The preStop hook finished; `StopContainer` waits with no timer: defer containers run
    /// (D3), or a sidecar's pod kill has not begun yet.
    Held,
    /// A sidecar waits for its turn (`terminationOrdering.waitForTurn`): for the app containers
    /// and the next sidecar to terminate, at most its remaining grace (the pending event is
    /// that timer).
    WaitingForTurn,
}

/// A container kill in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KillOp {
    /// Why.
    pub reason: KillReason,
    /// What is pending.
    pub step: KillStep,
    /// Grace period left for `StopContainer`.
    pub grace: SimDuration,
    /// The pending event (none while held).
    pub pending: Option<EventId>,
    /// How the container ended (once `StopContainer` was called).
    pub exit: Option<ExitRecord>,
    /// When the current step began (the wait for a turn is subtracted from the grace).
    pub since: SimTime,
}

/// What the kubelet uses for the first restart decision after a probe kill: the kubelet kills
/// and restarts in one sync, so its backoff check sees the previous instance's exit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestartBasis {
    /// The latest exit.
    LatestExit,
    /// The exit before the probe kill (none: no backoff check at all).
    BeforeKill(Option<SimTime>),
}

/// What the kubelet knows of one container.
#[derive(Debug, Clone)]
pub struct ContainerView {
    /// Current state.
    pub state: ContainerState,
    /// The state before the last restart (`lastState`).
    pub last: Option<ExitRecord>,
    /// The newest runtime instance, if any.
    pub instance: Option<InstanceId>,
    /// The exited instance kept before the newest (removed when another is created).
    pub previous_instance: Option<InstanceId>,
    /// Restarts (`restartCount`).
    pub restart_count: u32,
    /// `started`: running, and the startup probe (if any) passed.
    pub started: bool,
    /// `ready`.
    pub ready: bool,
    /// Probe workers by `ProbeKind` index.
    pub probes: [ProbeWorker; 3],
    /// Restart backoff.
    pub backoff: Backoff,
    /// How the next restart decision picks its backoff time.
    pub restart_basis: RestartBasis,
    /// No start before this time (retry after an error or an image backoff).
    pub retry_not_before: SimTime,
    /// The jittered requeue of the current back-off wait: (the wait's end, the retry time).
    pub requeue: Option<(SimTime, SimTime)>,
    /// An instance was created in the current sandbox: the kubelet sees a status for it.
    pub created_in_sandbox: bool,
    /// A regular init container exited 0 in the current sandbox.
    pub succeeded_in_sandbox: bool,
    /// Whether a start (pull, create, start, postStart) is in progress.
    pub starting: bool,
    /// A kill the kubelet decided but has not begun.
    pub kill_requested: Option<KillReason>,
    /// A kill in progress.
    pub kill: Option<KillOp>,
    /// The pending own-exit event of the running instance.
    pub exit_event: Option<EventId>,
}

impl ContainerView {
    /// A container not yet started.
    pub fn new(waiting: WaitingReason, backoff: BackoffConfig) -> Self {
        ContainerView {
            state: ContainerState::Waiting(waiting),
            last: None,
            instance: None,
            previous_instance: None,
            restart_count: 0,
            started: false,
            ready: false,
            probes: Default::default(),
            backoff: Backoff::crash_loop(backoff),
            restart_basis: RestartBasis::LatestExit,
            retry_not_before: SimTime::ZERO,
            requeue: None,
            created_in_sandbox: false,
            succeeded_in_sandbox: false,
            starting: false,
            kill_requested: None,
            kill: None,
            exit_event: None,
        }
    }

    /// Whether it is running.
    pub fn is_running(&self) -> bool {
        matches!(self.state, ContainerState::Running { .. })
    }

    /// The newest exit: the current state if terminated, else the last state.
    pub fn latest_exit(&self) -> Option<ExitRecord> {
        match self.state {
            ContainerState::Terminated(record) => Some(record),
            _ => self.last,
        }
    }

    /// Moves to waiting, keeping a terminated state as `lastState`.
    pub fn set_waiting(&mut self, reason: WaitingReason) {
        if let ContainerState::Terminated(record) = self.state {
            self.last = Some(record);
        }
        self.state = ContainerState::Waiting(reason);
    }

    /// Moves to running, keeping a terminated state as `lastState`.
    pub fn set_running(&mut self, since: SimTime) {
        if let ContainerState::Terminated(record) = self.state {
            self.last = Some(record);
        }
        self.state = ContainerState::Running { since };
    }
}

/// A condition's state and when it last changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionState {
    /// True or false.
    pub status: bool,
    /// `reason`, if any.
    pub reason: Option<&'static str>,
    /// `lastTransitionTime`.
    pub since: SimTime,
}

/// The conditions the kubelet and scheduler maintain, in the order the API lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConditionKind {
    /// `PodReadyToStartContainers`.
    ReadyToStartContainers = 0,
    /// `Initialized`.
    Initialized = 1,
    /// `Ready`.
    Ready = 2,
    /// `ContainersReady`.
    ContainersReady = 3,
    /// `PodScheduled`.
    Scheduled = 4,
}

impl ConditionKind {
    /// All, in API order.
    pub const ALL: [ConditionKind; 5] = [
        ConditionKind::ReadyToStartContainers,
        ConditionKind::Initialized,
        ConditionKind::Ready,
        ConditionKind::ContainersReady,
        ConditionKind::Scheduled,
    ];

    /// The condition type.
    pub fn as_str(self) -> &'static str {
        match self {
            ConditionKind::ReadyToStartContainers => "PodReadyToStartContainers",
            ConditionKind::Initialized => "Initialized",
            ConditionKind::Ready => "Ready",
            ConditionKind::ContainersReady => "ContainersReady",
            ConditionKind::Scheduled => "PodScheduled",
        }
    }
}

/// What the pod worker is doing: one operation at a time, as `SyncPod` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneOp {
    /// Creating the sandbox.
    CreateSandbox(SandboxStep),
    /// Tearing down a dead sandbox before creating a new one.
    ReplaceSandbox(ReplaceStep),
    /// Starting a container.
    Start {
        /// The container.
        container: ContainerIndex,
        /// The pending step.
        step: StartStep,
    },
    /// Killing one container (probe or hook failure), then deciding its restart.
    KillOne {
        /// The container.
        container: ContainerIndex,
    },
    /// Killing the pod: app containers in parallel, then sidecars in reverse order, then the sandbox.
    KillPod(KillPodStep),
}

/// Steps of creating a sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxStep {
    /// `RunPodSandbox` pending.
    Run,
    /// `PodSandboxStatus` pending.
    Status,
}

/// Steps of replacing a dead sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplaceStep {
    /// `StopPodSandbox` pending.
    Stop,
    /// `RemovePodSandbox` pending.
    Remove,
}

/// Steps of starting a container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartStep {
    /// `ImageStatus` pending; its answer.
    ImageStatus {
        /// Whether the image is present.
        present: bool,
    },
    /// `PullImage` pending; whether it succeeds.
    Pull {
        /// Whether it succeeded.
        ok: bool,
        /// How long it took.
        took: SimDuration,
    },
    /// `RemoveContainer` of an old instance pending.
    Prune,
    /// `CreateContainer` pending.
    Create {
        /// The new instance, if created.
        instance: Option<InstanceId>,
    },
    /// `StartContainer` pending.
    Start {
        /// The instance.
        instance: InstanceId,
        /// When it will exit on its own.
        exits_at: Option<SimTime>,
        /// When it started.
        started_at: SimTime,
    },
    /// The postStart hook runs.
    PostStart {
        /// The instance.
        instance: InstanceId,
        /// Whether the hook succeeds.
        ok: bool,
        /// When the container started.
        started_at: SimTime,
    },
}

/// Steps of killing the pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KillPodStep {
    /// Waiting for every container's kill (all run at once; sidecars wait their turn inside
    /// their kill, as `killContainersWithSyncResult` does).
    Containers,
    /// `StopPodSandbox` pending.
    StopSandbox,
}

/// The pod as the kubelet sees it.
#[derive(Debug, Clone)]
pub struct PodView {
    /// When the scheduler bound it.
    pub scheduled_at: Option<SimTime>,
    /// `status.startTime`: when the kubelet admitted it.
    pub start_time: Option<SimTime>,
    /// The current sandbox.
    pub sandbox: Option<u32>,
    /// Whether the current sandbox is ready.
    pub sandbox_ready: bool,
    /// The sandbox died and must be replaced.
    pub sandbox_dead: bool,
    /// Init containers are done in the current sandbox.
    pub initialized: bool,
    /// The phase (terminal phases stick).
    pub phase: Phase,
    /// `activeDeadlineSeconds` passed.
    pub deadline_exceeded: bool,
    /// The kubelet is killing the pod.
    pub killing: bool,
    /// The pod is stopped: nothing more will happen.
    pub killed: bool,
    /// Conditions by [`ConditionKind`] index (`None`: not set yet).
    pub conditions: [Option<ConditionState>; 5],
    /// Per image: pull backoff.
    pub image_backoff: Vec<Backoff>,
    /// The pending kubelet timer.
    pub wake: Option<(SimTime, EventId)>,
    /// The pending delayed sync.
    pub sync_pending: Option<EventId>,
    /// The pending lane call.
    pub lane_pending: Option<EventId>,
    /// First time `Initialized` was true.
    pub initialized_at: Option<SimTime>,
    /// First time `Ready` was true.
    pub ready_at: Option<SimTime>,
    /// Which readiness gates' conditions a controller has set True, by plan index.
    pub readiness_gates_set: Vec<bool>,
    /// When the pod stopped.
    pub ended_at: Option<SimTime>,
    /// Held by scheduling gates (I5).
    pub gated: bool,
}

impl PodView {
    /// A pod not yet scheduled.
    pub fn new(images: usize, backoff: BackoffConfig) -> Self {
        PodView {
            scheduled_at: None,
            start_time: None,
            sandbox: None,
            sandbox_ready: false,
            sandbox_dead: false,
            initialized: false,
            phase: Phase::Pending,
            deadline_exceeded: false,
            killing: false,
            killed: false,
            conditions: [None; 5],
            image_backoff: vec![Backoff::new(backoff); images],
            wake: None,
            sync_pending: None,
            lane_pending: None,
            initialized_at: None,
            ready_at: None,
            readiness_gates_set: Vec::new(),
            ended_at: None,
            gated: false,
        }
    }

    /// A condition's current state.
    pub fn condition(&self, kind: ConditionKind) -> Option<ConditionState> {
        self.conditions[kind as usize]
    }
}
