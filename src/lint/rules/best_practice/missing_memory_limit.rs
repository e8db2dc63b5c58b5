//! PL437 `missing-memory-limit`: a container has no memory limit, so the pod's memory is unbounded (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{
    Side, describe, pod_level_sets, resource_candidates, runs_for_life, sets,
};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container has no memory limit, so the pod's memory is unbounded.
pub static RULE: Rule = Rule {
    id: "PL437",
    name: "missing-memory-limit",
    severity: Severity::Warning,
    summary: "a container has no `memory` limit, so neither it nor the pod is bounded",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every init container (regular or sidecar), app container and defer container without a `memory` limit, unless pod-level `spec.resources.limits.memory` bounds the pod. A regular init container is reported too, and its message says why: the kubelet gives the pod's cgroup a memory limit only when every container, init containers included, has one, so a single init container without a limit decides that the pod has no effective memory limit for its whole life, long after the init container has finished. Ephemeral containers cannot set resources. Where PL308 reports the same container (it lowers an otherwise Guaranteed pod's QoS class), PL308's finding is the one finding for it: its fix, cpu and memory limits, answers this rule too (unless this rule is configured at a higher severity: then this one stands alone).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL437` or the whole group.

## Why
A container without a memory limit can grow until the node runs short; then the kubelet evicts pods and the kernel's OOM killer picks processes, often in other pods. Without a limit on every container the pod is not `Guaranteed` either (docs/semantics.md K6), so it is among the first evicted.

## Example
```yaml
initContainers:
- name: migrate
  image: example/migrate:1.4      # no limit: the pod's cgroup gets none
containers:
- name: app
  image: example/app:1.4
  resources:
    limits: {memory: 512Mi}
```

## How to fix
Set `resources.limits.memory` on every container (the init container's own peak is enough for it), or a pod-level `spec.resources.limits.memory`.

## Peer checks
kube-linter `unset-memory-requirements` (limit), kube-score `container-resources` (memory limit), Polaris `memoryLimitsMissing`. Unlike them, podlife says when an init container is what leaves the pod unbounded.

## Kubernetes reference
`pkg/kubelet/cm/helpers_linux.go` `ResourceConfigForPod` (the pod cgroup's memory limit needs a limit on every container, init containers included); `k8s.io/component-helpers/resource/helpers.go` `PodLimits`; docs/semantics.md K5, K6.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if pod_level_sets(context.pod, Side::Limits, "memory") {
        return;
    }
    for (list, index, container) in resource_candidates(context) {
        if sets(container, Side::Limits, "memory") {
            continue;
        }
        let who = describe(list, index, container);
        let regular_init = list == ContainerList::Init && !runs_for_life(list, container);
        let message = if regular_init {
            format!("{who} has no `memory` limit, so it decides that the pod has no effective memory limit for its whole life")
        } else {
            format!("{who} has no `memory` limit")
        };
        let path = context.container_path(list, index);
        findings.push(
            RULE.finding(message)
                .at(path.child("resources").child("limits").key("memory"))
                .pointing_at(path.child("name"))
                .label("memory unbounded")
                .help("set `resources.limits.memory`, or a pod-level `spec.resources.limits.memory`")
                .note("the kubelet bounds the pod's memory only when every container, init containers included, has a limit"),
        );
    }
}
