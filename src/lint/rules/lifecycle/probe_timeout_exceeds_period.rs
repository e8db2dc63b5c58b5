//! PL313 `probe-timeout-exceeds-period`: a probe's timeout is longer than its period.

use crate::k8s::declared_durations::ProbeTiming;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a probe's timeout is longer than its period.
pub static RULE: Rule = Rule {
    id: "PL313",
    name: "probe-timeout-exceeds-period",
    severity: Severity::Warning,
    summary: "a probe's `timeoutSeconds` is longer than its `periodSeconds`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a liveness, readiness or startup probe whose `timeoutSeconds` (default 1) is longer than its `periodSeconds` (default 10).

## Why
Each probe worker runs one probe at a time: the next one starts only after the previous has answered or timed out. A probe that hangs therefore runs every `timeoutSeconds`, not every `periodSeconds`, and reaching `failureThreshold` takes `failureThreshold` × `timeoutSeconds`: failures are noticed later than the configuration suggests, and restarts or removal from service lag behind.

## Example
```yaml
livenessProbe:
  exec: {command: [/bin/check]}
  periodSeconds: 5
  timeoutSeconds: 30     # a hanging check is seen every 30 s, not 5
```

## How to fix
Keep `timeoutSeconds` at most `periodSeconds`; if the check is slow, raise the period as well, or make the check cheaper.

## Kubernetes reference
`pkg/kubelet/prober/worker.go` (one probe at a time per worker, on a `periodSeconds` ticker); probe defaults in `pkg/apis/core/v1/defaults.go`; docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        for (field, probe) in [
            ("livenessProbe", &container.liveness_probe),
            ("readinessProbe", &container.readiness_probe),
            ("startupProbe", &container.startup_probe),
        ] {
            let Some(probe) = probe else { continue };
            let timing = ProbeTiming::of(probe);
            if timing.timeout <= timing.period {
                continue;
            }
            let path = context.container_path(list, index).child(field);
            let path = if probe.timeout_seconds.is_some() {
                path.child("timeoutSeconds")
            } else {
                path.child("periodSeconds")
            };
            findings.push(
                RULE.finding(format!(
                        "the `{field}` of {} times out after {} s but is meant to run every {} s",
                        list.describe_container(container, index),
                        timing.timeout,
                        timing.period
                    ),
                )
                .at(path)
                .label("longer than `periodSeconds`")
                .help("keep `timeoutSeconds` at most `periodSeconds`, or raise the period too")
                .note("a hanging probe runs every `timeoutSeconds`, so failures are noticed later than `periodSeconds` suggests"),
            );
        }
    }
}
