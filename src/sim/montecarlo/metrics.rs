//! What Monte Carlo measures in each run, read from the run's [`Summary`]: the metrics
//! (times in ms, counts) and the outcomes (yes/no per run).
//!
//! Termination figures (time to terminated, defer containers completed/skipped, P(defer
//! skipped), kills) come from the termination part of the summary through
//! [`termination_figures`]; until that part exists it returns nothing and those metrics and
//! outcomes are left out.

use crate::sim::plan::spec::PodPlan;
use crate::sim::record::Phase;
use crate::sim::record::outcome::Summary;

/// A metric's unit, for formatting and for `--expect` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Milliseconds of simulated time.
    Millis,
    /// A count.
    Count,
}

/// One metric: its JSON key and how people name it in `--expect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metric {
    /// JSON key (`readyMs`, `restarts.web`).
    pub key: String,
    /// `--expect` name (`ready`, `restarts:web`).
    pub name: String,
    /// Unit.
    pub unit: Unit,
}

/// The termination figures of one run, when the summary has them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TerminationFigures {
    /// From the deletion request to the pod's removal, ms.
    pub terminated_ms: Option<u64>,
    /// Defer containers that completed.
    pub defer_completed: u64,
    /// Defer containers that failed.
    pub defer_failed: u64,
    /// Defer containers skipped (the grace period ran out before their turn).
    pub defer_skipped: u64,
    /// Defer containers that never ran.
    pub defer_never_ran: u64,
    /// Whether the grace period ran out and containers were killed.
    pub killed: bool,
    /// Whether the grace period was extended.
    pub extended: bool,
}

/// Whether [`termination_figures`] reads anything yet. HOOK: set to `true` once the run
/// summary carries the termination part (issue 8) and [`termination_figures`] reads it.
pub const TERMINATION_AVAILABLE: bool = true;

/// HOOK (issue 8): the termination figures of a run's summary; `None` while the summary has
/// no termination part. After merging the `termination` branch (whose `Summary` has
/// `termination: TerminationSummary`), the body is:
///
/// ```text
/// let t = &summary.termination;
/// t.cause.is_some().then(|| TerminationFigures {
///     terminated_ms: t.time_to_terminated_ms,
///     defer_completed: u64::from(t.defer_counts.completed),
///     defer_failed: u64::from(t.defer_counts.failed),
///     defer_skipped: u64::from(t.defer_counts.skipped),
///     defer_never_ran: u64::from(t.defer_counts.never_ran),
///     killed: t.budget_expired,
///     extended: t.extensions > 0,
/// })
/// ```
pub fn termination_figures(summary: &Summary) -> Option<TerminationFigures> {
    let t = &summary.termination;
    t.cause.is_some().then(|| TerminationFigures {
        terminated_ms: t.time_to_terminated_ms,
        defer_completed: u64::from(t.defer_counts.completed),
        defer_failed: u64::from(t.defer_counts.failed),
        defer_skipped: u64::from(t.defer_counts.skipped),
        defer_never_ran: u64::from(t.defer_counts.never_ran),
        killed: t.budget_expired,
        extended: t.extensions > 0 || t.minimum_extension,
    })
}

/// The outcomes counted per run, in output order. `Pending`…`Failed` are the final phase.
pub const OUTCOMES: [&str; 13] = [
    "Pending",
    "Running",
    "Succeeded",
    "Failed",
    "DeadlineExceeded",
    "NeverInitialized",
    "NeverReady",
    "Restarted",
    "DeferSkipped",
    "DeferFailed",
    "Killed",
    "Extended",
    "ModelBug",
];

/// Outcomes that exist only with termination figures.
const TERMINATION_OUTCOMES: [&str; 4] = ["DeferSkipped", "DeferFailed", "Killed", "Extended"];

/// The outcomes reported for this build.
pub fn outcome_names() -> Vec<&'static str> {
    OUTCOMES
        .iter()
        .copied()
        .filter(|o| TERMINATION_AVAILABLE || !TERMINATION_OUTCOMES.contains(o))
        .collect()
}

