//! The critical path to Ready: the time from creation to Ready split into what it was spent on, each part with its evidence, the parts adding up to the whole.
//!
//! Candidates are laid in the order a pod comes up (scheduling; each init container and
//! sidecar: its pull, its runs and the back-offs between them; each app container's pull and
//! start; readiness; readiness gates). Walking them with a cursor from 0 to the end, a
//! candidate is clipped to what is left of it, a candidate wholly behind the cursor ran in
//! parallel and is dropped, and time nothing accounts for becomes its own part. So the parts
//! never overlap and always add up to the end: Ready, or the last thing known.

use crate::observe::containers::{ContainerLife, Role};
use crate::observe::event_rows::EventRow;
use crate::observe::format_ms;
use crate::observe::observation::Observation;

/// What a part of the path was spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// Waiting for a node.
    Scheduling,
    /// From scheduling to the first container's pull or start: sandbox, volumes, network.
    Sandbox,
    /// An image pull.
    ImagePull,
    /// Runs the status does not show (`restartCount` counts them) and their back-offs.
    EarlierRuns,
    /// A run of an init container (or an app container's run that ended before Ready).
    Run,
    /// A back-off wait after a failed run.
    BackOff,
    /// A sidecar from its start until it counted as started (its startup probe).
    SidecarStartup,
    /// From an app container's pull (or the end of initialization) to its start.
    ContainerStart,
    /// From the last app container's start to `ContainersReady`: readiness probes.
    Readiness,
    /// From `ContainersReady` to `Ready`: readiness gates.
    ReadinessGates,
    /// A container from the pod's deletion to its exit: preStop hook and SIGTERM.
    Termination,
    /// Time the input says nothing about.
    Unaccounted,
}

impl StepKind {
    /// As the JSON's `step` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Scheduling => "scheduling",
            StepKind::Sandbox => "sandbox",
            StepKind::ImagePull => "image-pull",
            StepKind::EarlierRuns => "earlier-runs",
            StepKind::Run => "run",
            StepKind::BackOff => "back-off",
            StepKind::SidecarStartup => "sidecar-startup",
            StepKind::ContainerStart => "container-start",
            StepKind::Readiness => "readiness",
            StepKind::ReadinessGates => "readiness-gates",
            StepKind::Termination => "termination",
            StepKind::Unaccounted => "unaccounted",
        }
    }
}

/// One part of the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What it was spent on.
    pub kind: StepKind,
    /// The container, when it is one's.
    pub container: Option<String>,
    /// When it started, ms since time 0.
    pub start_ms: i64,
    /// How long it took.
    pub duration_ms: i64,
    /// What says so: the status fields and events it was read from.
    pub evidence: String,
    /// What to look at.
    pub advice: String,
}

/// A part before clipping.
struct Candidate {
    kind: StepKind,
    container: Option<String>,
    /// Its start; `None`: where the cursor is.
    start: Option<i64>,
    /// Its end; `None`: where the next candidate with a start begins.
    end: Option<i64>,
    evidence: String,
    advice: String,
}

