//! Monte Carlo engine tests: sampled distributions against their parameters
//! (Kolmogorov–Smirnov at a fixed seed), tail expectations parsed, run seeds. What `simulate
//! --runs` prints is tested through the command line in `tests/podlife/montecarlo.rs`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::SimDuration;

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
