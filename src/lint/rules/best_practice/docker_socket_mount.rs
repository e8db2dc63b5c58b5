//! PL414 `docker-socket-mount`: a `hostPath` volume of a container runtime's socket.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::host_paths::{host_path_volumes, is_runtime_socket};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A `hostPath` volume of a container runtime's socket.
pub static RULE: Rule = Rule {
    id: "PL414",
    name: "docker-socket-mount",
    severity: Severity::Warning,
    summary: "a volume mounts a container runtime's socket (`docker.sock`, `containerd.sock`, `crio.sock`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `hostPath` volume whose path is a container runtime's socket (a file named `docker.sock`, `containerd.sock`, `crio.sock`, `cri-dockerd.sock` or `podman.sock`, after removing repeated slashes and `.`) or a runtime's socket directory (`/var/run/docker`, `/run/containerd`, `/var/run/containerd`, `/run/crio`, `/var/run/crio`). Every container that mounts it, of any kind, can use it. Off by default, in the `best-practice` group.

## Why
Whoever talks to the runtime's socket can start a privileged container with the node's root filesystem mounted: the socket is root on the node, whatever the pod's `securityContext` says. Build tools and log agents that mount it are a common way in.

## Example
```yaml
volumes:
- name: docker
  hostPath:
    path: /var/run/docker.sock
```

## How to fix
Build images without a daemon (BuildKit rootless, kaniko, buildah), read logs from `/var/log/pods` read-only, or run the agent as a platform-owned DaemonSet and suppress the finding there with a reason.

## Peer checks
kube-linter `docker-sock`, `sensitive-host-mounts` (the socket part).

## Kubernetes reference
Kubernetes docs "Volumes" (hostPath: "Mounting the container runtime socket").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for volume in host_path_volumes(context.pod) {
        if !is_runtime_socket(&volume.path) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "volume `{}` mounts the container runtime's socket `{}`",
                volume.name, volume.path
            ))
            .at(context
                .pod_path("spec.volumes")
                .index(volume.index)
                .child("hostPath")
                .child("path"))
            .label("root on the node")
            .help("build and inspect without the runtime's socket, or run the agent as a platform-owned DaemonSet"),
        );
    }
}
