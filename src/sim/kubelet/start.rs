//! Starting a container, as the kubelet's `startContainer` does: image, create, start, postStart (K1.4).
//!
//! Each step is one runtime call; the pod worker waits for it. A failed step leaves the container
//! waiting with the kubelet's reason (`ErrImagePull`, `ImagePullBackOff`, `ErrImageNeverPull`,
//! `CreateContainerError`) and a time before which it is not retried.

use crate::sim::cri::trace::{Call, ExecPurpose};
use crate::sim::cri::{CallError, ContainerConfig, ExitRecord, InstanceId, InstanceState};
use crate::sim::engine::time::SimTime;
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{ContainerState, LaneOp, StartStep, WaitingReason};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, Handler, ProbeKind, PullPolicy};
use crate::sim::record::{Happening, KillReason, LaneState, StartError};

impl Kubelet<'_> {
    /// Begins starting a container: asks the runtime whether its image is present.
    pub(crate) fn begin_start(&mut self, container: ContainerIndex) {
        let image = self.plan.containers[container].image_index;
        self.containers[container].starting = true;
        self.lane_state(container, LaneState::Starting);
        let outcome = self
            .runtime
            .image_status(self.engine.now(), self.engine.rng(), image);
        let present = outcome.result.unwrap_or(false);
        self.lane = Some(LaneOp::Start {
            container,
            step: StartStep::ImageStatus { present },
        });
        self.lane_after(outcome.latency);
    }

    /// A start step's call returned.
    pub(crate) fn advance_start(&mut self, container: ContainerIndex, step: StartStep) {
        let before_start = matches!(
            step,
            StartStep::ImageStatus { .. }
                | StartStep::Pull { .. }
                | StartStep::Prune
                | StartStep::Create { .. }
        );
        if before_start && self.defer_start_abandoned(container) {
            // The budget ran out while a defer container was being started (D8).
            self.containers[container].starting = false;
            self.lane_state(container, LaneState::Waiting);
            self.lane_done();
            return;
        }
        match step {
            StartStep::ImageStatus { present } => self.after_image_status(container, present),
            StartStep::Pull { ok: true, took } => {
                self.emit(Some(container), Happening::Pulled { took });
                self.lane_state(container, LaneState::Starting);
                self.create_step(container);
            }
            StartStep::Pull { ok: false, .. } => self.after_failed_pull(container),
            StartStep::Prune => {
                self.containers[container].previous_instance = None;
                self.create_now(container);
            }
            StartStep::Create { instance: None } => {
                self.emit(
                    Some(container),
                    Happening::StartError(StartError::CreateContainerError),
                );
                let retry = self.engine.now() + self.behaviour.kubelet.sync_error_retry;
                self.start_failed(container, StartError::CreateContainerError, retry);
            }
            StartStep::Create {
                instance: Some(instance),
            } => self.after_create(container, instance),
            StartStep::Start {
                instance,
                exits_at,
                started_at,
            } => {
                self.emit(Some(container), Happening::Started);
                if let Some(at) = exits_at {
                    let id = self
                        .engine
                        .schedule_at(at, Event::ContainerExits { instance });
                    self.containers[container].exit_event = Some(id);
                }
                match self.plan.containers[container].post_start.clone() {
                    Some(handler) => self.run_post_start(container, instance, started_at, &handler),
                    None => self.become_running(container, started_at),
                }
            }
            StartStep::PostStart {
                instance,
                ok,
                started_at,
            } => self.after_post_start(container, instance, ok, started_at),
        }
    }

    /// `ImageStatus` answered: pull (by policy and back-off), or go on to create (K1.4).
    fn after_image_status(&mut self, container: ContainerIndex, present: bool) {
        let now = self.engine.now();
        let spec = &self.plan.containers[container];
        let image = spec.image_index;
        let policy = spec.pull_policy;
        if policy == PullPolicy::Never && !present {
            self.emit(Some(container), Happening::NeverPull);
            self.emit(
                Some(container),
                Happening::StartError(StartError::ErrImageNeverPull),
            );
            let retry = now + self.behaviour.kubelet.sync_error_retry;
            self.start_failed(container, StartError::ErrImageNeverPull, retry);
            return;
        }
        let must_pull = match policy {
            PullPolicy::Always => true,
            PullPolicy::IfNotPresent => !present,
            PullPolicy::Never => false,
        };
        if !must_pull {
            self.emit(Some(container), Happening::AlreadyPresent);
            self.create_step(container);
            return;
        }
        if self.pod.image_backoff[image].is_in_backoff_since_update(now) {
            self.emit(Some(container), Happening::PullBackOff);
            self.emit(
                Some(container),
                Happening::StartError(StartError::ImagePullBackOff),
            );
            let retry = self.pod.image_backoff[image].ready_at_since_update();
            self.start_failed(container, StartError::ImagePullBackOff, retry);
            return;
        }
        self.emit(Some(container), Happening::Pulling);
        self.lane_state(container, LaneState::Pulling);
        let outcome = self
            .runtime
            .pull_image(now, self.engine.rng(), container, image);
        self.lane = Some(LaneOp::Start {
            container,
            step: StartStep::Pull {
                ok: outcome.result.is_ok(),
                took: outcome.latency,
            },
        });
        self.lane_after(outcome.latency);
    }

    /// `PullImage` failed: `ErrImagePull`, and the image's back-off starts.
    fn after_failed_pull(&mut self, container: ContainerIndex) {
        let now = self.engine.now();
        let image = self.plan.containers[container].image_index;
        self.pod.image_backoff[image].next(now, now);
        self.emit(Some(container), Happening::PullFailed);
        self.emit(
            Some(container),
            Happening::StartError(StartError::ErrImagePull),
        );
        // Retried at once: the next try finds the pull backing off (ImagePullBackOff).
        self.start_failed(container, StartError::ErrImagePull, now);
    }

    /// `CreateContainer` answered with an instance: `StartContainer` it.
    fn after_create(&mut self, container: ContainerIndex, instance: InstanceId) {
        self.emit(Some(container), Happening::Created);
        let view = &mut self.containers[container];
        view.previous_instance = view.instance;
        view.instance = Some(instance);
        view.created_in_sandbox = true;
        let outcome = self
            .runtime
            .start_container(self.engine.now(), self.engine.rng(), instance);
        match outcome.result {
            Ok(started) => {
                self.lane = Some(LaneOp::Start {
                    container,
                    step: StartStep::Start {
                        instance,
                        exits_at: started.exits_at,
                        started_at: started.at,
                    },
                });
                self.lane_after(outcome.latency);
            }
            Err(error) => self.refused(Some(container), Call::StartContainer, error),
        }
    }

    /// The postStart hook finished: running, or killed for a failed hook (K1.4).
    fn after_post_start(
        &mut self,
        container: ContainerIndex,
        instance: InstanceId,
        ok: bool,
        started_at: SimTime,
    ) {
        if self.runtime.instance_state(instance) != Some(InstanceState::Running) {
            // It exited during its hook; the exit is already recorded.
            self.containers[container].starting = false;
            self.lane_done();
        } else if ok {
            self.become_running(container, started_at);
        } else {
            self.emit(Some(container), Happening::FailedPostStartHook);
            self.containers[container].starting = false;
            self.lane = Some(LaneOp::KillOne { container });
            self.begin_kill(container, KillReason::PostStartHook);
        }
    }

    fn run_post_start(
        &mut self,
        container: ContainerIndex,
        instance: u32,
        started_at: SimTime,
        handler: &Handler,
    ) {
        let attempt = self.runtime.attempt(instance);
        let script = self.behaviour.containers[container].attempt(attempt);
        let mut duration = script.post_start.sample(self.engine.rng());
        let ok = !script.post_start_fails;
        if let Handler::Sleep { duration: sleep } = handler {
            duration = duration + *sleep;
        }
        if let Handler::Exec { .. } = handler {
            let outcome = self.runtime.exec_sync(
                self.engine.now(),
                instance,
                ExecPurpose::PostStart,
                duration,
                ok,
            );
            if let Err(error @ CallError::Illegal(_)) = outcome.result {
                self.refused(Some(container), Call::ExecSync, error);
                return;
            }
        }
        self.lane = Some(LaneOp::Start {
            container,
            step: StartStep::PostStart {
                instance,
                ok,
                started_at,
            },
        });
        self.lane_after(duration);
    }

    /// Removes the older exited instance before creating a new one (the kubelet keeps one).
    fn create_step(&mut self, container: ContainerIndex) {
        match self.containers[container].previous_instance {
            Some(old) if self.runtime.instance_state(old) == Some(InstanceState::Exited) => {
                let outcome =
                    self.runtime
                        .remove_container(self.engine.now(), self.engine.rng(), old);
                match outcome.result {
                    Ok(()) => {
                        self.lane = Some(LaneOp::Start {
                            container,
                            step: StartStep::Prune,
                        });
                        self.lane_after(outcome.latency);
                    }
                    Err(error) => self.refused(Some(container), Call::RemoveContainer, error),
                }
            }
            _ => {
                self.containers[container].previous_instance = None;
                self.create_now(container);
            }
        }
    }

    fn create_now(&mut self, container: ContainerIndex) {
        let Some(sandbox) = self.pod.sandbox else {
            self.containers[container].starting = false;
            self.lane_done();
            return;
        };
        let spec = &self.plan.containers[container];
        let config = ContainerConfig {
            image: spec.image_index,
            stop_signal: spec.stop_signal,
        };
        let outcome = self.runtime.create_container(
            self.engine.now(),
            self.engine.rng(),
            sandbox,
            container,
            config,
        );
        let instance = match outcome.result {
            Ok(instance) => Some(instance),
            Err(CallError::Failed) => None,
            Err(error) => {
                self.refused(Some(container), Call::CreateContainer, error);
                return;
            }
        };
        self.lane = Some(LaneOp::Start {
            container,
            step: StartStep::Create { instance },
        });
        self.lane_after(outcome.latency);
    }

    /// The start failed: the container waits with `error`, not retried before `retry`.
    fn start_failed(&mut self, container: ContainerIndex, error: StartError, retry: SimTime) {
        let view = &mut self.containers[container];
        view.starting = false;
        view.set_waiting(WaitingReason::StartFailed(error));
        view.retry_not_before = retry;
        self.dirty = true;
        self.lane_state(container, LaneState::BackOff);
        self.lane_done();
    }

    /// The container runs (postStart done): status `Running`, probes start (K3.2).
    fn become_running(&mut self, container: ContainerIndex, started_at: SimTime) {
        let instance = self.containers[container].instance;
        let attempt = instance.map_or(1, |i| self.runtime.attempt(i));
        let has_startup = self.plan.containers[container]
            .probe(ProbeKind::Startup)
            .is_some();
        let view = &mut self.containers[container];
        view.starting = false;
        view.set_running(started_at);
        view.restart_count = attempt.saturating_sub(1);
        view.started = !has_startup;
        self.start_probes(container);
        self.refresh_ready(container);
        self.dirty = true;
        self.lane_done();
    }

    /// A container instance exits on its own.
    pub(crate) fn on_own_exit(&mut self, instance: u32) {
        let Some(record) = self.runtime.exits_on_its_own(self.engine.now(), instance) else {
            return;
        };
        let Some(container) = self
            .containers
            .iter()
            .position(|view| view.instance == Some(instance))
        else {
            return;
        };
        self.containers[container].exit_event = None;
        self.record_exit(container, record);
        self.request_sync();
    }

    /// The kubelet learns that a container exited (PLEG): it reads its status, stops its probes
    /// and records the exit.
    pub(crate) fn record_exit(&mut self, container: ContainerIndex, record: ExitRecord) {
        if let Some(instance) = self.containers[container].instance {
            let outcome =
                self.runtime
                    .container_status(self.engine.now(), self.engine.rng(), instance);
            if let Err(error @ CallError::Illegal(_)) = outcome.result {
                self.refused(Some(container), Call::ContainerStatus, error);
            }
        }
        self.stop_probes(container);
        let is_init = self.plan.containers[container].kind == ContainerKind::Init;
        let view = &mut self.containers[container];
        if let Some(id) = view.exit_event.take() {
            self.engine.cancel(id);
        }
        view.state = ContainerState::Terminated(record);
        view.started = false;
        view.ready = false;
        if is_init && record.code == 0 {
            view.succeeded_in_sandbox = true;
        }
        self.dirty = true;
        self.emit(
            Some(container),
            Happening::Exited {
                code: record.code,
                reason: record.reason,
            },
        );
        let state = if record.code == 0 {
            LaneState::Completed
        } else {
            LaneState::Failed
        };
        self.lane_state(container, state);
    }
}
