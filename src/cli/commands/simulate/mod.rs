//! `podlife simulate`: read the pods, build each run's scenario from the file and flags, run, render, check.
//! `--runs` (`montecarlo.rs`) and `--explore` (`explore.rs`) are its other modes.

mod args;
pub mod explore;
pub mod montecarlo;
pub mod request;

pub use args::{DEFAULT_HORIZON, ExploreFaults, SimulateArgs, SimulateFormat};
use request::{FoundPod, Prepared, SimulateRequest, note_ordinal_names, prepare};

use std::io::Write;

use crate::cli::Cli;
use crate::cli::commands::api_check;
use crate::cli::commands::expectations;
use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, example_input, input_configuration, resolve_inputs};
use crate::cli::pod_documents::{ReadDocument, for_each_read_document};
use crate::cli::terminal::output_width;
use crate::error::Error;
use crate::k8s::model::Pod;
use crate::render::paint::Paint;
use crate::render::simulate::{self as views, RunContext};
use crate::sim::engine::time::parse_duration;
use crate::sim::expect::{self, Expectation};
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::RecordOptions;
use crate::sim::scenario;
use std::path::PathBuf;

/// The pods of the inputs, and how the inputs that could not be read should end the run.
struct FoundPods {
    pods: Vec<FoundPod>,
    /// The exit code inputs that could not be read call for: 2 for a file that could not be
    /// read at all, 1 for a document with errors; each was reported on stderr.
    unreadable: Option<ExitStatus>,
}

fn find_pods(cli: &Cli, args: &SimulateArgs) -> Result<FoundPods, Error> {
    let inputs = match &args.example {
        Some(name) => example_input(name, crate::input::examples::default_example())?,
        None => resolve_inputs(cli, &args.input, NoPath::Example)?,
    };
    let mut configuration = input_configuration(cli, &args.input, &args.cluster, &inputs)?;
    let gates = configuration.gates()?;
    let mut found = Vec::new();
    let mut unreadable = None;
    let mut rejected: Vec<String> = Vec::new();
    let mut worse = |code: ExitStatus| unreadable = unreadable.max(Some(code));
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
        for object in objects.pods {
            if object.incomplete {
                worse(ExitStatus::Findings);
                if cli.quiet {
                    continue;
                }
                crate::cli::output::note(format_args!(
                    "podlife: skipping {} in {}: part of it could not be read (run `podlife validate`)",
                    object.display_name(),
                    file
                ));
                continue;
            }
            let name = object.pod_name();
            let shown = format!("pod `{name}` ({} in {})", object.kind, file);
            let findings =
                api_check::pod_findings(file, comments, sources, document, lines, &object, options);
            if !api_check::admit(&findings, &shown, args.allow_invalid, cli.quiet) {
                worse(ExitStatus::Findings);
                rejected.push(name);
                continue;
            }
            found.push(FoundPod {
                source: file.to_string(),
                kind: object.kind.clone(),
                name,
                job: object.job.clone(),
                pod: object.pod,
                gates,
            });
        }
    });
    unreadable = unreadable.max(read);
    keep_wanted_pod(&mut found, args.pod.as_deref(), &rejected)?;
    if found.is_empty() && rejected.is_empty() {
        return Err(Error::Usage(
            "no pods to simulate in the input (Pods and the pod templates of workloads are read)"
                .to_string(),
        ));
    }
    Ok(FoundPods {
        pods: found,
        unreadable,
    })
}

/// One pod's run, or for a Job its controller's run over its pods (the views show the first).
fn run_pod_or_job(
    found: &FoundPod,
    pod: &Pod,
    plan: &PodPlan,
    behaviour: &crate::sim::plan::behaviour::Behaviour,
    config: SimConfig,
) -> (Option<crate::sim::job::JobRun>, crate::sim::SimOutcome) {
    let job = found.job.as_ref().map(|control| {
        crate::sim::job::run_job(&crate::sim::job::JobSetup {
            control,
            pod,
            plan,
            behaviour,
            replacements: None,
            config,
        })
    });
    let outcome = match job.as_ref().and_then(|run| run.pods.first()) {
        Some(first) => first.outcome.clone(),
        None => simulate(pod, plan, behaviour, config),
    };
    (job, outcome)
}

