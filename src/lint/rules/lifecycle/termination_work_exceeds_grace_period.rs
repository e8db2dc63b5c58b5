//! PL301 `termination-work-exceeds-grace-period`: declared `preStop` sleeps or defer-container sleeps do not fit the grace period.

use crate::k8s::declared_durations::{container_seconds, pre_stop_seconds};
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// declared `preStop` sleeps or defer-container sleeps do not fit the grace period.
pub static RULE: Rule = Rule {
    id: "PL301",
    name: "termination-work-exceeds-grace-period",
    severity: Severity::Warning,
    summary: "a `preStop` sleep, or the defer containers' sleeps, exceed the termination grace period",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Compares what termination is declared to take with the grace period (the pod's `terminationGracePeriodSeconds`, 30 s by default, or `metadata.deletionGracePeriodSeconds` when set):

- a `preStop` `exec` hook (of an app container or a sidecar) whose leading `sleep N` command lasts longer than the grace period (a `sleep` action that long is an API error, reported by PL112 `invalid-lifecycle-handler`);
- defer containers whose leading `sleep N` commands add up to more than the grace period plus the 2 s the kubelet adds (plus `deferContainerGracePeriodExtensionInterval` × `…Count` when set; not checked with the liveness-driven extension).

## Why
All `preStop` hooks start together when termination starts and each may run for at most the grace period; then SIGTERM is sent and SIGKILL follows 2 s later (docs/semantics.md K4.2). A hook that sleeps longer is cut short and the app gets only the 2 s minimum to shut down, or none of the drain time the sleep was meant to buy. Defer containers run one after another within the grace period (+2 s); the rest are killed and skipped (D8). Hooks run in parallel, so the longest one counts; defer containers run in sequence, so theirs add up.

## Example
```yaml
spec:
  terminationGracePeriodSeconds: 30
  containers:
  - name: web
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep: {seconds: 45}   # cut after 30 s
```

## How to fix
Raise `terminationGracePeriodSeconds` above the longest hook plus the time the app needs after SIGTERM, or shorten the sleeps. For defer containers, raise the grace period or configure a grace-period extension.

## Kubernetes reference
`pkg/kubelet/kuberuntime/kuberuntime_container.go` `killContainer` (`minimumGracePeriodInSeconds = 2`); KEP-3960 (`sleep` action); the defer-containers proposal (docs/semantics.md P3) "TerminationGracePeriod"; docs/semantics.md K4, D8, D10.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let grace = grace_period_seconds(context);
    for (list, index, container) in context.running_containers() {
        let Some(seconds) = pre_stop_seconds(container).filter(|seconds| *seconds > grace) else {
            continue;
        };
        // A `sleep` action longer than the grace period is an API error (PL112 reports it);
        // this lint covers what the API server cannot see: sleeps inside `exec` hooks.
        let sleep_action = container
            .lifecycle
            .as_ref()
            .and_then(|lifecycle| lifecycle.pre_stop.as_ref())
            .is_some_and(|hook| hook.sleep.is_some());
        if sleep_action {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "the `preStop` hook of {} sleeps {seconds} s, longer than the {grace} s grace period",
                    list.describe_container(container, index)
                ),
            )
            .at(context.container_path(list, index).child("lifecycle").child("preStop"))
            .on_key()
            .label(format!("cut after {grace} s"))
            .help(format!(
                "raise `terminationGracePeriodSeconds` above {seconds} (plus the time the app needs after SIGTERM), or shorten the sleep"
            ))
            .note("a `preStop` hook runs for at most the grace period; SIGKILL follows 2 s after SIGTERM"),
        );
    }
    check_defer_containers(context, grace, findings);
}

fn check_defer_containers(context: &PodContext<'_>, grace: i64, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    if spec.defer_container_grace_period_extension == Some(true) {
        return;
    }
    let declared: i64 = context
        .pod
        .defer_containers()
        .iter()
        .filter_map(container_seconds)
        .fold(0i64, i64::saturating_add);
    let extension = match (
        spec.defer_container_grace_period_extension_interval,
        spec.defer_container_grace_period_extension_count,
    ) {
        (Some(interval), Some(count)) if interval > 0 && count > 0 => {
            interval.saturating_mul(count)
        }
        _ => 0,
    };
    let budget = grace.saturating_add(extension).saturating_add(2);
    if declared <= budget {
        return;
    }
    let extended = if extension > 0 {
        format!(" + {extension} s of extensions")
    } else {
        String::new()
    };
    findings.push(
        RULE.finding(format!(
                "the defer containers sleep {declared} s in all, more than their {budget} s budget ({grace} s grace period{extended} + 2 s)"
            ),
        )
        .at(context.pod_path("spec.deferContainers"))
        .on_key()
        .label("the last defer containers would be killed or skipped")
        .help(format!(
            "raise `terminationGracePeriodSeconds` to at least {} or configure a grace-period extension",
            declared.saturating_sub(2).saturating_sub(extension)
        ))
        .note("defer containers run one after another; at the deadline the current one is killed and the rest are skipped (DeferSkipped)"),
    );
}

/// The grace period termination uses: the deletion's, else the pod's, else 30 s (K4.1).
pub fn grace_period_seconds(context: &PodContext<'_>) -> i64 {
    context
        .pod
        .metadata
        .deletion_grace_period_seconds
        .or(context.pod.spec.termination_grace_period_seconds)
        .unwrap_or(crate::k8s::defaults::DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS)
}
