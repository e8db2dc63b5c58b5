//! `podlife rollout`: read the workloads, build each revision's pods and scenario, run the
//! controller once or `--runs N` times, render, check `--expect`.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::commands::api_check;
use crate::cli::commands::scenario_file::{ScenarioFile, assemble_or_report};
use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, example_input, input_configuration, resolve_inputs_or};
use crate::cli::pod_documents::{ReadDocument, for_each_read_document};
use crate::cli::{Cli, ClusterArgs, InputArgs};
use crate::error::Error;
use crate::k8s::model::Pod;
use crate::k8s::workload::rollout::{ControlError, RolloutControl, WorkloadKind};
use crate::render::rollout::{self as views, RolloutContext, Workload};
use crate::rollout::expect::{self, Expectation};
use crate::rollout::lifecycle::{Lives, PodModel};
use crate::rollout::montecarlo::{self, MAX_RUNS, RunFigures};
use crate::rollout::{MAX_HORIZON_MS, MAX_REPLICAS, RolloutSetup};
use crate::sim::engine::time::{SimDuration, parse_duration};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::{self, Patch};

/// `podlife rollout`.
#[derive(Debug, Clone, Args)]
pub struct RolloutArgs {
    /// The manifest whose Deployment, StatefulSet or DaemonSet to roll out: its template is the
    /// new revision (without a path: the built-in example `rollout`).
    #[command(flatten)]
    pub input: InputArgs,
    /// The cluster to simulate.
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Roll out a built-in example (`podlife example` lists them) [default: `rollout`].
    /// Without a path, only an interactive terminal runs it unasked.
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "",
          conflicts_with_all = ["paths", "filenames"])]
    pub example: Option<String>,
    /// A manifest of the previous version: its workload of the same kind (and name, if there
    /// are several) gives the old revision's pods [default: the same template].
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Roll out only the workload with this name (default: every one in the input).
    #[arg(long, value_name = "NAME")]
    pub pod: Option<String>,
    /// Replicas to roll out instead of `spec.replicas` (at most 5000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_REPLICAS)))]
    pub replicas: Option<u32>,
    /// A DaemonSet's nodes, one pod each (at most 5000).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_REPLICAS)))]
    pub nodes: u32,
    /// A scenario file, as `podlife simulate` reads it (durations, faults, jitter); it applies
    /// to the pods of both revisions, `--fail` only to the new one's.
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Make a new pod's container fail, as `simulate --fail` (`app=readiness`: never Ready;
    /// `app=1*2`: crash twice). Repeatable.
    #[arg(long, value_name = "CONTAINER[=HOW][*N]")]
    pub fail: Vec<String>,
    /// How long a container runs per attempt (`30s`, `forever`), in pods of both revisions.
    /// Repeatable.
    #[arg(long, value_name = "CONTAINER=DURATION")]
    pub run: Vec<String>,
    /// How long a container takes to exit after SIGTERM, in pods of both revisions. Repeatable.
    #[arg(long, value_name = "CONTAINER=DURATION")]
    pub stop: Vec<String>,
    /// Seed of the random generator used for jitter [default: 0, or the scenario's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times,
    /// hooks, probe latency) into a log-normal around it, in the pods of both revisions, as
    /// `simulate --jitter` does: `--jitter 20` puts about two draws in three within ÷1.2 and
    /// ×1.2 of the value. For `--runs N`; a single run takes the medians.
    #[arg(long, value_name = "PCT", value_parser = crate::sim::scenario::Jitter::parse)]
    pub jitter: Option<crate::sim::scenario::Jitter>,
    /// The horizon: stop after this much simulated time (a rollout that completes ends
    /// earlier) [default: 30m, at most 24h].
    #[arg(long, value_name = "DURATION")]
    pub until: Option<String>,
    /// How long the controllers take to react to a change, at most 1h [default: 0s, or the
    /// scenario's `rollout.controllerLatency`].
    #[arg(long, value_name = "DURATION")]
    pub latency: Option<String>,
    /// Most events one pod's run may handle.
    #[arg(long, value_name = "N", default_value_t = crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// Roll out pods the API server would reject (their errors are still printed).
    #[arg(long)]
    pub allow_invalid: bool,
    /// Monte Carlo: N independent rollouts over the scenario's jitter, run i seeded from
    /// (--seed, i), at most 100000; prints percentiles and P(ProgressDeadlineExceeded).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_RUNS))]
    pub runs: Option<u64>,
    /// An assertion; an unmet one exits with 1. Repeatable: `completed-within=5m`,
    /// `min-available>=8`, `max-pods<=13`, `never-exceeded`, `STAT:METRIC<op>VALUE` (STAT
    /// `min`, `p50`, `p90`, `p99`, `max`; METRIC `rollout`, `max-pods`, `min-available`; e.g.
    /// `p99:rollout<=10m`), `prob:OUTCOME<op>P` (OUTCOME `ProgressDeadlineExceeded`,
    /// `Completed`; e.g. `prob:ProgressDeadlineExceeded<=1%`).
    #[arg(long, value_name = "ASSERTION")]
    pub expect: Vec<String>,
    /// Write a standalone SVG: of one run, the replicas over time, the deadline marked; with
    /// `--runs N`, the distribution of the rollout's duration (histogram and cumulative share,
    /// p50/p90/p99 marked). `-` writes it to stdout (and the report to stderr).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = RolloutFormat::Human)]
    pub format: RolloutFormat,
}

