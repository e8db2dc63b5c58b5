//! What became of a defer container, and why one was skipped.

/// Why a defer container was skipped (D8, D12, D14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// The budget ran out.
    GracePeriodExpired,
    /// `--force --grace-period 0`.
    ForceDeleted,
}

impl SkipReason {
    /// As events print it.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::GracePeriodExpired => "GracePeriodExpired",
            SkipReason::ForceDeleted => "ForceDeleted",
        }
    }
}

/// What became of one defer container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeferOutcome {
    /// Not (yet) run.
    NotRun,
    /// Running (or starting, or backing off).
    Running,
    /// Exited 0.
    Completed,
    /// Failed and not retried.
    Failed,
    /// Killed at the end of the budget.
    Killed,
    /// Skipped.
    Skipped(SkipReason),
    /// Cut by a node crash while running (D14).
    Cut,
}

impl DeferOutcome {
    /// The name in the JSON summary.
    pub fn as_str(self) -> &'static str {
        match self {
            DeferOutcome::NotRun => "neverRan",
            DeferOutcome::Running => "running",
            DeferOutcome::Completed => "completed",
            DeferOutcome::Failed => "failed",
            DeferOutcome::Killed => "killed",
            DeferOutcome::Skipped(_) => "skipped",
            DeferOutcome::Cut => "cut",
        }
    }

    /// Done: nothing more will run for it.
    pub fn finished(self) -> bool {
        matches!(
            self,
            DeferOutcome::Completed
                | DeferOutcome::Failed
                | DeferOutcome::Killed
                | DeferOutcome::Skipped(_)
        )
    }
}
