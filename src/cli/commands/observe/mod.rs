//! The `podlife observe` command: a real pod's life from what kubectl printed — events table, runs, critical path to Ready, summary, SVG — held against the model with `--compare`, gated with `--expect`, fitted into a scenario with `--emit-scenario`.
//!
//! Exit codes: 0 when every input was read and every `--expect` held; 1 when an expectation
//! is unmet or a document or an Event could not be read cleanly (reported on stderr with its location,
//! the other pods still observed); 2 when an input could not be read at all (missing file,
//! text that is no kubectl output) or for a usage error.

pub mod read;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, input_configuration, resolve_inputs};
use crate::cli::{Cli, InputArgs};
use crate::error::Error;
use crate::finding::Finding;
use crate::input;
use crate::k8s::timestamp::EpochMillis;
use crate::observe::compare::{Comparison, compare};
use crate::observe::observation::{Observation, observe};
use crate::render::observe::{ObservedPod, Report};
use crate::render::paint::Paint;

/// `-o` of `podlife observe`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ObserveFormat {
    /// The report for people.
    Human,
    /// One JSON document (docs/observe.md).
    Json,
    /// The JSON document's content as YAML.
    Yaml,
}

/// `podlife observe`.
#[derive(Debug, Args)]
pub struct ObserveArgs {
    /// Saved kubectl output: `get pod(s) -o yaml|json`, `get events -o yaml|json`, `events -o
    /// yaml|json`, the text of `describe pod` or of the `get events` table.
    #[command(flatten)]
    pub input: InputArgs,
    /// Events to read beside the pods (any of the forms above); repeatable.
    #[arg(long, value_name = "FILE")]
    pub events: Vec<PathBuf>,
    /// When the text with ages (`describe`, the events table) was printed (RFC 3339); without
    /// it the ages are placed from a container's start where one dates them.
    #[arg(long, value_name = "RFC3339", value_parser = crate::cli::commands::status::parse_now)]
    pub now: Option<EpochMillis>,
    /// Observe only the pod with this name.
    #[arg(long, value_name = "NAME")]
    pub pod: Option<String>,
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "format", value_enum, default_value_t = ObserveFormat::Human)]
    pub output: ObserveFormat,
    /// Draw the observed life as an SVG (`-` for stdout; several pods: numbered files).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Simulate the same spec and set observed and modelled side by side.
    #[arg(long)]
    pub compare: bool,
    /// With --compare: the scenario file the model runs (docs/simulate.md).
    #[arg(long, value_name = "FILE", requires = "compare")]
    pub scenario: Option<PathBuf>,
    /// With --compare: spread the scenario's fixed durations (as `simulate --jitter`); the
    /// model runs at their medians.
    #[arg(long, value_name = "PCT", requires = "compare", value_parser = crate::sim::scenario::Jitter::parse)]
    pub jitter: Option<crate::sim::scenario::Jitter>,
    /// Assert on the observation, as `simulate --expect` does (`ready-within=2m`,
    /// `restarts<=0`, `phase=Running`, `restarts:<container>=0`); unmet: exit 1. Repeatable.
    #[arg(long, value_name = "ASSERTION")]
    pub expect: Vec<String>,
    /// Write a scenario file whose durations are fitted to the observed pods.
    #[arg(long, value_name = "FILE")]
    pub emit_scenario: Option<PathBuf>,
}

/// Runs `podlife observe`.
pub fn run(cli: &Cli, args: &ObserveArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    match args.output {
        // `-o yaml` runs as `-o json` (`cli::yaml_output`).
        ObserveFormat::Yaml => crate::cli::yaml_output::run_as_yaml(out, |buffer| {
            run_as(cli, args, ObserveFormat::Json, buffer)
        }),
        format => run_as(cli, args, format, out),
    }
}

