//! Test-only builders for pods with statuses, so the tables from Kubernetes' tests read like theirs.

use crate::k8s::model::{
    Container, ContainerState, ContainerStatus, Pod, PodCondition, PodIp, PodStatus, ReadinessGate,
    StateRunning, StateTerminated, StateWaiting,
};
use crate::k8s::timestamp::{EpochMillis, format_rfc3339};

use super::row::pod_row;

/// The fixed clock of the tests: 2026-01-01T00:00:00Z.
pub const NOW: EpochMillis = 1_767_225_600_000;
pub const SECOND: i64 = 1000;
pub const MINUTE: i64 = 60 * SECOND;
pub const DAY: i64 = 24 * 60 * MINUTE;

/// A timestamp `millis` before [`NOW`].
pub fn ago(millis: i64) -> String {
    format_rfc3339(NOW - millis)
}

/// The five narrow cells of a pod's row at [`NOW`].
pub fn narrow(pod: &Pod) -> Vec<String> {
    cells(pod, false)
}

/// The nine wide cells of a pod's row at [`NOW`].
pub fn wide(pod: &Pod) -> Vec<String> {
    cells(pod, true)
}

fn cells(pod: &Pod, wide: bool) -> Vec<String> {
    pod_row(pod, Some(NOW))
        .cells(wide)
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// A pod under construction.
pub struct PodBuilder(Pod);

fn container(name: &str, restart_policy: Option<&str>) -> Container {
    Container {
        name: Some(name.to_string()),
        restart_policy: restart_policy.map(str::to_string),
        ..Container::default()
    }
}

impl PodBuilder {
    /// A pod named `name` with an empty status.
    pub fn new(name: &str) -> Self {
        let mut pod = Pod::default();
        pod.metadata.name = Some(name.to_string());
        pod.status = Some(PodStatus::default());
        PodBuilder(pod)
    }

    fn status(&mut self) -> &mut PodStatus {
        self.0.status.get_or_insert_with(PodStatus::default)
    }

    /// `n` unnamed app containers (Go's `make([]api.Container, n)`).
    pub fn containers(mut self, n: usize) -> Self {
        self.0.spec.containers = Some(vec![Container::default(); n]);
        self
    }

    /// App containers with these names.
    pub fn named_containers(mut self, names: &[&str]) -> Self {
        self.0.spec.containers = Some(names.iter().map(|n| container(n, None)).collect());
        self
    }

    /// `n` unnamed regular init containers.
    pub fn init_containers(mut self, n: usize) -> Self {
        self.0.spec.init_containers = Some(vec![Container::default(); n]);
        self
    }

    /// Init containers: `(name, restartPolicy)`.
    pub fn named_init_containers(mut self, specs: &[(&str, Option<&str>)]) -> Self {
        self.0.spec.init_containers = Some(specs.iter().map(|(n, p)| container(n, *p)).collect());
        self
    }

    /// Defer containers: `(name, restartPolicy)`.
    pub fn defer_containers(mut self, specs: &[(&str, Option<&str>)]) -> Self {
        self.0.spec.defer_containers = Some(specs.iter().map(|(n, p)| container(n, *p)).collect());
        self
    }

    pub fn phase(mut self, phase: &str) -> Self {
        self.status().phase = Some(phase.to_string());
        self
    }

    pub fn reason(mut self, reason: &str) -> Self {
        self.status().reason = Some(reason.to_string());
        self
    }

    /// A condition `{type, status}`.
    pub fn condition(self, condition_type: &str, status: &str) -> Self {
        self.condition_with_reason(condition_type, status, None)
    }

    /// A condition `{type, status, reason}`.
    pub fn condition_with_reason(
        mut self,
        condition_type: &str,
        status: &str,
        reason: Option<&str>,
    ) -> Self {
        self.status()
            .conditions
            .get_or_insert_with(Vec::new)
            .push(PodCondition {
                condition_type: Some(condition_type.to_string()),
                status: Some(status.to_string()),
                reason: reason.map(str::to_string),
                ..PodCondition::default()
            });
        self
    }

    pub fn init_statuses(mut self, statuses: Vec<StatusBuilder>) -> Self {
        self.status().init_container_statuses = Some(statuses.into_iter().map(|s| s.0).collect());
        self
    }

    pub fn container_statuses(mut self, statuses: Vec<StatusBuilder>) -> Self {
        self.status().container_statuses = Some(statuses.into_iter().map(|s| s.0).collect());
        self
    }

    pub fn defer_statuses(mut self, statuses: Vec<StatusBuilder>) -> Self {
        self.status().defer_container_statuses = Some(statuses.into_iter().map(|s| s.0).collect());
        self
    }

    /// `metadata.deletionTimestamp` 10 s ago.
    pub fn deleted(mut self) -> Self {
        self.0.metadata.deletion_timestamp = Some(ago(10 * SECOND));
        self
    }

    pub fn created(mut self, timestamp: &str) -> Self {
        self.0.metadata.creation_timestamp = Some(timestamp.to_string());
        self
    }

    pub fn node(mut self, node: &str) -> Self {
        self.0.spec.node_name = Some(node.to_string());
        self
    }

    pub fn nominated_node(mut self, node: &str) -> Self {
        self.status().nominated_node_name = Some(node.to_string());
        self
    }

    pub fn pod_ip(mut self, ip: &str) -> Self {
        self.status().pod_ip = Some(ip.to_string());
        self
    }

    pub fn pod_ips(mut self, ips: &[&str]) -> Self {
        self.status().pod_ips = Some(
            ips.iter()
                .map(|ip| PodIp {
                    ip: Some(ip.to_string()),
                })
                .collect(),
        );
        self
    }

    pub fn readiness_gates(mut self, types: &[&str]) -> Self {
        self.0.spec.readiness_gates = Some(
            types
                .iter()
                .map(|t| ReadinessGate {
                    condition_type: Some(t.to_string()),
                })
                .collect(),
        );
        self
    }

    pub fn build(self) -> Pod {
        self.0
    }
}

/// A container status under construction.
#[derive(Default)]
pub struct StatusBuilder(ContainerStatus);

/// An empty container status (Go's `api.ContainerStatus{}`).
pub fn status() -> StatusBuilder {
    StatusBuilder::default()
}

impl StatusBuilder {
    pub fn named(mut self, name: &str) -> Self {
        self.0.name = Some(name.to_string());
        self
    }

    pub fn ready(mut self) -> Self {
        self.0.ready = Some(true);
        self
    }

    pub fn not_ready(mut self) -> Self {
        self.0.ready = Some(false);
        self
    }

    pub fn started(mut self, started: bool) -> Self {
        self.0.started = Some(started);
        self
    }

    pub fn restarts(mut self, count: i64) -> Self {
        self.0.restart_count = Some(count);
        self
    }

    fn state(&mut self) -> &mut ContainerState {
        self.0.state.get_or_insert_with(ContainerState::default)
    }

    pub fn running(mut self) -> Self {
        self.state().running = Some(StateRunning::default());
        self
    }

    /// Waiting, with a reason if not empty.
    pub fn waiting(mut self, reason: &str) -> Self {
        self.state().waiting = Some(StateWaiting {
            reason: Some(reason.to_string()).filter(|r| !r.is_empty()),
            message: None,
        });
        self
    }

    /// Terminated with this reason (none if empty) and exit code.
    pub fn terminated(mut self, reason: &str, exit_code: i64) -> Self {
        self.state().terminated = Some(StateTerminated {
            reason: Some(reason.to_string()).filter(|r| !r.is_empty()),
            exit_code: Some(exit_code),
            ..StateTerminated::default()
        });
        self
    }

    /// Terminated by a signal, without a reason.
    pub fn signalled(mut self, signal: i64, exit_code: i64) -> Self {
        self.state().terminated = Some(StateTerminated {
            signal: Some(signal),
            exit_code: Some(exit_code),
            ..StateTerminated::default()
        });
        self
    }

    /// `lastState.terminated.finishedAt` `millis` before [`NOW`].
    pub fn last_finished(mut self, millis: i64) -> Self {
        self.0.last_state = Some(ContainerState {
            terminated: Some(StateTerminated {
                finished_at: Some(ago(millis)),
                ..StateTerminated::default()
            }),
            ..ContainerState::default()
        });
        self
    }
}
