//! PL419 `ssh-port-exposed`: a container that declares port 22 (SSH).

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that declares port 22.
pub static RULE: Rule = Rule {
    id: "PL419",
    name: "ssh-port-exposed",
    severity: Severity::Warning,
    summary: "a container declares port 22 (SSH)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `ports[]` entry with `containerPort: 22` (or `hostPort: 22`), in every container of any kind (init, native sidecar, app, ephemeral, defer). Off by default, in the `best-practice` group.

## Why
An SSH server in a container is a second way in that bypasses the cluster's access control and audit (`kubectl exec` and `kubectl debug` are both logged and governed by RBAC), and its keys live in the image or a volume.

## Example
```yaml
ports:
- containerPort: 22
```

## How to fix
Remove the SSH server and the port; use `kubectl exec` or `kubectl debug`. A workload whose purpose is SSH (a Git server) suppresses the finding with a reason.

## Peer checks
kube-linter `ssh-port`.

## Kubernetes reference
Kubernetes docs "Debug Running Pods" (`kubectl exec`, ephemeral containers).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        for (position, port) in container.ports.iter().flatten().enumerate() {
            let field = if port.container_port == Some(22) {
                "containerPort"
            } else if port.host_port == Some(22) {
                "hostPort"
            } else {
                continue;
            };
            findings.push(
                RULE.finding(format!(
                    "{} declares the SSH port 22",
                    list.describe_container(container, index)
                ))
                .at(context
                    .container_path(list, index)
                    .child("ports")
                    .index(position)
                    .child(field))
                .label("SSH")
                .help("remove the SSH server; use `kubectl exec` or `kubectl debug`"),
            );
        }
    }
}
