//! Each pod's life, from the single-pod simulator: pods do not interact, so a new pod's Ready
//! condition over time and an old pod's time from deletion to removal come from one kubelet run
//! each (`sim::simulate`), and the controllers only read them.
//!
//! A new pod's run is simulated lazily: first to a short horizon, then, when the rollout needs
//! to know more, again to twice that (the same seed gives the same run, so the longer run extends
//! the shorter one). Without jitter every pod of a revision lives the same life, simulated once.

use crate::k8s::model::Pod;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::record::RecordOptions;

/// The bounds of the first horizon of a new pod's run: twice an old pod's time to Ready plus
/// 10 s, within these (the run is extended when the rollout needs more, so this only saves
/// time: probes after Ready are events too).
const FIRST_HORIZON_MS: (u64, u64) = (20_000, 120_000);

/// A pod revision as the kubelet model runs it.
#[derive(Clone, Copy)]
pub struct PodModel<'a> {
    /// The pod, defaulted.
    pub pod: &'a Pod,
    /// Its plan.
    pub plan: &'a PodPlan,
    /// What its containers do.
    pub behaviour: &'a Behaviour,
}

/// A pod's Ready condition over time, from its creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readiness {
    /// (time from creation in ms, Ready) at every change, in time order.
    pub changes: Vec<(u64, bool)>,
    /// How far the run was simulated (ms from creation).
    pub known_until: u64,
    /// Whether the run ended before its horizon: nothing changes after `changes`.
    pub settled: bool,
}

impl Readiness {
    /// When the pod last became Ready, if it is Ready at `at` (ms from creation).
    pub fn ready_since(&self, at: u64) -> Option<u64> {
        let last = self
            .changes
            .iter()
            .take_while(|(time, _)| *time <= at)
            .last()?;
        last.1.then_some(last.0)
    }

    /// The first change after `at` (ms from creation) that is known.
    pub fn next_change_after(&self, at: u64) -> Option<u64> {
        self.changes
            .iter()
            .map(|(time, _)| *time)
            .find(|time| *time > at)
    }

    /// Whether more may happen after what is known.
    pub fn needs_more(&self) -> bool {
        !self.settled
    }
}

/// A termination's run: how long from the deletion to the removal, if it came.
#[derive(Debug, Clone, Copy)]
struct Termination {
    took: Option<u64>,
}

/// The pods' lives for one rollout run: new pods' readiness and old pods' termination.
pub struct Lives<'a> {
    new: PodModel<'a>,
    old: PodModel<'a>,
    seed: u64,
    max_events: u64,
    new_jitter: bool,
    old_jitter: bool,
    /// Without jitter: the one new pod life, as far as simulated.
    shared_new: Option<Readiness>,
    /// The horizon of a new pod's first run.
    first_horizon: u64,
    /// When an old pod is deleted in its own run (ms from its creation): after it is Ready.
    old_delete_at: u64,
    /// Without jitter: the one termination of each revision (old, new), once run.
    shared_termination: [Option<Termination>; 2],
    /// The horizon of old pods' termination runs, after the deletion.
    termination_horizon: u64,
    /// Whether some run reached its event budget.
    pub cut_by_event_budget: bool,
}

/// A seed per pod from the run's seed: splitmix64 of the pair, so that pods and runs never
/// share a stream.
pub fn pod_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn config(seed: u64, horizon: u64, max_events: u64, conditions: bool) -> SimConfig {
    SimConfig {
        max_events,
        seed,
        horizon: SimDuration::from_millis(horizon),
        record: RecordOptions {
            events: false,
            trace: false,
            statuses: false,
            lanes: false,
            conditions,
        },
    }
}

