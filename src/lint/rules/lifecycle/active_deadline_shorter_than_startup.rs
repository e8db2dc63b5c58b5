//! PL304 `active-deadline-shorter-than-startup`: `activeDeadlineSeconds` passes before the declared startup (or run) time.

use crate::k8s::declared_durations::{ProbeTiming, container_seconds};
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// `activeDeadlineSeconds` passes before the declared startup (or run) time.
pub static RULE: Rule = Rule {
    id: "PL304",
    name: "active-deadline-shorter-than-startup",
    severity: Severity::Warning,
    summary: "`activeDeadlineSeconds` passes before the init containers can finish",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Adds up the time the init containers are declared to need at least, and reports an `activeDeadlineSeconds` that is not longer:

- a regular init container whose command is `sleep N` (or a shell script that starts with `sleep N` statements) needs at least N seconds;
- a sidecar with a `startupProbe` cannot be started before the probe's `initialDelaySeconds`, and the next init container waits for it.

For a pod that runs to completion (`restartPolicy: Never` or `OnFailure`), the longest declared `sleep` of its app containers is added too: the pod cannot succeed before that.

## Why
The deadline counts from the pod's start, before the init containers (docs/semantics.md K4.6; the init-container proposal: "The active deadline includes init containers"). A deadline shorter than the declared startup fails every pod with `DeadlineExceeded` before its app runs (or before it can complete), and a Job built on it retries to no end. Commands are never run: only certain sleeps count, so the real time is longer still.

## Example
```yaml
spec:
  activeDeadlineSeconds: 20
  restartPolicy: Never
  initContainers:
  - name: wait-for-warmup
    image: busybox:1.36
    command: [sleep, "30"]      # the pod fails at 20 s
```

## How to fix
Raise `activeDeadlineSeconds` well above the startup (and run) time, or shorten the waits.

## Kubernetes reference
`pkg/kubelet/active_deadline.go`; the 2016 init-containers proposal (docs/semantics.md P5) ("The active deadline includes init containers"); docs/semantics.md K1.3, K4.6.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(deadline) = context.pod.spec.active_deadline_seconds else {
        return;
    };
    let mut needed = 0i64;
    let mut parts = Vec::new();
    for container in context.pod.init_containers() {
        if container.is_sidecar() {
            let delay = container
                .startup_probe
                .as_ref()
                .map_or(0, |probe| ProbeTiming::of(probe).initial_delay);
            if delay > 0 {
                needed = needed.saturating_add(delay);
                parts.push(format!(
                    "sidecar `{}` cannot be started before its `startupProbe` delay of {delay} s",
                    container.name()
                ));
            }
        } else if let Some(seconds) = container_seconds(container).filter(|s| *s > 0) {
            needed = needed.saturating_add(seconds);
            parts.push(format!(
                "init container `{}` sleeps {seconds} s",
                container.name()
            ));
        }
    }
    let mut what = "the init containers need";
    if context.pod.restart_policy() != "Always" {
        let longest = context
            .pod
            .containers()
            .iter()
            .filter_map(|container| container_seconds(container).map(|s| (s, container)))
            .max_by_key(|(seconds, _)| *seconds);
        if let Some((seconds, container)) = longest.filter(|(s, _)| *s > 0) {
            needed = needed.saturating_add(seconds);
            parts.push(format!(
                "container `{}` sleeps {seconds} s",
                container.name()
            ));
            what = "the pod needs";
        }
    }
    if needed == 0 || deadline > needed {
        return;
    }
    findings.push(
        RULE.finding(format!(
            "`activeDeadlineSeconds` is {deadline} s, but {what} at least {needed} s"
        ))
        .at(context.pod_path("spec.activeDeadlineSeconds"))
        .label("passes first: the pod fails with `DeadlineExceeded`")
        .help(format!(
            "raise `activeDeadlineSeconds` well above {needed}, or shorten the waits"
        ))
        .note(parts.join("; ")),
    );
}
