//! The pod's status as the kubelet reports it: phase (`getPhase`), conditions (`status/generate.go`)
//! with transition times, and the materialized `model::PodStatus` the status printer reads (K1.8, K1.9).

use crate::k8s::model::{
    ContainerState as ApiState, ContainerStatus, PodCondition, StateRunning, StateTerminated,
    StateWaiting,
};
use crate::k8s::timestamp::format_rfc3339;
use crate::sim::cri::{ExitRecord, InstanceId};
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{ConditionKind, ConditionState, ContainerState, WaitingReason};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, RestartPolicy};
use crate::sim::record::BASE_EPOCH;
use crate::sim::record::Phase;
use crate::sim::record::{PodLaneState, StatusRow};

/// What a container's printed status depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StatusKey {
    state: ContainerState,
    last: Option<ExitRecord>,
    ready: bool,
    started: bool,
    restart_count: u32,
    instance: Option<InstanceId>,
    backoff: SimDuration,
    skipped: bool,
}

/// The keys of the parts of `pod_object.status` last built.
#[derive(Debug, Clone, Default)]
pub(crate) struct StatusCache {
    /// Per container.
    pub(crate) containers: Vec<Option<StatusKey>>,
    /// The conditions.
    pub(crate) conditions: [Option<ConditionState>; 5],
    /// Whether the conditions' messages were built with them (a status row needs none).
    pub(crate) messages: bool,
}

/// RFC 3339 of a simulated time.
pub fn timestamp(at: SimTime) -> String {
    format_rfc3339(epoch_of(at))
}