/// The default horizon (`--until`).
pub const DEFAULT_HORIZON: SimDuration = SimDuration::from_secs(1800);

/// Output formats of `rollout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RolloutFormat {
    /// The status log, the replicas over time and the summary.
    Human,
    /// One JSON document per workload (see docs/rollout.md).
    Json,
    /// The JSON document as YAML.
    Yaml,
}

/// A workload found in the inputs.
struct FoundWorkload {
    source: String,
    kind: WorkloadKind,
    name: String,
    namespace: Option<String>,
    pod: Pod,
    control: RolloutControl,
    gates: crate::k8s::cluster::FeatureGates,
}

/// Where a rollout's workloads come from: the new revision (`--example`, or the built-in
/// example at a terminal) or `--from` (its file only).
#[derive(Clone, Copy)]
enum Source<'a> {
    New { example: Option<&'a str> },
    Previous,
}

/// The inputs of `revision`.
fn source_inputs(
    cli: &Cli,
    input_args: &InputArgs,
    source: Source<'_>,
) -> Result<Vec<Result<crate::input::Input, Error>>, Error> {
    let example = crate::input::examples::rollout_example();
    match source {
        Source::New {
            example: Some(name),
        } => example_input(name, example),
        Source::New { example: None } => {
            resolve_inputs_or(cli, input_args, NoPath::Example, example)
        }
        Source::Previous => resolve_inputs_or(cli, input_args, NoPath::Stdin, example),
    }
}

/// The workloads of the inputs, and the exit code unreadable inputs call for.
fn find_workloads(
    cli: &Cli,
    input_args: &InputArgs,
    cluster: &ClusterArgs,
    allow_invalid: bool,
    source: Source<'_>,
) -> Result<(Vec<FoundWorkload>, Option<ExitStatus>), Error> {
    let inputs = source_inputs(cli, input_args, source)?;
    let mut configuration = input_configuration(cli, input_args, cluster, &inputs)?;
    let gates = configuration.gates()?;
    let mut found = Vec::new();
    let mut unreadable: Option<ExitStatus> = None;
    let mut worse = |code: ExitStatus| unreadable = unreadable.max(Some(code));
    // Objects that hold no pod (a Service, a ConfigMap), counted per file for one note each.
    let mut no_pod: Vec<(String, usize)> = Vec::new();
    let read = for_each_read_document(cli, inputs, &mut configuration, |read| {
        let ReadDocument {
            file,
            comments,
            sources,
            document,
            lines,
            objects,
            options,
        } = read;
        if objects.skipped > 0 {
            match no_pod.last_mut() {
                Some((last, count)) if last.as_str() == &**file => *count += objects.skipped,
                _ => no_pod.push((file.to_string(), objects.skipped)),
            }
        }
        for object in objects.pods {
            let kind = WorkloadKind::of(&object.kind).filter(|_| object.is_built_in());
            let Some(kind) = kind else {
                if !cli.quiet {
                    crate::cli::output::note(format_args!(
                        "podlife: skipping {} in {}: `rollout` rolls out Deployments, StatefulSets and DaemonSets",
                        object.display_name(),
                        file
                    ));
                }
                continue;
            };
            if object.incomplete {
                worse(ExitStatus::Findings);
                crate::cli::output::note(format_args!(
                    "podlife: skipping {} in {}: part of it could not be read (run `podlife validate`)",
                    object.display_name(),
                    file
                ));
                continue;
            }
            let Some(root) = document.root.as_ref() else {
                continue;
            };
            let name = object
                .name
                .clone()
                .unwrap_or_else(|| "workload".to_string());
            let shown = format!("{} `{name}` (in {})", object.kind, file);
            // What the API server rejects is said as `validate` says it, first; the rollout's
            // own reading then only meets values it cannot act on.
            let findings =
                api_check::pod_findings(file, comments, sources, document, lines, &object, options);
            if !allow_invalid && api_check::pod_security_blocks(&findings) {
                api_check::never_progresses(&findings, &shown, &object.kind);
                worse(ExitStatus::Findings);
                continue;
            }
            if !api_check::admit(&findings, &shown, allow_invalid, cli.quiet) {
                worse(ExitStatus::Findings);
                continue;
            }
            let node = root.lookup(&object.object_path).value;
            let control = match crate::k8s::workload::rollout::read(node, kind, &gates) {
                Ok(control) => control,
                Err(problems) => {
                    report_control_errors(file, lines, &object.object_path, &problems);
                    worse(ExitStatus::Failure);
                    continue;
                }
            };
            found.push(FoundWorkload {
                source: file.to_string(),
                kind,
                name,
                namespace: object.namespace.clone(),
                pod: object.pod,
                control,
                gates,
            });
        }
    });
    if !cli.quiet {
        for (file, count) in no_pod {
            crate::cli::output::note(format_args!(
                "podlife: skipping {count} object{} in {file} that hold{} no pod: `rollout` rolls out Deployments, StatefulSets and DaemonSets",
                if count == 1 { "" } else { "s" },
                if count == 1 { "s" } else { "" }
            ));
        }
    }
    Ok((found, unreadable.max(read)))
}

