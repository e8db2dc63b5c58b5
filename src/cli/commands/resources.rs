//! `podlife resources`: read the inputs, compute every pod's effective resources, QoS class and
//! node fit, render them, and choose the exit code (1 when the input has errors, 2 when an input
//! cannot be read).

use crate::cli::commands::api_check;
use crate::cli::{ClusterArgs, InputArgs};
use crate::objects::rendered_sources::RenderedSources;
use crate::resources::node_fit::NodeCapacity;
use clap::Args;
use std::io::Write;

use clap::ValueEnum;

use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, input_configuration, resolve_inputs};
use crate::cli::terminal::output_width;
use crate::error::Error;
use crate::finding::{Finding, Severity, Summary};
use crate::input::{self, SourceText};
use crate::k8s::cluster::FeatureGates;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::settings::CheckOptions;
use crate::objects::read_source::read_source;
use crate::render::resources::{human, json};
use crate::resources::report::{PodReport, Settings, analyse_pod};
use crate::resources::totals::NamespaceTotal;

/// `podlife resources`.
#[derive(Debug, Clone, Args)]
pub struct ResourcesArgs {
    /// Manifests to read.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = ResourcesFormat::Human)]
    pub format: ResourcesFormat,
    /// Compute on the manifests as written, without API defaulting (by default a limit with no
    /// request counts as the request, as the API server makes it).
    #[arg(long)]
    pub no_defaulting: bool,
    /// The cluster: its release decides whether pod-level resources count (PodLevelResources).
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Leave pod overhead (`spec.overhead`) out of requests, limits and the node fit.
    #[arg(long)]
    pub exclude_overhead: bool,
    /// Report pods the API server would reject (their errors are still printed). Without it
    /// such a pod is left out and the exit code is 1.
    #[arg(long)]
    pub allow_invalid: bool,
    /// Check each pod against an empty node with these allocatable resources
    /// (`cpu=4,memory=16Gi[,pods=110,…]`; pods defaults to 110).
    #[arg(long, value_name = "RESOURCES", value_parser = NodeCapacity::parse)]
    pub node: Option<NodeCapacity>,
}

/// Output formats of `resources`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ResourcesFormat {
    /// Tables: one block per pod, then totals per namespace.
    Human,
    /// One JSON document with every pod, the namespace totals and the settings.
    Json,
    /// The JSON document as YAML (built whole before it is written).
    Yaml,
}

/// The settings of a command line, in the cluster `gates` describe.
pub fn settings_from_args(args: &ResourcesArgs, gates: FeatureGates) -> Settings {
    Settings {
        defaulting: !args.no_defaulting,
        gates,
        exclude_overhead: args.exclude_overhead,
        node: args.node.clone(),
    }
}

/// What one source gave: pod reports and the loader's error findings.
#[derive(Debug, Clone, Default)]
pub struct SourceReport {
    /// One report per pod, in document order.
    pub pods: Vec<PodReport>,
    /// With [`analyse_checked_source`], each pod's check findings, beside `pods`.
    pub checks: Vec<Vec<Finding>>,
    /// Findings at error severity (invalid YAML, wrong types, invalid quantities, …).
    pub errors: Vec<Finding>,
}

/// Reads every document of a source and reports every pod in it.
pub fn analyse_source(source: &SourceText, settings: &Settings) -> SourceReport {
    let mut report = SourceReport::default();
    report.errors = analyse(
        source,
        settings,
        None,
        PodTemplateTable::built_in(),
        |pod, _| pod,
        |pod| report.pods.push(pod),
    );
    report
}

/// [`analyse_source`], and each pod validated in the same pass (`SourceReport::checks`) with
/// the input's `options` (custom resources' pod templates are found through them too).
pub fn analyse_checked_source(
    source: &SourceText,
    settings: &Settings,
    options: &CheckOptions,
) -> SourceReport {
    let mut report = SourceReport::default();
    report.errors = analyse(
        source,
        settings,
        Some(options),
        &options.pod_templates,
        |pod, checks| (pod, checks),
        |(pod, checks)| {
            report.pods.push(pod);
            report.checks.push(checks);
        },
    );
    report
}

