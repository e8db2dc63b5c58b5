//! TEMPORARY stand-in for `crate::status::pod_row` (branch `status`): delete once it lands on main.
//!
//! TODO(status): replace every use with `crate::status::pod_row` and remove this file. It follows
//! kubectl's `printPod` closely enough for the simulation's own rows (K8); the real printer and
//! its tests live on the `status` branch.

use crate::model::{ContainerStatus, Pod};
use crate::timestamp::{EpochMillis, parse_rfc3339};

/// The `kubectl get pods` columns of one pod.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodRow {
    /// NAME.
    pub name: String,
    /// READY.
    pub ready: String,
    /// STATUS.
    pub status: String,
    /// RESTARTS.
    pub restarts: String,
    /// AGE.
    pub age: String,
}

/// The row kubectl prints for `pod` at `now`.
pub fn pod_row(pod: &Pod, now: Option<EpochMillis>) -> PodRow {
    let status = pod.status.clone().unwrap_or_default();
    let init_specs = pod.init_containers();
    let total = pod.containers().len() + init_specs.iter().filter(|c| c.is_sidecar()).count();
    let mut ready = 0usize;
    let mut restarts: i64 = 0;
    let mut sidecar_restarts: i64 = 0;
    let mut last_restart: Option<EpochMillis> = None;
    let mut last_sidecar_restart: Option<EpochMillis> = None;
    let mut reason = status
        .reason
        .clone()
        .or(status.phase.clone())
        .unwrap_or_default();
    let finished = |s: &ContainerStatus| {
        s.last_state
            .as_ref()
            .and_then(|l| l.terminated.as_ref())
            .and_then(|t| t.finished_at.as_deref())
            .and_then(parse_rfc3339)
    };
    let init_statuses = status.init_container_statuses.clone().unwrap_or_default();
    let mut initializing = false;
    for (i, container) in init_statuses.iter().enumerate() {
        let sidecar = init_specs
            .iter()
            .find(|c| c.name == container.name)
            .is_some_and(|c| c.is_sidecar());
        restarts += container.restart_count.unwrap_or(0);
        if let Some(at) = finished(container) {
            last_restart = last_restart.max(Some(at));
            if sidecar {
                last_sidecar_restart = last_sidecar_restart.max(Some(at));
            }
        }
        if sidecar {
            sidecar_restarts += container.restart_count.unwrap_or(0);
        }
        let state = container.state.clone().unwrap_or_default();
        if state.terminated.as_ref().and_then(|t| t.exit_code) == Some(0) {
            continue;
        }
        if sidecar && container.started == Some(true) {
            if container.ready == Some(true) {
                ready += 1;
            }
            continue;
        }
        if let Some(terminated) = &state.terminated {
            reason = match terminated.reason.as_deref().filter(|r| !r.is_empty()) {
                Some(r) => format!("Init:{r}"),
                None => match terminated.signal.filter(|s| *s != 0) {
                    Some(signal) => format!("Init:Signal:{signal}"),
                    None => format!("Init:ExitCode:{}", terminated.exit_code.unwrap_or(0)),
                },
            };
        } else if let Some(r) = state
            .waiting
            .as_ref()
            .and_then(|w| w.reason.as_deref())
            .filter(|r| !r.is_empty() && *r != "PodInitializing")
        {
            reason = format!("Init:{r}");
        } else {
            reason = format!("Init:{i}/{}", init_specs.len());
        }
        initializing = true;
        break;
    }
    let initialized_true = status.conditions.iter().flatten().any(|c| {
        c.condition_type.as_deref() == Some("Initialized") && c.status.as_deref() == Some("True")
    });
    if !initializing || initialized_true {
        restarts = sidecar_restarts;
        last_restart = last_sidecar_restart;
        let mut has_running = false;
        for container in status.container_statuses.iter().flatten().rev() {
            restarts += container.restart_count.unwrap_or(0);
            if let Some(at) = finished(container) {
                last_restart = last_restart.max(Some(at));
            }
            let state = container.state.clone().unwrap_or_default();
            let waiting = state.waiting.as_ref().and_then(|w| w.reason.clone());
            if let Some(r) = waiting.filter(|r| !r.is_empty()) {
                reason = r;
            } else if let Some(terminated) = &state.terminated {
                reason = match terminated.reason.clone().filter(|r| !r.is_empty()) {
                    Some(r) => r,
                    None => match terminated.signal.filter(|s| *s != 0) {
                        Some(signal) => format!("Signal:{signal}"),
                        None => format!("ExitCode:{}", terminated.exit_code.unwrap_or(0)),
                    },
                };
            } else if container.ready == Some(true) && state.running.is_some() {
                has_running = true;
                ready += 1;
            }
        }
        if reason == "Completed" && has_running {
            let ready_condition = status.conditions.iter().flatten().any(|c| {
                c.condition_type.as_deref() == Some("Ready") && c.status.as_deref() == Some("True")
            });
            reason = if ready_condition {
                "Running"
            } else {
                "NotReady"
            }
            .to_string();
        }
    }
    let terminal = matches!(status.phase.as_deref(), Some("Succeeded" | "Failed"));
    if pod.metadata.deletion_timestamp.is_some() && !terminal {
        reason = "Terminating".to_string();
    }
    let restarts_text = match (restarts, last_restart, now) {
        (0, _, _) | (_, None, _) => restarts.to_string(),
        (n, Some(at), Some(now)) => format!("{n} ({} ago)", human_duration(now - at)),
        (n, Some(_), None) => n.to_string(),
    };
    let age = match (
        pod.metadata
            .creation_timestamp
            .as_deref()
            .and_then(parse_rfc3339),
        now,
    ) {
        (Some(created), Some(now)) => human_duration(now - created),
        _ => "<unknown>".to_string(),
    };
    PodRow {
        name: pod.metadata.name.clone().unwrap_or_default(),
        ready: format!("{ready}/{total}"),
        status: reason,
        restarts: restarts_text,
        age,
    }
}

/// apimachinery's `HumanDuration`.
fn human_duration(millis: i64) -> String {
    let seconds = millis.div_euclid(1000);
    if seconds < -1 {
        return "<invalid>".to_string();
    }
    if seconds < 0 {
        return "0s".to_string();
    }
    if seconds < 120 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 {
            format!("{minutes}m")
        } else {
            format!("{minutes}m{s}s")
        };
    }
    if minutes < 180 {
        return format!("{minutes}m");
    }
    let hours = minutes / 60;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 {
            format!("{hours}h")
        } else {
            format!("{hours}h{m}m")
        };
    }
    if hours < 48 {
        return format!("{hours}h");
    }
    if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 {
            format!("{}d", hours / 24)
        } else {
            format!("{}d{h}h", hours / 24)
        };
    }
    if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    }
    if hours < 24 * 365 * 8 {
        let days = (hours / 24) % 365;
        return if days == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{days}d", hours / 24 / 365)
        };
    }
    format!("{}y", hours / 24 / 365)
}
