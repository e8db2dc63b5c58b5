//! `--compare`: the observed life beside the model's for the same spec, per phase and per part of the path, with what differs beyond the tolerance and which scenario value would explain it.
//!
//! The simulated run is read exactly as an observed one (`simulated_evidence`): its events
//! become observed events with container field paths, its final status the pod's status, so
//! both sides go through the same `observe` and the same critical path.

use std::collections::BTreeMap;

use crate::k8s::model::Pod;
use crate::k8s::timestamp::format_rfc3339;
use crate::observe::critical_path::StepKind;
use crate::observe::evidence::{InvolvedObject, Moment, ObservedEvent};
use crate::observe::format_ms;
use crate::observe::observation::{Observation, PodEvidence, observe};
use crate::sim::plan::spec::{ContainerKind, PodPlan};
use crate::sim::record::BASE_EPOCH;
use crate::sim::record::outcome::SimOutcome;

/// Observed and simulated differ when they are further apart than the observation's precision
/// plus one second, and than this share of the larger of the two.
pub const TOLERANCE_SHARE: f64 = 0.25;

/// One measure on both sides.
#[derive(Debug, Clone, PartialEq)]
pub struct Measure {
    /// What is measured: `readyMs`, `image-pull`, `restarts`, …
    pub what: String,
    /// The container, when it is one's.
    pub container: Option<String>,
    /// Observed (milliseconds, or a count for `restarts`); `None` when unknown.
    pub observed: Option<i64>,
    /// Simulated.
    pub simulated: Option<i64>,
    /// Whether they differ beyond the tolerance.
    pub differs: bool,
    /// What the difference means, when they differ.
    pub explanation: Option<String>,
    /// A scenario value that would make the model do what was observed.
    pub scenario: Option<String>,
}

/// The comparison.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The simulated life, read as an observation.
    pub simulated: Observation,
    /// Per phase, then per part of the path and container, then restarts.
    pub measures: Vec<Measure>,
    /// The tolerance used, in milliseconds, beside [`TOLERANCE_SHARE`].
    pub tolerance_ms: i64,
    /// The scenario the model ran (`default`, a file's name), for the header.
    pub scenario: String,
}

/// The simulated run as evidence: events with their containers' field paths, the final
/// status, creation at the simulation's fixed epoch.
pub fn simulated_evidence(stored: &Pod, plan: &PodPlan, outcome: &SimOutcome) -> PodEvidence {
    let mut pod = stored.clone();
    pod.metadata.creation_timestamp = Some(format_rfc3339(BASE_EPOCH));
    pod.status = Some(outcome.final_status.clone());
    let events = outcome
        .recording
        .events
        .iter()
        .map(|event| {
            let field_path = event
                .container
                .and_then(|index| plan.containers.get(index))
                .map(|container| {
                    let list = match container.kind {
                        ContainerKind::Init | ContainerKind::Sidecar => "spec.initContainers",
                        ContainerKind::App => "spec.containers",
                        ContainerKind::Defer => "spec.deferContainers",
                    };
                    format!("{list}{{{}}}", container.name)
                });
            let at = Moment::At {
                epoch_ms: BASE_EPOCH
                    .saturating_add(i64::try_from(event.at.millis()).unwrap_or(i64::MAX)),
                precision_ms: 1,
            };
            ObservedEvent {
                involved: InvolvedObject {
                    kind: "Pod".to_string(),
                    namespace: Some(plan.namespace.clone()),
                    name: plan.name.clone(),
                    uid: None,
                    field_path,
                },
                event_type: event.kind().to_string(),
                reason: event.reason().to_string(),
                message: event.message(plan),
                source: "kubelet".to_string(),
                first: Some(at),
                last: Some(at),
                count: 1,
                line: 0,
            }
        })
        .collect();
    PodEvidence {
        pod,
        events,
        source: "simulated".to_string(),
        ..PodEvidence::default()
    }
}

