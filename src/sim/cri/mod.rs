//! The mock container runtime: CRI-shaped calls over enforced state machines, every call traced (P2).
//!
//! Sandboxes go `Ready → NotReady → removed`; containers `Created → Running → Exited → removed`
//! (R1). A call that breaks these returns [`CallError::Illegal`] and is counted: the kubelet
//! model made a mistake (R2). Latencies and scripted faults come from the [`Behaviour`]; a call's
//! state change is applied when it is made, and the caller learns the result `latency` later.

mod containers;
mod images;
#[cfg(test)]
mod tests;
pub mod trace;

use rand_chacha::ChaCha8Rng;

use crate::sim::cri::trace::{Call, CallArgs, CallResult, Illegal, Target, TraceEntry};
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::{ContainerIndex, StopSignal};

/// A sandbox's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxState {
    /// Running, network set up.
    Ready,
    /// Stopped or dead.
    NotReady,
    /// Removed.
    Removed,
}

/// A container instance's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstanceState {
    /// Created, not started.
    Created,
    /// Running.
    Running,
    /// Exited.
    Exited,
    /// Removed.
    Removed,
}

/// A container instance in the runtime: index into the runtime's instance table.
pub type InstanceId = u32;

/// Why a container ended, as the runtime reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerminationReason {
    /// Exit code 0.
    Completed,
    /// Non-zero exit code.
    Error,
    /// Killed by the OOM killer.
    OomKilled,
}

impl TerminationReason {
    /// The reason as the API shows it.
    pub fn as_str(self) -> &'static str {
        match self {
            TerminationReason::Completed => "Completed",
            TerminationReason::Error => "Error",
            TerminationReason::OomKilled => "OOMKilled",
        }
    }

    pub(super) fn for_code(code: i32) -> Self {
        if code == 0 {
            TerminationReason::Completed
        } else {
            TerminationReason::Error
        }
    }
}

/// How an instance exited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitRecord {
    /// Exit code.
    pub code: i32,
    /// Reason.
    pub reason: TerminationReason,
    /// When it started running.
    pub started_at: SimTime,
    /// When it exited.
    pub finished_at: SimTime,
}

#[derive(Debug, Clone, Copy)]
struct Instance {
    container: ContainerIndex,
    attempt: u32,
    sandbox: u32,
    state: InstanceState,
    started_at: SimTime,
    exit: Option<ExitRecord>,
    /// Drawn at start: this attempt fails on its own (`failProbability`).
    fails_by_chance: bool,
    /// The signal `StopContainer` sends (from the config it was created with).
    stop_signal: Option<StopSignal>,
}

/// What `CreateContainer` is given (the CRI's `ContainerConfig`, the parts that matter here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContainerConfig {
    /// Index of the image.
    pub image: usize,
    /// `stop_signal`: the signal `StopContainer` sends; `None` is the image's (`SIGTERM`).
    pub stop_signal: Option<StopSignal>,
}

/// Why a call failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallError {
    /// A scripted fault: the call failed as a real runtime's would.
    Failed,
    /// The call breaks the state machine: a kubelet-model bug.
    Illegal(Illegal),
}

/// A call's result and how long it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The result.
    pub result: Result<T, CallError>,
    /// How long the call took.
    pub latency: SimDuration,
}

/// What `StartContainer` set in motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Started {
    /// When the process started (after the call's latency).
    pub at: SimTime,
    /// When it will exit on its own, if ever.
    pub exits_at: Option<SimTime>,
}

/// The mock runtime.
pub struct MockRuntime<'b> {
    behaviour: &'b Behaviour,
    sandboxes: Vec<SandboxState>,
    instances: Vec<Instance>,
    images: Vec<bool>,
    pulls_tried: Vec<u32>,
    creates_tried: Vec<u32>,
    created: Vec<u32>,
    trace: Vec<TraceEntry>,
    record_trace: bool,
    illegal_calls: u32,
}

