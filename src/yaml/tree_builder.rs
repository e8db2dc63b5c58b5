//! Building span trees from saphyr-parser's events (read by the manifest scanner or by
//! saphyr-parser itself, `event_source.rs`): one pass per document, anchors with an
//! expansion budget, merge keys, duplicate keys, bounded depth; a syntax error ends the segment
//! and goes back to the stream driver (`stream.rs`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use saphyr_parser::{Event, ScalarStyle};

use crate::text::clip;
use crate::yaml::event_source::{self, EventSink, SyntaxError};
use crate::yaml::line_index::LineIndex;
use crate::yaml::locator::Locator;
use crate::yaml::source::{
    Document, MAX_ALIAS_BYTES, MAX_ALIAS_NODES, MAX_DEPTH, Node, NodeKind, Offsets, Pos,
    ScalarForm, Span, TreeProblem, TreeProblemKind,
};
use crate::yaml::{go_blanks, go_escapes};

/// How a segment of a stream ended.
pub(crate) struct SegmentEnd<'a> {
    /// Documents numbered so far (the next document's index).
    pub count: usize,
    /// The syntax error that stopped it, if one did.
    pub failure: Option<SyntaxFailure<'a>>,
}

/// A syntax error and the state the builder was in: what the driver needs to recover.
pub(crate) struct SyntaxFailure<'a> {
    /// The document the error is in, as far as it was built (its root dropped).
    pub document: Document<'a>,
    /// The document's start, in characters from the segment's start.
    pub document_start: usize,
    /// The scanner's message.
    pub info: String,
    /// Where the scanner stopped, in characters from the segment's start.
    pub at: usize,
    /// Where it stopped, located in the whole stream.
    pub pos: Pos,
}

/// Parses one segment of a stream (the whole stream, or what follows a broken document),
/// handing each finished document to `visit`; stops at the end or at the first syntax error.
pub(crate) fn parse_segment<'a>(
    text: &'a str,
    locator: &Locator,
    home: &LineIndex<'_>,
    count: usize,
    visit: &mut dyn FnMut(Document<'a>),
) -> SegmentEnd<'a> {
    let mut builder = TreeBuilder {
        text,
        ascii: text.is_ascii(),
        go_line_breaks: go_blanks::has_go_line_breaks(text),
        visit,
        locator,
        home,
        count,
        current: None,
        current_start: 0,
        stack: Vec::new(),
        values: Vec::new(),
        anchors: HashMap::new(),
        aliased: Weight::default(),
        skipping: None,
        last_pos: locator.pos(&saphyr_parser::Marker::new(0, 1, 0)),
        checkpoint: Pos::default(),
    };
    let (read, _) = event_source::read_events(text, &mut builder);
    if let Err(error) = read {
        let failure = builder.failure(&error);
        return SegmentEnd {
            count: builder.count,
            failure: Some(failure),
        };
    }
    builder.finish_document();
    SegmentEnd {
        count: builder.count,
        failure: None,
    }
}

impl<'a> EventSink<'a> for TreeBuilder<'a, '_> {
    fn event(&mut self, event: Event<'a>, span: saphyr_parser::Span) {
        self.on_event(event, span);
    }

    fn checkpoint(&mut self) {
        self.checkpoint = self.last_pos;
    }

    /// Drops the document being built (the scanner declined it; saphyr-parser reads it
    /// again). It holds no anchors (the scanner declines them) and was never visited.
    fn retract(&mut self) {
        self.current = None;
        self.stack.clear();
        self.values.clear();
        self.skipping = None;
        self.last_pos = self.checkpoint;
    }
}

/// An open sequence or mapping; its children wait on the builder's shared value stack.
struct Frame<'a> {
    mapping: bool,
    /// Where the collection starts (a character offset).
    start: u32,
    /// The collection and its children so far, aliases expanded.
    weight: Weight,
    anchor: usize,
    /// Where this frame's children start in `TreeBuilder::values`.
    base: usize,
    /// Values of `<<` merge keys, merged when the mapping closes, each with the number of
    /// entries written before it (go-yaml applies them in that order).
    merges: Vec<(usize, Node<'a>)>,
}

