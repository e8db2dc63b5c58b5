//! Monte Carlo tests: sampled distributions against their parameters (Kolmogorov–Smirnov at a
//! fixed seed), probabilities converging, zero spread without jitter, byte-identical JSON
//! whatever the thread count, and worst runs replayed alone by their seed.

use clap::Parser;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::cli::{Cli, Command};
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::SimDuration;

/// Runs `podlife <args>` in the crate root: (exit code, stdout).
fn podlife(args: &[&str]) -> (u8, String) {
    let cli = Cli::try_parse_from(std::iter::once("podlife").chain(args.iter().copied()))
        .expect("arguments parse");
    let Command::Simulate(simulate) = &cli.command else {
        panic!("not simulate");
    };
    let mut out = Vec::new();
    let code = crate::cli::commands::simulate::run(&cli, simulate, &mut out).expect("runs");
    (code, String::from_utf8(out).expect("UTF-8"))
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out) = podlife(args);
    assert_eq!(code, 0, "{out}");
    serde_json::from_str(&out).expect("JSON")
}

/// Kolmogorov–Smirnov statistic of `samples` against the CDF `cdf`.
fn ks_statistic(mut samples: Vec<f64>, cdf: impl Fn(f64) -> f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    let n = samples.len() as f64;
    samples
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let f = cdf(*x);
            (f - i as f64 / n).abs().max(((i + 1) as f64 / n - f).abs())
        })
        .fold(0.0, f64::max)
}

/// The standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7).
fn phi(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

fn draw(dist: &Dist, n: usize) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    (0..n)
        .map(|_| dist.sample(&mut rng).millis() as f64)
        .collect()
}

/// The critical value at α = 0.001 is 1.95/√n; with 5000 samples, 0.0276. Samples are whole
/// milliseconds, so CDFs are evaluated at x + 0.5 (continuity correction).
const N: usize = 5000;
fn critical() -> f64 {
    1.95 / (N as f64).sqrt()
}

#[test]
fn ks_uniform_matches_its_bounds() {
    let dist = Dist::Uniform {
        low: SimDuration(1000),
        high: SimDuration(3000),
    };
    let d = ks_statistic(draw(&dist, N), |x| {
        ((x + 0.5 - 1000.0) / 2001.0).clamp(0.0, 1.0)
    });
    assert!(d < critical(), "D = {d}");
}

#[test]
fn ks_normal_truncated_at_zero_matches_mean_and_stddev() {
    let dist = Dist::Normal {
        mean: SimDuration(2000),
        stddev: SimDuration(800),
    };
    // Truncation at 0 puts Φ(-2.5) = 0.6 % at 0: the CDF from 0 on is the normal's.
    let d = ks_statistic(draw(&dist, N), |x| phi((x + 0.5 - 2000.0) / 800.0));
    assert!(d < critical(), "D = {d}");
}

#[test]
fn ks_lognormal_matches_median_and_sigma() {
    let dist = Dist::LogNormal {
        median: SimDuration(2000),
        sigma: 0.5,
    };
    let d = ks_statistic(draw(&dist, N), |x| phi(((x + 0.5) / 2000.0).ln() / 0.5));
    assert!(d < critical(), "D = {d}");
}

#[test]
fn ks_exponential_matches_its_mean() {
    let dist = Dist::Exponential {
        mean: SimDuration(2000),
    };
    let d = ks_statistic(draw(&dist, N), |x| 1.0 - (-(x + 0.5) / 2000.0).exp());
    assert!(d < critical(), "D = {d}");
}

#[test]
fn empirical_samples_are_equally_likely() {
    let dist = Dist::Empirical(vec![
        SimDuration(1),
        SimDuration(2),
        SimDuration(3),
        SimDuration(4),
    ]);
    let samples = draw(&dist, 8000);
    for value in 1..=4 {
        let share = samples.iter().filter(|s| **s == f64::from(value)).count() as f64 / 8000.0;
        assert!((share - 0.25).abs() < 0.02, "{value}: {share}");
    }
}

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
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool")
            .install(|| podlife(&args))
    };
    let one = on(1);
    let two = on(2);
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
            .map(|ms| SimDuration(ms).to_string());
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
fn bad_tail_expectations_are_usage_errors() {
    let plan_metrics = {
        let pod =
            crate::sim::testing::pod_from_yaml(crate::input::examples::default_example().text);
        super::metrics::metrics(&crate::sim::plan::spec::PodPlan::new(&pod))
    };
    let error = |text: &str| {
        super::expect::parse(text, &plan_metrics)
            .expect_err(text)
            .to_string()
    };
    assert!(error("p99:redy<=3s").contains("did you mean `ready`?"));
    assert!(error("prob:faild<=1%").contains("did you mean `failed`?"));
    assert!(error("p98:ready<=3s").contains("unknown statistic"));
    assert!(error("ready-within=3s").contains("with --runs, write"));
    assert!(error("prob:failed<=150%").contains("not a probability"));
}

#[test]
fn run_seeds_start_at_the_seed_and_do_not_overlap_neighbouring_seeds() {
    use super::runner::run_seed;
    assert_eq!(run_seed(7, 0), 7);
    let a: std::collections::BTreeSet<u64> = (0..1000).map(|i| run_seed(7, i)).collect();
    let b: std::collections::BTreeSet<u64> = (0..1000).map(|i| run_seed(8, i)).collect();
    assert_eq!(a.len(), 1000);
    assert!(a.is_disjoint(&b));
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