impl<'b> MockRuntime<'b> {
    /// A runtime whose node holds the behaviour's pre-pulled images.
    pub fn new(behaviour: &'b Behaviour, record_trace: bool) -> Self {
        let count = behaviour.containers.len();
        MockRuntime {
            behaviour,
            sandboxes: Vec::new(),
            instances: Vec::new(),
            images: behaviour.images_present.clone(),
            pulls_tried: vec![0; count],
            creates_tried: vec![0; count],
            created: vec![0; count],
            trace: Vec::new(),
            record_trace,
            illegal_calls: 0,
        }
    }

    /// Every call so far.
    pub fn trace(&self) -> &[TraceEntry] {
        &self.trace
    }

    /// Takes the trace out.
    pub fn take_trace(&mut self) -> Vec<TraceEntry> {
        std::mem::take(&mut self.trace)
    }

    /// How many calls broke the state machine (a kubelet-model bug when non-zero).
    pub fn illegal_calls(&self) -> u32 {
        self.illegal_calls
    }

    /// A sandbox's state.
    pub fn sandbox_state(&self, sandbox: u32) -> Option<SandboxState> {
        self.sandboxes
            .get(sandbox.wrapping_sub(1) as usize)
            .copied()
    }

    /// An instance's state.
    pub fn instance_state(&self, id: InstanceId) -> Option<InstanceState> {
        self.instances.get(id as usize).map(|i| i.state)
    }

