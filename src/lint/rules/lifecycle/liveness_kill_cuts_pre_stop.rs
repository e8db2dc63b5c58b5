//! PL309 `liveness-kill-cuts-pre-stop`: the liveness probe's grace period is shorter than the `preStop` hook.

use crate::k8s::declared_durations::pre_stop_seconds;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the liveness probe's grace period is shorter than the `preStop` hook.
pub static RULE: Rule = Rule {
    id: "PL309",
    name: "liveness-kill-cuts-pre-stop",
    severity: Severity::Warning,
    summary: "a liveness kill's grace period (`livenessProbe.terminationGracePeriodSeconds`) is shorter than the `preStop` sleep",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a container whose `livenessProbe.terminationGracePeriodSeconds` is shorter than the sleep its `preStop` hook declares (a `sleep` action, or a leading `sleep N` command).

## Why
When a liveness probe fails, the kubelet kills the container through the same path as a deletion: the `preStop` hook runs, then SIGTERM, then SIGKILL (docs/semantics.md K4.7). The probe-level `terminationGracePeriodSeconds` replaces the pod's grace period for these kills (K3.4), so a short one cuts the hook: the drain or flush it was written for never completes on a liveness restart, only on a deletion.

## Example
```yaml
lifecycle:
  preStop:
    sleep: {seconds: 20}          # drain
livenessProbe:
  httpGet: {path: /healthz, port: 8080}
  terminationGracePeriodSeconds: 5   # a liveness kill cuts the drain at 5 s
```

## How to fix
Raise the probe's `terminationGracePeriodSeconds` above the hook's sleep (plus shutdown time), or remove it so the pod's grace period applies.

## Kubernetes reference
KEP-2238 (probe-level `terminationGracePeriodSeconds`); `pkg/kubelet/kuberuntime/kuberuntime_container.go` `killContainer`; docs/semantics.md K3.4, K4.7.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.running_containers() {
        let Some(grace) = container
            .liveness_probe
            .as_ref()
            .and_then(|probe| probe.termination_grace_period_seconds)
        else {
            continue;
        };
        let Some(sleep) = pre_stop_seconds(container).filter(|sleep| *sleep > grace) else {
            continue;
        };
        findings.push(
            RULE.finding(format!(
                    "a liveness kill gives {} {grace} s, less than its `preStop` sleep of {sleep} s",
                    list.describe_container(container, index)
                ),
            )
            .at(context
                .container_path(list, index)
                .child("livenessProbe")
                .child("terminationGracePeriodSeconds"))
            .label("cuts the `preStop` hook on liveness restarts")
            .help(format!(
                "raise it above {sleep} (plus shutdown time), or remove it so the pod's grace period applies"
            )),
        );
    }
}
