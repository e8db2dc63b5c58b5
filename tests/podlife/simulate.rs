//! `podlife simulate`: every view of the built-in examples and the scenarios, as users see them.

use super::support::{json, render, run, snapshot, snapshot_cli};

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

/// `--svg` without `--runs`: the run as a picture, the same bytes for the same input and
/// seed, with a lane per container, conditions, the deletion and the grace deadline.
#[test]
fn one_run_as_an_svg_plot() {
    let directory = std::env::temp_dir().join(format!("podlife-plot-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let plot = |name: &str, args: &[&str]| -> String {
        let path = directory.join(name);
        let path_text = path.to_string_lossy().to_string();
        let mut all = args.to_vec();
        all.extend(["--svg", &path_text, "-q"]);
        let output = run(&all);
        assert!(
            output.status.code().is_some_and(|code| code < 2),
            "{}",
            render(&output)
        );
        std::fs::read_to_string(&path).expect("svg written")
    };
    let failing = plot("fail.svg", &["simulate", "--example", "--fail", "init-2"]);
    let again = plot(
        "fail-again.svg",
        &["simulate", "--example", "--fail", "init-2"],
    );
    assert_eq!(failing, again, "deterministic bytes");
    snapshot("simulate__svg_fail_init_2", &failing);
    for lane in ["pod", "wait (init)", "register (init)", "run (app)"] {
        assert!(failing.contains(&format!(">{lane}</text>")), "{lane}");
    }
    assert!(failing.contains("restart #1"), "restarts are marked");
    assert!(
        failing.contains("exited with code 1"),
        "exits carry their code"
    );

    let deleted = plot(
        "delete.svg",
        &[
            "simulate",
            "src/examples/defer-shutdown.yaml",
            "--delete-at",
            "1m",
        ],
    );
    snapshot("simulate__svg_defer_shutdown_deleted", &deleted);
    for mark in [
        "deleted (grace 1m)",
        "grace deadline",
        "Ready",
        "kill-db (defer)",
        // The app waits while the defer containers run; SIGTERM goes when `StopContainer` runs.
        "db: waiting to stop from 1m to 1m4.8s",
        "db: SIGTERM sent at 1m4.8s",
    ] {
        assert!(deleted.contains(mark), "{mark}");
    }

    // A container that outlives the grace period is killed: SIGKILL is marked.
    let killed = plot(
        "killed.svg",
        &[
            "simulate",
            "src/examples/sidecar.yaml",
            "--delete-at",
            "1m",
            "--stop",
            "web=45s",
        ],
    );
    assert!(
        killed.contains("web: killed (SIGKILL), exit code 137"),
        "{killed}"
    );
    assert!(killed.contains("web: SIGKILL at 1m30s"), "{killed}");

    // A name longer than a label holds is clipped, its whole text in the tooltip.
    let long = "a-container-name-that-goes-on-and-on-and-on-for-a-while";
    let manifest = directory.join("long.yaml");
    std::fs::write(
        &manifest,
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: {long}\n    image: nginx:1.27\n    readinessProbe: {{httpGet: {{path: /, port: 80}}, periodSeconds: 1}}\n"
        ),
    )
    .expect("write");
    let clipped = plot(
        "long.svg",
        &["simulate", &manifest.to_string_lossy(), "--until", "2h"],
    );
    assert!(
        clipped.contains(&format!("<title>{long} (app)</title>")),
        "tooltip"
    );
    assert!(clipped.contains("…</text>"), "clipped label");
    assert!(clipped.contains("readiness probe passed"), "probe ticks");
    assert!(
        clipped.len() < 200_000,
        "two hours of 1 s probes stay small: {}",
        clipped.len()
    );
    std::fs::remove_dir_all(&directory).ok();
}

