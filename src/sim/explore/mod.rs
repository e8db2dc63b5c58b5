//! `simulate --explore`: what happens to the pod if any one thing goes wrong. For every
//! container and every fault that applies to it (`fault.rs`), one run of the scenario with that
//! fault added; each row says when the pod became Ready, the restarts, the final phase, what
//! the pod never reached because of the fault ([`Blocked`]), and (with a deletion) how far
//! termination overran its grace period. Runs are at the distributions' medians and
//! independent, so they run in parallel and the rows are deterministic; they are sorted worst
//! first.

pub mod fault;
pub mod unblocked;

use rayon::prelude::*;

use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::spec::{ContainerIndex, PodPlan, RestartPolicy};
use crate::sim::record::{Phase, RecordOptions};
use crate::sim::scenario::Patch;

pub use fault::{FaultKind, FaultSelection, Persistence};
pub use unblocked::Unblocked;

/// What a run never reached by the horizon: the first goal, in the pod's order, that the
/// fault kept it from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Blocked {
    /// After a deletion, the pod never stopped.
    Termination,
    /// A Job's controller never ended the Job as Complete.
    JobCompletion,
    /// The pod never became Initialized (an init container never completed).
    Initialization,
    /// The pod never became Ready.
    Ready,
    /// The pod became Ready, then was not Ready at the horizon.
    StayingReady,
    /// A pod that runs to completion never Succeeded.
    Completion,
}

impl Blocked {
    /// As reports and JSON say it.
    pub fn name(self) -> &'static str {
        match self {
            Blocked::Termination => "termination",
            Blocked::JobCompletion => "job-completion",
            Blocked::Initialization => "initialization",
            Blocked::Ready => "ready",
            Blocked::StayingReady => "staying-ready",
            Blocked::Completion => "completion",
        }
    }
}

/// One explored fault and what the pod did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExploreRow {
    /// The container, or `None` for the run without an added fault.
    pub container: Option<ContainerIndex>,
    /// The fault, or `None` for the baseline.
    pub fault: Option<FaultKind>,
    /// When `Ready` first became true.
    pub ready_at: Option<SimTime>,
    /// Restarts of every container together.
    pub restarts: u32,
    /// The final phase.
    pub phase: Phase,
    /// At the horizon the pod is neither Ready nor finished (nor, after a deletion, gone).
    pub stuck: bool,
    /// What the run never reached by the horizon (`None`: the pod got where it was going).
    pub blocks: Option<Blocked>,
    /// With a deletion: how long after the deletion the pod was stopped (`None` when it never
    /// stopped or there was no deletion).
    pub stopped_after: Option<SimDuration>,
    /// With a deletion: how far that went past the grace period (zero if in time).
    pub termination_overrun: Option<SimDuration>,
    /// Calls the runtime refused (a kubelet-model bug).
    pub illegal_calls: u32,
    /// For a Job: how its controller ended it.
    pub job: Option<crate::sim::job::JobCondition>,
    /// For a permanent fault that blocked nothing: what made it harmless.
    pub unblocked: Option<Unblocked>,
}

impl ExploreRow {
    /// Whether the fault passes (`None` for the baseline).
    pub fn persistence(&self) -> Option<Persistence> {
        self.fault.map(FaultKind::persistence)
    }

    /// A transient fault the pod did not recover from: what `never-stuck` fails on.
    pub fn stuck_after_transient(&self) -> bool {
        self.persistence() == Some(Persistence::Transient) && self.blocks.is_some()
    }

    /// Worst first: transient faults not recovered from, then anything blocked, stuck, never
    /// ready, failed, overrun, restarts, slower termination, later ready; then plan order and
    /// fault order, so ties are stable.
    fn severity_key(&self) -> impl Ord + use<> {
        (
            std::cmp::Reverse(self.stuck_after_transient()),
            std::cmp::Reverse(self.blocks.is_some()),
            std::cmp::Reverse(self.stuck),
            std::cmp::Reverse(self.ready_at.is_none()),
            std::cmp::Reverse(self.phase == Phase::Failed),
            std::cmp::Reverse(matches!(
                self.job,
                Some(crate::sim::job::JobCondition::Failed(_))
            )),
            std::cmp::Reverse(self.termination_overrun.unwrap_or(SimDuration::ZERO)),
            std::cmp::Reverse(self.restarts),
            std::cmp::Reverse(self.stopped_after),
            std::cmp::Reverse(self.ready_at),
            self.container,
            self.fault,
        )
    }
}

/// What exploring needs: the pod, its plan, the scenario as the flags and file made it, and
/// the run's settings.
pub struct Exploration<'a> {
    /// The defaulted pod.
    pub pod: &'a crate::k8s::model::Pod,
    /// Its plan.
    pub plan: &'a PodPlan,
    /// The scenario every row starts from.
    pub base: &'a Patch,
    /// Seed (only jitter draws from it; runs are at medians).
    pub seed: u64,
    /// The horizon of every run.
    pub horizon: SimDuration,
    /// Event budget per run.
    pub max_events: u64,
    /// For a Job: its controller's settings (each row runs the Job, not only one pod).
    pub job: Option<&'a crate::k8s::workload::job::JobControl>,
    /// Which faults to try (`--faults`, `--skip-fault`).
    pub selection: &'a FaultSelection,
}

/// The faults that apply to the pod and are selected, as (container, fault), in plan order.
pub fn faults(
    plan: &PodPlan,
    deletion: bool,
    selection: &FaultSelection,
) -> Vec<(ContainerIndex, FaultKind)> {
    (0..plan.containers.len())
        .flat_map(|container| {
            FaultKind::ALL
                .into_iter()
                .filter(move |fault| {
                    selection.includes(*fault) && fault.applies(plan, container, deletion)
                })
                .map(move |fault| (container, fault))
        })
        .collect()
}

