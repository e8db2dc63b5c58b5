//! PL400 `privileged-container`: a container with `securityContext.privileged: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container with `securityContext.privileged: true`.
pub static RULE: Rule = Rule {
    id: "PL400",
    name: "privileged-container",
    severity: Severity::Warning,
    summary: "a container runs privileged",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose `securityContext.privileged` is `true`. Off by default, in the `best-practice` group.

## Why
A privileged container runs with every capability, sees every host device, and is not confined by seccomp or AppArmor: a process that escapes it (or that it runs on purpose) owns the node. An init container or a defer container is no safer for running briefly: it runs with the same power, on every start of the pod.

## Example
```yaml
initContainers:
- name: sysctl
  image: busybox:1.36
  securityContext:
    privileged: true
```

## How to fix
Remove `privileged: true` and grant only what the container needs: a capability in `capabilities.add` (`NET_ADMIN`, `SYS_TIME`), a namespaced sysctl in the pod's `securityContext.sysctls`, or a device plugin for devices. If the node must be changed, a DaemonSet run by the platform team is the usual place.

## Peer checks
kube-linter `privileged-container`, `scc-deny-privileged-container`; kube-score `container-security-context-privileged`; Polaris `runAsPrivileged`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Privileged Containers"); `SecurityContext.privileged` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let privileged = container
            .security_context
            .as_ref()
            .and_then(|security| security.privileged);
        if privileged != Some(true) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} runs privileged",
                list.describe_container(container, index)
            ))
            .at(context
                .container_path(list, index)
                .child("securityContext")
                .child("privileged"))
            .label("every capability and every host device")
            .help("remove `privileged: true`; add only the capabilities the container needs")
            .note("a process that escapes a privileged container controls the node"),
        );
    }
}
