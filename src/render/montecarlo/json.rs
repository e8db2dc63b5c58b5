//! The Monte Carlo JSON document (`--format json`); every key is documented in docs/montecarlo.md.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::render::montecarlo::report::ReportContext;
use crate::sim::montecarlo::metrics;
use crate::sim::montecarlo::outcomes::round6;

#[derive(Serialize)]
struct Bin {
    from: u64,
    to: u64,
    count: u64,
}

#[derive(Serialize)]
struct MetricJson {
    count: u64,
    mean: Option<f64>,
    min: Option<u64>,
    p50: Option<u64>,
    p90: Option<u64>,
    p99: Option<u64>,
    max: Option<u64>,
    histogram: Vec<Bin>,
}

#[derive(Serialize)]
struct OutcomeJson {
    count: u64,
    probability: f64,
    ci95: [f64; 2],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WorstJson {
    #[serde(serialize_with = "crate::render::simulate::json::seed_as_string")]
    seed: u64,
    run: u64,
    ready_ms: Option<u64>,
    initialized_ms: Option<u64>,
    ended_ms: Option<u64>,
    phase: &'static str,
    restarts: u64,
}

#[derive(Serialize)]
struct Document {
    #[serde(serialize_with = "crate::render::simulate::json::seed_as_string")]
    seed: u64,
    runs: u64,
    pod: String,
    /// The pod's namespace (a workload's template: the workload's; `default` when unset).
    namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    sweep: Option<SweepJson>,
    metrics: BTreeMap<String, MetricJson>,
    outcomes: BTreeMap<String, OutcomeJson>,
    worst: Vec<WorstJson>,
}

/// The swept parameter and its value for this document.
#[derive(Serialize, Clone)]
pub struct SweepJson {
    /// `terminationGracePeriodSeconds`.
    pub name: String,
    /// The value, as written in the sweep (`30`, `1m`).
    pub value: String,
}

/// Renders the document (pretty-printed, ending with a newline).
pub fn render(context: &ReportContext<'_>, sweep: Option<SweepJson>) -> String {
    let aggregate = context.aggregate;
    let runs = aggregate.runs;
    let metrics_json = context
        .metrics
        .iter()
        .zip(&aggregate.stats)
        .map(|(metric, stats)| {
            (
                metric.key.clone(),
                MetricJson {
                    count: stats.count(),
                    mean: stats.mean(),
                    min: stats.min(),
                    p50: stats.quantile(500, runs),
                    p90: stats.quantile(900, runs),
                    p99: stats.quantile(990, runs),
                    max: stats.max(),
                    histogram: stats
                        .bins(20)
                        .into_iter()
                        .map(|(from, to, count)| Bin { from, to, count })
                        .collect(),
                },
            )
        })
        .collect();
    let outcomes = metrics::outcome_names()
        .into_iter()
        .zip(&aggregate.outcomes)
        .map(|(name, proportion)| {
            let (low, high) = proportion.wilson95();
            (
                name.to_string(),
                OutcomeJson {
                    count: proportion.count,
                    probability: round6(proportion.probability()),
                    ci95: [round6(low), round6(high)],
                },
            )
        })
        .collect();
    let worst = aggregate
        .worst
        .iter()
        .map(|run| WorstJson {
            seed: run.seed,
            run: run.index,
            ready_ms: run
                .summary
                .ready_at
                .map(crate::sim::engine::time::SimTime::millis),
            initialized_ms: run
                .summary
                .initialized_at
                .map(crate::sim::engine::time::SimTime::millis),
            ended_ms: run
                .summary
                .ended_at
                .map(crate::sim::engine::time::SimTime::millis),
            phase: run.summary.phase.as_str(),
            restarts: run.summary.restarts.iter().map(|r| u64::from(*r)).sum(),
        })
        .collect();
    let document = Document {
        seed: context.run.seed,
        runs,
        pod: context.run.plan.name.clone(),
        namespace: context.run.plan.namespace.clone(),
        sweep,
        metrics: metrics_json,
        outcomes,
        worst,
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
