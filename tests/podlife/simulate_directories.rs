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
