//! The mock container runtime: CRI-shaped calls over enforced state machines, every call traced (P2).
//!
//! Sandboxes go `Ready → NotReady → removed`; containers `Created → Running → Exited → removed`
//! (R1). A call that breaks these returns [`CallError::Illegal`] and is counted: the kubelet
//! model made a mistake (R2). Latencies and scripted faults come from the [`Behaviour`]; a call's
//! state change is applied when it is made, and the caller learns the result `latency` later.

use rand_chacha::ChaCha8Rng;

use crate::sim::behaviour::{Behaviour, ExitKind, RunTime};
use crate::sim::spec::ContainerIndex;
use crate::sim::time::{SimDuration, SimTime};
use crate::sim::trace::{Call, CallArgs, CallResult, ExecPurpose, Illegal, Target, TraceEntry};

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

    fn for_code(code: i32) -> Self {
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

    fn record<T>(&mut self, entry: TraceEntry, value: Result<T, CallError>) -> Outcome<T> {
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

    fn illegal<T>(&mut self, at: SimTime, call: Call, target: Target, why: Illegal) -> Outcome<T> {
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

    fn instance_target(&self, id: InstanceId) -> Target {
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
        let id = self.sandboxes.len() as u32;
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

    fn stop_all_in(&mut self, sandbox: u32, at: SimTime, code: i32) -> Vec<InstanceId> {
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
                stopped.push(id as InstanceId);
            }
        }
        stopped
    }

    /// `ImageStatus` of a container's image: whether it is on the node.
    pub fn image_status(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        image: usize,
    ) -> Outcome<bool> {
        let latency = self.behaviour.timings.status.sample(rng);
        let present = self.images.get(image).copied().unwrap_or(false);
        let result = if present {
            CallResult::Ok
        } else {
            CallResult::ImageAbsent
        };
        self.record(
            TraceEntry {
                at: now,
                call: Call::ImageStatus,
                target: Target::Image(image),
                args: CallArgs::None,
                result,
                latency,
            },
            Ok(present),
        )
    }

    /// `PullImage` for a container; fails as its script says.
    pub fn pull_image(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        container: ContainerIndex,
        image: usize,
    ) -> Outcome<()> {
        let script = &self.behaviour.containers[container];
        let latency = script.pull.sample(rng);
        self.pulls_tried[container] += 1;
        let target = Target::Image(image);
        if script.pull_failures.fails(self.pulls_tried[container]) {
            return self.record(
                TraceEntry {
                    at: now,
                    call: Call::PullImage,
                    target,
                    args: CallArgs::None,
                    result: CallResult::PullFailed,
                    latency,
                },
                Err(CallError::Failed),
            );
        }
        if let Some(present) = self.images.get_mut(image) {
            *present = true;
        }
        self.record(
            TraceEntry {
                at: now,
                call: Call::PullImage,
                target,
                args: CallArgs::None,
                result: CallResult::Ok,
                latency,
            },
            Ok(()),
        )
    }

    /// `CreateContainer` in a ready sandbox from a present image; fails as the script says.
    pub fn create_container(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        sandbox: u32,
        container: ContainerIndex,
        image: usize,
    ) -> Outcome<InstanceId> {
        let attempt = self.created[container] + 1;
        let target = Target::Container { container, attempt };
        match self.sandbox_state(sandbox) {
            Some(SandboxState::Ready) => {}
            None | Some(SandboxState::Removed) => {
                return self.illegal(now, Call::CreateContainer, target, Illegal::NoSuchSandbox);
            }
            Some(SandboxState::NotReady) => {
                return self.illegal(now, Call::CreateContainer, target, Illegal::SandboxNotReady);
            }
        }
        if !self.images.get(image).copied().unwrap_or(false) {
            return self.illegal(now, Call::CreateContainer, target, Illegal::ImageNotPresent);
        }
        let script = &self.behaviour.containers[container];
        let latency = script.create.sample(rng);
        self.creates_tried[container] += 1;
        if script.create_failures.fails(self.creates_tried[container]) {
            return self.record(
                TraceEntry {
                    at: now,
                    call: Call::CreateContainer,
                    target,
                    args: CallArgs::Image(image),
                    result: CallResult::CreateFailed,
                    latency,
                },
                Err(CallError::Failed),
            );
        }
        self.created[container] = attempt;
        self.instances.push(Instance {
            container,
            attempt,
            sandbox,
            state: InstanceState::Created,
            started_at: SimTime::ZERO,
            exit: None,
        });
        let id = (self.instances.len() - 1) as InstanceId;
        self.record(
            TraceEntry {
                at: now,
                call: Call::CreateContainer,
                target,
                args: CallArgs::Image(image),
                result: CallResult::Ok,
                latency,
            },
            Ok(id),
        )
    }

    /// `StartContainer`: the instance runs; says when it will exit on its own.
    pub fn start_container(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        id: InstanceId,
    ) -> Outcome<Started> {
        let target = self.instance_target(id);
        let Some(instance) = self.instances.get(id as usize).copied() else {
            return self.illegal(now, Call::StartContainer, target, Illegal::NoSuchContainer);
        };
        if instance.state != InstanceState::Created {
            return self.illegal(now, Call::StartContainer, target, Illegal::NotCreated);
        }
        if self.sandbox_state(instance.sandbox) != Some(SandboxState::Ready) {
            return self.illegal(now, Call::StartContainer, target, Illegal::SandboxNotReady);
        }
        let script = &self.behaviour.containers[instance.container];
        let latency = script.start.sample(rng);
        let attempt = script.attempt(instance.attempt);
        let started_at = now + latency;
        let exits_at = match (&attempt.run, attempt.exit) {
            (_, ExitKind::Hang) | (RunTime::Forever, _) => None,
            (RunTime::For(run), _) => Some(started_at + run.sample(rng)),
        };
        let slot = &mut self.instances[id as usize];
        slot.state = InstanceState::Running;
        slot.started_at = started_at;
        self.record(
            TraceEntry {
                at: now,
                call: Call::StartContainer,
                target,
                args: CallArgs::None,
                result: CallResult::Ok,
                latency,
            },
            Ok(Started {
                at: started_at,
                exits_at,
            }),
        )
    }

    /// The instance exits on its own, as its script says (not a call). `None` if it is no
    /// longer running.
    pub fn exits_on_its_own(&mut self, now: SimTime, id: InstanceId) -> Option<ExitRecord> {
        let instance = self.instances.get_mut(id as usize)?;
        if instance.state != InstanceState::Running {
            return None;
        }
        let script = self.behaviour.containers[instance.container].attempt(instance.attempt);
        let (code, reason) = match script.exit {
            ExitKind::Code(code) => (code, TerminationReason::for_code(code)),
            ExitKind::Oom => (137, TerminationReason::OomKilled),
            ExitKind::Hang => return None,
        };
        let record = ExitRecord {
            code,
            reason,
            started_at: instance.started_at,
            finished_at: now,
        };
        instance.state = InstanceState::Exited;
        instance.exit = Some(record);
        Some(record)
    }

    /// `StopContainer` with a timeout: SIGTERM, then SIGKILL when the timeout passes. Stopping an
    /// exited container is a no-op (CRI). The latency is how long the container took to exit.
    pub fn stop_container(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        id: InstanceId,
        timeout: SimDuration,
    ) -> Outcome<ExitRecord> {
        let target = self.instance_target(id);
        let Some(instance) = self.instances.get(id as usize).copied() else {
            return self.illegal(now, Call::StopContainer, target, Illegal::NoSuchContainer);
        };
        match instance.state {
            InstanceState::Exited => {
                let record = instance.exit.unwrap_or(ExitRecord {
                    code: 0,
                    reason: TerminationReason::Completed,
                    started_at: instance.started_at,
                    finished_at: now,
                });
                let result = CallResult::Exited {
                    code: record.code,
                    killed: false,
                };
                return self.record(
                    TraceEntry {
                        at: now,
                        call: Call::StopContainer,
                        target,
                        args: CallArgs::Timeout(timeout),
                        result,
                        latency: SimDuration::ZERO,
                    },
                    Ok(record),
                );
            }
            InstanceState::Running => {}
            InstanceState::Created | InstanceState::Removed => {
                return self.illegal(now, Call::StopContainer, target, Illegal::NotRunning);
            }
        }
        let script = self.behaviour.containers[instance.container].attempt(instance.attempt);
        let wants = match script.exit {
            ExitKind::Hang => None,
            _ => Some(script.stop.sample(rng)),
        };
        let (latency, code, killed) = match wants {
            Some(after) if after <= timeout => (after, script.stop_exit_code, false),
            _ => (timeout, 137, true),
        };
        let record = ExitRecord {
            code,
            reason: TerminationReason::for_code(code),
            started_at: instance.started_at,
            finished_at: now + latency,
        };
        let slot = &mut self.instances[id as usize];
        slot.state = InstanceState::Exited;
        slot.exit = Some(record);
        self.record(
            TraceEntry {
                at: now,
                call: Call::StopContainer,
                target,
                args: CallArgs::Timeout(timeout),
                result: CallResult::Exited { code, killed },
                latency,
            },
            Ok(record),
        )
    }

    /// `RemoveContainer`: the instance must not be running.
    pub fn remove_container(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        id: InstanceId,
    ) -> Outcome<()> {
        let target = self.instance_target(id);
        match self.instance_state(id) {
            None | Some(InstanceState::Removed) => {
                self.illegal(now, Call::RemoveContainer, target, Illegal::NoSuchContainer)
            }
            Some(InstanceState::Running) => {
                self.illegal(now, Call::RemoveContainer, target, Illegal::StillRunning)
            }
            Some(InstanceState::Created | InstanceState::Exited) => {
                let latency = self.behaviour.timings.remove_container.sample(rng);
                self.instances[id as usize].state = InstanceState::Removed;
                self.record(
                    TraceEntry {
                        at: now,
                        call: Call::RemoveContainer,
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

    /// `ContainerStatus`: how an exited instance ended (`None` while it runs).
    pub fn container_status(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        id: InstanceId,
    ) -> Outcome<Option<ExitRecord>> {
        let target = self.instance_target(id);
        let Some(instance) = self.instances.get(id as usize).copied() else {
            return self.illegal(now, Call::ContainerStatus, target, Illegal::NoSuchContainer);
        };
        if instance.state == InstanceState::Removed {
            return self.illegal(now, Call::ContainerStatus, target, Illegal::NoSuchContainer);
        }
        let latency = self.behaviour.timings.status.sample(rng);
        let result = match instance.exit {
            Some(exit) => CallResult::Exited {
                code: exit.code,
                killed: false,
            },
            None => CallResult::Ok,
        };
        self.record(
            TraceEntry {
                at: now,
                call: Call::ContainerStatus,
                target,
                args: CallArgs::None,
                result,
                latency,
            },
            Ok(instance.exit),
        )
    }

    /// `ExecSync` in a running container; the answer and its duration come from the caller's
    /// script. Returns whether the command succeeded.
    pub fn exec_sync(
        &mut self,
        now: SimTime,
        id: InstanceId,
        purpose: ExecPurpose,
        duration: SimDuration,
        succeeds: bool,
    ) -> Outcome<bool> {
        let target = self.instance_target(id);
        if self.instance_state(id) != Some(InstanceState::Running) {
            return self.illegal(now, Call::ExecSync, target, Illegal::NotRunning);
        }
        let result = if succeeds {
            CallResult::Ok
        } else {
            CallResult::ExecFailed
        };
        self.record(
            TraceEntry {
                at: now,
                call: Call::ExecSync,
                target,
                args: CallArgs::Exec(purpose),
                result,
                latency: duration,
            },
            Ok(succeeds),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Container, Pod, PodSpec};
    use crate::sim::spec::PodPlan;
    use rand::SeedableRng;

    fn one_container_behaviour() -> Behaviour {
        let pod = Pod {
            spec: PodSpec {
                containers: Some(vec![Container {
                    name: Some("app".to_string()),
                    image: Some("nginx:1".to_string()),
                    ..Container::default()
                }]),
                ..PodSpec::default()
            },
            ..Pod::default()
        };
        Behaviour::defaults(&PodPlan::new(&pod))
    }

    #[test]
    fn r1_r3_lifecycle_is_traced_with_deterministic_ids() {
        let behaviour = one_container_behaviour();
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut runtime = MockRuntime::new(&behaviour, true);
        let now = SimTime::ZERO;
        let sandbox = runtime
            .run_pod_sandbox(now, &mut rng)
            .result
            .expect("sandbox");
        assert!(runtime.pull_image(now, &mut rng, 0, 0).result.is_ok());
        let id = runtime
            .create_container(now, &mut rng, sandbox, 0, 0)
            .result
            .expect("created");
        assert!(runtime.start_container(now, &mut rng, id).result.is_ok());
        let exit = runtime
            .stop_container(now, &mut rng, id, SimDuration(30_000))
            .result
            .expect("stopped");
        assert_eq!(exit.code, 143);
        assert!(runtime.remove_container(now, &mut rng, id).result.is_ok());
        assert!(
            runtime
                .stop_pod_sandbox(now, &mut rng, sandbox)
                .result
                .is_ok()
        );
        assert!(
            runtime
                .remove_pod_sandbox(now, &mut rng, sandbox)
                .result
                .is_ok()
        );
        assert_eq!(runtime.illegal_calls(), 0);
        let plan_pod = PodPlan::new(&Pod {
            spec: PodSpec {
                containers: Some(vec![Container {
                    name: Some("app".to_string()),
                    image: Some("nginx:1".to_string()),
                    ..Container::default()
                }]),
                ..PodSpec::default()
            },
            ..Pod::default()
        });
        let ids: Vec<String> = runtime
            .trace()
            .iter()
            .map(|e| format!("{} {}", e.call.name(), e.target.id(&plan_pod)))
            .collect();
        assert_eq!(
            ids,
            [
                "RunPodSandbox sandbox-1",
                "PullImage nginx:1",
                "CreateContainer app-1",
                "StartContainer app-1",
                "StopContainer app-1",
                "RemoveContainer app-1",
                "StopPodSandbox sandbox-1",
                "RemovePodSandbox sandbox-1"
            ]
        );
    }

    #[test]
    fn r2_illegal_calls_are_refused_and_counted() {
        let behaviour = one_container_behaviour();
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut runtime = MockRuntime::new(&behaviour, true);
        let now = SimTime::ZERO;
        let sandbox = runtime
            .run_pod_sandbox(now, &mut rng)
            .result
            .expect("sandbox");
        // Create before the image is pulled.
        let refused = runtime.create_container(now, &mut rng, sandbox, 0, 0);
        assert_eq!(
            refused.result,
            Err(CallError::Illegal(Illegal::ImageNotPresent))
        );
        runtime.pull_image(now, &mut rng, 0, 0);
        let id = runtime
            .create_container(now, &mut rng, sandbox, 0, 0)
            .result
            .expect("created");
        runtime.start_container(now, &mut rng, id);
        assert_eq!(
            runtime.start_container(now, &mut rng, id).result,
            Err(CallError::Illegal(Illegal::NotCreated))
        );
        assert_eq!(
            runtime.remove_container(now, &mut rng, id).result,
            Err(CallError::Illegal(Illegal::StillRunning))
        );
        assert_eq!(
            runtime.remove_pod_sandbox(now, &mut rng, sandbox).result,
            Err(CallError::Illegal(Illegal::SandboxStillReady))
        );
        runtime.stop_pod_sandbox(now, &mut rng, sandbox);
        assert_eq!(
            runtime
                .create_container(now, &mut rng, sandbox, 0, 0)
                .result,
            Err(CallError::Illegal(Illegal::SandboxNotReady))
        );
        assert_eq!(runtime.illegal_calls(), 5);
    }

    #[test]
    fn r4_hang_ignores_sigterm_until_sigkill() {
        let mut behaviour = one_container_behaviour();
        behaviour.containers[0].default.exit = ExitKind::Hang;
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut runtime = MockRuntime::new(&behaviour, false);
        let now = SimTime::ZERO;
        let sandbox = runtime
            .run_pod_sandbox(now, &mut rng)
            .result
            .expect("sandbox");
        runtime.pull_image(now, &mut rng, 0, 0);
        let id = runtime
            .create_container(now, &mut rng, sandbox, 0, 0)
            .result
            .expect("created");
        let started = runtime
            .start_container(now, &mut rng, id)
            .result
            .expect("started");
        assert_eq!(started.exits_at, None);
        let stop = runtime.stop_container(now, &mut rng, id, SimDuration(2000));
        assert_eq!(stop.latency, SimDuration(2000));
        assert_eq!(stop.result.map(|r| r.code), Ok(137));
    }
}