/// The path and what it ends at (`Ready`, or `last known` when the pod never became Ready).
/// Empty when the input gives no time.
pub fn critical_path(observation: &Observation) -> (Vec<Step>, Option<(i64, &'static str)>) {
    let summary = &observation.summary;
    let (end, label) = match (
        summary.ready_ms,
        summary.ended_ms,
        observation.last_known_ms(),
    ) {
        (Some(ready), ..) => (ready, "Ready"),
        (None, Some(ended), _) => (ended, "ended"),
        (None, None, Some(last)) => (last, "last known"),
        (None, None, None) => return (Vec::new(), None),
    };
    let candidates = candidates(observation, end);
    (partition(candidates, end.max(0)), Some((end, label)))
}

fn partition(mut candidates: Vec<Candidate>, end: i64) -> Vec<Step> {
    // An open end runs to the next known start.
    for index in 0..candidates.len() {
        if candidates.get(index).is_some_and(|c| c.end.is_none()) {
            let next = candidates
                .iter()
                .skip(index + 1)
                .find_map(|c| c.start)
                .unwrap_or(end);
            if let Some(candidate) = candidates.get_mut(index) {
                candidate.end = Some(next);
            }
        }
    }
    let mut steps = Vec::new();
    let mut cursor = 0i64;
    let mut first_container_step = true;
    for candidate in candidates {
        let start = candidate.start.unwrap_or(cursor).clamp(cursor, end);
        let stop = candidate.end.unwrap_or(end).min(end);
        if stop <= start {
            continue;
        }
        if start > cursor {
            let sandbox = first_container_step && candidate.kind != StepKind::Scheduling;
            steps.push(gap(cursor, start, sandbox));
        }
        if candidate.kind != StepKind::Scheduling {
            first_container_step = false;
        }
        steps.push(Step {
            kind: candidate.kind,
            container: candidate.container,
            start_ms: start,
            duration_ms: stop - start,
            evidence: candidate.evidence,
            advice: candidate.advice,
        });
        cursor = stop;
    }
    if cursor < end {
        steps.push(gap(cursor, end, first_container_step && cursor > 0));
    }
    steps
}

fn gap(from: i64, to: i64, sandbox: bool) -> Step {
    if sandbox {
        Step {
            kind: StepKind::Sandbox,
            container: None,
            start_ms: from,
            duration_ms: to - from,
            evidence: format!(
                "no container event between {} and {}",
                format_ms(from),
                format_ms(to)
            ),
            advice: "sandbox, volumes and network: look for FailedMount and FailedCreatePodSandBox events".to_string(),
        }
    } else {
        Step {
            kind: StepKind::Unaccounted,
            container: None,
            start_ms: from,
            duration_ms: to - from,
            evidence: format!(
                "nothing in the input between {} and {}",
                format_ms(from),
                format_ms(to)
            ),
            advice: "the input does not say: events may have aged out (the API server keeps them an hour)".to_string(),
        }
    }
}

/// The events of one container with this reason, in time order.
fn events_of<'a>(
    observation: &'a Observation,
    container: usize,
    reason: &'a str,
) -> impl Iterator<Item = &'a EventRow> + 'a {
    observation
        .events
        .iter()
        .filter(move |e| e.container == Some(container) && e.reason == reason)
}

fn rel(observation: &Observation, at: Option<i64>) -> Option<i64> {
    at.and_then(|at| observation.since_zero(at))
}

