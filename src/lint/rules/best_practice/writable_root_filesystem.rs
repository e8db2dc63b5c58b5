//! PL404 `writable-root-filesystem`: a container without `readOnlyRootFilesystem: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container without `readOnlyRootFilesystem: true`.
pub static RULE: Rule = Rule {
    id: "PL404",
    name: "writable-root-filesystem",
    severity: Severity::Warning,
    summary: "a container's root filesystem is writable",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose `securityContext.readOnlyRootFilesystem` is not `true` (a container-only field; unset means writable). Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
A writable image filesystem lets an intruder drop tools and change binaries the container later runs, and lets the application write where nobody expects (filling the node's disk through the container's writable layer, which counts against `ephemeral-storage`). A read-only root makes every place the container writes explicit: the volumes it mounts.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
```

## How to fix
Set `readOnlyRootFilesystem: true` and mount an `emptyDir` where the program writes (`/tmp`, a cache directory). There is no automatic fix: a program that writes elsewhere fails.

## Peer checks
kube-linter `no-read-only-root-fs`; kube-score `container-security-context-readonlyrootfilesystem`; Polaris `notReadOnlyRootFilesystem`.

## Kubernetes reference
`SecurityContext.readOnlyRootFilesystem` in the Pod API reference; Kubernetes docs "Configure a Security Context for a Pod or Container".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        match security.own().and_then(|own| own.read_only_root_filesystem) {
            Some(true) => {}
            Some(false) => findings.push(
                RULE.finding(who() + " has a writable root filesystem")
                    .at(security.container_field("readOnlyRootFilesystem"))
                    .label("writable")
                    .help("set `readOnlyRootFilesystem: true` and mount an `emptyDir` where it writes"),
            ),
            None => findings.push(
                RULE.finding(who() + " does not set `readOnlyRootFilesystem: true`")
                .at(security.container_field("readOnlyRootFilesystem"))
                .pointing_at(security.name_path())
                .label("writable root filesystem by default")
                .help("set `readOnlyRootFilesystem: true` and mount an `emptyDir` where it writes"),
            ),
        }
    }
}
