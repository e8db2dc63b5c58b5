//! The human Monte Carlo report: header, comfy-table summary per metric, a text histogram of
//! the headline metric scaled to the terminal width, outcome probabilities with 95 % intervals,
//! and the worst runs' seeds.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ContentArrangement, Table};

use crate::render::simulate::RunDescription;
use crate::sim::engine::time::SimDuration;
use crate::sim::montecarlo::metrics::{self, Metric, Unit};
use crate::sim::montecarlo::outcomes::percent;
use crate::sim::montecarlo::runner::Aggregate;

/// What the report is about.
#[derive(Debug, Clone, Copy)]
pub struct ReportContext<'a> {
    /// The pod, the scenario, `--seed` and the horizon.
    pub run: RunDescription<'a>,
    /// The metrics.
    pub metrics: &'a [Metric],
    /// The results.
    pub aggregate: &'a Aggregate,
    /// The metric headlined and drawn: `--metric`, else [`default_headline`].
    pub headline: Option<usize>,
    /// Which metrics and outcomes the scenario can produce.
    pub scope: Scope,
}

/// What a scenario can produce, which decides the rows and outcomes the human report shows
/// (`--all-metrics` shows every one; JSON always has them all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// A deletion, eviction or node crash is scheduled: termination metrics and outcomes.
    pub termination: bool,
    /// The pod has defer containers (and a termination runs them): defer metrics and outcomes.
    pub defer: bool,
    /// The pod has `activeDeadlineSeconds`: `DeadlineExceeded`.
    pub deadline: bool,
    /// `--all-metrics`: show everything anyway.
    pub all: bool,
}

impl Scope {
    /// Everything.
    pub const ALL: Scope = Scope {
        termination: true,
        defer: true,
        deadline: true,
        all: true,
    };

    /// Whether the metric `name` can have a value in this scenario.
    pub fn shows_metric(self, name: &str) -> bool {
        if self.all {
            return true;
        }
        match name {
            "terminated" => self.termination,
            name if name.starts_with("defer-") => self.termination && self.defer,
            _ => true,
        }
    }

    /// Whether the outcome `name` can happen in this scenario.
    pub fn shows_outcome(self, name: &str) -> bool {
        if self.all {
            return true;
        }
        match name {
            "Killed" | "Extended" => self.termination,
            "DeferSkipped" | "DeferFailed" => self.termination && self.defer,
            "DeadlineExceeded" => self.deadline,
            _ => true,
        }
    }
}

/// The metric headlined when `--metric` does not say: time to Ready for a pod meant to run
/// (`restartPolicy: Always`), time to its end for one meant to finish (a Job's pod).
pub fn default_headline(metrics: &[Metric], runs_to_completion: bool) -> Option<usize> {
    let key = if runs_to_completion {
        "endedMs"
    } else {
        "readyMs"
    };
    metrics.iter().position(|metric| metric.key == key)
}

/// Formats a metric value.
pub fn value(unit: Unit, value: Option<u64>) -> String {
    match (unit, value) {
        (_, None) => "-".to_string(),
        (Unit::Millis, Some(v)) => SimDuration::from_millis(v).to_string(),
        (Unit::Count, Some(v)) => v.to_string(),
    }
}

fn mean(unit: Unit, mean: Option<f64>) -> String {
    match (unit, mean) {
        (_, None) => "-".to_string(),
        (Unit::Millis, Some(v)) => SimDuration::from_millis_f64(v).to_string(),
        (Unit::Count, Some(v)) => format!("{v:.2}"),
    }
}

/// The metric the histogram shows, if any run reached it.
pub fn headline(context: &ReportContext<'_>) -> Option<usize> {
    context.headline.filter(|index| {
        context
            .aggregate
            .stats
            .get(*index)
            .is_some_and(|s| s.count() > 0)
    })
}

/// The header line.
pub fn header(context: &ReportContext<'_>) -> String {
    format!(
        "pod {} ({} in {}) · seed {} · {} runs · scenario: {} · until {}\n",
        context.run.plan.name,
        context.run.kind,
        context.run.source,
        context.run.seed,
        context.aggregate.runs,
        context.run.scenario,
        context.run.horizon
    )
}

