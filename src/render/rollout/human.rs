//! The human report of one rollout: a header, a `kubectl rollout status`-like log, the replicas
//! over time, the summary and the expectations.

use std::fmt::Write as _;

use crate::k8s::workload::rollout::WorkloadKind;
use crate::render::paint::Tone;
use crate::render::rollout::{RolloutContext, time};

/// Renders the report; `results` are the expectations (text, met, what was seen).
pub fn render(context: &RolloutContext<'_>, results: &[(String, bool, String)]) -> String {
    let mut out = header(context);
    out.push('\n');
    out.push_str(&log(context));
    out.push('\n');
    out.push_str(&table(context));
    out.push('\n');
    out.push_str(&summary(context));
    out.push_str(&expectations(context, results));
    out
}

/// The workload and how it was run.
pub fn header(context: &RolloutContext<'_>) -> String {
    let workload = context.workload;
    let control = workload.control;
    let paint = context.paint;
    let mut out = String::new();
    let what = match workload.kind {
        WorkloadKind::DaemonSet => format!("{} nodes", workload.replicas),
        _ => format!("{} replicas", workload.replicas),
    };
    let _ = writeln!(
        out,
        "{} ({}): {what}, {}",
        paint.apply(&workload.title(), Some(Tone::Strong)),
        workload.source,
        workload.strategy()
    );
    let mut settings = vec![format!("minReadySeconds {}", control.min_ready_seconds)];
    if let Some(deadline) = control.progress_deadline_seconds {
        settings.push(format!("progressDeadlineSeconds {deadline}"));
    }
    if let Some(from) = workload.from {
        settings.push(format!("old revision from {}", from.display()));
    }
    let _ = writeln!(out, "{}", settings.join(", "));
    let _ = writeln!(
        out,
        "scenario: {}; seed {}; horizon {}; controller latency {}",
        workload.scenario, workload.seed, workload.horizon, workload.latency
    );
    for note in workload.notes() {
        let _ = writeln!(out, "{} {note}", paint.apply("note:", Some(Tone::Busy)));
    }
    out
}

/// The events of the controllers and the `kubectl rollout status` lines, in time order.
pub fn log(context: &RolloutContext<'_>) -> String {
    let workload = context.workload;
    let run = context.run;
    let paint = context.paint;
    let mut lines: Vec<(u64, u8, String, Option<Tone>)> = Vec::new();
    for event in &run.events {
        // A Deployment's pods are its ReplicaSets' business: the log shows the scaling.
        if workload.kind == WorkloadKind::Deployment
            && matches!(event.reason, "SuccessfulCreate" | "SuccessfulDelete")
        {
            continue;
        }
        let tone = match event.reason {
            "ProgressDeadlineExceeded" => Some(Tone::Bad),
            "NewReplicaSetAvailable" | "RollingUpdateComplete" => Some(Tone::Good),
            _ => None,
        };
        let text = match event.reason {
            "ProgressDeadlineExceeded" => format!(
                "error: deployment \"{}\" exceeded its progress deadline ({})",
                workload.name, event.message
            ),
            _ => format!("{}: {}", event.reason, event.message),
        };
        lines.push((event.at, 0, text, tone));
    }
    let mut last = String::new();
    for point in &run.timeline {
        let complete = run.summary.complete_at.is_some_and(|at| at <= point.at);
        let message = workload.status_message(point.counts, complete);
        if message != last {
            let tone = if message.contains("successfully") || message.contains("complete ") {
                Some(Tone::Good)
            } else {
                Some(Tone::Quiet)
            };
            lines.push((point.at, 1, message.clone(), tone));
            last = message;
        }
    }
    lines.sort_by_key(|(at, order, _, _)| (*at, *order));
    let mut out = format!("{}\n", paint.apply("Rollout", Some(Tone::Strong)));
    let width = lines
        .iter()
        .map(|(at, ..)| time(*at).len())
        .max()
        .unwrap_or(2);
    for (at, _, text, tone) in lines {
        let _ = writeln!(out, "  {:<width$}  {}", time(at), paint.apply(&text, tone));
    }
    out
}

/// The counts at every change.
pub fn table(context: &RolloutContext<'_>) -> String {
    let desired = context.workload.replicas.to_string();
    let rows: Vec<Vec<String>> = context
        .run
        .timeline
        .iter()
        .map(|point| {
            let c = point.counts;
            vec![
                time(point.at),
                desired.clone(),
                c.total.to_string(),
                c.updated.to_string(),
                c.ready.to_string(),
                c.available.to_string(),
                c.old.to_string(),
                c.terminating.to_string(),
            ]
        })
        .collect();
    let table = crate::render::simulate::table::render(
        &[
            "TIME",
            "DESIRED",
            "TOTAL",
            "UPDATED",
            "READY",
            "AVAILABLE",
            "OLD",
            "TERMINATING",
        ],
        &rows,
    );
    let mut out = format!(
        "{}\n",
        context
            .paint
            .apply("Replicas over time", Some(Tone::Strong))
    );
    for line in table.lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// Completed at, peak pods, minimum available, the deadline.
pub fn summary(context: &RolloutContext<'_>) -> String {
    let workload = context.workload;
    let summary = &context.run.summary;
    let paint = context.paint;
    let mut rows: Vec<(&str, String, Option<Tone>)> = Vec::new();
    let completed = match summary.complete_at {
        Some(at) => (time(at), Some(Tone::Good)),
        None if summary.cut_by_horizon => (
            format!("not within the horizon ({})", workload.horizon),
            Some(Tone::Bad),
        ),
        None => ("never: nothing more happens".to_string(), Some(Tone::Bad)),
    };
    rows.push(("completed at", completed.0, completed.1));
    let extra = i64::from(summary.max_pods) - i64::from(workload.replicas);
    rows.push((
        "peak pods",
        format!(
            "{} ({extra} over {}: the capacity the rollout needs, terminating pods included)",
            summary.max_pods, workload.replicas
        ),
        None,
    ));
    rows.push((
        "minimum available",
        format!("{} of {}", summary.min_available, workload.replicas),
        (summary.min_available < workload.replicas).then_some(Tone::Busy),
    ));
    if let Some(deadline) = workload.control.progress_deadline_seconds {
        let (text, tone) = match summary.deadline_exceeded_at {
            Some(at) => (
                format!(
                    "ProgressDeadlineExceeded at {} (progressDeadlineSeconds {deadline})",
                    time(at)
                ),
                Some(Tone::Bad),
            ),
            None => (format!("not exceeded ({deadline}s)"), None),
        };
        rows.push(("progress deadline", text, tone));
    }
    let mut out = format!("{}\n", paint.apply("Summary", Some(Tone::Strong)));
    for (label, value, tone) in rows {
        let _ = writeln!(out, "  {label:<18} {}", paint.apply(&value, tone));
    }
    out
}

/// The expectations, if any.
pub fn expectations(context: &RolloutContext<'_>, results: &[(String, bool, String)]) -> String {
    write_expectations(context.paint, results)
}

/// The expectations section: `ok` or `FAILED` each.
pub fn write_expectations(
    paint: crate::render::paint::Paint,
    results: &[(String, bool, String)],
) -> String {
    if results.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{}\n", paint.apply("Expectations", Some(Tone::Strong)));
    for (text, met, seen) in results {
        let (word, tone) = if *met {
            ("ok     ", Tone::Good)
        } else {
            ("FAILED ", Tone::Bad)
        };
        let _ = writeln!(out, "  {} {text}: {seen}", paint.apply(word, Some(tone)));
    }
    out
}
