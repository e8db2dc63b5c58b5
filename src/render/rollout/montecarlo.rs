//! The report of `rollout --runs N`: percentiles of the rollout's duration, peak pods and
//! minimum available, and the probability of each outcome; human and JSON.

use std::fmt::Write as _;

use serde::Serialize;

use crate::render::paint::{Paint, Tone};
use crate::render::rollout::json::WorkloadJson;
use crate::render::rollout::{Workload, human, time};
use crate::rollout::montecarlo::{Metric, Outcome, RunFigures, Stat};

fn shown(metric: Metric, value: Option<u64>) -> String {
    match value {
        None => "never".to_string(),
        Some(value) if metric.is_time() => time(value),
        Some(value) => value.to_string(),
    }
}

/// The human report.
pub fn human(
    workload: &Workload<'_>,
    runs: &[RunFigures],
    results: &[(String, bool, String)],
    paint: Paint,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}): {} replicas, {}",
        paint.apply(&workload.title(), Some(Tone::Strong)),
        workload.source,
        workload.replicas,
        workload.strategy()
    );
    let _ = writeln!(
        out,
        "scenario: {}; {} runs from seed {}; horizon {}; controller latency {}",
        workload.scenario,
        runs.len(),
        workload.seed,
        workload.horizon,
        workload.latency
    );
    for note in workload.notes() {
        let _ = writeln!(out, "{} {note}", paint.apply("note:", Some(Tone::Busy)));
    }
    let _ = writeln!(out);
    let mut headers = vec!["METRIC".to_string()];
    headers.extend(Stat::SHOWN.iter().map(|stat| stat.name().to_uppercase()));
    let rows: Vec<Vec<String>> = Metric::ALL
        .iter()
        .map(|metric| {
            let mut row = vec![metric.name().to_string()];
            row.extend(
                Stat::SHOWN
                    .iter()
                    .map(|stat| shown(*metric, stat.of(*metric, runs))),
            );
            row
        })
        .collect();
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let _ = writeln!(out, "{}", paint.apply("Percentiles", Some(Tone::Strong)));
    for line in crate::render::simulate::table::render(&header_refs, &rows).lines() {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", paint.apply("Outcomes", Some(Tone::Strong)));
    for outcome in Outcome::ALL {
        let count = runs.iter().filter(|run| outcome.happened(run)).count();
        let _ = writeln!(
            out,
            "  P({}) = {:.2}% ({count} of {} runs)",
            outcome.name(),
            outcome.probability(runs) * 100.0,
            runs.len()
        );
    }
    if let Some(worst) = runs.iter().max_by_key(|run| {
        (
            run.complete_at.is_none(),
            run.complete_at,
            std::cmp::Reverse(run.index),
        )
    }) {
        let _ = writeln!(
            out,
            "  slowest run: #{} (replay it with --seed {} --runs 1)",
            worst.index, worst.seed
        );
    }
    out.push_str(&human::write_expectations(paint, results));
    out
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report<'a> {
    workload: WorkloadJson<'a>,
    runs: usize,
    /// A string: above 2^53 a JSON number loses digits (as `simulate --runs` writes it).
    seed: String,
    metrics: Vec<MetricJson>,
    outcomes: Vec<OutcomeJson>,
    expectations: Vec<ExpectationJson<'a>>,
}

#[derive(Serialize)]
struct MetricJson {
    name: &'static str,
    unit: &'static str,
    min: Option<u64>,
    p50: Option<u64>,
    p90: Option<u64>,
    p99: Option<u64>,
    max: Option<u64>,
}

#[derive(Serialize)]
struct OutcomeJson {
    name: &'static str,
    probability: f64,
    count: usize,
}

#[derive(Serialize)]
struct ExpectationJson<'a> {
    expect: &'a str,
    met: bool,
    seen: &'a str,
}

/// The JSON report (docs/rollout.md): a statistic is null when it is "never" (a run that did
/// not complete).
pub fn json(
    workload: &Workload<'_>,
    runs: &[RunFigures],
    results: &[(String, bool, String)],
) -> String {
    let stat = |stat: Stat, metric: Metric| stat.of(metric, runs);
    let report = Report {
        workload: WorkloadJson::of(workload),
        runs: runs.len(),
        seed: workload.seed.to_string(),
        metrics: Metric::ALL
            .iter()
            .map(|metric| MetricJson {
                name: metric.name(),
                unit: if metric.is_time() { "ms" } else { "pods" },
                min: stat(Stat::Min, *metric),
                p50: stat(Stat::Percentile(500), *metric),
                p90: stat(Stat::Percentile(900), *metric),
                p99: stat(Stat::Percentile(990), *metric),
                max: stat(Stat::Max, *metric),
            })
            .collect(),
        outcomes: Outcome::ALL
            .iter()
            .map(|outcome| OutcomeJson {
                name: outcome.name(),
                probability: outcome.probability(runs),
                count: runs.iter().filter(|run| outcome.happened(run)).count(),
            })
            .collect(),
        expectations: results
            .iter()
            .map(|(text, met, seen)| ExpectationJson {
                expect: text,
                met: *met,
                seen,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}
