//! PL413 `host-path-volume`: a pod that mounts a directory or file of the node (`hostPath`).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::host_paths::host_path_volumes;
use crate::lint::rules::{Origin, PodContext, Rule};

/// A `hostPath` volume.
pub static RULE: Rule = Rule {
    id: "PL413",
    name: "host-path-volume",
    severity: Severity::Warning,
    summary: "a volume mounts a path of the node (`hostPath`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `hostPath` volume of a pod. The volume is there for every container that mounts it, of any kind (init, native sidecar, app, ephemeral, defer). Runtime sockets and sensitive paths are reported again, more precisely, by PL414 and PL415. Off by default, in the `best-practice` group.

## Why
A host path ties the pod to one node's files: data written there stays behind when the pod moves, and what the container can read or write there is outside every namespace (other pods' data, the node's configuration). The Pod Security Standards' Baseline profile forbids it.

## Example
```yaml
volumes:
- name: data
  hostPath:
    path: /srv/data
```

## How to fix
Use a PersistentVolumeClaim for data, a ConfigMap or Secret for configuration, an `emptyDir` for scratch space. Node agents that read the node's files belong to the platform team; suppress the finding for them with a reason.

## Peer checks
Polaris `hostPathSet`.

## Kubernetes reference
Pod Security Standards, Baseline profile ("HostPath Volumes"); Kubernetes docs "Volumes" (hostPath).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for volume in host_path_volumes(context.pod) {
        findings.push(
            RULE.finding(format!(
                "volume `{}` mounts the node's `{}`",
                volume.name, volume.path
            ))
            .at(context
                .pod_path("spec.volumes")
                .index(volume.index)
                .child("hostPath"))
            .on_key()
            .label("a path of the node")
            .help("use a PersistentVolumeClaim, a ConfigMap or Secret, or an `emptyDir`"),
        );
    }
}
