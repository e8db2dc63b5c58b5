//! The views of a run: header and summary, events table, `--watch`, `--timeline`, `--trace`, JSON.

pub mod events;
pub mod json;
pub mod summary;
pub mod table;
pub mod termination;
pub mod timeline;
pub mod trace;
pub mod watch;

use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::outcome::SimOutcome;

/// Everything a view needs to know about one run.
#[derive(Debug, Clone, Copy)]
pub struct RunContext<'a> {
    /// The pod.
    pub plan: &'a PodPlan,
    /// What happened.
    pub outcome: &'a SimOutcome,
    /// Where the pod came from (`example:init-containers`, a path).
    pub source: &'a str,
    /// The object's kind (`Pod`, `Job`, …).
    pub kind: &'a str,
    /// The generator's seed.
    pub seed: u64,
    /// Whether any duration is drawn from a distribution.
    pub jitter: bool,
    /// The scenario, described (`defaults`, `scenario.yaml, --fail web=1`).
    pub scenario: &'a str,
    /// The horizon.
    pub horizon: SimDuration,
}