struct TreeBuilder<'a, 'v> {
    /// The segment the parser reads: a scalar written as it reads is borrowed from it.
    text: &'a str,
    /// Whether the segment is ASCII, so that the parser's character indexes are byte offsets.
    ascii: bool,
    /// Whether the segment holds NEL or a Unicode separator (go-yaml's extra line breaks).
    go_line_breaks: bool,
    visit: &'v mut dyn FnMut(Document<'a>),
    locator: &'v Locator,
    /// The segment as written in the file (before any lenient repair), indexed with its place
    /// in the stream: turns node offsets into lines and columns for problems.
    home: &'v LineIndex<'v>,
    count: usize,
    current: Option<Document<'a>>,
    /// Where the current document starts, in characters from the segment's start.
    current_start: usize,
    stack: Vec<Frame<'a>>,
    /// Children of every open frame, innermost last; each frame is moved out in one exact-size
    /// allocation when it closes (no regrowth per child).
    values: Vec<Node<'a>>,
    /// Anchored nodes, stored once and shared by the tree and every alias, with their weight.
    anchors: HashMap<usize, (Arc<Node<'a>>, Weight)>,
    /// What aliases have expanded to so far in this document.
    aliased: Weight,
    /// Depth of nesting being skipped after a fatal problem in the document.
    skipping: Option<usize>,
    last_pos: Pos,
    /// `last_pos` where the scanner started its current document.
    checkpoint: Pos,
}

