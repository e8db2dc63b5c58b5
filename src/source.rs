//! Source text to span-aware YAML trees: one parse per document, every node with its location.
//!
//! This is the only file that knows the YAML parser (`saphyr-parser`'s event stream). It builds
//! a small tree of [`Node`]s that borrow their text from the source, with the start and end of
//! every node, resolves anchors and merge keys with a budget, rejects duplicate keys, and bounds
//! nesting depth. The tree is both the input of decoding (`decode.rs`) and the span index that
//! turns a field path into file:line:col ([`Node::lookup`]).

use std::borrow::Cow;
use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScalarStyle};

use crate::field_path::{FieldPath, Segment};

/// Deepest nesting accepted in a document; real manifests stay far below it.
pub const MAX_DEPTH: usize = 200;
/// Most nodes that alias expansion may add to one document ("billion laughs" guard).
pub const MAX_ALIAS_NODES: usize = 100_000;

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

fn pos_of(marker: &saphyr_parser::Marker) -> Pos {
    Pos {
        index: clamp_u32(marker.index()),
        line: clamp_u32(marker.line()),
        column: clamp_u32(marker.col() + 1),
    }
}

fn clamp_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
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
    /// What the node holds.
    pub kind: NodeKind<'a>,
    /// Where it is.
    pub span: Span,
}

/// What a plain scalar means under the YAML rules Kubernetes' decoder uses (YAML 1.1 booleans).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Resolved {
    /// `null`, `~`, or nothing.
    Null,
    /// A boolean (`true`, `yes`, `on`, …).
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer too large for 64 bits.
    BigInt,
    /// A float.
    Float(f64),
    /// Anything else: a string.
    Str,
}

/// Resolves a plain scalar's text.
pub fn resolve_plain(text: &str) -> Resolved {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "y" | "Y" => {
            return Resolved::Bool(true);
        }
        "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "n" | "N" => {
            return Resolved::Bool(false);
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Resolved::Float(f64::INFINITY);
        }
        "-.inf" | "-.Inf" | "-.INF" => return Resolved::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Resolved::Float(f64::NAN),
        _ => {}
    }
    let first = text.as_bytes()[0];
    if !(first.is_ascii_digit() || matches!(first, b'-' | b'+' | b'.')) {
        return Resolved::Str;
    }
    if let Some(int) = resolve_int(text) {
        return int;
    }
    if is_float(text)
        && let Ok(value) = text.replace('_', "").parse::<f64>()
    {
        return Resolved::Float(value);
    }
    Resolved::Str
}

fn resolve_int(text: &str) -> Option<Resolved> {
    let (negative, digits) = match text.as_bytes()[0] {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, body) = if let Some(hex) = digits.strip_prefix("0x") {
        (16, hex)
    } else if let Some(octal) = digits.strip_prefix("0o") {
        (8, octal)
    } else {
        (10, digits)
    };
    let cleaned: String = body.chars().filter(|c| *c != '_').collect();
    if cleaned.is_empty() || !cleaned.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = match u128::from_str_radix(&cleaned, radix) {
        Ok(value) => value,
        Err(_) => return Some(Resolved::BigInt),
    };
    let signed = if negative {
        i128::try_from(magnitude).ok().map(|v| -v)
    } else {
        i128::try_from(magnitude).ok()
    };
    Some(match signed.and_then(|v| i64::try_from(v).ok()) {
        Some(value) => Resolved::Int(value),
        None => Resolved::BigInt,
    })
}

fn is_float(text: &str) -> bool {
    let body = text.trim_start_matches(['-', '+']);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let digits_ok = |s: &str| s.chars().all(|c| c.is_ascii_digit() || c == '_');
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            (!whole.is_empty() || !fraction.is_empty()) && digits_ok(whole) && digits_ok(fraction)
        }
        None => !mantissa.is_empty() && digits_ok(mantissa) && exponent.is_some(),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.trim_start_matches(['-', '+']);
        !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
    });
    mantissa_ok && exponent_ok
}

