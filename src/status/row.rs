//! One pod → the row `kubectl get pods` prints for it (kubectl's `printPod`), as a pure function.
//!
//! The rules follow `pkg/printers/internalversion/printers.go` `printPod` exactly (SEMANTICS K8),
//! plus podlife's `Defer:` status for defer containers (SEMANTICS D15, see [`super::defer`]).

use std::collections::HashMap;

use serde::Serialize;

use crate::k8s::model::{Container, ContainerState, ContainerStatus, Pod, PodCondition, PodStatus};
use crate::k8s::timestamp::{EpochMillis, parse_rfc3339};

use super::age::translate_timestamp_since;
use super::defer::defer_status;

/// `status.reason` the node controller sets on pods of an unreachable node (`NodeLost`).
pub const NODE_UNREACHABLE_POD_REASON: &str = "NodeLost";

/// The columns `kubectl get pods` prints, and with `-o wide` the four after AGE.
pub const HEADERS: [&str; 9] = [
    "NAME",
    "READY",
    "STATUS",
    "RESTARTS",
    "AGE",
    "IP",
    "NODE",
    "NOMINATED NODE",
    "READINESS GATES",
];

/// How many of [`HEADERS`] are printed without `-o wide`.
pub const NARROW_COLUMNS: usize = 5;

/// One row of `kubectl get pods [-o wide]`: every cell exactly as kubectl prints it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PodRow {
    /// `metadata.namespace` (empty when the manifest sets none): the NAMESPACE column when the
    /// input spans namespaces, as `kubectl get pods -A` prints it.
    pub namespace: String,
    /// `metadata.name`.
    pub name: String,
    /// Ready containers / containers: `1/2` (app containers and native sidecars).
    pub ready: String,
    /// `Running`, `Init:1/2`, `CrashLoopBackOff`, `Terminating`, `Defer:0/1`, …
    pub status: String,
    /// The sum of restart counts, with `(5m ago)` when the last restart time is known.
    pub restarts: String,
    /// Time since `metadata.creationTimestamp`.
    pub age: String,
    /// The first pod IP, or `<none>` (wide).
    pub ip: String,
    /// `spec.nodeName`, or `<none>` (wide).
    pub node: String,
    /// `status.nominatedNodeName`, or `<none>` (wide).
    pub nominated_node: String,
    /// True readiness gates / readiness gates, or `<none>` (wide).
    pub readiness_gates: String,
}

impl PodRow {
    /// The cells in column order; the first [`NARROW_COLUMNS`] unless `wide`.
    pub fn cells(&self, wide: bool) -> Vec<&str> {
        let all = [
            self.name.as_str(),
            &self.ready,
            &self.status,
            &self.restarts,
            &self.age,
            &self.ip,
            &self.node,
            &self.nominated_node,
            &self.readiness_gates,
        ];
        let count = if wide { all.len() } else { NARROW_COLUMNS };
        all.into_iter().take(count).collect()
    }
}

/// The row kubectl prints for `pod` at time `now`.
///
/// Contract for `now`: `Some(t)` is the clock kubectl would read (`time.Now()`); AGE and the
/// `(X ago)` part of RESTARTS are computed against it. `None` means no clock: AGE is
/// `<unknown>` and RESTARTS is the bare count (no `(X ago)`), so output never depends on a
/// clock nobody chose. Unparsable timestamps count as unset (`<unknown>`, no "ago").
pub fn pod_row(pod: &Pod, now: Option<EpochMillis>) -> PodRow {
    let empty_status = PodStatus::default();
    let status = pod.status.as_ref().unwrap_or(&empty_status);
    let phase = status.phase.as_deref().unwrap_or("");

    let mut reason = phase.to_string();
    if let Some(pod_reason) = status.reason.as_deref().filter(|r| !r.is_empty()) {
        reason = pod_reason.to_string();
    }
    // A pod held by scheduling gates carries {type: PodScheduled, reason: SchedulingGated}.
    if conditions(status).iter().any(|c| {
        c.condition_type.as_deref() == Some("PodScheduled")
            && is(c.reason.as_ref(), "SchedulingGated")
    }) {
        reason = "SchedulingGated".to_string();
    }

    let init_containers = pod.init_containers();
    let sidecars = init_containers.iter().filter(|c| c.is_sidecar()).count();
    let total_containers = pod.containers().len() + sidecars;
    let init = init_progress(init_containers, status);
    if let Some(init_reason) = init.reason {
        reason = init_reason;
    }
    let mut ready_containers = init.ready_sidecars;
    let mut restarts = init.restarts;

    if !init.initializing || condition_true(status, "Initialized") {
        // Once initialized, regular init containers' restarts no longer count.
        restarts = init.sidecar_restarts;
        app_containers(status, &mut restarts, &mut reason, &mut ready_containers);
    }

    let deleting = pod.metadata.deletion_timestamp.is_some();
    if deleting && is(status.reason.as_ref(), NODE_UNREACHABLE_POD_REASON) {
        reason = "Unknown".to_string();
    } else if !is_phase_terminal(phase) {
        if let Some(defer) = defer_status(pod, status, deleting) {
            reason = defer;
        } else if deleting {
            reason = "Terminating".to_string();
        }
    }

    let creation = pod
        .metadata
        .creation_timestamp
        .as_deref()
        .and_then(parse_rfc3339);
    PodRow {
        namespace: pod.metadata.namespace.clone().unwrap_or_default(),
        name: pod.metadata.name.clone().unwrap_or_default(),
        ready: format!("{ready_containers}/{total_containers}"),
        status: reason,
        restarts: restarts.render(now),
        age: match now {
            Some(now) => translate_timestamp_since(creation, now),
            None => "<unknown>".to_string(),
        },
        ip: or_none(pod_ip(status)),
        node: or_none(pod.spec.node_name.as_deref().unwrap_or("")),
        nominated_node: or_none(status.nominated_node_name.as_deref().unwrap_or("")),
        readiness_gates: readiness_gates(pod, status),
    }
}

