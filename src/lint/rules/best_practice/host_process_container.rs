//! PL426 `host-process-container`: a Windows `hostProcess` container (`windowsOptions.hostProcess: true`).

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A Windows `hostProcess` container.
pub static RULE: Rule = Rule {
    id: "PL426",
    name: "host-process-container",
    severity: Severity::Warning,
    summary: "a pod or container runs as a Windows HostProcess container (`windowsOptions.hostProcess: true`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `windowsOptions.hostProcess: true` where it is written: once in the pod's `securityContext` (it then applies to every container), and in the `securityContext` of each container of any kind (init, native sidecar, app, ephemeral, defer) that sets it itself. Off by default, in the `best-practice` group. Whether the pod is a valid HostProcess pod (`hostNetwork: true`, every container the same) is PL152's.

## Why
A HostProcess container is the Windows counterpart of a privileged Linux container: it runs as a process on the node, not in a container's isolation, with the node's network, filesystem and devices, as whatever user it names (`NT AUTHORITY\SYSTEM` included). Whatever runs in it, or breaks into it, controls the node. The Pod Security Standards' Baseline profile forbids it.

## Example
```yaml
spec:
  hostNetwork: true
  securityContext:
    windowsOptions:
      hostProcess: true
      runAsUserName: "NT AUTHORITY\\SYSTEM"
```

## How to fix
Run the workload as a regular Windows container (remove `hostProcess` and `hostNetwork`), with the volumes and the named-pipe mounts it needs. Node agents (CNI, CSI, kube-proxy, log collectors) that must be HostProcess containers belong to the platform team; suppress the finding there with a reason.

## Peer checks
Polaris `hostProcess`.

## Kubernetes reference
Kubernetes docs "Create a Windows HostProcess Pod"; Pod Security Standards, Baseline profile ("HostProcess").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pod_host_process = context
        .pod
        .spec
        .security_context
        .as_ref()
        .and_then(|security| security.windows_options.as_ref())
        .and_then(|options| options.host_process);
    if pod_host_process == Some(true) {
        findings.push(
            RULE.finding("the pod runs its containers as Windows HostProcess containers")
                .at(context.pod_path("spec.securityContext.windowsOptions.hostProcess"))
                .label("processes on the node, with its network, files and devices")
                .help("run regular Windows containers; keep HostProcess to the platform's node agents"),
        );
    }
    for (list, index, container) in context.all_containers() {
        let own = container
            .security_context
            .as_ref()
            .and_then(|security| security.windows_options.as_ref())
            .and_then(|options| options.host_process);
        if own != Some(true) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} runs as a Windows HostProcess container",
                list.describe_container(container, index)
            ))
            .at(context
                .container_path(list, index)
                .child("securityContext")
                .child("windowsOptions")
                .child("hostProcess"))
            .label("a process on the node, with its network, files and devices")
            .help("run a regular Windows container; keep HostProcess to the platform's node agents"),
        );
    }
}