impl<'a> Node<'a> {
    /// The scalar text, if this is a scalar.
    pub fn as_scalar(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Scalar(text, _) => Some(text),
            _ => None,
        }
    }

    /// The scalar text if this is a string (a plain scalar that resolves to a string, or any
    /// quoted one).
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Scalar(text, ScalarForm::Text) => Some(text),
            NodeKind::Scalar(text, ScalarForm::Plain) if resolve_plain(text) == Resolved::Str => {
                Some(text)
            }
            _ => None,
        }
    }

    /// Whether this is a null scalar.
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, NodeKind::Scalar(text, ScalarForm::Plain) if resolve_plain(text) == Resolved::Null)
    }

    /// The entry of a mapping with this key: (key node, value node).
    pub fn entry(&self, key: &str) -> Option<(&Node<'a>, &Node<'a>)> {
        match &self.kind {
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
        match &self.kind {
            NodeKind::Sequence(items) => items.get(index),
            _ => None,
        }
    }

    /// What kind of YAML value this is, in words, for messages.
    pub fn describe(&self) -> String {
        match &self.kind {
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
        let mut found = Lookup {
            key: None,
            value: self,
            complete: true,
        };
        for segment in path.segments() {
            let next = match segment {
                Segment::Field(name) | Segment::Key(name) => found
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

    /// This tree with every string owned, so it can outlive its source text.
    pub fn into_owned(self) -> Node<'static> {
        let kind = match self.kind {
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
        Node {
            kind,
            span: self.span,
        }
    }

    /// This tree with every span moved by [`Span::relative_to`].
    pub fn relocate(&mut self, origin: Pos, line_indent: u32) {
        self.span = self.span.relative_to(origin, line_indent);
        match &mut self.kind {
            NodeKind::Scalar(..) => {}
            NodeKind::Sequence(items) => items
                .iter_mut()
                .for_each(|item| item.relocate(origin, line_indent)),
            NodeKind::Mapping(entries) => entries.iter_mut().for_each(|(k, v)| {
                k.relocate(origin, line_indent);
                v.relocate(origin, line_indent);
            }),
        }
    }

    fn count(&self) -> usize {
        match &self.kind {
            NodeKind::Scalar(..) => 1,
            NodeKind::Sequence(items) => 1 + items.iter().map(Node::count).sum::<usize>(),
            NodeKind::Mapping(entries) => {
                1 + entries
                    .iter()
                    .map(|(k, v)| k.count() + v.count())
                    .sum::<usize>()
            }
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

/// Shortens a value for a message.
pub fn clip(text: &str) -> Cow<'_, str> {
    const MAX: usize = 40;
    if text.chars().count() <= MAX && !text.contains('\n') {
        Cow::Borrowed(text)
    } else {
        let short: String = text
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(MAX)
            .collect();
        Cow::Owned(format!("{short}…"))
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
}

/// The kinds of [`TreeProblem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeProblemKind {
    /// The YAML does not parse; the rest of the stream is lost.
    Syntax,
    /// A mapping repeats a key (the first one is kept).
    DuplicateKey,
    /// A mapping key is not a scalar.
    ComplexKey,
    /// The document nests deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Aliases expand past [`MAX_ALIAS_NODES`].
    AliasBomb,
    /// An alias names no anchor.
    UnknownAnchor,
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

/// Parses a YAML (or JSON) stream into documents. Never panics; a syntax error ends the stream
/// with a [`TreeProblemKind::Syntax`] problem on the document where it happened.
pub fn parse_stream(text: &str) -> Vec<Document<'_>> {
    let mut documents = Vec::new();
    for_each_document(text, |document| documents.push(document));
    documents
}

/// Parses a YAML (or JSON) stream and hands each document to `visit` as soon as it is complete,
/// so memory is bounded by the largest document rather than the stream.
pub fn for_each_document<'a>(text: &'a str, visit: impl FnMut(Document<'a>)) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut builder = TreeBuilder {
        visit,
        count: 0,
        current: None,
        stack: Vec::new(),
        values: Vec::new(),
        anchors: HashMap::new(),
        alias_nodes: 0,
        skipping: None,
        last_pos: Pos::default(),
    };
    let mut parser = Parser::new_from_str(text);
    while let Some(next) = parser.next_event() {
        match next {
            Ok((event, span)) => {
                if builder.on_event(event, span) {
                    break;
                }
            }
            Err(error) => {
                builder.syntax_error(error);
                break;
            }
        }
    }
    builder.finish_document();
}

/// An open sequence or mapping; its children wait on the builder's shared value stack.
struct Frame<'a> {
    mapping: bool,
    start: Pos,
    anchor: usize,
    /// Where this frame's children start in `TreeBuilder::values`.
    base: usize,
    /// Values of `<<` merge keys, merged when the mapping closes.
    merges: Vec<Node<'a>>,
}

struct TreeBuilder<'a, F: FnMut(Document<'a>)> {
    visit: F,
    count: usize,
    current: Option<Document<'a>>,
    stack: Vec<Frame<'a>>,
    /// Children of every open frame, innermost last; each frame is moved out in one exact-size
    /// allocation when it closes (no regrowth per child).
    values: Vec<Node<'a>>,
    anchors: HashMap<usize, (Node<'a>, usize)>,
    alias_nodes: usize,
    /// Depth of nesting being skipped after a fatal problem in the document.
    skipping: Option<usize>,
    last_pos: Pos,
}

impl<'a, F: FnMut(Document<'a>)> TreeBuilder<'a, F> {
    /// Handles one event; returns true at the end of the stream.
    fn on_event(&mut self, event: Event<'a>, span: saphyr_parser::Span) -> bool {
        let start = pos_of(&span.start);
        let end = pos_of(&span.end);
        self.last_pos = end;
        if let Some(depth) = self.skipping {
            match event {
                Event::SequenceStart(..) | Event::MappingStart(..) => {
                    self.skipping = Some(depth + 1);
                    return false;
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    self.skipping = Some(depth.saturating_sub(1));
                    return false;
                }
                Event::Scalar(..) | Event::Alias(..) => return false,
                _ => self.skipping = None,
            }
        }
        match event {
            Event::StreamStart | Event::Nothing => {}
            Event::StreamEnd => {
                self.finish_document();
                return true;
            }
            Event::DocumentStart(_) => {
                self.finish_document();
                self.current = Some(Document {
                    index: self.count,
                    root: None,
                    start,
                    problems: Vec::new(),
                });
                self.anchors.clear();
                self.alias_nodes = 0;
            }
            Event::DocumentEnd => self.finish_document(),
            Event::Scalar(text, style, anchor, tag) => {
                let tagged_string = tag.as_ref().is_some_and(|t| t.suffix == "str");
                let form = if style == ScalarStyle::Plain && !tagged_string {
                    ScalarForm::Plain
                } else {
                    ScalarForm::Text
                };
                let node = Node {
                    kind: NodeKind::Scalar(text, form),
                    span: Span { start, end },
                };
                self.push_node(node, anchor);
            }
            Event::Alias(id) => match self.anchors.get(&id) {
                Some((node, count)) => {
                    self.alias_nodes += count;
                    if self.alias_nodes > MAX_ALIAS_NODES {
                        self.fatal(
                            TreeProblemKind::AliasBomb,
                            format!(
                                "aliases expand to more than {MAX_ALIAS_NODES} nodes; refusing to expand further"
                            ),
                            Span { start, end },
                        );
                        return false;
                    }
                    let mut copy = node.clone();
                    copy.span = Span { start, end };
                    self.push_node(copy, 0);
                }
                None => self.problem(
                    TreeProblemKind::UnknownAnchor,
                    "alias refers to an unknown anchor".to_string(),
                    Span { start, end },
                ),
            },
            Event::SequenceStart(anchor, _) => self.open(false, start, anchor),
            Event::MappingStart(anchor, _) => self.open(true, start, anchor),
            Event::SequenceEnd | Event::MappingEnd => self.close(end),
        }
        false
    }

    fn document(&mut self) -> &mut Document<'a> {
        let index = self.count;
        let start = self.last_pos;
        self.current.get_or_insert_with(|| Document {
            index,
            root: None,
            start,
            problems: Vec::new(),
        })
    }

    fn problem(&mut self, kind: TreeProblemKind, message: String, span: Span) {
        self.document().problems.push(TreeProblem {
            kind,
            message,
            span,
        });
    }

    /// Records a problem that makes the document unusable and skips the rest of it.
    fn fatal(&mut self, kind: TreeProblemKind, message: String, span: Span) {
        self.problem(kind, message, span);
        self.skipping = Some(self.stack.len());
        self.stack.clear();
        self.values.clear();
        self.document().root = None;
    }

    fn open(&mut self, mapping: bool, start: Pos, anchor: usize) {
        if self.stack.len() >= MAX_DEPTH {
            self.fatal(
                TreeProblemKind::TooDeep,
                format!("document nests deeper than {MAX_DEPTH} levels"),
                Span::at(start),
            );
            // The opening event itself is being skipped too.
            self.skipping = self.skipping.map(|depth| depth + 1);
            return;
        }
        self.stack.push(Frame {
            mapping,
            start,
            anchor,
            base: self.values.len(),
            merges: Vec::new(),
        });
    }

    fn close(&mut self, end: Pos) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let span = Span {
            start: frame.start,
            end,
        };
        let kind = if frame.mapping {
            let mut children = self.values.drain(frame.base..);
            let mut entries = Vec::with_capacity(children.len() / 2);
            while let (Some(key), Some(value)) = (children.next(), children.next()) {
                entries.push((key, value));
            }
            drop(children);
            self.remove_duplicate_keys(&mut entries);
            for merge in frame.merges {
                merge_into(&mut entries, merge);
            }
            NodeKind::Mapping(entries)
        } else {
            NodeKind::Sequence(self.values.drain(frame.base..).collect())
        };
        self.push_node(Node { kind, span }, frame.anchor);
    }

    /// Keeps the first of each repeated key and reports the others.
    fn remove_duplicate_keys(&mut self, entries: &mut Vec<(Node<'a>, Node<'a>)>) {
        let name = |entry: &(Node<'a>, Node<'a>)| match &entry.0.kind {
            NodeKind::Scalar(text, _) => text.to_string(),
            _ => String::new(),
        };
        let has_duplicates = if entries.len() <= 16 {
            entries.iter().enumerate().any(|(i, a)| {
                entries[..i]
                    .iter()
                    .any(|b| a.0.as_scalar() == b.0.as_scalar())
            })
        } else {
            let mut seen = std::collections::HashSet::with_capacity(entries.len());
            !entries.iter().all(|entry| seen.insert(entry.0.as_scalar()))
        };
        if !has_duplicates {
            return;
        }
        let mut first_lines: HashMap<String, u32> = HashMap::new();
        let mut problems = Vec::new();
        entries.retain(|entry| {
            let key = name(entry);
            match first_lines.get(&key) {
                Some(line) => {
                    problems.push(TreeProblem {
                        kind: TreeProblemKind::DuplicateKey,
                        message: format!(
                            "duplicate key `{}` (first defined at line {line})",
                            clip(&key)
                        ),
                        span: entry.0.span,
                    });
                    false
                }
                None => {
                    first_lines.insert(key, entry.0.span.start.line);
                    true
                }
            }
        });
        self.document().problems.extend(problems);
    }

    fn push_node(&mut self, node: Node<'a>, anchor: usize) {
        if anchor != 0 {
            let count = node.count();
            self.anchors.insert(anchor, (node.clone(), count));
        }
        let Some(frame) = self.stack.last_mut() else {
            let document = self.document();
            document.root = Some(node);
            return;
        };
        if frame.mapping {
            let is_key = (self.values.len() - frame.base).is_multiple_of(2);
            if is_key && !matches!(node.kind, NodeKind::Scalar(..)) {
                let span = node.span;
                self.values.push(Node {
                    kind: NodeKind::Scalar(Cow::Borrowed(""), ScalarForm::Text),
                    span,
                });
                self.problem(
                    TreeProblemKind::ComplexKey,
                    "mapping key is not a string".to_string(),
                    span,
                );
                return;
            }
            let after_merge_key = !is_key
                && matches!(
                    self.values.last().map(|key| &key.kind),
                    Some(NodeKind::Scalar(text, ScalarForm::Plain)) if text == "<<"
                );
            if after_merge_key {
                self.values.pop();
                frame.merges.push(node);
                return;
            }
        }
        self.values.push(node);
    }

    fn syntax_error(&mut self, error: saphyr_parser::ScanError) {
        let pos = pos_of(error.marker());
        self.stack.clear();
        self.values.clear();
        self.skipping = None;
        let document = self.document();
        document.root = None;
        let (kind, message) = if error.info().contains("recursion limit") {
            (
                TreeProblemKind::TooDeep,
                "document nests too deeply for the YAML parser".to_string(),
            )
        } else {
            (TreeProblemKind::Syntax, syntax_message(error.info()))
        };
        document.problems.push(TreeProblem {
            kind,
            message,
            span: Span::at(pos),
        });
        self.finish_document();
    }

    fn finish_document(&mut self) {
        if let Some(mut document) = self.current.take() {
            if !self.stack.is_empty() {
                self.stack.clear();
                self.values.clear();
                document.root = None;
            }
            self.count += 1;
            (self.visit)(document);
        }
        self.skipping = None;
    }
}

