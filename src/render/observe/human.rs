//! The human report of `podlife observe`: per pod a header, the events table, each container's runs, the critical path to Ready (largest part first), the comparison with the model and the summary; across pods, the distributions.

use std::fmt::Write as _;

use crate::observe::compare::Comparison;
use crate::observe::distributions::{Distributions, Samples};
use crate::observe::format_ms;
use crate::observe::observation::Observation;
use crate::render::observe::{ObservedPod, Report};
use crate::render::paint::{Paint, Tone};
use crate::render::simulate::table;

fn maybe(ms: Option<i64>) -> String {
    ms.map_or_else(|| "-".to_string(), format_ms)
}

fn header(o: &Observation) -> String {
    let name = if o.pod.namespace.is_empty() {
        o.pod.name.clone()
    } else {
        format!("{}/{}", o.pod.namespace, o.pod.name)
    };
    let owner = o
        .pod
        .owner
        .as_ref()
        .map(|owner| format!(" of {owner}"))
        .unwrap_or_default();
    let zero = o.zero.map_or_else(
        || "no time given".to_string(),
        |zero| {
            format!(
                "time 0: {} {}",
                o.origin.as_str(),
                crate::k8s::timestamp::format_rfc3339(zero)
            )
        },
    );
    format!(
        "pod {name}{owner} · observed in {} · {zero} · times to within {}\n",
        o.pod.source,
        format_ms(o.precision_ms)
    )
}

fn events(o: &Observation, paint: Paint) -> String {
    if o.events.is_empty() {
        return "events: none given\n".to_string();
    }
    let rows: Vec<Vec<String>> = o
        .events
        .iter()
        .map(|e| {
            let first = e.first.and_then(|at| o.since_zero(at));
            let last = e.last.and_then(|at| o.since_zero(at));
            let time = match (first, e.count) {
                (None, _) => "?".to_string(),
                (Some(first), 1) => format_ms(first),
                (Some(first), count) => format!(
                    "{} (x{count} over {})",
                    format_ms(first),
                    format_ms(last.unwrap_or(first).saturating_sub(first))
                ),
            };
            vec![
                time,
                e.event_type.clone(),
                e.reason.clone(),
                e.object.clone(),
                e.message.clone(),
            ]
        })
        .collect();
    table::render_painted(
        &["TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"],
        &rows,
        paint,
        &|row, column| {
            let warning = o.events.get(row).is_some_and(|e| e.event_type == "Warning");
            match column {
                1 if warning => Some(Tone::Busy),
                2 if warning => Some(Tone::Bad),
                _ => None,
            }
        },
    )
}

fn containers(o: &Observation, paint: Paint) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for c in &o.containers {
        let label = format!("{} ({})", c.name, c.role.as_str());
        if c.earlier_runs > 0 {
            rows.push(vec![
                label.clone(),
                if c.earlier_runs == 1 {
                    "1".to_string()
                } else {
                    format!("1–{}", c.earlier_runs)
                },
                "?".to_string(),
                "?".to_string(),
                "?".to_string(),
                "?".to_string(),
                format!("not in the status (restartCount {})", c.restart_count),
            ]);
        }
        let mut previous_end: Option<i64> = None;
        for run in &c.runs {
            // A later run whose previous run the status dropped waited an unknown time.
            let unknown = if run.number.is_some_and(|n| n > 1) {
                "?"
            } else {
                "-"
            };
            let back_off = previous_end.zip(run.start).map_or_else(
                || unknown.to_string(),
                |(end, start)| format_ms(start.saturating_sub(end)),
            );
            previous_end = run.end;
            rows.push(vec![
                label.clone(),
                run.number
                    .map_or_else(|| "?".to_string(), |n| n.to_string()),
                back_off,
                maybe(run.start.and_then(|at| o.since_zero(at))),
                match run.end {
                    Some(end) => maybe(o.since_zero(end)),
                    None if run.start.is_some() => "running".to_string(),
                    None => "-".to_string(),
                },
                run.exit_code
                    .map_or_else(|| "-".to_string(), |code| code.to_string()),
                run.reason.clone().unwrap_or_default(),
            ]);
        }
        if let Some(waiting) = &c.waiting {
            rows.push(vec![
                label.clone(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                format!("waiting: {waiting}"),
            ]);
        }
        if c.runs.is_empty() && c.waiting.is_none() && c.earlier_runs == 0 {
            rows.push(vec![
                label,
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                "-".to_string(),
                if c.has_status {
                    "no run yet".to_string()
                } else {
                    "no status".to_string()
                },
            ]);
        }
    }
    table::render_painted(
        &[
            "CONTAINER",
            "RUN",
            "BACK-OFF",
            "STARTED",
            "ENDED",
            "EXIT",
            "REASON",
        ],
        &rows,
        paint,
        &|row, column| {
            let exit = rows.get(row).and_then(|r| r.get(5)).map(String::as_str);
            match (column, exit) {
                (5, Some("0")) => Some(Tone::Good),
                (5, Some(code)) if code != "-" && code != "?" => Some(Tone::Bad),
                _ => None,
            }
        },
    )
}

