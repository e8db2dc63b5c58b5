//! The Namespace objects of a run and their Pod Security labels: every object whose
//! `metadata.namespace` names one is checked against the policy they give.
//!
//! Reading a Namespace never fails: a label the API server refuses is reported on the
//! Namespace itself (PL530) where its document is validated, and here read as the admission
//! controller reads it.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::k8s::pod_security::namespace_policy::LABEL_PREFIX;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, Node, NodeKind};
use crate::yaml::stream::for_each_document_naming;

/// The word every Namespace's text holds (`kind: Namespace`): a source or piece without it
/// holds none and is not parsed.
pub const KIND: &str = "Namespace";

/// Pod Security labels kept per Namespace, at most (there are six).
const MAX_LABELS: usize = 16;
/// Namespaces kept per run, at most: a run naming more keeps the first ones read.
pub const MAX_NAMESPACES: usize = 100_000;

/// One Namespace object: its Pod Security labels and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundNamespace {
    /// Its `pod-security.kubernetes.io/*` labels, by full key, as written.
    pub labels: Vec<(String, String)>,
    /// Where it is: `file:line:column`.
    pub place: String,
}

impl FoundNamespace {
    /// The value of a label, by full key.
    pub fn label(&self, key: &str) -> Option<&str> {
        self.labels
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The Namespaces of a run, by name; when one is written twice, the later one counts (as
/// applying the files in order would leave it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Namespaces {
    by_name: BTreeMap<String, FoundNamespace>,
}

impl Namespaces {
    /// The Namespace called `name`, if the run has one.
    pub fn get(&self, name: &str) -> Option<&FoundNamespace> {
        self.by_name.get(name)
    }

    /// How many were read.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether none was read.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// Adds the Namespaces of `other`, read after these.
    pub fn append(&mut self, other: Namespaces) {
        for (name, found) in other.by_name {
            if self.by_name.len() < MAX_NAMESPACES || self.by_name.contains_key(&name) {
                self.by_name.insert(name, found);
            }
        }
    }

    /// Reads the Namespaces of one source's text (`file` names it in notes). Only the parts
    /// of the text that name the kind are parsed; a source without it costs one search.
    pub fn read_text(&mut self, file: &Arc<str>, text: &str) {
        let lines = LineIndex::new(text);
        for_each_document_naming(text, KIND, |document| {
            self.read_document(file, &lines, document);
        });
    }

    /// Reads the Namespaces of one parsed document (an object, or a `List`'s items).
    pub fn read_document(&mut self, file: &Arc<str>, lines: &LineIndex<'_>, document: &Document<'_>) {
        if let Some(root) = &document.root {
            for_each_namespace(root, |node| self.read_namespace(file, lines, node));
        }
    }

    fn read_namespace(&mut self, file: &Arc<str>, lines: &LineIndex<'_>, node: &Node<'_>) {
        let Some(name) = node
            .get("metadata")
            .and_then(|metadata| metadata.get("name"))
            .and_then(Node::as_scalar)
        else {
            return;
        };
        if self.by_name.len() >= MAX_NAMESPACES && !self.by_name.contains_key(name) {
            return;
        }
        let found = FoundNamespace {
            labels: pod_security_labels(node)
                .map(|(key, value)| (key.to_string(), value.to_string()))
                .collect(),
            place: {
                let start = lines.pos(node.at.start);
                format!("{file}:{}:{}", start.line, start.column)
            },
        };
        self.by_name.insert(name.to_string(), found);
    }
}

/// Calls `each` with every `v1` Namespace object in `root` (itself, or a `List`'s items).
pub fn for_each_namespace<'n, 'a>(root: &'n Node<'a>, mut each: impl FnMut(&'n Node<'a>)) {
    let kind = root.get("kind").and_then(Node::as_scalar).unwrap_or("");
    if kind.ends_with("List") {
        if let Some(NodeKind::Sequence(items)) = root.get("items").map(Node::kind) {
            for item in items {
                if is_namespace(item) {
                    each(item);
                }
            }
        }
        return;
    }
    if is_namespace(root) {
        each(root);
    }
}

/// Whether `node` is a core `v1` Namespace.
fn is_namespace(node: &Node<'_>) -> bool {
    node.get("kind").and_then(Node::as_scalar) == Some(KIND)
        && node.get("apiVersion").and_then(Node::as_scalar) == Some("v1")
}

/// The `pod-security.kubernetes.io/*` labels of a Namespace node, with their key and value
/// nodes' text, in order (at most [`MAX_LABELS`]).
pub fn pod_security_labels<'n>(node: &'n Node<'_>) -> impl Iterator<Item = (&'n str, &'n str)> {
    let entries = node
        .get("metadata")
        .and_then(|metadata| metadata.get("labels"))
        .and_then(|labels| match labels.kind() {
            NodeKind::Mapping(entries) => Some(entries),
            _ => None,
        });
    entries
        .into_iter()
        .flatten()
        .filter_map(|(key, value)| Some((key.as_scalar()?, value.as_scalar()?)))
        .filter(|(key, _)| key.starts_with(LABEL_PREFIX))
        .take(MAX_LABELS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Namespaces {
        let mut found = Namespaces::default();
        found.read_text(&Arc::from("ns.yaml"), text);
        found
    }

    #[test]
    fn namespaces_are_read_from_objects_and_lists_and_the_later_one_counts() {
        let found = read(
            "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels:\n    pod-security.kubernetes.io/enforce: baseline\n    app: x\n---\n\
             apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: team-b, labels: {pod-security.kubernetes.io/warn: restricted}}\n---\n\
             apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels:\n    pod-security.kubernetes.io/enforce: restricted\n",
        );
        assert_eq!(found.len(), 2);
        let a = found.get("team-a").unwrap();
        assert_eq!(a.label("pod-security.kubernetes.io/enforce"), Some("restricted"));
        assert_eq!(a.labels.len(), 1);
        assert_eq!(a.place, "ns.yaml:16:1");
        let b = found.get("team-b").unwrap();
        assert_eq!(b.label("pod-security.kubernetes.io/warn"), Some("restricted"));
    }

    #[test]
    fn other_kinds_and_groups_are_not_namespaces() {
        let found = read("apiVersion: example.com/v1\nkind: Namespace\nmetadata: {name: x}\n---\nkind: Pod\nmetadata: {name: Namespace}\n");
        assert!(found.is_empty());
    }
}