/// Runs `podlife observe` writing `format` (human or JSON).
fn run_as(
    cli: &Cli,
    args: &ObserveArgs,
    format: ObserveFormat,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    if args.input.all_paths().is_empty() && std::io::stdin().is_terminal() {
        return Err(Error::Usage(
            "`podlife observe` needs what kubectl printed: give files (e.g. saved `kubectl get pod -o yaml`, `kubectl describe pod`) or pipe them in"
                .to_string(),
        ));
    }
    let inputs = resolve_inputs(cli, &args.input, NoPath::Stdin)?;
    let configuration = input_configuration(
        cli,
        &args.input,
        &crate::cli::ClusterArgs::default(),
        &inputs,
    )?;
    let (mut all, failed) = read_all(cli, args, inputs, &configuration);
    let other_objects = read::match_events(&mut all);
    // Objects read but not understood are errors, whatever `-q` says.
    for left_out in &all.left_out {
        crate::cli::output::note(format_args!("error: {left_out}"));
    }
    if !all.errors.is_empty() {
        let references: Vec<&Finding> = all.errors.iter().collect();
        crate::cli::output::report_findings(&references);
    }
    if let Some(wanted) = &args.pod {
        all.pods
            .retain(|p| p.pod.metadata.name.as_deref() == Some(wanted.as_str()));
        if all.pods.is_empty() {
            return Err(Error::Usage(format!(
                "--pod {}: no such pod in the inputs",
                crate::text::clip(wanted)
            )));
        }
    }
    let now = args.now;
    let observations: Vec<Observation> = {
        use rayon::prelude::*;
        std::mem::take(&mut all.pods)
            .into_par_iter()
            .map(|mut evidence| {
                evidence.printed_at = evidence.printed_at.or(now);
                observe(evidence)
            })
            .collect()
    };
    let expectations = expectations(args, &observations)?;
    let comparisons: Vec<Option<Comparison>> = if args.compare {
        observations
            .iter()
            .map(|o| compare_one(cli, args, o).map(Some))
            .collect::<Result<_, _>>()?
    } else {
        observations.iter().map(|_| None).collect()
    };
    let distributions = (observations.len() > 1 || args.emit_scenario.is_some())
        .then(|| crate::observe::distributions::distributions(&observations));
    let report = Report {
        pods: observations
            .iter()
            .zip(&comparisons)
            .map(|(observation, comparison)| ObservedPod {
                observation,
                comparison: comparison.as_ref(),
            })
            .collect(),
        distributions: distributions.as_ref().filter(|_| observations.len() > 1),
    };
    write_svgs(args, &observations)?;
    if let (Some(path), Some(distributions)) = (&args.emit_scenario, &distributions) {
        let text = crate::observe::fit::scenario_text(distributions);
        crate::cli::file_write::write_plot(path, text.as_bytes())?;
    }
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match format {
        ObserveFormat::Human => {
            let paint = Paint::new(crate::cli::terminal::use_color(cli.color));
            out.write_all(crate::render::observe::human::render(&report, paint).as_bytes())
                .map_err(write_error)?;
        }
        ObserveFormat::Json | ObserveFormat::Yaml => out
            .write_all(crate::render::observe::json::render(&report).as_bytes())
            .map_err(write_error)?,
    }
    let unmet = unmet_expectations(&observations, &expectations, now);
    if !cli.quiet {
        notes(&all, other_objects, observations.is_empty() && !failed);
    }
    Ok(if failed {
        ExitStatus::Failure
    } else if unmet || !all.errors.is_empty() || !all.left_out.is_empty() {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// The inputs and the `--events` files, read on every core, kept in that order; whether one
/// could not be read at all (reported).
fn read_all(
    cli: &Cli,
    args: &ObserveArgs,
    inputs: Vec<Result<input::Input, Error>>,
    configuration: &crate::lint::settings::config_file::ConfigResolver,
) -> (read::Read, bool) {
    let mut all = read::Read::default();
    let mut failed = false;
    let mut sources = inputs;
    sources.extend(
        args.events
            .iter()
            .map(|path| Ok(input::Input::File(path.clone()))),
    );
    let results = input::map_inputs(&sources, |input| {
        let options = configuration.options_for(input);
        input::read(input, cli.max_input_size).and_then(|source| read::read(&source, &options))
    });
    for result in results {
        match result.and_then(|read| read) {
            Ok(read) => {
                all.pods.extend(read.pods);
                all.events.extend(read.events);
                all.event_sources.extend(read.event_sources);
                all.without_status += read.without_status;
                all.errors.extend(read.errors);
                all.left_out.extend(read.left_out);
            }
            Err(error) => {
                failed = true;
                crate::cli::output::note(format_args!("error: {error}"));
            }
        }
    }
    (all, failed)
}

/// The notes on stderr: what was skipped or left out, or that nothing was found.
fn notes(all: &read::Read, other_objects: usize, nothing: bool) {
    if all.without_status > 0 {
        let plural = if all.without_status == 1 { "" } else { "s" };
        crate::cli::output::note(format_args!(
            "podlife: skipped {} pod{plural} or template{plural} without a `status`",
            all.without_status
        ));
    }
    if other_objects > 0 {
        crate::cli::output::note(format_args!(
            "podlife: left out {other_objects} event{} about objects other than pods",
            if other_objects == 1 { "" } else { "s" }
        ));
    }
    if nothing {
        crate::cli::output::note(format_args!(
            "podlife: no pods with a status or events found"
        ));
    }
}

/// Checks every `--expect` on every pod; says on stderr which are unmet.
fn unmet_expectations(
    observations: &[Observation],
    expectations: &[Vec<crate::sim::expect::Expectation>],
    now: Option<EpochMillis>,
) -> bool {
    let mut unmet = false;
    for (observation, wanted) in observations.iter().zip(expectations) {
        for expectation in wanted {
            if let Err(instead) = crate::observe::expect::check(expectation, observation, now) {
                unmet = true;
                crate::cli::output::note(format_args!(
                    "podlife: pod `{}`: expectation `{}` not met: {instead}",
                    observation.pod.name, expectation.text
                ));
            }
        }
    }
    unmet
}

/// Every `--expect`, parsed against each pod (a container name must be one of its).
fn expectations(
    args: &ObserveArgs,
    observations: &[Observation],
) -> Result<Vec<Vec<crate::sim::expect::Expectation>>, Error> {
    observations
        .iter()
        .map(|o| {
            args.expect
                .iter()
                .map(|text| crate::observe::expect::parse(text, o))
                .collect()
        })
        .collect()
}

/// `--svg`: one file, or numbered files for several pods.
fn write_svgs(args: &ObserveArgs, observations: &[Observation]) -> Result<(), Error> {
    let Some(path) = &args.svg else {
        return Ok(());
    };
    if observations.len() > 1 && crate::cli::file_write::holds_one_plot(path) {
        return Err(crate::cli::file_write::several_plots_refused(path, "pods"));
    }
    for (number, observation) in observations.iter().enumerate() {
        let target = if number == 0 {
            path.clone()
        } else {
            numbered(path, number + 1)
        };
        let svg = crate::render::observe::plot::render(observation);
        crate::cli::file_write::write_plot(&target, svg.as_bytes())?;
    }
    Ok(())
}

fn numbered(path: &std::path::Path, number: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{number}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// `--compare`: the model's run of the same spec (the stored pod, as simulate runs it).
fn compare_one(
    cli: &Cli,
    args: &ObserveArgs,
    observation: &Observation,
) -> Result<Comparison, Error> {
    let mut pod = observation.spec_pod.clone();
    if pod.containers().is_empty() || observation.partial_spec {
        return Err(Error::Usage(format!(
            "--compare: pod `{}` has no spec in the input (describe text and event tables do not carry one): give its `kubectl get pod -o yaml`",
            observation.pod.name
        )));
    }
    pod.status = None;
    let gates = crate::k8s::cluster::FeatureGates::default();
    let stored = crate::k8s::cluster::stored_pod(
        pod,
        &gates,
        crate::k8s::cluster::Defaulting::Applied,
        &crate::k8s::workload::InitContainerSource::Spec,
    )
    .pod;
    let plan = crate::sim::plan::spec::PodPlan::new(&stored);
    let scenario_text = match &args.scenario {
        Some(path) => Some(read_text(path, cli.max_input_size)?),
        None => None,
    };
    let flags = crate::sim::scenario::ScenarioFlags {
        stop: &[],
        jitter: args.jitter,
        fail: &[],
        run: &[],
    };
    let file = scenario_text
        .as_deref()
        .zip(args.scenario.as_deref())
        .map(|(text, path)| crate::cli::commands::scenario_file::ScenarioFile { path, text });
    let does_not_fit = |errors: usize| {
        format!(
            "the scenario does not fit pod `{}` ({errors} error{})",
            plan.name,
            if errors == 1 { "" } else { "s" }
        )
    };
    let Some((patch, settings)) = crate::cli::commands::scenario_file::assemble_or_report(
        &plan,
        &gates,
        file,
        |_| Ok(()),
        &flags,
        does_not_fit,
    )?
    else {
        return Err(Error::Usage(
            "--compare: the scenario does not fit (errors above)".to_string(),
        ));
    };
    let behaviour = patch.build(&plan).at_medians();
    let horizon = settings
        .until
        .unwrap_or(crate::sim::engine::time::SimDuration::from_millis(
            u64::try_from(observation.last_known_ms().unwrap_or(0).max(600_000))
                .unwrap_or(600_000)
                .saturating_mul(2),
        ));
    let config = crate::sim::SimConfig {
        max_events: 250_000,
        seed: settings.seed.unwrap_or(0),
        horizon,
        record: crate::sim::record::RecordOptions {
            events: true,
            trace: false,
            statuses: false,
            lanes: false,
            conditions: false,
        },
    };
    let outcome = crate::sim::simulate(&stored, &plan, &behaviour, config);
    let scenario = args.scenario.as_ref().map_or_else(
        || "default".to_string(),
        |path| crate::text::escape_control(&path.display().to_string()).into_owned(),
    );
    Ok(compare(observation, &stored, &plan, &outcome, &scenario))
}

fn read_text(path: &std::path::Path, max: u64) -> Result<String, Error> {
    let input = input::Input::File(path.to_path_buf());
    let source = input::read(&input, max)?;
    Ok(source.text.as_str().to_string())
}