/// `--pod NAME`: keeps only that pod, or says which pods there are; of a pod left out because
/// the API server would reject it (`rejected`, its errors reported above), that nothing is
/// simulated.
fn keep_wanted_pod(
    found: &mut Vec<FoundPod>,
    wanted: Option<&str>,
    rejected: &[String],
) -> Result<(), Error> {
    let Some(wanted) = wanted else {
        return Ok(());
    };
    let names: Vec<String> = found.iter().map(|p| p.name.clone()).collect();
    found.retain(|p| p.name == wanted);
    if found.is_empty() && rejected.iter().any(|name| name == wanted) {
        // Its errors are reported above, and they set the exit code (1).
        crate::cli::output::note(format_args!(
            "podlife: --pod {wanted}: nothing to simulate, the pod is left out (`--allow-invalid` simulates it anyway)"
        ));
        return Ok(());
    }
    if found.is_empty() {
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let hint = crate::text::closest(wanted, &refs)
            .map(|n| format!("did you mean `{n}`? "))
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "--pod {wanted}: no such pod; {hint}the pods are: {}",
            names.join(", ")
        )));
    }
    Ok(())
}

fn describe_scenario(args: &SimulateArgs) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(path) = &args.scenario {
        parts.push(path.display().to_string());
    }
    parts.extend(args.fail.iter().map(|f| format!("--fail {f}")));
    parts.extend(args.run.iter().map(|r| format!("--run {r}")));
    parts.extend(crate::cli::commands::termination_flags::describe(args));
    parts.extend(args.jitter.map(|jitter| format!("--jitter {jitter}")));
    if parts.is_empty() {
        "defaults".to_string()
    } else {
        parts.join(", ")
    }
}

/// Says where a scenario sets `rollout:`, which `simulate` does not use (one pod, no workload
/// controller), rather than drop it silently.
fn note_rollout_section(args: &SimulateArgs, scenario_text: Option<&str>) {
    if let (Some(text), Some(path)) = (scenario_text, &args.scenario)
        && let Some(span) = scenario::file::rollout_section(text)
    {
        crate::cli::output::note(format_args!(
            "podlife: note: {}:{}:{}: `rollout` is for `podlife rollout` only: `simulate` runs one pod with no workload controller, so its controller latency does not apply",
            path.display(),
            span.start.line,
            span.start.column
        ));
    }
}

/// Runs `podlife simulate`.
pub fn run(cli: &Cli, args: &SimulateArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    if args.format == SimulateFormat::Yaml {
        let json = SimulateArgs {
            format: SimulateFormat::Json,
            ..args.clone()
        };
        return crate::cli::yaml_output::run_as_yaml(out, |buffer| run(cli, &json, buffer));
    }
    let FoundPods { pods, unreadable } = find_pods(cli, args)?;
    check_flags_fit_every_pod(&pods, args)?;
    let scenario_text = match &args.scenario {
        Some(path) => Some(read_scenario(path, cli.max_input_size)?),
        None => None,
    };
    if !cli.quiet {
        note_rollout_section(args, scenario_text.as_deref());
    }
    // Several plots go to numbered files: never beside stdout, a device or a FIFO.
    if let Some(path) = args.svg.as_deref()
        && crate::cli::file_write::holds_one_plot(path)
        && (pods.len() > 1 || args.sweep.is_some())
    {
        let what = if pods.len() > 1 {
            format!("a plot for each of {} pods", pods.len())
        } else {
            "a plot for each --sweep value".to_string()
        };
        return Err(crate::cli::file_write::several_plots_refused(path, &what));
    }
    // `--svg -`: the plot is stdout, so the report goes to stderr.
    let mut report_on_stderr;
    let out: &mut dyn Write = if args
        .svg
        .as_deref()
        .is_some_and(crate::cli::file_write::is_stdout)
    {
        report_on_stderr = crate::cli::output::stderr();
        &mut report_on_stderr
    } else {
        out
    };
    let until = match &args.until {
        Some(text) => {
            Some(parse_duration(text).map_err(|e| Error::Usage(format!("--until {text}: {e}")))?)
        }
        None => None,
    };
    let scenario_description = describe_scenario(args);
    let request = SimulateRequest {
        cli,
        args,
        scenario_text: scenario_text.as_deref(),
        until,
        scenario_description: &scenario_description,
        documents: std::cell::RefCell::default(),
        unmet: std::cell::RefCell::new(Vec::new()),
    };
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let mut unmet = false;
    let mut verdicts: Vec<Verdict<'_>> = Vec::new();
    for (number, found) in pods.iter().enumerate() {
        request.unmet.borrow_mut().clear();
        let ran = match args.runs.filter(|runs| *runs >= 2) {
            _ if args.explore => explore::run_pod(&request, found, number, out),
            Some(runs) => montecarlo::run_pod(&request, runs, found, number, out),
            None => run_single(&request, found, number, out),
        };
        // An error ends the run: the JSON written so far is still closed as one document.
        let code = ran.inspect_err(|_| {
            let _ = request.documents.borrow_mut().finish(out);
        })?;
        match code {
            ExitStatus::Clean | ExitStatus::Findings => {
                unmet |= code == ExitStatus::Findings;
                verdicts.push(Verdict {
                    found,
                    unmet: request.unmet.take(),
                });
            }
            other @ ExitStatus::Failure => {
                request
                    .documents
                    .borrow_mut()
                    .finish(out)
                    .map_err(write_error)?;
                return Ok(other);
            }
        }
    }
    request
        .documents
        .borrow_mut()
        .finish(out)
        .map_err(write_error)?;
    if args.format == SimulateFormat::Human && pods.len() > 1 && !args.expect.is_empty() {
        write_verdicts(out, &verdicts).map_err(write_error)?;
    }
    let code = if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    };
    Ok(code.max(unreadable.unwrap_or(ExitStatus::Clean)))
}