fn critical_path(o: &Observation, paint: Paint) -> String {
    let Some((end, label)) = o.path_end else {
        return "critical path: the input gives no time\n".to_string();
    };
    let mut text = String::new();
    let title = if label == "Ready" {
        format!("critical path to Ready: {}", format_ms(end))
    } else if label == "ended" {
        format!(
            "critical path to the end: {} (no time of Ready in the input: never Ready, or its time is gone)",
            format_ms(end)
        )
    } else if o.pod.ready_now {
        format!(
            "critical path: Ready at a time the input does not give; {} to the last thing known",
            format_ms(end)
        )
    } else {
        format!(
            "critical path: not Ready; {} to the last thing known",
            format_ms(end)
        )
    };
    let _ = writeln!(text, "{}", paint.apply(&title, Some(Tone::Strong)));
    let total = end.max(1);
    let mut steps: Vec<&crate::observe::critical_path::Step> = o.critical_path.iter().collect();
    steps.sort_by_key(|s| (std::cmp::Reverse(s.duration_ms), s.start_ms));
    let rows: Vec<Vec<String>> = steps
        .iter()
        .map(|s| {
            let share = s.duration_ms.saturating_mul(100) / total;
            vec![
                format_ms(s.duration_ms),
                format!("{share}%"),
                s.kind.as_str().to_string(),
                s.container.clone().unwrap_or_else(|| "-".to_string()),
                format!("{} → {}", s.evidence, s.advice),
            ]
        })
        .collect();
    text.push_str(&table::render(
        &[
            "TOOK",
            "SHARE",
            "STEP",
            "CONTAINER",
            "EVIDENCE → WHAT TO LOOK AT",
        ],
        &rows,
    ));
    if let Some(top) = steps.first()
        && top.duration_ms > 0
        && label == "Ready"
    {
        let share = top.duration_ms.saturating_mul(100) / total;
        let what = match (&top.container, top.kind.as_str()) {
            (Some(c), "image-pull") => {
                let image = o
                    .containers
                    .iter()
                    .find(|l| &l.name == c)
                    .map_or("", |l| l.image.as_str());
                format!("image pull of `{image}`")
            }
            (Some(c), kind) => format!("{} of `{c}`", kind.replace('-', " ")),
            (None, kind) => kind.replace('-', " "),
        };
        let _ = writeln!(
            text,
            "{what} took {}: {share}% of time to Ready",
            format_ms(top.duration_ms)
        );
    }
    text
}

fn comparison(c: &Comparison, paint: Paint) -> String {
    let mut text = format!(
        "{}\n",
        paint.apply(
            &format!(
                "against the model (scenario: {}; differs beyond {} or {:.0}%):",
                c.scenario,
                format_ms(c.tolerance_ms),
                crate::observe::compare::TOLERANCE_SHARE * 100.0
            ),
            Some(Tone::Strong)
        )
    );
    let rows: Vec<Vec<String>> = c
        .measures
        .iter()
        .map(|m| {
            let value = |v: Option<i64>| match (m.what.as_str(), v) {
                ("restarts", Some(n)) => n.to_string(),
                (_, v) => maybe(v),
            };
            vec![
                m.what.clone(),
                m.container.clone().unwrap_or_else(|| "-".to_string()),
                value(m.observed),
                value(m.simulated),
                if m.differs { "differs" } else { "ok" }.to_string(),
                match (&m.explanation, &m.scenario) {
                    (Some(e), Some(s)) => format!("{e}; scenario: {s}"),
                    (Some(e), None) => e.clone(),
                    _ => String::new(),
                },
            ]
        })
        .collect();
    text.push_str(&table::render_painted(
        &[
            "MEASURE",
            "CONTAINER",
            "OBSERVED",
            "MODEL",
            "VERDICT",
            "WHY",
        ],
        &rows,
        paint,
        &|row, column| match (column, rows.get(row).and_then(|r| r.get(4))) {
            (4, Some(v)) if v == "differs" => Some(Tone::Bad),
            (4, Some(_)) => Some(Tone::Good),
            _ => None,
        },
    ));
    text
}

