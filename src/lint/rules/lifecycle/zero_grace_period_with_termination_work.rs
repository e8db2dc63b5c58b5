//! PL302 `zero-grace-period-with-termination-work`: `terminationGracePeriodSeconds: 0` with `preStop` hooks or defer containers.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// `terminationGracePeriodSeconds: 0` with `preStop` hooks or defer containers.
pub static RULE: Rule = Rule {
    id: "PL302",
    name: "zero-grace-period-with-termination-work",
    severity: Severity::Warning,
    summary: "`terminationGracePeriodSeconds: 0` with `preStop` hooks or defer containers, which then get at most 1 s",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod with `terminationGracePeriodSeconds: 0` that declares `preStop` hooks (on app containers or sidecars) or defer containers.

## Why
With a grace period of 0 the API server removes the object at once and the kubelet gives the pod only the 1 s it always gives (`calculateEffectiveGracePeriod`): a preStop hook is cut after 1 s, SIGTERM follows with 2 s before SIGKILL, and defer containers share the same second (docs/semantics.md K4.5 and its Kubernetes note, D12). The hooks and defer containers in the manifest cannot do their work, which is rarely what their author intended.

## Example
```yaml
spec:
  terminationGracePeriodSeconds: 0
  containers:
  - name: web
    image: nginx:1.27
    lifecycle:
      preStop:
        exec: {command: [nginx, -s, quit]}   # cut after 1 s
```

## How to fix
Give the pod a grace period long enough for the hooks and defer containers (remove the field for the 30 s default), or remove the hooks if an immediate kill is really wanted.

## Kubernetes reference
`pkg/kubelet/kuberuntime/kuberuntime_container.go` `killContainer`; `pkg/kubelet/pod_workers.go` `calculateEffectiveGracePeriod`; `kubectl delete --grace-period=0 --force`; the defer-containers proposal (docs/semantics.md P3) ("deferContainers will not be executed"); docs/semantics.md K4.5, D12.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.termination_grace_period_seconds != Some(0) {
        return;
    }
    let mut cut: Vec<String> = context
        .pod
        .init_containers()
        .iter()
        .filter(|container| container.is_sidecar())
        .chain(context.pod.containers())
        .filter(|container| {
            container
                .lifecycle
                .as_ref()
                .is_some_and(|lifecycle| lifecycle.pre_stop.is_some())
        })
        .map(|container| format!("the `preStop` hook of `{}`", container.name()))
        .collect();
    let defer: Vec<String> = context
        .pod
        .defer_containers()
        .iter()
        .map(|container| format!("`{}`", container.name()))
        .collect();
    match defer.as_slice() {
        [] => {}
        [one] => cut.push(format!("defer container {one}")),
        _ => cut.push(format!("defer containers {}", defer.join(", "))),
    }
    if cut.is_empty() {
        return;
    }
    findings.push(
        RULE.finding(format!(
                "`terminationGracePeriodSeconds: 0` leaves at most 1 s for {}",
                cut.join(", ")
            ),
        )
        .at(context.pod_path("spec.terminationGracePeriodSeconds"))
        .label("the kubelet gives 1 s, then 2 s after SIGTERM")
        .help("give the pod a grace period that fits the termination work (remove the field for the 30 s default)"),
    );
}
