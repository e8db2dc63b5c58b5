//! The header above a run's view and the summary below it.

use crate::render::paint::Tone;
use crate::render::simulate::RunContext;
use crate::sim::engine::time::SimTime;

/// One line: pod, where it came from, seed, scenario, horizon.
pub fn header(context: &RunContext<'_>) -> String {
    let seed = if context.jitter {
        format!("seed {}", context.run.seed)
    } else {
        format!("seed {} (no jitter)", context.run.seed)
    };
    format!(
        "pod {} ({} in {}) · {seed} · scenario: {} · until {}\n",
        context.run.plan.name,
        context.run.kind,
        context.run.source,
        context.run.scenario,
        context.run.horizon
    )
}

/// When the pod became Ready; if never because readiness gates were not set, which ones.
fn ready(at: Option<SimTime>, status: &crate::k8s::model::PodStatus, gates: &[String]) -> String {
    let held = status.conditions.iter().flatten().any(|c| {
        c.condition_type.as_deref() == Some("Ready")
            && c.reason.as_deref() == Some("ReadinessGatesNotReady")
    });
    match at {
        None if held => {
            let message = status
                .conditions
                .iter()
                .flatten()
                .find(|c| c.condition_type.as_deref() == Some("Ready"))
                .and_then(|c| c.message.as_deref())
                .unwrap_or("");
            let names: Vec<String> = gates
                .iter()
                .filter(|gate| message.contains(&format!("\"{gate}\"")))
                .map(|gate| format!("`{}`", crate::text::escape_control(gate)))
                .collect();
            format!(
                "- (readiness gate {} never set: a scenario's `readinessGates:` says when a controller sets it)",
                names.join(", ")
            )
        }
        _ => moment(at),
    }
}

fn moment(at: Option<SimTime>) -> String {
    at.map_or_else(|| "-".to_string(), |at| at.to_string())
}

/// Phase, key moments and restarts.
pub fn render(context: &RunContext<'_>) -> String {
    let summary = &context.outcome.summary;
    let mut phase = summary.phase.as_str().to_string();
    if let Some(reason) = summary.reason {
        phase.push_str(&format!(" ({reason})"));
    } else if let Some(why) = crate::render::simulate::why_failed::stopped_into_failed(context) {
        phase.push_str(&format!(" ({why})"));
    }
    let how = match summary.ended_at {
        Some(at) => format!("the pod stopped at {at}"),
        None if summary.cut_by_horizon => {
            format!("the run stopped at the {} horizon", context.run.horizon)
        }
        None => format!("nothing more happens after {}", summary.finished_at),
    };
    let restarts: Vec<String> = context
        .run
        .plan
        .containers
        .iter()
        .zip(&summary.restarts)
        .map(|(container, count)| format!("{} {count}", container.name))
        .collect();
    let paint = context.paint;
    let phase_tone = match summary.phase.as_str() {
        "Running" | "Succeeded" => Tone::Good,
        "Failed" | "Unknown" => Tone::Bad,
        _ => Tone::Busy,
    };
    let phase = paint.apply(&phase, Some(phase_tone));
    let rows = [
        ("phase", format!("{phase}; {how}")),
        ("scheduled", moment(summary.scheduled_at)),
        ("initialized", moment(summary.initialized_at)),
        (
            "ready",
            ready(
                summary.ready_at,
                &context.outcome.final_status,
                &context.run.plan.readiness_gates,
            ),
        ),
        ("ended", moment(summary.ended_at)),
        ("restarts", restarts.join(", ")),
    ];
    let mut text = format!("{}\n", paint.apply("summary:", Some(Tone::Strong)));
    for (label, value) in rows {
        text.push_str(&format!("  {label:<12} {value}\n"));
    }
    for (label, value) in crate::render::simulate::termination::summary_rows(&summary.termination) {
        text.push_str(&format!("  {label:<12} {value}\n"));
    }
    for (label, value) in context
        .job
        .map(crate::render::simulate::job::summary_rows)
        .unwrap_or_default()
    {
        text.push_str(&format!("  {label:<12} {value}\n"));
    }
    if let Some(verdict) = verdict(context) {
        text.push_str(&format!(
            "  {:<12} {}\n",
            "verdict",
            paint.apply(&verdict, Some(Tone::Bad))
        ));
    }
    text
}

/// For a pod that ends Failed, or that never becomes Ready though nothing stopped it: what
/// went wrong and the `--expect` that gates a script or CI step on it (the run itself exits 0
/// without one: a simulation that shows a failure has done its job).
fn verdict(context: &RunContext<'_>) -> Option<String> {
    let summary = &context.outcome.summary;
    if summary.termination.cause.is_some() {
        return None;
    }
    if summary.phase.as_str() == "Failed" {
        return Some(
            "the pod ended Failed; `--expect phase=Succeeded` (or `phase=Running`) makes that exit 1"
                .to_string(),
        );
    }
    let finishes = context.job.is_some() || summary.phase.as_str() == "Succeeded";
    (summary.ready_at.is_none() && !finishes).then(|| {
        format!(
            "never Ready within {}; `--expect ready-within=DURATION` makes that exit 1",
            context.run.horizon
        )
    })
}
