//! The termination model's data: defer settings from the spec, what the scenario scripts, and the kubelet's termination state.

use crate::sim::engine::queue::EventId;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::spec::PodPlan;
use crate::sim::plan::termination::TerminationCause;
use crate::sim::record::defer_outcome::DeferOutcome;
use crate::sim::record::defer_outcome::SkipReason;
use crate::sim::record::termination_summary::DeferCounts;
use crate::sim::record::termination_summary::DeferReport;
use crate::sim::record::termination_summary::TerminationSummary;

/// The kubelet's termination state.
#[derive(Debug, Clone, Default)]
pub struct TerminationState {
    /// T0.
    pub started_at: Option<SimTime>,
    /// Why.
    pub cause: Option<TerminationCause>,
    /// G.
    pub grace: SimDuration,
    /// `--force --grace-period 0`: everything is killed at once.
    pub force: bool,
    /// The budget ran out: stops use no timeout (SIGKILL).
    pub hard_kill: bool,
    /// The budget expired with defer work left (D8).
    pub budget_expired: bool,
    /// Defer containers run now.
    pub defer_active: bool,
    /// D11: defer containers ran (or were skipped) once; never again.
    pub defer_ran: bool,
    /// The current deadline and its event.
    pub deadline: Option<(SimTime, EventId)>,
    /// The 2 s extension was used (D8).
    pub extended_min: bool,
    /// D9/D10 extensions made.
    pub extensions: u32,
    /// Total time added by extensions (2 s included).
    pub extended_by: SimDuration,
    /// Per defer container (in defer order).
    pub outcomes: Vec<DeferOutcome>,
    /// Per defer container: its `stops` were applied (D7).
    pub stops_applied: Vec<bool>,
    /// App containers a defer container stopped while their preStop hook ran (D7): not held.
    pub released: Vec<usize>,
    /// When the node crashed (D14).
    pub node_crashed_at: Option<SimTime>,
    /// When the pod object was removed.
    pub removed_at: Option<SimTime>,
    /// D13: pre-pulling began; the pull in flight and how long it takes.
    pub pre_pull_started: bool,
    /// D13: the latency of the pull in flight.
    pub pre_pull_took: SimDuration,
}

impl TerminationState {
    /// Fresh state for `defer_count` defer containers.
    pub fn new(defer_count: usize) -> Self {
        TerminationState {
            outcomes: vec![DeferOutcome::NotRun; defer_count],
            stops_applied: vec![false; defer_count],
            ..TerminationState::default()
        }
    }

    /// Whether a termination is in progress.
    pub fn active(&self) -> bool {
        self.started_at.is_some()
    }
}

impl TerminationState {
    /// The termination facts of the run, for the summary.
    pub fn summary(&self, plan: &PodPlan) -> TerminationSummary {
        let term = self;
        let mut counts = DeferCounts::default();
        let defer_containers = plan
            .defer_indices()
            .zip(&term.outcomes)
            .map(|(container, outcome)| {
                match outcome {
                    DeferOutcome::Completed => counts.completed += 1,
                    DeferOutcome::Failed => counts.failed += 1,
                    DeferOutcome::Killed => counts.killed += 1,
                    DeferOutcome::Skipped(_) => counts.skipped += 1,
                    DeferOutcome::Cut | DeferOutcome::Running => counts.cut += 1,
                    DeferOutcome::NotRun => counts.never_ran += 1,
                }
                DeferReport {
                    name: plan.containers[container].name.clone(),
                    outcome: outcome.as_str(),
                    skip_reason: match outcome {
                        DeferOutcome::Skipped(reason) => Some(SkipReason::as_str(*reason)),
                        _ => None,
                    },
                }
            })
            .collect();
        TerminationSummary {
            cause: term
                .cause
                .map(super::super::plan::termination::TerminationCause::as_str),
            requested_at_ms: term
                .started_at
                .map(super::super::engine::time::SimTime::millis),
            grace_period_seconds: term.started_at.map(|_| plan.grace_seconds(term.grace)),
            force: term.force,
            removed_at_ms: term
                .removed_at
                .map(super::super::engine::time::SimTime::millis),
            time_to_terminated_ms: term
                .started_at
                .zip(term.removed_at)
                .map(|(from, to)| to.since(from).millis()),
            extensions: term.extensions,
            minimum_extension: term.extended_min,
            extended_by_ms: term.extended_by.millis(),
            budget_expired: term.budget_expired,
            node_crashed_at_ms: term
                .node_crashed_at
                .map(super::super::engine::time::SimTime::millis),
            defer_containers,
            defer_counts: counts,
        }
    }
}
