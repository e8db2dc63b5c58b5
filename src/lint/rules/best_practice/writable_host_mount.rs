//! PL425 `writable-host-mount`: a container that mounts a `hostPath` volume without `readOnly: true`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::host_paths::host_path_volumes;
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that mounts a `hostPath` volume writable.
pub static RULE: Rule = Rule {
    id: "PL425",
    name: "writable-host-mount",
    severity: Severity::Warning,
    summary: "a container mounts a `hostPath` volume writable (no `readOnly: true`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `volumeMounts[]` entry that names a `hostPath` volume and does not set `readOnly: true`, in every container of any kind (init, native sidecar, app, ephemeral, defer): each mount is judged on its own, so an init container that writes the node's directory is reported even when the app container mounts it read-only. Off by default, in the `best-practice` group; PL413 reports the volume itself.

## Why
A writable mount of the node's filesystem lets the container change what the node and every other pod on it rely on: plant a binary or a configuration file the node runs, fill the node's disk outside any quota, or replace a file another pod reads. A read-only mount keeps what the container usually needs (reading logs, certificates, a socket's directory listing) without that power.

## Example
```yaml
volumeMounts:
- name: logs
  mountPath: /var/log/node
volumes:
- name: logs
  hostPath: {path: /var/log}
```

## How to fix
Add `readOnly: true` to the mount (and `recursiveReadOnly: Enabled` for the mounts beneath it):
```yaml
volumeMounts:
- name: logs
  mountPath: /var/log/node
  readOnly: true
```
A container that must write to the node (a node agent, a CSI driver) suppresses the finding with a reason.

## Peer checks
kube-linter `writable-host-mount`.

## Kubernetes reference
Kubernetes docs "Volumes" (hostPath, and its warning on writable mounts); `VolumeMount.readOnly` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let host_volumes = host_path_volumes(context.pod);
    if host_volumes.is_empty() {
        return;
    }
    for (list, index, container) in context.all_containers() {
        for (position, mount) in container.volume_mounts.iter().flatten().enumerate() {
            if mount.read_only == Some(true) {
                continue;
            }
            let Some(volume) = host_volumes
                .iter()
                .find(|volume| Some(volume.name) == mount.name.as_deref())
            else {
                continue;
            };
            let mount_path = context
                .container_path(list, index)
                .child("volumeMounts")
                .index(position);
            let finding = RULE
                .finding(format!(
                    "{} mounts the node's `{}` writable (volume `{}`)",
                    list.describe_container(container, index),
                    volume.path,
                    volume.name
                ))
                .label("writes reach the node's filesystem")
                .help("add `readOnly: true` to the mount");
            findings.push(if mount.read_only.is_some() {
                finding.at(mount_path.child("readOnly"))
            } else {
                finding.at(mount_path.child("name"))
            });
        }
    }
}
