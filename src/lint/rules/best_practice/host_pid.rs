//! PL410 `host-pid`: a pod with `hostPID: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod with `hostPID: true`.
pub static RULE: Rule = Rule {
    id: "PL410",
    name: "host-pid",
    severity: Severity::Warning,
    summary: "a pod shares the node's process namespace (`hostPID: true`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod with `spec.hostPID: true`. It concerns every container of the pod, of every kind (init, native sidecar, app, ephemeral, defer): all of them share the node's process namespace. Off by default, in the `best-practice` group.

## Why
Every container sees every process of the node, with their command lines and environment (often secrets), and with the right capability can signal or trace them.

## Example
```yaml
spec:
  hostPID: true
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove `hostPID: true`. Node agents that really need it belong to the platform team; suppress the finding for them with a reason (`podlife.dev/ignore: "PL410: node agent"`).

## Peer checks
kube-linter `host-pid`; Polaris `hostPIDSet`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Host Namespaces"); `PodSpec.hostPID` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.host_pid != Some(true) {
        return;
    }
    findings.push(
        RULE.finding("the pod shares the node's process namespace")
            .at(context.pod_path("spec.hostPID"))
            .label("`hostPID: true`")
            .help("remove `hostPID: true`"),
    );
}
