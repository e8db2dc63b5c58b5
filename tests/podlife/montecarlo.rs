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

/// Runs `podlife <args>` from the repository root with extra environment: (exit code, stdout).
fn podlife_with(args: &[&str], env: &[(&str, &str)]) -> (u8, String) {
    let mut command = super::support::podlife(args);
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().expect("podlife runs");
    let code = output
        .status
        .code()
        .and_then(|c| u8::try_from(c).ok())
        .expect("an exit code");
    (code, String::from_utf8(output.stdout).expect("UTF-8"))
}

/// Runs `podlife <args>`: (exit code, stdout).
fn podlife(args: &[&str]) -> (u8, String) {
    podlife_with(args, &[])
}

/// The JSON a successful `podlife <args>` prints.
fn json(args: &[&str]) -> serde_json::Value {
    let (code, out) = podlife(args);
    assert_eq!(code, 0, "{out}");
    serde_json::from_str(&out).expect("JSON")
}

// Moved from the engine's tests (`src/sim/montecarlo/tests.rs`): they run the command line.

#[test]
fn fail_probability_estimate_converges_to_the_configured_probability() {
    let value = json(&[
        "simulate",
        "testdata/scenarios/flaky-job-pod.yaml",
        "--scenario",
        "testdata/scenarios/flaky-job.yaml",
        "--runs",
        "4000",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    let failed = &value["outcomes"]["Failed"];
    let p = failed["probability"].as_f64().expect("probability");
    // 4000 Bernoulli(0.1) draws: standard error 0.0047; 4 SE = 0.019.
    assert!((p - 0.1).abs() < 0.019, "P(Failed) = {p}");
    let low = failed["ci95"][0].as_f64().expect("low");
    let high = failed["ci95"][1].as_f64().expect("high");
    assert!(low < 0.1 && 0.1 < high, "[{low}, {high}] holds 0.1");
    let succeeded = value["outcomes"]["Succeeded"]["count"]
        .as_u64()
        .expect("count");
    assert_eq!(succeeded + failed["count"].as_u64().expect("count"), 4000);
}

#[test]
fn probe_fail_probability_makes_readiness_flap() {
    let value = json(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/montecarlo.yaml",
        "--runs",
        "300",
        "--format",
        "json",
    ]);
    // The readiness probe fails 10 % of the time, so some runs become Ready a period later
    // than their containers started; the flaky init container restarts in about 5 % of runs.
    let restarted = value["outcomes"]["Restarted"]["probability"]
        .as_f64()
        .expect("p");
    assert!(
        restarted > 0.01 && restarted < 0.15,
        "P(Restarted) = {restarted}"
    );
}

#[test]
fn all_fixed_durations_give_zero_spread() {
    let value = json(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--runs",
        "300",
        "--format",
        "json",
    ]);
    let ready = &value["metrics"]["readyMs"];
    for key in ["min", "p50", "p90", "p99", "max"] {
        assert_eq!(ready[key], 6800, "{key}");
    }
    assert_eq!(ready["mean"], 6800.0);
    assert_eq!(
        ready["histogram"],
        serde_json::json!([{"from": 6800, "to": 6800, "count": 300}])
    );
    assert_eq!(value["outcomes"]["Running"]["probability"], 1.0);
}

#[test]
fn t4_same_seed_gives_byte_identical_json_with_one_and_two_threads() {
    let args = [
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/montecarlo.yaml",
        "--runs",
        "3000",
        "--seed",
        "11",
        "--keep-worst",
        "3",
        "--format",
        "json",
    ];
    let on = |threads: &str| podlife_with(&args, &[("RAYON_NUM_THREADS", threads)]);
    let one = on("1");
    let two = on("2");
    assert_eq!(one.0, 0);
    assert_eq!(one.1, two.1, "byte-identical JSON");
    let mut other = args;
    other[7] = "12";
    assert_ne!(podlife(&other).1, one.1, "another seed, other runs");
}

#[test]
fn worst_runs_replay_alone_with_their_seed() {
    let (code, out) = podlife(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/montecarlo.yaml",
        "--runs",
        "500",
        "--seed",
        "3",
        "--keep-worst",
        "2",
    ]);
    assert_eq!(code, 0);
    let value = json(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/montecarlo.yaml",
        "--runs",
        "500",
        "--seed",
        "3",
        "--keep-worst",
        "2",
        "--format",
        "json",
    ]);
    let worst = value["worst"].as_array().expect("worst");
    assert_eq!(worst.len(), 2);
    for run in worst {
        let seed = run["seed"].as_str().expect("seeds are strings").to_string();
        let marker = format!("replay with --seed {seed} --runs 1\n");
        let start = out.find(&marker).expect("the log is printed") + marker.len();
        let log = &out[start..];
        let log = &log[..log.find("\nworst run #").unwrap_or(log.len())];
        let (code, alone) = podlife(&[
            "simulate",
            "src/examples/init-containers.yaml",
            "--scenario",
            "testdata/scenarios/montecarlo.yaml",
            "--seed",
            &seed,
            "--runs",
            "1",
        ]);
        assert_eq!(code, 0);
        assert!(
            alone.ends_with(log),
            "replay of {seed}:\n{alone}\n---\n{log}"
        );
        let ready = run["readyMs"]
            .as_u64()
            .map(|ms| podlife::sim::engine::time::SimDuration(ms).to_string());
        if let Some(ready) = ready {
            assert!(
                alone.contains(&format!("  ready        {ready}\n")),
                "{alone}"
            );
        }
    }
    // The first worst run is the slowest of all: its time to Ready is the max.
    assert_eq!(worst[0]["readyMs"], value["metrics"]["readyMs"]["max"]);
}

