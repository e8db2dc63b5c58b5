//! `podlife simulate DIR` over several pods, as a CI gate: expectations judged per pod in the
//! mode asked for, each pod's verdict, one JSON document for every pod.

use super::support::{render, run, snapshot_cli};

const DIR: &str = "testdata/simulate-dir";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Issue 29: `--runs N --expect 'p99:ready<=45s'` over two pods exited 2 ("unknown
/// expectation"), every `--expect` being parsed as a single-run one.
#[test]
fn tail_expectations_over_a_directory_are_judged_per_pod() {
    let met = run(&[
        "simulate",
        DIR,
        "--runs",
        "100",
        "--jitter",
        "20",
        "--expect",
        "p99:ready<=45s",
        "-q",
    ]);
    assert_eq!(met.status.code(), Some(0), "{}", render(&met));
    let text = stdout(&met);
    assert!(
        text.contains("verdicts: 2 of 2 pods met every expectation"),
        "{text}"
    );
    // web needs its readiness probe (period 5 s) and is never ready before 5 s; the worker
    // has no probe and is ready in about 2.5 s: one pod fails, the other passes, exit 1.
    let split = run(&[
        "simulate",
        DIR,
        "--runs",
        "100",
        "--jitter",
        "20",
        "--expect",
        "p99:ready<=4s",
        "-q",
    ]);
    assert_eq!(split.status.code(), Some(1), "{}", render(&split));
    let text = stdout(&split);
    assert!(
        text.contains(
            "  FAILED  pod `web` (Deployment in testdata/simulate-dir/web.yaml): p99:ready<=4s"
        ),
        "{text}"
    );
    assert!(
        text.contains("  ok      pod `worker` (Deployment in testdata/simulate-dir/worker.yaml)"),
        "{text}"
    );
    // An expectation no mode knows is still a usage error, named once.
    let unknown = run(&[
        "simulate",
        DIR,
        "--runs",
        "10",
        "--expect",
        "p99:redy<=4s",
        "-q",
    ]);
    assert_eq!(unknown.status.code(), Some(2), "{}", render(&unknown));
    // A one-run expectation with --runs is a usage error too: it judges one run.
    let wrong_mode = run(&[
        "simulate",
        DIR,
        "--runs",
        "10",
        "--expect",
        "ready-within=4s",
    ]);
    assert_eq!(wrong_mode.status.code(), Some(2), "{}", render(&wrong_mode));
}

/// One run per pod, each with its expectations section, and the verdicts at the end.
#[test]
fn one_run_per_pod_with_verdicts() {
    snapshot_cli(
        "simulate_dir__verdicts",
        &[
            "simulate",
            DIR,
            "--expect",
            "ready-within=4s",
            "--expect",
            "restarts<=0",
        ],
    );
}

/// Several pods' JSON is one document `{"pods": [...]}`, each element one pod's document
/// as a single pod prints it; one pod alone keeps its document.
#[test]
fn json_over_several_pods_is_one_document() {
    let alone = run(&["simulate", "testdata/simulate-dir/web.yaml", "-o", "json"]);
    assert_eq!(alone.status.code(), Some(0), "{}", render(&alone));
    let alone: serde_json::Value = serde_json::from_slice(&alone.stdout).expect("one document");
    assert_eq!(alone["pod"], "web");
    assert!(alone.get("pods").is_none());

    for extra in [&[][..], &["--runs", "20"][..], &["--explore"][..]] {
        let mut args = vec!["simulate", DIR, "-o", "json"];
        args.extend_from_slice(extra);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{}", render(&output));
        let value: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("exactly one JSON document");
        let object = value.as_object().expect("an object");
        assert_eq!(object.keys().collect::<Vec<_>>(), ["pods"], "{extra:?}");
        let names: Vec<&str> = value["pods"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|pod| pod["pod"].as_str().expect("pod name"))
            .collect();
        assert_eq!(names, ["web", "worker"], "{extra:?}");
    }
    // The element is exactly the document the pod prints alone.
    let web_alone = run(&["simulate", "testdata/simulate-dir/web.yaml", "-o", "json"]);
    let both = run(&["simulate", DIR, "-o", "json"]);
    let both: serde_json::Value = serde_json::from_slice(&both.stdout).expect("JSON");
    let web_alone: serde_json::Value = serde_json::from_slice(&web_alone.stdout).expect("JSON");
    assert_eq!(both["pods"][0], web_alone);

    // A sweep gives one element per pod and value, in order.
    let swept = run(&[
        "simulate",
        DIR,
        "-o",
        "json",
        "--runs",
        "10",
        "--sweep",
        "until=1m..2m/1m",
        "-q",
    ]);
    let swept: serde_json::Value = serde_json::from_slice(&swept.stdout).expect("JSON");
    let elements: Vec<(String, String)> = swept["pods"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|pod| {
            (
                pod["pod"].as_str().unwrap_or_default().to_string(),
                pod["sweep"]["value"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        })
        .collect();
    assert_eq!(
        elements,
        [
            ("web".into(), "1m".into()),
            ("web".into(), "2m".into()),
            ("worker".into(), "1m".into()),
            ("worker".into(), "2m".into())
        ]
    );
    snapshot_cli(
        "simulate_dir__json_explore",
        &["simulate", DIR, "-o", "json", "--explore"],
    );
}

/// Same input, flags and seed: byte-identical output, whatever the number of threads.
#[test]
fn same_seed_same_bytes_over_a_directory() {
    let args = [
        "simulate", DIR, "--runs", "200", "--jitter", "30", "--seed", "9", "-o", "json",
    ];
    let first = run(&args);
    let again = super::support::podlife(&args)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("runs");
    assert_eq!(first.stdout, again.stdout);
    assert_eq!(first.stderr, again.stderr);
}

/// Issue 29: `--explore --expect never-stuck` exited 2 over a directory, and could pass for no
/// pod (permanent faults counted as stuck). It judges the transient faults now: both pods
/// of the directory, each with one container, recover from every one.
#[test]
fn never_stuck_over_a_directory_passes_for_pods_that_recover() {
    snapshot_cli(
        "simulate_dir__explore_never_stuck",
        &["simulate", DIR, "--explore", "--expect", "never-stuck"],
    );
    let output = run(&["simulate", DIR, "--explore", "--expect", "never-stuck"]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
}

/// A pod that does not recover from a transient fault fails `never-stuck` (exit 1), and the
/// report says which faults and what they block; permanent faults never fail it.
#[test]
fn never_stuck_fails_on_a_transient_fault_the_pod_does_not_recover_from() {
    let args = [
        "simulate",
        "testdata/explore/run-once.yaml",
        "--explore",
        "--expect",
        "never-stuck",
    ];
    snapshot_cli("explore__never_stuck_fails", &args);
    let output = run(&args);
    assert_eq!(output.status.code(), Some(1), "{}", render(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "report=exit-1-once (blocks completion), report=oom-once (blocks completion)"
        ),
        "{stderr}"
    );
    // Only the permanent faults: nothing for never-stuck to judge, a usage error.
    let permanent = run(&[
        "simulate",
        "testdata/explore/run-once.yaml",
        "--explore",
        "--faults",
        "permanent",
        "--expect",
        "never-stuck",
    ]);
    assert_eq!(permanent.status.code(), Some(2), "{}", render(&permanent));
    // Skipping the two faults it does not recover from, it passes.
    let skipped = run(&[
        "simulate",
        "testdata/explore/run-once.yaml",
        "--explore",
        "--skip-fault",
        "exit-1-once",
        "--skip-fault",
        "oom-once",
        "--expect",
        "never-stuck",
    ]);
    assert_eq!(skipped.status.code(), Some(0), "{}", render(&skipped));
    assert!(!String::from_utf8_lossy(&skipped.stdout).contains("exit-1-once"));
}

/// `--faults transient|permanent` keeps one kind of row; `--skip-fault` a typo is a usage
/// error with a suggestion; `--faults` needs `--explore`.
#[test]
fn fault_selection() {
    let rows = |which: &str| -> Vec<(String, String)> {
        let output = run(&[
            "simulate",
            "testdata/simulate-dir/worker.yaml",
            "--explore",
            "--faults",
            which,
            "-o",
            "json",
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", render(&output));
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        value["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|row| {
                (
                    row["fault"].as_str().unwrap_or_default().to_string(),
                    row["persistence"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let transient = rows("transient");
    assert_eq!(transient.len(), 4, "{transient:?}");
    assert!(transient.iter().all(|(_, kind)| kind == "transient"));
    let permanent = rows("permanent");
    assert_eq!(permanent.len(), 5, "{permanent:?}");
    assert!(permanent.iter().all(|(_, kind)| kind == "permanent"));
    assert_eq!(rows("all").len(), 9);
    let typo = run(&[
        "simulate",
        "testdata/simulate-dir/worker.yaml",
        "--explore",
        "--skip-fault",
        "oom-onse",
    ]);
    assert_eq!(typo.status.code(), Some(2), "{}", render(&typo));
    assert!(
        String::from_utf8_lossy(&typo.stderr).contains("did you mean `oom-once`?"),
        "{}",
        render(&typo)
    );
    let without_explore = run(&[
        "simulate",
        "testdata/simulate-dir/worker.yaml",
        "--faults",
        "transient",
    ]);
    assert_eq!(
        without_explore.status.code(),
        Some(2),
        "{}",
        render(&without_explore)
    );
}
