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

/// One row of the table: an event, and how often it repeated.
struct Row {
    /// The first occurrence, an index into the recorded events.
    first: usize,
    /// Its message.
    message: String,
    /// How many identical events the row stands for.
    count: u32,
    /// When the last of them happened.
    last_at: crate::sim::engine::time::SimTime,
}

/// Renders the events, as `kubectl describe` shows them: an event identical to one already
/// shown (type, reason, object, message) with no other event of that object in between is
/// counted on that row, `12s (x30 over 1m)`: first at 12 s, 30 times within the minute that
/// followed. JSON keeps every event.
pub fn render(context: &RunContext<'_>) -> String {
    let events = &context.outcome.recording.events;
    let mut rows: Vec<Row> = Vec::new();
    // Per object (`None`: the pod), its latest row.
    let mut latest: std::collections::BTreeMap<Option<usize>, usize> =
        std::collections::BTreeMap::new();
    for (index, event) in events.iter().enumerate() {
        let message = event.message(context.run.plan);
        let repeat = latest.get(&event.container).and_then(|&row| {
            let shown = events.get(rows.get(row)?.first)?;
            (shown.kind() == event.kind()
                && shown.reason() == event.reason()
                && rows.get(row)?.message == message)
                .then_some(row)
        });
        if let Some(row) = repeat.and_then(|row| rows.get_mut(row)) {
            row.count += 1;
            row.last_at = event.at;
            continue;
        }
        latest.insert(event.container, rows.len());
        rows.push(Row {
            first: index,
            message,
            count: 1,
            last_at: event.at,
        });
    }
    let cells: Vec<Vec<String>> = rows
        .iter()
        .filter_map(|row| {
            let event = events.get(row.first)?;
            let time = match row.count {
                1 => event.at.to_string(),
                count => format!(
                    "{} (x{count} over {})",
                    event.at,
                    row.last_at.since(event.at)
                ),
            };
            Some(vec![
                time,
                event.kind().to_string(),
                event.reason().to_string(),
                object(context, event.container),
                row.message.clone(),
            ])
        })
        .collect();
    // kubectl's Warning events stand out: the type yellow, the reason red.
    let tone_of = |row: usize, column: usize| {
        let warning = rows
            .get(row)
            .and_then(|row| events.get(row.first))
            .is_some_and(|event| event.kind() == "Warning");
        match column {
            1 if warning => Some(Tone::Busy),
            2 if warning => Some(Tone::Bad),
            _ => None,
        }
    };
    let mut text = table::render_painted(
        &["TIME", "TYPE", "REASON", "OBJECT", "MESSAGE"],
        &cells,
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
