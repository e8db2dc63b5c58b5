//! The trace: every call the kubelet made to the mock runtime, with time, target, result and latency (R3).
//!
//! Entries are small `Copy` values; names and messages are rendered only when printed.

use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::spec::{ContainerIndex, PodPlan, ProbeKind};

/// A CRI call (seed: container-runtime-interface.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// Create and start the pod sandbox.
    RunPodSandbox,
    /// Stop the sandbox's processes and network.
    StopPodSandbox,
    /// Remove the sandbox.
    RemovePodSandbox,
    /// Read the sandbox's state.
    PodSandboxStatus,
    /// Pull an image.
    PullImage,
    /// Ask whether an image is present.
    ImageStatus,
    /// Create a container.
    CreateContainer,
    /// Start a created container.
    StartContainer,
    /// Stop a running container (SIGTERM, SIGKILL after the timeout).
    StopContainer,
    /// Remove an exited container.
    RemoveContainer,
    /// Read a container's state.
    ContainerStatus,
    /// Run a command in a running container (exec hooks and probes).
    ExecSync,
}

impl Call {
    /// The CRI method name.
    pub fn name(self) -> &'static str {
        match self {
            Call::RunPodSandbox => "RunPodSandbox",
            Call::StopPodSandbox => "StopPodSandbox",
            Call::RemovePodSandbox => "RemovePodSandbox",
            Call::PodSandboxStatus => "PodSandboxStatus",
            Call::PullImage => "PullImage",
            Call::ImageStatus => "ImageStatus",
            Call::CreateContainer => "CreateContainer",
            Call::StartContainer => "StartContainer",
            Call::StopContainer => "StopContainer",
            Call::RemoveContainer => "RemoveContainer",
            Call::ContainerStatus => "ContainerStatus",
            Call::ExecSync => "ExecSync",
        }
    }
}

/// What a call acted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `sandbox-<n>`.
    Sandbox(u32),
    /// `<container>-<attempt>`.
    Container {
        /// The container.
        container: ContainerIndex,
        /// Its instance number, from 1.
        attempt: u32,
    },
    /// An image, by index in [`PodPlan::images`].
    Image(usize),
}

impl Target {
    /// The runtime's id for the target (`sandbox-1`, `web-2`, the image reference).
    pub fn id(self, plan: &PodPlan) -> String {
        match self {
            Target::Sandbox(n) => format!("sandbox-{n}"),
            Target::Container { container, attempt } => {
                format!("{}-{attempt}", plan.containers[container].name)
            }
            Target::Image(index) => plan.images.get(index).cloned().unwrap_or_default(),
        }
    }
}

/// Why `ExecSync` was called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecPurpose {
    /// A `postStart` exec hook.
    PostStart,
    /// A `preStop` exec hook.
    PreStop,
    /// An exec probe.
    Probe(ProbeKind),
}

/// The arguments that matter, for the human trace view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallArgs {
    /// None worth showing.
    None,
    /// The image a container is created from.
    Image(usize),
    /// `StopContainer`'s timeout.
    Timeout(SimDuration),
    /// What an `ExecSync` is for.
    Exec(ExecPurpose),
}

/// Why the runtime refused a call that breaks its state machine (R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// The sandbox is not ready (create in a stopped sandbox).
    SandboxNotReady,
    /// The sandbox does not exist or was removed.
    NoSuchSandbox,
    /// The sandbox must be stopped first.
    SandboxStillReady,
    /// The container does not exist or was removed.
    NoSuchContainer,
    /// Start of a container that is not `Created`.
    NotCreated,
    /// Stop or exec of a container that is not running.
    NotRunning,
    /// Remove of a running container.
    StillRunning,
    /// Create from an image that is not on the node.
    ImageNotPresent,
    /// Remove of a sandbox while one of its containers has not exited yet.
    ContainerStillStopping,
}

impl Illegal {
    /// What the runtime says.
    pub fn message(self) -> &'static str {
        match self {
            Illegal::SandboxNotReady => "sandbox is not ready",
            Illegal::NoSuchSandbox => "no such sandbox",
            Illegal::SandboxStillReady => "sandbox must be stopped first",
            Illegal::NoSuchContainer => "no such container",
            Illegal::NotCreated => "container is not in the created state",
            Illegal::NotRunning => "container is not running",
            Illegal::StillRunning => "container is still running",
            Illegal::ImageNotPresent => "image is not present on the node",
            Illegal::ContainerStillStopping => "a container of the sandbox has not exited yet",
        }
    }
}

/// A call's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallResult {
    /// Success.
    Ok,
    /// `ImageStatus`: the image is not on the node.
    ImageAbsent,
    /// `ContainerStatus` of an exited container, or `StopContainer`'s outcome.
    Exited {
        /// Exit code.
        code: i32,
        /// Whether SIGKILL ended it (the timeout passed).
        killed: bool,
    },
    /// `ExecSync` ran and the command failed.
    ExecFailed,
    /// The pull failed (`ErrImagePull`).
    PullFailed,
    /// The create failed (`CreateContainerError`).
    CreateFailed,
    /// The call breaks the runtime's state machine.
    Illegal(Illegal),
}

impl CallResult {
    /// Short text for the trace: `ok`, `error: ErrImagePull`, …
    pub fn text(self) -> String {
        match self {
            CallResult::Ok => "ok".to_string(),
            CallResult::ImageAbsent => "ok: not present".to_string(),
            CallResult::Exited {
                code,
                killed: false,
            } => format!("ok: exited {code}"),
            CallResult::Exited { code, killed: true } => format!("ok: killed, exited {code}"),
            CallResult::ExecFailed => "ok: command failed".to_string(),
            CallResult::PullFailed => "error: ErrImagePull".to_string(),
            CallResult::CreateFailed => "error: CreateContainerError".to_string(),
            CallResult::Illegal(illegal) => format!("illegal: {}", illegal.message()),
        }
    }
}

/// One recorded call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceEntry {
    /// When the kubelet made the call.
    pub at: SimTime,
    /// Which call.
    pub call: Call,
    /// On what.
    pub target: Target,
    /// Arguments that matter.
    pub args: CallArgs,
    /// How it went.
    pub result: CallResult,
    /// How long it took.
    pub latency: SimDuration,
}
