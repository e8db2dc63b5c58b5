//! `podlife resources`: read the inputs, compute every pod's effective resources, QoS class and
//! node fit, render them, and choose the exit code (1 when the input has errors, 2 when an input
//! cannot be read).

use crate::cli::commands::api_check;
use crate::cli::{ClusterArgs, InputArgs};
use crate::resources::node_fit::NodeCapacity;
use clap::Args;
use std::io::Write;

use clap::ValueEnum;

use crate::cli::Cli;
use crate::cli::run::{
    EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS, NoPath, input_configuration, output_width,
    resolve_inputs,
};
use crate::error::Error;
use crate::input::{self, SourceText};
use crate::k8s::cluster::FeatureGates;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::finding::{Finding, Severity, Summary};
use crate::lint::settings::CheckOptions;
use crate::lint::validate::read_source;
use crate::render::resources::{human, json};
use crate::resources::report::{PodReport, Settings, analyse_pod};

/// `podlife resources`.
#[derive(Debug, Args)]
pub struct ResourcesArgs {
    /// Manifests to read.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(short = 'o', long, value_enum, default_value_t = ResourcesFormat::Human)]
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
    analyse(source, settings, None, PodTemplateTable::built_in())
}

/// [`analyse_source`], and each pod validated in the same pass (`SourceReport::checks`) with
/// the input's `options` (custom resources' pod templates are found through them too).
pub fn analyse_checked_source(
    source: &SourceText,
    settings: &Settings,
    options: &CheckOptions,
) -> SourceReport {
    analyse(source, settings, Some(options), &options.pod_templates)
}

fn analyse(
    source: &SourceText,
    settings: &Settings,
    check: Option<&CheckOptions>,
    templates: &PodTemplateTable,
) -> SourceReport {
    let mut report = SourceReport::default();
    let mut findings = Vec::new();
    let mut summary = Summary::default();
    let comments = if check.is_some() {
        crate::lint::settings::inline_comments::read(&source.text)
    } else {
        Vec::new()
    };
    read_source(
        source,
        templates,
        &mut findings,
        &mut summary,
        |document, objects| {
            for object in &objects.pods {
                let line = document.root.as_ref().map_or(document.start.line, |root| {
                    root.lookup(&object.object_path).value.span.start.line
                });
                report.pods.push(analyse_pod(object, line, settings));
                if let Some(options) = check {
                    let findings = if object.incomplete {
                        Vec::new()
                    } else {
                        api_check::pod_findings(&source.name, &comments, document, object, options)
                    };
                    report.checks.push(findings);
                }
            }
            report.errors.extend(objects.findings);
        },
    );
    report.errors.extend(findings);
    report.errors.retain(|f| f.severity == Severity::Error);
    report
        .errors
        .sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    report
}

/// Runs `podlife resources`.
pub fn run(cli: &Cli, args: &ResourcesArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let inputs = resolve_inputs(cli, &args.input, NoPath::Stdin)?;
    let configuration = input_configuration(cli, &args.input, &args.cluster, &inputs)?;
    let settings = settings_from_args(args, configuration.gates()?);
    let reports = input::map_inputs(&inputs, |input| {
        let options = configuration.options_for(input);
        input::read(input, cli.max_input_size)
            .map(|source| analyse_checked_source(&source, &settings, &options))
    });
    let mut pods = Vec::new();
    let mut failed = false;
    let mut errors = 0usize;
    let mut rejected = false;
    for report in reports {
        match report.and_then(|r| r) {
            Ok(report) => {
                crate::cli::output::report_findings(&report.errors.iter().collect::<Vec<_>>());
                errors += report.errors.len();
                for (pod, findings) in report.pods.into_iter().zip(report.checks) {
                    let shown = format!("{} ({})", pod.title, pod.file);
                    if api_check::admit(&findings, &shown, args.allow_invalid, cli.quiet) {
                        pods.push(pod);
                    } else {
                        rejected = true;
                    }
                }
            }
            Err(error) if error.is_broken_pipe() => return Err(error),
            Err(error) => {
                failed = true;
                crate::cli::output::note(format_args!("error: {error}"));
            }
        }
    }
    if errors > 0 && !cli.quiet {
        let noun = if errors == 1 { "error" } else { "errors" };
        crate::cli::output::note(format_args!(
            "podlife: {errors} {noun} in the input; values that could not be read are left out (details: `podlife validate`)"
        ));
    }
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match args.format {
        ResourcesFormat::Human => {
            let paint = crate::render::paint::Paint::new(crate::cli::run::use_color(cli.color));
            human::write_report(out, &pods, &settings, output_width(), paint)
                .map_err(write_error)?;
        }
        ResourcesFormat::Json => json::write_report(out, &pods, &settings).map_err(write_error)?,
    }
    Ok(if failed {
        EXIT_FAILURE
    } else if errors > 0 || rejected {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
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