/// Compares the observation with the simulated run.
pub fn compare(
    observed: &Observation,
    stored: &Pod,
    plan: &PodPlan,
    outcome: &SimOutcome,
    scenario: &str,
) -> Comparison {
    let mut simulated = observe(simulated_evidence(stored, plan, outcome));
    // The run's own moments are exact; `Ready` is its first time, as observed time to Ready is.
    let ms = |at: Option<crate::sim::engine::time::SimTime>| {
        at.and_then(|at| i64::try_from(at.millis()).ok())
    };
    simulated.summary.scheduled_ms = ms(outcome.summary.scheduled_at);
    simulated.summary.initialized_ms = ms(outcome.summary.initialized_at);
    simulated.summary.ready_ms = ms(outcome.summary.ready_at);
    simulated.summary.ended_ms = ms(outcome.summary.ended_at);
    simulated.summary.restarts = outcome.summary.restarts.iter().map(|&n| u64::from(n)).sum();
    let tolerance_ms = observed.precision_ms.saturating_add(1000);
    let mut measures = Vec::new();
    measures.extend(phase_measures(observed, &simulated, tolerance_ms));
    let observed_parts = parts(observed);
    let simulated_parts = parts(&simulated);
    let keys: std::collections::BTreeSet<&(String, Option<String>)> = observed_parts
        .keys()
        .chain(simulated_parts.keys())
        .collect();
    for key in keys {
        let (kind, container) = key;
        if kind == StepKind::Unaccounted.as_str() {
            continue;
        }
        let o = observed_parts.get(key).copied();
        let s = simulated_parts.get(key).copied();
        // A part absent on one side took no time there.
        let (o_value, s_value) = (o.unwrap_or(0), s.unwrap_or(0));
        let differs = differs(Some(o_value), Some(s_value), tolerance_ms);
        let ratio = (s_value > 0).then(|| ratio_text(o_value, s_value));
        let explanation = differs.then(|| {
            let what = kind.replace('-', " ");
            let whose = container
                .as_ref()
                .map(|c| format!(" of `{c}`"))
                .unwrap_or_default();
            match &ratio {
                Some(ratio) => format!(
                    "{what}{whose} took {} observed, {} modelled ({ratio})",
                    format_ms(o_value),
                    format_ms(s_value)
                ),
                None => format!(
                    "{what}{whose} took {} observed; the model spent no time on it",
                    format_ms(o_value)
                ),
            }
        });
        let scenario = if differs {
            suggestion(kind, container.as_deref(), o_value, observed)
        } else {
            None
        };
        measures.push(Measure {
            what: kind.clone(),
            container: container.clone(),
            observed: o,
            simulated: s,
            differs,
            explanation,
            scenario,
        });
    }
    measures.extend(restart_measures(observed, plan, outcome));
    Comparison {
        simulated,
        measures,
        tolerance_ms,
        scenario: scenario.to_string(),
    }
}

/// The key moments, observed and modelled.
fn phase_measures(
    observed: &Observation,
    simulated: &Observation,
    tolerance_ms: i64,
) -> Vec<Measure> {
    let phases = [
        (
            "scheduledMs",
            observed.summary.scheduled_ms,
            simulated.summary.scheduled_ms,
        ),
        (
            "initializedMs",
            observed.summary.initialized_ms,
            simulated.summary.initialized_ms,
        ),
        (
            "readyMs",
            observed.summary.ready_ms,
            simulated.summary.ready_ms,
        ),
        (
            "endedMs",
            observed.summary.ended_ms,
            simulated.summary.ended_ms,
        ),
    ];
    phases
        .into_iter()
        .map(|(what, observed_ms, simulated_ms)| {
            let differs = differs(observed_ms, simulated_ms, tolerance_ms);
            let explanation = differs.then(|| match (observed_ms, simulated_ms) {
                (Some(o), None) => {
                    format!("observed at {}; the model never got there", format_ms(o))
                }
                (None, Some(s)) => format!("the model got there at {}; not observed", format_ms(s)),
                (Some(o), Some(s)) => {
                    format!("observed {}, modelled {}", format_ms(o), format_ms(s))
                }
                (None, None) => String::new(),
            });
            let scenario = (what == "scheduledMs" && differs)
                .then_some(observed_ms)
                .flatten()
                .map(|o| format!("scheduling: {}", format_ms(o.max(0))));
            Measure {
                what: what.to_string(),
                container: None,
                observed: observed_ms,
                simulated: simulated_ms,
                differs,
                explanation,
                scenario,
            }
        })
        .collect()
}

