//! `podlife rollout`: each kind and strategy, the deadline, Monte Carlo and expectations, as users
//! see them.

use super::support::{json, render, run, snapshot_cli};

const CASES: &[(&str, &[&str])] = &[
    (
        "rollout__example",
        &["rollout", "src/examples/rollout.yaml"],
    ),
    (
        "rollout__never_ready",
        &[
            "rollout",
            "src/examples/rollout.yaml",
            "--fail",
            "app=readiness",
            "--until",
            "5m",
        ],
    ),
    (
        "rollout__json_crash_twice",
        &[
            "rollout",
            "src/examples/rollout.yaml",
            "--fail",
            "app=1*2",
            "--replicas",
            "4",
            "-o",
            "json",
        ],
    ),
    (
        "rollout__recreate",
        &["rollout", "testdata/rollout/recreate.yaml"],
    ),
    (
        "rollout__statefulset_partition",
        &["rollout", "testdata/rollout/statefulset.yaml"],
    ),
    (
        "rollout__statefulset_max_unavailable",
        &[
            "rollout",
            "testdata/rollout/statefulset-max-unavailable.yaml",
        ],
    ),
    (
        "rollout__statefulset_max_unavailable_gate_off",
        &[
            "rollout",
            "testdata/rollout/statefulset-max-unavailable.yaml",
            "--kubernetes-version",
            "1.36",
        ],
    ),
    (
        "rollout__daemonset_surge",
        &["rollout", "testdata/rollout/daemonset.yaml", "--nodes", "3"],
    ),
    (
        "rollout__montecarlo",
        &[
            "rollout",
            "src/examples/rollout.yaml",
            "--scenario",
            "testdata/scenarios/rollout-jitter.yaml",
            "--runs",
            "100",
            "--expect",
            "p99:rollout<=10m",
            "--expect",
            "prob:ProgressDeadlineExceeded<=1%",
            "--expect",
            "min-available>=9",
        ],
    ),
    (
        "rollout__bad_strategy",
        &["rollout", "testdata/rollout/bad-strategy.yaml"],
    ),
];

#[test]
fn every_kind_and_strategy() {
    for (name, args) in CASES {
        snapshot_cli(name, args);
    }
}

#[test]
fn json_has_exactly_the_documented_keys() {
    let output = run(&["rollout", "src/examples/rollout.yaml", "-o", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let value = json(&output);
    let keys = |value: &serde_json::Value| -> Vec<String> {
        value.as_object().expect("object").keys().cloned().collect()
    };
    assert_eq!(keys(&value), ["events", "summary", "timeline", "workload"]);
    assert_eq!(
        keys(&value["workload"]),
        [
            "kind",
            "name",
            "namespace",
            "paused",
            "replicas",
            "simulated",
            "strategy"
        ]
    );
    assert_eq!(
        keys(&value["summary"]),
        [
            "completeMs",
            "maxPods",
            "minAvailable",
            "progressDeadlineExceededMs"
        ]
    );
    for point in value["timeline"].as_array().expect("timeline") {
        assert_eq!(
            keys(point),
            ["available", "old", "ready", "timeMs", "total", "updated"]
        );
    }
    for event in value["events"].as_array().expect("events") {
        assert_eq!(keys(event), ["message", "object", "reason", "timeMs"]);
    }
    assert_eq!(value["workload"]["strategy"], "RollingUpdate");
    assert!(value["summary"]["completeMs"].is_u64());
    assert!(value["summary"]["progressDeadlineExceededMs"].is_null());
}

#[test]
fn the_same_seed_gives_byte_identical_output() {
    let args = [
        "rollout",
        "src/examples/rollout.yaml",
        "--scenario",
        "testdata/scenarios/rollout-jitter.yaml",
        "--runs",
        "1",
        "--seed",
        "7",
        "-o",
        "json",
    ];
    let first = run(&args);
    assert_eq!(first.stdout, run(&args).stdout);
    let mut other = args;
    other[7] = "8";
    assert_ne!(first.stdout, run(&other).stdout, "jitter: the seed matters");
}

#[test]
fn unmet_expectations_exit_1_and_bad_ones_exit_2() {
    let met = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--expect",
        "completed-within=5m",
        "--expect",
        "min-available>=8",
    ]);
    assert_eq!(met.status.code(), Some(0));
    let unmet = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--fail",
        "app=readiness",
        "--until",
        "3m",
        "--expect",
        "completed-within=5m",
        "-o",
        "json",
    ]);
    assert_eq!(unmet.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&unmet.stderr);
    assert!(
        stderr.contains("expectation unmet: completed-within=5m"),
        "{stderr}"
    );
    let bad = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--expect",
        "p99:rolout<=1m",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_svg_marks_the_deadline() {
    let directory = std::env::temp_dir().join(format!("podlife-rollout-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch directory");
    let path = directory.join("rollout.svg");
    let output = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--fail",
        "app=readiness",
        "--until",
        "3m",
        "--svg",
        path.to_str().expect("path"),
    ]);
    // The deadline is exceeded: exit 1, as `kubectl rollout status`; the plot is drawn.
    assert_eq!(output.status.code(), Some(1));
    let svg = std::fs::read_to_string(&path).expect("written");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("ProgressDeadlineExceeded 2m1s"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    std::fs::remove_dir_all(&directory).expect("clean up");
}

