//! The `human` format of `podlife resources`: per pod a table of effective values and what
//! decided them, the QoS class with its reason, the steps as the scheduler sizes them, each
//! container's own values; then totals per namespace.

use std::io::Write;

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ContentArrangement, Table};

use crate::render::paint::{Paint, Tone};
use crate::resources::cgroup_limits::CgroupUnlimited;
use crate::resources::effective::{ContainerKind, EffectiveResources, Phase, PhaseKind};
use crate::resources::node_fit::NodeFit;
use crate::resources::qos::QosClass;
use crate::resources::quantities::{Quantities, display_order};
use crate::resources::replicas::ReplicaSource;
use crate::resources::report::{PodReport, Settings};
use crate::resources::totals::{NamespaceTotal, NamespaceTotals};

/// Writes every pod's block, then the namespace totals when there is more than one pod.
pub fn write_report(
    out: &mut dyn Write,
    pods: &[PodReport],
    settings: &Settings,
    width: usize,
    paint: Paint,
) -> std::io::Result<()> {
    let mut report = HumanReport::new(width);
    for pod in pods {
        let block = HumanReport::block(pod, settings, width, paint);
        report.write_block(out, &NamespaceTotal::of_pod(pod), &block)?;
    }
    report.finish(out, 0)
}

/// The human report written pod by pod (each block as its pod comes, the namespace totals at
/// the end), so that only the totals are kept: the same text as [`write_report`]. A block is
/// drawn apart from writing it, so that blocks can be drawn on every core.
#[derive(Debug)]
pub struct HumanReport {
    width: usize,
    pods: usize,
    totals: NamespaceTotals,
}

impl HumanReport {
    /// A report whose totals are drawn at `width` columns.
    pub fn new(width: usize) -> Self {
        HumanReport {
            width,
            pods: 0,
            totals: NamespaceTotals::default(),
        }
    }

    /// One pod's block, drawn at `width` columns.
    pub fn block(pod: &PodReport, settings: &Settings, width: usize, paint: Paint) -> Vec<u8> {
        let mut block = Vec::new();
        // Writing to memory cannot fail.
        let _ = write_pod(&mut block, pod, settings, width, paint);
        block
    }

    /// Writes a pod's block (drawn by [`HumanReport::block`]) and counts the pod (`totals`:
    /// what it adds to its namespace's).
    pub fn write_block(
        &mut self,
        out: &mut dyn Write,
        totals: &NamespaceTotal,
        block: &[u8],
    ) -> std::io::Result<()> {
        if self.pods > 0 {
            writeln!(out)?;
        }
        out.write_all(block)?;
        self.pods += 1;
        self.totals.add(totals);
        Ok(())
    }

    /// Writes the namespace totals when there was more than one pod, or says there was none
    /// and why: `left_out` pods the API server would reject were left out.
    pub fn finish(self, out: &mut dyn Write, left_out: usize) -> std::io::Result<()> {
        match self.pods {
            0 if left_out > 0 => {
                let (plural, them) = if left_out == 1 {
                    ("", "it")
                } else {
                    ("s", "them")
                };
                writeln!(
                    out,
                    "{left_out} pod{plural} left out: the API server would reject {them} (errors above); `--allow-invalid` shows {them} anyway"
                )
            }
            0 => writeln!(out, "no pods found"),
            1 => Ok(()),
            _ => {
                writeln!(out)?;
                write_namespace_totals(out, self.totals.finish(), self.width)
            }
        }
    }
}

fn new_table(width: usize, header: Vec<String>) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .set_header(header);
    table
}

/// `100m / 200m`, `100m / -`, `- / 1Gi`, or `-`.
fn request_and_limit(requests: &Quantities, limits: &Quantities, resource: &str) -> String {
    match (requests.get(resource), limits.get(resource)) {
        (None, None) => "-".to_string(),
        (request, limit) => format!(
            "{} / {}",
            request.map_or("-".to_string(), ToString::to_string),
            limit.map_or("-".to_string(), ToString::to_string)
        ),
    }
}

/// `pod cgroup: no cpu limit (`helper` sets none)`: the computed limit is not enforced.
fn cgroup_note(entry: &CgroupUnlimited) -> String {
    let names = entry
        .containers
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let verb = if entry.containers.len() == 1 {
        "sets"
    } else {
        "set"
    };
    format!(
        "pod cgroup: no {} limit ({names} {verb} none)",
        entry.resource
    )
}

/// `cpu 750m, memory 768Mi`, or `none`.
fn list_in_words(list: &Quantities) -> String {
    if list.is_empty() {
        return "none".to_string();
    }
    display_order(list.keys().cloned())
        .iter()
        .map(|name| format!("{name} {}", list[name]))
        .collect::<Vec<_>>()
        .join(", ")
}

