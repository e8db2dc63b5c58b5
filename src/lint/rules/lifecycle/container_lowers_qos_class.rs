//! PL308 `container-lowers-qos-class`: an init, sidecar or defer container without full resources makes a Guaranteed pod Burstable.

use crate::k8s::model::Container;
use crate::resources::effective::ContainerKind;
use crate::resources::qos::{QosClass, RequestsRead, containers_qos};
use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an init, sidecar or defer container without full resources makes a Guaranteed pod Burstable.
pub static RULE: Rule = Rule {
    id: "PL308",
    name: "container-lowers-qos-class",
    severity: Severity::Warning,
    summary: "an init, sidecar or defer container without resources makes a pod whose app containers are Guaranteed Burstable",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init container (regular or sidecar) or defer container that lacks a cpu or memory limit, or whose requests differ from its limits, in a pod whose app containers alone would make it Guaranteed.

Its finding is the one finding for such a container: the best-practice rules that would also report its missing requests or memory limit (PL435, PL436, PL437) are not reported beside it, as giving it limits fixes them all (unless one of them is configured at a higher severity, which then stands alone). It was named `init-container-lowers-qos-class` before it reported defer containers too; that name still selects, configures and suppresses it.

## Why
The QoS class counts every container alike (docs/semantics.md K6.2): a pod is Guaranteed only if every container, init containers and sidecars included, has cpu and memory limits equal to its requests. One init container written without resources (a `busybox` wait loop, typically) silently turns the pod Burstable: it loses its place at the end of the eviction order, its OOM score rises, and the static CPU manager no longer gives it exclusive cores. (The 2016 init-container proposal described the lowest QoS of init containers differently; today's Kubernetes is what counts.)

## Example
```yaml
initContainers:
- name: wait-for-db          # no resources: the pod is Burstable
  image: busybox:1.36
containers:
- name: app
  image: example/app:1.4
  resources:
    limits: {cpu: "1", memory: 512Mi}
```

## How to fix
Give the init container cpu and memory limits (requests default to them), small ones are fine: its peak, not the sum, counts for scheduling. Pod-level `spec.resources` decide the class alone, so such pods are not reported.

## Kubernetes reference
`pkg/apis/core/v1/helper/qos/qos.go` `ComputePodQOS`; docs/semantics.md K6, D16.
"#,
};

const COMPUTE: [&str; 2] = ["cpu", "memory"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pod_level = context
        .pod
        .spec
        .resources
        .as_ref()
        .is_some_and(|resources| resources.limits.is_some() || resources.requests.is_some());
    let apps: Vec<(&Container, ContainerKind)> = context
        .pod
        .containers()
        .iter()
        .map(|container| (container, ContainerKind::App))
        .collect();
    if pod_level || apps.is_empty() || !guaranteed(&apps) {
        return;
    }
    let others = context
        .pod
        .init_containers()
        .iter()
        .enumerate()
        .map(|(index, container)| (ContainerList::Init, index, container))
        .chain(
            context
                .pod
                .defer_containers()
                .iter()
                .enumerate()
                .map(|(index, container)| (ContainerList::Defer, index, container)),
        );
    for (list, index, container) in others {
        let mut with = apps.clone();
        let kind = match list {
            ContainerList::Defer => ContainerKind::Defer,
            _ if container.is_sidecar() => ContainerKind::Sidecar,
            _ => ContainerKind::Init,
        };
        with.push((container, kind));
        if guaranteed(&with) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "{} {}, so the pod is Burstable instead of Guaranteed",
                    list.describe_container(container, index),
                    shortfall(container)
                ),
            )
            .at(context.container_path(list, index).child("name"))
            .label("lowers the pod's QoS class")
            .help("give it cpu and memory limits (requests default to them); its peak, not the sum, counts for scheduling"),
        );
    }
}

/// What keeps a container from the Guaranteed shape, in words.
fn shortfall(container: &Container) -> String {
    let limits = container.resources.as_ref().and_then(|r| r.limits.as_ref());
    let missing: Vec<&str> = COMPUTE
        .iter()
        .copied()
        .filter(|name| {
            limits
                .and_then(|l| l.get(*name))
                .and_then(|q| q.valid())
                .is_none()
        })
        .collect();
    match missing.as_slice() {
        [] => "requests less than its limits".to_string(),
        [_, _] if container.resources.is_none() => "sets no resources".to_string(),
        [_, _] => "sets no cpu or memory limits".to_string(),
        [one] => format!("sets no {one} limit"),
        _ => "sets no cpu or memory limits".to_string(),
    }
}

/// Whether a pod of just these containers is Guaranteed (SEMANTICS K6.2), as `podlife
/// resources` computes the class, requests read as the API server stores them.
fn guaranteed(containers: &[(&Container, ContainerKind)]) -> bool {
    containers_qos(containers.iter().copied(), RequestsRead::AsStored).class == QosClass::Guaranteed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings;

    fn fires(init: &str, no_defaulting: bool) -> bool {
        let text = format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  initContainers: [{init}]\n  containers: [{{name: app, image: i, resources: {{limits: {{cpu: \"1\", memory: 1Gi}}}}}}]\n"
        );
        all_findings(&text, no_defaulting)
            .iter()
            .any(|finding| finding.rule.code == RULE.id)
    }

    #[test]
    fn an_init_container_without_limits_makes_the_pod_burstable() {
        assert!(fires("{name: init, image: i}", false));
        assert!(!fires(
            "{name: init, image: i, resources: {limits: {cpu: 500m, memory: 1Gi}}}",
            false
        ));
    }

    /// `ComputePodQOS` counts only positive quantities: a zero limit is no limit, so the pod is
    /// Burstable, as `podlife resources` says (the rule judges with the same function).
    #[test]
    fn a_zero_limit_is_no_limit_as_compute_pod_qos_counts() {
        assert!(fires(
            "{name: init, image: i, resources: {limits: {cpu: \"0\", memory: 1Gi}}}",
            false
        ));
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers: [{name: init, image: i, resources: {limits: {cpu: \"0\", memory: 1Gi}}}]\n  containers: [{name: app, image: i, resources: {limits: {cpu: \"1\", memory: 1Gi}}}]\n";
        let mut pod = crate::sim::testing::pod_from_yaml(text);
        crate::resources::defaulting::apply(&mut pod, crate::k8s::cluster::FeatureGates::default());
        let qos = crate::resources::compute_qos(&pod, true);
        assert_eq!(qos.class, QosClass::Burstable, "{qos}");
    }

    /// Without defaulting the requests are still read as stored: a limit stands for its unset
    /// request, so limits alone keep the pod Guaranteed.
    #[test]
    fn requests_are_read_as_stored_without_defaulting() {
        assert!(!fires(
            "{name: init, image: i, resources: {limits: {cpu: 500m, memory: 1Gi}}}",
            true
        ));
    }
}
