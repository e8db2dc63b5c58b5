//! The kubelet's decisions (`computePodActions`): what the pod worker does next, one action at a time.
//!
//! Order: a dead sandbox is replaced; the pod is killed when it must be (deadline, failed
//! initialization under `Never`, every app container done); probe-failed containers are killed;
//! init containers run in order (K1.2, K1.3, K1.5); then sidecars and app containers are
//! (re)started per the restart policy (K1.7) with backoff (K2).

use crate::sim::engine::time::SimTime;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{ContainerState, RestartBasis, WaitingReason};
use crate::sim::plan::spec::{ContainerIndex, RestartPolicy};
use crate::sim::record::{Happening, LaneState};

/// What the frontier of the init containers asks for (see [`Kubelet::decide_init`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InitVerdict {
    /// Nothing until it runs on, exits or passes its startup probe.
    Wait,
    /// Start (or restart) this init container.
    Start(ContainerIndex),
    /// A regular init container failed under `Never`: the pod fails.
    KillPod,
    /// Every init container is through.
    Initialized,
}

/// What the pod worker does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Nothing until something changes.
    Nothing,
    /// `RunPodSandbox`.
    CreateSandbox,
    /// Tear down the dead sandbox (then a new one is created).
    ReplaceSandbox,
    /// Stop every container and the sandbox.
    KillPod,
    /// Kill one container (failed liveness or startup probe).
    Kill(ContainerIndex),
    /// Pull, create and start a container.
    Start(ContainerIndex),
}