/// What one piece of a source gave: its pods' reports and check findings, its error findings,
/// and, once the piece is numbered, what `draw` made of each pod.
type Piece<D> = (SourceReport, Vec<D>);

/// Reads a source (a large one in pieces on every core), hands each pod's report and its
/// check findings (with `check`) to `draw` on the piece's core, and what it made of them to
/// `emit` in document order on this thread; returns the source's error findings, sorted.
fn analyse<D: Send>(
    source: &SourceText,
    settings: &Settings,
    check: Option<&CheckOptions>,
    templates: &PodTemplateTable,
    draw: impl Fn(PodReport, Vec<Finding>) -> D + Sync,
    mut emit: impl FnMut(D),
) -> Vec<Finding> {
    let mut errors = Vec::new();
    let mut summary = Summary::default();
    // A source whose run's Namespaces were not read ahead is governed by its own.
    let own_namespaces;
    let check = match check {
        Some(options) if options.namespaces.is_none() && options.checks_pod_security() => {
            own_namespaces = CheckOptions {
                namespaces: Some(std::sync::Arc::new(crate::lint::validate::namespaces(&[
                    source,
                ]))),
                ..options.clone()
            };
            Some(&own_namespaces)
        }
        other => other,
    };
    let comments = crate::lint::settings::inline_comments::read(&source.text);
    let sources = RenderedSources::scan(&source.text);
    let default_settings = crate::lint::settings::selection::RuleSettings::default();
    let rule_settings = check.map_or(&default_settings, |options| &options.settings);
    let mut document_errors = Vec::new();
    read_source(
        source,
        templates,
        &mut errors,
        &mut summary,
        |piece: &mut Piece<D>, document, lines, objects| {
            let report = &mut piece.0;
            // A pod part of which could not be read (its error is reported) is left out: an
            // answer from what remains (no containers at all, say) would be wrong.
            for object in objects.pods.iter().filter(|object| !object.incomplete) {
                let line = document.root.as_ref().map_or(document.start.line, |root| {
                    lines
                        .pos(root.lookup(&object.object_path).value.at.start)
                        .line
                });
                report.pods.push(analyse_pod(object, line, settings));
                let findings = match check {
                    Some(options) => api_check::pod_findings(
                        &source.name,
                        &comments,
                        sources.as_ref(),
                        document,
                        lines,
                        object,
                        options,
                    ),
                    _ => Vec::new(),
                };
                report.checks.push(findings);
            }
            let mut read = objects.findings;
            crate::lint::settings::apply::apply_to_read_findings(
                &mut read,
                document.root.as_ref(),
                lines,
                &objects.pods,
                &comments,
                rule_settings,
                &source.name,
            );
            report
                .errors
                .extend(read.into_iter().filter(|f| f.severity == Severity::Error));
        },
        |(report, drawn), documents_before| {
            crate::finding::shift_documents(&mut report.errors, documents_before);
            let pods = std::mem::take(&mut report.pods);
            let checks = std::mem::take(&mut report.checks);
            drawn.reserve_exact(pods.len());
            for (mut pod, mut findings) in pods.into_iter().zip(checks) {
                pod.document += documents_before;
                crate::finding::shift_documents(&mut findings, documents_before);
                drawn.push(draw(pod, findings));
            }
        },
        |piece| {
            let (report, drawn) = piece.value;
            document_errors.extend(report.errors);
            drawn.into_iter().for_each(&mut emit);
        },
    );
    // The documents' errors first, then the source's, as they were found; sorted stably.
    document_errors.append(&mut errors);
    document_errors.retain(|f| f.severity == Severity::Error);
    if let Some(sources) = &sources {
        sources.attribute(&mut document_errors);
    }
    document_errors.sort_by(Finding::cmp_in_file);
    document_errors
}