/// What the init containers say, as kubectl's first loop over them reads it.
struct InitProgress {
    /// Still initializing: an init container has not completed (nor started, for a sidecar).
    initializing: bool,
    /// `Init:N/M`, `Init:Error`, `Init:CrashLoopBackOff`, … while initializing.
    reason: Option<String>,
    /// Started sidecars that are ready.
    ready_sidecars: usize,
    /// Restarts of every init container seen.
    restarts: Restarts,
    /// Restarts of the sidecars alone.
    sidecar_restarts: Restarts,
}

fn init_progress(init_containers: &[Container], status: &PodStatus) -> InitProgress {
    let mut progress = InitProgress {
        initializing: false,
        reason: None,
        ready_sidecars: 0,
        restarts: Restarts::default(),
        sidecar_restarts: Restarts::default(),
    };
    // kubectl looks each status's container up by name in a map of the spec's init
    // containers. Statuses are almost always in spec order, so the spec container at the same
    // index is tried first; the map is built (once, linear) only when a name does not match
    // there, so a pod with thousands of init containers costs linear time either way.
    let by_name: std::cell::OnceCell<HashMap<&str, bool>> = std::cell::OnceCell::new();
    let is_sidecar = |index: usize, name: &str| match init_containers.get(index) {
        Some(container) if container.name() == name => container.is_sidecar(),
        _ => by_name
            .get_or_init(|| {
                init_containers
                    .iter()
                    .map(|container| (container.name(), container.is_sidecar()))
                    .collect()
            })
            .get(name)
            .copied()
            .unwrap_or(false),
    };
    for (index, container) in statuses(status.init_container_statuses.as_ref())
        .iter()
        .enumerate()
    {
        progress.restarts.add(container);
        let sidecar = is_sidecar(index, container.name.as_deref().unwrap_or(""));
        if sidecar {
            progress.sidecar_restarts.add(container);
        }
        let state = state_of(container);
        progress.reason = Some(match (&state.terminated, &state.waiting) {
            (Some(terminated), _) if terminated.exit_code.unwrap_or(0) == 0 => continue,
            _ if sidecar && container.started == Some(true) => {
                if container.ready == Some(true) {
                    progress.ready_sidecars += 1;
                }
                continue;
            }
            // Initialization failed.
            (Some(terminated), _) => format!("Init:{}", terminated_reason(terminated)),
            (None, Some(waiting))
                if waiting_reason(waiting).is_some_and(|r| r != "PodInitializing") =>
            {
                format!("Init:{}", waiting_reason(waiting).unwrap_or_default())
            }
            _ => format!("Init:{index}/{}", init_containers.len()),
        });
        progress.initializing = true;
        break;
    }
    progress
}

/// kubectl's second loop: app containers from last to first set the reason and count the
/// ready ones; "Completed" with a container still running reads "Running" or "NotReady".
fn app_containers(
    status: &PodStatus,
    restarts: &mut Restarts,
    reason: &mut String,
    ready_containers: &mut usize,
) {
    let mut has_running = false;
    for container in statuses(status.container_statuses.as_ref()).iter().rev() {
        restarts.add(container);
        let state = state_of(container);
        if let Some(waiting) = state.waiting.as_ref().and_then(waiting_reason) {
            *reason = waiting.to_string();
        } else if let Some(terminated) = &state.terminated {
            *reason = terminated_reason(terminated);
        } else if container.ready == Some(true) && state.running.is_some() {
            has_running = true;
            *ready_containers += 1;
        }
    }
    // Back to "Running" if at least one container is still running.
    if reason == "Completed" && has_running {
        *reason = if condition_true(status, "Ready") {
            "Running".to_string()
        } else {
            "NotReady".to_string()
        };
    }
}

