//! The inputs of `podlife observe` read into evidence: pods with a status and events from YAML or JSON streams, the text of `kubectl describe pod` and of the `kubectl get events` table; events matched to their pods.

use std::collections::HashMap;

use crate::error::Error;
use crate::finding::{Finding, Severity, Summary};
use crate::input::SourceText;
use crate::lint::settings::CheckOptions;
use crate::objects::read_source::read_source;
use crate::observe::describe_text::{looks_like_describe, parse_describe};
use crate::observe::event_objects::events_in;
use crate::observe::event_table::{looks_like_event_table, parse_event_table};
use crate::observe::evidence::{ObservedEvent, TextError};
use crate::observe::observation::PodEvidence;
use crate::yaml::source::Node;

/// Everything read from the inputs.
#[derive(Debug, Default)]
pub struct Read {
    /// Pods with a status (or described), in input order.
    pub pods: Vec<PodEvidence>,
    /// Events not yet matched to a pod, in input order.
    pub events: Vec<ObservedEvent>,
    /// Where each event came from (its source's name), by index into `events`.
    pub event_sources: Vec<std::sync::Arc<str>>,
    /// Pods and templates without a status.
    pub without_status: usize,
    /// Documents that could not be read cleanly, located.
    pub errors: Vec<Finding>,
    /// Objects left out because their fields could not be read, located (`file:line: …`).
    pub left_out: Vec<String>,
}

impl Read {
    fn append(&mut self, mut other: Read) {
        self.pods.append(&mut other.pods);
        self.events.append(&mut other.events);
        self.event_sources.append(&mut other.event_sources);
        self.without_status += other.without_status;
        self.errors.append(&mut other.errors);
        self.left_out.append(&mut other.left_out);
    }
}

/// Text kubectl prints that could not be read: `file:line:col: message`.
fn text_error(source: &SourceText, error: &TextError) -> Error {
    Error::Usage(format!(
        "{}:{}:{}: {}",
        source.name, error.line, error.column, error.message
    ))
}

/// Reads one source, whatever form it is in.
pub fn read(source: &SourceText, options: &CheckOptions) -> Result<Read, Error> {
    let text = source.text.as_str();
    let mut read = Read::default();
    if looks_like_describe(text) {
        let described = parse_describe(text).map_err(|e| text_error(source, &e))?;
        for pod in described {
            read.pods.push(PodEvidence {
                pod: pod.pod,
                events: pod.events,
                source: format!("{}:{}", source.name, pod.line),
                printed_at: None,
                notes: pod
                    .notes
                    .into_iter()
                    .map(|(line, note)| format!("{}:{line}: {note}", source.name))
                    .collect(),
                owner: pod.owner,
                partial_spec: true,
            });
        }
        return Ok(read);
    }
    if looks_like_event_table(text) {
        let events = parse_event_table(text).map_err(|e| text_error(source, &e))?;
        read.event_sources = vec![source.name.clone(); events.len()];
        read.events = events;
        return Ok(read);
    }
    if let Some(items) = crate::observe::json_items::read(text) {
        for (pod, line, owner) in items.pods {
            if pod.status.is_none() {
                read.without_status += 1;
                continue;
            }
            read.pods.push(PodEvidence {
                pod,
                source: format!("{}:{line}", source.name),
                owner,
                ..PodEvidence::default()
            });
        }
        read.event_sources = vec![source.name.clone(); items.events.len()];
        read.events = items.events;
        return Ok(read);
    }
    Ok(read_objects(source, options))
}