impl<'a> TreeBuilder<'a, '_> {
    /// Handles one event.
    fn on_event(&mut self, event: Event<'a>, span: saphyr_parser::Span) {
        let start = self.locator.pos(&span.start);
        let end = self.locator.pos(&span.end);
        self.last_pos = end;
        if let Some(depth) = self.skipping {
            match event {
                Event::SequenceStart(..) | Event::MappingStart(..) => {
                    self.skipping = Some(depth + 1);
                    return;
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    self.skipping = Some(depth.saturating_sub(1));
                    return;
                }
                Event::Scalar(..) | Event::Alias(..) => return,
                _ => self.skipping = None,
            }
        }
        match event {
            Event::StreamStart | Event::Nothing => {}
            Event::StreamEnd => self.finish_document(),
            Event::DocumentStart(_) => {
                self.finish_document();
                self.current_start = span.start.index();
                self.current = Some(Document {
                    index: self.count,
                    root: None,
                    start,
                    problems: Vec::new(),
                });
                self.anchors.clear();
                self.aliased = Weight::default();
            }
            Event::DocumentEnd => self.finish_document(),
            Event::Scalar(text, style, anchor, tag) => {
                let tagged_string = tag.as_ref().is_some_and(|t| t.suffix == "str");
                let form = if style == ScalarStyle::Plain && !tagged_string {
                    ScalarForm::Plain
                } else {
                    ScalarForm::Text
                };
                let weight = Weight {
                    nodes: 1,
                    bytes: text.len(),
                };
                if style == ScalarStyle::DoubleQuoted && self.slash_escape_in_yaml(span) {
                    self.problem(
                        TreeProblemKind::Syntax,
                        "invalid YAML: `\\/` is not an escape in YAML as kubectl reads it (go-yaml); write `/`".to_string(),
                        Span { start, end },
                    );
                }
                let text = self.go_line_breaks_folded(self.lean(text, style, span), style, span);
                let node = Node::new(NodeKind::Scalar(text, form), Offsets::between(start, end));
                self.push_node(node, anchor, weight);
            }
            Event::Alias(id) => match self.anchors.get(&id) {
                Some((node, weight)) => {
                    let (node, weight) = (Arc::clone(node), *weight);
                    self.aliased = self.aliased.plus(weight);
                    if let Some(message) = self.aliased.over_budget() {
                        self.fatal(TreeProblemKind::AliasBomb, message, Span { start, end });
                        return;
                    }
                    self.push_node(Node::shared(node, Offsets::between(start, end)), 0, weight);
                }
                None => self.problem(
                    TreeProblemKind::UnknownAnchor,
                    "alias refers to an unknown anchor".to_string(),
                    Span { start, end },
                ),
            },
            Event::SequenceStart(anchor, _) => {
                self.open(false, start, anchor);
            }
            Event::MappingStart(anchor, _) => {
                self.open(true, start, anchor);
            }
            Event::SequenceEnd | Event::MappingEnd => self.close(end),
        }
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
            extent: None,
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
            start: start.index,
            weight: Weight { nodes: 1, bytes: 0 },
            anchor,
            base: self.values.len(),
            merges: Vec::new(),
        });
    }

    fn close(&mut self, end: Pos) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let at = Offsets {
            start: frame.start,
            end: end.index,
        };
        let kind = if frame.mapping {
            let mut children = self.values.drain(frame.base..);
            let mut entries = Vec::with_capacity(children.len() / 2);
            while let (Some(key), Some(value)) = (children.next(), children.next()) {
                entries.push((key, value));
            }
            drop(children);
            NodeKind::Mapping(self.settle(entries, frame.merges))
        } else {
            NodeKind::Sequence(self.values.drain(frame.base..).collect())
        };
        self.push_node(Node::new(kind, at), frame.anchor, frame.weight);
    }

    /// A mapping's entries as go-yaml (kubectl's reader) leaves them: written and merged in
    /// document order, each key set again overriding the earlier value. A key written twice is
    /// reported, and so is a merge (`<<`) overriding a key written before it (YAML's merge
    /// rule would keep that key; go-yaml does not). Linear in the keys.
    fn settle(
        &mut self,
        entries: Vec<(Node<'a>, Node<'a>)>,
        merges: Vec<(usize, Node<'a>)>,
    ) -> Vec<(Node<'a>, Node<'a>)> {
        if merges.is_empty() && !has_repeated_keys(&entries) {
            return entries;
        }
        let mut settled = Settled::default();
        let mut merges = merges.into_iter().peekable();
        for (index, entry) in entries.into_iter().enumerate() {
            while let Some((_, merge)) = merges.next_if(|&(before, _)| before <= index) {
                self.merge(&mut settled, merge);
            }
            let key_span = self.home.span(entry.0.at);
            if let Some(Overridden { key, entry }) = settled.set(entry, true) {
                let entry = entry.map(|at| self.home.span(at));
                let line = entry.map_or(0, |span| span.start.line);
                self.document().problems.push(TreeProblem {
                    kind: TreeProblemKind::DuplicateKey,
                    message: format!(
                        "duplicate key `{}`: kubectl keeps this one and drops line {line}'s",
                        clip(&key)
                    ),
                    span: key_span,
                    extent: entry,
                });
            }
        }
        for (_, merge) in merges {
            self.merge(&mut settled, merge);
        }
        settled.entries
    }

    /// Sets the keys of a `<<` value (a mapping, or a list of mappings of which the first
    /// wins) in `settled`; any other value is an error, as in go-yaml.
    fn merge(&mut self, settled: &mut Settled<'a>, merge: Node<'a>) {
        let span = self.home.span(merge.at);
        let described = merge.describe();
        let sources = match merge.into_kind() {
            NodeKind::Mapping(merged) => vec![merged],
            NodeKind::Sequence(items) => {
                let mut sources = Vec::with_capacity(items.len());
                for item in items {
                    let item_span = self.home.span(item.at);
                    let item_described = item.describe();
                    match item.into_kind() {
                        NodeKind::Mapping(merged) => sources.push(merged),
                        _ => self.problem(
                            TreeProblemKind::BadMerge,
                            format!(
                                "a merge key (`<<`) list takes mappings, found {item_described}"
                            ),
                            item_span,
                        ),
                    }
                }
                // go-yaml merges the list from its end, so the first mapping has the last word.
                sources.reverse();
                sources
            }
            NodeKind::Scalar(..) => {
                self.problem(
                    TreeProblemKind::BadMerge,
                    format!(
                        "a merge key (`<<`) takes a mapping or a list of mappings, found {described}"
                    ),
                    span,
                );
                Vec::new()
            }
        };
        let mut overridden = Vec::new();
        for source in sources {
            for entry in source {
                overridden.extend(settled.set(entry, false));
            }
        }
        if !overridden.is_empty() {
            let keys: Vec<String> = overridden
                .iter()
                .map(|o| {
                    let line = o.entry.map_or(0, |at| self.home.pos(at.start).line);
                    format!("`{}` (line {line})", clip(&o.key))
                })
                .collect();
            self.problem(
                TreeProblemKind::DuplicateKey,
                format!(
                    "this merge key (`<<`) overrides {} written before it: kubectl keeps the merged values, while YAML's merge rule keeps the written ones",
                    clip(&keys.join(", "))
                ),
                span,
            );
        }
    }

    /// A scalar the parser copied, borrowed from the segment instead when it reads exactly as
    /// written there (most plain and quoted scalars of a manifest), else kept at its own size:
    /// the parser's copies carry spare room, about a hundred bytes each, and a tree holds
    /// every scalar of its document at once.
    fn lean(
        &self,
        text: Cow<'a, str>,
        style: ScalarStyle,
        span: saphyr_parser::Span,
    ) -> Cow<'a, str> {
        let Cow::Owned(mut owned) = text else {
            return text;
        };
        if self.ascii {
            let (start, end) = (span.start.index(), span.end.index());
            let written = match style {
                ScalarStyle::Plain => self.text.get(start..end),
                ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                    self.text.get(start + 1..end.saturating_sub(1))
                }
                _ => None,
            };
            if let Some(written) = written.filter(|written| *written == owned) {
                return Cow::Borrowed(written);
            }
        }
        owned.shrink_to_fit();
        Cow::Owned(owned)
    }

    /// A scalar's value with the NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR written in it
    /// read as go-yaml reads them, line breaks (`go_blanks.rs`); only in a segment holding one.
    fn go_line_breaks_folded(
        &self,
        text: Cow<'a, str>,
        style: ScalarStyle,
        span: saphyr_parser::Span,
    ) -> Cow<'a, str> {
        if !self.go_line_breaks {
            return text;
        }
        let read = match style {
            ScalarStyle::Plain | ScalarStyle::SingleQuoted => go_blanks::fold_go_line_breaks(&text),
            ScalarStyle::DoubleQuoted => {
                go_blanks::fold_go_line_breaks(&text).filter(|_| !self.escapes_a_line_break(span))
            }
            ScalarStyle::Literal | ScalarStyle::Folded => go_blanks::fold_go_line_breaks_in_block(
                &text,
                span.start.col(),
                style == ScalarStyle::Folded,
            ),
        };
        read.map_or(text, Cow::Owned)
    }

    /// Whether the double-quoted scalar at `span` writes NEL, LINE SEPARATOR or PARAGRAPH
    /// SEPARATOR as an escape (`\\N`, `\\L`, `\\P`): its value then holds characters that
    /// are no line breaks, and it is left as the parser read it.
    fn escapes_a_line_break(&self, span: saphyr_parser::Span) -> bool {
        let (start, end) = (span.start.index(), span.end.index());
        let written: String = self
            .text
            .chars()
            .skip(start)
            .take(end.saturating_sub(start))
            .collect();
        ["\\N", "\\L", "\\P"]
            .iter()
            .any(|escape| written.contains(escape))
    }

    /// Whether the double-quoted scalar at `span` escapes `/` (`\\/`) in a YAML document: JSON
    /// has that escape and so does YAML 1.2, but go-yaml, which kubectl reads YAML with, has
    /// not; kubectl reads a stream as JSON when it starts with `{`, and so does this check
    /// (for the document). Checked where the parser's indexes are bytes (an ASCII segment).
    fn slash_escape_in_yaml(&self, span: saphyr_parser::Span) -> bool {
        self.ascii
            && !go_escapes::escapes_of(self.text.as_bytes(), span.start.index(), b'/').is_empty()
            && self
                .text
                .get(self.current_start..)
                .and_then(|document| document.trim_start().bytes().next())
                != Some(b'{')
    }

    fn push_node(&mut self, node: Node<'a>, anchor: usize, weight: Weight) {
        let node = if anchor == 0 {
            node
        } else {
            let at = node.at;
            let anchored = Arc::new(node);
            self.anchors.insert(anchor, (Arc::clone(&anchored), weight));
            Node::shared(anchored, at)
        };
        let Some(frame) = self.stack.last_mut() else {
            let document = self.document();
            document.root = Some(node);
            return;
        };
        frame.weight = frame.weight.plus(weight);
        if frame.mapping {
            let is_key = (self.values.len() - frame.base).is_multiple_of(2);
            if is_key && !matches!(node.kind(), NodeKind::Scalar(..)) {
                let at = node.at;
                self.values.push(Node::new(
                    NodeKind::Scalar(Cow::Borrowed(""), ScalarForm::Text),
                    at,
                ));
                let span = self.home.span(at);
                self.problem(
                    TreeProblemKind::ComplexKey,
                    "mapping key is not a string".to_string(),
                    span,
                );
                return;
            }
            let after_merge_key = !is_key
                && matches!(
                    self.values.last().map(Node::kind),
                    Some(NodeKind::Scalar(text, ScalarForm::Plain)) if text == "<<"
                );
            if after_merge_key {
                self.values.pop();
                let before = (self.values.len() - frame.base) / 2;
                frame.merges.push((before, node));
                return;
            }
        }
        self.values.push(node);
    }

    /// Ends the segment at a syntax error: the open document goes back to the driver, which
    /// decides between a lenient re-read and reporting it.
    fn failure(&mut self, error: &SyntaxError) -> SyntaxFailure<'a> {
        self.stack.clear();
        self.values.clear();
        self.skipping = None;
        let document_start = if self.current.is_some() {
            self.current_start
        } else {
            0
        };
        let mut document = self.current.take().unwrap_or_else(|| Document {
            index: self.count,
            root: None,
            start: self.last_pos,
            problems: Vec::new(),
        });
        document.root = None;
        self.count += 1;
        SyntaxFailure {
            document,
            document_start,
            info: error.info.clone(),
            at: error.at.index(),
            pos: self.locator.pos(&error.at),
        }
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