/// A restart count and the latest `lastState.terminated.finishedAt` seen with it.
#[derive(Debug, Clone, Copy, Default)]
struct Restarts {
    count: i64,
    last: Option<EpochMillis>,
}

impl Restarts {
    fn add(&mut self, container: &ContainerStatus) {
        self.count = self
            .count
            .saturating_add(container.restart_count.unwrap_or(0));
        let finished = container
            .last_state
            .as_ref()
            .and_then(|state| state.terminated.as_ref())
            .and_then(|terminated| terminated.finished_at.as_deref())
            .and_then(parse_rfc3339);
        if let Some(finished) = finished {
            self.last = Some(self.last.map_or(finished, |last| last.max(finished)));
        }
    }

    /// `3`, or `3 (10s ago)` when there were restarts and the last one's time is known.
    fn render(self, now: Option<EpochMillis>) -> String {
        match (self.count, self.last, now) {
            (0, _, _) | (_, None, _) | (_, _, None) => self.count.to_string(),
            (count, last, Some(now)) => {
                format!("{count} ({} ago)", translate_timestamp_since(last, now))
            }
        }
    }
}

/// `Signal:N`, `ExitCode:N` or the reason of a terminated state (kubectl's order).
pub(super) fn terminated_reason(terminated: &crate::k8s::model::StateTerminated) -> String {
    match terminated.reason.as_deref().filter(|r| !r.is_empty()) {
        Some(reason) => reason.to_string(),
        None => match terminated.signal.unwrap_or(0) {
            0 => format!("ExitCode:{}", terminated.exit_code.unwrap_or(0)),
            signal => format!("Signal:{signal}"),
        },
    }
}

/// A waiting state's reason, if not empty.
pub(super) fn waiting_reason(waiting: &crate::k8s::model::StateWaiting) -> Option<&str> {
    waiting.reason.as_deref().filter(|r| !r.is_empty())
}

/// The state of a status without one.
static NO_STATE: ContainerState = ContainerState {
    waiting: None,
    running: None,
    terminated: None,
};

/// A container status's current state (empty if absent).
pub(super) fn state_of(container: &ContainerStatus) -> &ContainerState {
    container.state.as_ref().unwrap_or(&NO_STATE)
}

/// A status list, or none.
pub(super) fn statuses(list: Option<&Vec<ContainerStatus>>) -> &[ContainerStatus] {
    list.map_or(&[], Vec::as_slice)
}

/// The spec container a status belongs to; with duplicate names the last one wins (as Go's map does).
pub(super) fn spec_of<'p>(
    containers: &'p [Container],
    status: &ContainerStatus,
) -> Option<&'p Container> {
    let name = status.name.as_deref().unwrap_or("");
    containers.iter().rev().find(|c| c.name() == name)
}

fn conditions(status: &PodStatus) -> &[PodCondition] {
    status.conditions.as_deref().unwrap_or(&[])
}

/// Whether a condition of this type has status `True` (kubectl looks at each such condition).
fn condition_true(status: &PodStatus, condition_type: &str) -> bool {
    conditions(status).iter().any(|c| {
        c.condition_type.as_deref() == Some(condition_type) && is(c.status.as_ref(), "True")
    })
}

fn is(value: Option<&String>, expected: &str) -> bool {
    value.is_some_and(|value| value == expected)
}

fn is_phase_terminal(phase: &str) -> bool {
    phase == "Succeeded" || phase == "Failed"
}

fn or_none(value: &str) -> String {
    if value.is_empty() {
        "<none>".to_string()
    } else {
        value.to_string()
    }
}

/// The first pod IP as the API server's v1→internal conversion leaves it: `podIP` when set
/// (authoritative for older kubelets), else `podIPs[0]`.
fn pod_ip(status: &PodStatus) -> &str {
    match status.pod_ip.as_deref().filter(|ip| !ip.is_empty()) {
        Some(ip) => ip,
        None => status
            .pod_ips
            .as_deref()
            .and_then(|ips| ips.first())
            .and_then(|ip| ip.ip.as_deref())
            .unwrap_or(""),
    }
}

/// `N/M`: readiness gates whose condition (the first of that type) is `True`, or `<none>`.
fn readiness_gates(pod: &Pod, status: &PodStatus) -> String {
    let gates = pod.spec.readiness_gates.as_deref().unwrap_or(&[]);
    if gates.is_empty() {
        return "<none>".to_string();
    }
    let true_conditions = gates
        .iter()
        .filter(|gate| {
            let wanted = gate.condition_type.as_deref().unwrap_or("");
            conditions(status)
                .iter()
                .find(|c| c.condition_type.as_deref().unwrap_or("") == wanted)
                .is_some_and(|c| is(c.status.as_ref(), "True"))
        })
        .count();
    format!("{true_conditions}/{}", gates.len())
}

#[cfg(test)]
#[path = "row_tests.rs"]
mod tests;