/// Pods with a status and `Event` objects from a YAML or JSON stream.
fn read_objects(source: &SourceText, options: &CheckOptions) -> Read {
    let mut read = Read::default();
    let mut source_findings = Vec::new();
    let mut summary = Summary::default();
    let mut document_findings = Vec::new();
    read_source(
        source,
        &options.pod_templates,
        &mut source_findings,
        &mut summary,
        |piece: &mut Read, document, lines, objects| {
            piece.errors.extend(
                objects
                    .findings
                    .into_iter()
                    .filter(|f| f.severity == Severity::Error),
            );
            if let Some(root) = document.root.as_ref() {
                let (events, unreadable) = events_in(root, lines);
                piece.left_out.extend(unreadable.into_iter().map(|bad| {
                    format!(
                        "{}:{}: an Event left out: {}",
                        source.name, bad.line, bad.message
                    )
                }));
                piece
                    .event_sources
                    .extend(std::iter::repeat_n(source.name.clone(), events.len()));
                piece.events.extend(events);
            }
            for object in objects.pods {
                if object.kind != "Pod" || object.incomplete {
                    if object.pod.status.is_none() {
                        piece.without_status += 1;
                    }
                    continue;
                }
                if object.pod.status.is_none() {
                    piece.without_status += 1;
                    continue;
                }
                let at = document.root.as_ref().map(|root| {
                    let found = root.lookup(&object.object_path);
                    lines.pos(found.value.at.start).line
                });
                let owner = document.root.as_ref().and_then(|root| {
                    let found = root.lookup(
                        &object
                            .object_path
                            .child("metadata")
                            .child("ownerReferences")
                            .index(0),
                    );
                    found.complete.then(|| owner_of(found.value)).flatten()
                });
                piece.pods.push(PodEvidence {
                    pod: object.pod,
                    events: Vec::new(),
                    source: format!("{}:{}", source.name, at.unwrap_or(1)),
                    printed_at: None,
                    notes: Vec::new(),
                    owner,
                    partial_spec: false,
                });
            }
        },
        |_, _| {},
        |piece| {
            let mut value = piece.value;
            crate::finding::shift_documents(&mut value.errors, piece.documents_before);
            document_findings.append(&mut value.errors);
            value.errors = Vec::new();
            read.append(value);
        },
    );
    source_findings.append(&mut document_findings);
    source_findings.retain(|finding| finding.severity == Severity::Error);
    source_findings.sort_by(Finding::cmp_in_file);
    read.errors = source_findings;
    read
}

fn owner_of(node: &Node<'_>) -> Option<String> {
    let kind = node.get("kind").and_then(Node::as_str)?;
    let name = node.get("name").and_then(Node::as_str)?;
    Some(format!("{kind}/{name}"))
}

