//! `--format json`: one stable document per simulated pod.
//!
//! `{"seed", "pod", "namespace", "events":[{"timeMs","container","reason","message"}],
//! "trace":[{"timeMs","call","target","result","latencyMs"}],
//! "statuses":[{"timeMs","ready","status","restarts"}],
//! "summary":{"phase","scheduledAtMs","initializedAtMs","readyAtMs","endedAtMs","restarts":{"<container>":n},
//! "termination":{…} (only with a termination, a node crash or defer containers; docs/termination.md)}}`

use std::collections::BTreeMap;

use serde::Serialize;

use crate::render::simulate::RunContext;

/// Seeds are written as strings: above 2^53 a JSON number loses digits in jq and JavaScript,
/// and a seed that replays another run is worse than none. `--seed` and the scenario file's
/// `seed:` take either form.
pub fn seed_as_string<S: serde::Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(seed)
}

#[derive(Serialize)]
struct Document<'a> {
    #[serde(serialize_with = "seed_as_string")]
    seed: u64,
    pod: &'a str,
    /// The pod's namespace: its own, or for a workload's template its workload's (`default`
    /// when the manifest sets none).
    namespace: &'a str,
    events: Vec<Event<'a>>,
    trace: Vec<Call>,
    statuses: Vec<Status<'a>>,
    summary: Summary<'a>,
    /// The cluster simulated.
    kubernetes: crate::render::findings::json::JsonCluster,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Event<'a> {
    time_ms: u64,
    container: Option<&'a str>,
    reason: &'static str,
    message: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Call {
    time_ms: u64,
    call: &'static str,
    target: String,
    result: String,
    latency_ms: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status<'a> {
    time_ms: u64,
    ready: &'a str,
    status: &'a str,
    restarts: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary<'a> {
    phase: &'static str,
    scheduled_at_ms: Option<u64>,
    initialized_at_ms: Option<u64>,
    ready_at_ms: Option<u64>,
    ended_at_ms: Option<u64>,
    restarts: BTreeMap<&'a str, u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    termination: Option<&'a crate::sim::record::termination_summary::TerminationSummary>,
    /// For a Job: the controller's run.
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<crate::render::simulate::job::JsonJob>,
}

/// The document of one run, pretty-printed, with a trailing newline.
pub fn render(context: &RunContext<'_>) -> String {
    let plan = context.run.plan;
    let outcome = context.outcome;
    let summary = &outcome.summary;
    let document = Document {
        kubernetes: crate::render::findings::json::JsonCluster::new(&context.run.gates),
        seed: context.run.seed,
        pod: &plan.name,
        namespace: &plan.namespace,
        events: outcome
            .recording
            .events
            .iter()
            .map(|event| Event {
                time_ms: event.at.millis(),
                container: event.container.map(|c| plan.containers[c].name.as_str()),
                reason: event.reason(),
                message: event.message(plan),
            })
            .collect(),
        trace: outcome
            .trace
            .iter()
            .map(|entry| Call {
                time_ms: entry.at.millis(),
                call: entry.call.name(),
                target: entry.target.id(plan),
                result: entry.result.text(),
                latency_ms: entry.latency.millis(),
            })
            .collect(),
        statuses: outcome
            .recording
            .statuses
            .iter()
            .map(|row| Status {
                time_ms: row.at.millis(),
                ready: &row.ready,
                status: &row.status,
                restarts: &row.restarts,
            })
            .collect(),
        summary: Summary {
            phase: summary.phase.as_str(),
            scheduled_at_ms: summary
                .scheduled_at
                .map(crate::sim::engine::time::SimTime::millis),
            initialized_at_ms: summary
                .initialized_at
                .map(crate::sim::engine::time::SimTime::millis),
            ready_at_ms: summary
                .ready_at
                .map(crate::sim::engine::time::SimTime::millis),
            ended_at_ms: summary
                .ended_at
                .map(crate::sim::engine::time::SimTime::millis),
            restarts: plan
                .containers
                .iter()
                .zip(&summary.restarts)
                .map(|(c, n)| (c.name.as_str(), *n))
                .collect(),
            termination: Some(&summary.termination).filter(|t| t.is_relevant()),
            job: context.job.map(crate::render::simulate::job::JsonJob::new),
        },
    };
    let mut text = serde_json::to_string_pretty(&document)
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