impl Kubelet<'_> {
    /// Whether a container counts as ready in the status (regular init containers: exited 0).
    fn status_ready(&self, container: ContainerIndex) -> bool {
        let view = &self.containers[container];
        match self.plan.containers[container].kind {
            ContainerKind::Init => {
                matches!(view.state, ContainerState::Terminated(exit) if exit.code == 0)
            }
            _ => view.ready,
        }
    }

    /// `HasAnyRegularContainerStarted`: an app container is running or has terminated.
    fn any_app_container_started(&self) -> bool {
        self.plan.app_indices().any(|c| {
            matches!(
                self.containers[c].state,
                ContainerState::Running { .. } | ContainerState::Terminated(_)
            )
        })
    }

    /// The phase: `getPhase`, and `TerminatePod`'s rule that a pod the kubelet terminated
    /// (deletion, eviction, deadline) while Pending or Running ends Failed.
    pub(crate) fn compute_phase(&self) -> Phase {
        let phase = self.phase_from_containers();
        let terminated = self.pod.killed && self.term.active() && self.pod.scheduled_at.is_some();
        if terminated && matches!(phase, Phase::Pending | Phase::Running) {
            Phase::Failed
        } else {
            phase
        }
    }

    /// The kubelet's `getPhase`.
    fn phase_from_containers(&self) -> Phase {
        if self.pod.deadline_exceeded {
            return Phase::Failed;
        }
        if self.pod.scheduled_at.is_none() {
            return Phase::Pending;
        }
        let (mut pending_init, mut failed_init, mut pending_sidecars) = (0, 0, 0);
        let (mut running, mut waiting, mut stopped, mut succeeded) = (0, 0, 0, 0);
        for container in self.plan.init_indices() {
            let view = &self.containers[container];
            let sidecar = self.is_sidecar(container);
            match (sidecar, view.state) {
                (false, ContainerState::Running { .. }) => pending_init += 1,
                (false, ContainerState::Terminated(exit)) => {
                    if exit.code != 0 {
                        failed_init += 1;
                    }
                }
                (false, ContainerState::Waiting(_)) => match view.last {
                    Some(exit) if exit.code != 0 => failed_init += 1,
                    Some(_) => {}
                    None => pending_init += 1,
                },
                (true, ContainerState::Running { .. }) => {
                    if !view.started {
                        pending_sidecars += 1;
                    }
                    running += 1;
                }
                (true, ContainerState::Terminated(_)) => {}
                (true, ContainerState::Waiting(_)) => {
                    if view.last.is_none() {
                        pending_sidecars += 1;
                        waiting += 1;
                    }
                }
            }
        }
        for container in self.plan.app_indices() {
            let view = &self.containers[container];
            match view.state {
                ContainerState::Running { .. } => running += 1,
                ContainerState::Terminated(exit) => {
                    stopped += 1;
                    if exit.code == 0 {
                        succeeded += 1;
                    }
                }
                ContainerState::Waiting(_) => {
                    if view.last.is_some() {
                        stopped += 1;
                    } else {
                        waiting += 1;
                    }
                }
            }
        }
        let policy = self.plan.restart_policy;
        if failed_init > 0 && policy == RestartPolicy::Never {
            return Phase::Failed;
        }
        let initialized = self.any_app_container_started();
        if pending_init > 0 || (pending_sidecars > 0 && !initialized) || waiting > 0 {
            return Phase::Pending;
        }
        if running > 0 {
            return Phase::Running;
        }
        if stopped > 0 {
            let terminal = self.pod.killing || self.pod.killed;
            if terminal {
                return if stopped == succeeded {
                    Phase::Succeeded
                } else {
                    Phase::Failed
                };
            }
            return match policy {
                RestartPolicy::Always => Phase::Running,
                _ if stopped == succeeded => Phase::Succeeded,
                RestartPolicy::Never => Phase::Failed,
                RestartPolicy::OnFailure => Phase::Running,
            };
        }
        Phase::Pending
    }

    /// The conditions' statuses and reasons now.
    fn compute_conditions(&self) -> [Option<(bool, Option<&'static str>)>; 5] {
        let mut conditions = [None; 5];
        if self.pod.scheduled_at.is_none() {
            if self.pod.gated {
                conditions[ConditionKind::Scheduled as usize] =
                    Some((false, Some("SchedulingGated")));
            }
            return conditions;
        }
        let phase = self.pod.phase;
        conditions[ConditionKind::Scheduled as usize] = Some((true, None));
        conditions[ConditionKind::ReadyToStartContainers as usize] =
            Some((self.pod.sandbox_ready, None));
        let init_incomplete = self.plan.init_indices().any(|c| {
            if self.is_sidecar(c) {
                !self.containers[c].started
            } else {
                !self.status_ready(c)
            }
        });
        let initialized = if phase == Phase::Succeeded {
            (true, Some("PodCompleted"))
        } else if self.any_app_container_started() || !init_incomplete {
            (true, None)
        } else {
            (false, Some("ContainersNotInitialized"))
        };
        conditions[ConditionKind::Initialized as usize] = Some(initialized);
        let containers_ready = match phase {
            Phase::Succeeded => (false, Some("PodCompleted")),
            Phase::Failed => (false, Some("PodFailed")),
            _ => {
                let unready = self
                    .plan
                    .init_indices()
                    .filter(|&c| self.is_sidecar(c))
                    .chain(self.plan.app_indices())
                    .any(|c| !self.status_ready(c));
                if unready {
                    (false, Some("ContainersNotReady"))
                } else {
                    (true, None)
                }
            }
        };
        conditions[ConditionKind::ContainersReady as usize] = Some(containers_ready);
        let ready = if !containers_ready.0 {
            containers_ready
        } else if self.pod.readiness_gates_set.iter().any(|set| !set) {
            (false, Some("ReadinessGatesNotReady"))
        } else {
            (true, None)
        };
        conditions[ConditionKind::Ready as usize] = Some(ready);
        conditions
    }

    /// Recomputes phase and conditions after a change; records first times, the pod's lane and
    /// (when asked) a printed status row.
    pub(crate) fn refresh(&mut self) {
        self.dirty = false;
        if !self.pod.phase.is_terminal() {
            let phase = self.compute_phase();
            // D11: the phase is set from the app containers once the defer containers are done.
            self.pod.phase =
                if self.term.defer_active && phase.is_terminal() && !self.pod.deadline_exceeded {
                    Phase::Running
                } else {
                    phase
                };
        }
        let now = self.engine.now();
        if self.pod.phase == Phase::Running
            && self.plan.defer.pre_pull
            && !self.term.pre_pull_started
        {
            self.start_pre_pull();
        }
        for (index, computed) in self.compute_conditions().into_iter().enumerate() {
            let Some((status, reason)) = computed else {
                continue;
            };
            let slot = &mut self.pod.conditions[index];
            match slot {
                Some(current) if current.status == status => current.reason = reason,
                _ => {
                    *slot = Some(ConditionState {
                        status,
                        reason,
                        since: now,
                    });
                    if let Some(kind) = ConditionKind::ALL.get(index) {
                        self.recorder
                            .condition(crate::sim::record::ConditionChange {
                                at: now,
                                condition: kind.as_str(),
                                status,
                            });
                    }
                }
            }
        }
        let is_true = |pod: &crate::sim::kubelet::state::PodView, kind: ConditionKind| {
            pod.condition(kind)
                .is_some_and(|condition| condition.status)
        };
        if is_true(&self.pod, ConditionKind::Initialized) && self.pod.initialized_at.is_none() {
            self.pod.initialized_at = Some(now);
        }
        let ready = is_true(&self.pod, ConditionKind::Ready);
        if ready && self.pod.ready_at.is_none() {
            self.pod.ready_at = Some(now);
        }
        if self.recorder.options().lanes {
            let state = match (self.pod.scheduled_at, self.pod.phase) {
                (None, _) => PodLaneState::Unscheduled,
                (_, Phase::Succeeded) => PodLaneState::Succeeded,
                (_, Phase::Failed) => PodLaneState::Failed,
                (_, _) if ready => PodLaneState::Ready,
                (_, Phase::Running) => PodLaneState::Running,
                (_, Phase::Pending) => PodLaneState::Pending,
            };
            self.recorder.pod_lane(now, state);
        }
        if self.recorder.options().statuses {
            self.record_status_row();
        }
    }

    fn record_status_row(&mut self) {
        let now = self.engine.now();
        // kubectl's row reads the conditions' types, statuses and reasons, never their
        // messages, which name every unready container: leave them to whoever prints the pod.
        self.update_status(false);
        let pod = &self.pod_object;
        let row = crate::status::pod_row(pod, Some(epoch_of(now)));
        self.recorder.status_row(StatusRow {
            at: now,
            name: row.name,
            ready: row.ready,
            status: row.status,
            restarts: row.restarts,
            age: row.age,
        });
    }

    /// What one container's printed status depends on: its status is rebuilt only when this changes.
    fn status_key(&self, container: ContainerIndex) -> StatusKey {
        let view = &self.containers[container];
        StatusKey {
            state: view.state,
            last: view.last,
            ready: self.status_ready(container),
            started: view.started,
            restart_count: view.restart_count,
            instance: view.instance,
            backoff: view.backoff.current(),
            skipped: self.defer_skipped(container),
        }
    }

    /// Brings `pod_object.status` up to date in place, rebuilding only what changed; the
    /// conditions' messages only when `messages` (they cost a scan of every container).
    pub(crate) fn update_status(&mut self, messages: bool) {
        let mut status = self.pod_object.status.take().unwrap_or_default();
        let phase = self.pod.phase.as_str();
        if status.phase.as_deref() != Some(phase) {
            status.phase = Some(phase.to_string());
        }
        if self.pod.deadline_exceeded && status.reason.is_none() {
            status.reason = Some("DeadlineExceeded".to_string());
            status.message =
                Some("Pod was active on the node longer than the specified deadline".to_string());
        }
        if status.start_time.is_none() {
            status.start_time = self.pod.start_time.map(timestamp);
        }
        let mut containers_changed = false;
        if self.pod.scheduled_at.is_some() {
            let init_count = self.plan.init_count;
            if init_count > 0 && status.init_container_statuses.is_none() {
                status.init_container_statuses = Some(vec![ContainerStatus::default(); init_count]);
            }
            if status.container_statuses.is_none() {
                let apps = self.plan.app_end - init_count;
                status.container_statuses = Some(vec![ContainerStatus::default(); apps]);
            }
            let defers = self.plan.defer_indices().len();
            if defers > 0 && status.defer_container_statuses.is_none() {
                status.defer_container_statuses = Some(vec![ContainerStatus::default(); defers]);
            }
            for container in 0..self.plan.containers.len() {
                let key = self.status_key(container);
                if self.status_cache.containers[container] == Some(key) {
                    continue;
                }
                self.status_cache.containers[container] = Some(key);
                containers_changed = true;
                let rebuilt = self.container_status(container);
                let slot = if container < init_count {
                    status
                        .init_container_statuses
                        .as_mut()
                        .and_then(|list| list.get_mut(container))
                } else if container >= self.plan.app_end {
                    status
                        .defer_container_statuses
                        .as_mut()
                        .and_then(|list| list.get_mut(container - self.plan.app_end))
                } else {
                    status
                        .container_statuses
                        .as_mut()
                        .and_then(|list| list.get_mut(container - init_count))
                };
                if let Some(slot) = slot {
                    *slot = rebuilt;
                }
            }
        }
        // Condition messages name unready containers: rebuild them when any container changed.
        if containers_changed
            || self.status_cache.conditions != self.pod.conditions
            || (messages && !self.status_cache.messages)
        {
            self.status_cache.conditions = self.pod.conditions;
            self.status_cache.messages = messages;
            let conditions: Vec<PodCondition> = ConditionKind::ALL
                .iter()
                .filter_map(|kind| {
                    let condition = self.pod.condition(*kind)?;
                    Some(PodCondition {
                        condition_type: Some(kind.as_str().to_string()),
                        status: Some(if condition.status { "True" } else { "False" }.to_string()),
                        reason: condition.reason.map(str::to_string),
                        message: messages
                            .then(|| self.condition_message(*kind, condition))
                            .flatten(),
                        last_transition_time: Some(timestamp(condition.since)),
                        ..PodCondition::default()
                    })
                })
                .collect();
            status.conditions = (!conditions.is_empty()).then_some(conditions);
        }
        self.pod_object.status = Some(status);
    }

    fn condition_message(&self, kind: ConditionKind, condition: ConditionState) -> Option<String> {
        if condition.status {
            return None;
        }
        let names = |pick: &dyn Fn(ContainerIndex) -> bool| -> Vec<&str> {
            (0..self.plan.containers.len())
                .filter(|&c| pick(c))
                .map(|c| self.plan.containers[c].name.as_str())
                .collect()
        };
        match (kind, condition.reason) {
            (ConditionKind::Initialized, Some("ContainersNotInitialized")) => {
                let incomplete = names(&|c| {
                    c < self.plan.init_count
                        && if self.is_sidecar(c) {
                            !self.containers[c].started
                        } else {
                            !self.status_ready(c)
                        }
                });
                Some(format!(
                    "containers with incomplete status: [{}]",
                    incomplete.join(" ")
                ))
            }
            (
                ConditionKind::ContainersReady | ConditionKind::Ready,
                Some("ContainersNotReady"),
            ) => {
                let unready = names(&|c| {
                    (self.plan.app_indices().contains(&c) || self.is_sidecar(c))
                        && !self.status_ready(c)
                });
                Some(format!(
                    "containers with unready status: [{}]",
                    unready.join(" ")
                ))
            }
            (ConditionKind::Ready, Some("ReadinessGatesNotReady")) => Some(
                self.plan
                    .readiness_gates
                    .iter()
                    .zip(&self.pod.readiness_gates_set)
                    .filter(|(_, set)| !**set)
                    .map(|(gate, _)| {
                        format!("corresponding condition of pod readiness gate \"{gate}\" does not exist.")
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        }
    }

    /// Whether a defer container was skipped (D8, D12): its status says `DeferSkipped`.
    fn defer_skipped(&self, container: ContainerIndex) -> bool {
        container
            .checked_sub(self.plan.app_end)
            .and_then(|slot| self.term.outcomes.get(slot))
            .is_some_and(|o| {
                matches!(
                    o,
                    crate::sim::record::defer_outcome::DeferOutcome::Skipped(_)
                )
            })
    }

    fn container_status(&self, container: ContainerIndex) -> ContainerStatus {
        let spec = &self.plan.containers[container];
        let view = &self.containers[container];
        let container_id = view
            .instance
            .map(|i| format!("containerd://{}-{}", spec.name, self.runtime.attempt(i)));
        let terminated = |exit: crate::sim::cri::ExitRecord| StateTerminated {
            exit_code: Some(i64::from(exit.code)),
            reason: Some(exit.reason.as_str().to_string()),
            started_at: Some(timestamp(exit.started_at)),
            finished_at: Some(timestamp(exit.finished_at)),
            container_id: container_id.clone(),
            ..StateTerminated::default()
        };
        let state = match view.state {
            _ if self.defer_skipped(container) => ApiState {
                terminated: Some(StateTerminated {
                    exit_code: Some(0),
                    reason: Some(crate::status::defer::DEFER_SKIPPED_REASON.to_string()),
                    finished_at: self.term.started_at.map(timestamp),
                    ..StateTerminated::default()
                }),
                ..ApiState::default()
            },
            ContainerState::Waiting(reason) => ApiState {
                waiting: Some(StateWaiting {
                    reason: Some(reason.as_str().to_string()),
                    message: (reason == WaitingReason::CrashLoopBackOff).then(|| {
                        format!(
                            "back-off {} restarting failed container={} pod={}_{}",
                            view.backoff.current(),
                            spec.name,
                            self.plan.name,
                            self.plan.namespace
                        )
                    }),
                }),
                ..ApiState::default()
            },
            ContainerState::Running { since } => ApiState {
                running: Some(StateRunning {
                    started_at: Some(timestamp(since)),
                }),
                ..ApiState::default()
            },
            ContainerState::Terminated(exit) => ApiState {
                terminated: Some(terminated(exit)),
                ..ApiState::default()
            },
        };
        ContainerStatus {
            name: Some(spec.name.clone()),
            state: Some(state),
            last_state: Some(match view.last {
                Some(exit) => ApiState {
                    terminated: Some(terminated(exit)),
                    ..ApiState::default()
                },
                None => ApiState::default(),
            }),
            ready: Some(self.status_ready(container)),
            started: Some(view.started),
            restart_count: Some(i64::from(view.restart_count)),
            image: Some(spec.image.clone()),
            container_id,
            ..ContainerStatus::default()
        }
    }
}

/// The wall-clock time of a simulated instant: the fixed creation time plus the simulated time.
pub fn epoch_of(at: SimTime) -> crate::k8s::timestamp::EpochMillis {
    BASE_EPOCH.saturating_add(i64::try_from(at.millis()).unwrap_or(i64::MAX))
}
