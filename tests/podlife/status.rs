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
