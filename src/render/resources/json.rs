//! The `json` format of `podlife resources` (every key is documented in docs/resources.md).

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::resources::cgroup_limits::CgroupUnlimited;
use crate::resources::decision::Decision;
use crate::resources::effective::{ContainerKind, PhaseKind};
use crate::resources::node_fit::NodeFit;
use crate::resources::qos::QosClass;
use crate::resources::quantities::Quantities;
use crate::resources::report::{PodReport, Settings};
use crate::resources::totals::{NamespaceTotal, NamespaceTotals};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonSettings {
    defaulting: bool,
    kubernetes_version: String,
    feature_gates: BTreeMap<&'static str, bool>,
    exclude_overhead: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    node: Option<String>,
}

#[derive(Serialize)]
struct RequestsAndLimits<'r> {
    requests: &'r Quantities,
    limits: &'r Quantities,
}

#[derive(Serialize)]
struct DecidedBy {
    requests: BTreeMap<String, String>,
    limits: BTreeMap<String, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonContainer<'r> {
    name: &'r str,
    #[serde(rename = "type")]
    kind: ContainerKind,
    requests: &'r Quantities,
    limits: &'r Quantities,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonPhase<'r> {
    phase: PhaseKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    container: Option<&'r str>,
    running: &'r [String],
    requests: &'r Quantities,
    limits: &'r Quantities,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonTotal {
    requests: Quantities,
    limits: Quantities,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonResourceFit<'r> {
    resource: &'r str,
    request: String,
    allocatable: String,
    pods_that_fit: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonNodeFit<'r> {
    node: String,
    fits: bool,
    pods_that_fit: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes_needed: Option<u64>,
    runs_out_first: &'r [String],
    insufficient: &'r [String],
    resources: Vec<JsonResourceFit<'r>>,
    not_on_node: &'r [String],
    ignored: &'r [String],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonPod<'r> {
    file: &'r str,
    document: usize,
    line: u32,
    kind: &'r str,
    namespace: Option<&'r str>,
    name: Option<&'r str>,
    requests: &'r Quantities,
    limits: &'r Quantities,
    qos_class: QosClass,
    qos_reason: &'r str,
    decided_by: DecidedBy,
    containers: Vec<JsonContainer<'r>>,
    phases: Vec<JsonPhase<'r>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    defer_term: Option<RequestsAndLimits<'r>>,
    pod_level_resources: bool,
    replicas: u64,
    replicas_from: String,
    total: JsonTotal,
    #[serde(skip_serializing_if = "Option::is_none")]
    node_fit: Option<JsonNodeFit<'r>>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    cgroup_unlimited: &'r [CgroupUnlimited],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonNamespace {
    namespace: Option<String>,
    pods: u64,
    requests: Quantities,
    limits: Quantities,
}

fn words(decisions: &BTreeMap<String, Decision>) -> BTreeMap<String, String> {
    decisions
        .iter()
        .map(|(resource, decision)| (resource.clone(), decision.to_string()))
        .collect()
}

fn node_fit<'r>(fit: &'r NodeFit, settings: &Settings, pod: &PodReport) -> JsonNodeFit<'r> {
    JsonNodeFit {
        node: settings
            .node
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default(),
        fits: fit.fits,
        pods_that_fit: fit.pods_that_fit,
        nodes_needed: pod.nodes_needed(),
        runs_out_first: &fit.runs_out_first,
        insufficient: &fit.insufficient,
        resources: fit
            .resources
            .iter()
            .map(|r| JsonResourceFit {
                resource: &r.resource,
                request: r.request.to_string(),
                allocatable: r.allocatable.to_string(),
                pods_that_fit: r.pods_that_fit,
            })
            .collect(),
        not_on_node: &fit.not_on_node,
        ignored: &fit.ignored,
    }
}

fn pod<'r>(pod: &'r PodReport, settings: &Settings) -> JsonPod<'r> {
    let resources = &pod.resources;
    JsonPod {
        file: &pod.file,
        document: pod.document,
        line: pod.line,
        kind: &pod.kind,
        namespace: pod.namespace.as_deref(),
        name: pod.name.as_deref(),
        requests: &resources.requests,
        limits: &resources.limits,
        qos_class: pod.qos.class,
        qos_reason: &pod.qos.reason,
        decided_by: DecidedBy {
            requests: words(&resources.requests_decided_by),
            limits: words(&resources.limits_decided_by),
        },
        containers: resources
            .containers
            .iter()
            .map(|c| JsonContainer {
                name: &c.name,
                kind: c.kind,
                requests: &c.requests,
                limits: &c.limits,
            })
            .collect(),
        phases: resources
            .phases
            .iter()
            .map(|p| JsonPhase {
                phase: p.kind,
                container: p.container.as_deref(),
                running: &p.running,
                requests: &p.requests,
                limits: &p.limits,
            })
            .collect(),
        defer_term: resources.defer_term.as_ref().map(|term| RequestsAndLimits {
            requests: &term.requests,
            limits: &term.limits,
        }),
        pod_level_resources: resources.pod_level_applied,
        replicas: pod.replicas.count,
        replicas_from: pod.replicas.source.to_string(),
        total: JsonTotal {
            requests: pod.total_requests(),
            limits: pod.total_limits(),
        },
        node_fit: pod
            .node_fit
            .as_ref()
            .map(|fit| node_fit(fit, settings, pod)),
        cgroup_unlimited: &pod.cgroup_unlimited,
    }
}

