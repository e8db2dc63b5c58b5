//! Each container of an observed pod and its runs, as its status shows them: the last two runs at most, and how many more `restartCount` says there were.

use crate::k8s::model::{ContainerState, ContainerStatus, Pod};
use crate::k8s::timestamp::{EpochMillis, parse_rfc3339};

/// Which list a container is in, and how it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// An init container that runs to completion.
    Init,
    /// An init container with `restartPolicy: Always` (a native sidecar).
    Sidecar,
    /// An app container.
    App,
    /// An ephemeral (debug) container.
    Ephemeral,
    /// A defer container (docs/semantics.md D1).
    Defer,
}

impl Role {
    /// As the JSON's `kind` and the lane labels write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Init => "init",
            Role::Sidecar => "sidecar",
            Role::App => "app",
            Role::Ephemeral => "ephemeral",
            Role::Defer => "defer",
        }
    }

    /// The field path kubelet events give for this list: `spec.initContainers`.
    pub fn spec_list(self) -> &'static str {
        match self {
            Role::Init | Role::Sidecar => "spec.initContainers",
            Role::App => "spec.containers",
            Role::Ephemeral => "spec.ephemeralContainers",
            Role::Defer => "spec.deferContainers",
        }
    }
}

/// One run of a container: an instance from its start to its exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// When it started (epoch ms), if the status says.
    pub start: Option<EpochMillis>,
    /// When it exited (epoch ms); `None` while it runs or when the status does not say.
    pub end: Option<EpochMillis>,
    /// Its exit code, once it exited.
    pub exit_code: Option<i64>,
    /// The reason of its exit (`Completed`, `Error`, `OOMKilled`), once it exited.
    pub reason: Option<String>,
    /// Its run number, 1 for the first (from `restartCount`), when it can be told.
    pub number: Option<u64>,
}

/// A container as observed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerLife {
    /// Its name.
    pub name: String,
    /// Its list and kind.
    pub role: Role,
    /// Its image, from the spec or else the status.
    pub image: String,
    /// The runs the status shows, oldest first (at most two: `lastState` and `state`).
    pub runs: Vec<Run>,
    /// `restartCount`.
    pub restart_count: u64,
    /// Runs before the ones shown: `restartCount` counts them, the status keeps no times.
    pub earlier_runs: u64,
    /// `state.waiting.reason` (`CrashLoopBackOff`, `ErrImagePull`), when it waits.
    pub waiting: Option<String>,
    /// `ready`.
    pub ready: bool,
    /// `started`.
    pub started: bool,
    /// Whether the pod has a status for it.
    pub has_status: bool,
}

/// A timestamp of the status that is there but not RFC 3339: a note, never a guess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTime {
    /// The field (`status.containerStatuses[app].state.running.startedAt`).
    pub field: String,
    /// The text.
    pub text: String,
}

/// Every container of the pod, in spec order (init, app, ephemeral, defer), then those only the
/// status names; and the timestamps that could not be read.
pub fn container_lives(pod: &Pod) -> (Vec<ContainerLife>, Vec<BadTime>) {
    let status = pod.status.as_ref();
    let mut lives = Vec::new();
    let mut bad = Vec::new();
    let lists = [
        (
            pod.init_containers(),
            status.and_then(|s| s.init_container_statuses.as_deref()),
            "initContainerStatuses",
            true,
        ),
        (
            pod.containers(),
            status.and_then(|s| s.container_statuses.as_deref()),
            "containerStatuses",
            false,
        ),
        (
            pod.ephemeral_containers(),
            status.and_then(|s| s.ephemeral_container_statuses.as_deref()),
            "ephemeralContainerStatuses",
            false,
        ),
        (
            pod.defer_containers(),
            status.and_then(|s| s.defer_container_statuses.as_deref()),
            "deferContainerStatuses",
            false,
        ),
    ];
    for (list_index, (specs, statuses, field, init)) in lists.into_iter().enumerate() {
        let statuses = statuses.unwrap_or(&[]);
        let role_of = |restart_policy: Option<&str>| match list_index {
            0 if init && restart_policy == Some("Always") => Role::Sidecar,
            0 => Role::Init,
            1 => Role::App,
            2 => Role::Ephemeral,
            _ => Role::Defer,
        };
        let mut named: Vec<(String, Role, String)> = specs
            .iter()
            .map(|c| {
                (
                    c.name.clone().unwrap_or_default(),
                    role_of(c.restart_policy.as_deref()),
                    c.image.clone().unwrap_or_default(),
                )
            })
            .collect();
        for status in statuses {
            let name = status.name.clone().unwrap_or_default();
            if !named.iter().any(|(n, _, _)| *n == name) {
                named.push((name, role_of(None), String::new()));
            }
        }
        for (name, role, image) in named {
            let found = statuses
                .iter()
                .find(|s| s.name.as_deref() == Some(name.as_str()));
            let life = match found {
                Some(status) => {
                    let at = format!("status.{field}[{name}]");
                    life_from_status(name, role, image, status, &at, &mut bad)
                }
                None => ContainerLife {
                    name,
                    role,
                    image,
                    runs: Vec::new(),
                    restart_count: 0,
                    earlier_runs: 0,
                    waiting: None,
                    ready: false,
                    started: false,
                    has_status: false,
                },
            };
            lives.push(life);
        }
    }
    (lives, bad)
}

