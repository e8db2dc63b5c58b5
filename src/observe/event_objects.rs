//! `Event` objects in a YAML or JSON stream, of either API (`v1` and `events.k8s.io/v1`), alone or in a `List`, read into observed events.

use crate::k8s::timestamp::parse_rfc3339;
use crate::observe::evidence::{InvolvedObject, Moment, ObservedEvent};
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Node, NodeKind};
use serde::Deserialize;

/// How deep `List`s may nest.
const MAX_LIST_DEPTH: usize = 4;

/// Whether the object is an `Event` of either API.
pub fn is_event(node: &Node<'_>) -> bool {
    let kind = node.get("kind").and_then(Node::as_str);
    let api = node.get("apiVersion").and_then(Node::as_str).unwrap_or("");
    kind == Some("Event") && (api == "v1" || api.starts_with("events.k8s.io/"))
}

/// An `Event` that could not be read: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableEvent {
    /// The 1-based line of the object.
    pub line: usize,
    /// What was wrong, as the decoder says it.
    pub message: String,
}

/// Every `Event` in the document (its root, or the items of a `List`), in order, and those
/// whose fields could not be read.
pub fn events_in(
    root: &Node<'_>,
    lines: &LineIndex<'_>,
) -> (Vec<ObservedEvent>, Vec<UnreadableEvent>) {
    let mut out = (Vec::new(), Vec::new());
    collect(root, lines, 0, &mut out);
    out
}

fn collect(
    node: &Node<'_>,
    lines: &LineIndex<'_>,
    depth: usize,
    out: &mut (Vec<ObservedEvent>, Vec<UnreadableEvent>),
) {
    if is_event(node) {
        let line = lines.pos(node.at.start).line as usize;
        match read_event(node) {
            Ok(raw) => out.0.push(raw.into_event(line)),
            Err(message) => out.1.push(UnreadableEvent { line, message }),
        }
        return;
    }
    let is_list = node
        .get("kind")
        .and_then(Node::as_str)
        .is_some_and(|kind| kind.ends_with("List"));
    if is_list
        && depth < MAX_LIST_DEPTH
        && let Some(NodeKind::Sequence(items)) = node.get("items").map(Node::kind)
    {
        for item in items {
            collect(item, lines, depth + 1, out);
        }
    }
}

