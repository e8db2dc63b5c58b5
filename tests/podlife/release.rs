//! The release files: the release workflow, the GitHub Action and the krew manifest parse as
//! YAML, have the structure their consumers need, and agree on the targets and asset names;
//! the workflow's script that renders the krew manifest fills in every placeholder.

use std::collections::BTreeSet;

use podlife::yaml::source::{Node, NodeKind};
use podlife::yaml::stream::parse_stream;

use super::support::root;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Parses one YAML document with podlife's own reader: no syntax error, no duplicate key.
fn document(path: &str, text: &str) -> Node<'static> {
    let mut documents = parse_stream(text);
    assert_eq!(documents.len(), 1, "{path}: one YAML document");
    let document = documents.remove(0).into_owned();
    assert!(
        document.problems.is_empty(),
        "{path}: {:?}",
        document.problems
    );
    let root = document.root.expect("a document with a root");
    assert!(
        matches!(root.kind(), NodeKind::Mapping(_)),
        "{path}: a mapping"
    );
    root
}

fn at<'n>(node: &'n Node<'static>, path: &[&str]) -> &'n Node<'static> {
    path.iter().fold(node, |node, key| {
        node.get(key)
            .unwrap_or_else(|| panic!("missing `{}`", path.join(".")))
    })
}

fn text<'n>(node: &'n Node<'static>, path: &[&str]) -> &'n str {
    at(node, path)
        .as_scalar()
        .unwrap_or_else(|| panic!("`{}` is a scalar", path.join(".")))
}

fn items<'n>(node: &'n Node<'static>, path: &[&str]) -> &'n [Node<'static>] {
    match at(node, path).kind() {
        NodeKind::Sequence(items) => items,
        _ => panic!("`{}` is a list", path.join(".")),
    }
}

/// The release matrix: (target, archive) per platform.
fn release_targets(workflow: &Node<'static>) -> BTreeSet<(String, String)> {
    items(
        workflow,
        &["jobs", "build", "strategy", "matrix", "include"],
    )
    .iter()
    .map(|entry| {
        (
            text(entry, &["target"]).to_string(),
            text(entry, &["archive"]).to_string(),
        )
    })
    .collect()
}

/// Every step of a job (or a composite action) either runs a command or uses a pinned action.
fn check_steps(steps: &[Node<'static>], composite: bool, file: &str) {
    assert!(!steps.is_empty(), "{file}: steps");
    for step in steps {
        match (step.get("uses"), step.get("run")) {
            (Some(uses), None) => {
                let uses = uses.as_scalar().expect("uses is text");
                assert!(uses.contains('@'), "{file}: `{uses}` names a version");
            }
            (None, Some(_)) => {
                if composite {
                    assert!(
                        step.get("shell").is_some(),
                        "{file}: a composite run step needs `shell`"
                    );
                }
            }
            _ => panic!("{file}: a step has exactly one of `uses` and `run`"),
        }
    }
}

#[test]
fn release_workflow_builds_every_platform_on_tags() {
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    let tags = items(&workflow, &["on", "push", "tags"]);
    assert_eq!(tags.len(), 1);
    assert_eq!(tags[0].as_scalar(), Some("v*"));
    let targets = release_targets(&workflow);
    let names: BTreeSet<&str> = targets.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        names,
        BTreeSet::from([
            "aarch64-apple-darwin",
            "aarch64-unknown-linux-gnu",
            "x86_64-apple-darwin",
            "x86_64-pc-windows-msvc",
            "x86_64-unknown-linux-gnu",
        ]),
        "Linux x86_64/aarch64, macOS x86_64/aarch64, Windows"
    );
    for (target, archive) in &targets {
        let expected = if target.contains("windows") {
            "zip"
        } else {
            "tar.gz"
        };
        assert_eq!(archive, expected, "{target}");
    }
    for job in ["build", "release"] {
        assert!(at(&workflow, &["jobs", job]).get("runs-on").is_some());
        check_steps(
            items(&workflow, &["jobs", job, "steps"]),
            false,
            "release.yml",
        );
    }
    assert_eq!(text(&workflow, &["jobs", "release", "needs"]), "build");
    assert_eq!(
        text(&workflow, &["jobs", "release", "permissions", "contents"]),
        "write"
    );
    assert_eq!(text(&workflow, &["permissions", "contents"]), "read");
    let build_script = items(&workflow, &["jobs", "build", "steps"])
        .iter()
        .filter_map(|step| step.get("run").and_then(Node::as_scalar))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(build_script.contains("cargo build --locked --profile dist --target"));
    assert!(build_script.contains(".sha256"));
    let release_script = items(&workflow, &["jobs", "release", "steps"])
        .iter()
        .filter_map(|step| step.get("run").and_then(Node::as_scalar))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(release_script.contains("sha256sums.txt"));
    assert!(release_script.contains("gh release create"));
}