fn report_control_errors(
    file: &str,
    lines: &crate::yaml::line_index::LineIndex<'_>,
    object_path: &crate::yaml::field_path::FieldPath,
    problems: &[ControlError],
) {
    for problem in problems {
        let start = lines.pos(problem.at.start);
        let path = if object_path.segments().is_empty() {
            problem.path.clone()
        } else {
            format!("{object_path}.{}", problem.path)
        };
        crate::cli::output::note(format_args!(
            "error: {file}:{}:{}: `{path}` {}",
            start.line, start.column, problem.message
        ));
    }
}

/// A revision's pod, defaulted and planned, and what its containers do.
struct Revision {
    pod: Pod,
    plan: PodPlan,
    behaviour: Behaviour,
    jitter: bool,
    seed: Option<u64>,
    until: Option<SimDuration>,
    controller_latency: Option<SimDuration>,
}

/// Defaults and plans `pod` and builds its scenario: the file, `--run`, `--stop`, and for the
/// new revision `--fail`. `None`: the scenario does not fit (errors printed).
fn prepare(
    found: &FoundWorkload,
    pod: &Pod,
    args: &RolloutArgs,
    scenario_text: Option<&str>,
    new_revision: bool,
    quiet: bool,
) -> Result<Option<Revision>, Error> {
    let mut pod = crate::k8s::cluster::stored_pod(
        pod.clone(),
        &found.gates,
        crate::k8s::cluster::Defaulting::Applied,
        &crate::k8s::workload::InitContainerSource::Spec,
    )
    .pod;
    pod.metadata.name = Some(format!(
        "{}-{}",
        found.name,
        if new_revision { "v2" } else { "v1" }
    ));
    let plan = PodPlan::new(&pod);
    let fail: Vec<&str> = if new_revision {
        args.fail.iter().map(String::as_str).collect()
    } else {
        Vec::new()
    };
    let flags = scenario::ScenarioFlags {
        stop: &args.stop,
        jitter: args.jitter,
        fail: &fail,
        run: &args.run,
    };
    let file = scenario_text
        .zip(args.scenario.as_deref())
        .map(|(text, path)| ScenarioFile { path, text });
    // In a rollout the controller deletes the pods: a scenario's own deletion and node crash
    // are left out, and said so.
    let termination = |patch: &mut Patch| {
        if patch.termination.deletion.is_some() || patch.termination.node_crash.is_some() {
            if !quiet {
                crate::cli::output::note(format_args!(
                    "podlife: the scenario's deletion and node crash are left out: in a rollout the controller deletes the pods"
                ));
            }
            patch.termination.deletion = None;
            patch.termination.node_crash = None;
        }
        Ok(())
    };
    let does_not_fit = |_| {
        format!(
            "the scenario does not fit the {} revision of {} `{}`",
            if new_revision { "new" } else { "old" },
            found.kind.as_str(),
            found.name
        )
    };
    let Some((patch, settings)) =
        assemble_or_report(&plan, &found.gates, file, termination, &flags, does_not_fit)?
    else {
        return Ok(None);
    };
    let sampled = patch.build(&plan);
    let jitter = sampled.has_jitter();
    // Without --runs every distribution takes its median; with --runs each run samples.
    let behaviour = if args.runs.is_none() && jitter {
        sampled.at_medians()
    } else {
        sampled
    };
    Ok(Some(Revision {
        pod,
        plan,
        behaviour,
        jitter,
        seed: settings.seed,
        until: settings.until,
        controller_latency: settings.controller_latency,
    }))
}

