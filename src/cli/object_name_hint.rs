//! A path that does not exist but reads like an object in a cluster (`web-0`, `deploy/web`):
//! podlife reads manifests, not a cluster, so the error says how to feed it the object.

use std::path::Path;

/// kubectl's names and short names for the kinds podlife reads a pod from, as `kubectl get`
/// takes them in `TYPE/NAME`.
const KUBECTL_TYPES: &[&str] = &[
    "pod",
    "pods",
    "po",
    "deployment",
    "deployments",
    "deploy",
    "statefulset",
    "statefulsets",
    "sts",
    "daemonset",
    "daemonsets",
    "ds",
    "replicaset",
    "replicasets",
    "rs",
    "replicationcontroller",
    "replicationcontrollers",
    "rc",
    "job",
    "jobs",
    "cronjob",
    "cronjobs",
    "cj",
    "podtemplate",
    "podtemplates",
];

/// The message for `path`, given as an input of `podlife <command>` (run as `program`:
/// `podlife` or `kubectl podlife`), when it names nothing on disk and reads like a pod's name
/// or kubectl's `TYPE/NAME`; `None` when it reads like a path.
pub fn missing_object_hint(path: &Path, command: &str, program: &str) -> Option<String> {
    if path.symlink_metadata().is_ok() {
        return None;
    }
    let text = path.to_str()?;
    let object = match text.split_once('/') {
        // `rollout` reads a workload; the other commands a pod.
        None if is_object_name(text) && command == "rollout" => format!("deployment {text}"),
        None if is_object_name(text) => format!("pod {text}"),
        Some((kind, name)) if KUBECTL_TYPES.contains(&kind) && is_object_name(name) => {
            format!("{kind}/{name}")
        }
        _ => return None,
    };
    Some(format!(
        "no file or directory `{text}`: podlife reads manifests, not a cluster; \
         if `{text}` is in your cluster, pipe it in: \
         `kubectl get {object} -o yaml | {program} {command} -`"
    ))
}

/// Whether `text` is a Kubernetes object name (an RFC 1123 subdomain: lowercase letters,
/// digits, `-` and `.`, starting and ending with a letter or digit, at most 253 characters)
/// and not a manifest's file name (`pod.yaml`).
fn is_object_name(text: &str) -> bool {
    let alphanumeric = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    !text.is_empty()
        && text.len() <= 253
        && text.starts_with(alphanumeric)
        && text.ends_with(alphanumeric)
        && text
            .chars()
            .all(|c| alphanumeric(c) || c == '-' || c == '.')
        && ![".yaml", ".yml", ".json"]
            .iter()
            .any(|extension| text.ends_with(extension))
}

/// How the user ran podlife: `kubectl podlife` when kubectl ran it as its plugin
/// (`kubectl-podlife` on `PATH`), else `podlife`.
pub fn program_name() -> &'static str {
    let invoked_as_plugin = std::env::args_os().next().is_some_and(|argument| {
        Path::new(&argument)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .is_some_and(|stem| stem.starts_with("kubectl-"))
    });
    if invoked_as_plugin {
        "kubectl podlife"
    } else {
        "podlife"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(text: &str) -> Option<String> {
        missing_object_hint(Path::new(text), "status", "kubectl podlife")
    }

    #[test]
    fn a_pod_name_gets_the_kubectl_pipe() {
        let message = hint("web-0").expect("a hint");
        assert!(
            message.ends_with("`kubectl get pod web-0 -o yaml | kubectl podlife status -`"),
            "{message}"
        );
        assert!(
            message.starts_with("no file or directory `web-0`"),
            "{message}"
        );
    }

    #[test]
    fn a_bare_name_given_to_rollout_is_a_deployment() {
        let message = missing_object_hint(Path::new("web"), "rollout", "podlife").expect("a hint");
        assert!(
            message.ends_with("`kubectl get deployment web -o yaml | podlife rollout -`"),
            "{message}"
        );
    }

    #[test]
    fn kubectl_type_and_name_keep_their_type() {
        let message = hint("deploy/web").expect("a hint");
        assert!(
            message.contains("`kubectl get deploy/web -o yaml | kubectl podlife status -`"),
            "{message}"
        );
    }

    #[test]
    fn paths_and_file_names_get_no_hint() {
        for text in [
            "pod.yaml",
            "k8s/web.yaml",
            "charts/web",
            "Web",
            "./web-0",
            "-web",
            "web-",
            "",
            "services/web",
        ] {
            assert_eq!(hint(text), None, "{text}");
        }
    }

    #[test]
    fn an_existing_path_gets_no_hint() {
        assert_eq!(hint("src"), None);
    }
}
