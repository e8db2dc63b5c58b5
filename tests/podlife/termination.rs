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

/// A routine deletion: the sidecar waits for its turn (drawn as "waiting to stop" from its
/// Killing event to its SIGTERM, both marked where they happen), and the Failed that follows
/// exits of 143 is explained in the plot and the summary.
#[test]
fn a_deleted_pod_shows_the_sidecar_waiting_to_stop_and_why_it_ends_failed() {
    let svg = std::env::temp_dir().join(format!("podlife-wait-to-stop-{}.svg", std::process::id()));
    let svg_text = svg.to_string_lossy().into_owned();
    let output = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--delete-at",
        "30s",
        "--stop",
        "web=10s",
        "--timeline",
        "--svg",
        &svg_text,
    ]);
    let plot = std::fs::read_to_string(&svg).expect("the SVG is written");
    std::fs::remove_file(&svg).ok();
    assert_eq!(output.status.code(), Some(0));
    for expected in [
        "log-shipper: waiting to stop from 30s to 40s (10s)",
        "log-shipper: Stopping container log-shipper at 30s",
        "log-shipper: SIGTERM sent at 40s",
        "web: SIGTERM sent at 30s",
        "containers exited 143 after SIGTERM → phase Failed</text>",
        "waiting to stop</text>",
        "SIGTERM sent</text>",
    ] {
        assert!(plot.contains(expected), "{expected}:\n{plot}");
    }
    assert!(!plot.contains("log-shipper: terminating"), "{plot}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("log-shipper (sidecar)  ░░▒▒██████████████████████████╌╌╌╌╌╌╌╌╌╌"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "  phase        Failed (containers exited 143 after SIGTERM → phase Failed); the pod stopped at 40s\n"
        ),
        "{stdout}"
    );
    // The events view keeps the kubelet's Killing event at 30 s and says when SIGTERM went.
    let events = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--delete-at",
        "30s",
        "--stop",
        "web=10s",
    ]);
    let events = String::from_utf8_lossy(&events.stdout);
    assert!(
        events.contains(
            "30s     Normal    Killing     container/log-shipper   Stopping container log-shipper"
        ),
        "{events}"
    );
    assert!(
        events.contains(
            "note: sidecar `log-shipper` was sent SIGTERM at 40s, not at its Killing event (30s): it waited for its turn\n"
        ),
        "{events}"
    );
    // A pod that fails on its own is not explained as a deletion.
    let failed = run(&[
        "simulate",
        "testdata/scenarios/flaky-job-pod.yaml",
        "--fail",
        "work=1",
    ]);
    let failed = String::from_utf8_lossy(&failed.stdout);
    assert!(
        failed.contains("  phase        Failed; the pod stopped at "),
        "{failed}"
    );
    assert!(!failed.contains("after SIGTERM"), "{failed}");
}

/// docs/termination.md lists every termination snapshot with the command it runs, and links
/// nothing else: the page cannot fall behind what podlife prints.
#[test]
fn the_termination_page_lists_every_snapshot_with_its_command() {
    let root = super::support::root();
    let page = std::fs::read_to_string(root.join("docs/termination.md")).expect("the page");
    let mut listed = Vec::new();
    for line in page
        .lines()
        .filter(|line| line.contains("](../snapshots/termination__"))
    {
        let cells: Vec<&str> = line.split(" | ").collect();
        let command = cells
            .get(2)
            .and_then(|cell| cell.strip_prefix('`'))
            .and_then(|cell| cell.strip_suffix('`'))
            .expect("a command cell");
        let link = line
            .split("](../")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .expect("a link");
        let snapshot = std::fs::read_to_string(root.join(link))
            .unwrap_or_else(|_| panic!("docs/termination.md links `{link}`, which does not exist"));
        let ran = snapshot
            .lines()
            .find_map(|line| line.strip_prefix("$ "))
            .expect("a snapshot's command line");
        assert_eq!(
            command, ran,
            "the command docs/termination.md shows for {link}"
        );
        listed.push(link.to_string());
    }
    let mut snapshots: Vec<String> = std::fs::read_dir(root.join("snapshots"))
        .expect("snapshots/")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("termination__"))
        .map(|name| format!("snapshots/{name}"))
        .collect();
    snapshots.sort();
    listed.sort();
    assert_eq!(
        listed, snapshots,
        "docs/termination.md lists every termination snapshot"
    );
}
