//! The termination facts of one run, for the summary, JSON, `--expect` and Monte Carlo aggregation.

use serde::Serialize;

/// What became of one defer container.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeferReport {
    /// Its name.
    pub name: String,
    /// `completed`, `failed`, `killed`, `skipped`, `cut`, `neverRan`, `running`.
    pub outcome: &'static str,
    /// Why it was skipped (`GracePeriodExpired`, `ForceDeleted`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip_reason: Option<&'static str>,
}

/// Counts of defer outcomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeferCounts {
    /// Exited 0.
    pub completed: u32,
    /// Failed (not retried).
    pub failed: u32,
    /// Killed at the end of the budget.
    pub killed: u32,
    /// Skipped.
    pub skipped: u32,
    /// Cut by a node crash.
    pub cut: u32,
    /// Never ran (node crash before their turn, or no termination).
    pub never_ran: u32,
}

/// The termination facts of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TerminationSummary {
    /// `Deleted`, `Evicted`, `DeadlineExceeded`, `Completed` (D11); none without a termination.
    pub cause: Option<&'static str>,
    /// T0.
    pub requested_at_ms: Option<u64>,
    /// The grace period G in seconds.
    pub grace_period_seconds: Option<u64>,
    /// `--force --grace-period 0`.
    pub force: bool,
    /// When the pod object was removed.
    pub removed_at_ms: Option<u64>,
    /// From T0 to removal.
    pub time_to_terminated_ms: Option<u64>,
    /// D9/D10 extensions made.
    pub extensions: u32,
    /// Whether the 2 s extension (D8) was used.
    pub minimum_extension: bool,
    /// Total time the deadline moved.
    pub extended_by_ms: u64,
    /// Whether the budget ran out and containers were killed (D8).
    pub budget_expired: bool,
    /// When the node crashed (D14).
    pub node_crashed_at_ms: Option<u64>,
    /// Per defer container, in order.
    pub defer_containers: Vec<DeferReport>,
    /// Their counts.
    pub defer_counts: DeferCounts,
}

impl TerminationSummary {
    /// Whether there is anything to say (a termination, a crash, or defer containers).
    pub fn is_relevant(&self) -> bool {
        self.cause.is_some()
            || self.node_crashed_at_ms.is_some()
            || !self.defer_containers.is_empty()
    }
}
