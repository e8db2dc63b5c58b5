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
