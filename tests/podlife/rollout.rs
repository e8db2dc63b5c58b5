//! `podlife rollout`: each kind and strategy, the deadline, Monte Carlo and expectations, as users
//! see them.

use super::support::{json, run, snapshot_cli};

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
        ["kind", "name", "namespace", "replicas", "strategy"]
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
    assert_eq!(output.status.code(), Some(0));
    let svg = std::fs::read_to_string(&path).expect("written");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("ProgressDeadlineExceeded 2m1s"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    std::fs::remove_dir_all(&directory).expect("clean up");
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
