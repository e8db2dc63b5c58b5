//! Termination, defer containers, initializers and scheduling gates in every simulate view.

use super::support::{run, snapshot_cli};

const VIEWS: &[(&str, &[&str])] = &[
    ("events", &[]),
    ("watch", &["--watch"]),
    ("timeline", &["--timeline"]),
    ("trace", &["--trace"]),
    ("json", &["--format", "json"]),
];

/// The seed's three defer-container examples, deleted at 30 s, in every view.
#[test]
fn seed_examples_in_every_view() {
    for example in ["defer-containers", "defer-statefulset", "defer-shutdown"] {
        let path = format!("src/examples/{example}.yaml");
        for (view, flags) in VIEWS {
            let mut args = vec!["simulate", path.as_str(), "--delete-at", "30s"];
            args.extend_from_slice(flags);
            snapshot_cli(&format!("termination__{example}_{view}"), &args);
        }
    }
}

#[test]
fn defer_rules_and_termination_faults() {
    let cases: &[(&str, &[&str])] = &[
        (
            "termination__d8_budget_skips",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--delete-at",
                "30s",
                "--grace-period",
                "3",
                "--timeline",
                "--watch",
                "--trace",
                "--expect",
                "skipped:ref-counter",
                "--expect",
                "terminated-within=5s",
            ],
        ),
        (
            "termination__d8_unmet_defer_completed",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--delete-at",
                "30s",
                "--grace-period",
                "3",
                "--expect",
                "defer-completed",
            ],
        ),
        (
            "termination__d12_force_delete",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--delete-at",
                "30s",
                "--grace-period",
                "0",
                "--force",
                "--watch",
                "--trace",
            ],
        ),
        (
            "termination__d7_kill_app",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--delete-at",
                "30s",
                "--scenario",
                "testdata/scenarios/defer-kill-app.yaml",
                "--timeline",
            ],
        ),
        (
            "termination__d14_node_crash",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--delete-at",
                "30s",
                "--fail",
                "node@33s",
                "--timeline",
                "--format",
                "human",
            ],
        ),
        (
            "termination__d13_pre_pull",
            &[
                "simulate",
                "src/examples/defer-shutdown.yaml",
                "--delete-at",
                "30s",
                "--expect",
                "terminated-within=5s",
                "--expect",
                "defer-completed",
            ],
        ),
        (
            "termination__k4_sidecar_order",
            &[
                "simulate",
                "src/examples/sidecar.yaml",
                "--delete-at",
                "40s",
                "--stop",
                "web=5s",
                "--trace",
            ],
        ),
        (
            "termination__d8_pre_stop_cut",
            &[
                "simulate",
                "src/examples/defer-containers.yaml",
                "--pod",
                "cleanup",
                "--delete-at",
                "30s",
                "--grace-period",
                "2",
                "--fail",
                "app=hang",
                "--run",
                "fsync=10s",
            ],
        ),
        (
            "termination__i3_i5_initializers_and_gates",
            &[
                "simulate",
                "testdata/termination/initializers-and-gates.yaml",
                "--scenario",
                "testdata/scenarios/initializers-and-gates.yaml",
                "--watch",
                "--until",
                "1m",
            ],
        ),
        (
            "termination__i3_i5_json",
            &[
                "simulate",
                "testdata/termination/initializers-and-gates.yaml",
                "--scenario",
                "testdata/scenarios/initializers-and-gates.yaml",
                "--until",
                "30s",
                "--format",
                "json",
            ],
        ),
    ];
    for (name, args) in cases {
        snapshot_cli(name, args);
    }
}

#[test]
fn termination_expectations_set_the_exit_code() {
    let met = run(&[
        "simulate",
        "src/examples/defer-containers.yaml",
        "--delete-at",
        "30s",
        "--expect",
        "defer-completed",
    ]);
    assert_eq!(met.status.code(), Some(0));
    let unmet = run(&[
        "simulate",
        "src/examples/defer-containers.yaml",
        "--delete-at",
        "30s",
        "--grace-period",
        "3",
        "--expect",
        "defer-completed",
    ]);
    assert_eq!(unmet.status.code(), Some(1));
}
