//! PL411 `host-ipc`: a pod with `hostIPC: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod with `hostIPC: true`.
pub static RULE: Rule = Rule {
    id: "PL411",
    name: "host-ipc",
    severity: Severity::Warning,
    summary: "a pod shares the node's IPC namespace (`hostIPC: true`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod with `spec.hostIPC: true`. It concerns every container of the pod, of every kind (init, native sidecar, app, ephemeral, defer): all of them share the node's IPC namespace. Off by default, in the `best-practice` group.

## Why
Every container can read and write the shared memory and message queues of the node's processes and of other host-IPC pods.

## Example
```yaml
spec:
  hostIPC: true
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove `hostIPC: true`. Node agents that really need it belong to the platform team; suppress the finding for them with a reason (`podlife.dev/ignore: "PL411: node agent"`).

## Peer checks
kube-linter `host-ipc`; Polaris `hostIPCSet`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Host Namespaces"); `PodSpec.hostIPC` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.host_ipc != Some(true) {
        return;
    }
    findings.push(
        RULE.finding("the pod shares the node's IPC namespace")
            .at(context.pod_path("spec.hostIPC"))
            .label("`hostIPC: true`")
            .help("remove `hostIPC: true`"),
    );
}
