//! `podlife simulate`: every view of the built-in examples and the scenarios, as users see them.

use super::support::{run, snapshot_cli};

const CASES: &[(&str, &[&str])] = &[
    (
        "simulate__events_init_containers",
        &["simulate", "src/examples/init-containers.yaml"],
    ),
    (
        "simulate__watch_sidecar",
        &["simulate", "src/examples/sidecar.yaml", "--watch"],
    ),
    (
        "simulate__timeline_failing_init",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--fail",
            "register=1*2",
            "--until",
            "1m",
            "--timeline",
        ],
    ),
    (
        "simulate__trace_job",
        &["simulate", "src/examples/job.yaml", "--trace"],
    ),
    (
        "simulate__json_deadline_hang",
        &[
            "simulate",
            "testdata/scenarios/deadline-pod.yaml",
            "--fail",
            "wait-for-db=hang",
            "--format",
            "json",
        ],
    ),
    (
        "simulate__crashloop_backoff",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--fail",
            "run=1",
            "--until",
            "15m",
            "--watch",
        ],
    ),
    (
        "simulate__job_init_failure_never",
        &[
            "simulate",
            "src/examples/job.yaml",
            "--fail",
            "fetch-input=2",
            "--watch",
            "--expect",
            "phase=Failed",
        ],
    ),
    (
        "simulate__scenario_flaky_sidecar",
        &[
            "simulate",
            "src/examples/sidecar.yaml",
            "--scenario",
            "testdata/scenarios/flaky-sidecar.yaml",
            "--watch",
        ],
    ),
    (
        "simulate__image_pull_errors",
        &[
            "simulate",
            "src/examples/sidecar.yaml",
            "--fail",
            "web=pull*3",
            "--until",
            "2m",
            "--watch",
        ],
    ),
    (
        "simulate__liveness_restarts",
        &[
            "simulate",
            "src/examples/sidecar.yaml",
            "--fail",
            "web=liveness*2",
            "--until",
            "3m",
        ],
    ),
    (
        "simulate__deadline_counts_init_time",
        &[
            "simulate",
            "testdata/scenarios/deadline-pod.yaml",
            "--fail",
            "wait-for-db=hang",
            "--expect",
            "phase=Failed",
            "--expect",
            "status=Init:Error",
        ],
    ),
    (
        "simulate__jitter_seed_7",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--scenario",
            "testdata/scenarios/jitter.yaml",
            "--seed",
            "7",
            "--timeline",
            "--until",
            "1m",
            "--runs",
            "1",
        ],
    ),
    (
        "simulate__reduced_crashloop_oom",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--scenario",
            "testdata/scenarios/crashloop.yaml",
            "--timeline",
            "--until",
            "3m",
        ],
    ),
    (
        "simulate__scenario_typos",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--scenario",
            "testdata/scenarios/typo.yaml",
        ],
    ),
    (
        "simulate__unmet_expectation",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--expect",
            "ready-within=5s",
            "--expect",
            "restarts<=0",
        ],
    ),
    (
        "simulate__bad_flag",
        &[
            "simulate",
            "src/examples/init-containers.yaml",
            "--fail",
            "regster=omm",
        ],
    ),
    (
        "simulate__defer_example_watch",
        &["simulate", "src/examples/defer-containers.yaml", "--watch"],
    ),
    (
        "simulate__legacy_annotation_timeline",
        &[
            "simulate",
            "src/examples/legacy-annotation.yaml",
            "--timeline",
            "--until",
            "10s",
        ],
    ),
    (
        // A live pod with every field, a readiness gate nothing sets and a postStart hook.
        "simulate__live_pod_readiness_gate",
        &[
            "simulate",
            "testdata/clean/live-pod.yaml",
            "--watch",
            "--until",
            "30s",
        ],
    ),
];

#[test]
fn every_view_and_scenario() {
    for (name, args) in CASES {
        snapshot_cli(name, args);
    }
}

#[test]
fn same_input_and_seed_give_byte_identical_output() {
    for (_, args) in CASES {
        let first = run(args);
        let second = run(args);
        assert_eq!(first.stdout, second.stdout, "{args:?}");
        assert_eq!(first.stderr, second.stderr, "{args:?}");
    }
}

#[test]
fn exit_codes_follow_expectations() {
    let met = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--expect",
        "phase=Succeeded",
    ]);
    assert_eq!(met.status.code(), Some(0));
    let unmet = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--expect",
        "phase=Failed",
    ]);
    assert_eq!(unmet.status.code(), Some(1));
}
