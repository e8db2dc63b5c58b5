//! PL439 `memory-limit-not-equal-request`: a container's memory limit differs from its request (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{
    Side, describe, pod_level_sets, resource_candidates, runs_for_life, value,
};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container's memory limit differs from its request.
pub static RULE: Rule = Rule {
    id: "PL439",
    name: "memory-limit-not-equal-request",
    severity: Severity::Warning,
    summary: "an app container, sidecar or defer container has a `memory` limit above its request",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container, native sidecar and defer container whose `memory` request and limit are both set and differ, unless pod-level `spec.resources` sets the pod's memory. A missing limit is PL437's finding. Regular init containers are not reported: they finish before the pod serves and the pod's reservation already covers them; when one keeps an otherwise `Guaranteed` pod `Burstable`, PL308 says so. Ephemeral containers cannot set resources.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL439` or the whole group.

## Why
Memory cannot be throttled. Memory between the request and the limit is borrowed from the node: the scheduler never reserved it, so when the node runs short the kubelet evicts pods that use more than they requested, and the OOM killer may end the container although it stays under its limit. With request equal to limit the container's memory is reserved, and with CPU likewise the pod is `Guaranteed` (docs/semantics.md K6).

## Example
```yaml
resources:
  requests: {memory: 256Mi}
  limits: {memory: 1Gi}      # 768Mi borrowed from the node
```

## How to fix
Set the request to the limit (measure the container's peak and use it for both).

## Peer checks
kube-score `container-memory-requests-equal-limits` and the memory half of `container-resource-requests-equal-limits` (both optional there).

## Kubernetes reference
Kubernetes docs "Resource Management for Pods and Containers" and "Node-pressure Eviction"; `pkg/apis/core/v1/helper/qos/qos.go`; docs/semantics.md K5, K6.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if pod_level_sets(context.pod, Side::Requests, "memory")
        || pod_level_sets(context.pod, Side::Limits, "memory")
    {
        return;
    }
    for (list, index, container) in resource_candidates(context) {
        if !(runs_for_life(list, container) || list == ContainerList::Defer) {
            continue;
        }
        let (Some(request), Some(limit)) = (
            value(container, Side::Requests, "memory"),
            value(container, Side::Limits, "memory"),
        ) else {
            continue;
        };
        if request == limit {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} requests {request} of memory but may use up to {limit}",
                describe(list, index, container)
            ))
            .at(context.container_field_path(list, index, &["resources", "limits"]).key("memory"))
            .label("not reserved on the node")
            .help(format!("set the request and the limit to the same value (the container's peak); the request is {request}")),
        );
    }
}
