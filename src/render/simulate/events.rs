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
    table::render_painted(
        &["TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"],
        &rows,
        context.paint,
        &tone_of,
    )
}
