//! PL423 `privileged-port`: a container that declares a `containerPort` below 1024.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::is_windows;
use crate::lint::rules::{Origin, PodContext, Rule};

/// The first port an unprivileged process may bind on Linux by default.
const FIRST_UNPRIVILEGED_PORT: i64 = 1024;

/// A container that declares a `containerPort` below 1024.
pub static RULE: Rule = Rule {
    id: "PL423",
    name: "privileged-port",
    severity: Severity::Warning,
    summary: "a container declares a `containerPort` below 1024",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `ports[]` entry whose `containerPort` is between 1 and 1023, in every container of any kind that may declare ports (init, native sidecar, app, defer; the API server forbids ports on ephemeral containers, PL133). Port 22 is reported too (PL419 says why SSH is worse). Pods for Windows, which has no privileged ports, are skipped. Off by default, in the `best-practice` group.

## Why
On Linux only a process with the `NET_BIND_SERVICE` capability (root, usually) may listen below 1024, unless the runtime lowers `net.ipv4.ip_unprivileged_port_start` in the pod's network namespace. A container declaring such a port therefore tends to run as root or keep a capability the other best-practice rules ask to drop (PL402, PL405). Nothing requires it: a Service maps any port clients use (`port: 80`) to any port the container listens on (`targetPort: 8080`). With `hostNetwork: true` the port is the node's own.

## Example
```yaml
containers:
- name: web
  image: nginx:1.27
  ports:
  - containerPort: 80
```

## How to fix
Listen on a port of 1024 or above (`8080`; `nginxinc/nginx-unprivileged` listens there) and keep the low number in the Service:
```yaml
ports:
- containerPort: 8080
```
A pod that must bind a low port (a DNS server on the host network) suppresses the finding with a reason.

## Peer checks
kube-linter `privileged-ports`.

## Kubernetes reference
Kubernetes docs "Service" (`port` and `targetPort`); "Using sysctls in a Kubernetes Cluster" (`net.ipv4.ip_unprivileged_port_start` is a safe sysctl).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        for (position, port) in container.ports.iter().flatten().enumerate() {
            let Some(number) = port.container_port else {
                continue;
            };
            if !(1..FIRST_UNPRIVILEGED_PORT).contains(&number) {
                continue;
            }
            findings.push(
                RULE.finding(format!(
                    "{} declares the privileged port {number}",
                    list.describe_container(container, index)
                ))
                .at(context
                    .container_path(list, index)
                    .child("ports")
                    .index(position)
                    .child("containerPort"))
                .label("below 1024: binding it needs root or `NET_BIND_SERVICE`")
                .help("listen on a port of 1024 or above; a Service's `targetPort` maps the low port to it"),
            );
        }
    }
}
