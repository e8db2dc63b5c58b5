//! The views of a run: header and summary, events table, `--watch`, `--timeline`, `--trace`, JSON.

// Views index the plan's containers by the indices its own run recorded (see `sim/mod.rs`).
#![allow(clippy::indexing_slicing)]

pub mod events;
pub mod explore;
pub mod job;
pub mod json;
pub mod plot;
pub mod summary;
pub mod table;
pub mod termination;
pub mod timeline;
pub mod trace;
pub mod watch;
pub mod why_failed;

use crate::render::paint::Paint;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::outcome::SimOutcome;

/// What every report of a simulation names: the pod, where it came from, the scenario, the
/// seed and the horizon (one run's views and the Monte Carlo report share it).
#[derive(Debug, Clone, Copy)]
pub struct RunDescription<'a> {
    /// The pod.
    pub plan: &'a PodPlan,
    /// Where the pod came from (`example:init-containers`, a path).
    pub source: &'a str,
    /// The object's kind (`Pod`, `Job`, …).
    pub kind: &'a str,
    /// The scenario, described (`defaults`, `scenario.yaml, --fail web=1`).
    pub scenario: &'a str,
    /// The generator's seed.
    pub seed: u64,
    /// The horizon.
    pub horizon: SimDuration,
    /// The cluster simulated: its release and feature gates.
    pub gates: crate::k8s::cluster::FeatureGates,
}

/// Everything a view needs to know about one run.
#[derive(Debug, Clone, Copy)]
pub struct RunContext<'a> {
    /// The pod, the scenario, the seed and the horizon.
    pub run: RunDescription<'a>,
    /// What happened.
    pub outcome: &'a SimOutcome,
    /// Whether any duration is drawn from a distribution.
    pub jitter: bool,
    /// Colour for the text views (`--color`).
    pub paint: Paint,
    /// For a Job: the controller's run (the views show its first pod).
    pub job: Option<&'a crate::sim::job::JobRun>,
}
