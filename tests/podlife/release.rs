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

/// What the release job's rendering script left in `dist/`, run on stand-in assets for
/// `built` (the targets whose leg succeeded): its exit code, stderr and stdout, the krew
/// manifest (if written), `sha256sums.txt` and the release notes' preface.
struct Rendered {
    code: Option<i32>,
    said: String,
    manifest: Option<String>,
    sums: String,
    notes: String,
}

fn run_release_script(built: &[(String, String)]) -> Rendered {
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    let script = items(&workflow, &["jobs", "release", "steps"])
        .iter()
        .find(|step| {
            step.get("name").and_then(Node::as_scalar) == Some("checksums and the krew manifest")
        })
        .and_then(|step| step.get("run").and_then(Node::as_scalar))
        .expect("the release job renders the krew manifest")
        .to_string();
    let scratch = std::env::temp_dir().join(format!(
        "podlife-release-{}-{}",
        std::process::id(),
        built.len()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("dist")).unwrap();
    std::fs::create_dir_all(scratch.join("plugins")).unwrap();
    std::fs::copy(
        root().join("plugins/podlife.yaml"),
        scratch.join("plugins/podlife.yaml"),
    )
    .unwrap();
    for (target, archive) in built {
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
    let read_back = |name: &str| std::fs::read_to_string(scratch.join("dist").join(name)).ok();
    let rendered = Rendered {
        code: output.status.code(),
        said: format!(
            "{}{}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout)
        ),
        manifest: read_back("podlife.krew.yaml"),
        sums: read_back("sha256sums.txt").unwrap_or_default(),
        notes: read_back("notes.md").unwrap_or_default(),
    };
    let _ = std::fs::remove_dir_all(&scratch);
    rendered
}

/// The release job's script, run on stand-in assets, writes a krew manifest with every
/// placeholder filled: the repository, the tag and each asset's checksum.
#[test]
fn the_release_script_renders_the_krew_manifest() {
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    let all: Vec<(String, String)> = release_targets(&workflow).into_iter().collect();
    let Rendered {
        code,
        said,
        manifest,
        sums,
        notes,
    } = run_release_script(&all);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(notes, "", "a complete release needs no preface");
    let rendered = manifest.expect("the krew manifest");
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

/// One failed leg does not block the release: the job runs unless cancelled, publishes the
/// binaries that were built with their checksums, names the missing target in the notes and
/// leaves out the krew manifest (its template names every asset); with nothing built it fails.
#[test]
fn a_release_publishes_the_legs_that_succeeded() {
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    assert!(
        text(&workflow, &["jobs", "release", "if"]).contains("!cancelled()"),
        "the release job runs after a failed leg"
    );
    assert_eq!(
        at(&workflow, &["jobs", "build", "strategy", "fail-fast"]).as_scalar(),
        Some("false")
    );
    let built: Vec<(String, String)> = release_targets(&workflow)
        .into_iter()
        .filter(|(target, _)| target != "x86_64-apple-darwin")
        .collect();
    let partial = run_release_script(&built);
    assert_eq!(partial.code, Some(0), "{}", partial.said);
    assert_eq!(partial.sums.lines().count(), built.len());
    assert!(
        partial.manifest.is_none(),
        "no krew manifest without every asset"
    );
    assert!(
        partial.notes.contains("**Not built in this run**")
            && partial.notes.contains("- `x86_64-apple-darwin`"),
        "{}",
        partial.notes
    );
    assert!(
        partial
            .said
            .contains("::warning::released without: x86_64-apple-darwin")
    );
    let none = run_release_script(&[]);
    assert_eq!(none.code, Some(1));
    assert!(
        none.said.contains("::error::no leg of the build succeeded"),
        "{}",
        none.said
    );
}

/// Every leg runs on a runner image GitHub still offers (macos-13 was retired in December
/// 2025), the Intel macOS target on an Intel image.
#[test]
fn release_legs_run_on_supported_runner_images() {
    const SUPPORTED: &[&str] = &[
        "ubuntu-22.04",
        "ubuntu-24.04",
        "ubuntu-22.04-arm",
        "ubuntu-24.04-arm",
        "macos-14",
        "macos-15",
        "macos-15-intel",
        "macos-26",
        "windows-2022",
        "windows-2025",
    ];
    let workflow = document("release.yml", &read(".github/workflows/release.yml"));
    for leg in items(
        &workflow,
        &["jobs", "build", "strategy", "matrix", "include"],
    ) {
        let (target, os) = (text(leg, &["target"]), text(leg, &["os"]));
        assert!(SUPPORTED.contains(&os), "{target} builds on `{os}`");
        if target == "x86_64-apple-darwin" {
            assert!(
                os.ends_with("-intel"),
                "{target} builds on an Intel image, not `{os}`"
            );
        }
    }
}

/// The action's `version` defaults to the action's own tag, so pinning the action pins
/// podlife: `@v1.2.3` installs v1.2.3, a commit pin installs the release tag that points at
/// that commit (or fails saying to set `version`), a branch installs `latest` with a notice,
/// and an explicit `version` wins. The step's own script, run as the runner would run it.
#[test]
fn the_action_installs_the_release_of_its_own_tag() {
    let action = document("action.yml", &read("action.yml"));
    assert_eq!(text(&action, &["inputs", "version", "default"]), "");
    let script = items(&action, &["runs", "steps"])
        .iter()
        .find(|step| step.get("id").and_then(Node::as_scalar) == Some("release"))
        .and_then(|step| step.get("run").and_then(Node::as_scalar))
        .expect("a step resolves the release")
        .to_string();
    let scratch = std::env::temp_dir().join(format!("podlife-action-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let remote = scratch.join("server/octo/podlife");
    std::fs::create_dir_all(&remote).unwrap();
    let git = |args: &[&str]| {
        let output = std::process::Command::new("git")
            .args(args)
            .current_dir(&remote)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .output()
            .expect("git runs");
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    };
    git(&["init", "-q"]);
    git(&["commit", "-q", "--allow-empty", "-m", "one"]);
    git(&["tag", "-a", "v1.0.0", "-m", "v1.0.0"]);
    let tagged = git(&["rev-parse", "HEAD"]);
    git(&["commit", "-q", "--allow-empty", "-m", "two"]);
    let untagged = git(&["rev-parse", "HEAD"]);
    let resolve = |reference: &str, version: &str| {
        let output_file = scratch.join("output");
        let _ = std::fs::remove_file(&output_file);
        let output = std::process::Command::new("bash")
            .args(["-c", &script])
            .env(
                "GITHUB_ACTION_PATH",
                format!("/home/runner/work/_actions/octo/podlife/{reference}"),
            )
            .env("GITHUB_SERVER_URL", scratch.join("server"))
            .env("GITHUB_REPOSITORY", "someone/app")
            .env("GITHUB_OUTPUT", &output_file)
            .env("REPOSITORY", "")
            .env("VERSION", version)
            .output()
            .expect("bash runs");
        let written = std::fs::read_to_string(&output_file).unwrap_or_default();
        (
            output.status.code(),
            written,
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (code, written, _) = resolve("v1.2.3", "");
    assert_eq!(code, Some(0));
    assert_eq!(written, "repository=octo/podlife\nversion=v1.2.3\n");
    let (_, written, _) = resolve(&tagged, "");
    assert!(written.ends_with("version=v1.0.0\n"), "{written}");
    let (code, _, said) = resolve(&untagged, "");
    assert_eq!(code, Some(2));
    assert!(
        said.contains("::error::podlife: no release tag points at"),
        "{said}"
    );
    let (code, written, said) = resolve("main", "");
    assert_eq!(code, Some(0));
    assert!(written.ends_with("version=latest\n"), "{written}");
    assert!(said.contains("::notice::"), "{said}");
    let (_, written, _) = resolve("v1.2.3", "v0.9.0");
    assert!(written.ends_with("version=v0.9.0\n"), "{written}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// pre-commit: a hook that builds podlife (`language: rust`) and one that runs the podlife
/// installed (`language: system`), checking the same files with the same command.
#[test]
fn pre_commit_offers_a_build_and_an_installed_hook() {
    let text = read(".pre-commit-hooks.yaml");
    let mut documents = parse_stream(&text);
    assert_eq!(documents.len(), 1);
    let document = documents.remove(0).into_owned();
    assert!(document.problems.is_empty(), "{:?}", document.problems);
    let root = document.root.expect("a list of hooks");
    let NodeKind::Sequence(hooks) = root.kind() else {
        panic!("the hooks are a list");
    };
    let field = |hook: &Node<'static>, key: &str| {
        hook.get(key)
            .and_then(Node::as_scalar)
            .unwrap_or_default()
            .to_string()
    };
    let by_id = |id: &str| {
        hooks
            .iter()
            .find(|hook| field(hook, "id") == id)
            .unwrap_or_else(|| panic!("a hook `{id}`"))
    };
    let (built, installed) = (by_id("podlife-validate"), by_id("podlife-validate-system"));
    assert_eq!(field(built, "language"), "rust");
    assert_eq!(field(installed, "language"), "system");
    for key in ["entry", "files", "exclude"] {
        assert_eq!(field(built, key), field(installed, key), "{key}");
    }
    assert_eq!(field(installed, "entry"), "podlife validate");
}
