//! PL430 `missing-readiness-probe`: an app container, or a sidecar that serves traffic, has no readiness probe (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{describe, probe_candidates};
use crate::lint::rules::{Origin, PodContext, Rule};

/// an app container, or a sidecar that serves traffic, has no readiness probe.
pub static RULE: Rule = Rule {
    id: "PL430",
    name: "missing-readiness-probe",
    severity: Severity::Warning,
    summary: "an app container, or a native sidecar that declares a port, has no `readinessProbe`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container without a `readinessProbe`, and each native sidecar (an init container with `restartPolicy: Always`) that declares a port and has none. Regular init containers are never judged (the API server forbids probes on them), nor are ephemeral or defer containers, nor pods a Job runs (they run to completion and take no Service traffic by readiness). A sidecar's need to be ready before later init containers start is PL300's finding (`startupProbe`), not this one.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL430` or the whole group.

## Why
Without a readiness probe a container counts as ready as soon as its process has started (docs/semantics.md K3), so Services send it traffic before it listens and keep sending while it is overloaded or cut off from what it depends on, and a rollout moves on to the next replica before this one works. A sidecar that serves traffic (a proxy) gates the pod's readiness the same way; a sidecar without ports (a log shipper) serves no one, so it needs no readiness probe.

## Example
```yaml
initContainers:
- name: proxy
  image: example/proxy:2.1
  restartPolicy: Always
  ports: [{containerPort: 15001}]    # serves traffic: needs readiness
containers:
- name: app
  image: example/app:1.4              # no readinessProbe
```

## How to fix
Add a `readinessProbe` that succeeds only when the container can serve: an HTTP endpoint that checks what a request needs, or a TCP check of the serving port.

## Peer checks
kube-linter `no-readiness-probe`, kube-score `pod-probes` (readiness half), Polaris `readinessProbeMissing`. Unlike them, podlife judges native sidecars by their role and skips Job pods.

## Kubernetes reference
Kubernetes docs "Configure Liveness, Readiness and Startup Probes"; `pkg/kubelet/prober/prober_manager.go` (a container without a readiness probe is ready once started); docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in probe_candidates(context) {
        if container.readiness_probe.is_some() {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} has no `readinessProbe`",
                describe(list, index, container)
            ))
            .at(context.container_field_path(list, index, &["readinessProbe"]))
            .pointing_at(context.container_field_path(list, index, &["name"]))
            .label("ready as soon as its process starts")
            .help("add a `readinessProbe` that succeeds only when the container can serve requests"),
        );
    }
}