fn candidates(observation: &Observation, end: i64) -> Vec<Candidate> {
    let mut out = Vec::new();
    if let Some(scheduled) = observation.summary.scheduled_ms {
        out.push(Candidate {
            kind: StepKind::Scheduling,
            container: None,
            start: Some(0),
            end: Some(scheduled),
            evidence: format!("PodScheduled at {}", format_ms(scheduled)),
            advice: "waiting for a node: look at FailedScheduling events, requests against free capacity, affinity and taints".to_string(),
        });
    }
    // The kubelet sets PodReadyToStartContainers once the sandbox and its network are up.
    if let Some(sandbox_ready) = condition_ms(observation, "PodReadyToStartContainers") {
        out.push(Candidate {
            kind: StepKind::Sandbox,
            container: None,
            start: None,
            end: Some(sandbox_ready),
            evidence: format!("PodReadyToStartContainers at {}", format_ms(sandbox_ready)),
            advice: "sandbox, volumes and network: look for FailedMount and FailedCreatePodSandBox events".to_string(),
        });
    }
    if observation.containers.is_empty() {
        pod_event_candidates(observation, &mut out);
    }
    let mut last_app_start: Option<(i64, usize)> = None;
    // Init containers and sidecars come first in the list, then app containers, then defer
    // containers: the order a pod runs them.
    for (index, life) in observation.containers.iter().enumerate() {
        if life.role == Role::Ephemeral {
            continue;
        }
        pull(observation, index, life, &mut out);
        let first_visible = life.runs.first().and_then(|run| run.start);
        if let Some(start) = rel(observation, first_visible)
            && life.earlier_runs == 0
        {
            out.push(Candidate {
                kind: StepKind::ContainerStart,
                container: Some(life.name.clone()),
                start: None,
                end: Some(start),
                evidence: format!("`{}` started at {}", life.name, format_ms(start)),
                advice: format!("creating and starting `{}`", life.name),
            });
        }
        runs(observation, index, life, end, &mut out);
        let running = life.runs.last().filter(|run| run.end.is_none());
        if life.role == Role::App
            && let Some(start) = rel(observation, life.runs.last().and_then(|run| run.start))
            && (observation.summary.ready_ms.is_some() || running.is_some())
            && last_app_start.is_none_or(|(at, _)| start >= at)
        {
            last_app_start = Some((start, index));
        }
    }
    let containers_ready = condition_ms(observation, "ContainersReady");
    if let Some((start, index)) = last_app_start {
        let name = observation
            .containers
            .get(index)
            .map_or(String::new(), |c| c.name.clone());
        let failures: u32 = events_of(observation, index, "Unhealthy")
            .filter(|e| e.message.starts_with("Readiness"))
            .map(|e| e.count)
            .sum();
        let until = containers_ready.or(observation.summary.ready_ms);
        out.push(Candidate {
            kind: StepKind::Readiness,
            container: Some(name.clone()),
            start: Some(start),
            end: until,
            evidence: match (containers_ready, failures) {
                (Some(ready), 0) => format!("started at {}, ContainersReady at {}", format_ms(start), format_ms(ready)),
                (Some(ready), n) => format!("started at {}, ContainersReady at {}; readiness probe failed {n} time{}", format_ms(start), format_ms(ready), plural(n)),
                (None, 0) => format!("started at {}", format_ms(start)),
                (None, n) => format!("started at {}; readiness probe failed {n} time{}", format_ms(start), plural(n)),
            },
            advice: format!("`{name}` until ready: its readiness probe (initialDelaySeconds, periodSeconds, failures)"),
        });
    }
    if let (Some(containers_ready), Some(ready)) = (containers_ready, observation.summary.ready_ms)
        && ready > containers_ready
    {
        out.push(Candidate {
            kind: StepKind::ReadinessGates,
            container: None,
            start: Some(containers_ready),
            end: Some(ready),
            evidence: format!(
                "ContainersReady at {}, Ready at {}",
                format_ms(containers_ready),
                format_ms(ready)
            ),
            advice: "readiness gates: a controller sets their conditions".to_string(),
        });
    }
    out
}