/// Gives each pod its events: by UID where both have one, else by namespace (where both say)
/// and name. Without any pod in the inputs, each pod the events name makes a timeline of its
/// own (a `kubectl get events` table alone); beside pods, events of other pods and of other
/// objects are counted and left out.
pub fn match_events(read: &mut Read) -> usize {
    let mut by_uid: HashMap<String, usize> = HashMap::new();
    let mut by_name: HashMap<(String, String), usize> = HashMap::new();
    let mut by_bare_name: HashMap<String, usize> = HashMap::new();
    for (index, evidence) in read.pods.iter().enumerate() {
        let meta = &evidence.pod.metadata;
        if let Some(uid) = &meta.uid {
            by_uid.entry(uid.clone()).or_insert(index);
        }
        let name = meta.name.clone().unwrap_or_default();
        by_name
            .entry((meta.namespace.clone().unwrap_or_default(), name.clone()))
            .or_insert(index);
        by_bare_name.entry(name).or_insert(index);
    }
    let mut other_objects = 0usize;
    let pods_given = !read.pods.is_empty();
    for event in std::mem::take(&mut read.events) {
        let involved = &event.involved;
        if !(involved.kind.is_empty() || involved.kind == "Pod") || involved.name.is_empty() {
            other_objects += 1;
            continue;
        }
        let found = involved
            .uid
            .as_ref()
            .and_then(|uid| by_uid.get(uid))
            .or_else(|| match &involved.namespace {
                Some(namespace) => by_name.get(&(namespace.clone(), involved.name.clone())),
                None => by_bare_name.get(&involved.name),
            })
            .copied()
            // A pod whose own UID differs is another pod of the same name.
            .filter(|&index| {
                let pod_uid = read
                    .pods
                    .get(index)
                    .and_then(|p| p.pod.metadata.uid.as_ref());
                match (pod_uid, &involved.uid) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                }
            });
        let index = match found {
            Some(index) => index,
            // Beside the pods given, another pod's events are another object's.
            None if pods_given => {
                other_objects += 1;
                continue;
            }
            None => {
                let mut pod = crate::k8s::model::Pod::default();
                pod.metadata.name = Some(involved.name.clone());
                pod.metadata.namespace.clone_from(&involved.namespace);
                pod.metadata.uid.clone_from(&involved.uid);
                let index = read.pods.len();
                if let Some(uid) = &involved.uid {
                    by_uid.insert(uid.clone(), index);
                }
                by_name.insert(
                    (
                        involved.namespace.clone().unwrap_or_default(),
                        involved.name.clone(),
                    ),
                    index,
                );
                by_bare_name.entry(involved.name.clone()).or_insert(index);
                read.pods.push(PodEvidence {
                    pod,
                    source: format!("events of pod {}", involved.name),
                    notes: vec![
                        "only its events were given: no status, so no container runs".to_string(),
                    ],
                    ..PodEvidence::default()
                });
                index
            }
        };
        if let Some(evidence) = read.pods.get_mut(index) {
            evidence.events.push(event);
        }
    }
    other_objects
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node_to_json(node: &Node<'_>) -> serde_json::Value {
        use crate::yaml::scalar::{Resolved, resolve_plain};
        use crate::yaml::source::{NodeKind, ScalarForm};
        match node.kind() {
            NodeKind::Scalar(text, ScalarForm::Text) => serde_json::Value::from(text.as_ref()),
            NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
                Resolved::Null => serde_json::Value::Null,
                Resolved::Bool(b) => serde_json::Value::from(b),
                Resolved::Int(n) => serde_json::Value::from(n),
                Resolved::Float(f) => serde_json::Value::from(f),
                Resolved::BigInt | Resolved::Str => serde_json::Value::from(text.as_ref()),
            },
            NodeKind::Sequence(items) => items.iter().map(node_to_json).collect(),
            NodeKind::Mapping(entries) => serde_json::Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.as_scalar().unwrap().to_string(), node_to_json(v)))
                    .collect(),
            ),
        }
    }

    /// A YAML fixture as the JSON `kubectl get -o json` prints.
    fn as_json(path: &str) -> serde_json::Value {
        let text = std::fs::read_to_string(path).unwrap();
        let documents = crate::yaml::stream::parse_stream(&text);
        node_to_json(documents[0].root.as_ref().unwrap())
    }

    /// The fast path and the span-tree reader give the same pods (spec and status), lines,
    /// controllers and events for the same JSON: which path ran never shows.
    #[test]
    fn the_json_fast_path_reads_what_the_span_tree_reader_reads() {
        let root = env!("CARGO_MANIFEST_DIR");
        let stories = [
            "sidecar-startup-probe",
            "init-crashloop",
            "slow-image-pull",
            "evicted",
            "job-defer",
            "long-prestop",
        ];
        let mut items: Vec<serde_json::Value> = stories
            .iter()
            .map(|story| as_json(&format!("{root}/testdata/observe/{story}/pod.yaml")))
            .collect();
        let list = as_json(&format!("{root}/testdata/observe/pods-list.yaml"));
        items.extend(list["items"].as_array().unwrap().iter().cloned());
        for story in stories {
            let events: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(format!("{root}/testdata/observe/{story}/events.json"))
                    .unwrap(),
            )
            .unwrap();
            items.extend(events["items"].as_array().unwrap().iter().cloned());
        }
        let v1 = as_json(&format!("{root}/testdata/observe/events-v1.yaml"));
        items.extend(v1["items"].as_array().unwrap().iter().cloned());
        let document = serde_json::json!({"apiVersion": "v1", "kind": "List", "items": items});
        let text = serde_json::to_string_pretty(&document).unwrap();
        let source = SourceText::new("all.json", text.clone());
        let options = CheckOptions::default();
        let fast = crate::observe::json_items::read(&text).expect("the fast path reads it");
        let slow = read_objects(&source, &options);
        assert!(slow.errors.is_empty(), "{:?}", slow.errors);
        assert_eq!(fast.pods.len(), slow.pods.len());
        assert!(fast.pods.len() >= 9);
        for ((pod, line, owner), evidence) in fast.pods.iter().zip(&slow.pods) {
            assert_eq!(pod, &evidence.pod, "{}", evidence.source);
            assert_eq!(format!("all.json:{line}"), evidence.source);
            assert_eq!(owner, &evidence.owner);
        }
        assert_eq!(fast.events, slow.events);
        assert!(fast.events.len() > 50, "{}", fast.events.len());
    }

    /// Anything but Pods and Events goes the usual way, where every problem is located.
    #[test]
    fn the_fast_path_declines_what_it_does_not_read() {
        for text in [
            r#"{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}}]}"#,
            r#"{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": {}}}]}"#,
            r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}} {"apiVersion": "v1", "kind": "Pod"}"#,
            "apiVersion: v1\nkind: Pod\n",
            r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "annotations": {"pod.beta.kubernetes.io/init-containers": "[]"}}}"#,
        ] {
            assert!(crate::observe::json_items::read(text).is_none(), "{text}");
        }
    }
}
