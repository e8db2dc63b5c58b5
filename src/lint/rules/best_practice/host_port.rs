//! PL412 `host-port`: a container port bound to a port of the node (`hostPort`).

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container port with a `hostPort`.
pub static RULE: Rule = Rule {
    id: "PL412",
    name: "host-port",
    severity: Severity::Warning,
    summary: "a container binds a port of the node (`hostPort`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `ports[].hostPort` other than 0, in every container of any kind (init, native sidecar, app, ephemeral, defer). Off by default, in the `best-practice` group.

## Why
A host port opens the node's address to the container, bypassing the Service and, with most network plugins, NetworkPolicy. Only one pod per node can hold it, so replicas beyond the node count stay `Pending`, and a rolling update on a single node deadlocks.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  ports:
  - containerPort: 8080
    hostPort: 8080
```

## How to fix
Remove `hostPort` and expose the port through a Service (`NodePort` or `LoadBalancer` when it must be reachable from outside).

## Peer checks
Polaris `hostPortSet`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Host Ports"); Kubernetes docs "Configuration Best Practices" (Services).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    // With `hostNetwork` the API server defaults every `hostPort` to its `containerPort`:
    // that is PL409's finding, not a port chosen here.
    if context.pod.spec.host_network == Some(true) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        for (position, port) in container.ports.iter().flatten().enumerate() {
            let Some(host_port) = port.host_port.filter(|port| *port != 0) else {
                continue;
            };
            findings.push(
                RULE.finding(format!(
                    "{} binds the node's port {host_port}",
                    list.describe_container(container, index)
                ))
                .at(context
                    .container_path(list, index)
                    .child("ports")
                    .index(position)
                    .child("hostPort"))
                .label("one pod per node can hold it")
                .help("remove `hostPort` and expose the port through a Service"),
            );
        }
    }
}