/// One pod's verdict on `--expect`: the expectations it did not meet.
struct Verdict<'a> {
    found: &'a FoundPod,
    unmet: Vec<String>,
}

/// With several pods, the closing `verdicts:` section: each pod, `ok` or `FAILED` with the
/// expectations it did not meet.
fn write_verdicts(out: &mut dyn Write, verdicts: &[Verdict<'_>]) -> std::io::Result<()> {
    let failed = verdicts.iter().filter(|v| !v.unmet.is_empty()).count();
    writeln!(
        out,
        "\nverdicts: {} of {} pods met every expectation",
        verdicts.len() - failed,
        verdicts.len()
    )?;
    for verdict in verdicts {
        let pod = format!(
            "pod `{}` ({} in {})",
            crate::text::escape_control(&verdict.found.name),
            verdict.found.kind,
            crate::text::escape_control(&verdict.found.source)
        );
        if verdict.unmet.is_empty() {
            writeln!(out, "  ok      {pod}")?;
        } else {
            writeln!(out, "  FAILED  {pod}: {}", verdict.unmet.join(", "))?;
        }
    }
    Ok(())
}

/// Parses one `--expect` as the mode asks: `--explore`'s, a Monte Carlo's (`--runs N`, N ≥ 2)
/// or one run's.
fn check_expectation(args: &SimulateArgs, text: &str, plan: &PodPlan) -> Result<(), Error> {
    if args.explore {
        explore::ExploreExpectation::parse(text).map(drop)
    } else if args.runs.is_some_and(|runs| runs >= 2) {
        let known = crate::sim::montecarlo::metrics::metrics(plan);
        crate::sim::montecarlo::expect::parse(text, &known).map(drop)
    } else {
        expect::parse(text, plan).map(drop)
    }
}

/// With several pods, the flags that name containers (`--fail`, `--run`, `--stop`, `--expect`)
/// must fit each of them. When they fit some pods and not others, one usage error says which
/// pods lack what and names the pods they fit, for `--pod`; when they fit none, the first
/// pod's own error says what is wrong.
fn check_flags_fit_every_pod(pods: &[FoundPod], args: &SimulateArgs) -> Result<(), Error> {
    if pods.len() < 2 {
        return Ok(());
    }
    let mut misfits: Vec<(&FoundPod, Error)> = Vec::new();
    let mut fits: Vec<&str> = Vec::new();
    for found in pods {
        let checked = prepare(found, args, None, &|_| {}).and_then(|prepared| {
            if let Some(prepared) = prepared {
                for text in &args.expect {
                    check_expectation(args, text, &prepared.plan)?;
                }
            }
            Ok(())
        });
        match checked {
            Ok(()) => fits.push(&found.name),
            Err(error) => misfits.push((found, error)),
        }
    }
    let Some((_, first)) = misfits.first() else {
        return Ok(());
    };
    if fits.is_empty() {
        return Err(first.clone());
    }
    let lacking: Vec<String> = misfits
        .iter()
        .map(|(found, error)| {
            format!(
                "  pod `{}` ({} in {}): {}",
                found.name,
                found.kind,
                found.source,
                usage_text(error)
            )
        })
        .collect();
    let mut fitting = fits;
    fitting.dedup();
    Err(Error::Usage(format!(
        "the flags do not fit every pod in the input:\n{}\n  they fit {}: pick with `--pod {}`",
        lacking.join("\n"),
        fitting
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", "),
        fitting.first().copied().unwrap_or_default()
    )))
}