/// Each container's restarts, observed and modelled.
fn restart_measures(observed: &Observation, plan: &PodPlan, outcome: &SimOutcome) -> Vec<Measure> {
    let mut measures = Vec::new();
    for life in &observed.containers {
        let Some(planned) = plan.find(&life.name) else {
            continue;
        };
        let modelled = outcome
            .summary
            .restarts
            .get(planned)
            .copied()
            .map(i64::from);
        let seen = i64::try_from(life.restart_count).ok();
        let differs = seen.is_some() && seen != modelled;
        let failed_code = life
            .runs
            .iter()
            .filter_map(|run| run.exit_code.filter(|&code| code != 0))
            .next_back()
            .unwrap_or(1);
        measures.push(Measure {
            what: "restarts".to_string(),
            container: Some(life.name.clone()),
            observed: seen,
            simulated: modelled,
            differs,
            explanation: differs.then(|| {
                format!(
                    "`{}` restarted {} times; the model predicted {}",
                    life.name,
                    seen.unwrap_or(0),
                    modelled.unwrap_or(0)
                )
            }),
            scenario: (differs && seen.unwrap_or(0) > modelled.unwrap_or(0))
                .then(|| format!("--fail {}={failed_code}*{}", life.name, life.restart_count)),
        });
    }
    measures
}

fn ratio_text(observed: i64, simulated: i64) -> String {
    #[allow(clippy::cast_precision_loss)]
    let ratio = observed as f64 / simulated as f64;
    if ratio >= 1.0 {
        format!("{ratio:.1}× the model")
    } else {
        format!("{:.0}% of the model", ratio * 100.0)
    }
}

fn differs(observed: Option<i64>, simulated: Option<i64>, tolerance_ms: i64) -> bool {
    match (observed, simulated) {
        (Some(o), Some(s)) => {
            let larger = o.abs().max(s.abs());
            #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
            let share = (larger as f64 * TOLERANCE_SHARE) as i64;
            (o - s).abs() > tolerance_ms.max(share)
        }
        (None, None) => false,
        _ => true,
    }
}

/// The path's parts summed per (kind, container).
fn parts(observation: &Observation) -> BTreeMap<(String, Option<String>), i64> {
    let mut out = BTreeMap::new();
    for step in &observation.critical_path {
        *out.entry((step.kind.as_str().to_string(), step.container.clone()))
            .or_insert(0) += step.duration_ms;
    }
    out
}

/// The scenario value that would have the model spend what was observed.
fn suggestion(
    kind: &str,
    container: Option<&str>,
    observed_ms: i64,
    observation: &Observation,
) -> Option<String> {
    let took = format_ms(observed_ms.max(0));
    match (kind, container) {
        ("scheduling", _) => Some(format!("scheduling: {took}")),
        ("image-pull", Some(c)) => Some(format!("containers: {{{c}: {{pull: {took}}}}}")),
        ("run", Some(c)) => {
            let life = observation.containers.iter().find(|l| l.name == c)?;
            let runs = life.runs.len().max(1);
            let each = observed_ms / i64::try_from(runs).unwrap_or(1);
            Some(format!(
                "containers: {{{c}: {{run: {}}}}}",
                format_ms(each.max(0))
            ))
        }
        ("sidecar-startup", Some(c)) => Some(format!(
            "containers: {{{c}: {{probes: {{startup: {{timeline: [{{after: 0s, result: failure}}, {{after: {took}, result: success}}]}}}}}}}}"
        )),
        ("readiness", Some(c)) => Some(format!(
            "containers: {{{c}: {{probes: {{readiness: {{timeline: [{{after: 0s, result: failure}}, {{after: {took}, result: success}}]}}}}}}}}"
        )),
        ("container-start", Some(c)) => Some(format!("containers: {{{c}: {{start: {took}}}}}")),
        ("sandbox", _) => Some(format!("runtime: {{runPodSandbox: {took}}}")),
        ("readiness-gates", _) => Some("readinessGates: {<gate>: <when it was set>}".to_string()),
        _ => None,
    }
}