/// `defer-skipped` → `DeferSkipped` (the `--expect prob:` spelling to the JSON key).
pub fn outcome_from_kebab(text: &str) -> Option<&'static str> {
    let pascal: String = text
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + &chars.as_str().to_ascii_lowercase()
            })
        })
        .collect();
    outcome_names()
        .into_iter()
        .find(|name| name.eq_ignore_ascii_case(&pascal))
}

/// `DeferSkipped` → `defer-skipped`.
pub fn outcome_to_kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The metrics of a pod, in output order.
pub fn metrics(plan: &PodPlan) -> Vec<Metric> {
    let millis = |key: &str, name: &str| Metric {
        key: key.to_string(),
        name: name.to_string(),
        unit: Unit::Millis,
    };
    let count = |key: String, name: String| Metric {
        key,
        name,
        unit: Unit::Count,
    };
    let mut list = vec![
        millis("initializedMs", "initialized"),
        millis("readyMs", "ready"),
        millis("endedMs", "ended"),
    ];
    if TERMINATION_AVAILABLE {
        list.push(millis("terminatedMs", "terminated"));
        for (key, name) in [
            ("deferCompleted", "defer-completed"),
            ("deferFailed", "defer-failed"),
            ("deferSkipped", "defer-skipped"),
            ("deferNeverRan", "defer-never-ran"),
        ] {
            list.push(count(key.into(), name.into()));
        }
    }
    list.push(count("restarts".into(), "restarts".into()));
    for container in &plan.containers {
        list.push(count(
            format!("restarts.{}", container.name),
            format!("restarts:{}", container.name),
        ));
    }
    list
}

/// Fills `values` (one per metric, in [`metrics`] order) and `outcomes` (one per
/// [`outcome_names`]) from a run's summary.
pub fn extract(summary: &Summary, values: &mut Vec<Option<u64>>, outcomes: &mut Vec<bool>) {
    values.clear();
    outcomes.clear();
    let termination = termination_figures(summary);
    values.push(
        summary
            .initialized_at
            .map(super::super::engine::time::SimTime::millis),
    );
    values.push(
        summary
            .ready_at
            .map(super::super::engine::time::SimTime::millis),
    );
    values.push(
        summary
            .ended_at
            .map(super::super::engine::time::SimTime::millis),
    );
    if TERMINATION_AVAILABLE {
        values.push(termination.and_then(|t| t.terminated_ms));
        values.push(termination.map(|t| t.defer_completed));
        values.push(termination.map(|t| t.defer_failed));
        values.push(termination.map(|t| t.defer_skipped));
        values.push(termination.map(|t| t.defer_never_ran));
    }
    values.push(Some(summary.restarts.iter().map(|r| u64::from(*r)).sum()));
    values.extend(summary.restarts.iter().map(|r| Some(u64::from(*r))));
    for name in OUTCOMES {
        let happened = match name {
            "Pending" => summary.phase == Phase::Pending,
            "Running" => summary.phase == Phase::Running,
            "Succeeded" => summary.phase == Phase::Succeeded,
            "Failed" => summary.phase == Phase::Failed,
            "DeadlineExceeded" => summary.reason == Some("DeadlineExceeded"),
            "NeverInitialized" => summary.initialized_at.is_none(),
            "NeverReady" => summary.ready_at.is_none(),
            "Restarted" => summary.restarts.iter().any(|r| *r > 0),
            "DeferSkipped" if TERMINATION_AVAILABLE => {
                termination.is_some_and(|t| t.defer_skipped > 0)
            }
            "DeferFailed" if TERMINATION_AVAILABLE => {
                termination.is_some_and(|t| t.defer_failed > 0)
            }
            "Killed" if TERMINATION_AVAILABLE => termination.is_some_and(|t| t.killed),
            "Extended" if TERMINATION_AVAILABLE => termination.is_some_and(|t| t.extended),
            "ModelBug" => summary.illegal_calls > 0,
            _ => continue,
        };
        outcomes.push(happened);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_names_translate_both_ways() {
        assert_eq!(outcome_from_kebab("never-ready"), Some("NeverReady"));
        assert_eq!(outcome_from_kebab("failed"), Some("Failed"));
        assert_eq!(outcome_from_kebab("nope"), None);
        assert_eq!(outcome_to_kebab("DeadlineExceeded"), "deadline-exceeded");
    }
}