/// Runs the baseline and every fault (in parallel) and returns the rows, worst first, the
/// baseline last among equals. The second value is the baseline row.
pub fn explore(exploration: &Exploration<'_>) -> (Vec<ExploreRow>, ExploreRow) {
    let deletion = exploration.base.termination.deletion.is_some();
    let faults = faults(exploration.plan, deletion, exploration.selection);
    let baseline = run_one(exploration, None);
    let mut rows: Vec<ExploreRow> = faults
        .par_iter()
        .map(|&(container, fault)| run_one(exploration, Some((container, fault))))
        .collect();
    rows.sort_by_cached_key(ExploreRow::severity_key);
    (rows, baseline)
}

fn run_one(
    exploration: &Exploration<'_>,
    fault: Option<(ContainerIndex, FaultKind)>,
) -> ExploreRow {
    let plan = exploration.plan;
    let mut patch = exploration.base.clone();
    let grace = exploration
        .base
        .termination
        .deletion
        .and_then(|d| d.grace)
        .unwrap_or(plan.termination_grace);
    // Slow SIGTERM: a minute past the grace period, so SIGKILL ends it.
    let slow = grace + SimDuration::from_secs(60);
    if let Some((container, kind)) = fault {
        kind.apply(container, &mut patch, slow);
    }
    let behaviour = patch.build(plan).at_medians();
    // A fault that happens once happens to a Job's first pod only.
    let unfaulted = (fault.is_some_and(|(_, kind)| kind.persistence() == Persistence::Transient))
        .then(|| exploration.base.build(plan).at_medians());
    let config = SimConfig {
        max_events: exploration.max_events,
        seed: exploration.seed,
        horizon: exploration.horizon,
        record: RecordOptions {
            events: exploration.job.is_some(),
            trace: false,
            statuses: false,
            lanes: false,
            conditions: false,
        },
    };
    let job = exploration.job.map(|control| {
        crate::sim::job::run_job(&crate::sim::job::JobSetup {
            control,
            pod: exploration.pod,
            plan,
            behaviour: &behaviour,
            replacements: unfaulted.as_ref(),
            config,
        })
    });
    let outcome = match job.as_ref().and_then(|run| run.pods.first()) {
        Some(first) => first.outcome.clone(),
        None => simulate(exploration.pod, plan, &behaviour, config),
    };
    let summary = &outcome.summary;
    let term = &summary.termination;
    let deleted = exploration.base.termination.deletion.is_some();
    let terminal = matches!(summary.phase, Phase::Succeeded | Phase::Failed);
    let gone = summary.ended_at.is_some();
    let ready_now = outcome.final_status.conditions.iter().flatten().any(|c| {
        c.condition_type.as_deref() == Some("Ready") && c.status.as_deref() == Some("True")
    });
    let stuck = match &job {
        // A Job is stuck when its controller has not ended it by the horizon.
        Some(run) => run.condition == crate::sim::job::JobCondition::Active,
        None if deleted => !gone,
        None => !(ready_now || terminal || gone),
    };
    let completes = plan.restart_policy != RestartPolicy::Always;
    let blocks = blocked(&outcome, job.as_ref(), deleted, completes, ready_now);
    let stopped_after = match (term.requested_at_ms, summary.ended_at) {
        (Some(requested), Some(ended)) if deleted => Some(SimDuration::from_millis(
            ended.millis().saturating_sub(requested),
        )),
        _ => None,
    };
    let termination_overrun = stopped_after
        .map(|after| SimDuration::from_millis(after.millis().saturating_sub(grace.millis())));
    ExploreRow {
        container: fault.map(|(c, _)| c),
        fault: fault.map(|(_, f)| f),
        ready_at: summary.ready_at,
        restarts: summary.restarts.iter().sum(),
        phase: summary.phase,
        stuck,
        blocks,
        stopped_after,
        termination_overrun,
        illegal_calls: summary.illegal_calls,
        job: job.map(|run| run.condition),
        unblocked: fault
            .filter(|(_, kind)| blocks.is_none() && kind.persistence() == Persistence::Permanent)
            .map(|(container, fault)| {
                unblocked::Harmless {
                    plan,
                    container,
                    fault,
                    deleted,
                    ended_before_deletion: deleted
                        && term.requested_at_ms.is_none()
                        && summary.ended_at.is_some(),
                    completes: completes || exploration.job.is_some(),
                    images_present: &behaviour.images_present,
                }
                .why()
            }),
    }
}

/// The first goal, in the pod's order, that the run never reached (`ready_now`: Ready at the
/// horizon).
fn blocked(
    outcome: &crate::sim::record::outcome::SimOutcome,
    job: Option<&crate::sim::job::JobRun>,
    deleted: bool,
    completes: bool,
    ready_now: bool,
) -> Option<Blocked> {
    let summary = &outcome.summary;
    let gone = summary.ended_at.is_some();
    if deleted {
        (!gone).then_some(Blocked::Termination)
    } else if let Some(run) = job {
        (run.condition != crate::sim::job::JobCondition::Complete).then_some(Blocked::JobCompletion)
    } else if summary.initialized_at.is_none() {
        Some(Blocked::Initialization)
    } else if completes {
        (summary.phase != Phase::Succeeded).then_some(Blocked::Completion)
    } else if summary.ready_at.is_none() {
        Some(Blocked::Ready)
    } else {
        (!ready_now).then_some(Blocked::StayingReady)
    }
}
