//! `podlife simulate --runs N`: run the Monte Carlo for each pod, then the report, `--expect`,
//! `--sweep`, `--keep-worst` and `--svg` (docs/montecarlo.md).

use std::io::Write;

use crate::cli::commands::simulate::{DEFAULT_HORIZON, FoundPod, SimulateFormat, prepare};
use crate::cli::run::{EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS, output_width};
use crate::cli::{Cli, SimulateArgs};
use crate::error::Error;
use crate::render::montecarlo::report::ReportContext;
use crate::render::montecarlo::{json, report, svg};
use crate::render::progress::Progress;
use crate::render::simulate::RunContext;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::montecarlo::runner::{self, MonteCarloConfig};
use crate::sim::montecarlo::sweep::Sweep;
use crate::sim::montecarlo::{expect, metrics, outcomes, sweep};
use crate::sim::record::RecordOptions;

/// How many worst runs are listed without `--keep-worst`.
pub const DEFAULT_WORST: usize = 5;

/// Runs the Monte Carlo (and its sweep) for one pod and writes the report. Returns the exit code.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_pod(
    cli: &Cli,
    args: &SimulateArgs,
    found: &FoundPod,
    scenario_text: Option<&str>,
    until: Option<SimDuration>,
    scenario_description: &str,
    runs: u64,
    number: usize,
    out: &mut dyn Write,
) -> Result<u8, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if args.watch || args.timeline || args.trace {
        return Err(Error::Usage(format!(
            "--watch, --timeline and --trace show one run: with --runs {runs}, use --keep-worst K for the worst runs' events, or replay one with --seed SEED --runs 1"
        )));
    }
    let sweep = args.sweep.as_deref().map(sweep::parse).transpose()?;
    let values: Vec<Option<u64>> = match &sweep {
        Some(sweep) => sweep.values.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    let mut unmet = false;
    let mut sweep_rows: Vec<Vec<String>> = Vec::new();
    let mut sweep_headers: Vec<String> = Vec::new();
    for (position, value) in values.iter().enumerate() {
        let edit = |pod: &mut crate::k8s::model::Pod| {
            if let (Some(sweep), Some(value)) = (&sweep, value) {
                sweep.apply_to_pod(pod, *value);
            }
        };
        let Some(mut prepared) = prepare(found, args, scenario_text, &edit)? else {
            return Ok(EXIT_FAILURE);
        };
        if let (Some(sweep), Some(value)) = (&sweep, value) {
            sweep.apply_to_patch(&mut prepared.patch, &prepared.plan, *value)?;
        }
        let plan = &prepared.plan;
        let behaviour = prepared.patch.build(plan);
        let metric_list = metrics::metrics(plan);
        let expectations: Vec<expect::TailExpectation> = args
            .expect
            .iter()
            .map(|text| expect::parse(text, &metric_list))
            .collect::<Result<_, _>>()?;
        let seed = args.seed.or(prepared.settings.seed).unwrap_or(0);
        let horizon = sweep
            .as_ref()
            .zip(*value)
            .and_then(|(s, v)| s.horizon(v))
            .or(until)
            .or(prepared.settings.until)
            .unwrap_or(DEFAULT_HORIZON);
        let keep = args.keep_worst.unwrap_or(DEFAULT_WORST);
        let progress = Progress::new(
            runs,
            "runs",
            !cli.quiet && args.format == SimulateFormat::Human,
        );
        let (metric_list, aggregate) = runner::run(
            &prepared.pod,
            plan,
            &behaviour,
            MonteCarloConfig {
                seed,
                runs,
                horizon,
                keep_worst: keep,
            },
            Some(&|| progress.inc()),
        );
        progress.finish();
        let scenario = match (&sweep, value) {
            (Some(sweep), Some(value)) => {
                format!(
                    "{scenario_description}, {}={}",
                    sweep.name,
                    sweep.show(*value)
                )
            }
            _ => scenario_description.to_string(),
        };
        let context = ReportContext {
            plan,
            source: &found.source,
            kind: &found.kind,
            scenario: &scenario,
            seed,
            horizon,
            metrics: &metric_list,
            aggregate: &aggregate,
        };
        if let Some(path) = &args.svg {
            write_svg(path, &context, sweep.as_ref().zip(*value))?;
        }
        let results: Vec<(&expect::TailExpectation, Result<(), String>)> = expectations
            .iter()
            .map(|e| (e, e.check(&metric_list, &aggregate)))
            .collect();
        match args.format {
            SimulateFormat::Json => {
                let sweep_json = sweep.as_ref().zip(*value).map(|(s, v)| json::SweepJson {
                    name: s.name.clone(),
                    value: s.show(v),
                });
                out.write_all(json::render(&context, sweep_json).as_bytes())
                    .map_err(write_error)?;
            }
            SimulateFormat::Human => {
                if number > 0 || position > 0 {
                    writeln!(out).map_err(write_error)?;
                }
                out.write_all(report::render(&context, output_width()).as_bytes())
                    .map_err(write_error)?;
                if args.keep_worst.is_some() {
                    write_worst_logs(out, &prepared, found, &context, &behaviour, horizon)
                        .map_err(write_error)?;
                }
                if !results.is_empty() {
                    writeln!(out, "\nexpectations:").map_err(write_error)?;
                    for (expectation, result) in &results {
                        match result {
                            Ok(()) => writeln!(out, "  ok      {}", expectation.text),
                            Err(why) => writeln!(out, "  FAILED  {}: {why}", expectation.text),
                        }
                        .map_err(write_error)?;
                    }
                }
            }
        }
        if let (Some(sweep), Some(value)) = (&sweep, value) {
            let (headers, row) = sweep_row(sweep, *value, &context);
            sweep_headers = headers;
            sweep_rows.push(row);
        }
        for (expectation, result) in &results {
            if let Err(why) = result {
                unmet = true;
                eprintln!(
                    "podlife: expectation not met for pod `{}`: `{}`: {why}",
                    plan.name, expectation.text
                );
            }
        }
        let bugs_at = metrics::outcome_names()
            .iter()
            .position(|n| *n == "ModelBug");
        if let Some(bugs) = bugs_at
            .map(|i| aggregate.outcomes[i].count)
            .filter(|c| *c > 0)
        {
            eprintln!(
                "podlife: internal error: {bugs} run(s) made calls the runtime refused (replay one of the worst runs' seeds with --runs 1); please report it"
            );
            return Ok(EXIT_FAILURE);
        }
    }
    if let (Some(sweep), SimulateFormat::Human) = (&sweep, args.format) {
        // Columns that say nothing (no value, or 0% for every value) are left out.
        let keep: Vec<bool> = (0..sweep_headers.len())
            .map(|column| {
                column == 0
                    || sweep_rows
                        .iter()
                        .any(|row| !matches!(row[column].as_str(), "-" | "0%"))
            })
            .collect();
        let pick = |cells: &[String]| -> Vec<String> {
            cells
                .iter()
                .zip(&keep)
                .filter(|(_, kept)| **kept)
                .map(|(cell, _)| cell.clone())
                .collect()
        };
        let sweep_headers = pick(&sweep_headers);
        let sweep_rows: Vec<Vec<String>> = sweep_rows.iter().map(|row| pick(row)).collect();
        let headers: Vec<&str> = sweep_headers.iter().map(String::as_str).collect();
        writeln!(out, "\nsweep of {} ({runs} runs per value):", sweep.name).map_err(write_error)?;
        out.write_all(crate::render::simulate::table::render(&headers, &sweep_rows).as_bytes())
            .map_err(write_error)?;
    }
    Ok(if unmet { EXIT_FINDINGS } else { EXIT_CLEAN })
}

