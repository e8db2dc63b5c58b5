//! PL307 `init-container-decides-requests`: an init container requests more than the running pod, so it sets the pod's request.

use crate::k8s::model::Container;
use crate::resources::effective::aggregate_stored_requests;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an init container requests more than the running pod, so it sets the pod's request.
pub static RULE: Rule = Rule {
    id: "PL307",
    name: "init-container-decides-requests",
    severity: Severity::Warning,
    summary: "an init container requests more than the running pod, so it decides the pod's effective request",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Computes the pod's effective request per resource as the scheduler does and reports each regular init container whose request (plus the sidecars started before it) is higher than what the running pod needs (app containers plus all sidecars), with the difference.

## Why
The scheduler reserves the pod's effective request: the larger of the steady-state sum and the highest init-container peak (docs/semantics.md K5.1). An init container that asks for more than the whole running pod makes the pod reserve that amount for its entire life, although only the init container ever used it: capacity is wasted on every node, and the pod may not fit where it would otherwise.

## Example
```yaml
initContainers:
- name: migrate
  image: example/migrate:1.4
  resources:
    requests: {cpu: "2", memory: 1Gi}   # the pod reserves 2 CPUs for life
containers:
- name: app
  image: example/app:1.4
  resources:
    requests: {cpu: 500m, memory: 256Mi}
```

## How to fix
Lower the init container's requests to what it needs, or accept the reservation knowingly (and say why in a `podlife.dev/ignore` reason). Pod-level `spec.resources` replaces the container-derived value, so resources it sets are not reported.

## Kubernetes reference
`k8s.io/component-helpers/resource/helpers.go` `PodRequests`; API defaulting copies a limit into an unset request (`pkg/apis/core/v1/defaults.go`); docs/semantics.md K5.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pod_level: Vec<&String> = context
        .pod
        .spec
        .resources
        .as_ref()
        .and_then(|resources| resources.requests.as_ref())
        .map(|requests| requests.keys().collect())
        .unwrap_or_default();
    let init_containers = context.pod.init_containers();
    if init_containers.iter().all(crate::k8s::model::Container::is_sidecar) {
        return;
    }
    let aggregate = aggregate_stored_requests(context.pod);
    let Some(steady) = aggregate.steady_state(context.pod) else {
        return;
    };
    let peaks = init_containers
        .iter()
        .zip(&aggregate.steps)
        .enumerate()
        .filter(|(_, (container, _))| !container.is_sidecar())
        .map(|(index, (container, peak))| (index, container, peak));
    for (index, container, peak) in peaks {
        let mut excess = Vec::new();
        for (name, value) in peak {
            if !requests(container, name) || pod_level.contains(&name) {
                continue;
            }
            let running = steady.get(name).copied().unwrap_or_default();
            if *value > running {
                excess.push(format!(
                    "{name} {value} is {} above the {running} the running pod requests",
                    *value - running
                ));
            }
        }
        if excess.is_empty() {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "{} decides the pod's effective request: {}",
                    ContainerList::Init.describe_container(container, index),
                    excess.join("; ")
                ),
            )
            .at(context.container_path(ContainerList::Init, index).child("resources"))
            .on_key()
            .label("the pod reserves this for its whole life")
            .help("lower the init container's requests to what it needs, or accept the reservation knowingly")
            .note("the effective request is the larger of the running pod's sum and the highest init-container peak (sidecars started before it included)"),
        );
    }
}

/// Whether `container` asks for `resource` as stored: a valid request, or a valid limit that
/// stands for it (what `resources::effective::stored_requests` holds, without building it).
fn requests(container: &Container, resource: &str) -> bool {
    let resources = container.resources.as_ref();
    [
        resources.and_then(|r| r.requests.as_ref()),
        resources.and_then(|r| r.limits.as_ref()),
    ]
    .into_iter()
    .flatten()
    .any(|list| list.get(resource).is_some_and(|value| value.valid().is_some()))
}
