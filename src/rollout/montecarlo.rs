//! `--runs N`: N independent rollouts over the scenario's jitter, in parallel (rayon), run `i`
//! seeded as `simulate --runs` seeds it (`run_seed(seed, i)`), so that the result is the same
//! whatever the number of threads; and the percentiles of what they left.

use rayon::prelude::*;

use crate::rollout::{RolloutSetup, run};
use crate::sim::montecarlo::runner::run_seed;

/// Most runs one Monte Carlo may have.
pub const MAX_RUNS: u64 = 100_000;

/// What one run left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunFigures {
    /// Its index.
    pub index: u64,
    /// The seed that replays it (`--seed <seed> --runs 1`).
    pub seed: u64,
    /// When it completed.
    pub complete_at: Option<u64>,
    /// When `ProgressDeadlineExceeded` first came.
    pub deadline_exceeded_at: Option<u64>,
    /// Most pods at once.
    pub max_pods: u32,
    /// Fewest available pods at once.
    pub min_available: u32,
    /// Whether a pod's run reached its event budget.
    pub cut_by_event_budget: bool,
}

/// Runs `runs` rollouts of `setup` (its seed is the Monte Carlo's), in index order.
pub fn run_many(setup: &RolloutSetup<'_>, runs: u64) -> Vec<RunFigures> {
    (0..runs)
        .into_par_iter()
        .map(|index| {
            let seed = run_seed(setup.seed, index);
            let one = RolloutSetup {
                seed,
                record: false,
                ..*setup
            };
            let summary = run(&one).summary;
            RunFigures {
                index,
                seed,
                complete_at: summary.complete_at,
                deadline_exceeded_at: summary.deadline_exceeded_at,
                max_pods: summary.max_pods,
                min_available: summary.min_available,
                cut_by_event_budget: summary.cut_by_event_budget,
            }
        })
        .collect()
}

/// A figure of each run, as `--expect` and the report name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// The time to complete (`rollout`); a run that never completed counts as never.
    Rollout,
    /// Most pods at once (`max-pods`).
    MaxPods,
    /// Fewest available pods (`min-available`).
    MinAvailable,
}

impl Metric {
    /// Every metric, in report order.
    pub const ALL: [Metric; 3] = [Metric::Rollout, Metric::MaxPods, Metric::MinAvailable];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Rollout => "rollout",
            Metric::MaxPods => "max-pods",
            Metric::MinAvailable => "min-available",
        }
    }

    /// Whether its values are times (ms).
    pub fn is_time(self) -> bool {
        self == Metric::Rollout
    }

    /// Its value in a run; `None` for a rollout that never completed.
    pub fn value(self, run: &RunFigures) -> Option<u64> {
        match self {
            Metric::Rollout => run.complete_at,
            Metric::MaxPods => Some(u64::from(run.max_pods)),
            Metric::MinAvailable => Some(u64::from(run.min_available)),
        }
    }
}

/// An outcome of a run, for `prob:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The rollout completed.
    Completed,
    /// `Progressing` became False with `ProgressDeadlineExceeded`.
    ProgressDeadlineExceeded,
}

impl Outcome {
    /// Every outcome, in report order.
    pub const ALL: [Outcome; 2] = [Outcome::Completed, Outcome::ProgressDeadlineExceeded];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Completed => "Completed",
            Outcome::ProgressDeadlineExceeded => "ProgressDeadlineExceeded",
        }
    }

    /// Whether it happened in a run.
    pub fn happened(self, run: &RunFigures) -> bool {
        match self {
            Outcome::Completed => run.complete_at.is_some(),
            Outcome::ProgressDeadlineExceeded => run.deadline_exceeded_at.is_some(),
        }
    }

    /// Its share of the runs, from 0 to 1.
    pub fn probability(self, runs: &[RunFigures]) -> f64 {
        if runs.is_empty() {
            return 0.0;
        }
        let count = runs.iter().filter(|run| self.happened(run)).count();
        count as f64 / runs.len() as f64
    }
}

/// A statistic over the runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// The least value.
    Min,
    /// A percentile (nearest rank), in permille: p50 is 500.
    Percentile(u64),
    /// The greatest value.
    Max,
}

impl Stat {
    /// The statistics the report shows.
    pub const SHOWN: [Stat; 5] = [
        Stat::Min,
        Stat::Percentile(500),
        Stat::Percentile(900),
        Stat::Percentile(990),
        Stat::Max,
    ];

    /// Its name (`p99`).
    pub fn name(self) -> String {
        match self {
            Stat::Min => "min".to_string(),
            Stat::Max => "max".to_string(),
            Stat::Percentile(permille) if permille % 10 == 0 => format!("p{}", permille / 10),
            Stat::Percentile(permille) => format!("p{}.{}", permille / 10, permille % 10),
        }
    }

    /// Reads `min`, `max`, `p50`, `p99.9`.
    pub fn parse(text: &str) -> Option<Stat> {
        match text {
            "min" => Some(Stat::Min),
            "max" => Some(Stat::Max),
            _ => {
                let number = text.strip_prefix('p')?;
                let (whole, tenth) = number.split_once('.').unwrap_or((number, "0"));
                let whole: u64 = whole.parse().ok()?;
                let tenth: u64 = if tenth.len() == 1 {
                    tenth.parse().ok()?
                } else {
                    return None;
                };
                let permille = whole * 10 + tenth;
                (1..=1000)
                    .contains(&permille)
                    .then_some(Stat::Percentile(permille))
            }
        }
    }

    /// The statistic of `metric` over `runs`; `None` means never (a rollout that did not
    /// complete sorts after every time), or that there are no runs.
    pub fn of(self, metric: Metric, runs: &[RunFigures]) -> Option<u64> {
        let mut values: Vec<u64> = runs
            .iter()
            .map(|run| metric.value(run).unwrap_or(u64::MAX))
            .collect();
        if values.is_empty() {
            return None;
        }
        values.sort_unstable();
        let count = values.len() as u64;
        let rank = match self {
            Stat::Min => 1,
            Stat::Max => count,
            Stat::Percentile(permille) => (permille * count).div_ceil(1000).clamp(1, count),
        };
        let value = values.get(usize::try_from(rank - 1).ok()?).copied()?;
        (value != u64::MAX).then_some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(times: &[Option<u64>]) -> Vec<RunFigures> {
        (0u64..)
            .zip(times)
            .map(|(index, time)| RunFigures {
                index,
                seed: index,
                complete_at: *time,
                deadline_exceeded_at: time.is_none().then_some(601_000),
                max_pods: 13,
                min_available: 8,
                cut_by_event_budget: false,
            })
            .collect()
    }

    #[test]
    fn percentiles_are_nearest_rank_and_never_sorts_last() {
        let runs = figures(&[Some(10), Some(30), Some(20), None]);
        assert_eq!(Stat::Min.of(Metric::Rollout, &runs), Some(10));
        assert_eq!(Stat::Percentile(500).of(Metric::Rollout, &runs), Some(20));
        assert_eq!(Stat::Percentile(750).of(Metric::Rollout, &runs), Some(30));
        assert_eq!(Stat::Percentile(990).of(Metric::Rollout, &runs), None);
        assert!((Outcome::ProgressDeadlineExceeded.probability(&runs) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn stats_parse_and_print() {
        assert_eq!(Stat::parse("p99"), Some(Stat::Percentile(990)));
        assert_eq!(Stat::parse("p99.9"), Some(Stat::Percentile(999)));
        assert_eq!(Stat::parse("p0"), None);
        assert_eq!(Stat::Percentile(999).name(), "p99.9");
    }
}
