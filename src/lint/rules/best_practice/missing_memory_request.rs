//! PL436 `missing-memory-request`: a container that runs beside others sets no memory request (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::missing_request;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container that runs beside others sets no memory request.
pub static RULE: Rule = Rule {
    id: "PL436",
    name: "missing-memory-request",
    severity: Severity::Warning,
    summary: "an app container, sidecar or defer container has no `memory` request",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container, native sidecar and defer container without a `memory` request (a `memory` limit alone counts: the API server copies it into the request), unless pod-level `spec.resources.requests.memory` sets the pod's request. The note gives the pod's effective `memory` request and which container decided it (docs/semantics.md K5). Regular init containers are not reported: one runs only beside the sidecars started before it, inside the reservation the pod already holds. The other way round: a namespace whose ResourceQuota limits `requests.memory` rejects a pod any of whose containers, init containers included, sets no `memory` request, unless a LimitRange gives the missing request a default; a team under such quotas sets `bestPractice: {initContainerRequests: true}` (off by default), and regular init containers are reported too, with a note that says why. Ephemeral containers cannot set resources. Where PL308 reports the same container (it lowers an otherwise Guaranteed pod's QoS class), PL308's finding is the one finding for it: its fix, cpu and memory limits, answers this rule too (unless this rule is configured at a higher severity: then this one stands alone).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL436` or the whole group.

## Why
The scheduler places a pod by its effective request, and the kubelet evicts first the pods that use more memory than they requested. A container without a memory request reserves nothing, so the pod lands on nodes without room for it and is among the first evicted under memory pressure.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  resources:
    requests: {cpu: 250m}    # no memory request
```

## How to fix
Set `resources.requests.memory` to the container's working set under normal load, or set pod-level `spec.resources.requests.memory`.

## Peer checks
kube-linter `unset-memory-requirements`, kube-score `container-resources` (memory request), Polaris `memoryRequestsMissing`. Unlike them, podlife does not ask regular init containers for a request and says what decides the pod's value.

## Kubernetes reference
`k8s.io/component-helpers/resource/helpers.go` `PodRequests`; Kubernetes docs "Node-pressure Eviction" (usage above requests is evicted first); docs/semantics.md K5.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    missing_request(context, "memory", &RULE, findings);
}
