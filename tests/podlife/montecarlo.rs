//! `podlife simulate --runs N`: Monte Carlo summaries, tail expectations, worst runs, sweeps, JSON.

use super::support::{render, run, snapshot, snapshot_cli};

const MC: &str = "testdata/scenarios/montecarlo.yaml";
const JOB: &str = "testdata/scenarios/flaky-job-pod.yaml";
const JOB_SCENARIO: &str = "testdata/scenarios/flaky-job.yaml";

#[test]
fn summaries_expectations_and_sweeps() {
    let cases: &[(&str, &[&str])] = &[
        (
            "montecarlo__jitter_1000_runs",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--scenario",
                MC,
                "--runs",
                "1000",
                "--seed",
                "7",
            ],
        ),
        (
            "montecarlo__no_jitter_zero_spread",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--runs",
                "100",
            ],
        ),
        (
            "montecarlo__tail_expectations",
            &[
                "simulate",
                JOB,
                "--scenario",
                JOB_SCENARIO,
                "--runs",
                "1000",
                "--expect",
                "p99:ended<=10s",
                "--expect",
                "prob:failed<=5%",
            ],
        ),
        (
            "montecarlo__keep_worst",
            &[
                "simulate",
                JOB,
                "--scenario",
                JOB_SCENARIO,
                "--runs",
                "200",
                "--seed",
                "1",
                "--keep-worst",
                "1",
            ],
        ),
        (
            "montecarlo__sweep",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--scenario",
                MC,
                "--runs",
                "500",
                "--sweep",
                "runtime.pullImage=1s..4s/1s",
                "-q",
            ],
        ),
        (
            "montecarlo__json",
            &[
                "simulate",
                JOB,
                "--scenario",
                JOB_SCENARIO,
                "--runs",
                "200",
                "--seed",
                "1",
                "--keep-worst",
                "2",
                "--format",
                "json",
            ],
        ),
        (
            "montecarlo__bad_probability",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--scenario",
                "testdata/scenarios/bad-probability.yaml",
                "--runs",
                "10",
            ],
        ),
        (
            "montecarlo__bad_expectation",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--runs",
                "10",
                "--expect",
                "p99:redy<=45s",
            ],
        ),
    ];
    for (name, args) in cases {
        snapshot_cli(name, args);
    }
}

#[test]
fn a_worst_run_replays_alone_with_its_seed() {
    let replay = run(&[
        "simulate",
        JOB,
        "--scenario",
        JOB_SCENARIO,
        "--seed",
        "1",
        "--runs",
        "1",
    ]);
    assert_eq!(replay.status.code(), Some(0), "{}", render(&replay));
    snapshot("montecarlo__replay_seed_1", &render(&replay));
}

#[test]
fn the_same_seed_gives_byte_identical_json() {
    let args = [
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        MC,
        "--runs",
        "2000",
        "--seed",
        "3",
        "--format",
        "json",
    ];
    let first = run(&args);
    let again = super::support::podlife(&args)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("runs");
    assert_eq!(first.stdout, again.stdout);
}

#[test]
fn svg_is_written() {
    let path = std::env::temp_dir().join(format!("podlife-ready-{}.svg", std::process::id()));
    let path_text = path.to_string_lossy().to_string();
    let output = run(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        MC,
        "--runs",
        "1000",
        "--svg",
        &path_text,
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let svg = std::fs::read_to_string(&path).expect("svg written");
    std::fs::remove_file(&path).ok();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..svg.len().min(80)]
    );
    assert!(svg.trim_end().ends_with("</svg>"));
}

/// `--metric` picks what is headlined and drawn; a metric no run reached writes no file and
/// exits 1; one value for every run is one bar; an unknown metric is a usage error.
#[test]
fn metric_choice_and_plots_that_cannot_be_drawn() {
    let directory = std::env::temp_dir().join(format!("podlife-metric-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let plot = directory.join("plot.svg");
    let plot_text = plot.to_string_lossy().to_string();
    let with = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "src/examples/init-containers.yaml",
            "--runs",
            "50",
            "-q",
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    // No jitter: every run is Ready at the same time.
    let same = with(&["--svg", &plot_text]);
    assert_eq!(same.status.code(), Some(0), "{}", render(&same));
    let svg = std::fs::read_to_string(&plot).expect("written");
    assert_eq!(svg.matches("<rect x=").count(), 1, "one bar: {svg}");
    assert!(svg.contains("pod myapp: ready, 50 runs"), "{svg}");
    std::fs::remove_file(&plot).ok();

    let initialized = with(&["--metric", "initialized", "--svg", &plot_text]);
    assert_eq!(initialized.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&initialized.stdout).contains("initialized (50 of 50 runs"));
    assert!(
        std::fs::read_to_string(&plot)
            .expect("written")
            .contains("initialized")
    );
    std::fs::remove_file(&plot).ok();

    // The app never ends within the horizon: nothing to draw for `ended`.
    let never = with(&["--metric", "ended", "--svg", &plot_text]);
    assert_eq!(never.status.code(), Some(1), "{}", render(&never));
    assert!(!plot.exists(), "no file for a metric no run reached");
    assert!(String::from_utf8_lossy(&never.stderr).contains("no run of pod `myapp` reached ended"));

    let unknown = with(&["--metric", "redy"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("did you mean `ready`?"));
    std::fs::remove_dir_all(&directory).ok();
}

/// Termination and defer rows and outcomes appear when the scenario can produce them, or with
/// `--all-metrics`.
#[test]
fn the_report_shows_what_the_scenario_can_produce() {
    let plain = run(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--runs",
        "20",
        "-q",
    ]);
    let text = String::from_utf8_lossy(&plain.stdout);
    assert!(
        !text.contains("terminated") && !text.contains("P(Killed)"),
        "{text}"
    );
    assert!(
        !text.contains("defer-completed") && !text.contains("P(DeadlineExceeded)"),
        "{text}"
    );
    assert!(text.contains("P(Running)"), "{text}");
    let all = run(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--runs",
        "20",
        "-q",
        "--all-metrics",
    ]);
    let text = String::from_utf8_lossy(&all.stdout);
    assert!(
        text.contains("terminated") && text.contains("P(Killed)"),
        "{text}"
    );
    let deleted = run(&[
        "simulate",
        "src/examples/defer-shutdown.yaml",
        "--runs",
        "20",
        "-q",
        "--delete-at",
        "1m",
    ]);
    let text = String::from_utf8_lossy(&deleted.stdout);
    assert!(
        text.contains("terminated") && text.contains("defer-completed"),
        "{text}"
    );
    assert!(
        text.contains("P(DeferSkipped)") && text.contains("P(Killed)"),
        "{text}"
    );
}
