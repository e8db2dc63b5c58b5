//! The termination lines of the human summary: cause, time to terminated, extensions, each defer container's fate.

use crate::sim::engine::time::SimDuration;
use crate::sim::record::termination_summary::TerminationSummary;

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

/// The timeline's termination section: a lane from the deletion (`▼`) through the grace period
/// (`=`) and its extensions (`+`) to removal (`■`) or expiry (`!`), and one line of what happened.
/// Empty when the run had no termination.
pub fn timeline_section(
    context: &crate::render::simulate::RunContext<'_>,
    cell: u64,
    count: usize,
    label_width: usize,
) -> String {
    use crate::sim::record::Happening;
    let term = &context.outcome.summary.termination;
    let (Some(t0), Some(grace)) = (term.requested_at_ms, term.grace_period_seconds) else {
        return match term.node_crashed_at_ms {
            Some(at) => format!(
                "{:<label_width$}node crashed at {}: nothing ran after it\n",
                "termination",
                ms(at)
            ),
            None => String::new(),
        };
    };
    let mut lane: Vec<char> = vec![' '; count];
    let mut paint = |from: u64, to: u64, ch: char| {
        let first = usize::try_from(from / cell).unwrap_or(usize::MAX);
        let last = usize::try_from(to.saturating_sub(1) / cell).unwrap_or(usize::MAX);
        for slot in lane
            .iter_mut()
            .take(last.min(count.saturating_sub(1)) + 1)
            .skip(first)
        {
            *slot = ch;
        }
    };
    let end = term
        .removed_at_ms
        .or(term.node_crashed_at_ms)
        .unwrap_or(context.outcome.summary.finished_at.millis());
    let deadline = t0 + grace * 1000;
    paint(t0, end.min(deadline).max(t0 + 1), '=');
    let cause = term.cause.unwrap_or("Deleted");
    let mut moments = vec![format!("{cause} at {} (grace {grace}s)", ms(t0))];
    for event in &context.outcome.recording.events {
        let by = match event.what {
            Happening::ExtendGracePeriod { by } => by,
            Happening::MinimumGraceExtension => SimDuration::from_secs(2),
            _ => continue,
        };
        let from = event.at.millis();
        paint(from, (from + by.millis()).min(end).max(from + 1), '+');
        moments.push(format!("+{} at {}", by, ms(from)));
    }
    let mark = |lane: &mut Vec<char>, at: u64, ch: char| {
        if let Some(slot) = lane.get_mut(
            usize::try_from(at / cell)
                .unwrap_or(usize::MAX)
                .min(count.saturating_sub(1)),
        ) {
            *slot = ch;
        }
    };
    mark(&mut lane, t0, '▼');
    if term.budget_expired {
        moments.push("budget expired: containers killed".to_string());
    }
    match (term.removed_at_ms, term.node_crashed_at_ms) {
        (Some(at), _) => {
            mark(&mut lane, at, if term.budget_expired { '!' } else { '■' });
            moments.push(format!("removed at {}", ms(at)));
        }
        (None, Some(at)) => {
            mark(&mut lane, at, '!');
            moments.push(format!("node crashed at {}", ms(at)));
        }
        (None, None) => moments.push("not removed before the end of the run".to_string()),
    }
    let pad = " ".repeat(label_width);
    let mut text = format!(
        "{}\n",
        format!(
            "{:<label_width$}{}",
            "termination",
            lane.iter().collect::<String>()
        )
        .trim_end()
    );
    text.push_str(&format!("{pad}{}\n", moments.join(" · ")));
    for d in &term.defer_containers {
        let what = match d.skip_reason {
            Some(reason) => format!("skipped ({reason})"),
            None => d.outcome.to_string(),
        };
        text.push_str(&format!("{pad}defer {}: {what}\n", d.name));
    }
    text.push_str(&format!(
        "{pad}▼ termination starts  = grace period  + extension  ■ removed  ! expired or crashed\n"
    ));
    text
}
