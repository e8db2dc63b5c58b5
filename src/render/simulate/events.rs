//! The events table, in the style of `kubectl get events`: time since creation, type, reason, object, message.

use crate::render::paint::Tone;
use crate::render::simulate::RunContext;
use crate::render::simulate::table;

/// The OBJECT column: `pod/<name>` or `container/<name>`.
pub fn object(context: &RunContext<'_>, container: Option<usize>) -> String {
    match container {
        Some(index) => format!("container/{}", context.run.plan.containers[index].name),
        None => format!("pod/{}", context.run.plan.name),
    }
}

/// Renders every event.
pub fn render(context: &RunContext<'_>) -> String {
    let rows: Vec<Vec<String>> = context
        .outcome
        .recording
        .events
        .iter()
        .map(|event| {
            vec![
                event.at.to_string(),
                event.kind().to_string(),
                event.reason().to_string(),
                object(context, event.container),
                event.message(context.run.plan),
            ]
        })
        .collect();
    let events = &context.outcome.recording.events;
    // kubectl's Warning events stand out: the type yellow, the reason red.
    let tone_of = |row: usize, column: usize| {
        let warning = events
            .get(row)
            .is_some_and(|event| event.kind() == "Warning");
        match column {
            1 if warning => Some(Tone::Busy),
            2 if warning => Some(Tone::Bad),
            _ => None,
        }
    };
    let mut text = table::render_painted(
        &["TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"],
        &rows,
        context.paint,
        &tone_of,
    );
    text.push_str(&late_stop_signals(context));
    text
}

/// A note for each sidecar whose stop signal was held back after its Killing event: the kubelet
/// records Killing when the kill begins, then the sidecar runs its preStop hook and waits for
/// its turn (the app containers and the sidecars after it stop first) before SIGTERM.
fn late_stop_signals(context: &RunContext<'_>) -> String {
    let plan = context.run.plan;
    let recording = &context.outcome.recording;
    let mut notes = String::new();
    for sent in recording.stop_signals.iter().filter(|sent| sent.held_back) {
        let (at, container) = (sent.at, sent.container);
        let spec = &plan.containers[container];
        if spec.kind != crate::sim::plan::spec::ContainerKind::Sidecar {
            continue;
        }
        let killing = recording
            .events
            .iter()
            .filter(|event| {
                event.container == Some(container)
                    && event.at <= at
                    && matches!(event.what, crate::sim::record::Happening::Killing(_))
            })
            .map(|event| event.at)
            .next_back();
        let Some(killing) = killing.filter(|killing| *killing < at) else {
            continue;
        };
        let signal = if spec.stop_signal.is_some() {
            "its stop signal"
        } else {
            "SIGTERM"
        };
        let hook = if spec.pre_stop.is_some() {
            "its preStop hook, then "
        } else {
            ""
        };
        notes.push_str(&format!(
            "note: sidecar `{}` was sent {signal} at {at}, not at its Killing event ({killing}): {hook}it waited for its turn\n",
            spec.name
        ));
    }
    notes
}
