//! Killing containers and the pod, as the kubelet's `killContainer` and `killPodWithSyncResult` do (K4).
//!
//! A kill runs the preStop hook (at most the grace period), then `StopContainer` with what is
//! left of the grace period, never less than 2 s. Killing the pod stops app containers in
//! parallel, then sidecars one at a time in reverse order, then the sandbox. The termination
//! issue (deletion, defer containers) builds on these steps.

use crate::sim::cri::CallError;
use crate::sim::cri::trace::{Call, ExecPurpose};
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{
    ContainerState, KillOp, KillPodStep, KillStep, LaneOp, RestartBasis,
};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, Handler, ProbeKind};
use crate::sim::record::{Happening, KillReason, LaneState};

/// `minimumGracePeriodInSeconds`.
pub const MINIMUM_GRACE_PERIOD: SimDuration = SimDuration::from_secs(2);

impl Kubelet<'_> {
    /// Kills one container whose probe failed; the kubelet restarts it in the same sync, so the
    /// restart's backoff check sees the exit before this one (`doBackOff` on the old status).
    pub(crate) fn begin_kill_one(&mut self, container: ContainerIndex) {
        let view = &mut self.containers[container];
        let reason = view.kill_requested.take().unwrap_or(KillReason::Stopping);
        let before = view.last.map(|exit| exit.finished_at);
        if matches!(
            reason,
            KillReason::Liveness { restart: true } | KillReason::Startup { restart: true }
        ) {
            view.restart_basis = RestartBasis::BeforeKill(before);
        }
        self.lane = Some(LaneOp::KillOne { container });
        self.begin_kill(container, reason);
    }

    /// Begins `killContainer`: the Killing event, the preStop hook, then `StopContainer`.
    pub(crate) fn begin_kill(&mut self, container: ContainerIndex, reason: KillReason) {
        self.emit(Some(container), Happening::Killing(reason));
        self.lane_state(container, LaneState::Terminating);
        let spec = &self.plan.containers[container];
        let probe_grace = match reason {
            KillReason::Liveness { .. } => spec
                .probe(ProbeKind::Liveness)
                .and_then(|p| p.termination_grace),
            KillReason::Startup { .. } => spec
                .probe(ProbeKind::Startup)
                .and_then(|p| p.termination_grace),
            _ => None,
        };
        let grace = match self.termination_grace_left() {
            Some(left) if reason == KillReason::Stopping => left,
            _ => probe_grace.unwrap_or(self.plan.termination_grace),
        };
        let pre_stop = spec.pre_stop.clone();
        let view = &self.containers[container];
        let (Some(handler), Some(instance), true) = (
            pre_stop,
            view.instance,
            view.is_running() && grace > SimDuration::ZERO,
        ) else {
            self.stop_step(container, reason, grace);
            return;
        };
        let attempt = self.runtime.attempt(instance);
        let script = self.behaviour.containers[container].attempt(attempt);
        let mut wanted = script.pre_stop.sample(self.engine.rng());
        if let Handler::Sleep { duration } = handler {
            wanted = wanted + duration;
        }
        let ran = SimDuration::from_millis(wanted.millis().min(grace.millis()));
        if let Handler::Exec { .. } = handler {
            let outcome = self.runtime.exec_sync(
                self.engine.now(),
                instance,
                ExecPurpose::PreStop,
                ran,
                true,
            );
            if let Err(error @ CallError::Illegal(_)) = outcome.result {
                self.refused(Some(container), Call::ExecSync, error);
                return;
            }
        }
        // The kubelet subtracts whole seconds of the hook's run from the grace period.
        let left =
            grace - SimDuration::from_secs(i64::try_from(ran.whole_seconds()).unwrap_or(i64::MAX));
        let pending = self.engine.schedule_in(ran, Event::KillStep { container });
        self.containers[container].kill = Some(KillOp {
            reason,
            step: KillStep::PreStop,
            grace: left,
            pending,
            exit: None,
        });
    }

    /// Sends SIGTERM at once, without a preStop hook (a defer container stopping the app, D7;
    /// the end of the budget, D8).
    pub(crate) fn stop_now(&mut self, container: ContainerIndex, reason: KillReason) {
        self.emit(Some(container), Happening::Killing(reason));
        self.lane_state(container, LaneState::Terminating);
        self.stop_step(container, reason, SimDuration::ZERO);
    }

    /// Lets a held kill (preStop done, D3/K4.3) go on to `StopContainer`.
    pub(crate) fn release_held(&mut self, container: ContainerIndex) {
        if let Some(op) = self.containers[container].kill
            && op.step == KillStep::Held
        {
            self.stop_step(container, op.reason, op.grace);
        }
    }

    /// `StopContainer` with what is left of the grace period (at least 2 s; during a
    /// termination, what is left of its budget).
    fn stop_step(&mut self, container: ContainerIndex, reason: KillReason, grace: SimDuration) {
        let timeout = match self.termination_stop_timeout() {
            Some(timeout) if reason == KillReason::Stopping => timeout,
            _ => grace.max(MINIMUM_GRACE_PERIOD),
        };
        let Some(instance) = self.containers[container].instance else {
            self.containers[container].kill = None;
            self.kill_finished(container);
            return;
        };
        let outcome =
            self.runtime
                .stop_container(self.engine.now(), self.engine.rng(), instance, timeout);
        match outcome.result {
            Ok(record) => {
                let pending = self
                    .engine
                    .schedule_in(outcome.latency, Event::KillStep { container });
                self.containers[container].kill = Some(KillOp {
                    reason,
                    step: KillStep::Stop,
                    grace: timeout,
                    pending,
                    exit: Some(record),
                });
            }
            Err(error) => self.refused(Some(container), Call::StopContainer, error),
        }
    }

    /// A kill step finished.
    pub(crate) fn advance_kill(&mut self, container: ContainerIndex) {
        let Some(op) = self.containers[container].kill else {
            return;
        };
        match op.step {
            KillStep::PreStop if self.kill_held(container) => {
                self.containers[container].kill = Some(KillOp {
                    step: KillStep::Held,
                    ..op
                });
            }
            KillStep::PreStop => self.stop_step(container, op.reason, op.grace),
            KillStep::Held => {}
            KillStep::Stop => {
                self.containers[container].kill = None;
                if let Some(record) = op.exit
                    && !matches!(
                        self.containers[container].state,
                        ContainerState::Terminated(_)
                    )
                {
                    self.record_exit(container, record);
                }
                self.kill_finished(container);
            }
        }
    }

    fn kill_finished(&mut self, container: ContainerIndex) {
        match self.lane {
            Some(LaneOp::KillOne { container: killed }) if killed == container => {
                self.lane_done();
            }
            Some(LaneOp::KillPod(KillPodStep::Containers { pending })) => {
                if pending <= 1 {
                    self.next_sidecar_or_sandbox(None);
                } else {
                    self.lane = Some(LaneOp::KillPod(KillPodStep::Containers {
                        pending: pending - 1,
                    }));
                }
            }
            Some(LaneOp::KillPod(KillPodStep::Sidecar(sidecar))) if sidecar == container => {
                self.next_sidecar_or_sandbox(Some(sidecar));
            }
            _ => {}
        }
    }

    /// Kills the pod: every running app (and init) container at once, then sidecars in reverse
    /// order, then the sandbox.
    pub(crate) fn begin_kill_pod(&mut self) {
        self.pod.killing = true;
        self.dirty = true;
        let mut pending = 0;
        for container in 0..self.containers.len() {
            let view = &self.containers[container];
            if self.plan.containers[container].kind != ContainerKind::Sidecar
                && (view.is_running() || view.kill.is_some())
            {
                pending += 1;
            }
        }
        if pending == 0 {
            self.next_sidecar_or_sandbox(None);
            return;
        }
        self.lane = Some(LaneOp::KillPod(KillPodStep::Containers { pending }));
        for container in 0..self.containers.len() {
            let view = &self.containers[container];
            if self.plan.containers[container].kind == ContainerKind::Sidecar {
                continue;
            }
            if view.kill.is_some() {
                // Started earlier (preStop at T0, PostExit, D7): it goes on, or is released.
                self.release_held(container);
            } else if view.is_running() {
                self.begin_kill(container, KillReason::Stopping);
            }
        }
    }

    /// The next running sidecar before `after` (reverse order), else `StopPodSandbox`.
    fn next_sidecar_or_sandbox(&mut self, after: Option<ContainerIndex>) {
        let limit = after.unwrap_or(self.plan.init_count);
        let next = (0..limit)
            .rev()
            .find(|&c| self.is_sidecar(c) && self.containers[c].is_running());
        if let Some(sidecar) = next {
            self.lane = Some(LaneOp::KillPod(KillPodStep::Sidecar(sidecar)));
            if self.containers[sidecar].kill.is_some() {
                self.release_held(sidecar);
            } else {
                self.begin_kill(sidecar, KillReason::Stopping);
            }
            return;
        }
        match self.pod.sandbox {
            Some(sandbox) => {
                let outcome =
                    self.runtime
                        .stop_pod_sandbox(self.engine.now(), self.engine.rng(), sandbox);
                match outcome.result {
                    Ok(()) => {
                        self.lane = Some(LaneOp::KillPod(KillPodStep::StopSandbox));
                        self.lane_after(outcome.latency);
                    }
                    Err(error) => self.refused(None, Call::StopPodSandbox, error),
                }
            }
            None => self.pod_stopped(),
        }
    }

    /// The sandbox is stopped: the pod is done.
    pub(crate) fn pod_stopped(&mut self) {
        self.pod.sandbox_ready = false;
        self.pod.killed = true;
        self.pod.ended_at = Some(self.engine.now());
        self.dirty = true;
        self.lane = None;
        if self.term.active() {
            self.pod_removed();
        }
    }
}
