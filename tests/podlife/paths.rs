//! Every format names a file the same way: relative to the current directory without `./`,
//! absolute only outside it (issue 29, item 4).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::podlife::support::{podlife, render, snapshot};

/// A pod with one error finding.
const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  restartPolicy: Sometimes\n  containers:\n    - name: web\n      image: nginx:1.27\n";

/// `app/k8s/web.yaml` and `other/pod.yaml` in a fresh directory; returns the directory.
fn repository(name: &str) -> PathBuf {
    let base = std::env::temp_dir().join(format!("podlife-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(base.join("app/k8s")).unwrap();
    std::fs::create_dir_all(base.join("other")).unwrap();
    std::fs::write(base.join("app/k8s/web.yaml"), POD).unwrap();
    std::fs::write(base.join("other/pod.yaml"), POD).unwrap();
    std::fs::canonicalize(base).unwrap()
}

fn run_in(directory: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut command = podlife(args);
    command.current_dir(directory);
    let Some(text) = stdin else {
        return command.output().unwrap();
    };
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

const FORMATS: [&str; 6] = ["human", "short", "json", "sarif", "github", "junit"];

#[test]
fn every_format_writes_paths_relative_to_the_current_directory_without_dot_slash() {
    let base = repository("paths");
    let app = base.join("app");
    let absolute = app.join("k8s/web.yaml");
    let spellings = [
        "./k8s/web.yaml",
        "k8s/web.yaml",
        "k8s/../k8s/./web.yaml",
        absolute.to_str().unwrap(),
    ];
    for format in FORMATS {
        for spelling in spellings {
            let output = run_in(&app, &["validate", "-o", format, spelling], None);
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert_eq!(output.status.code(), Some(1), "{format} {spelling}");
            assert!(
                stdout.contains("k8s/web.yaml"),
                "{format} {spelling}: {stdout}"
            );
            assert!(!stdout.contains("./k8s"), "{format} {spelling}: {stdout}");
            assert!(
                !stdout.contains(app.to_str().unwrap()),
                "{format} {spelling}: {stdout}"
            );
        }
        // Standard input under a name given the same ways.
        let output = run_in(
            &app,
            &[
                "validate",
                "-o",
                format,
                "--stdin-filename",
                "./k8s/web.yaml",
                "-",
            ],
            Some(POD),
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("k8s/web.yaml"), "{format} stdin: {stdout}");
        assert!(!stdout.contains("./k8s"), "{format} stdin: {stdout}");
        // Plain standard input keeps its name.
        let output = run_in(&app, &["validate", "-o", format, "-"], Some(POD));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("stdin"), "{format} stdin: {stdout}");
    }
}

#[test]
fn a_file_outside_the_current_directory_is_named_by_its_absolute_path() {
    let base = repository("outside");
    let app = base.join("app");
    let outside = base.join("other/pod.yaml");
    for format in ["human", "short", "json", "github", "junit"] {
        let output = run_in(&app, &["validate", "-o", format, "../other/pod.yaml"], None);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(outside.to_str().unwrap()),
            "{format}: {stdout}"
        );
        assert!(!stdout.contains("../other"), "{format}: {stdout}");
    }
    // SARIF writes it as a `file://` URI.
    let output = run_in(
        &app,
        &["validate", "-o", "sarif", "../other/pod.yaml"],
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(&format!("file://{}", outside.display())),
        "{stdout}"
    );
}

#[test]
fn resources_status_and_simulate_name_files_the_same_way() {
    let base = repository("paths-commands");
    let app = base.join("app");
    std::fs::write(app.join("k8s/web.yaml"), POD.replace("Sometimes", "Always")).unwrap();
    for args in [
        &["resources", "-o", "json", "./k8s/web.yaml"][..],
        &["simulate", "./k8s/web.yaml"][..],
    ] {
        let output = run_in(&app, args, None);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(text.contains("k8s/web.yaml"), "{args:?}: {text}");
        assert!(!text.contains("./k8s"), "{args:?}: {text}");
    }
}

#[test]
fn github_annotations_name_the_file_as_the_repository_does() {
    let base = repository("paths-github");
    let output = run_in(
        &base.join("app"),
        &["validate", "-o", "github", "./k8s/web.yaml"],
        None,
    );
    snapshot(
        "paths__github_dot_slash",
        &format!(
            "$ podlife validate -o github ./k8s/web.yaml\n{}",
            render(&output)
        ),
    );
}
