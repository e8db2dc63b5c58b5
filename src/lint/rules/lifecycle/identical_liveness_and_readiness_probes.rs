//! PL306 `identical-liveness-and-readiness-probes`: the liveness and readiness probes are the same (off by default).

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the liveness and readiness probes are the same.
pub static RULE: Rule = Rule {
    id: "PL306",
    name: "identical-liveness-and-readiness-probes",
    severity: Severity::Warning,
    summary: "a container's liveness and readiness probes are identical",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an app container or sidecar whose `livenessProbe` and `readinessProbe` are the same probe: same handler, same timings.

Off by default: identical probes are common in well-maintained manifests (including Kubernetes' own examples), so this check suits a team policy. Enable it with `--select PL306`, `--severity PL306=warning`, or `severity: {PL306: warning}` in `.podlife.yaml`.

## Why
Readiness and liveness answer different questions. When the container is overloaded or a dependency is down, readiness should fail so traffic goes elsewhere while the container recovers; an identical liveness probe fails at the same moment (readiness needs as many failures) and restarts it, which throws away its warm state and moves the load to the remaining replicas, which may then fail the same way (docs/semantics.md K3.4, K3.5).

## Example
```yaml
readinessProbe:
  httpGet: {path: /healthz, port: 8080}
livenessProbe:
  httpGet: {path: /healthz, port: 8080}   # restarts whenever it is unready
```

## How to fix
Make the liveness probe check only that the process is alive (a cheap endpoint that does not touch dependencies) and loosen it (higher `failureThreshold` or `periodSeconds`), or drop it if the process exits on its own when it breaks.

## Kubernetes reference
Kubernetes docs "Configure Liveness, Readiness and Startup Probes" (caution on liveness probes); `pkg/kubelet/prober/worker.go`; docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.running_containers() {
        let (Some(liveness), Some(readiness)) =
            (&container.liveness_probe, &container.readiness_probe)
        else {
            continue;
        };
        if liveness != readiness {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "{} has identical liveness and readiness probes",
                    list.describe_container(container, index)
                ),
            )
            .at(context.container_path(list, index).child("livenessProbe"))
            .on_key()
            .label("same as `readinessProbe`")
            .help("make the liveness probe check only that the process is alive, and give it more slack than readiness"),
        );
    }
}
