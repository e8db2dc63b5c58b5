//! Probe workers (`pkg/kubelet/prober/worker.go`): startup, liveness and readiness over time (K3).
//!
//! A worker per probe starts when the pod is added to the prober (its admission): its ticks
//! fall every `periodSeconds` from then, whatever the container does. A tick probes only a
//! running container past `initialDelaySeconds` (whole seconds); liveness and readiness wait
//! for the startup probe. A readiness probe also runs at once when the container starts (the
//! status manager's manual trigger in `prober_manager.go` `UpdatePodStatus`). A result is
//! published after `successThreshold`/`failureThreshold` same answers in a row. A failed
//! liveness or startup result asks the kubelet to kill the container.

use crate::sim::cri::InstanceId;
use crate::sim::cri::trace::{Call, ExecPurpose};
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{ContainerState, ProbeWorker};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, Handler, ProbeKind, ProbeSpec};
use crate::sim::record::{Happening, KillReason, LaneState};

/// One run of a probe.
struct ProbeRun {
    /// Whether it passed.
    passed: bool,
    /// Whether it ran past `timeoutSeconds`.
    timed_out: bool,
    /// How long it took.
    took: SimDuration,
}

impl Kubelet<'_> {
    /// Starts the probe workers of a container that just started running.
    pub(crate) fn start_probes(&mut self, container: ContainerIndex) {
        for kind in ProbeKind::ALL {
            if self.plan.containers[container].probe(kind).is_none() {
                continue;
            }
            let initial = match kind {
                ProbeKind::Startup => None,
                ProbeKind::Liveness => Some(true),
                ProbeKind::Readiness => Some(false),
            };
            let Some(spec) = self.plan.containers[container].probe(kind) else {
                continue;
            };
            let first = if kind == ProbeKind::Readiness {
                self.engine.now()
            } else {
                self.next_probe_tick(spec.period, false)
            };
            let pending = self
                .engine
                .schedule_at(first, Event::Probe { container, kind });
            self.containers[container].probes[kind as usize] = ProbeWorker {
                result: initial,
                pending: Some(pending),
                ..ProbeWorker::default()
            };
        }
    }

    /// The worker's tick at or after now (`strictly_after`: after now), on the grid of
    /// `period` from the pod's admission (`worker.go` `run`: a ticker started with the worker).
    fn next_probe_tick(
        &self,
        period: SimDuration,
        strictly_after: bool,
    ) -> crate::sim::engine::time::SimTime {
        let now = self.engine.now();
        let anchor = self.pod.scheduled_at.unwrap_or(now);
        let step = period.millis().max(1);
        let since = now.since(anchor).millis();
        let ticks = if strictly_after {
            since / step + 1
        } else {
            since.div_ceil(step)
        };
        anchor + SimDuration::from_millis(ticks * step)
    }

    /// Stops a container's probe workers.
    pub(crate) fn stop_probes(&mut self, container: ContainerIndex) {
        for worker in &mut self.containers[container].probes {
            if let Some(pending) = worker.pending.take() {
                self.engine.cancel(pending);
            }
        }
    }

    /// `ready`: running, started, and the readiness probe (if any) succeeded (K3.5).
    pub(crate) fn refresh_ready(&mut self, container: ContainerIndex) {
        let has_readiness = self.plan.containers[container]
            .probe(ProbeKind::Readiness)
            .is_some();
        let view = &mut self.containers[container];
        let ready = view.is_running()
            && view.started
            && (!has_readiness || view.probes[ProbeKind::Readiness as usize].result == Some(true));
        if ready != view.ready {
            view.ready = ready;
            self.dirty = true;
            let regular_init = self.plan.containers[container].kind == ContainerKind::Init;
            let state = if ready && !regular_init {
                LaneState::Ready
            } else {
                LaneState::Running
            };
            if self.containers[container].is_running() {
                self.lane_state(container, state);
            }
        }
    }

    /// A probe worker ticks: schedule the next tick, then probe if the container is due.
    pub(crate) fn on_probe(&mut self, container: ContainerIndex, kind: ProbeKind) {
        let plan = self.plan;
        let Some(spec) = plan.containers[container].probe(kind) else {
            return;
        };
        let Some((instance, execution, elapsed)) = self.probe_due(container, kind, spec) else {
            return;
        };
        let Some(run) = self.run_probe(container, kind, spec, instance, execution, elapsed) else {
            return;
        };
        if run.took == SimDuration::ZERO {
            self.on_probe_answer(container, kind, instance, run.passed, run.timed_out);
        } else {
            // `runProbe` takes time: the answer counts when it arrives.
            self.engine.schedule_in(
                run.took,
                Event::ProbeAnswer {
                    container,
                    kind,
                    instance,
                    passed: run.passed,
                    timed_out: run.timed_out,
                },
            );
        }
    }

    /// A probe's answer arrives: recorded and counted, unless the instance it probed is gone.
    pub(crate) fn on_probe_answer(
        &mut self,
        container: ContainerIndex,
        kind: ProbeKind,
        instance: InstanceId,
        passed: bool,
        timed_out: bool,
    ) {
        let view = &self.containers[container];
        if view.instance != Some(instance) || !view.is_running() || view.kill.is_some() {
            return;
        }
        let Some(spec) = self.plan.containers[container].probe(kind) else {
            return;
        };
        let at = self.engine.now();
        self.recorder.probe(crate::sim::record::ProbeAnswer {
            at,
            container,
            kind,
            passed,
        });
        if timed_out {
            self.emit(
                Some(container),
                Happening::ProbeTimedOut {
                    kind,
                    timeout: spec.timeout,
                },
            );
        } else if !passed {
            self.emit(Some(container), Happening::Unhealthy(kind));
        }
        if let Some(changed) = self.count_probe_result(container, kind, spec, passed) {
            self.act_on_probe_result(container, kind, passed, changed);
        }
    }

    /// Schedules the worker's next tick and says whether this tick probes: the container runs,
    /// is not being killed, has started (for liveness and readiness behind a startup probe) and
    /// is past the initial delay. Returns the instance, the execution number and the time since
    /// the container started.
    fn probe_due(
        &mut self,
        container: ContainerIndex,
        kind: ProbeKind,
        spec: &ProbeSpec,
    ) -> Option<(InstanceId, u64, SimDuration)> {
        let has_startup = self.plan.containers[container]
            .probe(ProbeKind::Startup)
            .is_some();
        let view = &mut self.containers[container];
        view.probes[kind as usize].pending = None;
        let ContainerState::Running { since } = view.state else {
            return None;
        };
        if view.kill.is_some() || (kind == ProbeKind::Startup && view.started) {
            return None;
        }
        let next = self.next_probe_tick(spec.period, true);
        let pending = self
            .engine
            .schedule_at(next, Event::Probe { container, kind });
        let view = &mut self.containers[container];
        view.probes[kind as usize].pending = Some(pending);
        if kind != ProbeKind::Startup && has_startup && !view.started {
            return None;
        }
        let worker = &mut view.probes[kind as usize];
        let elapsed = self.engine.now().since(since);
        if worker.on_hold || elapsed.whole_seconds() < spec.initial_delay.whole_seconds() {
            return None;
        }
        let instance = view.instance?;
        let execution = worker.executions;
        worker.executions += 1;
        Some((instance, execution, elapsed))
    }

    /// The probe's run, as the scenario scripts it: its answer, and how long it took (its
    /// latency, at most `timeoutSeconds`: a longer run fails, as `runProbe` gives up). An exec
    /// probe goes through `ExecSync`. `None` when the runtime refused the call (a model bug,
    /// recorded).
    fn run_probe(
        &mut self,
        container: ContainerIndex,
        kind: ProbeKind,
        spec: &ProbeSpec,
        instance: InstanceId,
        execution: u64,
        elapsed: SimDuration,
    ) -> Option<ProbeRun> {
        let attempt = self.runtime.attempt(instance);
        let script = &self.behaviour.containers[container];
        let attempt_script = script.attempt(attempt);
        let answer = attempt_script.probe(kind).answer(execution, elapsed)
            && !crate::sim::plan::behaviour::happens(
                script.probe_fail_probability,
                self.engine.rng(),
            );
        let latency = attempt_script.probe_latency[kind as usize].sample(self.engine.rng());
        let timeout = spec.timeout.max(SimDuration::from_secs(1));
        let timed_out = latency > timeout;
        let took = if timed_out { timeout } else { latency };
        let passed = answer && !timed_out;
        if let Handler::Exec { .. } = spec.handler {
            let outcome = self.runtime.exec_sync(
                self.engine.now(),
                instance,
                ExecPurpose::Probe(kind),
                took,
                passed,
            );
            if let Err(error) = outcome.result {
                self.refused(Some(container), Call::ExecSync, error);
                return None;
            }
        }
        Some(ProbeRun {
            passed,
            timed_out,
            took,
        })
    }

    /// Counts the answer toward the success or failure threshold (K3). Returns whether the
    /// probe's result changed once a threshold is reached; `None` below it.
    fn count_probe_result(
        &mut self,
        container: ContainerIndex,
        kind: ProbeKind,
        spec: &ProbeSpec,
        answer: bool,
    ) -> Option<bool> {
        let threshold = if answer {
            spec.success_threshold
        } else {
            spec.failure_threshold
        };
        let worker = &mut self.containers[container].probes[kind as usize];
        if worker.last == Some(answer) {
            worker.run_length += 1;
        } else {
            worker.last = Some(answer);
            worker.run_length = 1;
        }
        if worker.run_length < threshold {
            return None;
        }
        let changed = worker.result != Some(answer);
        worker.result = Some(answer);
        if !answer && kind != ProbeKind::Readiness {
            // Liveness and startup failures: stop probing until the next instance.
            worker.on_hold = true;
            worker.run_length = 0;
        }
        Some(changed)
    }

    /// What a probe result does: readiness changes Ready; a passed startup probe starts
    /// liveness and readiness; a failed liveness or startup probe kills the container.
    fn act_on_probe_result(
        &mut self,
        container: ContainerIndex,
        kind: ProbeKind,
        answer: bool,
        changed: bool,
    ) {
        match (kind, answer) {
            (ProbeKind::Readiness, _) => {
                if changed {
                    self.refresh_ready(container);
                }
            }
            (ProbeKind::Startup, true) => {
                self.containers[container].started = true;
                self.dirty = true;
                self.refresh_ready(container);
                self.request_sync();
            }
            (ProbeKind::Liveness, true) => {}
            (ProbeKind::Liveness | ProbeKind::Startup, false) => {
                let restart = self.plan.containers[container].kind == ContainerKind::Sidecar
                    || self.plan.restart_policy.restarts_on_failure();
                let reason = if kind == ProbeKind::Liveness {
                    KillReason::Liveness { restart }
                } else {
                    KillReason::Startup { restart }
                };
                self.containers[container].kill_requested = Some(reason);
                self.request_sync();
            }
        }
    }
}
