//! `-o json`: one document per observed pod, `{"pod", "summary", "containers", "criticalPath", "events", "precisionMs"}` (and `compare` when asked); several pods as `{"pods": [...], "distributions": {...}}`.

use serde::Serialize;

use crate::observe::compare::Comparison;
use crate::observe::distributions::{Distributions, Samples};
use crate::observe::observation::Observation;
use crate::render::observe::{ObservedPod, Report};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Document<'a> {
    pod: Pod<'a>,
    summary: Summary,
    containers: Vec<Container<'a>>,
    critical_path: Vec<Step<'a>>,
    events: Vec<Event<'a>>,
    precision_ms: i64,
    notes: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    compare: Option<Compare<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Pod<'a> {
    namespace: &'a str,
    name: &'a str,
    uid: Option<&'a str>,
    source: &'a str,
    phase: &'a str,
    reason: Option<&'a str>,
    owner: Option<&'a str>,
    /// What time 0 is.
    origin: &'static str,
    /// Time 0 as RFC 3339, when the input gives any time.
    created: Option<String>,
    deletion_ms: Option<i64>,
    /// What the critical path ends at: `Ready` or `last known`.
    path_end: Option<&'static str>,
    path_end_ms: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    scheduled_ms: Option<i64>,
    initialized_ms: Option<i64>,
    ready_ms: Option<i64>,
    ended_ms: Option<i64>,
    restarts: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Container<'a> {
    name: &'a str,
    kind: &'static str,
    image: &'a str,
    restart_count: u64,
    earlier_runs: u64,
    ready: bool,
    waiting: Option<&'a str>,
    runs: Vec<Run<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    number: Option<u64>,
    start_ms: Option<i64>,
    end_ms: Option<i64>,
    exit_code: Option<i64>,
    reason: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Step<'a> {
    step: &'static str,
    container: Option<&'a str>,
    start_ms: i64,
    duration_ms: i64,
    evidence: &'a str,
    advice: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Event<'a> {
    time_ms: Option<i64>,
    last_ms: Option<i64>,
    #[serde(rename = "type")]
    event_type: &'a str,
    reason: &'a str,
    object: &'a str,
    message: &'a str,
    count: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Compare<'a> {
    scenario: &'a str,
    tolerance_ms: i64,
    tolerance_share: f64,
    measures: Vec<Measure<'a>>,
    simulated: Summary,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Measure<'a> {
    what: &'a str,
    container: Option<&'a str>,
    observed: Option<i64>,
    simulated: Option<i64>,
    differs: bool,
    explanation: Option<&'a str>,
    scenario: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Figures {
    count: usize,
    p50: Option<i64>,
    p95: Option<i64>,
    max: Option<i64>,
}

fn figures(samples: &Samples) -> Figures {
    Figures {
        count: samples.count(),
        p50: samples.percentile(50),
        p95: samples.percentile(95),
        max: samples.max(),
    }
}

fn summary(observation: &Observation) -> Summary {
    let s = &observation.summary;
    Summary {
        scheduled_ms: s.scheduled_ms,
        initialized_ms: s.initialized_ms,
        ready_ms: s.ready_ms,
        ended_ms: s.ended_ms,
        restarts: s.restarts,
    }
}

fn compare(comparison: &Comparison) -> Compare<'_> {
    Compare {
        scenario: &comparison.scenario,
        tolerance_ms: comparison.tolerance_ms,
        tolerance_share: crate::observe::compare::TOLERANCE_SHARE,
        measures: comparison
            .measures
            .iter()
            .map(|m| Measure {
                what: &m.what,
                container: m.container.as_deref(),
                observed: m.observed,
                simulated: m.simulated,
                differs: m.differs,
                explanation: m.explanation.as_deref(),
                scenario: m.scenario.as_deref(),
            })
            .collect(),
        simulated: summary(&comparison.simulated),
    }
}

