//! PL415 `sensitive-host-mount`: a `hostPath` volume of a sensitive directory of the node (`/`, `/etc`, `/proc`, …).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::host_paths::{host_path_volumes, is_runtime_socket};
use crate::lint::rules::{Origin, PodContext, Rule};

/// Directories of the node that give away the node when mounted (the path itself).
const SENSITIVE: [&str; 14] = [
    "/", "/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/root", "/run", "/sbin", "/sys", "/usr",
    "/var/run", "/var/lib",
];

/// Directories whose every subpath is sensitive (credentials of the node's components).
const SENSITIVE_TREES: [&str; 6] = [
    "/etc/kubernetes",
    "/var/lib/kubelet",
    "/var/lib/etcd",
    "/var/lib/docker",
    "/var/lib/containerd",
    "/etc/ssh",
];

/// A `hostPath` volume of a sensitive directory of the node.
pub static RULE: Rule = Rule {
    id: "PL415",
    name: "sensitive-host-mount",
    severity: Severity::Warning,
    summary: "a volume mounts a sensitive directory of the node (`/`, `/etc`, `/proc`, `/var/lib/kubelet`, …)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `hostPath` volume whose path (after removing repeated slashes and `.`) is one of `/`, `/bin`, `/boot`, `/dev`, `/etc`, `/lib`, `/proc`, `/root`, `/run`, `/sbin`, `/sys`, `/usr`, `/var/run`, `/var/lib`, or lies under `/etc/kubernetes`, `/var/lib/kubelet`, `/var/lib/etcd`, `/var/lib/docker`, `/var/lib/containerd` or `/etc/ssh`. A runtime socket is PL414's. Every container that mounts it, of any kind, can use it. Off by default, in the `best-practice` group.

## Why
These directories hold the node: its configuration and users (`/etc`), its kernel interfaces (`/proc`, `/sys`, `/dev`), the kubelet's credentials and every pod's secrets (`/var/lib/kubelet`), the cluster's certificates (`/etc/kubernetes`). A container that mounts them reads, and unless read-only rewrites, what every other pod on the node relies on.

## Example
```yaml
volumes:
- name: host-etc
  hostPath:
    path: /etc
```

## How to fix
Mount only the file that is needed, read-only (`/etc/ssl/certs` for CA certificates is not reported), or get the information from the API (the Downward API for the node's name). Node agents belong to the platform team; suppress the finding there with a reason.

## Peer checks
kube-linter `sensitive-host-mounts`.

## Kubernetes reference
Kubernetes docs "Volumes" (hostPath); Pod Security Standards, Baseline profile ("HostPath Volumes").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for volume in host_path_volumes(context.pod) {
        let path = volume.path.as_str();
        let sensitive = SENSITIVE.contains(&path)
            || SENSITIVE_TREES.iter().any(|tree| {
                path == *tree || path.strip_prefix(tree).is_some_and(|rest| rest.starts_with('/'))
            });
        if !sensitive || is_runtime_socket(path) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "volume `{}` mounts the node's `{path}`",
                volume.name
            ))
            .at(context
                .pod_path("spec.volumes")
                .index(volume.index)
                .child("hostPath")
                .child("path"))
            .label("a sensitive directory of the node")
            .help("mount only the file needed, read-only, or get the information from the API"),
        );
    }
}
