//! Running N independent simulations in parallel (rayon) and folding their summaries into
//! streaming statistics, outcome counts and the K worst runs.
//!
//! Run `i` of `--seed S` uses the seed `S + i·0x9E3779B97F4A7C15` (wrapping; a Weyl sequence
//! on the golden ratio), so run 0 uses `S` itself and `--seed <that> --runs 1` replays any run
//! alone. Runs are cut into fixed blocks; every merge is an exact integer sum or a total order,
//! so the result is byte-identical whatever the number of threads.

use rayon::prelude::*;

use crate::k8s::model::Pod;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{Kubelet, SimConfig};
use crate::sim::montecarlo::metrics::{self, Metric};
use crate::sim::montecarlo::outcomes::Proportion;
use crate::sim::montecarlo::stats::StreamStats;
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::Phase;
use crate::sim::record::RecordOptions;
use crate::sim::record::outcome::Summary;

/// The Weyl increment between run seeds.
pub const SEED_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// Runs per block of work.
const BLOCK: u64 = 512;

/// The seed of run `index` of a Monte Carlo with seed `seed`.
pub fn run_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(index.wrapping_mul(SEED_STEP))
}

/// What to run.
#[derive(Debug, Clone, Copy)]
pub struct MonteCarloConfig {
    /// `--seed`.
    pub seed: u64,
    /// `--runs`.
    pub runs: u64,
    /// `--until`.
    pub horizon: SimDuration,
    /// How many worst runs to keep.
    pub keep_worst: usize,
    /// `--max-events`, per run.
    pub max_events: u64,
}

/// One of the worst runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorstRun {
    /// Its index.
    pub index: u64,
    /// The seed that replays it (`--seed <seed> --runs 1`).
    pub seed: u64,
    /// Its summary.
    pub summary: Summary,
}

impl WorstRun {
    /// Sort key: larger is worse. Failed first, then never Ready, then the latest Ready; the
    /// earlier run wins a tie.
    fn badness(&self) -> (bool, bool, u64, std::cmp::Reverse<u64>) {
        (
            self.summary.phase == Phase::Failed,
            self.summary.ready_at.is_none(),
            self.summary
                .ready_at
                .map_or(0, super::super::engine::time::SimTime::millis),
            std::cmp::Reverse(self.index),
        )
    }
}

/// Everything the runs add up to.
#[derive(Debug, Clone)]
pub struct Aggregate {
    /// Runs folded in.
    pub runs: u64,
    /// Per metric, in [`metrics::metrics`] order.
    pub stats: Vec<StreamStats>,
    /// Per outcome, in [`metrics::outcome_names`] order.
    pub outcomes: Vec<Proportion>,
    /// The worst runs, worst first.
    pub worst: Vec<WorstRun>,
    /// Runs the event budget stopped before their horizon.
    pub cut_by_event_budget: u64,
    keep: usize,
}

impl Aggregate {
    fn new(metric_count: usize, keep: usize) -> Self {
        Aggregate {
            runs: 0,
            stats: vec![StreamStats::default(); metric_count],
            outcomes: vec![Proportion::default(); metrics::outcome_names().len()],
            worst: Vec::new(),
            cut_by_event_budget: 0,
            keep,
        }
    }

    fn add(&mut self, run: WorstRun, values: &mut Vec<Option<u64>>, flags: &mut Vec<bool>) {
        metrics::extract(&run.summary, values, flags);
        self.runs += 1;
        self.cut_by_event_budget += u64::from(run.summary.cut_by_event_budget);
        for (stats, value) in self.stats.iter_mut().zip(values.iter()) {
            if let Some(value) = value {
                stats.add(*value);
            }
        }
        for (proportion, happened) in self.outcomes.iter_mut().zip(flags.iter()) {
            proportion.runs += 1;
            proportion.count += u64::from(*happened);
        }
        self.offer(run);
    }

    fn offer(&mut self, run: WorstRun) {
        if self.keep == 0 {
            return;
        }
        if self.worst.len() == self.keep
            && self
                .worst
                .last()
                .is_some_and(|least| least.badness() >= run.badness())
        {
            return;
        }
        let at = self
            .worst
            .partition_point(|kept| kept.badness() > run.badness());
        self.worst.insert(at, run);
        self.worst.truncate(self.keep);
    }

    fn merge(mut self, other: Aggregate) -> Aggregate {
        self.runs += other.runs;
        self.cut_by_event_budget += other.cut_by_event_budget;
        for (mine, theirs) in self.stats.iter_mut().zip(&other.stats) {
            mine.merge(theirs);
        }
        for (mine, theirs) in self.outcomes.iter_mut().zip(&other.outcomes) {
            mine.runs += theirs.runs;
            mine.count += theirs.count;
        }
        for run in other.worst {
            self.offer(run);
        }
        self
    }
}

/// Runs one simulation with recording off and returns its summary.
pub fn run_one(
    pod: &Pod,
    plan: &PodPlan,
    behaviour: &Behaviour,
    seed: u64,
    horizon: SimDuration,
    max_events: u64,
) -> Summary {
    let config = SimConfig {
        max_events,
        seed,
        horizon,
        record: RecordOptions::NONE,
    };
    Kubelet::new(pod, plan, behaviour, config).run_summary()
}

/// Runs the Monte Carlo on the current rayon pool; `on_run` is called after each run (progress).
pub fn run(
    pod: &Pod,
    plan: &PodPlan,
    behaviour: &Behaviour,
    config: MonteCarloConfig,
    on_run: Option<&(dyn Fn() + Sync)>,
) -> (Vec<Metric>, Aggregate) {
    let metric_list = metrics::metrics(plan);
    let count = metric_list.len();
    let blocks = config.runs.div_ceil(BLOCK);
    let aggregate = (0..blocks)
        .into_par_iter()
        .map(|block| {
            let mut aggregate = Aggregate::new(count, config.keep_worst);
            let mut values = Vec::with_capacity(count);
            let mut flags = Vec::new();
            let end = ((block + 1) * BLOCK).min(config.runs);
            for index in block * BLOCK..end {
                let seed = run_seed(config.seed, index);
                let summary = run_one(
                    pod,
                    plan,
                    behaviour,
                    seed,
                    config.horizon,
                    config.max_events,
                );
                aggregate.add(
                    WorstRun {
                        index,
                        seed,
                        summary,
                    },
                    &mut values,
                    &mut flags,
                );
                if let Some(on_run) = on_run {
                    on_run();
                }
            }
            aggregate
        })
        .reduce(
            || Aggregate::new(count, config.keep_worst),
            Aggregate::merge,
        );
    (metric_list, aggregate)
}
