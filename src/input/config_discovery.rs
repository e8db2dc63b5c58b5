//! Finding the configuration file for an input: the nearest `.podlife.yaml` upward.

use std::path::{Path, PathBuf};

/// The names a configuration file may have, in order of preference.
pub const CONFIG_FILE_NAMES: [&str; 2] = [".podlife.yaml", ".podlife.yml"];

/// The configuration file for inputs in `directory`: the nearest `.podlife.yaml` upward, stopping
/// at the repository root (the first directory with a `.git`).
pub fn discover(directory: &Path) -> Option<PathBuf> {
    let start = std::path::absolute(directory).unwrap_or_else(|_| directory.to_path_buf());
    let mut current = Some(start.as_path());
    while let Some(directory) = current {
        for name in CONFIG_FILE_NAMES {
            let candidate = directory.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
        if directory.join(".git").exists() {
            return None;
        }
        current = directory.parent();
    }
    None
}
