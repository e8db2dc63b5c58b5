//! The container calls of the mock runtime: create, start, stop, remove, status, exec, and scripted exits.

use rand_chacha::ChaCha8Rng;

use crate::sim::cri::trace::{
    Call, CallArgs, CallResult, ExecPurpose, Illegal, Target, TraceEntry,
};
use crate::sim::cri::{
    CallError, ContainerConfig, ExitRecord, Instance, InstanceId, InstanceState, MockRuntime,
    Outcome, SandboxState, Started, TerminationReason,
};
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::behaviour::{ExitKind, RunTime};
use crate::sim::plan::spec::{ContainerIndex, SignalAction};

impl MockRuntime<'_> {
    /// `CreateContainer` in a ready sandbox from a present image; fails as the script says.
    pub fn create_container(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        sandbox: u32,
        container: ContainerIndex,
        config: ContainerConfig,
    ) -> Outcome<InstanceId> {
        let image = config.image;
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
            fails_by_chance: false,
            stop_signal: config.stop_signal,
        });
        // Instances are created one per container start, bounded by the run: far below u32::MAX.
        let id = InstanceId::try_from(self.instances.len() - 1).unwrap_or(InstanceId::MAX);
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
        let fails_by_chance = crate::sim::plan::behaviour::happens(script.fail_probability, rng);
        let exits_at = match (fails_by_chance, exits_at) {
            (true, None) => Some(started_at + crate::sim::engine::time::SimDuration::from_secs(1)),
            (_, exits_at) => exits_at,
        };
        let slot = &mut self.instances[id as usize];
        slot.fails_by_chance = fails_by_chance;
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
            _ if instance.fails_by_chance => (1, TerminationReason::for_code(1)),
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
        let action = instance.stop_signal.map(|signal| signal.action);
        let wants = match (action, script.exit) {
            // A stop signal that neither ends nor can be handled by a process without a
            // handler (SIGSTOP, SIGCHLD, …) leaves it running until SIGKILL, like a hang.
            (Some(SignalAction::NoExit | SignalAction::Kill), _) | (_, ExitKind::Hang) => None,
            _ => Some(script.stop.sample(rng)),
        };
        // A zero timeout is SIGKILL at once: the container gets no chance to handle SIGTERM;
        // a `SIGKILL` stop signal is the same whatever the timeout.
        let (latency, code, killed) = match wants {
            _ if action == Some(SignalAction::Kill) => (SimDuration::ZERO, 137, true),
            Some(after) if timeout > SimDuration::ZERO && after <= timeout => {
                (after, script.stop_exit_code, false)
            }
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