/// `--explore`: one run per container and fault, worst first, on the built-in examples; the
/// JSON form; a deletion adds slow SIGTERM and the termination column; `--expect never-stuck`
/// decides the exit code; the output is the same from run to run.
#[test]
fn explore_what_if_any_one_thing_fails() {
    let cases: &[(&str, &[&str])] = &[
        (
            "explore__sidecar",
            &["simulate", "src/examples/sidecar.yaml", "--explore"],
        ),
        (
            "explore__init_containers",
            &["simulate", "src/examples/init-containers.yaml", "--explore"],
        ),
        (
            "explore__job_json",
            &[
                "simulate",
                "src/examples/job.yaml",
                "--explore",
                "--format",
                "json",
            ],
        ),
        (
            "explore__sidecar_deleted",
            &[
                "simulate",
                "src/examples/sidecar.yaml",
                "--explore",
                "--delete-at",
                "1m",
                "--until",
                "3m",
            ],
        ),
    ];
    for (name, args) in cases {
        snapshot_cli(name, args);
        assert_eq!(run(args).stdout, run(args).stdout, "{args:?}");
    }
    // `never-stuck` judges the transient faults: the sidecar example recovers from each
    // (its permanent faults, such as a startup probe that always fails, block it, and the
    // table says what they block).
    let recovers = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--explore",
        "--expect",
        "never-stuck",
    ]);
    assert_eq!(recovers.status.code(), Some(0), "{}", render(&recovers));
    let stdout = String::from_utf8_lossy(&recovers.stdout);
    assert!(stdout.contains("  ok      never-stuck"), "{stdout}");
    assert!(
        stdout.contains("startup-probe          permanent   never      7          Pending   blocks initialization"),
        "{stdout}"
    );
    // A Job's pod: the Job completes after every transient fault (its controller replaces a
    // failed pod); an init container that hangs blocks the Job's completion, and is permanent.
    let job = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--explore",
        "--expect",
        "never-stuck",
    ]);
    assert_eq!(job.status.code(), Some(0), "{}", render(&job));
    assert!(
        String::from_utf8_lossy(&job.stdout).contains("fetch-input   init      hang                   permanent   never      0          Pending     Active                          blocks the Job's completion"),
        "{}",
        render(&job)
    );
    // Deleted after a minute, the sidecar example stops in every case.
    let deleted = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--explore",
        "--delete-at",
        "1m",
        "--until",
        "3m",
        "--expect",
        "never-stuck",
    ]);
    assert_eq!(
        deleted.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&deleted.stderr)
    );
    let bad = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--explore",
        "--expect",
        "phase=Failed",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let conflict = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--explore",
        "--runs",
        "5",
    ]);
    assert_eq!(conflict.status.code(), Some(2));
}

/// A scenario's probe `latency` past `timeoutSeconds` fails every run (`prober.runProbe`).
#[test]
fn slow_probes_time_out() {
    let output = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--scenario",
        "testdata/scenarios/slow-readiness.yaml",
        "--until",
        "1m",
        "--expect",
        "never-ready",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Readiness probe failed: timed out after 1s (timeoutSeconds)"),
        "{stdout}"
    );
}