impl Kubelet<'_> {
    /// The next action, given the kubelet's state now.
    pub(crate) fn decide(&mut self) -> Action {
        self.next_wake = None;
        if self.pod.scheduled_at.is_none() || self.pod.killed || self.pod.killing {
            return Action::Nothing;
        }
        if self.term.active() {
            return self.decide_termination();
        }
        if self.pod.deadline_exceeded {
            return Action::KillPod;
        }
        if self.pod.sandbox_dead {
            // A pod that never restarts gets no new sandbox (computePodActions).
            if self.plan.restart_policy == RestartPolicy::Never {
                return Action::KillPod;
            }
            return Action::ReplaceSandbox;
        }
        if self.pod.sandbox.is_none() {
            return Action::CreateSandbox;
        }
        for container in 0..self.containers.len() {
            if self.containers[container].kill_requested.is_some() {
                if self.containers[container].is_running() {
                    return Action::Kill(container);
                }
                self.containers[container].kill_requested = None;
            }
        }
        if !self.pod.initialized
            && let Some(action) = self.decide_init()
        {
            return action;
        }
        self.decide_running()
    }

    /// Init containers as the kubelet's `computeInitContainerActions` walks them. `None` once
    /// the pod is initialized.
    ///
    /// The kubelet walks the init containers from the last back to the first and acts on the
    /// first one with a status in this sandbox, the *frontier*: it alone decides whether the
    /// container after it starts (a regular init container that exited 0, a sidecar that runs
    /// and counts as started). A frontier that exited is restarted and nothing after it starts,
    /// even while its restart waits in back-off (K1.3, K1.5). Below the frontier only sidecars
    /// matter: each that is not running is restarted. SyncPod starts what was chosen in spec
    /// order, and a sidecar whose start waits only skips to the next of those entries.
    fn decide_init(&mut self) -> Option<Action> {
        let inits = self.plan.init_indices();
        if inits.clone().any(|c| self.containers[c].starting) {
            return Some(Action::Nothing);
        }
        let frontier = inits
            .clone()
            .rev()
            .find(|&c| self.containers[c].created_in_sandbox);
        let verdict = match frontier {
            // No init container has a status yet: start the first.
            None => match inits.clone().next() {
                Some(first) => InitVerdict::Start(first),
                None => InitVerdict::Initialized,
            },
            Some(container) => self.frontier_verdict(container),
        };
        let next = match verdict {
            InitVerdict::KillPod => return Some(Action::KillPod),
            InitVerdict::Initialized => {
                self.pod.initialized = true;
                self.dirty = true;
                return None;
            }
            InitVerdict::Wait => None,
            InitVerdict::Start(container) => Some(container),
        };
        let below = frontier.map_or(inits.start, |frontier| frontier);
        for container in inits.start..below {
            let view = &self.containers[container];
            if self.is_sidecar(container)
                && !view.is_running()
                && let Some(action) = self.try_start(container)
            {
                return Some(action);
            }
        }
        Some(
            next.and_then(|container| self.try_start(container))
                .unwrap_or(Action::Nothing),
        )
    }

    /// What the frontier init container (the last with a status in this sandbox) asks for.
    fn frontier_verdict(&self, container: ContainerIndex) -> InitVerdict {
        let view = &self.containers[container];
        let after = || {
            if container + 1 < self.plan.init_indices().end {
                InitVerdict::Start(container + 1)
            } else {
                InitVerdict::Initialized
            }
        };
        if self.is_sidecar(container) {
            return match (view.is_running(), view.started) {
                // Started: running, and its startup probe (if any) passed (K1.3).
                (true, true) => after(),
                // The next init container waits for this sidecar's startup probe (K1.3).
                (true, false) => InitVerdict::Wait,
                // Exited: restart it, and start nothing after it.
                (false, _) => InitVerdict::Start(container),
            };
        }
        if view.succeeded_in_sandbox {
            return after();
        }
        if view.is_running() {
            return InitVerdict::Wait;
        }
        if let Some(exit) = view.latest_exit().filter(|exit| exit.code != 0)
            && !self.plan.containers[container].restarts_after(self.plan.restart_policy, exit.code)
        {
            // K1.5: a failed init container under `Never` fails the pod.
            return InitVerdict::KillPod;
        }
        InitVerdict::Start(container)
    }

    /// After initialization: keep sidecars running, start and restart app containers, and stop
    /// the pod once no app container runs or will run again.
    fn decide_running(&mut self) -> Action {
        for container in self.plan.init_indices() {
            if self.is_sidecar(container)
                && !self.containers[container].is_running()
                && let Some(action) = self.try_start(container)
            {
                return action;
            }
        }
        let mut alive = false;
        for container in self.plan.app_indices() {
            let view = &self.containers[container];
            if view.is_running() || view.starting || view.kill.is_some() {
                alive = true;
                continue;
            }
            let should_start = match view.latest_exit() {
                None => true,
                Some(exit) => self.plan.containers[container]
                    .restarts_after(self.plan.restart_policy, exit.code),
            };
            if should_start {
                alive = true;
                if let Some(action) = self.try_start(container) {
                    return action;
                }
            }
        }
        if alive {
            Action::Nothing
        } else {
            self.begin_post_exit_defer().unwrap_or(Action::KillPod)
        }
    }

    /// The start of a container, unless it must wait (retry delay, or restart backoff as the
    /// kubelet's `doBackOff` decides: measured from the latest exit, K2).
    pub(crate) fn try_start(&mut self, container: ContainerIndex) -> Option<Action> {
        let now = self.engine.now();
        let view = &mut self.containers[container];
        if view.starting || view.kill.is_some() {
            return None;
        }
        if view.retry_not_before > now {
            let at = view.retry_not_before;
            self.wake_at(at);
            return None;
        }
        let basis = match view.restart_basis {
            RestartBasis::LatestExit => view.latest_exit().map(|exit| exit.finished_at),
            RestartBasis::BeforeKill(previous) => previous,
        };
        view.restart_basis = RestartBasis::LatestExit;
        // The pod worker retries a container in back-off at a jittered time after its end.
        if let Some((_, retry)) = view.requeue
            && retry > now
        {
            self.wake_at(retry);
            return None;
        }
        if let Some(event_time) = basis {
            if view.backoff.is_in_backoff_since(event_time, now) {
                let latest = view
                    .latest_exit()
                    .map_or(event_time, |exit| exit.finished_at);
                let until = latest + view.backoff.current();
                let jitter = self.behaviour.kubelet.requeue_jitter_permille;
                let view = &mut self.containers[container];
                let until = match view.requeue {
                    Some((end, retry)) if end == until => retry,
                    _ if jitter > 0 => {
                        let span = view.backoff.current().millis() * jitter / 1000;
                        // `wait.Jitter(B, 0.5)`: B + [0, 0.5 B).
                        let extra = if span == 0 {
                            0
                        } else {
                            rand::RngExt::random_range(self.engine.rng(), 0..span)
                        };
                        let retry =
                            until + crate::sim::engine::time::SimDuration::from_millis(extra);
                        self.containers[container].requeue = Some((until, retry));
                        retry
                    }
                    _ => until,
                };
                let view = &mut self.containers[container];
                if view.state != ContainerState::Waiting(WaitingReason::CrashLoopBackOff) {
                    view.set_waiting(WaitingReason::CrashLoopBackOff);
                    self.dirty = true;
                    self.emit(Some(container), Happening::RestartBackOff);
                    self.lane_state(container, LaneState::BackOff);
                }
                self.wake_at(until);
                return None;
            }
            view.backoff.next(event_time, now);
        }
        Some(Action::Start(container))
    }

    /// Asks for a wake-up at `at` (the earliest of those asked for in one decision wins).
    pub(crate) fn wake_at(&mut self, at: SimTime) {
        self.next_wake = Some(self.next_wake.map_or(at, |wake| wake.min(at)));
    }

    /// Begins an action. Returns false for [`Action::Nothing`].
    pub(crate) fn begin(&mut self, action: Action) -> bool {
        match action {
            Action::Nothing => return false,
            Action::CreateSandbox => self.begin_create_sandbox(),
            Action::ReplaceSandbox => self.begin_replace_sandbox(),
            Action::KillPod => self.begin_kill_pod(),
            Action::Kill(container) => self.begin_kill_one(container),
            Action::Start(container) => self.begin_start(container),
        }
        true
    }
}
