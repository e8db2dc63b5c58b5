//! PL438 `cpu-limit-policy`: a container's CPU limit goes against the team's `cpuLimits` policy (best practice, an option).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{
    CpuLimitPolicy, Side, describe, pod_level_sets, resource_candidates, runs_for_life, sets,
};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container's CPU limit goes against the team's `cpuLimits` policy.
pub static RULE: Rule = Rule {
    id: "PL438",
    name: "cpu-limit-policy",
    severity: Severity::Warning,
    summary: "a container's `cpu` limit, or its absence, goes against `bestPractice.cpuLimits`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Holds every init container (regular or sidecar), app container and defer container to the configured policy, `bestPractice: {cpuLimits: require|forbid}` (`require` by default). With `require`, reports a container without a `cpu` limit unless pod-level `spec.resources.limits.cpu` bounds the pod; a regular init container is reported too, and its message says why: the kubelet gives the pod's cgroup a CPU quota only when every container, init containers included, has a CPU limit. With `forbid`, reports each container, and a pod-level `spec.resources`, that sets one. Ephemeral containers cannot set resources.

An option of the best-practice group: off by default and not enabled by `--select best-practice`; name it (`--select PL438`) to run it.

## Why
Teams disagree, and both sides have a reason. A CPU limit bounds what a container can take from its neighbours and makes its cost predictable (kube-linter, kube-score and Polaris ask for one). But the kernel enforces it by CFS quota: a latency-sensitive service is throttled within each 100 ms period even on an idle node, so many teams forbid limits and rely on requests. The policy makes the choice once, for every manifest.

## Example
```yaml
# .podlife.yaml
bestPractice:
  cpuLimits: forbid
---
resources:
  requests: {cpu: 500m}
  limits: {cpu: "1"}      # reported under `forbid`
```

## How to fix
Under `require`, set `resources.limits.cpu` on every container (or pod-level `spec.resources.limits.cpu`); under `forbid`, remove the CPU limits and size `requests.cpu` instead.

## Peer checks
Polaris `cpuLimitsMissing`, kube-score `container-resources` (CPU limit, which `--ignore-container-cpu-limit` turns off), kube-linter `unset-cpu-requirements` (when configured for limits); kube-score `container-cpu-requests-equal-limits` is not covered (a limit above the request is throttled, not lost).

## Kubernetes reference
`pkg/kubelet/cm/helpers_linux.go` `ResourceConfigForPod` (the pod's CPU quota needs a limit on every container, init containers included); Kubernetes docs "Resource Management for Pods and Containers" (CPU limits and throttling).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    match context.best_practice.cpu_limits {
        CpuLimitPolicy::Require => require(context, findings),
        CpuLimitPolicy::Forbid => forbid(context, findings),
    }
}

fn require(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if pod_level_sets(context.pod, Side::Limits, "cpu") {
        return;
    }
    for (list, index, container) in resource_candidates(context) {
        if sets(container, Side::Limits, "cpu") {
            continue;
        }
        let who = describe(list, index, container);
        let regular_init = list == ContainerList::Init && !runs_for_life(list, container);
        let message = if regular_init {
            format!("{who} has no `cpu` limit, so it decides that the pod has no effective CPU limit for its whole life")
        } else {
            format!("{who} has no `cpu` limit")
        };
        let path = context.container_path(list, index);
        findings.push(
            RULE.finding(message)
                .at(path.child("resources").child("limits").key("cpu"))
                .pointing_at(path.child("name"))
                .label("`cpuLimits: require`")
                .help("set `resources.limits.cpu`, or a pod-level `spec.resources.limits.cpu`")
                .note("the kubelet sets the pod's CPU quota only when every container, init containers included, has a limit"),
        );
    }
}

fn forbid(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if pod_level_sets(context.pod, Side::Limits, "cpu") {
        findings.push(
            RULE.finding("the pod sets a pod-level `cpu` limit")
                .at(context.pod_path("spec.resources.limits").key("cpu"))
                .label("`cpuLimits: forbid`")
                .help("remove `spec.resources.limits.cpu`; size `requests.cpu` instead"),
        );
    }
    for (list, index, container) in resource_candidates(context) {
        if !sets(container, Side::Limits, "cpu") {
            continue;
        }
        findings.push(
            RULE.finding(format!("{} sets a `cpu` limit", describe(list, index, container)))
                .at(context.container_path(list, index).child("resources").child("limits").key("cpu"))
                .label("`cpuLimits: forbid`")
                .help("remove `limits.cpu`; size `requests.cpu` instead")
                .note("a CPU limit throttles the container within each CFS period, even on an idle node"),
        );
    }
}