/// Merges a `<<` value (a mapping or a list of mappings) into entries without overriding keys.
fn merge_into<'a>(entries: &mut Vec<(Node<'a>, Node<'a>)>, merge: Node<'a>) {
    let sources = match merge.kind {
        NodeKind::Mapping(merged) => vec![merged],
        NodeKind::Sequence(items) => items
            .into_iter()
            .filter_map(|item| match item.kind {
                NodeKind::Mapping(merged) => Some(merged),
                _ => None,
            })
            .collect(),
        NodeKind::Scalar(..) => Vec::new(),
    };
    for source in sources {
        for (key, value) in source {
            if !entries
                .iter()
                .any(|(k, _)| k.as_scalar() == key.as_scalar())
            {
                entries.push((key, value));
            }
        }
    }
}

fn syntax_message(info: &str) -> String {
    let mut message = info.trim().to_string();
    if let Some(first) = message.get(..1) {
        let lower = first.to_lowercase();
        message.replace_range(..1, &lower);
    }
    while message.ends_with('.') {
        message.pop();
    }
    format!("invalid YAML: {message}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> Node<'_> {
        let mut documents = parse_stream(text);
        assert_eq!(documents.len(), 1, "{documents:?}");
        assert!(
            documents[0].problems.is_empty(),
            "{:?}",
            documents[0].problems
        );
        documents.remove(0).root.expect("root")
    }

    #[test]
    fn spans_point_at_keys_and_values() {
        let text = "spec:\n  containers:\n  - name: app\n    image: nginx\n";
        let tree = root(text);
        let found = tree.lookup(&FieldPath::parse("spec.containers[0].image"));
        assert!(found.complete);
        let key = found.key.expect("key");
        assert_eq!((key.span.start.line, key.span.start.column), (4, 5));
        assert_eq!(
            (found.value.span.start.line, found.value.span.start.column),
            (4, 12)
        );
        assert_eq!(found.value.span.end.column, 17);
    }

    #[test]
    fn multi_document_streams_and_empty_documents() {
        let documents = parse_stream("---\na: 1\n---\n---\nb: 2\n");
        assert_eq!(documents.len(), 3);
        assert!(documents[1].root.as_ref().is_none_or(Node::is_null));
        assert_eq!(
            documents[2]
                .root
                .as_ref()
                .and_then(|r| r.get("b"))
                .and_then(Node::as_scalar),
            Some("2")
        );
    }

    #[test]
    fn duplicate_keys_are_problems() {
        let documents = parse_stream("a: 1\nb: 2\na: 3\n");
        assert_eq!(documents[0].problems[0].kind, TreeProblemKind::DuplicateKey);
        assert_eq!(documents[0].problems[0].span.start.line, 3);
    }

    #[test]
    fn alias_bomb_is_bounded() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..12 {
            let previous = level - 1;
            text.push_str(&format!(
                "a{level}: &a{level} [*a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}]\n"
            ));
        }
        let documents = parse_stream(&text);
        assert_eq!(documents[0].problems[0].kind, TreeProblemKind::AliasBomb);
        assert!(documents[0].root.is_none());
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let text = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        let documents = parse_stream(&text);
        assert_eq!(documents[0].problems[0].kind, TreeProblemKind::TooDeep);
    }

    #[test]
    fn merge_keys_merge_without_overriding() {
        let tree = root("base: &b {a: 1, b: 2}\nderived:\n  <<: *b\n  b: 3\n");
        let derived = tree.get("derived").expect("derived");
        assert_eq!(derived.get("a").and_then(Node::as_scalar), Some("1"));
        assert_eq!(derived.get("b").and_then(Node::as_scalar), Some("3"));
    }

    #[test]
    fn resolves_plain_scalars_like_yaml_1_1() {
        assert_eq!(resolve_plain("8080"), Resolved::Int(8080));
        assert_eq!(resolve_plain("yes"), Resolved::Bool(true));
        assert_eq!(resolve_plain("0.5"), Resolved::Float(0.5));
        assert_eq!(resolve_plain("1e3"), Resolved::Float(1000.0));
        assert_eq!(resolve_plain("100Mi"), Resolved::Str);
        assert_eq!(resolve_plain("99999999999999999999999"), Resolved::BigInt);
        assert_eq!(resolve_plain("~"), Resolved::Null);
        assert_eq!(resolve_plain("1.2.3"), Resolved::Str);
        assert_eq!(resolve_plain("-"), Resolved::Str);
    }

    #[test]
    fn syntax_errors_are_located() {
        let documents = parse_stream("a: [1, 2\nb: 3\n");
        let problem = &documents.last().expect("document").problems[0];
        assert_eq!(problem.kind, TreeProblemKind::Syntax);
        assert!(problem.span.start.line >= 1);
    }
}