/// Inputs read and analysed at once per core: enough to keep the cores busy on many small
/// files, few enough that their reports stay small (a large file streams its pieces instead).
const INPUTS_PER_THREAD: usize = 2;

/// A pod as `resources` writes it, made on the core that analysed it: its output (none when
/// it is left out), what it adds to its namespace's totals, and its verdict.
struct Shown {
    /// Its block or JSON entry and what it adds to its namespace's totals; `None` for a pod
    /// the API server would reject, left out.
    output: Option<(Vec<u8>, NamespaceTotal)>,
    /// How it is named on stderr and its check findings at error or warning severity (what
    /// [`api_check::admit`] prints or counts), when it has any.
    verdict: Option<(String, Vec<Finding>)>,
}

/// What reading an input gave, before its pods are reported: a small source already analysed
/// (its pods and its errors), or a large one, analysed in pieces when its turn comes so that
/// its pods stream.
enum ReadInput {
    Analysed(Vec<Shown>, Vec<Finding>),
    Large(SourceText),
}

/// How a pod is drawn: the output format, and whether a pod with errors is shown.
#[derive(Clone, Copy)]
struct Drawing<'a> {
    /// `Some((width, paint))` for the human format; `None` for JSON.
    human: Option<(usize, crate::render::paint::Paint)>,
    settings: &'a Settings,
    allow_invalid: bool,
}

impl Drawing<'_> {
    /// Whether a pod with these check findings is shown.
    fn admits(self, findings: &[Finding]) -> bool {
        self.allow_invalid || !findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// A pod as it is written: its output and totals if it is shown, its verdict.
    fn draw(self, pod: &PodReport, mut findings: Vec<Finding>) -> Shown {
        let output = self.admits(&findings).then(|| {
            let drawn = match self.human {
                Some((width, paint)) => human::HumanReport::block(pod, self.settings, width, paint),
                None => json::JsonReportWriter::pod(pod, self.settings),
            };
            (drawn, NamespaceTotal::of_pod(pod))
        });
        findings.retain(|f| matches!(f.severity, Severity::Error | Severity::Warning));
        let verdict =
            (!findings.is_empty()).then(|| (format!("{} ({})", pod.title, pod.file), findings));
        Shown { output, verdict }
    }
}

/// Writes the pods on stdout as they come, and keeps each one's verdict to print on stderr
/// once its source's loader errors are.
struct Reporter<'a> {
    out: &'a mut dyn Write,
    drawing: Drawing<'a>,
    human: human::HumanReport,
    json: json::JsonReportWriter,
    quiet: bool,
    /// Pods left out because the API server would reject them.
    rejected: usize,
    /// The first failed write; nothing more is written after it.
    write_error: Option<std::io::Error>,
    /// Per pod of the current source with something to say: how it is shown and its check
    /// findings (errors and warnings only: what [`api_check::admit`] prints or counts).
    verdicts: Vec<(String, Vec<Finding>)>,
}

impl Reporter<'_> {
    fn pod(&mut self, shown: Shown) {
        match &shown.output {
            Some((output, totals)) => {
                if self.write_error.is_none() {
                    let written = if self.drawing.human.is_some() {
                        self.human.write_block(self.out, totals, output)
                    } else {
                        self.json.write_pod(self.out, totals, output)
                    };
                    self.write_error = written.err();
                }
            }
            None => self.rejected += 1,
        }
        self.verdicts.extend(shown.verdict);
    }

    /// A source is done: its errors, then each pod's verdict, on stderr; returns how many
    /// errors it had.
    fn source_done(&mut self, errors: &[Finding]) -> usize {
        crate::cli::output::report_findings(&errors.iter().collect::<Vec<_>>());
        for (shown, findings) in self.verdicts.drain(..) {
            api_check::admit(&findings, &shown, self.drawing.allow_invalid, self.quiet);
        }
        errors.len()
    }
}

