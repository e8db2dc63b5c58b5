//! PL308 `init-container-lowers-qos-class`: an init container without full resources makes a Guaranteed pod Burstable.

use crate::k8s::model::Container;
use crate::k8s::quantity::Quantity;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an init container without full resources makes a Guaranteed pod Burstable.
pub static RULE: Rule = Rule {
    id: "PL308",
    name: "init-container-lowers-qos-class",
    severity: Severity::Warning,
    summary: "an init container without resources makes a pod whose app containers are Guaranteed Burstable",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init container (regular or sidecar) or defer container that lacks a cpu or memory limit, or whose requests differ from its limits, in a pod whose app containers alone would make it Guaranteed.

## Why
The QoS class counts every container alike (SEMANTICS K6.2): a pod is Guaranteed only if every container, init containers and sidecars included, has cpu and memory limits equal to its requests. One init container written without resources (a `busybox` wait loop, typically) silently turns the pod Burstable: it loses its place at the end of the eviction order, its OOM score rises, and the static CPU manager no longer gives it exclusive cores. (The 2016 init-container proposal described the lowest QoS of init containers differently; today's Kubernetes is what counts.)

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
`pkg/apis/core/v1/helper/qos/qos.go` `ComputePodQOS`; SEMANTICS K6, D16.
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
    let apps: Vec<&Container> = context.pod.containers().iter().collect();
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
        with.push(container);
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

/// SEMANTICS K6.2: every container has cpu and memory limits, and the summed requests (an
/// unset request taking its limit) equal the summed limits.
fn guaranteed(containers: &[&Container]) -> bool {
    for name in COMPUTE {
        let mut requests = Quantity::default();
        let mut limits = Quantity::default();
        for container in containers {
            let resources = container.resources.as_ref();
            let Some(limit) = resources
                .and_then(|r| r.limits.as_ref())
                .and_then(|l| l.get(name))
                .and_then(|q| q.valid())
            else {
                return false;
            };
            let request = resources
                .and_then(|r| r.requests.as_ref())
                .and_then(|r| r.get(name))
                .and_then(|q| q.valid())
                .unwrap_or(limit);
            limits += *limit;
            requests += *request;
        }
        if requests != limits {
            return false;
        }
    }
    true
}