impl<'a> Lives<'a> {
    /// The lives of one run seeded `seed`; old pods' termination runs last at most `horizon`.
    pub fn new(
        new: PodModel<'a>,
        old: PodModel<'a>,
        seed: u64,
        horizon: u64,
        max_events: u64,
        old_ready_at: Option<u64>,
    ) -> Self {
        // Delete an old pod well after it is Ready, as in a rollout that starts from Ready
        // pods; twice its (median) time to Ready leaves room for its jitter.
        let old_delete_at = old_ready_at.map_or(60_000, |ready| ready * 2 + 10_000);
        let first_horizon = old_delete_at.clamp(FIRST_HORIZON_MS.0, FIRST_HORIZON_MS.1);
        Lives {
            new,
            old,
            seed,
            max_events,
            new_jitter: new.behaviour.has_jitter(),
            old_jitter: old.behaviour.has_jitter(),
            shared_new: None,
            first_horizon,
            old_delete_at,
            shared_termination: [None, None],
            termination_horizon: horizon,
            cut_by_event_budget: false,
        }
    }

    /// When an old pod's run, without a deletion, first becomes Ready (ms), if it does within
    /// `horizon`.
    pub fn old_ready_at(
        old: PodModel<'_>,
        seed: u64,
        horizon: u64,
        max_events: u64,
    ) -> Option<u64> {
        let run = simulate(
            old.pod,
            old.plan,
            old.behaviour,
            config(seed, horizon, max_events, false),
        );
        run.summary
            .ready_at
            .map(crate::sim::engine::time::SimTime::millis)
    }

    fn simulate_new(&mut self, seed: u64, horizon: u64) -> Readiness {
        let run = simulate(
            self.new.pod,
            self.new.plan,
            self.new.behaviour,
            config(seed, horizon, self.max_events, true),
        );
        self.cut_by_event_budget |= run.summary.cut_by_event_budget;
        let changes = run
            .recording
            .conditions
            .iter()
            .filter(|change| change.condition == "Ready")
            .map(|change| (change.at.millis(), change.status))
            .collect();
        Readiness {
            changes,
            known_until: horizon,
            settled: !run.summary.cut_by_horizon || run.summary.cut_by_event_budget,
        }
    }

    /// New pod `number`'s readiness, known at least `wanted` ms from its creation (or to the end
    /// of its run).
    pub fn new_pod(&mut self, number: u64, wanted: u64) -> Readiness {
        let horizon = self.first_horizon.max(wanted);
        if self.new_jitter {
            return self.simulate_new(pod_seed(self.seed, 2 * number + 1), horizon);
        }
        match &self.shared_new {
            Some(known) if known.settled || known.known_until >= wanted => known.clone(),
            _ => {
                let known = self.simulate_new(self.seed, horizon);
                self.shared_new = Some(known.clone());
                known
            }
        }
    }

    /// Extends a new pod's readiness to at least `wanted` ms from its creation: at least twice
    /// what was known.
    pub fn extend(&mut self, number: u64, known: &Readiness, wanted: u64) -> Readiness {
        let wanted = wanted.max(known.known_until.saturating_mul(2));
        self.new_pod(number, wanted)
    }

    /// How long pod `number` of the old (or the new) revision takes from its deletion to its
    /// removal; `None` if it is never removed within the horizon. The pod is deleted in its run
    /// well after it is Ready.
    pub fn termination(&mut self, new_revision: bool, number: u64) -> Option<u64> {
        let (model, jitter, slot) = if new_revision {
            (self.new, self.new_jitter, 1)
        } else {
            (self.old, self.old_jitter, 0)
        };
        if !jitter && let Some(Some(known)) = self.shared_termination.get(slot) {
            return known.took;
        }
        let seed = if jitter {
            pod_seed(
                self.seed,
                2 * number + 2 + u64::from(new_revision) * (1 << 40),
            )
        } else {
            self.seed
        };
        let mut behaviour = model.behaviour.clone();
        behaviour.termination.deletion = Some(Deletion {
            at: SimDuration::from_millis(self.old_delete_at),
            grace: None,
            force: false,
            cause: TerminationCause::Deleted,
        });
        let horizon = self.old_delete_at + self.termination_horizon;
        let run = simulate(
            model.pod,
            model.plan,
            &behaviour,
            config(seed, horizon, self.max_events, false),
        );
        self.cut_by_event_budget |= run.summary.cut_by_event_budget;
        let took = run.summary.termination.time_to_terminated_ms;
        if !jitter && let Some(known) = self.shared_termination.get_mut(slot) {
            *known = Some(Termination { took });
        }
        took
    }
}
