//! A fast path for the large JSON kubectl saves (`get pods -o json`, `get events -o json`): a `List` whose items are all Pods or Events, each item decoded straight into the model on every core, with no span tree.
//!
//! A `List` is one JSON document, which the span-tree reader reads on one core; a day's events
//! of a busy namespace are tens of megabytes. Observing needs no spans (a line per object), so
//! when the text is exactly one JSON object — a `List` of Pods and Events, a Pod or an Event —
//! and every item decodes, this reads it; anything else (another kind, a legacy init-container
//! annotation, an item that does not decode, more than one JSON value) returns `None` and the
//! caller reads the text the usual way, which locates every problem. The test in
//! `cli::commands::observe::read` holds both ways to the same pods and events.

use rayon::prelude::*;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::k8s::model::{ObjectMeta, Pod, PodSpec, PodStatus};
use crate::observe::event_objects::RawEvent;
use crate::observe::evidence::ObservedEvent;

/// What the fast path read: pods (with their line and controller) and events, in order.
#[derive(Debug, Default)]
pub struct Items {
    /// Each pod, its 1-based line, and its controller (`Kind/name`).
    pub pods: Vec<(Pod, usize, Option<String>)>,
    /// Each event.
    pub events: Vec<ObservedEvent>,
}

#[derive(Deserialize)]
struct Head<'a> {
    #[serde(default)]
    kind: Option<String>,
    #[serde(borrow, default)]
    items: Option<Vec<&'a RawValue>>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawPod {
    metadata: ObjectMeta,
    spec: PodSpec,
    status: Option<PodStatus>,
}

/// An item's kind and, for a pod, its controller: read in one pass before the item itself.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ItemHead {
    kind: Option<String>,
    #[serde(rename = "apiVersion")]
    api_version: Option<String>,
    metadata: OwnersMeta,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct OwnersMeta {
    owner_references: Vec<Owner>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Owner {
    kind: String,
    name: String,
    controller: Option<bool>,
}

enum Item {
    Pod(Box<(Pod, usize, Option<String>)>),
    Event(Box<ObservedEvent>),
}

fn item(raw: &RawValue, line: usize) -> Option<Item> {
    let head: ItemHead = serde_json::from_str(raw.get()).ok()?;
    match (head.kind.as_deref(), head.api_version.as_deref()) {
        (Some("Pod"), Some("v1")) => {
            let pod: RawPod = serde_json::from_str(raw.get()).ok()?;
            // The legacy init-container annotations are merged by the usual reader only.
            let legacy = pod
                .metadata
                .annotations
                .as_ref()
                .is_some_and(|a| a.keys().any(|k| k.contains("init-containers")));
            if legacy || pod.metadata.name.is_none() {
                return None;
            }
            let owners = &head.metadata.owner_references;
            let owner = owners
                .iter()
                .find(|o| o.controller == Some(true))
                .or_else(|| owners.first())
                .map(|o| format!("{}/{}", o.kind, o.name));
            Some(Item::Pod(Box::new((
                Pod {
                    metadata: pod.metadata,
                    spec: pod.spec,
                    status: pod.status,
                },
                line,
                owner,
            ))))
        }
        (Some("Event"), Some(api)) if api == "v1" || api.starts_with("events.k8s.io/") => {
            let raw_event: RawEvent = serde_json::from_str(raw.get()).ok()?;
            Some(Item::Event(Box::new(raw_event.into_event(line))))
        }
        _ => None,
    }
}

/// The 1-based line of each byte offset (offsets ascending).
fn lines_of(text: &str, offsets: &[usize]) -> Vec<usize> {
    let mut lines = Vec::with_capacity(offsets.len());
    let mut line = 1usize;
    let mut at = 0usize;
    for &offset in offsets {
        let upto = offset.min(text.len());
        line += memchr::memchr_iter(b'\n', text.as_bytes().get(at..upto).unwrap_or(&[])).count();
        at = upto;
        lines.push(line);
    }
    lines
}

/// Reads the text when it is one JSON `List` of Pods and Events (or one Pod or Event) that all
/// decode; `None` for anything else.
pub fn read(text: &str) -> Option<Items> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if !trimmed.starts_with('{') {
        return None;
    }
    let head: Head<'_> = serde_json::from_str(text).ok()?;
    let raws: Vec<&RawValue> = match (head.kind.as_deref(), head.items) {
        (Some(kind), Some(items)) if kind.ends_with("List") => items,
        (Some("Pod" | "Event"), _) => vec![serde_json::from_str::<&RawValue>(text).ok()?],
        _ => return None,
    };
    let base = text.as_ptr() as usize;
    let offsets: Vec<usize> = raws
        .iter()
        .map(|raw| (raw.get().as_ptr() as usize).saturating_sub(base))
        .collect();
    let lines = lines_of(text, &offsets);
    let items: Option<Vec<Item>> = raws
        .par_iter()
        .zip(lines.par_iter())
        .map(|(raw, &line)| item(raw, line))
        .collect();
    let mut read = Items::default();
    for item in items? {
        match item {
            Item::Pod(pod) => read.pods.push(*pod),
            Item::Event(event) => read.events.push(*event),
        }
    }
    Some(read)
}