/// When a condition of the pod became true (its last transition), ms since time 0.
fn condition_ms(observation: &Observation, kind: &str) -> Option<i64> {
    // A time that does not parse is noted once, by the observation.
    crate::observe::observation::condition_time(&observation.spec_pod, kind, &mut Vec::new())
        .and_then(|at| observation.since_zero(at))
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Without a status (a pod only its events show, whose messages may not name the container):
/// each image's pull, the last container start, and the readiness probe's failures after it.
fn pod_event_candidates(observation: &Observation, out: &mut Vec<Candidate>) {
    let since = |at: Option<i64>| at.and_then(|at| observation.since_zero(at));
    let mut images: Vec<&str> = Vec::new();
    for event in observation.events.iter().filter(|e| e.reason == "Pulling") {
        if let Some(image) = crate::observe::event_rows::quoted_after(&event.message, "image ")
            && !images.contains(&image)
        {
            images.push(image);
        }
    }
    for image in images {
        let (spans, _) = crate::observe::event_rows::pulls(observation.events.iter().filter(|e| {
            crate::observe::event_rows::quoted_after(&e.message, "image ") == Some(image)
        }));
        let start = since(spans.first().map(|span| span.start));
        let stop = since(spans.last().map(|span| span.end));
        if let (Some(start), Some(stop)) = (start, stop) {
            out.push(Candidate {
                kind: StepKind::ImagePull,
                container: None,
                start: Some(start),
                end: Some(stop),
                evidence: format!("Pulling `{image}` at {}, Pulled at {}", format_ms(start), format_ms(stop)),
                advice: format!("image pull of `{image}`: pre-pull it, use a smaller image, or check the registry"),
            });
        }
    }
    let started = since(
        observation
            .events
            .iter()
            .filter(|e| e.reason == "Started")
            .filter_map(|e| e.last)
            .max(),
    );
    if let Some(started) = started {
        out.push(Candidate {
            kind: StepKind::ContainerStart,
            container: None,
            start: None,
            end: Some(started),
            evidence: format!("the last `Started` event at {}", format_ms(started)),
            advice: "creating and starting the containers".to_string(),
        });
        let unhealthy: Vec<&EventRow> = observation
            .events
            .iter()
            .filter(|e| e.reason == "Unhealthy" && e.message.starts_with("Readiness"))
            .collect();
        let failures: u32 = unhealthy.iter().map(|e| e.count).sum();
        let last = since(unhealthy.iter().filter_map(|e| e.last).max());
        if let Some(last) = last.filter(|&last| last > started) {
            out.push(Candidate {
                kind: StepKind::Readiness,
                container: None,
                start: Some(started),
                end: observation.summary.ready_ms.or(Some(last)),
                evidence: format!(
                    "readiness probe failed {failures} time{} until {}",
                    plural(failures),
                    format_ms(last)
                ),
                advice: "the readiness probe (initialDelaySeconds, periodSeconds, failures)"
                    .to_string(),
            });
        }
    }
}

/// The container's image pull: its first `Pulling` to its last `Pulled`, with the kubelet's
/// own figure from the message.
fn pull(observation: &Observation, index: usize, life: &ContainerLife, out: &mut Vec<Candidate>) {
    let (spans, _) = crate::observe::event_rows::pulls(
        observation
            .events
            .iter()
            .filter(|e| e.container == Some(index)),
    );
    let (Some(first), Some(last)) = (spans.first(), spans.last()) else {
        return;
    };
    let (Some(pulling), Some(stop)) = (
        observation.since_zero(first.start),
        observation.since_zero(last.end),
    ) else {
        return;
    };
    // Ages cut to the minute say less than the kubelet's own measure of the pull: then the
    // pull is that long before its `Pulled`.
    let measured = last
        .took
        .as_deref()
        .and_then(|text| crate::sim::engine::time::parse_duration(text).ok())
        .and_then(|d| i64::try_from(d.millis()).ok())
        .filter(|_| spans.iter().any(|span| span.precision_ms > 1000));
    let took = last
        .took
        .as_deref()
        .map(|t| format!(" (kubelet: in {t})"))
        .unwrap_or_default();
    let (start, evidence) = match measured {
        Some(measured) => (
            stop.saturating_sub(measured),
            format!(
                "Pulled at {}{took}; the events' ages are too coarse to date its start",
                format_ms(stop)
            ),
        ),
        None => (
            pulling,
            format!(
                "Pulling at {}, Pulled at {}{took}",
                format_ms(pulling),
                format_ms(stop)
            ),
        ),
    };
    out.push(Candidate {
        kind: StepKind::ImagePull,
        container: Some(life.name.clone()),
        start: Some(start),
        end: Some(stop),
        evidence,
        advice: format!(
            "image pull of `{}`: pre-pull it, use a smaller image, or check the registry",
            life.image
        ),
    });
}

/// The container's runs and the back-offs between them; for a sidecar, its start until it
/// counted as started.
fn runs(
    observation: &Observation,
    index: usize,
    life: &ContainerLife,
    end: i64,
    out: &mut Vec<Candidate>,
) {
    let name = &life.name;
    if life.earlier_runs > 0
        && let Some(first) = rel(observation, life.runs.first().and_then(|run| run.start))
    {
        out.push(Candidate {
            kind: StepKind::EarlierRuns,
            container: Some(name.clone()),
            start: None,
            end: Some(first),
            evidence: format!(
                "restartCount {}: {} earlier run{} before the ones the status shows",
                life.restart_count,
                life.earlier_runs,
                if life.earlier_runs == 1 { "" } else { "s" }
            ),
            advice: format!("`{name}` kept failing: the status keeps only its last two runs; `kubectl logs --previous -c {name}` shows the last failure"),
        });
    }
    let mut previous_end: Option<(i64, Option<i64>, Option<String>)> = None;
    for run in &life.runs {
        let start = rel(observation, run.start);
        let stop = rel(observation, run.end);
        if let (Some((ended, code, reason)), Some(start)) = (&previous_end, start) {
            out.push(Candidate {
                kind: StepKind::BackOff,
                container: Some(name.clone()),
                start: Some(*ended),
                end: Some(start),
                evidence: format!(
                    "exited {} at {}, started again at {}",
                    exit_text(*code, reason.as_deref()),
                    format_ms(*ended),
                    format_ms(start)
                ),
                advice: format!("back-off after `{name}` failed: fix why it exits"),
            });
        }
        match life.role {
            Role::Sidecar if run.end.is_none() => {
                out.push(sidecar_startup(observation, index, name, start));
            }
            Role::Init | Role::Sidecar | Role::App | Role::Defer => match stop {
                Some(stop) => {
                    out.extend(ended_run(observation, name, run, start, stop));
                    previous_end = Some((stop, run.exit_code, run.reason.clone()));
                }
                // The pod ended and the status keeps no exit time (evicted, node lost): the
                // run lasted until the pod ended, at the latest.
                None => {
                    if let (Some(start), Some(ended)) = (start, observation.summary.ended_ms)
                        && run.exit_code.is_some()
                    {
                        out.push(Candidate {
                            kind: StepKind::Run,
                            container: Some(name.clone()),
                            start: Some(start),
                            end: Some(ended),
                            evidence: format!(
                                "started at {}; the status keeps no exit time ({}); the pod ended at {}",
                                format_ms(start),
                                exit_text(run.exit_code, run.reason.as_deref()),
                                format_ms(ended)
                            ),
                            advice: format!("`{name}` ran until the pod ended: see the pod's reason and the events at the end"),
                        });
                    }
                }
            },
            Role::Ephemeral => {}
        }
    }
    if let (Some((ended, code, reason)), Some(waiting)) = (previous_end, life.waiting.as_deref())
        && ended < end
    {
        out.push(Candidate {
            kind: StepKind::BackOff,
            container: Some(name.clone()),
            start: Some(ended),
            end: Some(end),
            evidence: format!(
                "exited {} at {}, then {waiting}",
                exit_text(code, reason.as_deref()),
                format_ms(ended)
            ),
            advice: format!("back-off after `{name}` failed: fix why it exits"),
        });
    }
}

/// A run that ended: the run, and when the pod was deleted while it ran, its shutdown from the
/// deletion to its exit as a part of its own.
fn ended_run(
    observation: &Observation,
    name: &str,
    run: &crate::observe::containers::Run,
    start: Option<i64>,
    stop: i64,
) -> Vec<Candidate> {
    let number = run.number.map(|n| format!("run {n} ")).unwrap_or_default();
    let exit = exit_text(run.exit_code, run.reason.as_deref());
    let deleted = observation
        .pod
        .deletion_ms
        .filter(|&deleted| deleted < stop && start.is_none_or(|start| start < deleted));
    let Some(deleted) = deleted else {
        return vec![Candidate {
            kind: StepKind::Run,
            container: Some(name.to_string()),
            start,
            end: Some(stop),
            evidence: format!(
                "{number}{}–{}, exited {exit}",
                start.map_or_else(|| "?".to_string(), format_ms),
                format_ms(stop),
            ),
            advice: if run.exit_code == Some(0) {
                format!("`{name}`'s own work")
            } else {
                format!("`{name}` failed: `kubectl logs -c {name} --previous` shows why")
            },
        }];
    };
    let grace = observation
        .pod
        .deletion_grace_seconds
        .map(|s| format!(" (grace {s}s)"))
        .unwrap_or_default();
    vec![
        Candidate {
            kind: StepKind::Run,
            container: Some(name.to_string()),
            start,
            end: Some(deleted),
            evidence: format!(
                "{number}from {} until the pod was deleted at {}",
                start.map_or_else(|| "?".to_string(), format_ms),
                format_ms(deleted)
            ),
            advice: format!("`{name}` ran until the deletion"),
        },
        Candidate {
            kind: StepKind::Termination,
            container: Some(name.to_string()),
            start: Some(deleted),
            end: Some(stop),
            evidence: format!(
                "deleted at {}{grace}, exited {exit} at {}",
                format_ms(deleted),
                format_ms(stop)
            ),
            advice: format!(
                "`{name}` shutting down: its preStop hook and how it handles SIGTERM, against terminationGracePeriodSeconds"
            ),
        },
    ]
}

/// A sidecar from its start until the next container starts: its startup probe's time.
fn sidecar_startup(
    observation: &Observation,
    index: usize,
    name: &str,
    start: Option<i64>,
) -> Candidate {
    let failures: u32 = events_of(observation, index, "Unhealthy")
        .filter(|e| e.message.starts_with("Startup"))
        .map(|e| e.count)
        .sum();
    Candidate {
        kind: StepKind::SidecarStartup,
        container: Some(name.to_string()),
        start,
        end: None,
        evidence: format!(
            "started at {}{}",
            start.map_or_else(|| "an unknown time".to_string(), format_ms),
            if failures > 0 {
                format!("; startup probe failed {failures} time{}", plural(failures))
            } else {
                String::new()
            }
        ),
        advice: format!(
            "sidecar `{name}` until started: its startup probe (initialDelaySeconds, periodSeconds, failureThreshold)"
        ),
    }
}

fn exit_text(code: Option<i64>, reason: Option<&str>) -> String {
    match (code, reason) {
        (Some(code), Some(reason)) => format!("{code} ({reason})"),
        (Some(code), None) => code.to_string(),
        (None, Some(reason)) => reason.to_string(),
        (None, None) => "?".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::k8s::model::{
        Container, ContainerState, ContainerStatus, Pod, PodCondition, PodStatus, StateRunning,
        StateTerminated, StateWaiting,
    };
    use crate::k8s::timestamp::format_rfc3339;
    use crate::observe::evidence::{InvolvedObject, Moment, ObservedEvent};
    use crate::observe::observation::{PodEvidence, observe};

    const BASE: i64 = 1_773_000_000_000;

    #[allow(clippy::unnecessary_wraps)]
    fn at(seconds: i64) -> Option<String> {
        Some(format_rfc3339(BASE + seconds * 1000))
    }

    fn terminated(rng: &mut ChaCha8Rng, from: i64) -> (StateTerminated, i64) {
        let start = from + rng.random_range(0..20);
        let end = start + rng.random_range(0..30);
        let code = i64::from(rng.random_bool(0.5));
        (
            StateTerminated {
                exit_code: Some(code),
                reason: Some(if code == 0 { "Completed" } else { "Error" }.to_string()),
                started_at: at(start),
                finished_at: at(end),
                ..StateTerminated::default()
            },
            end,
        )
    }

    /// A pod with a random status: containers of every kind, runs, waiting states, conditions
    /// in any order (even contradictory), and events with and without containers and times.
    fn random_pod(rng: &mut ChaCha8Rng) -> PodEvidence {
        let mut pod = Pod::default();
        pod.metadata.name = Some("p".to_string());
        pod.metadata.creation_timestamp = at(rng.random_range(-5..5));
        let mut status = PodStatus::default();
        let mut clock = rng.random_range(0..30);
        let mut init = Vec::new();
        let mut init_statuses = Vec::new();
        for index in 0..rng.random_range(0..4) {
            let name = format!("init-{index}");
            let sidecar = rng.random_bool(0.3);
            init.push(Container {
                name: Some(name.clone()),
                image: Some(format!("img-{index}")),
                restart_policy: sidecar.then(|| "Always".to_string()),
                ..Container::default()
            });
            let mut s = ContainerStatus {
                name: Some(name),
                restart_count: Some(rng.random_range(0..5)),
                ..ContainerStatus::default()
            };
            if rng.random_bool(0.5) {
                let (t, end) = terminated(rng, clock);
                s.last_state = Some(ContainerState {
                    terminated: Some(t),
                    ..ContainerState::default()
                });
                clock = end;
            }
            s.state = Some(match rng.random_range(0..3) {
                0 => {
                    let (t, end) = terminated(rng, clock);
                    clock = end;
                    ContainerState {
                        terminated: Some(t),
                        ..ContainerState::default()
                    }
                }
                1 => ContainerState {
                    running: Some(StateRunning {
                        started_at: at(clock + rng.random_range(0..10)),
                    }),
                    ..ContainerState::default()
                },
                _ => ContainerState {
                    waiting: Some(StateWaiting {
                        reason: Some("CrashLoopBackOff".to_string()),
                        message: None,
                    }),
                    ..ContainerState::default()
                },
            });
            init_statuses.push(s);
        }
        let mut apps = Vec::new();
        let mut app_statuses = Vec::new();
        for index in 0..rng.random_range(0..3) {
            let name = format!("app-{index}");
            apps.push(Container {
                name: Some(name.clone()),
                image: Some("img-app".to_string()),
                ..Container::default()
            });
            app_statuses.push(ContainerStatus {
                name: Some(name),
                state: Some(ContainerState {
                    running: Some(StateRunning {
                        started_at: at(clock + rng.random_range(-10..60)),
                    }),
                    ..ContainerState::default()
                }),
                ..ContainerStatus::default()
            });
        }
        pod.spec.init_containers = Some(init);
        pod.spec.containers = Some(apps);
        status.init_container_statuses = Some(init_statuses);
        status.container_statuses = Some(app_statuses);
        let mut conditions = Vec::new();
        for kind in ["PodScheduled", "Initialized", "ContainersReady", "Ready"] {
            if rng.random_bool(0.7) {
                conditions.push(PodCondition {
                    condition_type: Some(kind.to_string()),
                    status: Some(
                        if rng.random_bool(0.8) {
                            "True"
                        } else {
                            "False"
                        }
                        .to_string(),
                    ),
                    last_transition_time: at(rng.random_range(-20..200)),
                    ..PodCondition::default()
                });
            }
        }
        status.conditions = Some(conditions);
        pod.status = Some(status);
        let reasons = [
            "Scheduled",
            "Pulling",
            "Pulled",
            "Started",
            "Unhealthy",
            "BackOff",
        ];
        let events = (0..rng.random_range(0..12))
            .map(|_| {
                let reason = reasons[rng.random_range(0..reasons.len())];
                let container = rng.random_range(0..4);
                let when = Moment::At {
                    epoch_ms: BASE + rng.random_range(-10_000..200_000),
                    precision_ms: 1000,
                };
                ObservedEvent {
                    involved: InvolvedObject {
                        kind: "Pod".to_string(),
                        name: "p".to_string(),
                        field_path: rng
                            .random_bool(0.7)
                            .then(|| format!("spec.initContainers{{init-{container}}}")),
                        ..InvolvedObject::default()
                    },
                    reason: reason.to_string(),
                    message: "Startup probe failed: no".to_string(),
                    first: rng.random_bool(0.9).then_some(when),
                    last: Some(when),
                    count: rng.random_range(1..4),
                    ..ObservedEvent::default()
                }
            })
            .collect();
        PodEvidence {
            pod,
            events,
            ..PodEvidence::default()
        }
    }

    #[test]
    fn the_parts_always_add_up_to_the_observed_time() {
        let mut rng = ChaCha8Rng::seed_from_u64(47);
        for case in 0..3000 {
            let observation = observe(random_pod(&mut rng));
            let Some((end, _)) = observation.path_end else {
                assert!(observation.critical_path.is_empty());
                continue;
            };
            let sum: i64 = observation
                .critical_path
                .iter()
                .map(|s| s.duration_ms)
                .sum();
            assert_eq!(
                sum,
                end.max(0),
                "case {case}: {:#?}",
                observation.critical_path
            );
            // Contiguous from 0, no part empty or negative.
            let mut cursor = 0;
            for step in &observation.critical_path {
                assert_eq!(step.start_ms, cursor, "case {case}");
                assert!(step.duration_ms > 0, "case {case}");
                cursor += step.duration_ms;
            }
        }
    }
}
