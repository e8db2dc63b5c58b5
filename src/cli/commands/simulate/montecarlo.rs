//! `podlife simulate --runs N`: run the Monte Carlo for each pod, then the report, `--expect`,
//! `--sweep`, `--keep-worst` and `--svg` (docs/montecarlo.md).

use std::io::Write;

use super::args::{DEFAULT_HORIZON, SimulateArgs, SimulateFormat};
use super::request::{FoundPod, Prepared, SimulateRequest, prepare};
use crate::cli::commands::expectations;
use crate::cli::exit::ExitStatus;
use crate::cli::terminal::output_width;
use crate::error::Error;
use crate::render::montecarlo::report::{ReportContext, Scope};
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

/// One swept value's row of the sweep table: headers and cells.
type SweepRow = (Vec<String>, Vec<String>);

/// What one Monte Carlo (one swept value) ended with.
enum ValueOutcome {
    /// Reported; whether an expectation was unmet, and the sweep table's row.
    Reported {
        unmet: bool,
        sweep_row: Option<SweepRow>,
    },
    /// Stop with this exit code (a scenario that does not fit, a kubelet-model bug).
    Stop(ExitStatus),
}

/// Runs the Monte Carlo (and its sweep) for pod number `number` and writes the report.
/// Returns the exit code.
pub(crate) fn run_pod(
    request: &SimulateRequest<'_>,
    runs: u64,
    found: &FoundPod,
    number: usize,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let args = request.args;
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
    let mut rows: Vec<SweepRow> = Vec::new();
    for (position, value) in values.iter().enumerate() {
        let swept = sweep.as_ref().zip(*value);
        let first = number == 0 && position == 0;
        match run_value(request, runs, found, swept, first, out)? {
            ValueOutcome::Stop(code) => return Ok(code),
            ValueOutcome::Reported {
                unmet: value_unmet,
                sweep_row,
            } => {
                unmet |= value_unmet;
                rows.extend(sweep_row);
            }
        }
    }
    if let (Some(sweep), SimulateFormat::Human) = (&sweep, args.format) {
        write_sweep_table(out, sweep, runs, &rows).map_err(|e| Error::io("writing output", e))?;
    }
    Ok(if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// The Monte Carlo of one pod at one swept value (or without a sweep): run, report, judge.
fn run_value(
    request: &SimulateRequest<'_>,
    runs: u64,
    found: &FoundPod,
    swept: Option<(&Sweep, u64)>,
    first: bool,
    out: &mut dyn Write,
) -> Result<ValueOutcome, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let args = request.args;
    let edit = |pod: &mut crate::k8s::model::Pod| {
        if let Some((sweep, value)) = swept {
            sweep.apply_to_pod(pod, value);
        }
    };
    let Some(mut prepared) = prepare(found, args, request.scenario_text, &edit)? else {
        return Ok(ValueOutcome::Stop(ExitStatus::Failure));
    };
    if let Some((sweep, value)) = swept {
        sweep.apply_to_patch(&mut prepared.patch, &prepared.plan, value)?;
    }
    // Once per pod, as a single run says it: which container `--fail init-2` picked.
    let first_value = swept.is_none_or(|(sweep, value)| sweep.values.first() == Some(&value));
    if first_value && !request.cli.quiet {
        super::request::note_ordinal_names(args, &prepared.plan);
    }
    let plan = &prepared.plan;
    // Sampled runs draw the pod worker's requeue jitter after each back-off too.
    let behaviour = prepared.patch.build(plan).with_requeue_jitter();
    let known_metrics = metrics::metrics(plan);
    let wanted: Vec<expect::TailExpectation> = args
        .expect
        .iter()
        .map(|text| expect::parse(text, &known_metrics))
        .collect::<Result<_, _>>()?;
    let seed = args.seed.or(prepared.settings.seed).unwrap_or(0);
    let horizon = swept
        .and_then(|(sweep, value)| sweep.horizon(value))
        .or(request.until)
        .or(prepared.settings.until)
        .unwrap_or(DEFAULT_HORIZON);
    let (metric_list, aggregate) = run_with_progress(
        request,
        &prepared,
        &behaviour,
        MonteCarloConfig {
            seed,
            runs,
            horizon,
            keep_worst: args.keep_worst.unwrap_or(DEFAULT_WORST),
            max_events: args.max_events,
        },
    );
    if aggregate.cut_by_event_budget > 0 {
        return Err(Error::Usage(format!(
            "pod `{}`: {} of {} runs reached the budget of {} events before {horizon} \
             (every probe period and restart is an event); shorten --until or raise --max-events",
            plan.name, aggregate.cut_by_event_budget, aggregate.runs, args.max_events
        )));
    }
    let scenario = match swept {
        Some((sweep, value)) => format!(
            "{}, {}={}",
            request.scenario_description,
            sweep.name,
            sweep.show(value)
        ),
        None => request.scenario_description.to_string(),
    };
    let context = ReportContext {
        run: found.describe(plan, &scenario, seed, horizon),
        metrics: &metric_list,
        aggregate: &aggregate,
        headline: headline_metric(args, plan, &metric_list)?,
        scope: scope(args, plan, &behaviour),
    };
    if first_value && !request.cli.quiet {
        note_idle_sweep(swept, &context);
        note_nothing_varies(&behaviour, &context);
    }
    let mut no_plot = false;
    if let Some(path) = &args.svg {
        no_plot = !write_svg(path, &context, swept)?;
    }
    let results: Vec<expectations::Checked<'_>> = wanted
        .iter()
        .map(|e| (e.text.as_str(), e.check(&metric_list, &aggregate)))
        .collect();
    let replay = Replay {
        prepared: &prepared,
        found,
        behaviour: &behaviour,
        horizon,
        paint: crate::render::paint::Paint::new(crate::cli::terminal::use_color(request.cli.color)),
    };
    write_value_report(out, request, &context, swept, &results, first, &replay)
        .map_err(write_error)?;
    let sweep_row = swept.map(|(sweep, value)| sweep_row(sweep, value, &context));
    let unmet = expectations::report_unmet(&plan.name, &results);
    request.record_unmet(&results);
    if let Some(bugs) = model_bug_runs(&aggregate) {
        crate::cli::output::note(format_args!(
            "podlife: internal error: {bugs} run(s) made calls the runtime refused (replay one of the worst runs' seeds with --runs 1); please report it"
        ));
        return Ok(ValueOutcome::Stop(ExitStatus::Failure));
    }
    Ok(ValueOutcome::Reported {
        unmet: unmet || no_plot,
        sweep_row,
    })
}

/// Runs the Monte Carlo, with a progress bar on stderr for the human format.
fn run_with_progress(
    request: &SimulateRequest<'_>,
    prepared: &Prepared,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    config: MonteCarloConfig,
) -> (Vec<metrics::Metric>, runner::Aggregate) {
    let progress = Progress::new(
        config.runs,
        "runs",
        !request.cli.quiet && request.args.format == SimulateFormat::Human,
    );
    let result = runner::run(
        &prepared.pod,
        &prepared.plan,
        behaviour,
        config,
        Some(&|| progress.inc()),
    );
    progress.finish();
    result
}

/// What replaying a worst run needs (`--keep-worst`).
struct Replay<'a> {
    prepared: &'a Prepared,
    found: &'a FoundPod,
    behaviour: &'a crate::sim::plan::behaviour::Behaviour,
    horizon: SimDuration,
    /// Colour for the replayed events (`--color`).
    paint: crate::render::paint::Paint,
}

