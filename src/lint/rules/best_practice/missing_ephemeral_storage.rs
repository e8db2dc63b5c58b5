//! PL440 `missing-ephemeral-storage`: a container that runs beside others sets no ephemeral-storage request or limit (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{
    Side, describe, resource_candidates, runs_for_life, sets,
};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container that runs beside others sets no ephemeral-storage request or limit.
pub static RULE: Rule = Rule {
    id: "PL440",
    name: "missing-ephemeral-storage",
    severity: Severity::Warning,
    summary: "an app container, sidecar or defer container has no `ephemeral-storage` request or limit",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container, native sidecar and defer container that lacks an `ephemeral-storage` request, limit, or both (one finding per container, naming what is missing). Regular init containers are not reported: they finish before the pod serves, and the pod's effective value is the larger of the running pod and the highest init step. Ephemeral containers cannot set resources.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL440` or the whole group.

## Why
Logs, the writable layer and `emptyDir` volumes use the node's disk. Without a request the scheduler does not count the pod's disk use; without a limit a container can fill the node's disk, and the kubelet then evicts pods under disk pressure, not necessarily the one that filled it. With a limit, the kubelet evicts just the pod that exceeds it.

## Example
```yaml
resources:
  requests: {cpu: 250m, memory: 256Mi}
  limits: {memory: 256Mi}     # no ephemeral-storage
```

## How to fix
Set `resources.requests.ephemeral-storage` and `resources.limits.ephemeral-storage` to what the container writes to local disk (logs, temporary files).

## Peer checks
kube-score `container-ephemeral-storage-request-and-limit`; `container-ephemeral-storage-request-equals-limit` (optional there) is not a separate podlife rule.

## Kubernetes reference
Kubernetes docs "Resource Management for Pods and Containers" (local ephemeral storage); `pkg/kubelet/eviction/eviction_manager.go` (`localStorageEviction`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    const STORAGE: &str = "ephemeral-storage";
    for (list, index, container) in resource_candidates(context) {
        if !(runs_for_life(list, container) || list == ContainerList::Defer) {
            continue;
        }
        let missing = match (
            sets(container, Side::Requests, STORAGE),
            sets(container, Side::Limits, STORAGE),
        ) {
            (true, true) => continue,
            (true, false) => "limit",
            (false, true) => "request",
            (false, false) => "request or limit",
        };
        findings.push(
            RULE.finding(describe(list, index, container) + " has no `" + STORAGE + "` " + missing)
            .at(context.container_field_path(list, index, &["resources"]))
            .pointing_at(context.container_field_path(list, index, &["name"]))
            .label("local disk use unaccounted")
            .help("set `resources.requests.ephemeral-storage` and `resources.limits.ephemeral-storage`"),
        );
    }
}
