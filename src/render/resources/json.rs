//! The `json` format of `podlife resources` (every key is documented in docs/resources.md).

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::resources::decision::Decision;
use crate::resources::effective::{ContainerKind, PhaseKind};
use crate::resources::node_fit::NodeFit;
use crate::resources::qos::QosClass;
use crate::resources::quantities::Quantities;
use crate::resources::report::{PodReport, Settings};
use crate::resources::totals::by_namespace;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'r> {
    pods: Vec<JsonPod<'r>>,
    namespaces: Vec<JsonNamespace>,
    settings: JsonSettings,
}

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
    }
}

/// Writes every pod report, the per-namespace totals and the settings as one JSON document.
pub fn write_report(
    out: &mut dyn Write,
    pods: &[PodReport],
    settings: &Settings,
) -> std::io::Result<()> {
    let report = JsonReport {
        pods: pods.iter().map(|p| pod(p, settings)).collect(),
        namespaces: by_namespace(pods)
            .into_iter()
            .map(|total| JsonNamespace {
                namespace: total.namespace,
                pods: total.pods,
                requests: total.requests,
                limits: total.limits,
            })
            .collect(),
        settings: JsonSettings {
            defaulting: settings.defaulting,
            kubernetes_version: settings.gates.version().to_string(),
            feature_gates: settings.gates.values().into_iter().collect(),
            exclude_overhead: settings.exclude_overhead,
            node: settings.node.as_ref().map(ToString::to_string),
        },
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    writeln!(out)
}