    /// The containers with a running instance, one entry per instance.
    pub fn running_containers(&self) -> impl Iterator<Item = ContainerIndex> + '_ {
        self.instances
            .iter()
            .filter(|i| i.state == InstanceState::Running)
            .map(|i| i.container)
    }

    /// How an instance exited, if it did.
    pub fn exit_record(&self, id: InstanceId) -> Option<ExitRecord> {
        self.instances.get(id as usize).and_then(|i| i.exit)
    }

    /// The attempt number (from 1) of an instance.
    pub fn attempt(&self, id: InstanceId) -> u32 {
        self.instances.get(id as usize).map_or(0, |i| i.attempt)
    }

    pub(super) fn record<T>(
        &mut self,
        entry: TraceEntry,
        value: Result<T, CallError>,
    ) -> Outcome<T> {
        if matches!(entry.result, CallResult::Illegal(_)) {
            self.illegal_calls += 1;
        }
        if self.record_trace {
            self.trace.push(entry);
        }
        Outcome {
            result: value,
            latency: entry.latency,
        }
    }

    pub(super) fn illegal<T>(
        &mut self,
        at: SimTime,
        call: Call,
        target: Target,
        why: Illegal,
    ) -> Outcome<T> {
        self.record(
            TraceEntry {
                at,
                call,
                target,
                args: CallArgs::None,
                result: CallResult::Illegal(why),
                latency: SimDuration::ZERO,
            },
            Err(CallError::Illegal(why)),
        )
    }

    pub(super) fn instance_target(&self, id: InstanceId) -> Target {
        match self.instances.get(id as usize) {
            Some(instance) => Target::Container {
                container: instance.container,
                attempt: instance.attempt,
            },
            None => Target::Sandbox(0),
        }
    }

    /// `RunPodSandbox`: a new sandbox, ready.
    pub fn run_pod_sandbox(&mut self, now: SimTime, rng: &mut ChaCha8Rng) -> Outcome<u32> {
        let latency = self.behaviour.timings.run_pod_sandbox.sample(rng);
        self.sandboxes.push(SandboxState::Ready);
        // Sandboxes are created one at a time by the pod worker: far fewer than u32::MAX.
        let id = u32::try_from(self.sandboxes.len()).unwrap_or(u32::MAX);
        self.record(
            TraceEntry {
                at: now,
                call: Call::RunPodSandbox,
                target: Target::Sandbox(id),
                args: CallArgs::None,
                result: CallResult::Ok,
                latency,
            },
            Ok(id),
        )
    }

    /// `PodSandboxStatus`.
    pub fn pod_sandbox_status(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        sandbox: u32,
    ) -> Outcome<SandboxState> {
        let target = Target::Sandbox(sandbox);
        match self.sandbox_state(sandbox) {
            None | Some(SandboxState::Removed) => {
                self.illegal(now, Call::PodSandboxStatus, target, Illegal::NoSuchSandbox)
            }
            Some(state) => {
                let latency = self.behaviour.timings.status.sample(rng);
                self.record(
                    TraceEntry {
                        at: now,
                        call: Call::PodSandboxStatus,
                        target,
                        args: CallArgs::None,
                        result: CallResult::Ok,
                        latency,
                    },
                    Ok(state),
                )
            }
        }
    }

    /// `StopPodSandbox`: idempotent; running containers in it are stopped at once.
    pub fn stop_pod_sandbox(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        sandbox: u32,
    ) -> Outcome<()> {
        let target = Target::Sandbox(sandbox);
        match self.sandbox_state(sandbox) {
            None | Some(SandboxState::Removed) => {
                self.illegal(now, Call::StopPodSandbox, target, Illegal::NoSuchSandbox)
            }
            Some(_) => {
                let latency = self.behaviour.timings.stop_pod_sandbox.sample(rng);
                self.sandboxes[sandbox as usize - 1] = SandboxState::NotReady;
                self.stop_all_in(sandbox, now + latency, 137);
                self.record(
                    TraceEntry {
                        at: now,
                        call: Call::StopPodSandbox,
                        target,
                        args: CallArgs::None,
                        result: CallResult::Ok,
                        latency,
                    },
                    Ok(()),
                )
            }
        }
    }

    /// `RemovePodSandbox`: the sandbox must be stopped; its containers go with it.
    pub fn remove_pod_sandbox(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        sandbox: u32,
    ) -> Outcome<()> {
        let target = Target::Sandbox(sandbox);
        match self.sandbox_state(sandbox) {
            None | Some(SandboxState::Removed) => {
                self.illegal(now, Call::RemovePodSandbox, target, Illegal::NoSuchSandbox)
            }
            Some(SandboxState::Ready) => self.illegal(
                now,
                Call::RemovePodSandbox,
                target,
                Illegal::SandboxStillReady,
            ),
            Some(SandboxState::NotReady)
                if self.instances.iter().any(|instance| {
                    instance.sandbox == sandbox
                        && (instance.state == InstanceState::Running
                            || instance.exit.is_some_and(|exit| exit.finished_at > now))
                }) =>
            {
                // A kubelet-model bug: the pod's containers must have stopped first.
                self.illegal(
                    now,
                    Call::RemovePodSandbox,
                    target,
                    Illegal::ContainerStillStopping,
                )
            }
            Some(SandboxState::NotReady) => {
                let latency = self.behaviour.timings.remove_pod_sandbox.sample(rng);
                self.sandboxes[sandbox as usize - 1] = SandboxState::Removed;
                for instance in &mut self.instances {
                    if instance.sandbox == sandbox {
                        instance.state = InstanceState::Removed;
                    }
                }
                self.record(
                    TraceEntry {
                        at: now,
                        call: Call::RemovePodSandbox,
                        target,
                        args: CallArgs::None,
                        result: CallResult::Ok,
                        latency,
                    },
                    Ok(()),
                )
            }
        }
    }

    /// The sandbox dies (a scripted fault, R4): it is no longer ready and every running
    /// container in it exits (137). Returns the instances that exited.
    pub fn sandbox_dies(&mut self, now: SimTime, sandbox: u32) -> Vec<InstanceId> {
        match self.sandbox_state(sandbox) {
            Some(SandboxState::Ready) => {
                self.sandboxes[sandbox as usize - 1] = SandboxState::NotReady;
                self.stop_all_in(sandbox, now, 137)
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn stop_all_in(&mut self, sandbox: u32, at: SimTime, code: i32) -> Vec<InstanceId> {
        let mut stopped = Vec::new();
        for (id, instance) in self.instances.iter_mut().enumerate() {
            if instance.sandbox == sandbox && instance.state == InstanceState::Running {
                instance.state = InstanceState::Exited;
                instance.exit = Some(ExitRecord {
                    code,
                    reason: TerminationReason::Error,
                    started_at: instance.started_at,
                    finished_at: at,
                });
                stopped.push(InstanceId::try_from(id).unwrap_or(InstanceId::MAX));
            }
        }
        stopped
    }
}
