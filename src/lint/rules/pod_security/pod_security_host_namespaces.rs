//! PL502 `pod-security-host-namespaces`: Pod Security check `hostNamespaces` (baseline, from v1.0): the pod shares the node's network, process or IPC namespace.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// The pod shares the node's network, process or IPC namespace.
pub static RULE: Rule = Rule {
    id: "PL502",
    name: "pod-security-host-namespaces",
    severity: Severity::Error,
    summary: "the pod shares the node's network, process or IPC namespace",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `hostNamespaces` (level `baseline`, so `restricted` too): `spec.hostNetwork`, `spec.hostPID` and `spec.hostIPC` must not be `true`.

## Why
A pod in the node's namespaces sees and reaches the node's network interfaces, processes or shared memory: the isolation between workloads and the node is gone.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  hostNetwork: true
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove the field (or set it to `false`); a node agent that truly needs it belongs in a namespace whose level is `privileged`.

## Versions
- v1.0: as above.

## Same ground
PL409 `host-network`, PL410 `host-pid`, PL411 `host-ipc` (best practice).

## Kubernetes reference
Pod Security Standards, Baseline, "Host Namespaces"; `policy/check_hostNamespaces.go`.
"#,
};

/// The admission library's `hostNamespaces` check, version by version.
pub static CHECK: Check = Check {
    id: "hostNamespaces",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove `hostNetwork`, `hostPID` and `hostIPC` (or set them to `false`)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let spec = &context.pod.spec;
    let mut used = Vec::new();
    let mut places = Vec::new();
    for (set, field) in [
        (spec.host_network, "hostNetwork"),
        (spec.host_pid, "hostPID"),
        (spec.host_ipc, "hostIPC"),
    ] {
        if set == Some(true) {
            used.push(format!("{field}=true"));
            places.push(FieldPath::root().children(&["spec", field]));
        }
    }
    Violation::at_places("host namespaces", used.join(", "), places)
}
