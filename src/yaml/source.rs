//! Source text to span-aware YAML trees: one parse per document, every node with its location.
//!
//! `tree_builder.rs` is the only file that knows the YAML parser (`saphyr-parser`'s event stream);
//! it builds a small tree of [`Node`]s that borrow their text from the source, with the start and end of
//! every node, resolves anchors and merge keys with a budget, rejects duplicate keys, and bounds
//! nesting depth. The tree is both the input of decoding (`decode.rs`) and the span index that
//! turns a field path into file:line:col ([`Node::lookup`]).

use std::borrow::Cow;
use std::sync::Arc;

use crate::yaml::field_path::{FieldPath, Segment};
use crate::yaml::line_index::LineIndex;

/// Deepest nesting accepted in a document; real manifests stay far below it.
pub const MAX_DEPTH: usize = 200;
/// Most nodes that alias expansion may add to one document ("billion laughs" guard).
pub const MAX_ALIAS_NODES: usize = 500_000;
/// Most scalar text that alias expansion may add to one document (one huge scalar aliased
/// many times).
pub const MAX_ALIAS_BYTES: usize = 32 << 20;

/// A position in a source text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Index in characters from the start of the text.
    pub index: u32,
    /// Line, 1-based.
    pub line: u32,
    /// Column in characters, 1-based.
    pub column: u32,
}

/// A range of a source text, start inclusive, end exclusive.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// First position.
    pub start: Pos,
    /// Position just past the end.
    pub end: Pos,
}

impl Span {
    /// A span covering one position.
    pub fn at(pos: Pos) -> Self {
        Self {
            start: pos,
            end: pos,
        }
    }

    /// This span moved so that its origin (line 1, column 1) sits at `origin`; used to point into
    /// text embedded in another document (the legacy init-container annotations).
    pub fn relative_to(self, origin: Pos, line_indent: u32) -> Self {
        let shift = |pos: Pos| Pos {
            index: origin.index + pos.index,
            line: origin.line + pos.line - 1,
            column: if pos.line == 1 {
                origin.column + pos.column - 1
            } else {
                line_indent + pos.column
            },
        };
        Self {
            start: shift(self.start),
            end: shift(self.end),
        }
    }
}

/// Where a node is: character offsets from the start of the stream (a byte order mark not
/// counted; the parser's unit), start inclusive, end exclusive. Eight bytes a node instead of a
/// [`Span`]'s twenty-four; [`LineIndex::span`](crate::yaml::line_index::LineIndex::span) turns
/// them into lines and columns where a finding is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Offsets {
    /// Offset of the first character.
    pub start: u32,
    /// Offset just past the last.
    pub end: u32,
}

impl Offsets {
    /// The offsets from `start` to `end`.
    pub fn between(start: Pos, end: Pos) -> Self {
        Offsets {
            start: start.index,
            end: end.index,
        }
    }
}

/// How a scalar was written, which decides how its text resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalarForm {
    /// Plain: `8080`, `true`, `null`, `nginx` resolve by their text.
    Plain,
    /// Quoted, block, or tagged `!!str`: always a string.
    Text,
}

/// The content of a YAML node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind<'a> {
    /// A scalar and how it was written.
    Scalar(Cow<'a, str>, ScalarForm),
    /// A sequence.
    Sequence(Vec<Node<'a>>),
    /// A mapping, entries in source order, keys unique.
    Mapping(Vec<(Node<'a>, Node<'a>)>),
}

/// A YAML node with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct Node<'a> {
    /// What the node holds, or the anchored node an alias shares.
    value: Value<'a>,
    /// Where it is (for an alias: the alias, not the anchor).
    pub at: Offsets,
}

