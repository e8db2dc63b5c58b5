//! PL504 `pod-security-host-ports`: Pod Security check `hostPorts` (baseline, from v1.0): a container port is bound on the node.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::lint::rules::pod_security::helpers::wording::{self, Sorted, pluralize};

/// A container port is bound on the node.
pub static RULE: Rule = Rule {
    id: "PL504",
    name: "pod-security-host-ports",
    severity: Severity::Error,
    summary: "a container port is bound on the node",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `hostPorts` (level `baseline`, so `restricted` too): no container port may set `hostPort` (other than `0`). A `hostNetwork` pod gets each port's `hostPort` set to its `containerPort` by API defaulting, so it breaks this check too.

## Why
A host port binds the node's own address: the pod is reachable around network policies and Services, and two such pods cannot share a node.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  containers:
  - name: app
    image: example/app:1.4
    ports:
    - containerPort: 8080
      hostPort: 8080
```

## How to fix
Remove `hostPort` and expose the port through a Service (a `NodePort` or `LoadBalancer` one when it must be reached from outside).

## Versions
- v1.0: as above.

## Same ground
PL412 `host-port` (best practice).

## Kubernetes reference
Pod Security Standards, Baseline, "Host Ports"; `policy/check_hostPorts.go`.
"#,
};

/// The admission library's `hostPorts` check, version by version.
pub static CHECK: Check = Check {
    id: "hostPorts",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove `hostPort` and expose the port through a Service",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut containers = Vec::new();
    let mut ports = Sorted::new();
    let mut places = Vec::new();
    for (list, index, container) in visited(context) {
        let mut bad = false;
        for (i, port) in container.ports.iter().flatten().enumerate() {
            if let Some(host_port) = port.host_port.filter(|&p| p != 0) {
                bad = true;
                ports.insert(host_port.to_string());
                places.push(container_field(context, list, index, &["ports"]).index(i).child("hostPort"));
            }
        }
        if bad {
            containers.push(name_of(container));
        }
    }
    if containers.is_empty() {
        return None;
    }
    let ports: Vec<String> = ports.into_iter().collect();
    Violation::at_places(
        "hostPort",
        format!(
            "{} {} {} {}",
            wording::containers(&containers),
            pluralize("uses", "use", containers.len()),
            pluralize("hostPort", "hostPorts", ports.len()),
            ports.join(", ")
        ),
        places,
    )
}