/// Runs `podlife resources`. Inputs are read a few per core at a time and a large file in
/// pieces on every core, where each pod's output is drawn too; each pod is written as soon as
/// its turn comes, so memory holds the inputs in flight and the namespace totals, not every
/// pod's report.
pub fn run(cli: &Cli, args: &ResourcesArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    if args.format == ResourcesFormat::Yaml {
        let json = ResourcesArgs {
            format: ResourcesFormat::Json,
            ..args.clone()
        };
        return crate::cli::yaml_output::run_as_yaml(out, |buffer| report(cli, &json, buffer));
    }
    report(cli, args, out)
}

/// The note that `errors` errors in the input left pods or values out, unless `quiet`.
fn note_input_errors(errors: usize, quiet: bool) {
    if errors > 0 && !quiet {
        let noun = if errors == 1 { "error" } else { "errors" };
        crate::cli::output::note(format_args!(
            "podlife: {errors} {noun} in the input; pods and values that could not be read are left out (details: `podlife validate`)"
        ));
    }
}

/// [`run`] in the human or JSON format.
fn report(cli: &Cli, args: &ResourcesArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let inputs = resolve_inputs(cli, &args.input, NoPath::Stdin)?;
    let mut configuration = input_configuration(cli, &args.input, &args.cluster, &inputs)?;
    let settings = settings_from_args(args, configuration.gates()?);
    // With several inputs, their Namespaces govern each other's pods: read them all first.
    let read_ahead = crate::cli::read_ahead::ReadAhead::new(
        &inputs,
        crate::cli::read_ahead::read_across_inputs(&inputs, &mut configuration, cli.max_input_size),
    );
    let read_input = |input: &crate::input::Input| read_ahead.read(input, cli.max_input_size);
    let drawing = Drawing {
        human: (args.format == ResourcesFormat::Human).then(|| {
            let paint =
                crate::render::paint::Paint::new(crate::cli::terminal::use_color(cli.color));
            (output_width(), paint)
        }),
        settings: &settings,
        allow_invalid: args.allow_invalid,
    };
    let mut reporter = Reporter {
        out,
        drawing,
        human: human::HumanReport::new(drawing.human.map_or(0, |(width, _)| width)),
        json: json::JsonReportWriter::default(),
        quiet: cli.quiet,
        rejected: 0,
        write_error: None,
        verdicts: Vec::new(),
    };
    let draw = move |pod: PodReport, findings: Vec<Finding>| drawing.draw(&pod, findings);
    let mut failed = false;
    let mut errors = 0usize;
    let batch = (rayon::current_num_threads() * INPUTS_PER_THREAD).max(1);
    for inputs in inputs.chunks(batch) {
        let read = input::map_inputs(inputs, |input| {
            read_input(input).map(|source| {
                if source.text.len() >= crate::objects::read_source::PARALLEL_FROM_BYTES {
                    return ReadInput::Large(source);
                }
                let options = configuration.options_for(input);
                let mut pods = Vec::new();
                let errors = analyse(
                    &source,
                    &settings,
                    Some(&options),
                    &options.pod_templates,
                    draw,
                    |shown| pods.push(shown),
                );
                ReadInput::Analysed(pods, errors)
            })
        });
        for (input, result) in inputs.iter().zip(read) {
            match result.and_then(|r| r) {
                Ok(ReadInput::Analysed(pods, source_errors)) => {
                    for pod in pods {
                        reporter.pod(pod);
                    }
                    errors += reporter.source_done(&source_errors);
                }
                Ok(ReadInput::Large(source)) => {
                    let options = input
                        .as_ref()
                        .map(|input| configuration.options_for(input))
                        .unwrap_or_default();
                    let source_errors = analyse(
                        &source,
                        &settings,
                        Some(&options),
                        &options.pod_templates,
                        draw,
                        |shown| reporter.pod(shown),
                    );
                    errors += reporter.source_done(&source_errors);
                }
                Err(error) if error.is_broken_pipe() => return Err(error),
                Err(error) => {
                    failed = true;
                    crate::cli::output::note(format_args!("error: {error}"));
                }
            }
        }
    }
    note_input_errors(errors, cli.quiet);
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if let Some(error) = reporter.write_error.take() {
        return Err(write_error(error));
    }
    let rejected = reporter.rejected;
    let finished = if drawing.human.is_some() {
        reporter.human.finish(reporter.out, rejected)
    } else {
        reporter.json.finish(reporter.out, &settings)
    };
    finished.map_err(write_error)?;
    Ok(if failed {
        ExitStatus::Failure
    } else if errors > 0 || rejected > 0 {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::node_fit::NodeCapacity;
    use crate::resources::qos::QosClass;
    use crate::resources::replicas::ReplicaSource;

    fn analyse_text(text: &str, settings: &Settings) -> SourceReport {
        let source = SourceText::new("test.yaml", text);
        analyse_source(&source, settings)
    }

    const DEPLOYMENT: &str = "\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: app
        image: app:1
        resources:
          limits: {cpu: 500m, memory: 256Mi}
";

    #[test]
    fn workloads_report_per_pod_values_and_their_total() {
        let report = analyse_text(DEPLOYMENT, &Settings::default());
        assert!(report.errors.is_empty());
        let pod = &report.pods[0];
        assert_eq!(pod.title, "Deployment shop/web");
        assert_eq!(pod.line, 1);
        assert_eq!(pod.replicas.count, 3);
        assert_eq!(pod.replicas.source, ReplicaSource::Replicas);
        assert_eq!(pod.resources.requests["cpu"].to_string(), "500m");
        assert_eq!(pod.total_requests()["cpu"].to_string(), "1500m");
        assert_eq!(pod.total_limits()["memory"].to_string(), "768Mi");
        assert_eq!(pod.qos.class, QosClass::Guaranteed);
    }

    #[test]
    fn no_defaulting_leaves_requests_unset() {
        let settings = Settings {
            defaulting: false,
            ..Settings::default()
        };
        let pod = &analyse_text(DEPLOYMENT, &settings).pods[0];
        assert!(pod.resources.requests.is_empty());
        assert_eq!(pod.qos.class, QosClass::Burstable);
    }

    #[test]
    fn node_fit_counts_replicas_per_node() {
        let settings = Settings {
            node: Some(NodeCapacity::parse("cpu=1,memory=1Gi").unwrap()),
            ..Settings::default()
        };
        let pod = &analyse_text(DEPLOYMENT, &settings).pods[0];
        let fit = pod.node_fit.as_ref().unwrap();
        assert_eq!(fit.pods_that_fit, 2);
        assert_eq!(fit.runs_out_first, ["cpu"]);
        assert_eq!(pod.nodes_needed(), Some(2));
    }

    #[test]
    fn jobs_count_parallelism_capped_by_completions() {
        let job = "\
apiVersion: batch/v1
kind: Job
metadata: {name: batch}
spec:
  parallelism: 5
  completions: 2
  template:
    spec:
      restartPolicy: Never
      containers: [{name: work, image: w:1}]
";
        let pod = &analyse_text(job, &Settings::default()).pods[0];
        assert_eq!(pod.replicas.count, 2);
        assert_eq!(pod.replicas.source, ReplicaSource::Completions);
    }

    #[test]
    fn errors_in_the_input_are_reported_and_other_documents_still_count() {
        let text = "\
apiVersion: v1
kind: Pod
metadata: {name: bad-quantity}
spec:
  containers:
  - name: app
    image: app:1
    resources:
      requests: {cpu: 100m, memory: 1GiB}
---
apiVersion: v1
kind: Pod
metadata: {name: broken
";
        let report = analyse_text(text, &Settings::default());
        let rules: Vec<&str> = report.errors.iter().map(|f| f.rule.name).collect();
        assert_eq!(rules, ["invalid-quantity", "invalid-yaml"]);
        assert_eq!(report.pods.len(), 1);
        let pod = &report.pods[0];
        assert_eq!(
            pod.resources.requests.len(),
            1,
            "the invalid memory is left out"
        );
        assert_eq!(report.errors[0].span.unwrap().start.line, 9);
    }
}