fn summary(o: &Observation, paint: Paint) -> String {
    let mut phase = o.pod.phase.clone();
    if phase.is_empty() {
        phase = "-".to_string();
    }
    if let Some(reason) = &o.pod.reason {
        let _ = write!(phase, " ({reason})");
    }
    let tone = match o.pod.phase.as_str() {
        "Running" | "Succeeded" => Tone::Good,
        "Failed" => Tone::Bad,
        _ => Tone::Busy,
    };
    let restarts: Vec<String> = o
        .containers
        .iter()
        .filter(|c| c.restart_count > 0)
        .map(|c| format!("{} {}", c.name, c.restart_count))
        .collect();
    let rows = [
        ("phase", paint.apply(&phase, Some(tone))),
        ("scheduled", maybe(o.summary.scheduled_ms)),
        ("initialized", maybe(o.summary.initialized_ms)),
        ("ready", maybe(o.summary.ready_ms)),
        ("ended", maybe(o.summary.ended_ms)),
        (
            "restarts",
            if restarts.is_empty() {
                o.summary.restarts.to_string()
            } else {
                format!("{} ({})", o.summary.restarts, restarts.join(", "))
            },
        ),
    ];
    let mut text = format!("{}\n", paint.apply("summary:", Some(Tone::Strong)));
    for (label, value) in rows {
        let _ = writeln!(text, "  {label:<12} {value}");
    }
    if let Some(deleted) = o.pod.deletion_ms {
        let grace = o
            .pod
            .deletion_grace_seconds
            .map(|s| format!(" (grace {s}s)"))
            .unwrap_or_default();
        let _ = writeln!(text, "  {:<12} {}{grace}", "deleted", format_ms(deleted));
    }
    text
}

fn pod(out: &mut String, pod: &ObservedPod<'_>, paint: Paint) {
    let o = pod.observation;
    out.push_str(&paint.apply(&header(o), Some(Tone::Strong)));
    out.push('\n');
    out.push_str(&events(o, paint));
    out.push('\n');
    out.push_str(&containers(o, paint));
    out.push('\n');
    out.push_str(&critical_path(o, paint));
    if let Some(c) = pod.comparison {
        out.push('\n');
        out.push_str(&comparison(c, paint));
    }
    out.push('\n');
    out.push_str(&summary(o, paint));
    if !o.notes.is_empty() {
        out.push_str(&format!("{}\n", paint.apply("notes:", Some(Tone::Strong))));
        for note in &o.notes {
            let _ = writeln!(out, "  - {note}");
        }
    }
}

fn figures_row(label: String, samples: &Samples) -> Vec<String> {
    vec![
        label,
        samples.count().to_string(),
        maybe(samples.percentile(50)),
        maybe(samples.percentile(95)),
        maybe(samples.max()),
    ]
}

fn distributions(d: &Distributions, paint: Paint) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (name, samples) in &d.phases {
        rows.push(figures_row(format!("pod {name}"), samples));
    }
    for (name, c) in &d.containers {
        if c.first_start.count() > 0 {
            rows.push(figures_row(format!("{name}: first start"), &c.first_start));
        }
        if c.completed_runs.count() > 0 {
            rows.push(figures_row(
                format!("{name}: run to exit 0"),
                &c.completed_runs,
            ));
        }
    }
    for (image, i) in &d.images {
        let label = if i.cached > 0 {
            format!("pull {image} ({} cached)", i.cached)
        } else {
            format!("pull {image}")
        };
        rows.push(figures_row(label, &i.pulls));
    }
    format!(
        "{}\n{}",
        paint.apply(&format!("across {} pods:", d.pods), Some(Tone::Strong)),
        table::render(&["MEASURE", "COUNT", "P50", "P95", "MAX"], &rows)
    )
}

/// The report.
pub fn render(report: &Report<'_>, paint: Paint) -> String {
    use rayon::prelude::*;
    // Each pod's text on any core, joined in order.
    let texts: Vec<String> = report
        .pods
        .par_iter()
        .map(|observed| {
            let mut text = String::new();
            pod(&mut text, observed, paint);
            text
        })
        .collect();
    let mut out = texts.join("\n");
    if let Some(d) = report.distributions {
        out.push('\n');
        out.push_str(&distributions(d, paint));
    }
    out
}