/// The old revision's template: `--from FILE`'s workload of the same kind (and name).
fn previous_template(
    cli: &Cli,
    args: &RolloutArgs,
    found: &FoundWorkload,
) -> Result<Option<Pod>, Error> {
    let Some(path) = &args.from else {
        return Ok(None);
    };
    let input_args = InputArgs {
        paths: vec![path.clone()],
        filenames: Vec::new(),
        stdin_filename: None,
        hidden: false,
        no_ignore: true,
        exclude: Vec::new(),
        config: None,
        no_config: true,
        no_force_exclude: true,
    };
    let (previous, unreadable) =
        find_workloads(cli, &input_args, &args.cluster, true, Source::Previous)?;
    if unreadable.is_some() && previous.is_empty() {
        return Err(Error::Usage(format!(
            "--from {}: could not be read (see above)",
            path.display()
        )));
    }
    let same_kind: Vec<&FoundWorkload> = previous.iter().filter(|w| w.kind == found.kind).collect();
    let chosen = match same_kind.as_slice() {
        [only] => Some(*only),
        many => many.iter().copied().find(|w| w.name == found.name),
    };
    match chosen {
        Some(previous) => Ok(Some(previous.pod.clone())),
        None => Err(Error::Usage(format!(
            "--from {}: no {} `{}` in it (it has {})",
            path.display(),
            found.kind.as_str(),
            found.name,
            if same_kind.is_empty() {
                format!("no {}", found.kind.as_str())
            } else {
                same_kind
                    .iter()
                    .map(|w| format!("`{}`", w.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))),
    }
}

fn parse_flag_duration(flag: &str, text: &str) -> Result<SimDuration, Error> {
    parse_duration(text).map_err(|e| Error::Usage(format!("{flag} {text}: {e}")))
}

/// Runs `podlife rollout`.
pub fn run(cli: &Cli, args: &RolloutArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    if args.format == RolloutFormat::Yaml {
        let json = RolloutArgs {
            format: RolloutFormat::Json,
            ..args.clone()
        };
        return crate::cli::yaml_output::run_as_yaml(out, |buffer| report(cli, &json, buffer));
    }
    report(cli, args, out)
}

/// [`run`] in the human or JSON format.
/// `--latency`, within its bound.
fn controller_latency(args: &RolloutArgs) -> Result<Option<SimDuration>, Error> {
    let latency = args
        .latency
        .as_deref()
        .map(|text| parse_flag_duration("--latency", text))
        .transpose()?;
    if latency.is_some_and(|latency| latency > scenario::file::MAX_CONTROLLER_LATENCY) {
        return Err(Error::Usage(format!(
            "--latency {}: at most {}",
            args.latency.as_deref().unwrap_or_default(),
            scenario::file::MAX_CONTROLLER_LATENCY
        )));
    }
    Ok(latency)
}

fn report(cli: &Cli, args: &RolloutArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let expectations: Vec<Expectation> = args
        .expect
        .iter()
        .map(|text| expect::parse(text))
        .collect::<Result<_, _>>()?;
    let until = args
        .until
        .as_deref()
        .map(|text| parse_flag_duration("--until", text))
        .transpose()?;
    let latency = controller_latency(args)?;
    let scenario_text = match &args.scenario {
        Some(path) => Some(crate::input::read_text_file(
            path,
            cli.max_input_size
                .min(crate::sim::scenario::file::MAX_SCENARIO_BYTES),
        )?),
        None => None,
    };
    let source = Source::New {
        example: args.example.as_deref(),
    };
    let (mut workloads, unreadable) =
        find_workloads(cli, &args.input, &args.cluster, args.allow_invalid, source)?;
    if let Some(wanted) = &args.pod {
        let names: Vec<String> = workloads.iter().map(|w| w.name.clone()).collect();
        workloads.retain(|w| &w.name == wanted);
        if workloads.is_empty() {
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let hint = crate::text::closest(wanted, &refs)
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            return Err(Error::Usage(format!(
                "--pod {}: no such workload; {hint}the workloads are: {}",
                crate::text::clip(wanted),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
    }
    if workloads.is_empty() {
        if let Some(code) = unreadable {
            return Ok(code);
        }
        return Err(Error::Usage(
            "no workload to roll out in the input (Deployments, StatefulSets and DaemonSets are read)"
                .to_string(),
        ));
    }
    let svg_to_stdout = args
        .svg
        .as_deref()
        .is_some_and(crate::cli::file_write::is_stdout);
    if let Some(path) = args.svg.as_deref()
        && crate::cli::file_write::holds_one_plot(path)
        && workloads.len() > 1
    {
        return Err(crate::cli::file_write::several_plots_refused(
            path,
            &format!("a plot for each of {} workloads", workloads.len()),
        ));
    }
    let mut report_on_stderr;
    let out: &mut dyn Write = if svg_to_stdout {
        report_on_stderr = crate::cli::output::stderr();
        &mut report_on_stderr
    } else {
        out
    };
    let mut unmet = false;
    for (number, found) in workloads.iter().enumerate() {
        let request = Request {
            cli,
            args,
            expectations: &expectations,
            until,
            latency,
            scenario_text: scenario_text.as_deref(),
        };
        match run_workload(&request, found, number, out)? {
            ExitStatus::Clean => {}
            ExitStatus::Findings => unmet = true,
            ExitStatus::Failure => return Ok(ExitStatus::Failure),
        }
    }
    let code = if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    };
    Ok(code.max(unreadable.unwrap_or(ExitStatus::Clean)))
}

/// What the command line asks of every workload.
struct Request<'a> {
    cli: &'a Cli,
    args: &'a RolloutArgs,
    expectations: &'a [Expectation],
    until: Option<SimDuration>,
    /// `--latency`, which beats the scenario's `rollout.controllerLatency`.
    latency: Option<SimDuration>,
    scenario_text: Option<&'a str>,
}

fn describe_scenario(args: &RolloutArgs, jitter: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(path) = &args.scenario {
        parts.push(path.display().to_string());
    }
    parts.extend(args.fail.iter().map(|f| format!("--fail {f}")));
    parts.extend(args.run.iter().map(|r| format!("--run {r}")));
    parts.extend(args.stop.iter().map(|s| format!("--stop {s}")));
    parts.extend(args.jitter.map(|jitter| format!("--jitter {jitter}")));
    let mut text = if parts.is_empty() {
        "defaults".to_string()
    } else {
        parts.join(", ")
    };
    if jitter && args.runs.is_none() {
        text.push_str(" at medians");
    }
    text
}

/// The replicas to roll out: `--replicas`, else `spec.replicas`; a DaemonSet's `--nodes`.
fn replicas_of(found: &FoundWorkload, args: &RolloutArgs) -> Result<u32, Error> {
    match found.kind {
        WorkloadKind::DaemonSet => Ok(args.nodes),
        _ => match args.replicas {
            Some(replicas) => Ok(replicas),
            None => u32::try_from(found.control.replicas)
                .ok()
                .filter(|replicas| *replicas <= MAX_REPLICAS)
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "{} `{}`: {} replicas is more than `rollout` simulates ({MAX_REPLICAS}); pass --replicas",
                        found.kind.as_str(),
                        found.name,
                        found.control.replicas
                    ))
                }),
        },
    }
}

fn run_workload(
    request: &Request<'_>,
    found: &FoundWorkload,
    number: usize,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let args = request.args;
    let previous = previous_template(request.cli, args, found)?;
    let old_pod = previous.as_ref().unwrap_or(&found.pod);
    let quiet = request.cli.quiet;
    let Some(new) = prepare(found, &found.pod, args, request.scenario_text, true, quiet)? else {
        return Ok(ExitStatus::Failure);
    };
    let Some(old) = prepare(found, old_pod, args, request.scenario_text, false, true)? else {
        return Ok(ExitStatus::Failure);
    };
    let replicas = replicas_of(found, args)?;
    let seed = args.seed.or(new.seed).unwrap_or(0);
    let latency = request
        .latency
        .or(new.controller_latency)
        .unwrap_or(SimDuration::ZERO);
    let horizon = request.until.or(new.until).unwrap_or(DEFAULT_HORIZON);
    if horizon.millis() > MAX_HORIZON_MS || horizon.millis() == 0 {
        return Err(Error::Usage(format!(
            "--until {horizon}: the horizon must be above 0 and at most 24h"
        )));
    }
    let new_model = PodModel {
        pod: &new.pod,
        plan: &new.plan,
        behaviour: &new.behaviour,
    };
    let medians = old.behaviour.at_medians();
    let old_ready_at = Lives::old_ready_at(
        PodModel {
            pod: &old.pod,
            plan: &old.plan,
            behaviour: &medians,
        },
        seed,
        horizon.millis().min(1_800_000),
        args.max_events,
    );
    if old_ready_at.is_none() && !quiet {
        crate::cli::output::note(format_args!(
            "podlife: the old revision of {} `{}` never becomes Ready on its own; its pods are taken as Ready when the rollout starts",
            found.kind.as_str(),
            found.name
        ));
    }
    let setup = RolloutSetup {
        name: &found.name,
        control: &found.control,
        replicas,
        new: new_model,
        old: PodModel {
            pod: &old.pod,
            plan: &old.plan,
            behaviour: &old.behaviour,
        },
        old_ready_at,
        latency: latency.millis(),
        seed,
        horizon: horizon.millis(),
        max_events: args.max_events,
        record: true,
    };
    let workload = Workload {
        kind: found.kind,
        name: &found.name,
        namespace: found.namespace.as_deref(),
        source: &found.source,
        control: &found.control,
        replicas,
        from: args.from.as_deref(),
        scenario: describe_scenario(args, new.jitter || old.jitter),
        seed,
        horizon,
        latency,
    };
    if args.format != RolloutFormat::Human && !quiet {
        note_on_stderr(&workload);
    }
    let paint =
        crate::render::paint::Paint::new(crate::cli::terminal::use_color(request.cli.color));
    let shown = Shown {
        workload: &workload,
        paint,
        number,
    };
    match args.runs.filter(|runs| *runs >= 2) {
        Some(runs) => run_many(request, found, &setup, runs, &shown, out),
        None => run_once(request, found, &setup, &shown, out),
    }
}

/// What the run does not simulate as a cluster would ([`Workload::notes`]), on stderr: the
/// human reports say it under their header, the JSON document keeps its contract.
fn note_on_stderr(workload: &Workload<'_>) {
    for note in workload.notes() {
        crate::cli::output::note(format_args!(
            "podlife: note: {} `{}`: {note}",
            workload.kind.as_str(),
            workload.name
        ));
    }
}

/// How a workload's report is shown.
struct Shown<'a> {
    workload: &'a Workload<'a>,
    paint: crate::render::paint::Paint,
    /// The workload's number in the input (a blank line before each after the first).
    number: usize,
}

