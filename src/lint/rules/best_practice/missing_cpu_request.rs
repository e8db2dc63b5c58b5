//! PL435 `missing-cpu-request`: a container that runs beside others sets no CPU request (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::missing_request;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container that runs beside others sets no CPU request.
pub static RULE: Rule = Rule {
    id: "PL435",
    name: "missing-cpu-request",
    severity: Severity::Warning,
    summary: "an app container, sidecar or defer container has no `cpu` request",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container, native sidecar and defer container without a `cpu` request (a `cpu` limit alone counts: the API server copies it into the request), unless pod-level `spec.resources.requests.cpu` sets the pod's request. The note gives the pod's effective `cpu` request and which container decided it (docs/semantics.md K5). Regular init containers are not reported: one runs only beside the sidecars started before it, inside the reservation the pod already holds (the larger of the running pod and the highest init step), and a request of its own would only raise that reservation. The other way round: a namespace whose ResourceQuota limits `requests.cpu` rejects a pod any of whose containers, init containers included, sets no `cpu` request, unless a LimitRange gives the missing request a default; a team under such quotas sets `bestPractice: {initContainerRequests: true}` (off by default), and regular init containers are reported too, with a note that says why. Ephemeral containers cannot set resources. Where PL308 reports the same container (it lowers an otherwise Guaranteed pod's QoS class), PL308's finding is the one finding for it: its fix, cpu and memory limits, answers this rule too (unless this rule is configured at a higher severity: then this one stands alone).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL435` or the whole group.

## Why
The scheduler places a pod by its effective request. A container without a CPU request reserves nothing: the pod lands on nodes that have no room for it, and under contention the container gets the smallest CPU share (2 of 1024 per CPU), so it starves exactly when the node is busy. A defer container runs beside the steady state at termination (D16) and is sized the same way.

## Example
```yaml
initContainers:
- name: proxy
  image: example/proxy:2.1
  restartPolicy: Always          # a sidecar: runs for the pod's life, reported
- name: migrate
  image: example/migrate:1.4     # regular init container: not reported
containers:
- name: app
  image: example/app:1.4
  resources:
    requests: {memory: 256Mi}    # no cpu request: reported
```

## How to fix
Set `resources.requests.cpu` to what the container uses under normal load, or set pod-level `spec.resources.requests.cpu`.

## Peer checks
kube-linter `unset-cpu-requirements`, kube-score `container-resources` (CPU request), Polaris `cpuRequestsMissing`. Unlike them, podlife does not ask regular init containers for a request and says what decides the pod's value.

## Kubernetes reference
`k8s.io/component-helpers/resource/helpers.go` `PodRequests`; `pkg/kubelet/cm/helpers_linux.go` (CPU shares from requests); docs/semantics.md K5.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    missing_request(context, "cpu", &RULE, findings);
}