/// `--runs N --svg FILE` draws the distribution of the rollout's duration over the runs, as
/// `simulate --runs --svg` draws a pod's; `-` puts it on stdout and the report on stderr.
#[test]
fn the_svg_of_many_runs_is_the_rollout_durations_distribution() {
    let directory =
        std::env::temp_dir().join(format!("podlife-rollout-runs-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch directory");
    let path = directory.join("rollouts.svg");
    let args = |svg: &str| {
        run(&[
            "rollout",
            "src/examples/rollout.yaml",
            "--runs",
            "60",
            "--jitter",
            "30",
            "--svg",
            svg,
        ])
    };
    let output = args(path.to_str().expect("path"));
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.contains("P(Completed) = 100.00% (60 of 60 runs)"),
        "{report}"
    );
    let svg = std::fs::read_to_string(&path).expect("written");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(
        svg.contains("Deployment shop/web: rollout, 60 runs"),
        "{svg}"
    );
    assert!(svg.contains("60 of 60 runs got there"), "{svg}");
    assert!(svg.contains("p50"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    let to_stdout = args("-");
    assert_eq!(to_stdout.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&to_stdout.stdout).starts_with("<svg"));
    assert!(String::from_utf8_lossy(&to_stdout.stderr).contains("P(Completed)"));
    std::fs::remove_dir_all(&directory).expect("clean up");
}

/// A rollout that exceeds its progress deadline fails as `kubectl rollout status` does, in
/// every format; with `--expect`, the expectations decide.
#[test]
fn an_exceeded_progress_deadline_exits_1() {
    for format in ["human", "json"] {
        let output = run(&[
            "rollout",
            "src/examples/rollout.yaml",
            "--fail",
            "app=readiness",
            "-o",
            format,
        ]);
        assert_eq!(output.status.code(), Some(1), "{format}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("ProgressDeadlineExceeded at 2m1s: the rollout did not complete"),
            "{stderr}"
        );
    }
    let met = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--fail",
        "app=readiness",
        "--expect",
        "min-available>=8",
    ]);
    assert_eq!(met.status.code(), Some(0));
    let unmet = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--fail",
        "app=readiness",
        "--expect",
        "completed-within=10m",
    ]);
    assert_eq!(unmet.status.code(), Some(1));
    assert_eq!(
        run(&["rollout", "src/examples/rollout.yaml"]).status.code(),
        Some(0)
    );
}

