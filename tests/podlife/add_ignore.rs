//! `validate --add-ignore`: suppression comments for today's findings, written as safely as
//! `--fix` writes, idempotent, leaving no unused suppression (issue 29, item 8); findings that
//! mean the API server rejects the object are left in place and fail the run (issue 46).

use crate::podlife::support::{root, run, run_with_stdin, snapshot};

fn scratch(name: &str) -> std::path::PathBuf {
    let directory = std::env::temp_dir().join(format!("podlife-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

#[test]
fn add_ignore_suppresses_every_finding_but_rejections_once_and_for_all() {
    use std::os::unix::fs::PermissionsExt;
    let directory = scratch("add-ignore");
    for name in ["fixable.yaml", "did-you-mean.yaml"] {
        std::fs::copy(root().join("testdata/fix").join(name), directory.join(name)).unwrap();
    }
    // A line with a suppression already, and one with another comment.
    std::fs::write(
        directory.join("commented.yaml"),
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  restartPolicy: never   # jobs retry\n  containers:\n  - name: c\n    image: i:1 # podlife: ignore[PL306] on purpose\n    imagePullPolicy: always\n    readinessProbe: {exec: {command: [\"true\"]}, timeoutSeconds: 20, periodSeconds: 10}  # podlife: ignore[PL306]\n    startupProbe: {exec: {command: [\"true\"]}, timeoutSeconds: 20, periodSeconds: 10}   # a slow check\n",
    )
    .unwrap();
    let file = directory.join("fixable.yaml");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let dir = directory.to_str().unwrap();

    let before = run(&["validate", "-o", "short", dir]);
    assert_eq!(before.status.code(), Some(1));
    let before_lines: Vec<String> = String::from_utf8_lossy(&before.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    // Reading (PL0xx) and API-validation (PL1xx) errors: the API server refuses the object.
    let is_rejection = |line: &&String| line.contains("error[PL0") || line.contains("error[PL1");
    let rejections: Vec<&String> = before_lines.iter().filter(is_rejection).collect();
    let others = before_lines.len() - rejections.len();
    assert!(!rejections.is_empty() && others > 0, "{before_lines:?}");

    let added = run(&["validate", "--add-ignore", dir]);
    let stderr = String::from_utf8_lossy(&added.stderr);
    assert_eq!(added.status.code(), Some(1), "rejections remain: {stderr}");
    assert!(
        stderr.contains(&format!("suppressed {others} finding")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{} findings are rejections", rejections.len())),
        "{stderr}"
    );
    let after = run(&["validate", "-o", "short", dir]);
    let after_lines: Vec<String> = String::from_utf8_lossy(&after.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        after_lines.iter().collect::<Vec<_>>(),
        rejections,
        "only the rejections, no PL012"
    );
    assert_eq!(after.status.code(), Some(1));
    assert_eq!(
        std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o640,
        "permissions kept"
    );
    let fixable = std::fs::read_to_string(&file).unwrap();
    let commented = std::fs::read_to_string(directory.join("commented.yaml")).unwrap();
    snapshot(
        "add_ignore__comments",
        &format!("--- fixable.yaml\n{fixable}--- commented.yaml\n{commented}"),
    );

    // Idempotent: nothing left to add, nothing changes.
    let again = run(&["validate", "--add-ignore", dir]);
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), fixable);
    assert!(String::from_utf8_lossy(&again.stderr).contains("suppressed 0 findings in 0 files"));
}

#[test]
fn add_ignore_leaves_json_alone_and_says_what_remains() {
    let directory = scratch("add-ignore-json");
    let json = directory.join("pod.json");
    let text = r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"restartPolicy": "never", "containers": [{"name": "c", "image": "i:1"}]}}"#;
    std::fs::write(&json, text).unwrap();
    let output = run(&[
        "validate",
        "--add-ignore",
        "-o",
        "short",
        json.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        text,
        "JSON has no comments"
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("PL104"));
}

#[test]
fn add_ignore_on_standard_input_prints_the_commented_text() {
    let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: \"i:1\"\n    readinessProbe: {exec: {command: [\"true\"]}, timeoutSeconds: 20, periodSeconds: 10}\n";
    let output = run_with_stdin(&["validate", "--add-ignore", "-"], text.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        text.replace("10}\n", "10}  # podlife: ignore[PL313]\n")
    );
    // A rejection gets no comment: the text comes back as it was, and the run fails.
    let rejected = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  restartPolicy: never\n  containers:\n  - {name: c, image: \"i:1\"}\n";
    let output = run_with_stdin(&["validate", "--add-ignore", "-"], rejected.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), rejected);
    assert!(String::from_utf8_lossy(&output.stderr).contains("1 finding is a rejection"));
}
