//! PL406 `dangerous-capability-added`: a container that adds a capability beyond the runtime's default set.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::capabilities::{RUNTIME_DEFAULT, normalize};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that adds a capability beyond the runtime's default set.
pub static RULE: Rule = Rule {
    id: "PL406",
    name: "dangerous-capability-added",
    severity: Severity::Warning,
    summary: "a container adds a capability beyond the runtime's default set (`SYS_ADMIN`, `NET_ADMIN`, `ALL`, …)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each entry of `securityContext.capabilities.add`, in every container of any kind (init, native sidecar, app, ephemeral, defer), that is not in the container runtime's default set: `ALL`, `SYS_ADMIN`, `NET_ADMIN`, `NET_RAW`, `SYS_PTRACE`, `SYS_MODULE`, `SYS_RAWIO`, `SYS_TIME`, `SYS_BOOT`, `SYS_RESOURCE`, `DAC_READ_SEARCH`, `BPF`, `PERFMON`, `IPC_LOCK`, `LINUX_IMMUTABLE` and every other name but the thirteen defaults (`AUDIT_WRITE`, `CHOWN`, `DAC_OVERRIDE`, `FOWNER`, `FSETID`, `KILL`, `MKNOD`, `NET_BIND_SERVICE`, `SETFCAP`, `SETGID`, `SETPCAP`, `SETUID`, `SYS_CHROOT`). Names are compared without case and `CAP_`. `NET_RAW` is reported here even though some runtimes grant it by default. Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
These capabilities reach beyond the container: `SYS_ADMIN` mounts filesystems and is nearly root on the node, `NET_ADMIN` rewrites the pod's (or, with `hostNetwork`, the node's) network, `SYS_PTRACE` reads other processes' memory, `SYS_MODULE` loads kernel code. `ALL` grants every one. The Pod Security Standards' Baseline profile forbids adding any of them.

## Example
```yaml
initContainers:
- name: iptables
  image: example/mesh-init:1.0
  securityContext:
    capabilities:
      add: [NET_ADMIN, NET_RAW]
```

## How to fix
Remove the capability, or move the work that needs it out of the pod (a CNI plugin rather than an `iptables` init container, a node agent run by the platform team). When it is really needed, suppress the finding for that object with a reason (`podlife.dev/ignore: "PL406: the mesh's init container programs iptables"`).

## Peer checks
kube-linter `drop-net-raw-capability` (an added `NET_RAW`); Polaris `dangerousCapabilities`, `insecureCapabilities`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("Capabilities"); `man 7 capabilities`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        let Some(added) = security
            .own()
            .and_then(|own| own.capabilities.as_ref())
            .and_then(|capabilities| capabilities.add.as_ref())
        else {
            continue;
        };
        for (position, name) in added.iter().enumerate() {
            let capability = normalize(name);
            if capability.is_empty()
                || (capability != "NET_RAW" && RUNTIME_DEFAULT.contains(&capability.as_str()))
            {
                continue;
            }
            findings.push(
                RULE.finding(format!(
                    "{} adds the capability `{capability}`",
                    list.describe_container(container, index)
                ))
                .at(security
                    .container_field("capabilities")
                    .child("add")
                    .index(position))
                .label(if capability == "ALL" {
                    "every capability"
                } else {
                    "beyond the runtime's default set"
                })
                .help("remove it, or move the work that needs it out of the pod"),
            );
        }
    }
}
