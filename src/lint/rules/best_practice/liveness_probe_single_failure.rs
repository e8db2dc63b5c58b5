//! PL433 `liveness-probe-single-failure`: a liveness probe restarts the container after one failed check (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a liveness probe restarts the container after one failed check.
pub static RULE: Rule = Rule {
    id: "PL433",
    name: "liveness-probe-single-failure",
    severity: Severity::Warning,
    summary: "a liveness probe with `failureThreshold: 1` restarts the container after a single failed check",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `livenessProbe` with `failureThreshold: 1` on an app container or a native sidecar (the only containers that may have one; regular init, ephemeral and defer containers cannot).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL433` or the whole group.

## Why
One slow answer (a garbage-collection pause, a busy node, a check that takes longer than `timeoutSeconds`, 1 s by default) then kills the container: the kubelet restarts it, the restart count and back-off grow (docs/semantics.md K3, K4), and a loaded service restarts exactly when it is busiest. A liveness probe is for a process that is stuck, which several checks in a row show.

## Example
```yaml
livenessProbe:
  httpGet: {path: /healthz, port: 8080}
  failureThreshold: 1    # one timeout restarts the container
```

## How to fix
Let it fail a few times before a restart: remove `failureThreshold` (default 3) or set it to 3 or more; shorten `periodSeconds` instead if a hang must be found quickly.

## Peer checks
No peer has this check; it refines kube-score `pod-probes` (safe probe configuration).

## Kubernetes reference
Kubernetes API reference `Probe.failureThreshold`; `pkg/kubelet/prober/worker.go` (restarts after `failureThreshold` consecutive failures); docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.running_containers() {
        let Some(liveness) = &container.liveness_probe else {
            continue;
        };
        if liveness.failure_threshold != Some(1) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} is restarted after a single failed liveness check",
                describe(list, index, container)
            ))
            .at(context.container_path(list, index).child("livenessProbe").child("failureThreshold"))
            .label("one slow answer restarts the container")
            .help("remove `failureThreshold` (default 3) or set it to 3 or more"),
        );
    }
}
