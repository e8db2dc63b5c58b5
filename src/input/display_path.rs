//! The name an input's path goes by in every output: relative to the current directory,
//! without `./`, or absolute for a file outside it.

use std::path::{Component, Path, PathBuf};

/// `path` as every format writes it: relative to the current directory and without `./`
/// (`./k8s/../k8s/web.yaml` and `$PWD/k8s/web.yaml` are both `k8s/web.yaml`), or absolute for a
/// file outside it (`../other/pod.yaml` becomes `/home/me/other/pod.yaml`). GitHub places an
/// annotation only on a path relative to the repository's root, and SARIF viewers resolve
/// relative URIs against it, so one spelling serves every format. Symbolic links are not
/// followed unless only the resolved path is inside the current directory (a link to it).
pub fn display_path(path: &Path) -> String {
    let Ok(current) = std::env::current_dir() else {
        return path.display().to_string();
    };
    display_path_from(&current, path)
}

/// [`display_path`] against the directory `current`.
pub fn display_path_from(current: &Path, path: &Path) -> String {
    let absolute = lexically_normal(&current.join(path));
    if let Some(relative) = inside(&absolute, current) {
        return relative;
    }
    let resolved = (std::fs::canonicalize(path), std::fs::canonicalize(current));
    if let (Ok(path), Ok(current)) = resolved
        && let Some(relative) = inside(&path, &current)
    {
        return relative;
    }
    absolute.display().to_string()
}

/// `path` relative to `directory` when inside it (`.` for the directory itself).
fn inside(path: &Path, directory: &Path) -> Option<String> {
    let rest = path.strip_prefix(directory).ok()?;
    Some(if rest.as_os_str().is_empty() {
        ".".to_string()
    } else {
        rest.display().to_string()
    })
}

/// `path` with `.` dropped and each `..` taking away the name before it, without reading the
/// file system.
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match normal.components().next_back() {
                Some(Component::Normal(_)) => {
                    normal.pop();
                }
                // `/..` is `/`.
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => normal.push(component),
            },
            other => normal.push(other),
        }
    }
    normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_inside_the_current_directory_are_relative_without_dot_slash() {
        let here = Path::new("/repo");
        let name = |path: &str| display_path_from(here, Path::new(path));
        assert_eq!(name("./k8s/web.yaml"), "k8s/web.yaml");
        assert_eq!(name("k8s/web.yaml"), "k8s/web.yaml");
        assert_eq!(name("/repo/k8s/web.yaml"), "k8s/web.yaml");
        assert_eq!(name("k8s/../k8s/./web.yaml"), "k8s/web.yaml");
        assert_eq!(name("/repo/./k8s//web.yaml"), "k8s/web.yaml");
        assert_eq!(name("."), ".");
    }

    #[test]
    fn paths_outside_the_current_directory_are_absolute() {
        let here = Path::new("/repo/app");
        let name = |path: &str| display_path_from(here, Path::new(path));
        assert_eq!(name("../other/pod.yaml"), "/repo/other/pod.yaml");
        assert_eq!(name("/etc/pod.yaml"), "/etc/pod.yaml");
        assert_eq!(
            name("/repo/application/pod.yaml"),
            "/repo/application/pod.yaml"
        );
        assert_eq!(name("../../../pod.yaml"), "/pod.yaml");
    }
}