/// Writes every pod report, the per-namespace totals and the settings as one JSON document.
pub fn write_report(
    out: &mut dyn Write,
    pods: &[PodReport],
    settings: &Settings,
) -> std::io::Result<()> {
    let mut report = JsonReportWriter::default();
    for pod in pods {
        report.write_pod(
            out,
            &NamespaceTotal::of_pod(pod),
            &JsonReportWriter::pod(pod, settings),
        )?;
    }
    report.finish(out, settings)
}

/// The JSON report written pod by pod, so that only the namespace totals are kept: the bytes
/// `serde_json::to_writer_pretty` gives for the whole report, each part serialized pretty on its
/// own and indented to its depth (pretty JSON has no newline inside a string, so indenting
/// its lines is exact). A pod is serialized apart from writing it, so that pods can be
/// serialized on every core.
#[derive(Debug, Default)]
pub struct JsonReportWriter {
    pods: usize,
    totals: NamespaceTotals,
}

impl JsonReportWriter {
    /// One pod's entry in `pods`, serialized.
    pub fn pod(report: &PodReport, settings: &Settings) -> Vec<u8> {
        let mut entry = Vec::new();
        // Writing to memory cannot fail.
        let _ = write_indented(&mut entry, &pod(report, settings), 4);
        entry
    }

    /// Writes a pod's entry (serialized by [`JsonReportWriter::pod`]) and counts the pod
    /// (`totals`: what it adds to its namespace's).
    pub fn write_pod(
        &mut self,
        out: &mut dyn Write,
        totals: &NamespaceTotal,
        entry: &[u8],
    ) -> std::io::Result<()> {
        let before = if self.pods == 0 {
            "{\n  \"pods\": [\n    "
        } else {
            ",\n    "
        };
        out.write_all(before.as_bytes())?;
        out.write_all(entry)?;
        self.pods += 1;
        self.totals.add(totals);
        Ok(())
    }

    /// Writes the namespace totals and the settings, and ends the document.
    pub fn finish(self, out: &mut dyn Write, settings: &Settings) -> std::io::Result<()> {
        let pods_end = if self.pods == 0 {
            "{\n  \"pods\": [],\n  \"namespaces\": "
        } else {
            "\n  ],\n  \"namespaces\": "
        };
        out.write_all(pods_end.as_bytes())?;
        let namespaces: Vec<JsonNamespace> = self
            .totals
            .finish()
            .into_iter()
            .map(|total| JsonNamespace {
                namespace: total.namespace,
                pods: total.pods,
                requests: total.requests,
                limits: total.limits,
            })
            .collect();
        write_indented(out, &namespaces, 2)?;
        out.write_all(b",\n  \"settings\": ")?;
        write_indented(out, &json_settings(settings), 2)?;
        out.write_all(b"\n}\n")
    }
}

fn json_settings(settings: &Settings) -> JsonSettings {
    JsonSettings {
        defaulting: settings.defaulting,
        kubernetes_version: settings.gates.version().to_string(),
        feature_gates: settings.gates.values().into_iter().collect(),
        exclude_overhead: settings.exclude_overhead,
        node: settings.node.as_ref().map(ToString::to_string),
    }
}

/// `value` as pretty JSON, its lines after the first indented by `depth` spaces.
fn write_indented(
    out: &mut dyn Write,
    value: &impl Serialize,
    depth: usize,
) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    let indent = format!("\n{}", " ".repeat(depth));
    out.write_all(text.replace('\n', &indent).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::node_fit::NodeCapacity;

    /// The whole report as one value, as it was written before it was streamed.
    #[derive(Serialize)]
    struct WholeReport<'r> {
        pods: Vec<JsonPod<'r>>,
        namespaces: Vec<JsonNamespace>,
        settings: JsonSettings,
    }

    fn whole(pods: &[PodReport], settings: &Settings) -> String {
        let report = WholeReport {
            pods: pods.iter().map(|p| pod(p, settings)).collect(),
            namespaces: crate::resources::totals::by_namespace(pods)
                .into_iter()
                .map(|total| JsonNamespace {
                    namespace: total.namespace,
                    pods: total.pods,
                    requests: total.requests,
                    limits: total.limits,
                })
                .collect(),
            settings: json_settings(settings),
        };
        let mut text = serde_json::to_string_pretty(&report).expect("serializes");
        text.push('\n');
        text
    }

    #[test]
    fn the_streamed_report_is_the_whole_report_byte_for_byte() {
        let text = include_str!("../../../testdata/resources/workloads.yaml");
        let file: std::sync::Arc<str> = std::sync::Arc::from("a.yaml");
        let lines = crate::yaml::line_index::LineIndex::new(text);
        let objects: Vec<_> = crate::yaml::source::parse_stream(text)
            .iter()
            .flat_map(|document| crate::objects::read_document(&file, &lines, document).pods)
            .collect();
        for settings in [
            Settings::default(),
            Settings {
                node: Some(NodeCapacity::parse("cpu=2,memory=4Gi").expect("node")),
                ..Settings::default()
            },
        ] {
            let one: Vec<PodReport> = objects
                .iter()
                .map(|object| crate::resources::report::analyse_pod(object, 1, &settings))
                .collect();
            let three: Vec<PodReport> = one.iter().chain(&one).chain(&one).cloned().collect();
            for pods in [&[][..], &one[..], &three[..]] {
                let mut streamed = Vec::new();
                write_report(&mut streamed, pods, &settings).expect("writes");
                assert_eq!(
                    String::from_utf8(streamed).expect("UTF-8"),
                    whole(pods, &settings)
                );
            }
        }
    }
}
