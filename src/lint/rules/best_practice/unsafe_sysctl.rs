//! PL421 `unsafe-sysctl`: a pod sysctl outside the kubelet's safe set.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// The sysctls the kubelet allows without `--allowed-unsafe-sysctls` (the newest release's set).
const SAFE: [&str; 12] = [
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_unprivileged_port_start",
    "net.ipv4.ip_local_reserved_ports",
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
    "net.ipv4.tcp_rmem",
    "net.ipv4.tcp_wmem",
];

/// A pod sysctl outside the safe set.
pub static RULE: Rule = Rule {
    id: "PL421",
    name: "unsafe-sysctl",
    severity: Severity::Warning,
    summary: "a pod sets a sysctl outside the kubelet's safe set",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `spec.securityContext.sysctls[]` entry whose name (with `/` read as `.`) is not one of the safe sysctls: `kernel.shm_rmid_forced`, `net.ipv4.ip_local_port_range`, `net.ipv4.tcp_syncookies`, `net.ipv4.ping_group_range`, `net.ipv4.ip_unprivileged_port_start`, `net.ipv4.ip_local_reserved_ports`, `net.ipv4.tcp_keepalive_time`, `net.ipv4.tcp_fin_timeout`, `net.ipv4.tcp_keepalive_intvl`, `net.ipv4.tcp_keepalive_probes`, `net.ipv4.tcp_rmem`, `net.ipv4.tcp_wmem` (the newest release's set; older kubelets know fewer). Sysctls apply to the whole pod, every container kind included. Off by default, in the `best-practice` group.

## Why
An unsafe sysctl is not isolated to the pod or can starve the node; the kubelet refuses the pod (`SysctlForbidden`) unless the node allows it with `--allowed-unsafe-sysctls`, so the pod depends on a node setting the manifest does not show, and on nodes tainted for it.

## Example
```yaml
securityContext:
  sysctls:
  - name: net.core.somaxconn
    value: "1024"
```

## How to fix
Remove the sysctl, or schedule the pod only onto nodes that allow it (a taint and toleration) and suppress the finding with a reason.

## Peer checks
kube-linter `unsafe-sysctls`.

## Kubernetes reference
Kubernetes docs "Using sysctls in a Kubernetes Cluster" (safe and unsafe sysctls); Pod Security Standards, Baseline profile ("Sysctls").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let sysctls = context
        .pod
        .spec
        .security_context
        .as_ref()
        .and_then(|security| security.sysctls.as_ref());
    for (position, sysctl) in sysctls.iter().copied().flatten().enumerate() {
        let Some(name) = sysctl.name.as_deref() else {
            continue;
        };
        let dotted = name.trim().replace('/', ".");
        if dotted.is_empty() || SAFE.contains(&dotted.as_str()) {
            continue;
        }
        findings.push(
            RULE.finding(format!("the pod sets the unsafe sysctl `{dotted}`"))
                .at(context
                    .pod_path("spec.securityContext.sysctls")
                    .index(position)
                    .child("name"))
                .label("the kubelet refuses it unless the node allows it")
                .help("remove it, or run the pod only on nodes that allow it"),
        );
    }
}