fn life_from_status(
    name: String,
    role: Role,
    image: String,
    status: &ContainerStatus,
    at: &str,
    bad: &mut Vec<BadTime>,
) -> ContainerLife {
    let restart_count = status
        .restart_count
        .and_then(|n| u64::try_from(n).ok())
        .unwrap_or(0);
    let mut runs = Vec::new();
    if let Some(run) = status
        .last_state
        .as_ref()
        .and_then(|state| run_of(state, &format!("{at}.lastState"), bad))
    {
        runs.push(run);
    }
    if let Some(run) = status
        .state
        .as_ref()
        .and_then(|state| run_of(state, &format!("{at}.state"), bad))
    {
        runs.push(run);
    }
    // A container that has run at all has run `restartCount + 1` times: the kubelet counts the
    // instances before the newest one.
    let total = if runs.is_empty() {
        0
    } else {
        restart_count.saturating_add(1)
    };
    let visible = runs.len() as u64;
    let earlier_runs = total.saturating_sub(visible);
    let first_number = total.saturating_sub(visible).saturating_add(1);
    for (offset, run) in runs.iter_mut().enumerate() {
        run.number = Some(first_number.saturating_add(offset as u64));
    }
    let image = if image.is_empty() {
        status.image.clone().unwrap_or_default()
    } else {
        image
    };
    ContainerLife {
        name,
        role,
        image,
        runs,
        restart_count,
        earlier_runs,
        waiting: status
            .state
            .as_ref()
            .and_then(|s| s.waiting.as_ref())
            .map(|w| w.reason.clone().unwrap_or_default()),
        ready: status.ready.unwrap_or(false),
        started: status.started.unwrap_or(false),
        has_status: true,
    }
}

fn time(text: Option<&String>, field: String, bad: &mut Vec<BadTime>) -> Option<EpochMillis> {
    let text = text?;
    let parsed = parse_rfc3339(text);
    if parsed.is_none() && !text.is_empty() {
        bad.push(BadTime {
            field,
            text: text.clone(),
        });
    }
    parsed
}

fn run_of(state: &ContainerState, at: &str, bad: &mut Vec<BadTime>) -> Option<Run> {
    if let Some(running) = &state.running {
        return Some(Run {
            start: time(
                running.started_at.as_ref(),
                format!("{at}.running.startedAt"),
                bad,
            ),
            end: None,
            exit_code: None,
            reason: None,
            number: None,
        });
    }
    let terminated = state.terminated.as_ref()?;
    Some(Run {
        start: time(
            terminated.started_at.as_ref(),
            format!("{at}.terminated.startedAt"),
            bad,
        ),
        end: time(
            terminated.finished_at.as_ref(),
            format!("{at}.terminated.finishedAt"),
            bad,
        ),
        exit_code: terminated.exit_code,
        reason: terminated.reason.clone(),
        number: None,
    })
}