fn replicas_in_words(pod: &PodReport) -> String {
    let replicas = pod.replicas;
    let plural = if replicas.count == 1 { "" } else { "s" };
    match replicas.source {
        ReplicaSource::Pod | ReplicaSource::Template => String::new(),
        ReplicaSource::PerNode => ", one pod per node".to_string(),
        source => format!(", {} replica{plural} ({source})", replicas.count),
    }
}

fn write_pod(
    out: &mut dyn Write,
    pod: &PodReport,
    settings: &Settings,
    width: usize,
    paint: Paint,
) -> std::io::Result<()> {
    let resources = &pod.resources;
    writeln!(
        out,
        "{} ({}:{}){}",
        paint.apply(&pod.title, Some(Tone::Strong)),
        pod.file,
        pod.line,
        replicas_in_words(pod)
    )?;
    writeln!(
        out,
        "{}",
        effective_table(resources, &pod.cgroup_unlimited, width)
    )?;
    let class_tone = match pod.qos.class {
        QosClass::Guaranteed => Tone::Good,
        QosClass::Burstable => Tone::Busy,
        QosClass::BestEffort => Tone::Bad,
    };
    writeln!(
        out,
        "QoS class {}: {}",
        paint.apply(&pod.qos.class.to_string(), Some(class_tone)),
        pod.qos.reason
    )?;
    let has_steps = resources
        .phases
        .iter()
        .any(|phase| phase.kind != PhaseKind::Steady);
    let columns = resource_columns(resources);
    if has_steps {
        writeln!(out, "Steps as the scheduler sizes them (request / limit):")?;
        writeln!(out, "{}", steps_table(&resources.phases, &columns, width))?;
    }
    writeln!(out, "Containers (request / limit):")?;
    writeln!(out, "{}", containers_table(resources, &columns, width))?;
    if let Some(term) = &resources.defer_term {
        writeln!(
            out,
            "Defer term (steady state + largest defer container): requests {}; limits {}",
            list_in_words(&term.requests),
            list_in_words(&term.limits)
        )?;
    }
    if pod.replicas.count != 1 {
        writeln!(
            out,
            "Total for {} replicas: requests {}; limits {}",
            pod.replicas.count,
            list_in_words(&pod.total_requests()),
            list_in_words(&pod.total_limits())
        )?;
    }
    if let (Some(fit), Some(node)) = (&pod.node_fit, &settings.node) {
        write_node_fit(out, pod, fit, &node.to_string(), paint)?;
    }
    Ok(())
}

/// Every resource the pod, any step or any container names, in display order.
fn resource_columns(resources: &EffectiveResources) -> Vec<String> {
    let names = resources
        .requests
        .keys()
        .chain(resources.limits.keys())
        .chain(
            resources
                .phases
                .iter()
                .flat_map(|p| p.requests.keys().chain(p.limits.keys())),
        )
        .chain(
            resources
                .containers
                .iter()
                .flat_map(|c| c.requests.keys().chain(c.limits.keys())),
        )
        .cloned();
    display_order(names)
}

fn effective_table(
    resources: &EffectiveResources,
    unlimited: &[CgroupUnlimited],
    width: usize,
) -> Table {
    let header = ["resource", "request", "limit", "decided by"];
    let mut table = new_table(width, header.map(String::from).to_vec());
    let names = display_order(
        resources
            .requests
            .keys()
            .chain(resources.limits.keys())
            .cloned(),
    );
    if names.is_empty() {
        table.add_row(vec![
            "(none)",
            "-",
            "-",
            "no container requests or limits anything",
        ]);
    }
    for name in names {
        let request = resources.requests.get(&name);
        let limit = resources.limits.get(&name);
        let request_why = resources
            .requests_decided_by
            .get(&name)
            .map(ToString::to_string);
        let limit_why = resources
            .limits_decided_by
            .get(&name)
            .map(ToString::to_string);
        let mut why = match (request_why, limit_why) {
            (Some(r), Some(l)) if r == l => r,
            (Some(r), Some(l)) => format!("request: {r}\nlimit: {l}"),
            (Some(only), None) | (None, Some(only)) => only,
            (None, None) => String::new(),
        };
        if let Some(entry) = unlimited.iter().find(|entry| entry.resource == name) {
            why.push_str(&format!("\n{}", cgroup_note(entry)));
        }
        table.add_row(vec![
            name.clone(),
            request.map_or("-".to_string(), ToString::to_string),
            limit.map_or("-".to_string(), ToString::to_string),
            why,
        ]);
    }
    table
}

fn step_label(phase: &Phase) -> String {
    let name = phase.container.as_deref().unwrap_or("");
    match phase.kind {
        PhaseKind::Init => format!("init `{name}`"),
        PhaseKind::Sidecar => format!("sidecar `{name}` starts"),
        PhaseKind::Steady => "steady state".to_string(),
        PhaseKind::Defer => format!("defer `{name}`"),
    }
}

