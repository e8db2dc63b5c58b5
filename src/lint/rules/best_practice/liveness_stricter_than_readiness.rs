//! PL432 `liveness-stricter-than-readiness`: liveness and readiness probe the same endpoint and liveness gives up no later than readiness (best practice).

use crate::k8s::model::Probe;
use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{Origin, PodContext, Rule};

/// liveness and readiness probe the same endpoint and liveness gives up no later than readiness.
pub static RULE: Rule = Rule {
    id: "PL432",
    name: "liveness-stricter-than-readiness",
    severity: Severity::Warning,
    summary: "liveness and readiness probe the same endpoint, and liveness restarts no later than readiness marks the container unready",
    origin: Origin::Pod(check),
    docs: r#"## What it does
For each app container and native sidecar with both probes, compares their handlers (the same `httpGet` path and port, `tcpSocket` port, `grpc` port and service, or `exec` command) and, when they check the same thing but are not identical (identical probes are PL306's finding), reports the container when liveness tolerates failure for no longer than readiness: `failureThreshold × periodSeconds` of liveness is at most that of readiness, after API defaults (3 × 10 s). Regular init, ephemeral and defer containers have no probes to compare.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL432` or the whole group.

## Why
When the endpoint fails because the container is overloaded or a dependency is down, readiness should take it out of the Service and let it recover. A liveness probe on the same endpoint that gives up as fast restarts it at the same moment (or before), throwing away its warm state and moving its load onto the other replicas, which may then fail the same way (docs/semantics.md K3.4, K3.5).

## Example
```yaml
readinessProbe:
  httpGet: {path: /healthz, port: 8080}
  failureThreshold: 6
livenessProbe:
  httpGet: {path: /healthz, port: 8080}   # restarts after 30 s, unready only after 60 s
```

## How to fix
Point liveness at a cheaper endpoint that checks only the process, or give it more slack than readiness (a higher `failureThreshold` or `periodSeconds`).

## Peer checks
kube-score `pod-probes` (liveness and readiness on the same endpoint); identical probes are PL306 (kube-score `pod-probes-identical`).

## Kubernetes reference
Kubernetes docs "Configure Liveness, Readiness and Startup Probes" (liveness caution); `pkg/kubelet/prober/worker.go`; docs/semantics.md K3.
"#,
};

/// Whether two probes run the same check.
fn same_handler(a: &Probe, b: &Probe) -> bool {
    let some = a.exec.is_some() || a.http_get.is_some() || a.tcp_socket.is_some() || a.grpc.is_some();
    some && a.exec == b.exec
        && a.http_get == b.http_get
        && a.tcp_socket == b.tcp_socket
        && a.grpc == b.grpc
}

/// How long a probe tolerates failure, in seconds, after API defaults.
fn tolerance(probe: &Probe) -> i64 {
    i64::from(probe.failure_threshold.unwrap_or(3)) * i64::from(probe.period_seconds.unwrap_or(10))
}

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.running_containers() {
        let (Some(liveness), Some(readiness)) =
            (&container.liveness_probe, &container.readiness_probe)
        else {
            continue;
        };
        if liveness == readiness || !same_handler(liveness, readiness) {
            continue;
        }
        let (live, ready) = (tolerance(liveness), tolerance(readiness));
        if live > ready {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} restarts after {live} s of failures on the endpoint its readiness probe gives {ready} s",
                describe(list, index, container)
            ))
            .at(context.container_path(list, index).child("livenessProbe"))
            .on_key()
            .label("same check as `readinessProbe`, no more slack")
            .help("probe a cheaper endpoint for liveness, or give it a higher `failureThreshold` or `periodSeconds` than readiness")
            .note("tolerance is `failureThreshold × periodSeconds` (defaults 3 × 10 s)"),
        );
    }
}
