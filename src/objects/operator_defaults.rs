//! What operators do to a custom resource's pod spec before Kubernetes sees it: their own spec fields, the names they give unnamed containers, the probe ports they fill in, the claim templates they turn into volumes, the restart policy they give a Job's template.

use crate::k8s::decode::{DecodeProblem, DecodeProblemKind};
use crate::k8s::model::{Container, IntOrString, PodSpec, Probe};
use crate::k8s::workload::custom_resources::{CustomPodTemplates, Flavour};
use crate::yaml::field_path::FieldPath;
use crate::yaml::source::Node;

/// Claim templates the operator adds as pod volumes, at most this many per object.
const MAX_CLAIMS: usize = 1_000;

/// `metadata.name` of each claim template `custom` names in `object`.
pub(super) fn claim_names(object: &Node<'_>, custom: &CustomPodTemplates) -> Vec<String> {
    custom
        .claims
        .iter()
        .flat_map(|path| path.find(object, MAX_CLAIMS))
        .filter_map(|path| {
            let found = object.lookup(&path.child("metadata").child("name"));
            found
                .complete
                .then(|| found.value.as_str().map(str::to_string))?
        })
        .collect()
}

/// A Job's template with no `restartPolicy` gets `OnFailure` from operators that fill it in
/// (KEDA, JobSet): the Job they make is valid.
pub(super) fn fill_job_restart_policy(spec: &mut PodSpec) {
    if spec.restart_policy.as_deref().is_none_or(str::is_empty) {
        spec.restart_policy = Some("OnFailure".to_string());
    }
}

/// What an operator does to its template's pod spec before Kubernetes sees it: its own fields
/// in the spec are not unknown to it, and it may name unnamed containers.
pub(super) fn apply(
    flavour: Flavour,
    spec_path: &FieldPath,
    spec: &mut PodSpec,
    problems: &mut Vec<DecodeProblem>,
) {
    let extra: Vec<FieldPath> = flavour
        .extra_spec_fields()
        .iter()
        .map(|field| spec_path.child(field.to_string()))
        .collect();
    problems.retain(|problem| {
        problem.kind != DecodeProblemKind::UnknownField || !extra.contains(&problem.path)
    });
    if let Some((app, init)) = flavour.default_container_names() {
        name_unnamed_containers(spec, app, init);
    }
    if flavour.fills_serving_probe_ports() {
        fill_serving_probe_ports(spec);
    }
}

/// Knative's serving container (the only app container, or the one that declares a port) may
/// leave its probes' port out: Knative points them at the container's port (8080 when it
/// declares none). Other containers must name their ports.
fn fill_serving_probe_ports(spec: &mut PodSpec) {
    let Some(containers) = spec.containers.as_mut() else {
        return;
    };
    let single = containers.len() == 1;
    let declares_port = |container: &Container| {
        container
            .ports
            .as_ref()
            .is_some_and(|ports| !ports.is_empty())
    };
    let Some(serving) = containers
        .iter_mut()
        .find(|container| single || declares_port(container))
    else {
        return;
    };
    let port = serving
        .ports
        .iter()
        .flatten()
        .find_map(|port| port.container_port)
        .unwrap_or(KNATIVE_DEFAULT_PORT);
    for probe in [
        &mut serving.liveness_probe,
        &mut serving.readiness_probe,
        &mut serving.startup_probe,
    ]
    .into_iter()
    .flatten()
    {
        fill_probe_port(probe, port);
    }
}

/// The port Knative serves on when the container declares none (`$PORT`).
const KNATIVE_DEFAULT_PORT: i64 = 8080;

fn fill_probe_port(probe: &mut Probe, port: i64) {
    if let Some(action) = probe.http_get.as_mut()
        && action.port.is_none()
    {
        action.port = Some(IntOrString::Int(port));
    }
    if let Some(action) = probe.tcp_socket.as_mut()
        && action.port.is_none()
    {
        action.port = Some(IntOrString::Int(port));
    }
    if let Some(action) = probe.grpc.as_mut()
        && action.port.is_none()
    {
        action.port = Some(port);
    }
}

/// Names unnamed containers as Knative does: `app` (or `init`) when it is the only one of its
/// list and the name is free, else `app-N` with the smallest N from 0 that no container uses.
fn name_unnamed_containers(spec: &mut PodSpec, app: &str, init: &str) {
    let mut taken: std::collections::BTreeSet<String> = spec
        .containers
        .iter()
        .chain(&spec.init_containers)
        .flatten()
        .filter_map(|container| container.name.clone())
        .collect();
    for (containers, base) in [
        (&mut spec.containers, app),
        (&mut spec.init_containers, init),
    ] {
        let Some(containers) = containers else {
            continue;
        };
        let several = containers.len() > 1;
        let mut suffix = 0usize;
        for container in containers.iter_mut() {
            if container
                .name
                .as_deref()
                .is_some_and(|name| !name.is_empty())
            {
                continue;
            }
            let mut name = base.to_string();
            if several || taken.contains(&name) {
                loop {
                    name = format!("{base}-{suffix}");
                    suffix += 1;
                    if !taken.contains(&name) {
                        break;
                    }
                }
            }
            taken.insert(name.clone());
            container.name = Some(name);
        }
    }
}