fn steps_table(phases: &[Phase], columns: &[String], width: usize) -> Table {
    let mut header = vec!["step".to_string(), "running".to_string()];
    header.extend(columns.iter().cloned());
    let mut table = new_table(width, header);
    for phase in phases {
        let mut row = vec![step_label(phase), phase.running.join(", ")];
        row.extend(
            columns
                .iter()
                .map(|name| request_and_limit(&phase.requests, &phase.limits, name)),
        );
        table.add_row(row);
    }
    table
}

fn containers_table(resources: &EffectiveResources, columns: &[String], width: usize) -> Table {
    let mut header = vec!["container".to_string(), "kind".to_string()];
    header.extend(columns.iter().cloned());
    let mut table = new_table(width, header);
    for container in &resources.containers {
        let kind = match container.kind {
            ContainerKind::Init => "init",
            ContainerKind::Sidecar => "sidecar",
            ContainerKind::App => "app",
            ContainerKind::Defer => "defer",
        };
        let mut row = vec![container.name.clone(), kind.to_string()];
        row.extend(
            columns
                .iter()
                .map(|name| request_and_limit(&container.requests, &container.limits, name)),
        );
        table.add_row(row);
    }
    table
}

fn write_node_fit(
    out: &mut dyn Write,
    pod: &PodReport,
    fit: &NodeFit,
    node: &str,
    paint: Paint,
) -> std::io::Result<()> {
    let fits = paint.apply("fits", Some(Tone::Good));
    if fit.fits && pod.replicas.source == ReplicaSource::PerNode {
        writeln!(
            out,
            "Node {node}: {fits} (a DaemonSet runs one pod per node)"
        )?;
    } else if fit.fits {
        let pods = match fit.pods_that_fit {
            1 => "1 pod fits".to_string(),
            n => format!("{n} pods fit"),
        };
        let verb = if fit.runs_out_first.len() == 1 {
            "runs"
        } else {
            "run"
        };
        write!(
            out,
            "Node {node}: {fits}; {pods} on one node, {} {verb} out first",
            fit.runs_out_first.join(" and ")
        )?;
        match pod.nodes_needed() {
            Some(nodes) if pod.replicas.count > 1 => {
                let plural = if nodes == 1 { "" } else { "s" };
                writeln!(
                    out,
                    "; {} replicas need {nodes} node{plural}",
                    pod.replicas.count
                )?;
            }
            _ => writeln!(out)?,
        }
    } else {
        let short: Vec<String> = fit
            .resources
            .iter()
            .filter(|r| r.pods_that_fit == 0)
            .map(|r| {
                format!(
                    "{} (requests {}, node has {})",
                    r.resource, r.request, r.allocatable
                )
            })
            .collect();
        writeln!(
            out,
            "Node {node}: {}: {}",
            paint.apply("does not fit", Some(Tone::Bad)),
            short.join(", ")
        )?;
    }
    if !fit.not_on_node.is_empty() {
        writeln!(
            out,
            "Not checked (not named in --node): {}",
            fit.not_on_node.join(", ")
        )?;
    }
    if !fit.ignored.is_empty() {
        writeln!(
            out,
            "Not checked (the scheduler ignores them): {}",
            fit.ignored.join(", ")
        )?;
    }
    Ok(())
}

fn write_namespace_totals(
    out: &mut dyn Write,
    totals: Vec<NamespaceTotal>,
    width: usize,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Totals by namespace (every replica counted; a DaemonSet counts one pod per node):"
    )?;
    let header = ["namespace", "pods", "resource", "requests", "limits"];
    let mut table = new_table(width, header.map(String::from).to_vec());
    for total in totals {
        let namespace = total
            .namespace
            .clone()
            .unwrap_or_else(|| "(not set)".to_string());
        let names = display_order(total.requests.keys().chain(total.limits.keys()).cloned());
        if names.is_empty() {
            table.add_row(vec![
                namespace,
                total.pods.to_string(),
                "-".into(),
                "-".into(),
                "-".into(),
            ]);
            continue;
        }
        for (index, name) in names.iter().enumerate() {
            let (namespace, pods) = if index == 0 {
                (namespace.clone(), total.pods.to_string())
            } else {
                (String::new(), String::new())
            };
            table.add_row(vec![
                namespace,
                pods,
                name.clone(),
                total
                    .requests
                    .get(name)
                    .map_or("-".to_string(), ToString::to_string),
                total
                    .limits
                    .get(name)
                    .map_or("-".to_string(), ToString::to_string),
            ]);
        }
    }
    writeln!(out, "{table}")
}
