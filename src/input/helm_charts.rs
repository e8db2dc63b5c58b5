//! Helm charts in a repository: a directory holding `Chart.yaml` is a chart, and what lies
//! under its `templates/` is Go templates Helm renders, not manifests, so walks and named
//! files pass over it (and say how to check what Helm renders).

use std::path::{Path, PathBuf};

/// The file that makes a directory a Helm chart.
pub const CHART_FILE_NAME: &str = "Chart.yaml";

/// The directory of a chart that holds its templates.
pub const TEMPLATES_DIRECTORY: &str = "templates";

/// How far up from a named path a chart's `templates/` is looked for (templates nest a few
/// directories deep at most), stopping at a repository's root.
const CHART_LEVELS: usize = 8;

/// Whether `directory` is a chart's `templates/`: named so, beside a `Chart.yaml`.
pub fn is_templates_directory(directory: &Path) -> bool {
    directory
        .file_name()
        .is_some_and(|name| name == TEMPLATES_DIRECTORY)
        && directory
            .parent()
            .is_some_and(|chart| chart.join(CHART_FILE_NAME).is_file())
}

/// The chart whose `templates/` holds `path` (a file, or a directory at or under
/// `templates/`), found from its canonical path upward, at most a few levels and not past a
/// repository's root (a directory holding `.git`).
pub fn chart_holding(path: &Path) -> Option<PathBuf> {
    let canonical = std::fs::canonicalize(path).ok()?;
    let mut here = Some(canonical.as_path());
    for _ in 0..=CHART_LEVELS {
        let directory = here?;
        if is_templates_directory(directory) {
            return directory.parent().map(Path::to_path_buf);
        }
        if directory.join(".git").exists() {
            return None;
        }
        here = directory.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_templates_beside_a_chart_file_are_a_charts_templates() {
        let root = std::env::temp_dir().join(format!("podlife-helm-{}", std::process::id()));
        let templates = root.join("charts/web/templates/deployments");
        std::fs::create_dir_all(&templates).expect("dirs");
        std::fs::create_dir_all(root.join("other/templates")).expect("dirs");
        std::fs::write(root.join("charts/web/Chart.yaml"), "name: web\n").expect("chart");
        std::fs::write(templates.join("web.yaml"), "kind: {{ .Values.kind }}\n").expect("file");
        std::fs::write(root.join("other/templates/pod.yaml"), "kind: Pod\n").expect("file");
        let chart = std::fs::canonicalize(root.join("charts/web")).ok();
        assert_eq!(chart_holding(&templates.join("web.yaml")), chart);
        assert_eq!(chart_holding(&templates), chart);
        assert_eq!(chart_holding(&root.join("charts/web/templates")), chart);
        assert_eq!(chart_holding(&root.join("charts/web")), None);
        assert_eq!(chart_holding(&root.join("charts/web/Chart.yaml")), None);
        assert_eq!(chart_holding(&root.join("other/templates/pod.yaml")), None);
        std::fs::remove_dir_all(&root).ok();
    }
}