#[test]
fn the_dist_profile_is_stripped_with_lto() {
    let manifest = read("Cargo.toml");
    let profile = manifest
        .split("[profile.dist]")
        .nth(1)
        .expect("Cargo.toml has [profile.dist]");
    let profile = profile.split("\n[").next().unwrap_or(profile);
    for line in ["inherits = \"release\"", "strip = true", "lto = \"thin\""] {
        assert!(profile.contains(line), "[profile.dist] has `{line}`");
    }
}

#[test]
fn the_action_installs_a_release_binary_and_uploads_sarif() {
    let action = document("action.yml", &read("action.yml"));
    assert!(!text(&action, &["name"]).is_empty());
    assert!(!text(&action, &["description"]).is_empty());
    assert_eq!(text(&action, &["runs", "using"]), "composite");
    let NodeKind::Mapping(inputs) = at(&action, &["inputs"]).kind() else {
        panic!("inputs is a mapping");
    };
    for (name, input) in inputs {
        assert!(
            input.get("description").is_some(),
            "input `{}` has a description",
            name.as_scalar().unwrap_or_default()
        );
    }
    let steps = items(&action, &["runs", "steps"]);
    check_steps(steps, true, "action.yml");
    let uses: Vec<&str> = steps
        .iter()
        .filter_map(|step| step.get("uses").and_then(Node::as_scalar))
        .collect();
    assert!(
        uses.iter()
            .any(|u| u.starts_with("github/codeql-action/upload-sarif@"))
    );
    let scripts: String = steps
        .iter()
        .filter_map(|step| step.get("run").and_then(Node::as_scalar))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(scripts.contains("podlife validate --format sarif"));
    assert!(scripts.contains("sha256sum --check") && scripts.contains("shasum -a 256 --check"));
    // The platforms of the install step: `OS/ARCH) target=T archive=A ;;`.
    let installed: BTreeSet<(String, String)> = scripts
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let target = line.split("target=").nth(1)?.split_whitespace().next()?;
            let archive = line.split("archive=").nth(1)?.split_whitespace().next()?;
            line.contains(") ")
                .then(|| (target.to_string(), archive.to_string()))
        })
        .collect();
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    assert_eq!(
        installed,
        release_targets(&workflow),
        "action and release agree"
    );
}

/// krew's `os`/`arch` for a Rust target.
fn krew_platform(target: &str) -> (&'static str, &'static str) {
    let os = if target.contains("linux") {
        "linux"
    } else if target.contains("apple") {
        "darwin"
    } else {
        "windows"
    };
    let arch = if target.starts_with("aarch64") {
        "arm64"
    } else {
        "amd64"
    };
    (os, arch)
}