/// Reads `--scenario FILE` under `--max-input-size` and the scenario bound, whichever is lower.
fn read_scenario(path: &std::path::Path, max_input_size: u64) -> Result<String, Error> {
    use crate::sim::scenario::file::MAX_SCENARIO_BYTES;
    if max_input_size < MAX_SCENARIO_BYTES {
        return crate::input::read_text_file(path, max_input_size);
    }
    crate::input::read_text_file(path, MAX_SCENARIO_BYTES).map_err(|error| match error {
        Error::TooLarge { .. } => Error::Usage(format!(
            "`{}` is larger than a scenario file may be ({} KiB): a scenario lists what each \
             container does; shorten a long `attempts:` list (the fields beside it apply to \
             every later attempt)",
            path.display(),
            MAX_SCENARIO_BYTES >> 10
        )),
        other => other,
    })
}

/// A usage error's message without its kind.
fn usage_text(error: &Error) -> String {
    match error {
        Error::Usage(message) => message.clone(),
        other => other.to_string(),
    }
}

/// The file for pod number `number`: `path` for the first pod, `plot-2.svg` for the second.
fn numbered_path(path: &std::path::Path, number: usize) -> PathBuf {
    if number == 0 {
        return path.to_path_buf();
    }
    crate::cli::output::suffixed(path, &(number + 1).to_string())
}

