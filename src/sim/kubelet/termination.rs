//! The end of a pod's life: deletion, eviction, the grace-period budget and defer containers (K4, D2–D14).
//!
//! A termination starts at T0 (deletion, eviction, or — D11 — the last app container of a
//! short-running pod finishing). Without defer containers the pod is killed as `kill.rs` does it,
//! with every preStop hook (sidecars' too) started at T0 and each stop bounded by T0 + G (at least
//! 2 s). With defer containers, they run one at a time through the pod worker's lane while the
//! budget (`T0 + G`, extended by D9/D10 and once by 2 s, D8) lasts; at its end the current one is
//! killed, the rest skipped, and the pod killed.

use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::decide::Action;
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::kill::MINIMUM_GRACE_PERIOD;

/// `calculateEffectiveGracePeriod`'s floor: a pod is always given at least 1 s.
const MINIMUM_KUBELET_GRACE: SimDuration = SimDuration::from_secs(1);
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{ContainerState, KillStep};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, ProbeKind};
use crate::sim::plan::termination::DeferTrigger;
use crate::sim::plan::termination::TerminationCause;
use crate::sim::record::defer_outcome::DeferOutcome;
use crate::sim::record::defer_outcome::SkipReason;
use crate::sim::record::{Happening, KillReason, LaneState};