/// A node's content: its own, or shared with an anchor (an alias costs one pointer, however
/// large the anchored node; anchoring a node costs nothing either).
#[derive(Debug, Clone, PartialEq)]
enum Value<'a> {
    Own(NodeKind<'a>),
    Shared(Arc<Node<'a>>),
}

impl<'a> Node<'a> {
    /// A node holding `kind`, at `at`.
    pub fn new(kind: NodeKind<'a>, at: Offsets) -> Self {
        Self {
            value: Value::Own(kind),
            at,
        }
    }

    /// A node sharing `anchored`'s content, at `at` (an alias).
    pub fn shared(anchored: Arc<Node<'a>>, at: Offsets) -> Self {
        Self {
            value: Value::Shared(anchored),
            at,
        }
    }

    /// What the node holds (through an alias, what its anchor holds).
    pub fn kind(&self) -> &NodeKind<'a> {
        match &self.value {
            Value::Own(kind) => kind,
            Value::Shared(node) => node.kind(),
        }
    }

    /// Whether the node is an alias (its content is its anchor's, spans included).
    pub fn is_alias(&self) -> bool {
        matches!(self.value, Value::Shared(_))
    }

    /// What the node holds, by value (an alias's content is copied).
    pub fn into_kind(self) -> NodeKind<'a> {
        match self.value {
            Value::Own(kind) => kind,
            Value::Shared(node) => Arc::unwrap_or_clone(node).into_kind(),
        }
    }

    /// The content to change in place (an alias's content is copied first).
    pub fn kind_mut(&mut self) -> &mut NodeKind<'a> {
        match &mut self.value {
            Value::Own(kind) => kind,
            Value::Shared(node) => Arc::make_mut(node).kind_mut(),
        }
    }

    /// The scalar text, if this is a scalar.
    pub fn as_scalar(&self) -> Option<&str> {
        match self.kind() {
            NodeKind::Scalar(text, _) => Some(text),
            _ => None,
        }
    }

    /// The scalar text if this is a string (a plain scalar that resolves to a string, or any
    /// quoted one).
    pub fn as_str(&self) -> Option<&str> {
        match self.kind() {
            NodeKind::Scalar(text, ScalarForm::Text) => Some(text),
            NodeKind::Scalar(text, ScalarForm::Plain) if resolve_plain(text) == Resolved::Str => {
                Some(text)
            }
            _ => None,
        }
    }

    /// Whether this is a null scalar.
    pub fn is_null(&self) -> bool {
        matches!(self.kind(), NodeKind::Scalar(text, ScalarForm::Plain) if resolve_plain(text) == Resolved::Null)
    }

    /// The entry of a mapping with this key: (key node, value node).
    pub fn entry(&self, key: &str) -> Option<(&Node<'a>, &Node<'a>)> {
        match self.kind() {
            NodeKind::Mapping(entries) => entries
                .iter()
                .find(|(k, _)| k.as_scalar() == Some(key))
                .map(|(k, v)| (k, v)),
            _ => None,
        }
    }

    /// The value of a mapping entry.
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.entry(key).map(|(_, value)| value)
    }

    /// The item of a sequence.
    pub fn item(&self, index: usize) -> Option<&Node<'a>> {
        match self.kind() {
            NodeKind::Sequence(items) => items.get(index),
            _ => None,
        }
    }

    /// What kind of YAML value this is, in words, for messages.
    pub fn describe(&self) -> String {
        match self.kind() {
            NodeKind::Scalar(text, ScalarForm::Text) => format!("the string `{}`", clip(text)),
            NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
                Resolved::Null => "null".to_string(),
                Resolved::Bool(_) => format!("the boolean `{text}`"),
                Resolved::Int(_) | Resolved::BigInt | Resolved::Float(_) => {
                    format!("the number `{}`", clip(text))
                }
                Resolved::Str => format!("the string `{}`", clip(text)),
            },
            NodeKind::Sequence(_) => "a list".to_string(),
            NodeKind::Mapping(_) => "a mapping".to_string(),
        }
    }

    /// Follows a field path from this node. Returns the key node (for fields and map keys) and
    /// the value node of the last segment found, and whether the whole path was found.
    pub fn lookup(&self, path: &FieldPath) -> Lookup<'_, 'a> {
        self.lookup_segments(path.segments())
    }

    /// [`Node::lookup`] of the path made of `segments`, which need not be one `FieldPath`
    /// (an object's prefix then a pod-relative path, without joining them).
    pub fn lookup_segments<'s>(
        &self,
        segments: impl IntoIterator<Item = &'s Segment>,
    ) -> Lookup<'_, 'a> {
        Lookup {
            key: None,
            value: self,
            complete: true,
        }
        .then(segments)
    }

    /// This tree with every string owned, so it can outlive its source text.
    pub fn into_owned(self) -> Node<'static> {
        let at = self.at;
        let kind = match self.into_kind() {
            NodeKind::Scalar(text, form) => NodeKind::Scalar(Cow::Owned(text.into_owned()), form),
            NodeKind::Sequence(items) => {
                NodeKind::Sequence(items.into_iter().map(Node::into_owned).collect())
            }
            NodeKind::Mapping(entries) => NodeKind::Mapping(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect(),
            ),
        };
        Node::new(kind, at)
    }

    /// This tree, read from `embedded` (text embedded in a file), with every offset moved into
    /// the file (indexed by `file`) by [`Span::relative_to`].
    pub fn relocate(
        &mut self,
        embedded: &LineIndex<'_>,
        file: &LineIndex<'_>,
        origin: Pos,
        line_indent: u32,
    ) {
        let moved = embedded.span(self.at).relative_to(origin, line_indent);
        self.at = Offsets {
            start: file.char_offset(moved.start),
            end: file.char_offset(moved.end),
        };
        match self.kind_mut() {
            NodeKind::Scalar(..) => {}
            NodeKind::Sequence(items) => items
                .iter_mut()
                .for_each(|item| item.relocate(embedded, file, origin, line_indent)),
            NodeKind::Mapping(entries) => entries.iter_mut().for_each(|(k, v)| {
                k.relocate(embedded, file, origin, line_indent);
                v.relocate(embedded, file, origin, line_indent);
            }),
        }
    }
}

