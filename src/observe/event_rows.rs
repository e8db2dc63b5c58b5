//! The events of one pod in time order: each given its container (from `fieldPath`, or from the message as kubelet words it) and its time since the pod's creation.

use crate::k8s::timestamp::EpochMillis;
use crate::observe::containers::{ContainerLife, Role};
use crate::observe::evidence::{Moment, ObservedEvent};

/// One event as shown: a row of the events table and an entry of the JSON's `events`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    /// When it first happened (epoch ms), if known.
    pub first: Option<EpochMillis>,
    /// When it last happened (epoch ms), if known.
    pub last: Option<EpochMillis>,
    /// How precisely `first` and `last` are known, in milliseconds.
    pub precision_ms: i64,
    /// How many times it happened.
    pub count: u32,
    /// `Normal` or `Warning`.
    pub event_type: String,
    /// Its reason.
    pub reason: String,
    /// `pod/<name>` or `container/<name>`.
    pub object: String,
    /// Its message.
    pub message: String,
    /// The container it is about, an index into the pod's containers.
    pub container: Option<usize>,
    /// The input line it came from.
    pub line: usize,
}

/// Turns a moment into epoch milliseconds: absolute times as they are, ages from when the
/// text was printed (unknown: `None`).
pub fn resolve(moment: Moment, printed_at: Option<EpochMillis>) -> Option<EpochMillis> {
    match moment {
        Moment::At { epoch_ms, .. } => Some(epoch_ms),
        Moment::Ago { ago_ms, .. } => printed_at.map(|at| at.saturating_sub(ago_ms)),
    }
}

/// The container an event is about: its `fieldPath` (`spec.initContainers{migrate}`), else
/// the container the kubelet's message names (`Started container app`, `Back-off restarting
/// failed container app in pod …`), else the one container whose image a pull names.
pub fn container_of(event: &ObservedEvent, lives: &[ContainerLife]) -> Option<usize> {
    if let Some(path) = event.involved.field_path.as_deref()
        && let Some((list, rest)) = path.split_once('{')
    {
        let name = rest.strip_suffix('}').unwrap_or(rest);
        return lives
            .iter()
            .position(|life| life.role.spec_list() == list && life.name == name)
            .or_else(|| lives.iter().position(|life| life.name == name));
    }
    let message = event.message.as_str();
    if let Some(named) = named_container(message, lives) {
        return Some(named);
    }
    if let Some(image) = quoted_after(message, "image ") {
        let mut with_image = lives
            .iter()
            .enumerate()
            .filter(|(_, life)| life.image == image);
        if let (Some((index, _)), None) = (with_image.next(), with_image.next()) {
            return Some(index);
        }
    }
    // A pod of one container: every container event is about it.
    let mut real = lives
        .iter()
        .enumerate()
        .filter(|(_, life)| life.role != Role::Ephemeral);
    match (real.next(), real.next()) {
        (Some((index, _)), None) if is_container_reason(&event.reason) => Some(index),
        _ => None,
    }
}

/// Reasons the kubelet gives only to container events.
fn is_container_reason(reason: &str) -> bool {
    matches!(
        reason,
        "Pulling"
            | "Pulled"
            | "Created"
            | "Started"
            | "Killing"
            | "Unhealthy"
            | "ProbeWarning"
            | "BackOff"
            | "Failed"
            | "ErrImageNeverPull"
            | "InspectFailed"
            | "FailedPostStartHook"
            | "FailedPreStopHook"
            | "ExceededGracePeriod"
    )
}

/// The word after `container` (`container app`, `container: app`, `container "app"`), when it
/// names one of the pod's containers.
fn named_container(message: &str, lives: &[ContainerLife]) -> Option<usize> {
    let mut rest = message;
    for _ in 0..8 {
        let at = rest.find("container")?;
        let after = rest.get(at + "container".len()..)?;
        let word: String = after
            .trim_start_matches([':', ' '])
            .trim_start_matches('"')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
            .collect();
        if let Some(index) = lives.iter().position(|life| life.name == word) {
            return Some(index);
        }
        rest = after;
    }
    None
}