/// `--svg FILE`: the headline metric's histogram and CDF; with a sweep, one file per value
/// (`plot-30.svg` for `plot.svg`).
fn write_svg(
    path: &std::path::Path,
    context: &ReportContext<'_>,
    sweep: Option<(&Sweep, u64)>,
) -> Result<(), Error> {
    let Some(index) = report::headline(context) else {
        return Ok(());
    };
    let metric = &context.metrics[index];
    let mut title = format!(
        "pod {}: {}, {} runs",
        context.plan.name, metric.name, context.aggregate.runs
    );
    let path = match sweep {
        Some((sweep, value)) => {
            let shown = sweep.show(value);
            title.push_str(&format!(", {}={shown}", sweep.name));
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let extension = path
                .extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_default();
            path.with_file_name(format!("{stem}-{shown}{extension}"))
        }
        None => path.to_path_buf(),
    };
    let text = svg::render(
        &title,
        metric,
        &context.aggregate.stats[index],
        context.aggregate.runs,
    );
    std::fs::write(&path, text).map_err(|e| Error::io(format!("writing `{}`", path.display()), e))
}

/// One row of the sweep table: the value, p50/p90/p99 of the headline metric and the
/// probability of each outcome that happened in some run.
fn sweep_row(sweep: &Sweep, value: u64, context: &ReportContext<'_>) -> (Vec<String>, Vec<String>) {
    let mut headers = vec![sweep.name.clone()];
    let mut row = vec![sweep.show(value)];
    let runs = context.aggregate.runs;
    for key in ["readyMs", "endedMs"] {
        if let Some(index) = context.metrics.iter().position(|m| m.key == key) {
            let metric = &context.metrics[index];
            let stats = &context.aggregate.stats[index];
            for (label, permille) in [("P50", 500), ("P90", 900), ("P99", 990)] {
                headers.push(format!("{} {label}", metric.name.to_uppercase()));
                row.push(report::value(metric.unit, stats.quantile(permille, runs)));
            }
        }
    }
    for (name, proportion) in metrics::outcome_names()
        .iter()
        .zip(&context.aggregate.outcomes)
    {
        if *name == "ModelBug" {
            continue;
        }
        headers.push(format!("P({name})"));
        row.push(outcomes::percent(proportion.probability()));
    }
    (headers, row)
}