/// The result of [`Node::lookup`].
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'n, 'a> {
    /// The key node of the deepest segment found (none for list items and the root).
    pub key: Option<&'n Node<'a>>,
    /// The value node of the deepest segment found.
    pub value: &'n Node<'a>,
    /// Whether every segment was found.
    pub complete: bool,
}

impl Lookup<'_, '_> {
    /// The lookup of this one's path followed by `segments`: walked on from where this one
    /// ended, as if the whole path had been looked up at once (nothing further when this one
    /// stopped short).
    pub fn then<'s>(self, segments: impl IntoIterator<Item = &'s Segment>) -> Self {
        let mut found = self;
        if !found.complete {
            return found;
        }
        for segment in segments {
            let next = match segment {
                Segment::Field(name) => found
                    .value
                    .entry(name)
                    .map(|(key, value)| (Some(key), value)),
                Segment::Key(name) => found
                    .value
                    .entry(name)
                    .map(|(key, value)| (Some(key), value)),
                Segment::Index(index) => found.value.item(*index).map(|value| (None, value)),
            };
            match next {
                Some((key, value)) => {
                    found.key = key;
                    found.value = value;
                }
                None => {
                    found.complete = false;
                    break;
                }
            }
        }
        found
    }
}

/// A problem found while building the tree, at a place.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeProblem {
    /// What went wrong.
    pub kind: TreeProblemKind,
    /// The message, rustc style.
    pub message: String,
    /// Where.
    pub span: Span,
    /// For a repeated key: the dropped entry, from its key to the end of its value (what a fix
    /// removes to keep the last).
    pub extent: Option<Span>,
}