/// Readiness gates: the pod is Ready only once a controller sets each gate's condition, which
/// a scenario's `readinessGates:` schedules; an unknown gate is a located error.
#[test]
fn readiness_gates_set_by_the_scenario() {
    let output = run(&[
        "simulate",
        "testdata/clean/live-pod.yaml",
        "--scenario",
        "testdata/scenarios/readiness-gate.yaml",
        "--until",
        "1m",
        "--format",
        "json",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["summary"]["readyAtMs"], 20_000);
    std::fs::write(
        std::env::temp_dir().join(format!("podlife-gate-{}.yaml", std::process::id())),
        "readinessGates:\n  example.com/gaet: 5s\n",
    )
    .unwrap();
    let typo = std::env::temp_dir().join(format!("podlife-gate-{}.yaml", std::process::id()));
    let output = run(&[
        "simulate",
        "testdata/clean/live-pod.yaml",
        "--scenario",
        typo.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&typo);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unknown readiness gate `example.com/gaet`")
            && stderr.contains("the pod's readiness gates are: example.com/gate"),
        "{stderr}"
    );
}

/// `kind: Job` runs the Job controller: backoffLimit over restarts (OnFailure) or failed pods
/// (Never) with replacement back-off, podFailurePolicy, activeDeadlineSeconds.
#[test]
fn jobs_are_simulated_with_their_controller() {
    snapshot_cli(
        "job__on_failure_backoff_limit",
        &[
            "simulate",
            "testdata/jobs/on-failure.yaml",
            "--fail",
            "worker=1",
        ],
    );
    let json = |args: &[&str]| {
        let output = run(args);
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    let fail_job = json(&[
        "simulate",
        "testdata/jobs/pod-failure-policy.yaml",
        "--fail",
        "importer=42",
        "--format",
        "json",
    ]);
    assert_eq!(fail_job["summary"]["job"]["condition"], "Failed");
    assert_eq!(fail_job["summary"]["job"]["reason"], "PodFailurePolicy");
    assert_eq!(
        fail_job["summary"]["job"]["pods"].as_array().unwrap().len(),
        1
    );
    let retried = json(&[
        "simulate",
        "testdata/jobs/pod-failure-policy.yaml",
        "--fail",
        "importer=1",
        "--format",
        "json",
    ]);
    // Exit 1 is counted and retried with the controller's back-off until the 300 s deadline.
    assert_eq!(retried["summary"]["job"]["reason"], "DeadlineExceeded");
    assert_eq!(retried["summary"]["job"]["endedAtMs"], 300_000);
    let hung = json(&[
        "simulate",
        "testdata/jobs/pod-failure-policy.yaml",
        "--fail",
        "importer=hang",
        "--format",
        "json",
    ]);
    assert_eq!(hung["summary"]["job"]["reason"], "DeadlineExceeded");
    assert_eq!(hung["summary"]["job"]["pods"][0]["verdict"], "Deleted");
}

/// Issue 29: the events view repeated identical events (150 `Unhealthy … Startup probe
/// failed` rows). Identical events of one object in a row are one row, `4s (x30 over 58s)`,
/// as `kubectl describe` counts them; JSON keeps every event.
#[test]
fn repeated_events_are_counted_on_one_row() {
    let args = [
        "simulate",
        "testdata/simulate-dir/web.yaml",
        "--fail",
        "web=startup",
        "--until",
        "3m",
    ];
    snapshot_cli("simulate__repeated_events_counted", &args);
    let human = run(&args);
    let text = String::from_utf8_lossy(&human.stdout);
    let unhealthy_rows = text.lines().filter(|l| l.contains("Unhealthy")).count();
    assert_eq!(unhealthy_rows, 3, "{text}");
    assert!(text.contains("4s (x30 over 58s)"), "{text}");
    let mut json_args = args.to_vec();
    json_args.extend(["-o", "json"]);
    let json = run(&json_args);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let unhealthy_events = value["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|event| event["reason"] == "Unhealthy")
        .count();
    assert_eq!(unhealthy_events, 30 + 30 + 28, "JSON keeps every event");
}

/// A pod that never becomes Ready, or ends Failed, says so on the summary's last line and
/// names the `--expect` that gates on it; the expectation then exits 1.
#[test]
fn a_failure_names_the_expectation_that_gates_on_it() {
    let never_ready = run(&[
        "simulate",
        "--example",
        "--fail",
        "run=readiness",
        "--until",
        "1m",
    ]);
    assert_eq!(never_ready.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&never_ready.stdout);
    let last = stdout.trim_end().lines().last().unwrap_or("");
    assert!(
        last.contains("never Ready within 1m; `--expect ready-within=DURATION`"),
        "{stdout}"
    );
    let gated = run(&[
        "simulate",
        "--example",
        "--fail",
        "run=readiness",
        "--until",
        "1m",
        "--expect",
        "ready-within=30s",
    ]);
    assert_eq!(gated.status.code(), Some(1));
    let ready = run(&["simulate", "--example"]);
    assert!(!String::from_utf8_lossy(&ready.stdout).contains("verdict"));
}

/// `--explore`: a permanent fault that blocks nothing says what made it harmless, in the table
/// and in JSON, for every built-in example with and without a deletion: an image pull that
/// cannot fail because an earlier container pulled the image, a hang an app container may
/// have, SIGKILL at the grace period, a sidecar the kubelet stops when a Job's pod finishes.
#[test]
fn explore_rows_that_block_nothing_say_why() {
    let table = run(&["simulate", "src/examples/init-containers.yaml", "--explore"]);
    let text = String::from_utf8_lossy(&table.stdout);
    let row = |container: &str, fault: &str| {
        text.lines()
            .find(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                words.first() == Some(&container) && words.get(2) == Some(&fault)
            })
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        row("register", "image-pull")
            .ends_with("blocks nothing: its image was already pulled for `wait`"),
        "{text}"
    );
    assert!(
        row("run", "hang").contains("blocks nothing: a long-running container may never exit"),
        "{text}"
    );
    let report = json(&run(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--explore",
        "-o",
        "json",
    ]));
    let reasons: Vec<(&str, &str, &str)> = report["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|row| {
            Some((
                row["container"].as_str()?,
                row["fault"].as_str()?,
                row["unblocked"].as_str()?,
            ))
        })
        .collect();
    assert_eq!(
        reasons,
        [
            ("register", "image-pull", "already-pulled"),
            ("run", "hang", "runs-forever")
        ]
    );
    let job = run(&["simulate", "src/examples/job.yaml", "--explore"]);
    assert!(
        String::from_utf8_lossy(&job.stdout)
            .contains("blocks nothing: the kubelet stops sidecars once the app containers finish"),
        "{}",
        String::from_utf8_lossy(&job.stdout)
    );
    for example in std::fs::read_dir("src/examples")
        .expect("examples")
        .flatten()
    {
        let path = example.path().display().to_string();
        if path.ends_with("rollout.yaml") {
            continue;
        }
        for extra in [&[][..], &["--delete-at", "30s"][..]] {
            let mut args = vec!["simulate", path.as_str(), "--explore"];
            args.extend(extra);
            let output = run(&args);
            let text = String::from_utf8_lossy(&output.stdout);
            assert!(
                !text
                    .lines()
                    .any(|line| line.trim_end().ends_with("blocks nothing")),
                "{path} {extra:?}: a row blocks nothing without saying why:\n{text}"
            );
        }
    }
}
