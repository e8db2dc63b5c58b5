//! `podlife rollout`: a workload's rolling update, simulated from the pod lifecycle model.
//!
//! Pods do not interact, so each pod's life (when it is Ready, how long it takes to go once
//! deleted) comes from one run of the single-pod simulator (`lifecycle`), and a workload
//! controller (`deployment`, `statefulset`, `daemonset`) drives the replicas over those lives in
//! a discrete-event loop of integer milliseconds (`world`). `fenceposts` turns `maxSurge` and
//! `maxUnavailable` into counts; `timeline` is what a run leaves; `montecarlo` runs many and
//! `expect` judges them. The rules each controller follows are in docs/rollout.md.

pub mod daemonset;
pub mod deployment;
pub mod expect;
pub mod fenceposts;
pub mod lifecycle;
pub mod montecarlo;
pub mod statefulset;
pub mod timeline;
pub mod world;

#[cfg(test)]
mod tests;

use crate::k8s::workload::rollout::{RolloutControl, WorkloadKind};
use crate::rollout::lifecycle::{Lives, PodModel};
use crate::rollout::timeline::{Recorder, RolloutRun};
use crate::rollout::world::{Controller, World};

/// Most replicas (or nodes) a rollout may have.
pub const MAX_REPLICAS: u32 = 5_000;

/// Most simulated time a rollout may run (24 h).
pub const MAX_HORIZON_MS: u64 = 24 * 3_600_000;

/// What a rollout run needs.
#[derive(Clone, Copy)]
pub struct RolloutSetup<'a> {
    /// The workload's name.
    pub name: &'a str,
    /// Its controller settings.
    pub control: &'a RolloutControl,
    /// Replicas (a DaemonSet: nodes), within [`MAX_REPLICAS`].
    pub replicas: u32,
    /// The new revision's pods.
    pub new: PodModel<'a>,
    /// The old revision's pods.
    pub old: PodModel<'a>,
    /// When an old pod first becomes Ready in its own run ([`Lives::old_ready_at`]).
    pub old_ready_at: Option<u64>,
    /// How long a controller takes to react to a change (ms).
    pub latency: u64,
    /// The seed of the run.
    pub seed: u64,
    /// The horizon (ms), within [`MAX_HORIZON_MS`].
    pub horizon: u64,
    /// The event budget of each pod's run.
    pub max_events: u64,
    /// Whether to keep the timeline and events (a Monte Carlo run keeps the summary only).
    pub record: bool,
}

/// Runs the rollout once.
pub fn run(setup: &RolloutSetup<'_>) -> RolloutRun {
    let lives = Lives::new(
        setup.new,
        setup.old,
        setup.seed,
        setup.horizon,
        setup.max_events,
        setup.old_ready_at,
    );
    let mut world = World {
        pods: Vec::new(),
        lives,
        recorder: Recorder::new(setup.record),
        min_ready: u64::try_from(setup.control.min_ready_seconds).unwrap_or(0) * 1000,
        horizon: setup.horizon,
    };
    let mut controller: Box<dyn Controller> = match setup.control.kind {
        WorkloadKind::Deployment => {
            let deployment = deployment::Deployment::new(setup.name, setup.control, setup.replicas);
            deployment.populate(&mut world);
            Box::new(deployment)
        }
        WorkloadKind::StatefulSet => {
            let mut set = statefulset::StatefulSet::new(setup.name, setup.control, setup.replicas);
            set.populate(&mut world);
            Box::new(set)
        }
        WorkloadKind::DaemonSet => {
            let set = daemonset::DaemonSet::new(setup.name, setup.control, setup.replicas);
            set.populate(&mut world);
            Box::new(set)
        }
    };
    world::run(controller.as_mut(), world, setup.latency)
}