/// The kinds of [`TreeProblem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeProblemKind {
    /// The YAML does not parse; the rest of the stream is lost.
    Syntax,
    /// A mapping repeats a key, or a merge key overrides a written one (the last value is kept,
    /// as go-yaml keeps it); the extent is the entry that was dropped.
    DuplicateKey,
    /// A mapping key is not a scalar.
    ComplexKey,
    /// The document nests deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Aliases expand past [`MAX_ALIAS_NODES`] or [`MAX_ALIAS_BYTES`].
    AliasBomb,
    /// A merge key (`<<`) whose value is not a mapping or a list of mappings.
    BadMerge,
    /// An alias names no anchor.
    UnknownAnchor,
}

impl Document<'_> {
    /// This document with every string owned, so it can outlive its source text.
    pub fn into_owned(self) -> Document<'static> {
        Document {
            index: self.index,
            root: self.root.map(Node::into_owned),
            start: self.start,
            problems: self.problems,
        }
    }
}

/// One YAML document of a stream.
#[derive(Debug, Clone)]
pub struct Document<'a> {
    /// Position in the stream, from 0.
    pub index: usize,
    /// The root node; `None` for an empty document or one that could not be built.
    pub root: Option<Node<'a>>,
    /// Where the document starts.
    pub start: Pos,
    /// Problems found in this document.
    pub problems: Vec<TreeProblem>,
}

use crate::text::clip;
pub use crate::yaml::scalar::{Resolved, resolve_plain};
pub use crate::yaml::stream::{for_each_document, parse_stream};

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> Node<'_> {
        let mut documents = parse_stream(text);
        assert_eq!(documents.len(), 1, "{documents:?}");
        documents.remove(0).root.expect("root")
    }

    /// A node holds its place in eight bytes (two offsets), not a span's twenty-four.
    #[test]
    fn a_node_is_its_content_and_two_offsets() {
        assert_eq!(size_of::<Offsets>(), 8);
        assert!(size_of::<Node<'_>>() <= 40, "{}", size_of::<Node<'_>>());
    }

    #[test]
    fn spans_point_at_keys_and_values() {
        let text = "spec:\n  containers:\n  - name: app\n    image: nginx\n";
        let tree = root(text);
        let found = tree.lookup(&FieldPath::parse("spec.containers[0].image"));
        assert!(found.complete);
        let key = found.key.expect("key");
        let lines = LineIndex::new(text);
        let (key, value) = (lines.span(key.at), lines.span(found.value.at));
        assert_eq!((key.start.line, key.start.column), (4, 5));
        assert_eq!((value.start.line, value.start.column), (4, 12));
        assert_eq!(value.end.column, 17);
    }

    /// Walking on from a lookup of a path's start finds what the whole path's lookup finds,
    /// whether or not either part is there.
    #[test]
    fn a_lookup_walked_on_equals_the_whole_paths() {
        let text = "spec:\n  template:\n    spec:\n      containers:\n      - name: app\n";
        let tree = root(text);
        let places =
            |found: Lookup<'_, '_>| (found.complete, found.key.map(|key| key.at), found.value.at);
        for (head, tail) in [
            ("spec.template.spec", "containers[0].name"),
            ("spec.template.spec", "containers[0].image"),
            ("spec.template.spec", "containers[3]"),
            ("spec.template.spec", ""),
            ("spec.template.missing", "containers[0].name"),
            ("spec.missing", "template.spec"),
            ("spec", "template.spec.containers"),
            ("", "spec.template"),
        ] {
            let (head, tail) = (FieldPath::parse(head), FieldPath::parse(tail));
            let whole = tree.lookup(&head.join(&tail));
            let walked_on = tree.lookup(&head).then(tail.segments());
            assert_eq!(places(walked_on), places(whole), "{head} + {tail}");
        }
    }
}

/// Which part of the node at a path to point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The key (`image:`), for a field that should not be there or is unknown.
    Key,
    /// The value, for a value that is wrong.
    Value,
}
