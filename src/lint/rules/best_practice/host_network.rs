//! PL409 `host-network`: a pod with `hostNetwork: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod with `hostNetwork: true`.
pub static RULE: Rule = Rule {
    id: "PL409",
    name: "host-network",
    severity: Severity::Warning,
    summary: "a pod shares the node's network namespace (`hostNetwork: true`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod with `spec.hostNetwork: true`. It concerns every container of the pod, of every kind (init, native sidecar, app, ephemeral, defer): all of them share the node's network namespace. Off by default, in the `best-practice` group.

## Why
Every container sees and can bind the node's interfaces, reaches services listening on the node's loopback (the kubelet's, a metadata proxy), and sidesteps NetworkPolicy. Its ports collide with the node's and with other host-network pods.

## Example
```yaml
spec:
  hostNetwork: true
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove `hostNetwork: true`. Node agents that really need it belong to the platform team; suppress the finding for them with a reason (`podlife.dev/ignore: "PL409: node agent"`).

## Peer checks
kube-linter `host-network`; Polaris `hostNetworkSet`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Host Namespaces"); `PodSpec.hostNetwork` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.host_network != Some(true) {
        return;
    }
    findings.push(
        RULE.finding("the pod shares the node's network namespace")
            .at(context.pod_path("spec.hostNetwork"))
            .label("`hostNetwork: true`")
            .help("remove `hostNetwork: true`"),
    );
}
