//! The pod's `hostPath` volumes, with their normalised paths, for the host-mount rules.

use crate::k8s::model::Pod;

/// A `hostPath` volume: its index in `spec.volumes`, its name and its path without trailing
/// slashes, repeated slashes or `.` segments (`/var//run/` → `/var/run`; `/` stays `/`).
pub struct HostPathVolume<'p> {
    /// Index in `spec.volumes`.
    pub index: usize,
    /// The volume's name.
    pub name: &'p str,
    /// The normalised path.
    pub path: String,
}

/// Every `hostPath` volume of the pod, in order.
pub fn host_path_volumes(pod: &Pod) -> Vec<HostPathVolume<'_>> {
    let volumes = pod.spec.volumes.as_deref().unwrap_or(&[]);
    volumes
        .iter()
        .enumerate()
        .filter_map(|(index, volume)| {
            let host_path = volume.source.host_path.as_ref()?;
            Some(HostPathVolume {
                index,
                name: volume.name.as_deref().unwrap_or(""),
                path: normalize(host_path.path.as_deref().unwrap_or("")),
            })
        })
        .collect()
}

/// A host path as the kernel resolves it lexically.
pub fn normalize(path: &str) -> String {
    let parts: Vec<&str> = path
        .split('/')
        .filter(|part| !part.is_empty() && *part != ".")
        .collect();
    format!("/{}", parts.join("/"))
}

/// The container runtime sockets: whoever can reach one starts privileged containers on the node.
pub fn is_runtime_socket(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or("");
    matches!(
        file,
        "docker.sock" | "containerd.sock" | "crio.sock" | "cri-dockerd.sock" | "podman.sock"
    ) || matches!(
        path,
        "/var/run/docker"
            | "/run/containerd"
            | "/var/run/containerd"
            | "/var/run/crio"
            | "/run/crio"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_normalised_and_sockets_found() {
        assert_eq!(normalize("/var//run/./"), "/var/run");
        assert_eq!(normalize("/"), "/");
        assert!(is_runtime_socket("/var/run/docker.sock"));
        assert!(is_runtime_socket("/run/k3s/containerd/containerd.sock"));
        assert!(!is_runtime_socket("/var/run/secrets"));
    }
}