/// `--keep-worst K`: each worst run's event log, replayed from its seed exactly as
/// `--seed SEED --runs 1` shows it.
fn write_worst_logs(
    out: &mut dyn Write,
    prepared: &crate::cli::commands::simulate::Prepared,
    found: &FoundPod,
    context: &ReportContext<'_>,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    horizon: SimDuration,
) -> std::io::Result<()> {
    for (rank, worst) in context.aggregate.worst.iter().enumerate() {
        writeln!(
            out,
            "\nworst run #{} (run {}): replay with --seed {} --runs 1",
            rank + 1,
            worst.index,
            worst.seed
        )?;
        out.write_all(
            worst_log(
                prepared,
                found,
                context.scenario,
                behaviour,
                worst.seed,
                horizon,
            )
            .as_bytes(),
        )?;
    }
    Ok(())
}

/// The events table and summary of the run with `seed`, as a plain `--runs 1` run prints them.
pub(crate) fn worst_log(
    prepared: &crate::cli::commands::simulate::Prepared,
    found: &FoundPod,
    scenario: &str,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    seed: u64,
    horizon: SimDuration,
) -> String {
    let outcome = simulate(
        &prepared.pod,
        &prepared.plan,
        behaviour,
        SimConfig {
            seed,
            horizon,
            record: RecordOptions {
                events: true,
                trace: false,
                statuses: true,
                lanes: false,
            },
        },
    );
    let context = RunContext {
        plan: &prepared.plan,
        outcome: &outcome,
        source: &found.source,
        kind: &found.kind,
        seed,
        jitter: behaviour.has_jitter(),
        scenario,
        horizon,
    };
    let mut text = crate::render::simulate::events::render(&context);
    text.push('\n');
    text.push_str(&crate::render::simulate::summary::render(&context));
    text
}
