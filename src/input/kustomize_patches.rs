//! The patch files a `kustomization.yaml` names: fragments kustomize merges into other objects,
//! not manifests, so a directory walk passes over them (and says so).

use std::path::{Path, PathBuf};

use crate::yaml::source::NodeKind;
use crate::yaml::stream::parse_stream;

/// The names kustomize reads as a kustomization.
pub const KUSTOMIZATION_FILE_NAMES: [&str; 3] =
    ["kustomization.yaml", "kustomization.yml", "Kustomization"];

/// A kustomization larger than this is not read for patches (real ones are a few KiB).
const MAX_KUSTOMIZATION_BYTES: u64 = 1 << 20;

/// The files the kustomization at `path` names as patches (`patches[].path`,
/// `patchesStrategicMerge[]`, `patchesJson6902[].path`), resolved against its directory. A
/// kustomization that cannot be read names none: the walk then reads those files as manifests.
pub fn patch_files(path: &Path) -> Vec<PathBuf> {
    let readable =
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= MAX_KUSTOMIZATION_BYTES);
    let Some(text) = readable
        .then(|| std::fs::read_to_string(path).ok())
        .flatten()
    else {
        return Vec::new();
    };
    let directory = path.parent().unwrap_or_else(|| Path::new("."));
    patch_paths(&text)
        .into_iter()
        .map(|relative| directory.join(relative))
        .collect()
}

/// The patch paths a kustomization's text names, as written.
fn patch_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for document in parse_stream(text) {
        let Some(root) = document.root.as_ref() else {
            continue;
        };
        for key in ["patches", "patchesJson6902", "patchesStrategicMerge"] {
            let Some(NodeKind::Sequence(items)) =
                root.get(key).map(crate::yaml::source::Node::kind)
            else {
                continue;
            };
            for item in items {
                // An entry is a path, or a mapping with one; an inline patch is not a file.
                let path = match item.as_scalar() {
                    Some(scalar) => Some(scalar),
                    None => item.get("path").and_then(|node| node.as_scalar()),
                };
                if let Some(path) = path.filter(|p| !p.contains('\n') && !p.trim().is_empty()) {
                    paths.push(path.trim().to_string());
                }
            }
        }
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_a_kustomization_names_a_patch_file() {
        let text = "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [../base]\npatches:\n- path: patch.yaml\n- patch: |-\n    - op: replace\n      path: /spec/replicas\n      value: 3\n  target: {kind: Deployment}\npatchesStrategicMerge:\n- memory.yaml\n- |-\n  apiVersion: apps/v1\n  kind: Deployment\npatchesJson6902:\n- target: {kind: Deployment, name: web}\n  path: json-patch.yaml\n";
        assert_eq!(
            patch_paths(text),
            ["patch.yaml", "json-patch.yaml", "memory.yaml"]
        );
        assert!(patch_paths("resources: [deployment.yaml]\n").is_empty());
        assert!(patch_paths("patches: {not: a list}\n").is_empty());
    }
}
