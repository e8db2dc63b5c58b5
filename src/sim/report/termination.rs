//! The termination lines of the human summary: cause, time to terminated, extensions, each defer container's fate.

use crate::sim::termination_summary::TerminationSummary;
use crate::sim::time::SimDuration;

fn ms(value: u64) -> String {
    SimDuration(value).to_string()
}

/// (label, value) rows; none when the run had no termination and no defer containers.
pub fn summary_rows(term: &TerminationSummary) -> Vec<(&'static str, String)> {
    let mut rows = Vec::new();
    if let Some(cause) = term.cause {
        let mut value = format!(
            "{cause} at {}, grace period {}s",
            term.requested_at_ms.map_or_else(|| "-".to_string(), ms),
            term.grace_period_seconds.unwrap_or(0)
        );
        if term.force {
            value.push_str(", forced");
        }
        match term.time_to_terminated_ms {
            Some(took) => value.push_str(&format!("; removed after {}", ms(took))),
            None => value.push_str("; not removed"),
        }
        rows.push(("terminated", value));
        let mut budget = Vec::new();
        if term.extensions > 0 {
            budget.push(format!("{} extension(s)", term.extensions));
        }
        if term.minimum_extension {
            budget.push("2s minimum extension".to_string());
        }
        if term.extended_by_ms > 0 {
            budget.push(format!("deadline moved by {}", ms(term.extended_by_ms)));
        }
        if term.budget_expired {
            budget.push("expired: containers killed".to_string());
        }
        if !budget.is_empty() {
            rows.push(("budget", budget.join(", ")));
        }
    }
    if let Some(at) = term.node_crashed_at_ms {
        rows.push(("node crash", format!("at {}: nothing ran after it", ms(at))));
    }
    if !term.defer_containers.is_empty() {
        let each: Vec<String> = term
            .defer_containers
            .iter()
            .map(|d| match d.skip_reason {
                Some(reason) => format!("{} skipped ({reason})", d.name),
                None => format!("{} {}", d.name, d.outcome),
            })
            .collect();
        rows.push(("defer", each.join(", ")));
    }
    rows
}
