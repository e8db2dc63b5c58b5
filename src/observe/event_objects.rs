//! `Event` objects in a YAML or JSON stream, of either API (`v1` and `events.k8s.io/v1`), alone or in a `List`, read into observed events.

use crate::k8s::timestamp::parse_rfc3339;
use crate::observe::evidence::{InvolvedObject, Moment, ObservedEvent};
use crate::yaml::scalar::{Resolved, resolve_plain};
use crate::yaml::source::{Node, NodeKind};

/// How deep `List`s may nest.
const MAX_LIST_DEPTH: usize = 4;

/// Whether the object is an `Event` of either API.
pub fn is_event(node: &Node<'_>) -> bool {
    let kind = node.get("kind").and_then(Node::as_str);
    let api = node.get("apiVersion").and_then(Node::as_str).unwrap_or("");
    kind == Some("Event") && (api == "v1" || api.starts_with("events.k8s.io/"))
}

/// Every `Event` in the document (its root, or the items of a `List`), in order.
pub fn events_in(root: &Node<'_>) -> Vec<ObservedEvent> {
    let mut out = Vec::new();
    collect(root, 0, &mut out);
    out
}

fn collect(node: &Node<'_>, depth: usize, out: &mut Vec<ObservedEvent>) {
    if is_event(node) {
        out.push(read_event(node));
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
            collect(item, depth + 1, out);
        }
    }
}

fn text(node: &Node<'_>, path: &[&str]) -> Option<String> {
    let mut at = node;
    for key in path {
        at = at.get(key)?;
    }
    at.as_scalar().filter(|_| !at.is_null()).map(str::to_string)
}

fn number(node: &Node<'_>, path: &[&str]) -> Option<i64> {
    let value = text(node, path)?;
    match resolve_plain(&value) {
        Resolved::Int(n) => Some(n),
        _ => None,
    }
}

/// A timestamp field: whole seconds, or microseconds (`eventTime`, `lastObservedTime`).
fn moment(node: &Node<'_>, path: &[&str]) -> Option<Moment> {
    let value = text(node, path)?;
    let epoch_ms = parse_rfc3339(&value)?;
    let precision_ms = if value.contains('.') { 1 } else { 1000 };
    Some(Moment::At {
        epoch_ms,
        precision_ms,
    })
}

fn read_event(node: &Node<'_>) -> ObservedEvent {
    let core = node.get("apiVersion").and_then(Node::as_str) == Some("v1");
    let regarding = if core { "involvedObject" } else { "regarding" };
    let involved = node
        .get(regarding)
        .map_or_else(InvolvedObject::default, |object| InvolvedObject {
            kind: text(object, &["kind"]).unwrap_or_default(),
            namespace: text(object, &["namespace"])
                .or_else(|| text(node, &["metadata", "namespace"])),
            name: text(object, &["name"]).unwrap_or_default(),
            uid: text(object, &["uid"]),
            field_path: text(object, &["fieldPath"]),
        });
    let (first_field, last_field, count_field, message_field) = if core {
        ("firstTimestamp", "lastTimestamp", "count", "message")
    } else {
        (
            "deprecatedFirstTimestamp",
            "deprecatedLastTimestamp",
            "deprecatedCount",
            "note",
        )
    };
    let series_last = moment(node, &["series", "lastObservedTime"]);
    let first = moment(node, &[first_field])
        .or_else(|| moment(node, &["eventTime"]))
        .or_else(|| moment(node, &["metadata", "creationTimestamp"]));
    let last = series_last
        .or_else(|| moment(node, &[last_field]))
        .or(first);
    let count = number(node, &["series", "count"])
        .or_else(|| number(node, &[count_field]))
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(1)
        .max(1);
    let source = text(node, &["source", "component"])
        .or_else(|| text(node, &["reportingController"]))
        .or_else(|| text(node, &["reportingComponent"]))
        .unwrap_or_default();
    ObservedEvent {
        involved,
        event_type: text(node, &["type"]).unwrap_or_default(),
        reason: text(node, &["reason"]).unwrap_or_default(),
        message: text(node, &[message_field])
            .unwrap_or_default()
            .trim()
            .to_string(),
        source,
        first,
        last,
        count,
        line: node.span.start.line as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::stream::parse_stream;

    fn events(text: &str) -> Vec<ObservedEvent> {
        parse_stream(text)
            .iter()
            .filter_map(|document| document.root.as_ref())
            .flat_map(|root| events_in(root))
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
}