/// How much a node costs once aliases are expanded: nodes, and bytes of scalar text.
#[derive(Debug, Clone, Copy, Default)]
struct Weight {
    nodes: usize,
    bytes: usize,
}

impl Weight {
    fn plus(self, other: Weight) -> Weight {
        Weight {
            nodes: self.nodes.saturating_add(other.nodes),
            bytes: self.bytes.saturating_add(other.bytes),
        }
    }

    /// The message when alias expansion has gone past the budget (go-yaml's "excessive
    /// aliasing"): whatever reads the tree next (decoding, rules) walks the expansion.
    fn over_budget(self) -> Option<String> {
        if self.nodes > MAX_ALIAS_NODES {
            Some(format!(
                "aliases expand to more than {MAX_ALIAS_NODES} nodes; refusing to expand further"
            ))
        } else if self.bytes > MAX_ALIAS_BYTES {
            Some(format!(
                "aliases expand to more than {} MiB of text; refusing to expand further",
                MAX_ALIAS_BYTES >> 20
            ))
        } else {
            None
        }
    }
}

pub(crate) fn syntax_message(info: &str) -> String {
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

/// Whether a mapping's written entries repeat a key.
fn has_repeated_keys(entries: &[(Node<'_>, Node<'_>)]) -> bool {
    if entries.len() <= 16 {
        entries.iter().enumerate().any(|(i, a)| {
            entries
                .iter()
                .take(i)
                .any(|b| a.0.as_scalar() == b.0.as_scalar())
        })
    } else {
        let mut seen = std::collections::HashSet::with_capacity(entries.len());
        !entries.iter().all(|entry| seen.insert(entry.0.as_scalar()))
    }
}

/// A mapping's entries so far, in first-set order, and where each key is.
#[derive(Default)]
struct Settled<'a> {
    entries: Vec<(Node<'a>, Node<'a>)>,
    /// Each key's entry and whether it was written (not merged).
    at: HashMap<String, (usize, bool)>,
}