/// The summary table: count, mean, min, p50, p90, p99, max per metric.
pub fn table(context: &ReportContext<'_>, width: usize) -> String {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .set_header(["METRIC", "COUNT", "MEAN", "MIN", "P50", "P90", "P99", "MAX"]);
    let runs = context.aggregate.runs;
    for (metric, stats) in context.metrics.iter().zip(&context.aggregate.stats) {
        let base = metric.name.split(':').next().unwrap_or_default();
        if !context.scope.shows_metric(base) {
            continue;
        }
        let unit = metric.unit;
        table.add_row([
            metric.name.clone(),
            stats.count().to_string(),
            mean(unit, stats.mean()),
            value(unit, stats.min()),
            value(unit, stats.quantile(500, runs)),
            value(unit, stats.quantile(900, runs)),
            value(unit, stats.quantile(990, runs)),
            value(unit, stats.max()),
        ]);
    }
    for index in 1..8 {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    format!("{table}\n")
}

/// A text histogram of the headline metric, one line per bin, bars scaled to `width`.
pub fn histogram(context: &ReportContext<'_>, width: usize) -> String {
    let Some(index) = headline(context) else {
        let name = context
            .headline
            .and_then(|index| context.metrics.get(index))
            .map_or("the headline metric", |metric| metric.name.as_str());
        return format!("no run reached {name}: no histogram\n");
    };
    let metric = &context.metrics[index];
    let stats = &context.aggregate.stats[index];
    let bins = stats.bins(20);
    let labels: Vec<String> = bins
        .iter()
        .map(|(from, to, _)| {
            format!(
                "{} – {}",
                value(metric.unit, Some(*from)),
                value(metric.unit, Some(*to))
            )
        })
        .collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let most = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    let count_width = most.to_string().len();
    let bar_room = width.saturating_sub(label_width + count_width + 4).max(10) as u64;
    let mut text = format!(
        "{} ({} of {} runs; runs that never got there are not shown):\n",
        metric.name,
        stats.count(),
        context.aggregate.runs
    );
    for (label, (_, _, count)) in labels.iter().zip(&bins) {
        let length = usize::try_from((count * bar_room).div_ceil(most)).unwrap_or(usize::MAX);
        let bar = "█".repeat(if *count == 0 { 0 } else { length.max(1) });
        text.push_str(&format!(
            "{label:<label_width$} │{bar:<room$} {count:>count_width$}\n",
            room = usize::try_from(bar_room).unwrap_or(usize::MAX)
        ));
    }
    text.lines().fold(String::new(), |mut trimmed, line| {
        trimmed.push_str(line.trim_end());
        trimmed.push('\n');
        trimmed
    })
}

/// Outcome probabilities with their 95 % Wilson intervals.
pub fn outcomes(context: &ReportContext<'_>) -> String {
    let names = metrics::outcome_names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0) + 3;
    let mut text = String::from("outcomes (probability, 95% confidence interval):\n");
    for (name, proportion) in names.iter().zip(&context.aggregate.outcomes) {
        if (*name == "ModelBug" && proportion.count == 0) || !context.scope.shows_outcome(name) {
            continue;
        }
        let (low, high) = proportion.wilson95();
        let label = format!("P({name})");
        text.push_str(&format!(
            "  {label:<width$} = {:<6} [{}, {}]  {} of {} runs\n",
            percent(proportion.probability()),
            percent(low),
            percent(high),
            proportion.count,
            proportion.runs
        ));
    }
    text
}

/// The worst runs: seed, what made them bad.
pub fn worst(context: &ReportContext<'_>) -> String {
    let mut text = String::from("worst runs (replay one alone with --seed SEED --runs 1):\n");
    for run in &context.aggregate.worst {
        let summary = &run.summary;
        let restarts: u32 = summary.restarts.iter().sum();
        text.push_str(&format!(
            "  seed {:<20}  ready {:<10} phase {:<9} restarts {}\n",
            run.seed,
            summary
                .ready_at
                .map_or_else(|| "never".to_string(), |t| t.to_string()),
            summary.phase.as_str(),
            restarts
        ));
    }
    text
}

/// The whole report.
pub fn render(context: &ReportContext<'_>, width: usize) -> String {
    let mut text = header(context);
    text.push('\n');
    text.push_str(&table(context, width));
    text.push('\n');
    text.push_str(&histogram(context, width));
    text.push('\n');
    text.push_str(&outcomes(context));
    if !context.aggregate.worst.is_empty() {
        text.push('\n');
        text.push_str(&worst(context));
    }
    text
}