/// `--runs N`: the Monte Carlo report.
fn run_many(
    request: &Request<'_>,
    found: &FoundWorkload,
    setup: &RolloutSetup<'_>,
    runs: u64,
    shown: &Shown<'_>,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let args = request.args;
    let figures = montecarlo::run_many(setup, runs);
    if figures.iter().any(|run| run.cut_by_event_budget) {
        return Err(budget_error(found, args.max_events));
    }
    let results = judge(request.expectations, &figures);
    let text = match args.format {
        // `-o yaml` runs as `-o json` (`cli::yaml_output`).
        RolloutFormat::Json | RolloutFormat::Yaml => {
            views::montecarlo::json(shown.workload, &figures, &results)
        }
        RolloutFormat::Human => {
            let report = views::montecarlo::human(shown.workload, &figures, &results, shown.paint);
            if shown.number > 0 {
                format!("\n{report}")
            } else {
                report
            }
        }
    };
    if let Some(path) = &args.svg {
        write_distribution(path, shown, &figures)?;
    }
    out.write_all(text.as_bytes()).map_err(write_error)?;
    Ok(verdict(&results, args.format, &found.name))
}

/// `--runs N --svg FILE`: the distribution of the rollout's duration over the runs, drawn as
/// `simulate --runs --svg` draws a pod's (a run that never completed counts as later than any).
fn write_distribution(
    path: &std::path::Path,
    shown: &Shown<'_>,
    figures: &[RunFigures],
) -> Result<(), Error> {
    let path = if shown.number == 0 {
        path.to_path_buf()
    } else {
        crate::cli::output::suffixed(path, &(shown.number + 1).to_string())
    };
    let mut stats = crate::sim::montecarlo::stats::StreamStats::default();
    for run in figures {
        if let Some(done) = montecarlo::Metric::Rollout.value(run) {
            stats.add(done);
        }
    }
    let metric = crate::sim::montecarlo::metrics::Metric {
        key: "rolloutMs".to_string(),
        name: montecarlo::Metric::Rollout.name().to_string(),
        unit: crate::sim::montecarlo::metrics::Unit::Millis,
    };
    let runs = u64::try_from(figures.len()).unwrap_or(u64::MAX);
    let title = format!("{}: rollout, {runs} runs", shown.workload.title());
    let text = crate::render::montecarlo::svg::render(&title, &metric, &stats, runs);
    crate::cli::file_write::write_plot(&path, text.as_bytes())
}