/// One run of pod number `number`: simulate, write the chosen views, judge `--expect`.
fn run_single(
    request: &SimulateRequest<'_>,
    found: &FoundPod,
    number: usize,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let args = request.args;
    let Some(prepared) = prepare(found, args, request.scenario_text, &|_| {})? else {
        return Ok(ExitStatus::Failure);
    };
    if !request.cli.quiet {
        note_ordinal_names(args, &prepared.plan);
    }
    let Prepared {
        pod,
        plan,
        patch,
        settings,
    } = prepared;
    let wanted: Vec<Expectation> = args
        .expect
        .iter()
        .map(|text| expect::parse(text, &plan))
        .collect::<Result<_, _>>()?;
    // Without --runs every distribution takes its median (a readable story); `--runs 1`
    // draws from them, as run 0 of a Monte Carlo with the same seed does.
    let sampled = patch.build(&plan);
    // `--runs 1` replays run 0 of a Monte Carlo: it samples the requeue jitter as those do.
    let sampled = if args.runs.is_some() {
        sampled.with_requeue_jitter()
    } else {
        sampled
    };
    let jitter = sampled.has_jitter();
    let (behaviour, scenario_shown) = match args.runs {
        None if jitter => (
            sampled.at_medians(),
            format!("{} at medians", request.scenario_description),
        ),
        _ => (sampled, request.scenario_description.to_string()),
    };
    let seed = args.seed.or(settings.seed).unwrap_or(0);
    let horizon = request.until.or(settings.until).unwrap_or(DEFAULT_HORIZON);
    let record = RecordOptions {
        events: true,
        trace: args.trace || args.format == SimulateFormat::Json,
        statuses: true,
        lanes: args.timeline || args.svg.is_some(),
        conditions: false,
    };
    let config = SimConfig {
        max_events: request.args.max_events,
        seed,
        horizon,
        record,
    };
    let (job, outcome) = run_pod_or_job(found, &pod, &plan, &behaviour, config);
    if outcome.summary.cut_by_event_budget {
        return Err(Error::Usage(format!(
            "pod `{}`: the run reached its budget of {} events at {} of the {} asked for \
             (every probe period and restart is an event); shorten --until or raise --max-events",
            plan.name, args.max_events, outcome.summary.finished_at, horizon
        )));
    }
    let context = RunContext {
        job: job.as_ref(),
        run: found.describe(&plan, &scenario_shown, seed, horizon),
        outcome: &outcome,
        jitter,
        paint: Paint::new(crate::cli::terminal::use_color(request.cli.color)),
    };
    let results: Vec<expectations::Checked<'_>> = wanted
        .iter()
        .map(|e| (e.text.as_str(), e.check(&plan, &outcome)))
        .collect();
    if let Some(path) = &args.svg {
        let path = numbered_path(path, number);
        crate::cli::file_write::write_plot(&path, views::plot::render(&context).as_bytes())?;
    }
    match args.format {
        // `-o yaml` runs as `-o json` (`cli::yaml_output`).
        SimulateFormat::Json | SimulateFormat::Yaml => {
            request.push_document(out, views::json::render(&context))?;
        }
        SimulateFormat::Human => {
            if number > 0 {
                writeln!(out).map_err(write_error)?;
            }
            write_human(out, args, &context, &results).map_err(write_error)?;
        }
    }
    let unmet = expectations::report_unmet(&plan.name, &results);
    request.record_unmet(&results);
    if outcome.summary.illegal_calls > 0 {
        crate::cli::output::note(format_args!(
            "podlife: internal error: the simulated kubelet made {} call(s) the runtime refused (see the KubeletModelBug events); please report it",
            outcome.summary.illegal_calls
        ));
        return Ok(ExitStatus::Failure);
    }
    Ok(if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

fn write_human(
    out: &mut dyn Write,
    args: &SimulateArgs,
    context: &RunContext<'_>,
    results: &[expectations::Checked<'_>],
) -> std::io::Result<()> {
    out.write_all(views::summary::header(context).as_bytes())?;
    writeln!(out)?;
    let views_chosen = args.watch || args.timeline || args.trace;
    let mut sections: Vec<String> = Vec::new();
    if !views_chosen {
        sections.push(views::events::render(context));
    }
    if args.timeline {
        sections.push(views::timeline::render(context, output_width()));
    }
    if args.watch {
        sections.push(views::watch::render(context));
    }
    if args.trace {
        sections.push(views::trace::render(context));
    }
    for section in sections {
        out.write_all(section.as_bytes())?;
        writeln!(out)?;
    }
    out.write_all(views::summary::render(context).as_bytes())?;
    expectations::write_section(out, results)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command};

    /// Runs `podlife <args>` in the crate root and returns (exit code, stdout).
    fn podlife(args: &[&str]) -> (u8, String) {
        let cli = Cli::try_parse_from(std::iter::once("podlife").chain(args.iter().copied()))
            .expect("arguments parse");
        let Command::Simulate(simulate) = &cli.command else {
            panic!("not simulate");
        };
        let mut out = Vec::new();
        let code = super::run(&cli, simulate, &mut out).expect("runs");
        (code.code(), String::from_utf8(out).expect("UTF-8"))
    }

    #[test]
    fn t4_same_input_flags_and_seed_give_byte_identical_output() {
        let args = [
            "simulate",
            "src/examples/init-containers.yaml",
            "--scenario",
            "testdata/scenarios/jitter.yaml",
            "--fail",
            "register=1*2",
            "--seed",
            "7",
            "--timeline",
            "--watch",
            "--trace",
            "--runs",
            "1",
        ];
        let first = podlife(&args);
        let second = podlife(&args);
        assert_eq!(first, second);
        let json: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        assert_eq!(podlife(&json), podlife(&json));
        let mut other_seed = args;
        other_seed[7] = "8";
        assert_ne!(podlife(&other_seed).1, first.1, "jitter: the seed matters");
    }

    #[test]
    fn unmet_expectations_exit_1() {
        let (code, _) = podlife(&[
            "simulate",
            "src/examples/job.yaml",
            "--expect",
            "phase=Succeeded",
            "--expect",
            "ended-within=30s",
        ]);
        assert_eq!(code, 0);
        let (code, out) = podlife(&[
            "simulate",
            "src/examples/job.yaml",
            "--expect",
            "phase=Running",
        ]);
        assert_eq!(code, 1);
        assert!(out.contains("FAILED  phase=Running: the final phase is Succeeded"));
    }

    #[test]
    fn json_has_the_documented_shape() {
        let (code, out) = podlife(&["simulate", "src/examples/job.yaml", "--format", "json"]);
        assert_eq!(code, 0);
        let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let keys: Vec<&str> = value
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "events",
                "kubernetes",
                "namespace",
                "pod",
                "seed",
                "statuses",
                "summary",
                "trace"
            ]
        );
        assert_eq!(value["kubernetes"]["version"], "1.37");
        assert_eq!(value["events"][0]["container"], serde_json::Value::Null);
        assert_eq!(value["events"][0]["reason"], "Scheduled");
        for key in ["timeMs", "call", "target", "result", "latencyMs"] {
            assert!(value["trace"][0].get(key).is_some(), "{key}");
        }
        for key in ["timeMs", "ready", "status", "restarts"] {
            assert!(value["statuses"][0].get(key).is_some(), "{key}");
        }
        let summary = &value["summary"];
        assert_eq!(summary["phase"], "Succeeded");
        for key in [
            "scheduledAtMs",
            "initializedAtMs",
            "readyAtMs",
            "endedAtMs",
            "restarts",
        ] {
            assert!(summary.get(key).is_some(), "{key}");
        }
        assert_eq!(summary["restarts"]["worker"], 0);
    }
}
