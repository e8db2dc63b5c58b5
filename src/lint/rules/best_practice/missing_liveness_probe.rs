//! PL431 `missing-liveness-probe`: an app container, or a sidecar that serves traffic, has no liveness probe (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{describe, probe_candidates};
use crate::lint::rules::{Origin, PodContext, Rule};

/// an app container, or a sidecar that serves traffic, has no liveness probe.
pub static RULE: Rule = Rule {
    id: "PL431",
    name: "missing-liveness-probe",
    severity: Severity::Warning,
    summary: "an app container, or a native sidecar that declares a port, has no `livenessProbe`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each app container without a `livenessProbe`, and each native sidecar that declares a port and has none. Regular init containers (probes forbidden), ephemeral and defer containers, and pods a Job runs are never judged.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL431` or the whole group.

## Why
The kubelet restarts a container whose process exits, but not one that hangs: without a liveness probe a deadlocked server keeps its place, counts as running and, once unready, holds a replica out of service until someone deletes the pod (docs/semantics.md K3). A serving sidecar that hangs blocks the whole pod the same way; the kubelet restarts a sidecar on liveness failure as it does an app container.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  readinessProbe:
    httpGet: {path: /ready, port: 8080}
  # no livenessProbe: a hang is never repaired
```

## How to fix
Add a `livenessProbe` that checks only that the process makes progress (a cheap endpoint that touches no dependency), with more slack than the readiness probe; give slow starters a `startupProbe` so liveness does not kill them while they start (PL305).

## Peer checks
kube-linter `no-liveness-probe`, kube-score `pod-probes` (liveness half), Polaris `livenessProbeMissing`. Unlike them, podlife judges native sidecars by their role and skips Job pods.

## Kubernetes reference
Kubernetes docs "Configure Liveness, Readiness and Startup Probes"; `pkg/kubelet/kuberuntime/kuberuntime_manager.go` `computePodActions` (liveness failure restarts the container); docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in probe_candidates(context) {
        if container.liveness_probe.is_some() {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} has no `livenessProbe`",
                describe(list, index, container)
            ))
            .at(context.container_field_path(list, index, &["livenessProbe"]))
            .pointing_at(context.container_field_path(list, index, &["name"]))
            .label("a hang is never restarted")
            .help("add a `livenessProbe` that checks only that the process makes progress, with more slack than readiness"),
        );
    }
}