/// One run: the report, the plot.
fn run_once(
    request: &Request<'_>,
    found: &FoundWorkload,
    setup: &RolloutSetup<'_>,
    shown: &Shown<'_>,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let args = request.args;
    let run = crate::rollout::run(setup);
    if run.summary.cut_by_event_budget {
        return Err(budget_error(found, args.max_events));
    }
    let figures = [RunFigures {
        index: 0,
        seed: setup.seed,
        complete_at: run.summary.complete_at,
        deadline_exceeded_at: run.summary.deadline_exceeded_at,
        max_pods: run.summary.max_pods,
        min_available: run.summary.min_available,
        cut_by_event_budget: false,
    }];
    let results = judge(request.expectations, &figures);
    let context = RolloutContext {
        workload: shown.workload,
        run: &run,
        paint: shown.paint,
    };
    if let Some(path) = &args.svg {
        let path = if shown.number == 0 {
            path.clone()
        } else {
            crate::cli::output::suffixed(path, &(shown.number + 1).to_string())
        };
        crate::cli::file_write::write_plot(&path, views::plot::render(&context).as_bytes())?;
    }
    let text = match args.format {
        RolloutFormat::Json | RolloutFormat::Yaml => views::json::render(&context),
        RolloutFormat::Human if shown.number > 0 => {
            format!("\n{}", views::human::render(&context, &results))
        }
        RolloutFormat::Human => views::human::render(&context, &results),
    };
    out.write_all(text.as_bytes()).map_err(write_error)?;
    // As `kubectl rollout status`: a rollout that exceeds its progress deadline fails, unless
    // expectations say what passes.
    if request.expectations.is_empty()
        && let Some(at) = run.summary.deadline_exceeded_at
    {
        if !request.cli.quiet {
            crate::cli::output::note(format_args!(
                "podlife: {} `{}`: ProgressDeadlineExceeded at {}: the rollout did not complete (exit 1, as `kubectl rollout status`; with `--expect`, the expectations decide)",
                found.kind.as_str(),
                found.name,
                SimDuration::from_millis(at)
            ));
        }
        return Ok(ExitStatus::Findings);
    }
    Ok(verdict(&results, args.format, &found.name))
}

fn budget_error(found: &FoundWorkload, max_events: u64) -> Error {
    Error::Usage(format!(
        "{} `{}`: a pod's run reached its budget of {max_events} events (every probe period and restart is an event); shorten --until or raise --max-events",
        found.kind.as_str(),
        found.name
    ))
}

/// Each expectation, whether it held and what was seen.
fn judge(expectations: &[Expectation], figures: &[RunFigures]) -> Vec<(String, bool, String)> {
    expectations
        .iter()
        .map(|expectation| {
            let (met, seen) = expectation.check(figures);
            (expectation.text.clone(), met, seen)
        })
        .collect()
}

/// 1 if an expectation is unmet (said on stderr too when the report is JSON), else 0.
fn verdict(results: &[(String, bool, String)], format: RolloutFormat, name: &str) -> ExitStatus {
    let mut unmet = false;
    for (text, met, seen) in results {
        if !met {
            unmet = true;
            if format == RolloutFormat::Json {
                crate::cli::output::note(format_args!(
                    "podlife: `{name}`: expectation unmet: {text}: {seen}"
                ));
            }
        }
    }
    if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    }
}