fn document<'a>(pod: &ObservedPod<'a>) -> Document<'a> {
    let o = pod.observation;
    let since = |at: Option<i64>| at.and_then(|at| o.since_zero(at));
    Document {
        pod: Pod {
            namespace: &o.pod.namespace,
            name: &o.pod.name,
            uid: o.pod.uid.as_deref(),
            source: &o.pod.source,
            phase: &o.pod.phase,
            reason: o.pod.reason.as_deref(),
            owner: o.pod.owner.as_deref(),
            origin: o.origin.as_str(),
            created: o.zero.map(crate::k8s::timestamp::format_rfc3339),
            deletion_ms: o.pod.deletion_ms,
            path_end: o.path_end.map(|(_, label)| label),
            path_end_ms: o.path_end.map(|(at, _)| at),
        },
        summary: summary(o),
        containers: o
            .containers
            .iter()
            .map(|c| Container {
                name: &c.name,
                kind: c.role.as_str(),
                image: &c.image,
                restart_count: c.restart_count,
                earlier_runs: c.earlier_runs,
                ready: c.ready,
                waiting: c.waiting.as_deref(),
                runs: c
                    .runs
                    .iter()
                    .map(|r| Run {
                        number: r.number,
                        start_ms: since(r.start),
                        end_ms: since(r.end),
                        exit_code: r.exit_code,
                        reason: r.reason.as_deref(),
                    })
                    .collect(),
            })
            .collect(),
        critical_path: largest_first(&o.critical_path)
            .into_iter()
            .map(|s| Step {
                step: s.kind.as_str(),
                container: s.container.as_deref(),
                start_ms: s.start_ms,
                duration_ms: s.duration_ms,
                evidence: &s.evidence,
                advice: &s.advice,
            })
            .collect(),
        events: o
            .events
            .iter()
            .map(|e| Event {
                time_ms: since(e.first),
                last_ms: since(e.last),
                event_type: &e.event_type,
                reason: &e.reason,
                object: &e.object,
                message: &e.message,
                count: e.count,
            })
            .collect(),
        precision_ms: o.precision_ms,
        notes: &o.notes,
        compare: pod.comparison.map(compare),
    }
}

/// The path's parts, largest first (ties by start), as the report lists them.
fn largest_first(
    steps: &[crate::observe::critical_path::Step],
) -> Vec<&crate::observe::critical_path::Step> {
    let mut sorted: Vec<&crate::observe::critical_path::Step> = steps.iter().collect();
    sorted.sort_by_key(|s| (std::cmp::Reverse(s.duration_ms), s.start_ms));
    sorted
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Many<'a> {
    pods: Vec<Document<'a>>,
    distributions: Option<DistributionsDocument>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DistributionsDocument {
    pods: usize,
    phases: std::collections::BTreeMap<&'static str, Figures>,
    containers: std::collections::BTreeMap<String, ContainerDocument>,
    images: std::collections::BTreeMap<String, ImageDocument>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContainerDocument {
    first_start_ms: Figures,
    completed_run_ms: Figures,
    restarts: Figures,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ImageDocument {
    pull_ms: Figures,
    cached: usize,
}

fn distributions(d: &Distributions) -> DistributionsDocument {
    DistributionsDocument {
        pods: d.pods,
        phases: d
            .phases
            .iter()
            .map(|(name, s)| (*name, figures(s)))
            .collect(),
        containers: d
            .containers
            .iter()
            .map(|(name, c)| {
                (
                    name.clone(),
                    ContainerDocument {
                        first_start_ms: figures(&c.first_start),
                        completed_run_ms: figures(&c.completed_runs),
                        restarts: figures(&c.restarts),
                    },
                )
            })
            .collect(),
        images: d
            .images
            .iter()
            .map(|(name, i)| {
                (
                    name.clone(),
                    ImageDocument {
                        pull_ms: figures(&i.pulls),
                        cached: i.cached,
                    },
                )
            })
            .collect(),
    }
}

/// The report as pretty-printed JSON: one pod's document as it is, several pods' as the
/// elements of `pods` beside their `distributions`.
pub fn render(report: &Report<'_>) -> String {
    let mut text = match report.pods.as_slice() {
        [one] => serde_json::to_string_pretty(&document(one)),
        pods => serde_json::to_string_pretty(&Many {
            pods: pods.iter().map(document).collect(),
            distributions: report.distributions.map(distributions),
        }),
    }
    .unwrap_or_default();
    text.push('\n');
    text
}
