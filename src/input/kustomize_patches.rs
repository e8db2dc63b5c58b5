//! The patch files a `kustomization.yaml` names: fragments kustomize merges into other objects,
//! not manifests, so a directory walk passes over them (and says so).

use std::collections::HashMap;
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

/// Each directory's patches, as the kustomizations in it list them (canonical patch path, the
/// kustomization), read once however many named files ask.
#[derive(Debug, Default)]
pub struct PatchListings(HashMap<PathBuf, Vec<(PathBuf, PathBuf)>>);

/// How far up from a named file a `kustomization.yaml` that lists it as a patch is looked for
/// (it is mostly beside it, or in an overlay above it), stopping at a repository's root.
const KUSTOMIZATION_LEVELS: usize = 8;

/// The `kustomization.yaml` in the named file's directory or above that lists it as a patch;
/// `listed` remembers each directory's patches (canonical paths), read once.
pub fn listing_kustomization(file: &Path, listed: &mut PatchListings) -> Option<PathBuf> {
    let canonical = std::fs::canonicalize(file).ok()?;
    let mut directory = canonical.parent();
    for _ in 0..KUSTOMIZATION_LEVELS {
        let here = directory?;
        let patches = listed.0.entry(here.to_path_buf()).or_insert_with(|| {
            let mut patches = Vec::new();
            for name in KUSTOMIZATION_FILE_NAMES {
                let kustomization = here.join(name);
                if !kustomization.is_file() {
                    continue;
                }
                for patch in patch_files(&kustomization) {
                    if let Ok(patch) = std::fs::canonicalize(&patch) {
                        patches.push((patch, kustomization.clone()));
                    }
                }
            }
            patches
        });
        if let Some((_, kustomization)) = patches.iter().find(|(patch, _)| *patch == canonical) {
            return Some(kustomization.clone());
        }
        if here.join(".git").exists() {
            return None;
        }
        directory = here.parent();
    }
    None
}

/// Takes out of `files` those a walked `kustomization.yaml` among them names as patches, each
/// with the kustomization that names it.
pub fn set_aside_patches(files: &mut Vec<PathBuf>) -> Vec<(PathBuf, PathBuf)> {
    let is_kustomization = |file: &PathBuf| {
        file.file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| KUSTOMIZATION_FILE_NAMES.contains(&name))
    };
    let mut named: Vec<(PathBuf, PathBuf)> = Vec::new();
    for kustomization in files.iter().filter(|file| is_kustomization(file)) {
        for patch in patch_files(kustomization) {
            if let Ok(canonical) = std::fs::canonicalize(&patch) {
                named.push((canonical, kustomization.clone()));
            }
        }
    }
    if named.is_empty() {
        return Vec::new();
    }
    let mut set_aside = Vec::new();
    files.retain(|file| {
        let canonical = std::fs::canonicalize(file).ok();
        match named
            .iter()
            .find(|(patch, _)| Some(patch) == canonical.as_ref())
        {
            Some((_, kustomization)) => {
                set_aside.push((file.clone(), kustomization.clone()));
                false
            }
            None => true,
        }
    });
    set_aside
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