#[test]
fn the_krew_manifest_lists_every_release_asset() {
    let plugin = document("plugins/podlife.yaml", &read("plugins/podlife.yaml"));
    assert_eq!(
        text(&plugin, &["apiVersion"]),
        "krew.googlecontainertools.github.com/v1alpha2"
    );
    assert_eq!(text(&plugin, &["kind"]), "Plugin");
    assert_eq!(text(&plugin, &["metadata", "name"]), "podlife");
    for key in ["version", "homepage", "shortDescription", "description"] {
        assert!(!text(&plugin, &["spec", key]).is_empty(), "spec.{key}");
    }
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    let mut listed = BTreeSet::new();
    for platform in items(&plugin, &["spec", "platforms"]) {
        let uri = text(platform, &["uri"]);
        let asset = uri.rsplit('/').next().unwrap();
        let (target, archive) = asset
            .strip_prefix("podlife-")
            .and_then(|rest| {
                rest.strip_suffix(".tar.gz")
                    .map(|t| (t, "tar.gz"))
                    .or_else(|| rest.strip_suffix(".zip").map(|t| (t, "zip")))
            })
            .unwrap_or_else(|| panic!("`{asset}` is a release asset name"));
        assert!(uri.starts_with("https://github.com/__REPOSITORY__/releases/download/__TAG__/"));
        assert_eq!(text(platform, &["sha256"]), format!("__SHA256_{target}__"));
        let (os, arch) = krew_platform(target);
        assert_eq!(
            text(platform, &["selector", "matchLabels", "os"]),
            os,
            "{target}"
        );
        assert_eq!(
            text(platform, &["selector", "matchLabels", "arch"]),
            arch,
            "{target}"
        );
        let bin = if os == "windows" {
            "podlife.exe"
        } else {
            "podlife"
        };
        assert_eq!(text(platform, &["bin"]), bin);
        listed.insert((target.to_string(), archive.to_string()));
    }
    assert_eq!(listed, release_targets(&workflow), "krew and release agree");
}

/// The release job's script, run on stand-in assets, writes a krew manifest with every
/// placeholder filled: the repository, the tag and each asset's checksum.
#[test]
fn the_release_script_renders_the_krew_manifest() {
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    let script = items(&workflow, &["jobs", "release", "steps"])
        .iter()
        .find(|step| {
            step.get("name").and_then(Node::as_scalar) == Some("checksums and the krew manifest")
        })
        .and_then(|step| step.get("run").and_then(Node::as_scalar))
        .expect("the release job renders the krew manifest")
        .to_string();
    let scratch = std::env::temp_dir().join(format!("podlife-release-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("dist")).unwrap();
    std::fs::create_dir_all(scratch.join("plugins")).unwrap();
    std::fs::copy(
        root().join("plugins/podlife.yaml"),
        scratch.join("plugins/podlife.yaml"),
    )
    .unwrap();
    for (target, archive) in release_targets(&workflow) {
        let asset = format!("podlife-{target}.{archive}");
        std::fs::write(
            scratch.join("dist").join(&asset),
            format!("stand-in for {target}"),
        )
        .unwrap();
        let status = std::process::Command::new("bash")
            .args(["-c", &format!("sha256sum {asset} > {asset}.sha256")])
            .current_dir(scratch.join("dist"))
            .status()
            .unwrap();
        assert!(status.success());
    }
    let output = std::process::Command::new("bash")
        .args(["-c", &script])
        .current_dir(&scratch)
        .env("GITHUB_REPOSITORY", "example/podlife")
        .env("GITHUB_REF_NAME", "v9.8.7")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rendered = std::fs::read_to_string(scratch.join("dist/podlife.krew.yaml")).unwrap();
    let sums = std::fs::read_to_string(scratch.join("dist/sha256sums.txt")).unwrap();
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        !rendered.contains("__"),
        "every placeholder is filled:\n{rendered}"
    );
    let plugin = document("podlife.krew.yaml", &rendered);
    assert_eq!(text(&plugin, &["spec", "version"]), "v9.8.7");
    for platform in items(&plugin, &["spec", "platforms"]) {
        let uri = text(platform, &["uri"]);
        assert!(
            uri.starts_with("https://github.com/example/podlife/releases/download/v9.8.7/podlife-")
        );
        let sha256 = text(platform, &["sha256"]);
        let asset = uri.rsplit('/').next().unwrap();
        assert!(
            sums.lines()
                .any(|line| line.starts_with(sha256) && line.ends_with(asset)),
            "{asset}: {sha256} is its checksum"
        );
    }
}