/// The text between the quotes after `prefix` (`image "nginx:1.27"`).
pub fn quoted_after<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let at = message.find(prefix)?;
    let rest = message.get(at + prefix.len()..)?.strip_prefix('"')?;
    let end = rest.find('"')?;
    rest.get(..end)
}

/// The rows, sorted by first time (unknown times last), input order among equals.
pub fn rows(
    events: &[ObservedEvent],
    lives: &[ContainerLife],
    pod_name: &str,
    printed_at: Option<EpochMillis>,
) -> Vec<EventRow> {
    let mut rows: Vec<EventRow> = events
        .iter()
        .map(|event| {
            let container = container_of(event, lives);
            let object = match container.and_then(|index| lives.get(index)) {
                Some(life) => format!("container/{}", life.name),
                None if event.involved.kind.is_empty() || event.involved.kind == "Pod" => {
                    format!("pod/{pod_name}")
                }
                None => format!(
                    "{}/{}",
                    event.involved.kind.to_ascii_lowercase(),
                    event.involved.name
                ),
            };
            let first = event.first.and_then(|m| resolve(m, printed_at));
            let last = event.last.and_then(|m| resolve(m, printed_at)).or(first);
            let precision_ms = event
                .first
                .iter()
                .chain(event.last.iter())
                .map(|m| m.precision_ms())
                .max()
                .unwrap_or(1000);
            EventRow {
                first: first.or(last),
                last,
                precision_ms,
                count: event.count.max(1),
                event_type: event.event_type.clone(),
                reason: event.reason.clone(),
                object,
                message: event.message.clone(),
                container,
                line: event.line,
            }
        })
        .collect();
    // The same event given twice (in the pods' stream and again with `--events`) is one
    // event: equal in all but the line it was read from. The first one read stays.
    let mut seen = std::collections::HashSet::new();
    rows.retain(|row| {
        seen.insert((
            row.first,
            row.last,
            row.count,
            row.event_type.clone(),
            row.reason.clone(),
            row.object.clone(),
            row.message.clone(),
        ))
    });
    rows.sort_by_key(|row| (row.first.is_none(), row.first));
    rows
}

/// One image pull, from its `Pulling` event to the `Pulled` that ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullSpan {
    /// When the pull began (epoch ms).
    pub start: EpochMillis,
    /// When it ended (epoch ms).
    pub end: EpochMillis,
    /// The kubelet's own measure from the message (`2m40.5s` of `… in 2m40.5s (…)`).
    pub took: Option<String>,
    /// How precisely the two times are known, in milliseconds.
    pub precision_ms: i64,
}

/// The pulls among these events (one container's, or one image's), in time order: each
/// `Pulling` to the next `Pulled` that pulled; and how often the image was already present.
pub fn pulls<'a>(events: impl Iterator<Item = &'a EventRow>) -> (Vec<PullSpan>, u32) {
    let mut spans = Vec::new();
    let mut cached = 0u32;
    let mut pulling: Option<&EventRow> = None;
    for event in events {
        match event.reason.as_str() {
            "Pulling" => pulling = pulling.or(Some(event)),
            "Pulled" if event.message.contains("already present") => {
                cached = cached.saturating_add(event.count);
            }
            "Pulled" => {
                if let Some((began, start, end)) = pulling
                    .take()
                    .and_then(|began| Some((began, began.first?, event.last?)))
                {
                    spans.push(PullSpan {
                        start,
                        end,
                        took: event
                            .message
                            .split_once(" in ")
                            .and_then(|(_, rest)| rest.split(' ').next())
                            .filter(|text| !text.is_empty())
                            .map(str::to_string),
                        precision_ms: began.precision_ms.max(event.precision_ms),
                    });
                }
            }
            _ => {}
        }
    }
    (spans, cached)
}
