//! Monte Carlo over the scenario's jitter: N independent runs in parallel, streaming statistics
//! and outcome probabilities, tail expectations and sweeps (docs/montecarlo.md).

pub mod expect;
pub mod metrics;
pub mod outcomes;
pub mod runner;
pub mod stats;
pub mod sweep;
#[cfg(test)]
mod tests;

use crate::sim::montecarlo::runner::run_seed;

/// The seed of run `index` (re-exported for docs and tests).
pub fn seed_of_run(seed: u64, index: u64) -> u64 {
    run_seed(seed, index)
}
