//! Paths a walk or a command line passes over because they are another tool's sources, not
//! manifests: kustomize patches and Helm chart templates. Each is judged the same way walked or
//! named, and comes with the note that says how to check what that tool builds from it.

use std::path::{Path, PathBuf};

use crate::input::display_path::display_path;
use crate::input::{helm_charts, kustomize_patches};

/// A path set aside, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    /// The file (or, for a walked chart, its `templates/` directory) passed over.
    pub path: PathBuf,
    /// Why it is no manifest.
    pub why: SetAsideWhy,
}

/// Why a path is no manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAsideWhy {
    /// A `kustomization.yaml` (this one) names it as a patch: a fragment kustomize merges.
    KustomizePatch(PathBuf),
    /// It lies under the `templates/` of this Helm chart: a Go template Helm renders.
    ChartTemplate(PathBuf),
}

impl SetAside {
    /// The `info:` note (without the prefix) that says what was skipped and how to check what
    /// the other tool builds from it; paths as every output spells them.
    pub fn note(&self) -> String {
        let path = display_path(&self.path);
        match &self.why {
            SetAsideWhy::KustomizePatch(kustomization) => {
                let directory = kustomization
                    .parent()
                    .filter(|dir| !dir.as_os_str().is_empty())
                    .map_or_else(|| ".".to_string(), display_path);
                format!(
                    "skipped `{path}`: a patch named in `{}`, not a manifest (check what kustomize builds: `kustomize build {directory} | podlife validate -`)",
                    display_path(kustomization),
                )
            }
            SetAsideWhy::ChartTemplate(chart) => {
                let chart = display_path(chart);
                format!(
                    "skipped `{path}`: templates of the Helm chart `{chart}`, not manifests (check what Helm renders: `helm template {chart} | podlife validate -`)"
                )
            }
        }
    }
}

/// The `info:` notes for `set_aside`, in order: one per path, except that the paths of one
/// chart named one by one (pre-commit names every changed template) share one note.
pub fn notes(set_aside: &[SetAside]) -> Vec<String> {
    let mut notes = Vec::new();
    let mut charts_noted: Vec<&Path> = Vec::new();
    for (index, entry) in set_aside.iter().enumerate() {
        let SetAsideWhy::ChartTemplate(chart) = &entry.why else {
            notes.push(entry.note());
            continue;
        };
        if charts_noted.contains(&chart.as_path()) {
            continue;
        }
        charts_noted.push(chart);
        let same_chart = set_aside
            .get(index..)
            .unwrap_or_default()
            .iter()
            .filter(|other| matches!(&other.why, SetAsideWhy::ChartTemplate(c) if c == chart))
            .count();
        if same_chart == 1 {
            notes.push(entry.note());
        } else {
            let templates = display_path(&chart.join(helm_charts::TEMPLATES_DIRECTORY));
            let chart = display_path(chart);
            notes.push(format!(
                "skipped {same_chart} paths under `{templates}`: templates of the Helm chart `{chart}`, not manifests (check what Helm renders: `helm template {chart} | podlife validate -`)"
            ));
        }
    }
    notes
}

/// Judges named paths as a directory walk judges the files it finds, remembering what it read
/// (each directory's kustomizations) across paths.
#[derive(Debug, Default)]
pub struct NamedPaths {
    listed: kustomize_patches::PatchListings,
}

impl NamedPaths {
    /// Why the named `path` (a file, or a directory for charts) is no manifest, if it is not:
    /// under a chart's `templates/`, or a patch a kustomization in its directory or above lists.
    pub fn judge(&mut self, path: &Path) -> Option<SetAsideWhy> {
        if let Some(chart) = helm_charts::chart_holding(path) {
            return Some(SetAsideWhy::ChartTemplate(chart));
        }
        if path.is_dir() {
            return None;
        }
        kustomize_patches::listing_kustomization(path, &mut self.listed)
            .map(SetAsideWhy::KustomizePatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_of_one_chart_named_one_by_one_share_a_note() {
        let template = |file: &str, chart: &str| SetAside {
            path: PathBuf::from(file),
            why: SetAsideWhy::ChartTemplate(PathBuf::from(chart)),
        };
        let notes = notes(&[
            template("web/templates/a.yaml", "web"),
            template("db/templates/a.yaml", "db"),
            template("web/templates/b.yaml", "web"),
        ]);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(
            notes[0].starts_with("skipped 2 paths under `web/templates`"),
            "{notes:?}"
        );
        assert!(
            notes[1].starts_with("skipped `db/templates/a.yaml`: templates of the Helm chart `db`"),
            "{notes:?}"
        );
    }

    #[test]
    fn a_kustomization_beside_the_working_directory_builds_dot() {
        let patch = SetAside {
            path: PathBuf::from("patch.yaml"),
            why: SetAsideWhy::KustomizePatch(PathBuf::from("kustomization.yaml")),
        };
        assert!(
            patch
                .note()
                .ends_with("`kustomize build . | podlife validate -`)"),
            "{}",
            patch.note()
        );
    }
}