#[test]
fn tail_expectations_gate_the_exit_code() {
    let base = [
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/montecarlo.yaml",
        "--runs",
        "400",
    ];
    let with = |expect: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        for e in expect {
            args.extend(["--expect", e]);
        }
        podlife(&args)
    };
    let (code, out) = with(&["p99:ready<=5m", "prob:failed<=1%", "mean:restarts<1"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  ok      p99:ready<=5m\n"), "{out}");
    let (code, out) = with(&["p50:ready<=1s", "prob:restarted=0%"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("FAILED  p50:ready<=1s: p50 of ready is"),
        "{out}"
    );
    assert!(
        out.contains("FAILED  prob:restarted=0%: P(Restarted) = "),
        "{out}"
    );
}

#[test]
fn without_runs_each_distribution_takes_its_median() {
    let (_, medians) = podlife(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/jitter.yaml",
        "--seed",
        "1",
    ]);
    let (_, other_seed) = podlife(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--scenario",
        "testdata/scenarios/jitter.yaml",
        "--seed",
        "2",
    ]);
    assert!(medians.contains("at medians"), "{medians}");
    // Sandbox 0.2 s, the one pull 3 s (uniform 1–5 s), create+start 0.2 s, wait runs 20 s,
    // then register (image present) 0.2 s + 2 s.
    assert!(medians.contains("  initialized  25.6s\n"), "{medians}");
    assert_eq!(
        medians.replace("seed 1", "seed 2"),
        other_seed,
        "the seed does not matter without --runs"
    );
}

#[test]
fn sweep_prints_a_row_per_value() {
    let (code, out) = podlife(&[
        "simulate",
        "src/examples/init-containers.yaml",
        "--runs",
        "50",
        "--sweep",
        "runtime.pullImage=1s..3s/1s",
    ]);
    assert_eq!(code, 0);
    let table = &out[out.find("sweep of runtime.pullImage").expect("table")..];
    assert!(table.contains("\n1s "), "{table}");
    assert!(table.contains("\n3s "), "{table}");
    // One compact table, not a report per value.
    assert_eq!(out.matches("50 runs · scenario").count(), 0, "{out}");
    assert_eq!(
        table.lines().count(),
        5,
        "title, header, three values: {table}"
    );
}

/// `--jitter PCT` makes a Monte Carlo of the default scenario vary: the spread shows in the
/// percentiles, the header names it, the same seed gives the same bytes, another seed other
/// ones; without it, `--runs N` says on stderr that nothing varies.
#[test]
fn jitter_spreads_the_default_scenario() {
    let args = [
        "simulate",
        "src/examples/init-containers.yaml",
        "--runs",
        "500",
        "--jitter",
        "20",
        "--seed",
        "4",
        "-q",
    ];
    snapshot_cli("montecarlo__jitter_flag_default_scenario", &args);
    let first = run(&args);
    assert_eq!(first.status.code(), Some(0), "{}", render(&first));
    let text = String::from_utf8_lossy(&first.stdout).to_string();
    assert!(text.contains("scenario: --jitter 20%"), "{text}");
    assert!(
        !String::from_utf8_lossy(&first.stderr).contains("nothing in the scenario"),
        "{}",
        render(&first)
    );
    let again = super::support::podlife(&args)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("runs");
    assert_eq!(first.stdout, again.stdout, "same seed, same bytes");
    let mut other = args;
    other[7] = "5";
    assert_ne!(run(&other).stdout, first.stdout, "another seed, other runs");

    let json = |extra: &[&str]| -> serde_json::Value {
        let mut all = vec![
            "simulate",
            "src/examples/init-containers.yaml",
            "--runs",
            "300",
            "-o",
            "json",
        ];
        all.extend_from_slice(extra);
        let output = run(&all);
        serde_json::from_slice(&output.stdout).expect("JSON")
    };
    let spread = |value: &serde_json::Value| {
        let ready = &value["metrics"]["readyMs"];
        (ready["min"].as_u64(), ready["max"].as_u64())
    };
    let (min, max) = spread(&json(&[]));
    assert!(min.is_some(), "ready is measured");
    assert_eq!(min, max, "without jitter every run is the same");
    let (min, max) = spread(&json(&["--jitter", "20"]));
    assert!(min < max, "with jitter the runs differ: {min:?} {max:?}");

    let bad = run(&[
        "simulate",
        "src/examples/job.yaml",
        "--runs",
        "5",
        "--jitter",
        "0",
    ]);
    assert_eq!(bad.status.code(), Some(2), "{}", render(&bad));
    snapshot("montecarlo__jitter_bad_value", &render(&bad));
}
