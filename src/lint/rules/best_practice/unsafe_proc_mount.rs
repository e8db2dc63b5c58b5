//! PL420 `unsafe-proc-mount`: a container with `procMount: Unmasked`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container with `procMount: Unmasked`.
pub static RULE: Rule = Rule {
    id: "PL420",
    name: "unsafe-proc-mount",
    severity: Severity::Warning,
    summary: "a container sees the node's `/proc` unmasked (`procMount: Unmasked`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose `securityContext.procMount` is `Unmasked`. Off by default, in the `best-practice` group.

## Why
The runtime masks parts of `/proc` (`/proc/kcore`, `/proc/sysrq-trigger`, `/proc/keys`, …) and makes others read-only, because they expose or control the node's kernel. `Unmasked` removes that; it is meant for nested container runtimes in a user namespace only.

## Example
```yaml
securityContext:
  procMount: Unmasked
```

## How to fix
Remove `procMount` (the default is `Default`). A nested runtime runs in a pod with `hostUsers: false`; suppress the finding there with a reason.

## Peer checks
kube-linter `unsafe-proc-mount`; Polaris `procMount`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("/proc Mount Type"); `SecurityContext.procMount` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let unmasked = container
            .security_context
            .as_ref()
            .and_then(|security| security.proc_mount.as_deref())
            == Some("Unmasked");
        if !unmasked {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} sees `/proc` unmasked",
                list.describe_container(container, index)
            ))
            .at(context
                .container_path(list, index)
                .child("securityContext")
                .child("procMount"))
            .label("`Unmasked`")
            .help("remove `procMount` (the default masks the node's kernel interfaces)"),
        );
    }
}