/// A written entry a later setting of its key replaced.
struct Overridden {
    key: String,
    /// The replaced entry, from its key to the end of its value.
    entry: Option<Offsets>,
}

impl<'a> Settled<'a> {
    /// Sets `entry`'s key (`written` in the mapping, or merged), replacing an earlier value as
    /// go-yaml does; the earlier entry when it was written.
    fn set(&mut self, entry: (Node<'a>, Node<'a>), written: bool) -> Option<Overridden> {
        let key = entry.0.as_scalar().unwrap_or_default().to_string();
        let Some(&(index, was_written)) = self.at.get(&key) else {
            self.at.insert(key, (self.entries.len(), written));
            self.entries.push(entry);
            return None;
        };
        let slot = self.entries.get_mut(index)?;
        let earlier = Offsets {
            start: slot.0.at.start,
            end: slot.1.at.end,
        };
        *slot = entry;
        self.at.insert(key.clone(), (index, written));
        was_written.then_some(Overridden {
            key,
            entry: Some(earlier),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::stream::parse_stream;

    /// Scalars that read as written are borrowed from the text; the others are the parser's
    /// reading, kept at their own size.
    #[test]
    fn scalars_written_as_they_read_are_borrowed() {
        let text = "plain: nginx:1.27\nsingle: 'a b'\ndouble: \"c d\"\nescaped: \"e\\tf\"\nquote: 'it''s'\nfolded: a\n  b\nblock: |\n  x\n";
        let read = root(text);
        let value = |key: &str| match read.get(key).map(Node::kind) {
            Some(NodeKind::Scalar(text, _)) => text.clone(),
            other => panic!("{key}: {other:?}"),
        };
        for (key, read) in [
            ("plain", "nginx:1.27"),
            ("single", "a b"),
            ("double", "c d"),
        ] {
            assert!(matches!(value(key), Cow::Borrowed(r) if r == read), "{key}");
        }
        for (key, read) in [
            ("escaped", "e\tf"),
            ("quote", "it's"),
            ("folded", "a b"),
            ("block", "x\n"),
        ] {
            let value = value(key);
            assert_eq!(value, read, "{key}");
            assert!(matches!(value, Cow::Owned(_)), "{key}");
        }
        // In a text with a multi-byte character the parser's indexes are characters, not
        // bytes: nothing is borrowed, and every value still reads right.
        let wide = root("é: x\nb: y\n");
        assert!(matches!(
            wide.get("b").map(Node::kind),
            Some(NodeKind::Scalar(Cow::Owned(y), _)) if y == "y"
        ));
    }

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
    fn one_huge_scalar_aliased_many_times_is_bounded_in_bytes() {
        let text = format!(
            "a: &a {}\nb: [{}]\n",
            "x".repeat(1 << 20),
            vec!["*a"; 3000].join(",")
        );
        let documents = parse_stream(&text);
        let problem = &documents[0].problems[0];
        assert_eq!(problem.kind, TreeProblemKind::AliasBomb);
        assert!(
            problem.message.contains("MiB of text"),
            "{}",
            problem.message
        );
        assert_eq!(problem.span.start.line, 2);
    }

    #[test]
    fn aliases_share_their_anchor_instead_of_copying_it() {
        let text = "a: &a {x: 1}\nb: *a\nc: *a\n";
        let tree = root(text);
        let (Some(b), Some(c)) = (tree.get("b"), tree.get("c")) else {
            panic!("aliases resolve");
        };
        assert_eq!(b.get("x").and_then(Node::as_scalar), Some("1"));
        assert!(std::ptr::eq(b.kind(), c.kind()), "one shared node");
        let lines = LineIndex::new(text);
        assert_eq!(
            (lines.pos(b.at.start).line, lines.pos(c.at.start).line),
            (2, 3)
        );
    }

    #[test]
    fn nested_anchors_cost_their_size_once() {
        // Each level anchors a list holding the previous level: copying anchors would cost
        // size × depth (here about 150 × 150 KB).
        let mut inner = String::from("1");
        for level in 0..150 {
            inner = format!("&a{level} [{inner}, {}]", "z".repeat(1000));
        }
        let text = format!("x: {inner}\n");
        let started = std::time::Instant::now();
        let documents = parse_stream(&text);
        assert!(
            documents[0].problems.is_empty(),
            "{:?}",
            documents[0].problems
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn merging_a_large_base_is_linear_and_accepted() {
        let mut text = String::from("base: &b\n");
        for key in 0..50_000 {
            text.push_str(&format!("  k{key}: v\n"));
        }
        text.push_str("derived:\n  <<: *b\n  k1: mine\n");
        let tree = root(&text);
        let derived = tree.get("derived").expect("derived");
        assert_eq!(derived.get("k1").and_then(Node::as_scalar), Some("mine"));
        assert_eq!(derived.get("k49999").and_then(Node::as_scalar), Some("v"));
    }

    #[test]
    fn merging_anything_but_mappings_is_an_error() {
        for (text, line) in [("a:\n  <<: 5\n", 2), ("a:\n  <<: [{x: 1}, 5]\n", 2)] {
            let documents = parse_stream(text);
            let kinds: Vec<_> = documents[0]
                .problems
                .iter()
                .map(|p| (p.kind, p.span.start.line))
                .collect();
            assert_eq!(kinds, [(TreeProblemKind::BadMerge, line)], "{text}");
        }
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let text = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        let documents = parse_stream(&text);
        assert_eq!(documents[0].problems[0].kind, TreeProblemKind::TooDeep);
    }

    #[test]
    fn merge_keys_merge_in_document_order_as_go_yaml_does() {
        let text = "base: &b {a: 1, b: 2}\nother: &o {a: 9, c: 3}\n\
                    derived:\n  <<: *b\n  b: 3\n\
                    before:\n  a: 5\n  <<: *b\n\
                    listed:\n  <<: [*b, *o]\n";
        let documents = parse_stream(text);
        let tree = documents[0].root.as_ref().expect("root");
        let value = |map: &str, key: &str| {
            tree.get(map)
                .and_then(|m| m.get(key))
                .and_then(Node::as_scalar)
                .map(str::to_string)
        };
        // A key written after the merge overrides it.
        assert_eq!(value("derived", "a").as_deref(), Some("1"));
        assert_eq!(value("derived", "b").as_deref(), Some("3"));
        // A merge after a written key overrides it in go-yaml, and that is reported.
        assert_eq!(value("before", "a").as_deref(), Some("1"));
        // In a list of merged mappings, the first has the last word.
        assert_eq!(value("listed", "a").as_deref(), Some("1"));
        assert_eq!(value("listed", "c").as_deref(), Some("3"));
        let problems: Vec<_> = documents[0]
            .problems
            .iter()
            .map(|p| (p.kind, p.span.start.line))
            .collect();
        assert_eq!(problems, [(TreeProblemKind::DuplicateKey, 8)]);
    }

    /// One merge overriding several written keys is one problem, naming them all.
    #[test]
    fn a_merge_overriding_written_keys_is_reported_once() {
        let documents = parse_stream("base: &b {a: 1, c: 2}\nx:\n  a: 5\n  c: 6\n  <<: *b\n");
        let problems = &documents[0].problems;
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].span.start.line, 5);
        assert!(
            problems[0].message.contains("`a` (line 3), `c` (line 4)"),
            "{}",
            problems[0].message
        );
    }

    #[test]
    fn a_key_written_twice_keeps_the_last_value_and_is_reported() {
        let documents = parse_stream("a: 1\nb: 2\na: 3\n");
        let tree = documents[0].root.as_ref().expect("root");
        assert_eq!(tree.get("a").and_then(Node::as_scalar), Some("3"));
        let NodeKind::Mapping(entries) = tree.kind() else {
            panic!("mapping");
        };
        assert_eq!(entries.len(), 2);
        let problem = &documents[0].problems[0];
        assert_eq!(
            (problem.kind, problem.span.start.line),
            (TreeProblemKind::DuplicateKey, 3)
        );
        assert!(problem.message.contains("line 1"), "{}", problem.message);
    }

    #[test]
    fn syntax_errors_are_located() {
        let documents = parse_stream("a: [1, 2\nb: 3\n");
        let problem = &documents.last().expect("document").problems[0];
        assert_eq!(problem.kind, TreeProblemKind::Syntax);
        assert!(problem.span.start.line >= 1);
    }
}