#[test]
fn bounds_are_clear_errors() {
    for args in [
        &["rollout", "src/examples/rollout.yaml", "--replicas", "5001"][..],
        &["rollout", "src/examples/rollout.yaml", "--runs", "100001"],
        &["rollout", "src/examples/rollout.yaml", "--until", "25h"],
        &["rollout", "src/examples/init-containers.yaml"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn jitter_varies_the_runs_as_simulate_jitter_does() {
    let output = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--jitter",
        "20",
        "--runs",
        "50",
        "-o",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let value = json(&output);
    let rollout = &value["metrics"][0];
    assert_eq!(rollout["name"], "rollout");
    assert!(
        rollout["min"].as_u64() < rollout["max"].as_u64(),
        "{rollout}"
    );
    let bad = run(&["rollout", "src/examples/rollout.yaml", "--jitter", "lots"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The delete events' times and messages of a JSON report.
fn deletions(value: &serde_json::Value) -> Vec<(u64, String)> {
    value["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|event| event["reason"] == "SuccessfulDelete")
        .map(|event| {
            (
                event["timeMs"].as_u64().expect("time"),
                event["message"].as_str().expect("message").to_string(),
            )
        })
        .collect()
}

#[test]
fn statefulset_max_unavailable_follows_the_release_and_the_gate() {
    let file = "testdata/rollout/statefulset-max-unavailable.yaml";
    let with = |extra: &[&str]| {
        let mut args = vec!["rollout", file, "-o", "json"];
        args.extend_from_slice(extra);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{extra:?}");
        (
            deletions(&json(&output)),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let order = |deleted: &[(u64, String)]| -> Vec<String> {
        deleted.iter().map(|(_, message)| message.clone()).collect()
    };
    let expected: Vec<String> = (1..6)
        .rev()
        .map(|ordinal| format!("delete Pod db-{ordinal} in StatefulSet db successful"))
        .collect();
    // 1.37 (the default): two at a time, from the highest ordinal down to the partition.
    let (on, on_stderr) = with(&[]);
    assert_eq!(order(&on), expected);
    assert_eq!(on[0].0, on[1].0, "5 and 4 together: {on:?}");
    assert_eq!(on[2].0, on[3].0, "3 and 2 together: {on:?}");
    assert!(on[2].0 > on[0].0);
    assert!(!on_stderr.contains("maxUnavailable"), "{on_stderr}");
    // 1.36: the gate is off; one at a time, and the ignored field is said on stderr.
    let (off, off_stderr) = with(&["--kubernetes-version", "1.36"]);
    assert_eq!(order(&off), expected);
    let mut times: Vec<u64> = off.iter().map(|(at, _)| *at).collect();
    times.dedup();
    assert_eq!(times.len(), 5, "{off:?}");
    assert!(
        off_stderr.contains(
            "`spec.updateStrategy.rollingUpdate.maxUnavailable: 2` is ignored: the `MaxUnavailableStatefulSet` feature gate is off in Kubernetes 1.36"
        ),
        "{off_stderr}"
    );
    // 1.36 with the gate turned on behaves as 1.37.
    let (turned_on, _) = with(&[
        "--kubernetes-version",
        "1.36",
        "--feature-gates",
        "MaxUnavailableStatefulSet=true",
    ]);
    assert_eq!(turned_on, on);
    // And 1.37 with it turned off as 1.36.
    let (turned_off, _) = with(&["--feature-gates", "MaxUnavailableStatefulSet=false"]);
    assert_eq!(turned_off, off);
}

#[test]
fn controller_latency_comes_from_the_scenario_and_the_flag_beats_it() {
    let header = |extra: &[&str]| {
        let mut args = vec!["rollout", "src/examples/rollout.yaml"];
        args.extend_from_slice(extra);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{extra:?}");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        stdout
            .lines()
            .find(|line| line.starts_with("scenario:"))
            .expect("a scenario line")
            .to_string()
    };
    let scenario = "testdata/scenarios/rollout-latency.yaml";
    assert!(header(&[]).ends_with("controller latency 0s"));
    assert!(header(&["--scenario", scenario]).ends_with("controller latency 2s"));
    assert!(
        header(&["--scenario", scenario, "--latency", "500ms"])
            .ends_with("controller latency 500ms")
    );
    // The latency changes the run: the first scaling waits for it.
    let first_event = |extra: &[&str]| {
        let mut args = vec!["rollout", "src/examples/rollout.yaml", "-o", "json"];
        args.extend_from_slice(extra);
        let value = json(&run(&args));
        value["summary"]["completeMs"].as_u64().expect("completes")
    };
    assert!(first_event(&["--scenario", scenario]) > first_event(&[]));
    assert_eq!(
        first_event(&["--scenario", scenario, "--latency", "0s"]),
        first_event(&[])
    );
}

#[test]
fn a_bad_controller_latency_is_located_and_simulate_notes_the_key() {
    let bad = run(&[
        "rollout",
        "src/examples/rollout.yaml",
        "--scenario",
        "testdata/scenarios/rollout-latency-bad.yaml",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("controller latency `1h30m` is more than 1h"),
        "{stderr}"
    );
    assert!(
        stderr.contains("testdata/scenarios/rollout-latency-bad.yaml:3:22"),
        "{stderr}"
    );
    let flag = run(&["rollout", "src/examples/rollout.yaml", "--latency", "61m"]);
    assert_eq!(flag.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&flag.stderr).contains("--latency 61m: at most 1h"));
    // simulate has no controller: it runs, and says where the key it does not use is.
    let simulate = run(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/rollout-latency.yaml",
    ]);
    assert_eq!(simulate.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&simulate.stderr);
    assert!(
        stderr.contains(
            "testdata/scenarios/rollout-latency.yaml:2:1: `rollout` is for `podlife rollout` only"
        ),
        "{stderr}"
    );
}

#[test]
fn what_is_not_simulated_is_said_on_stderr_with_json_and_objects_without_pods_are_counted() {
    let directory =
        std::env::temp_dir().join(format!("podlife-rollout-notes-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("temp dir");
    let file = directory.join("paused.yaml");
    std::fs::write(
        &file,
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 2\n  paused: true\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: app, image: example/app:1}]\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\n",
    )
    .expect("write");
    let path = file.to_str().expect("utf-8");
    let output = run(&["rollout", path, "-o", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("podlife: note: Deployment `web`: `spec.paused` is true"),
        "{stderr}"
    );
    assert!(
        stderr.contains("skipping 2 objects in") && stderr.contains("that hold no pod"),
        "{stderr}"
    );
    // The document itself says the Deployment is paused and that the run is of resuming it.
    let document = json(&output);
    assert_eq!(document["workload"]["paused"], true);
    assert_eq!(document["workload"]["simulated"], "resume");
    let runs = json(&run(&["rollout", path, "-o", "json", "--runs", "3"]));
    assert_eq!(runs["workload"]["paused"], true);
    assert_eq!(runs["workload"]["simulated"], "resume");
    let quiet = run(&["rollout", path, "-o", "json", "--quiet"]);
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
    std::fs::remove_dir_all(&directory).expect("clean up");
}
