//! `simulate --explore`: what happens to the pod if any one thing goes wrong. For every
//! container and every fault that applies to it, one run of the scenario with that fault added;
//! each row says when the pod became Ready, the restarts, the final phase, whether the pod is
//! stuck, and (with a deletion) how far termination overran its grace period. Runs are at the
//! distributions' medians and independent, so they run in parallel and the rows are
//! deterministic; they are sorted worst first.

use rayon::prelude::*;

use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::behaviour::ExitKind;
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, PodPlan, ProbeKind};
use crate::sim::record::{Phase, RecordOptions};
use crate::sim::scenario::Patch;
use crate::sim::scenario::flags::{FailFlag, Fault, apply_fail};

/// One thing that can go wrong with a container.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// Exits with code 1 on its first attempt only.
    ExitOnce,
    /// Exits with code 1 on every attempt.
    ExitAlways,
    /// Killed for running out of memory on every attempt.
    Oom,
    /// Never exits on its own and ignores SIGTERM.
    Hang,
    /// Its image cannot be pulled.
    ImagePull,
    /// `CreateContainer` fails.
    Create,
    /// Its startup probe always fails.
    Startup,
    /// Its liveness probe always fails.
    Liveness,
    /// Its readiness probe always fails.
    Readiness,
    /// Takes longer than the grace period to exit after SIGTERM (with a deletion only).
    SlowSigterm,
}

impl FaultKind {
    /// Every kind, in report order.
    pub const ALL: [FaultKind; 10] = [
        FaultKind::ExitOnce,
        FaultKind::ExitAlways,
        FaultKind::Oom,
        FaultKind::Hang,
        FaultKind::ImagePull,
        FaultKind::Create,
        FaultKind::Startup,
        FaultKind::Liveness,
        FaultKind::Readiness,
        FaultKind::SlowSigterm,
    ];

    /// As reports and JSON name it (`exit-1-once`).
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::ExitOnce => "exit-1-once",
            FaultKind::ExitAlways => "exit-1-always",
            FaultKind::Oom => "oom",
            FaultKind::Hang => "hang",
            FaultKind::ImagePull => "image-pull",
            FaultKind::Create => "create",
            FaultKind::Startup => "startup-probe",
            FaultKind::Liveness => "liveness-probe",
            FaultKind::Readiness => "readiness-probe",
            FaultKind::SlowSigterm => "slow-sigterm",
        }
    }

    /// Whether the fault applies to a container: probes it has, a deletion for slow SIGTERM;
    /// defer containers are left out (they run only at termination).
    fn applies(self, plan: &PodPlan, container: ContainerIndex, deletion: bool) -> bool {
        let spec = &plan.containers[container];
        if spec.kind == ContainerKind::Defer {
            return false;
        }
        match self {
            FaultKind::Startup => spec.probe(ProbeKind::Startup).is_some(),
            FaultKind::Liveness => spec.probe(ProbeKind::Liveness).is_some(),
            FaultKind::Readiness => spec.probe(ProbeKind::Readiness).is_some(),
            FaultKind::SlowSigterm => deletion && spec.kind != ContainerKind::Init,
            _ => true,
        }
    }

    /// Adds the fault to `patch`.
    fn apply(self, container: ContainerIndex, patch: &mut Patch, slow: SimDuration) {
        let fail = |fault: Fault, first: Option<u32>| FailFlag {
            container,
            fault,
            first,
        };
        let flag = match self {
            FaultKind::ExitOnce => fail(Fault::Exit(ExitKind::Code(1)), Some(1)),
            FaultKind::ExitAlways => fail(Fault::Exit(ExitKind::Code(1)), None),
            FaultKind::Oom => fail(Fault::Exit(ExitKind::Oom), None),
            FaultKind::Hang => fail(Fault::Exit(ExitKind::Hang), None),
            FaultKind::ImagePull => fail(Fault::Pull, None),
            FaultKind::Create => fail(Fault::Create, None),
            FaultKind::Startup => fail(Fault::Probe(ProbeKind::Startup), None),
            FaultKind::Liveness => fail(Fault::Probe(ProbeKind::Liveness), None),
            FaultKind::Readiness => fail(Fault::Probe(ProbeKind::Readiness), None),
            FaultKind::SlowSigterm => {
                patch.containers[container].default.stop = Some(Dist::Fixed(slow));
                return;
            }
        };
        apply_fail(&flag, patch);
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
    /// With a deletion: how long after the deletion the pod was stopped (`None` when it never
    /// stopped or there was no deletion).
    pub stopped_after: Option<SimDuration>,
    /// With a deletion: how far that went past the grace period (zero if in time).
    pub termination_overrun: Option<SimDuration>,
    /// Calls the runtime refused (a kubelet-model bug).
    pub illegal_calls: u32,
    /// For a Job: how its controller ended it.
    pub job: Option<crate::sim::job::JobCondition>,
}

impl ExploreRow {
    /// Worst first: stuck, never ready, failed, overrun, restarts, slower termination, later
    /// ready; then plan order and fault order, so ties are stable.
    fn severity_key(&self) -> impl Ord + use<> {
        (
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
}

/// The faults that apply to the pod, as (container, fault), in plan order.
pub fn faults(plan: &PodPlan, deletion: bool) -> Vec<(ContainerIndex, FaultKind)> {
    (0..plan.containers.len())
        .flat_map(|container| {
            FaultKind::ALL
                .into_iter()
                .filter(move |fault| fault.applies(plan, container, deletion))
                .map(move |fault| (container, fault))
        })
        .collect()
}

/// Runs the baseline and every fault (in parallel) and returns the rows, worst first, the
/// baseline last among equals. The second value is the baseline row.
pub fn explore(exploration: &Exploration<'_>) -> (Vec<ExploreRow>, ExploreRow) {
    let deletion = exploration.base.termination.deletion.is_some();
    let faults = faults(exploration.plan, deletion);
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
    let unfaulted = (fault.is_some_and(|(_, kind)| kind == FaultKind::ExitOnce))
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
        stopped_after,
        termination_overrun,
        illegal_calls: summary.illegal_calls,
        job: job.map(|run| run.condition),
    }
}
