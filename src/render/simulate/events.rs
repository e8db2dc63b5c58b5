//! The events table, in the style of `kubectl get events`: time since creation, type, reason, object, message.

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
    table::render(&["TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"], &rows)
}
