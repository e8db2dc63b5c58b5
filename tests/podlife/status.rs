//! `podlife status`: kubectl's columns for saved pods, at a fixed clock.

use super::support::{render, run, run_with_stdin, snapshot, snapshot_cli};

const NOW: &str = "2026-11-23T08:00:00Z";

#[test]
fn status_of_a_directory_of_saved_pods() {
    snapshot_cli(
        "status__directory",
        &["status", "--now", NOW, "testdata/status/"],
    );
    snapshot_cli(
        "status__wide",
        &[
            "status",
            "--now",
            NOW,
            "-o",
            "wide",
            "testdata/status/pod-list.yaml",
        ],
    );
}

#[test]
fn status_as_json() {
    snapshot_cli(
        "status__json",
        &[
            "status",
            "--now",
            NOW,
            "--format",
            "json",
            "testdata/status/init-running.yaml",
            "testdata/status/sidecar-started.yaml",
        ],
    );
    snapshot_cli(
        "status__json_wide_defer",
        &[
            "status",
            "--now",
            NOW,
            "--format",
            "json",
            "-o",
            "wide",
            "testdata/status/defer-terminating.yaml",
        ],
    );
}

/// kubectl's `-o json` and `-o yaml`: the same content as `--format json`, YAML with the
/// namespace; `-o` and `--format` must not disagree.
#[test]
fn status_o_json_and_o_yaml() {
    let files = [
        "testdata/status/init-running.yaml",
        "testdata/status/defer-terminating.yaml",
    ];
    let with = |extra: &[&str]| {
        let mut args = vec!["status", "--now", NOW];
        args.extend_from_slice(extra);
        args.extend_from_slice(&files);
        run(&args)
    };
    let by_output = with(&["-o", "json"]);
    let by_format = with(&["--format", "json"]);
    assert_eq!(by_output.status.code(), Some(0));
    assert_eq!(by_output.stdout, by_format.stdout);
    snapshot_cli(
        "status__yaml",
        &["status", "--now", NOW, "-o", "yaml", files[0], files[1]],
    );
    let yaml = with(&["-o", "yaml"]);
    let text = String::from_utf8_lossy(&yaml.stdout);
    assert!(text.starts_with("pods:\n- namespace: "), "{text}");
    let disagree = with(&["-o", "yaml", "--format", "json"]);
    assert_eq!(disagree.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&disagree.stderr).contains("disagree"));
}

#[test]
fn status_from_stdin() {
    let text = std::fs::read(super::support::root().join("testdata/status/terminating.yaml"))
        .expect("fixture");
    let output = run_with_stdin(&["status", "--now", NOW, "-"], &text);
    snapshot("status__stdin", &render(&output));
}

#[test]
fn status_errors_and_pods_without_status() {
    snapshot_cli("status__no_status", &["status", "src/examples/"]);
    snapshot_cli(
        "status__loader_error",
        &[
            "status",
            "--now",
            NOW,
            "testdata/bad/syntax-error.yaml",
            "testdata/status/job-completed.yaml",
        ],
    );
    snapshot_cli(
        "status__missing_file",
        &[
            "status",
            "--now",
            NOW,
            "missing.yaml",
            "testdata/status/terminating.yaml",
        ],
    );
    snapshot_cli(
        "status__bad_now",
        &["status", "--now", "yesterday", "testdata/status/"],
    );
}

#[test]
fn status_is_reproducible() {
    let first = run(&["status", "--now", NOW, "testdata/status/"]);
    let second = run(&["status", "--now", NOW, "testdata/status/"]);
    assert_eq!(first.stdout, second.stdout);
}