/// Writes one value's report: JSON (an element of `pods` when there are several), or the human table with worst runs and expectations.
fn write_value_report(
    out: &mut dyn Write,
    request: &SimulateRequest<'_>,
    context: &ReportContext<'_>,
    swept: Option<(&Sweep, u64)>,
    results: &[expectations::Checked<'_>],
    first: bool,
    replay: &Replay<'_>,
) -> std::io::Result<()> {
    let args = request.args;
    match args.format {
        // The first held until a second shows the output is a list; `-o yaml` runs as `-o json`
        // (`cli::yaml_output`).
        SimulateFormat::Json | SimulateFormat::Yaml => {
            let sweep_json = swept.map(|(sweep, value)| json::SweepJson {
                name: sweep.name.clone(),
                value: sweep.show(value),
            });
            request
                .documents
                .borrow_mut()
                .push(out, json::render(context, sweep_json))
        }
        // With a sweep, the values share one compact table (written after the last one):
        // here only what was asked of each value, under its name.
        SimulateFormat::Human if swept.is_some() => {
            if results.is_empty() && args.keep_worst.is_none() {
                return Ok(());
            }
            if let Some((sweep, value)) = swept {
                writeln!(out, "{}={}:", sweep.name, sweep.show(value))?;
            }
            if args.keep_worst.is_some() {
                write_worst_logs(out, replay, context)?;
                writeln!(out)?;
            }
            expectations::write_section(out, results)?;
            writeln!(out)
        }
        SimulateFormat::Human => {
            if !first {
                writeln!(out)?;
            }
            out.write_all(report::render(context, output_width()).as_bytes())?;
            if args.keep_worst.is_some() {
                write_worst_logs(out, replay, context)?;
            }
            if !results.is_empty() {
                writeln!(out)?;
            }
            expectations::write_section(out, results)
        }
    }
}

/// How many runs made calls the runtime refused (kubelet-model bugs), if any did.
fn model_bug_runs(aggregate: &runner::Aggregate) -> Option<u64> {
    let index = metrics::outcome_names()
        .iter()
        .position(|name| *name == "ModelBug")?;
    aggregate
        .outcomes
        .get(index)
        .map(|outcome| outcome.count)
        .filter(|count| *count > 0)
}

/// The compact table of a sweep: one row per value. Columns that say nothing (no value, or 0%
/// for every value) are left out.
fn write_sweep_table(
    out: &mut dyn Write,
    sweep: &Sweep,
    runs: u64,
    rows: &[SweepRow],
) -> std::io::Result<()> {
    let Some((headers, _)) = rows.last() else {
        return Ok(());
    };
    // The value and the headline percentiles always; an outcome only when its probability
    // varies with the value.
    let keep: Vec<bool> = headers
        .iter()
        .enumerate()
        .map(|(column, header)| {
            let first = rows.first().and_then(|(_, row)| row.get(column));
            column == 0
                || !header.starts_with("P(")
                || rows.iter().any(|(_, row)| row.get(column) != first)
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
    let headers = pick(headers);
    let cells: Vec<Vec<String>> = rows.iter().map(|(_, row)| pick(row)).collect();
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    writeln!(out, "sweep of {} ({runs} runs per value):", sweep.name)?;
    out.write_all(crate::render::simulate::table::render(&headers, &cells).as_bytes())
}

/// What the scenario can produce, for the rows and outcomes the report shows.
fn scope(
    args: &SimulateArgs,
    plan: &crate::sim::plan::spec::PodPlan,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
) -> Scope {
    Scope {
        termination: behaviour.termination.deletion.is_some()
            || behaviour.termination.node_crash.is_some(),
        defer: !plan.defer_indices().is_empty(),
        deadline: plan.active_deadline.is_some(),
        all: args.all_metrics,
    }
}

/// Says (once, for the first value) that a sweep of something only a termination uses
/// changes nothing in a scenario without one.
fn note_idle_sweep(swept: Option<(&Sweep, u64)>, context: &ReportContext<'_>) {
    if let Some((sweep, _)) = swept
        && sweep.needs_termination()
        && !context.scope.termination
    {
        crate::cli::output::note(format_args!(
            "podlife: --sweep {}: pod `{}` is not deleted in this scenario, so the swept value \
             changes nothing (add --delete-at)",
            sweep.name, context.run.plan.name
        ));
    }
}

/// Says that a scenario without a distribution or a chance gives the same run every time
/// (only the kubelet's requeue jitter after a back-off can differ), and how to make it vary.
fn note_nothing_varies(
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    context: &ReportContext<'_>,
) {
    if behaviour.has_jitter() {
        return;
    }
    let aggregate = context.aggregate;
    let identical = aggregate
        .stats
        .iter()
        .all(|stats| stats.min() == stats.max())
        && aggregate
            .outcomes
            .iter()
            .all(|outcome| outcome.count == 0 || outcome.count == outcome.runs);
    let what = if identical {
        format!("the {} runs are identical", aggregate.runs)
    } else {
        "the runs differ only by the kubelet's requeue jitter after a back-off".to_string()
    };
    crate::cli::output::note(format_args!(
        "podlife: note: nothing in the scenario of pod `{}` varies, so {what}; add `--jitter PCT` \
         (e.g. `--jitter 20`) or distributions in a `--scenario` file (docs/montecarlo.md)",
        context.run.plan.name
    ));
}

/// The metric `--metric` names (a usage error naming the metrics when none has that name),
/// else the default for the pod.
fn headline_metric(
    args: &SimulateArgs,
    plan: &crate::sim::plan::spec::PodPlan,
    metric_list: &[metrics::Metric],
) -> Result<Option<usize>, Error> {
    let Some(name) = &args.metric else {
        let completes = plan.restart_policy != crate::sim::plan::spec::RestartPolicy::Always;
        return Ok(report::default_headline(metric_list, completes));
    };
    match metric_list.iter().position(|metric| &metric.name == name) {
        Some(index) => Ok(Some(index)),
        None => {
            let names: Vec<&str> = metric_list.iter().map(|m| m.name.as_str()).collect();
            let hint = crate::text::closest(name, &names)
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            Err(Error::Usage(format!(
                "--metric {name}: no such metric; {hint}the metrics are: {}",
                names.join(", ")
            )))
        }
    }
}

/// `--svg FILE`: the headline metric's histogram and CDF; with a sweep, one file per value
/// (`plot-30.svg` for `plot.svg`). When no run reached the metric there is nothing to draw:
/// no file is written, stderr says so, and the result is `false` (exit 1).
fn write_svg(
    path: &std::path::Path,
    context: &ReportContext<'_>,
    sweep: Option<(&Sweep, u64)>,
) -> Result<bool, Error> {
    let Some((metric, stats)) = report::headline(context).and_then(|index| {
        Some((
            context.metrics.get(index)?,
            context.aggregate.stats.get(index)?,
        ))
    }) else {
        let name = context
            .headline
            .and_then(|index| context.metrics.get(index))
            .map_or("the headline metric", |metric| metric.name.as_str());
        crate::cli::output::note(format_args!(
            "podlife: no run of pod `{}` reached {name}: nothing to plot, `{}` not written",
            context.run.plan.name,
            path.display()
        ));
        return Ok(false);
    };
    let mut title = format!(
        "pod {}: {}, {} runs",
        context.run.plan.name, metric.name, context.aggregate.runs
    );
    let path = match sweep {
        Some((sweep, value)) => {
            let shown = sweep.show(value);
            title.push_str(&format!(", {}={shown}", sweep.name));
            crate::cli::output::suffixed(path, &shown)
        }
        None => path.to_path_buf(),
    };
    let text = svg::render(&title, metric, stats, context.aggregate.runs);
    crate::cli::file_write::write_plot(&path, text.as_bytes())?;
    Ok(true)
}

/// One row of the sweep table: the value, p50/p90/p99 of the headline metric and the
/// probability of each outcome that happened in some run.
fn sweep_row(sweep: &Sweep, value: u64, context: &ReportContext<'_>) -> (Vec<String>, Vec<String>) {
    let mut headers = vec![sweep.name.clone()];
    let mut row = vec![sweep.show(value)];
    let runs = context.aggregate.runs;
    if let Some((metric, stats)) = context.headline.and_then(|index| {
        Some((
            context.metrics.get(index)?,
            context.aggregate.stats.get(index)?,
        ))
    }) {
        for (label, permille) in [("P50", 500), ("P90", 900), ("P99", 990)] {
            headers.push(format!("{} {label}", metric.name.to_uppercase()));
            row.push(report::value(metric.unit, stats.quantile(permille, runs)));
        }
    }
    for (name, proportion) in metrics::outcome_names()
        .iter()
        .zip(&context.aggregate.outcomes)
    {
        if *name == "ModelBug" || !context.scope.shows_outcome(name) {
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
    replay: &Replay<'_>,
    context: &ReportContext<'_>,
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
                replay.prepared,
                replay.found,
                context.run.scenario,
                replay.behaviour,
                worst.seed,
                replay.horizon,
                replay.paint,
            )
            .as_bytes(),
        )?;
    }
    Ok(())
}

/// The events table and summary of the run with `seed`, as a plain `--runs 1` run prints them.
pub(crate) fn worst_log(
    prepared: &Prepared,
    found: &FoundPod,
    scenario: &str,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    seed: u64,
    horizon: SimDuration,
    paint: crate::render::paint::Paint,
) -> String {
    let outcome = simulate(
        &prepared.pod,
        &prepared.plan,
        behaviour,
        SimConfig {
            max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
            seed,
            horizon,
            record: RecordOptions {
                events: true,
                trace: false,
                statuses: true,
                lanes: false,
                conditions: false,
            },
        },
    );
    let context = RunContext {
        job: None,
        run: found.describe(&prepared.plan, scenario, seed, horizon),
        outcome: &outcome,
        jitter: behaviour.has_jitter(),
        paint,
    };
    let mut text = crate::render::simulate::events::render(&context);
    text.push('\n');
    text.push_str(&crate::render::simulate::summary::render(&context));
    text
}