impl Kubelet<'_> {
    /// The scripted deletion or eviction arrives.
    pub(crate) fn on_delete(&mut self) {
        let Some(deletion) = self.behaviour.termination.deletion else {
            return;
        };
        if self.pod.killed || self.term.active() {
            return;
        }
        let requested = deletion.grace.unwrap_or(self.plan.termination_grace);
        self.pod_object.metadata.deletion_timestamp = Some(
            crate::sim::kubelet::pod_status::timestamp(self.engine.now()),
        );
        self.pod_object.metadata.deletion_grace_period_seconds =
            Some(i64::try_from(self.plan.grace_seconds(requested)).unwrap_or(i64::MAX));
        self.emit(
            None,
            match deletion.cause {
                TerminationCause::Evicted => Happening::Evicted,
                _ => Happening::Deleted { grace: requested },
            },
        );
        self.term.force = deletion.force && requested == SimDuration::ZERO;
        // `calculateEffectiveGracePeriod`: "no matter what, we always supply a grace period of
        // 1" — a forced or zero-grace deletion still runs preStop for up to 1 s, then
        // `StopContainer` with the 2 s minimum.
        self.begin_termination(deletion.cause, requested.max(MINIMUM_KUBELET_GRACE));
    }

    /// `activeDeadlineSeconds` passed: a termination with the pod's grace period (K4.6).
    pub(crate) fn terminate_for_deadline(&mut self) {
        if !self.term.active() {
            self.begin_termination(
                TerminationCause::DeadlineExceeded,
                self.plan.termination_grace,
            );
        }
    }

    /// T0: starts the budget, the preStop hooks and the defer containers.
    fn begin_termination(&mut self, cause: TerminationCause, grace: SimDuration) {
        self.term.started_at = Some(self.engine.now());
        self.term.cause = Some(cause);
        self.term.grace = grace;
        self.dirty = true;
        if self.pod.scheduled_at.is_none() {
            // Never bound to a node: the pod object just goes away.
            self.pod.killed = true;
            self.pod.ended_at = Some(self.engine.now());
            self.term.removed_at = Some(self.engine.now());
            self.emit(None, Happening::Removed);
            return;
        }
        let has_defer = !self.plan.defer_indices().is_empty();
        if self.term.force && has_defer && !self.term.defer_ran {
            // D12: a forced deletion runs no defer container.
            self.skip_remaining(SkipReason::ForceDeleted);
            self.term.defer_ran = true;
        }
        if has_defer && !self.term.defer_ran {
            self.term.defer_ran = true;
            self.term.defer_active = true;
            self.schedule_deadline(self.engine.now() + grace);
            // D4: preStop hooks start at T0; PostExit terminates app containers at once (D3).
            let post_exit = self.plan.defer.trigger == DeferTrigger::PostExit;
            for container in self.plan.init_indices().chain(self.plan.app_indices()) {
                let view = &self.containers[container];
                if !view.is_running() || view.kill.is_some() || view.starting {
                    continue;
                }
                let kind = self.plan.containers[container].kind;
                let has_hook = self.plan.containers[container].pre_stop.is_some();
                if (kind == ContainerKind::App && post_exit) || has_hook {
                    self.begin_kill(container, KillReason::Stopping);
                }
            }
        } else {
            // `killContainersWithSyncResult`: every running container's kill starts at T0, each
            // recording its Killing event then; sidecars are held until the pod kill, where they
            // wait for their turn.
            let running: Vec<ContainerIndex> = self
                .plan
                .init_indices()
                .chain(self.plan.app_indices())
                .filter(|&c| {
                    let view = &self.containers[c];
                    view.is_running() && view.kill.is_none() && !view.starting
                })
                .collect();
            for container in running {
                self.begin_kill(container, KillReason::Stopping);
            }
        }
        self.sync_now();
    }

    fn schedule_deadline(&mut self, at: SimTime) {
        if let Some((_, id)) = self.term.deadline.take() {
            self.engine.cancel(id);
        }
        let id = self.engine.schedule_at(at, Event::TerminationDeadline);
        self.term.deadline = Some((at, id));
    }

    /// The grace a kill started now may use for its preStop hook.
    pub(crate) fn termination_grace_left(&self) -> Option<SimDuration> {
        let start = self.term.started_at?;
        if self.term.hard_kill {
            return Some(SimDuration::ZERO);
        }
        let end = start + self.term.grace;
        Some(end.since(self.engine.now()))
    }

    /// The `StopContainer` timeout a termination imposes: zero after the budget ran out (D8),
    /// what is left of the defer budget while defer containers run; `None` otherwise.
    pub(crate) fn termination_stop_timeout(&self) -> Option<SimDuration> {
        let start = self.term.started_at?;
        if self.term.hard_kill {
            return Some(SimDuration::ZERO);
        }
        if self.term.defer_ran && !self.plan.defer_indices().is_empty() {
            // The budget: the current deadline plus the 2 s extension if still unused (D8).
            let deadline = self
                .term
                .deadline
                .map_or(start + self.term.grace, |(at, _)| at);
            let bound = if self.term.extended_min {
                deadline
            } else {
                deadline + MINIMUM_GRACE_PERIOD
            };
            return Some(bound.since(self.engine.now()));
        }
        // Without defer containers, `killContainer`'s own arithmetic applies (the grace less
        // the whole seconds of the preStop hook and of the wait for a turn, at least 2 s).
        None
    }

    /// Whether a kill whose preStop hook finished must wait before `StopContainer` (D3 PreExit
    /// holds app containers until the defer containers are done; sidecars wait their turn).
    pub(crate) fn kill_held(&self, container: ContainerIndex) -> bool {
        if !self.term.active() || self.pod.killing || self.term.released.contains(&container) {
            return false;
        }
        match self.plan.containers[container].kind {
            ContainerKind::Sidecar => true,
            ContainerKind::App => {
                self.term.defer_active && self.plan.defer.trigger == DeferTrigger::PreExit
            }
            _ => false,
        }
    }

    /// The next action while terminating.
    pub(crate) fn decide_termination(&mut self) -> Action {
        if !self.term.defer_active {
            return Action::KillPod;
        }
        let first = self.plan.app_end;
        for container in self.plan.defer_indices() {
            let slot = container - first;
            if self.term.outcomes[slot].finished() {
                continue;
            }
            let view = &self.containers[container];
            if view.starting || view.kill.is_some() || view.kill_requested.is_some() {
                return Action::Nothing;
            }
            if view.is_running() {
                self.apply_stops(slot);
                return Action::Nothing;
            }
            let restarts = self
                .plan
                .defer
                .restart_always
                .get(slot)
                .copied()
                .unwrap_or(false);
            if let ContainerState::Terminated(exit) = view.state {
                if exit.code == 0 {
                    self.term.outcomes[slot] = DeferOutcome::Completed;
                    continue;
                }
                if !restarts {
                    self.term.outcomes[slot] = DeferOutcome::Failed;
                    continue;
                }
            }
            // Waiting again after an exit: failed, unless it restarts (D6).
            if matches!(view.state, ContainerState::Waiting(_))
                && view.latest_exit().is_some()
                && !restarts
            {
                self.term.outcomes[slot] = DeferOutcome::Failed;
                continue;
            }
            self.term.outcomes[slot] = DeferOutcome::Running;
            return self.try_start(container).unwrap_or(Action::Nothing);
        }
        // Every defer container is done: the pod's containers stop now.
        self.term.defer_active = false;
        self.emit(None, Happening::DeferCompleted);
        self.dirty = true;
        Action::KillPod
    }

    /// D7: a running defer container stops the app containers its scenario names.
    fn apply_stops(&mut self, slot: usize) {
        if self.term.stops_applied[slot] {
            return;
        }
        self.term.stops_applied[slot] = true;
        let container = self.plan.app_end + slot;
        let targets = self
            .behaviour
            .termination
            .stops
            .get(&container)
            .cloned()
            .unwrap_or_default();
        for target in targets {
            let view = &self.containers[target];
            self.term.released.push(target);
            if view.is_running() && view.kill.is_none() {
                self.stop_now(target, KillReason::Stopping);
            } else if view.kill.is_some_and(|k| k.step == KillStep::Held) {
                self.release_held(target);
            }
        }
    }

    /// D11: the app containers of a short-running pod are done: defer containers run once, as
    /// post-exit, bounded by G from now. Returns the next action, or `None` when nothing applies.
    pub(crate) fn begin_post_exit_defer(&mut self) -> Option<Action> {
        if self.plan.defer_indices().is_empty() || self.term.defer_ran || self.term.active() {
            return None;
        }
        self.term.started_at = Some(self.engine.now());
        self.term.cause = Some(TerminationCause::Completed);
        self.term.grace = self.plan.termination_grace;
        self.term.defer_ran = true;
        self.term.defer_active = true;
        self.schedule_deadline(self.engine.now() + self.plan.termination_grace);
        self.dirty = true;
        Some(self.decide_termination())
    }

    /// The budget's deadline: extend (D10, D9, then once by 2 s, D8) or expire.
    pub(crate) fn on_termination_deadline(&mut self) {
        self.term.deadline = self.term.deadline.filter(|(at, _)| *at > self.engine.now());
        if !self.term.defer_active || self.pod.killed {
            return;
        }
        let defer = &self.plan.defer;
        if let Some(interval) = defer.interval
            && self.term.extensions < defer.count
        {
            self.extend(interval);
            return;
        }
        if defer.probe_extension
            && let Some(current) = self.current_defer()
            && self.containers[current].is_running()
            && self.containers[current].probes[ProbeKind::Liveness as usize].result == Some(true)
            && let Some(probe) = self.plan.containers[current].probe(ProbeKind::Liveness)
        {
            let period = probe.period;
            self.extend(period);
            return;
        }
        if !self.term.extended_min {
            self.term.extended_min = true;
            self.term.extended_by = self.term.extended_by + MINIMUM_GRACE_PERIOD;
            self.schedule_deadline(self.engine.now() + MINIMUM_GRACE_PERIOD);
            self.emit(None, Happening::MinimumGraceExtension);
            return;
        }
        self.expire_budget();
    }

    fn extend(&mut self, by: SimDuration) {
        self.term.extensions += 1;
        self.term.extended_by = self.term.extended_by + by;
        self.schedule_deadline(self.engine.now() + by);
        let container = self.current_defer();
        self.emit(container, Happening::ExtendGracePeriod { by });
    }

    /// The defer container now running or next to run.
    fn current_defer(&self) -> Option<ContainerIndex> {
        self.plan
            .defer_indices()
            .find(|c| !self.term.outcomes[c - self.plan.app_end].finished())
    }

    /// D8: the final deadline passed: kill the current defer container and the running app
    /// containers, skip the rest, and stop the pod.
    fn expire_budget(&mut self) {
        self.term.defer_active = false;
        self.term.hard_kill = true;
        self.term.budget_expired = true;
        self.dirty = true;
        if let Some(current) = self.current_defer() {
            let slot = current - self.plan.app_end;
            let view = &self.containers[current];
            if view.is_running() || view.starting || view.kill.is_some() {
                self.term.outcomes[slot] = DeferOutcome::Killed;
                if view.is_running() && view.kill.is_none() {
                    self.stop_now(current, KillReason::Stopping);
                }
            }
        }
        self.skip_remaining(SkipReason::GracePeriodExpired);
        if self.lane.is_none() {
            self.sync_now();
        }
    }

    /// Marks every defer container not run yet as skipped, with an event each.
    fn skip_remaining(&mut self, reason: SkipReason) {
        for container in self.plan.defer_indices() {
            let slot = container - self.plan.app_end;
            if matches!(
                self.term.outcomes[slot],
                DeferOutcome::NotRun | DeferOutcome::Running
            ) {
                self.term.outcomes[slot] = DeferOutcome::Skipped(reason);
                self.emit(Some(container), Happening::DeferSkipped(reason));
                self.lane_state(container, LaneState::Skipped);
            }
        }
        self.dirty = true;
    }

    /// Whether a start in progress must be abandoned: a defer container's once the budget ran out.
    /// A terminating pod starts no app container or sidecar either (the kubelet stops syncing
    /// starts once the pod is terminating).
    pub(crate) fn defer_start_abandoned(&self, container: ContainerIndex) -> bool {
        if self.plan.containers[container].kind == ContainerKind::Defer {
            !self.term.defer_active
        } else {
            self.term.active()
        }
    }

    /// D14: the node crashes: nothing runs any more.
    pub(crate) fn on_node_crash(&mut self) {
        if self.pod.killed {
            return;
        }
        self.term.node_crashed_at = Some(self.engine.now());
        for slot in 0..self.term.outcomes.len() {
            if self.term.outcomes[slot] == DeferOutcome::Running {
                self.term.outcomes[slot] = DeferOutcome::Cut;
            }
        }
        self.emit(None, Happening::NodeCrashed);
        self.finished = true;
    }

    /// The pod object is removed after the sandbox is gone (K4.4).
    pub(crate) fn pod_removed(&mut self) {
        if let Some(sandbox) = self.pod.sandbox {
            let outcome =
                self.runtime
                    .remove_pod_sandbox(self.engine.now(), self.engine.rng(), sandbox);
            if let Err(error) = outcome.result {
                self.refused(None, crate::sim::cri::trace::Call::RemovePodSandbox, error);
                return;
            }
        }
        self.term.removed_at = Some(self.engine.now());
        self.emit(None, Happening::Removed);
    }
}
