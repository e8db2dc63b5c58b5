//! Killing containers and the pod, as the kubelet's `killContainer` and `killPodWithSyncResult` do (K4).
//!
//! A kill records the Killing event, runs the preStop hook (at most the grace period, whole
//! seconds of it subtracted), lets a sidecar wait for its turn (`waitForTurn`: until the app
//! containers and the next sidecar have terminated, at most the grace left, whole seconds of
//! the wait subtracted), then calls `StopContainer` with what is left, never less than 2 s.
//! Killing the pod starts every container's kill at once (`killContainersWithSyncResult`), so
//! sidecars end in reverse order only through their turns; then the sandbox is stopped. The
//! termination module (deletion, defer containers) builds on these steps.

use crate::sim::cri::CallError;
use crate::sim::cri::trace::{Call, ExecPurpose};
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{
    ContainerState, KillOp, KillPodStep, KillStep, LaneOp, RestartBasis,
};
use crate::sim::plan::spec::{ContainerIndex, Handler, ProbeKind};
use crate::sim::record::{Happening, KillReason, LaneState, StopSignalSent};

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
            self.after_pre_stop(container, reason, grace);
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
            pending: Some(pending),
            exit: None,
            since: self.engine.now(),
        });
    }

    /// Sends SIGTERM at once, without a preStop hook (a defer container stopping the app, D7;
    /// the end of the budget, D8).
    pub(crate) fn stop_now(&mut self, container: ContainerIndex, reason: KillReason) {
        self.emit(Some(container), Happening::Killing(reason));
        self.lane_state(container, LaneState::Terminating);
        self.stop_step(container, reason, SimDuration::ZERO);
    }

    /// Lets a held kill (preStop done, D3) go on: a sidecar in a pod kill to its turn, any other
    /// container to `StopContainer`.
    pub(crate) fn release_held(&mut self, container: ContainerIndex) {
        if let Some(op) = self.containers[container].kill
            && op.step == KillStep::Held
        {
            self.after_pre_stop(container, op.reason, op.grace);
        }
    }

    /// What follows the preStop hook (or its absence): hold (D3, or a sidecar before the pod
    /// kill), wait for the sidecar's turn, or `StopContainer`.
    fn after_pre_stop(
        &mut self,
        container: ContainerIndex,
        reason: KillReason,
        grace: SimDuration,
    ) {
        if reason == KillReason::Stopping && self.kill_held(container) {
            self.lane_if_running(container, LaneState::WaitingToStop);
            self.containers[container].kill = Some(KillOp {
                reason,
                step: KillStep::Held,
                grace,
                pending: None,
                exit: None,
                since: self.engine.now(),
            });
            return;
        }
        if reason == KillReason::Stopping
            && self.pod.killing
            && self.is_sidecar(container)
            && grace > SimDuration::ZERO
            && !self.turn_has_come(container)
        {
            // `waitForTurn`: a timer of the grace left; it ends earlier when the turn comes.
            self.lane_if_running(container, LaneState::WaitingToStop);
            let pending = self
                .engine
                .schedule_in(grace, Event::KillStep { container });
            self.containers[container].kill = Some(KillOp {
                reason,
                step: KillStep::WaitingForTurn,
                grace,
                pending: Some(pending),
                exit: None,
                since: self.engine.now(),
            });
            return;
        }
        self.stop_step(container, reason, grace);
    }

    /// Records a kill's lane state while the container still runs (an exit stays drawn).
    fn lane_if_running(&mut self, container: ContainerIndex, state: LaneState) {
        if self.containers[container].is_running() {
            self.lane_state(container, state);
        }
    }

    /// `terminationOrdering`: a sidecar's turn comes when every app container and the next
    /// sidecar (in declaration order) that were running have terminated.
    fn turn_has_come(&self, sidecar: ContainerIndex) -> bool {
        let alive = |c: ContainerIndex| {
            let view = &self.containers[c];
            view.is_running() || view.kill.is_some()
        };
        let next_sidecar = (sidecar + 1..self.plan.init_count).find(|&c| self.is_sidecar(c));
        !self.plan.app_indices().any(alive) && !next_sidecar.is_some_and(alive)
    }

    /// The sidecar's wait ended (its turn came, or the timer fired): `StopContainer` with the
    /// grace less the whole seconds waited.
    fn end_wait_for_turn(&mut self, container: ContainerIndex, op: KillOp) {
        if let Some(timer) = op.pending {
            self.engine.cancel(timer);
        }
        let waited = self.engine.now().since(op.since);
        let waited =
            SimDuration::from_secs(i64::try_from(waited.whole_seconds()).unwrap_or(i64::MAX));
        let left = if waited >= op.grace {
            SimDuration::ZERO
        } else {
            op.grace - waited
        };
        self.stop_step(container, op.reason, left);
    }

    /// After a container terminated: the sidecars whose turn came stop now.
    fn release_turns(&mut self) {
        for sidecar in (0..self.plan.init_count).rev() {
            if let Some(op) = self.containers[sidecar].kill
                && op.step == KillStep::WaitingForTurn
                && self.turn_has_come(sidecar)
            {
                self.end_wait_for_turn(sidecar, op);
            }
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
        // The stop signal is sent now (after the preStop hook, or the wait for a turn).
        self.lane_if_running(container, LaneState::Terminating);
        // A timeout of 0 is SIGKILL at once: no stop signal (the exit 137 shows it).
        if self.containers[container].is_running() && timeout > SimDuration::ZERO {
            let held_back = self.containers[container]
                .kill
                .is_some_and(|op| matches!(op.step, KillStep::Held | KillStep::WaitingForTurn));
            self.recorder.stop_signal(StopSignalSent {
                at: self.engine.now(),
                container,
                held_back,
            });
        }
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
                    pending: Some(pending),
                    exit: Some(record),
                    since: self.engine.now(),
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
            KillStep::PreStop => self.after_pre_stop(container, op.reason, op.grace),
            KillStep::Held => {}
            KillStep::WaitingForTurn => self.end_wait_for_turn(container, op),
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
            Some(LaneOp::KillPod(KillPodStep::Containers)) => {
                if self.alive_containers().is_empty() {
                    self.stop_sandbox();
                } else {
                    self.release_turns();
                }
            }
            _ => {}
        }
    }

    /// Kills the pod (`killContainersWithSyncResult`): every running container's kill starts
    /// at once, each with its Killing event now; sidecars wait their turn inside their kill;
    /// once all have stopped, the sandbox.
    pub(crate) fn begin_kill_pod(&mut self) {
        self.pod.killing = true;
        self.dirty = true;
        let alive = self.alive_containers();
        if alive.is_empty() {
            self.stop_sandbox();
            return;
        }
        self.lane = Some(LaneOp::KillPod(KillPodStep::Containers));
        for container in alive {
            if self.containers[container].kill.is_some() {
                // Started earlier (preStop at T0, PostExit, D7): it goes on, or is released.
                self.release_held(container);
            } else {
                self.begin_kill(container, KillReason::Stopping);
            }
        }
    }

    /// The containers still running or being killed: the pod kill waits for all of them.
    fn alive_containers(&self) -> Vec<ContainerIndex> {
        (0..self.containers.len())
            .filter(|&c| {
                let view = &self.containers[c];
                view.is_running() || view.kill.is_some()
            })
            .collect()
    }

    /// `StopPodSandbox`, or the end of the pod when it has none.
    fn stop_sandbox(&mut self) {
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
        // `canBeDeleted`: the kubelet deletes the API object only of a pod that has a deletion
        // timestamp; a pod that failed on its own (activeDeadlineSeconds, completion) stays.
        if self.term.active() && self.pod_object.metadata.deletion_timestamp.is_some() {
            self.pod_removed();
        }
    }
}