/// The fields an observation reads; what else the object holds is the API server's business.
fn read_event(node: &Node<'_>) -> Result<RawEvent, String> {
    let mut problems = Vec::new();
    crate::k8s::decode::decode(
        node,
        &crate::yaml::field_path::FieldPath::root(),
        &mut problems,
    )
    .map_err(|error| error.to_string())
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Involved {
    kind: Option<String>,
    namespace: Option<String>,
    name: Option<String>,
    uid: Option<String>,
    field_path: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Series {
    count: Option<i64>,
    last_observed_time: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct Source {
    component: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(crate) struct EventMeta {
    namespace: Option<String>,
    #[serde(rename = "creationTimestamp")]
    creation_timestamp: Option<String>,
}

/// Both Event APIs' fields, as either reader decodes them.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RawEvent {
    api_version: Option<String>,
    metadata: EventMeta,
    involved_object: Option<Involved>,
    regarding: Option<Involved>,
    reason: Option<String>,
    message: Option<String>,
    note: Option<String>,
    #[serde(rename = "type")]
    event_type: Option<String>,
    first_timestamp: Option<String>,
    last_timestamp: Option<String>,
    count: Option<i64>,
    deprecated_first_timestamp: Option<String>,
    deprecated_last_timestamp: Option<String>,
    deprecated_count: Option<i64>,
    event_time: Option<String>,
    series: Option<Series>,
    source: Option<Source>,
    reporting_controller: Option<String>,
    reporting_component: Option<String>,
}

fn moment(text: Option<&String>) -> Option<Moment> {
    let text = text?;
    let epoch_ms = parse_rfc3339(text)?;
    Some(Moment::At {
        epoch_ms,
        precision_ms: if text.contains('.') { 1 } else { 1000 },
    })
}

impl RawEvent {
    /// The observed event, read from the object at `line`.
    pub fn into_event(self, line: usize) -> ObservedEvent {
        let raw = self;
        let core = raw.api_version.as_deref() == Some("v1");
        let involved = if core {
            raw.involved_object
        } else {
            raw.regarding
        }
        .unwrap_or_default();
        let (first, last, count, message) = if core {
            (
                raw.first_timestamp,
                raw.last_timestamp,
                raw.count,
                raw.message,
            )
        } else {
            (
                raw.deprecated_first_timestamp,
                raw.deprecated_last_timestamp,
                raw.deprecated_count,
                raw.note,
            )
        };
        let series = raw.series.unwrap_or_default();
        let first = moment(first.as_ref())
            .or_else(|| moment(raw.event_time.as_ref()))
            .or_else(|| moment(raw.metadata.creation_timestamp.as_ref()));
        let last = moment(series.last_observed_time.as_ref())
            .or_else(|| moment(last.as_ref()))
            .or(first);
        ObservedEvent {
            involved: InvolvedObject {
                kind: involved.kind.unwrap_or_default(),
                namespace: involved.namespace.or(raw.metadata.namespace),
                name: involved.name.unwrap_or_default(),
                uid: involved.uid,
                field_path: involved.field_path,
            },
            event_type: raw.event_type.unwrap_or_default(),
            reason: raw.reason.unwrap_or_default(),
            message: message.unwrap_or_default().trim().to_string(),
            source: raw
                .source
                .and_then(|s| s.component)
                .or(raw.reporting_controller)
                .or(raw.reporting_component)
                .unwrap_or_default(),
            first,
            last,
            count: series
                .count
                .or(count)
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(1)
                .max(1),
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::stream::parse_stream;

    fn events(text: &str) -> Vec<ObservedEvent> {
        let lines = LineIndex::new(text);
        parse_stream(text)
            .iter()
            .filter_map(|document| document.root.as_ref())
            .flat_map(|root| {
                let (events, unreadable) = events_in(root, &lines);
                assert!(unreadable.is_empty(), "{unreadable:?}");
                events
            })
            .collect()
    }

    #[test]
    fn core_events_in_a_list_with_counts_and_container_paths() {
        let read = events(
            r#"{"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "Event", "metadata": {"namespace": "shop"},
   "involvedObject": {"kind": "Pod", "name": "web-1", "uid": "u1", "fieldPath": "spec.initContainers{migrate}"},
   "reason": "BackOff", "message": " Back-off restarting failed container migrate ", "type": "Warning",
   "firstTimestamp": "2026-03-10T09:00:08Z", "lastTimestamp": "2026-03-10T09:00:19Z", "count": 3,
   "source": {"component": "kubelet"}},
  {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "web-1"},
   "reason": "Scheduled", "message": "assigned", "type": "Normal", "firstTimestamp": null,
   "eventTime": "2026-03-10T09:00:01.123456Z", "reportingComponent": "default-scheduler"},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "not-an-event"}}
]}"#,
        );
        assert_eq!(read.len(), 2);
        let back_off = &read[0];
        assert_eq!(back_off.count, 3);
        assert_eq!(
            back_off.message,
            "Back-off restarting failed container migrate"
        );
        assert_eq!(back_off.involved.namespace.as_deref(), Some("shop"));
        assert_eq!(
            back_off.involved.field_path.as_deref(),
            Some("spec.initContainers{migrate}")
        );
        assert_eq!(back_off.source, "kubelet");
        let first = parse_rfc3339("2026-03-10T09:00:08Z").unwrap();
        let last = parse_rfc3339("2026-03-10T09:00:19Z").unwrap();
        assert_eq!(
            back_off.first,
            Some(Moment::At {
                epoch_ms: first,
                precision_ms: 1000
            })
        );
        assert_eq!(
            back_off.last,
            Some(Moment::At {
                epoch_ms: last,
                precision_ms: 1000
            })
        );
        // eventTime keeps its milliseconds; the last time is the first.
        let scheduled = &read[1];
        assert_eq!(
            scheduled.first,
            Some(Moment::At {
                epoch_ms: parse_rfc3339("2026-03-10T09:00:01.123Z").unwrap(),
                precision_ms: 1
            })
        );
        assert_eq!(scheduled.last, scheduled.first);
        assert_eq!(scheduled.count, 1);
        assert_eq!(scheduled.source, "default-scheduler");
    }

    #[test]
    fn events_k8s_io_events_with_a_series() {
        let read = events(
            "apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: web-1.1, namespace: shop}
regarding: {kind: Pod, namespace: shop, name: web-1, fieldPath: 'spec.containers{app}'}
reason: Unhealthy
note: 'Readiness probe failed: 503'
type: Warning
eventTime: '2026-03-10T09:01:00.000000Z'
series: {count: 7, lastObservedTime: '2026-03-10T09:02:30.500000Z'}
deprecatedCount: 2
reportingController: kubelet
",
        );
        assert_eq!(read.len(), 1);
        let event = &read[0];
        assert_eq!(event.count, 7, "the series counts");
        assert_eq!(event.message, "Readiness probe failed: 503");
        assert_eq!(event.involved.name, "web-1");
        assert_eq!(
            event.last,
            Some(Moment::At {
                epoch_ms: parse_rfc3339("2026-03-10T09:02:30.5Z").unwrap(),
                precision_ms: 1
            })
        );
        assert_eq!(event.line, 1);
    }

    #[test]
    fn an_event_whose_fields_cannot_be_read_is_left_out_and_said() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Event\n  involvedObject: [not, a, mapping]\n  reason: X\n";
        let documents = parse_stream(text);
        let (events, unreadable) =
            events_in(documents[0].root.as_ref().unwrap(), &LineIndex::new(text));
        assert!(events.is_empty());
        assert_eq!(unreadable.len(), 1);
        assert_eq!(unreadable[0].line, 4);
    }
}
