//! What kubectl's reader refuses, or reads differently, where saphyr-parser reads on: a
//! `---` line with content after it (kubectl cuts the stream at lines starting with `---`
//! and refuses any other such line), a directive (`%YAML`, `%TAG`: the cut leaves it without
//! its document), content after `...` (go-yaml reads the first document between two cuts
//! only), control characters, NEL and the Unicode line and paragraph separators (line breaks
//! to go-yaml) where they break the document, a tab where go-yaml's scanner wants
//! indentation, and a `?` or a leading `:` in a plain scalar inside `[…]`/`{…}` (indicators
//! there for go-yaml).
//!
//! One pass over the bytes finds the suspect places ([`scan`]); almost every stream has none
//! and costs nothing more. A document with suspects is judged on its tree ([`add_problems`]),
//! which knows whether a line is inside a quoted, block or plain scalar or a flow collection.

use crate::text::clip;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::TreeProblemKind;
use crate::yaml::source::{Document, Node, NodeKind, Pos, ScalarForm, Span, TreeProblem};

/// A place one of the refusals may apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Suspect {
    pub(crate) kind: SuspectKind,
    /// Where, in the stream.
    pub(crate) pos: Pos,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SuspectKind {
    /// A line starting with `---` followed by something other than white space or a comment.
    Separator,
    /// A line starting with `%`.
    Directive,
    /// A `...` line: what follows it up to the next `---` line is not read by kubectl.
    DocumentEnd,
    /// A control character (the character itself).
    Control(char),
    /// NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR: characters to YAML 1.2, line breaks to
    /// go-yaml (the character).
    LineBreak(char),
    /// A tab in a line's indentation (among spaces and `- `/`? ` indicators); its column.
    LeadingTab,
    /// A `?`, or a `:` right after `[`, `{` or `,` (the character): an indicator if it is in
    /// a flow collection's plain scalar.
    FlowIndicator(char),
}

/// The suspects of `text`, a piece of a stream with `lines_before` lines and `chars_before`
/// characters before it; in order. Each kind is searched on its own, most with `memchr`, so a
/// clean manifest costs a few fast passes: `?`, `[`/`{`/`,` and tabs are rare, line starts are
/// checked by their first bytes, and one table lookup per byte finds control characters and
/// the lead bytes of NEL, the separators and U+FFFE/U+FFFF.
pub(crate) fn scan(text: &str, lines_before: usize, chars_before: usize) -> Vec<Suspect> {
    let bytes = text.as_bytes();
    let mut found: Vec<(usize, SuspectKind)> = Vec::new();
    let line_starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', bytes).map(|at| at + 1));
    for start in line_starts {
        line_suspects(bytes, start, &mut found);
    }
    for tab in memchr::memchr_iter(b'\t', bytes) {
        let start =
            memchr::memrchr(b'\n', bytes.get(..tab).unwrap_or_default()).map_or(0, |n| n + 1);
        if leading_run(bytes.get(start..tab).unwrap_or_default()) {
            found.push((tab, SuspectKind::LeadingTab));
        }
    }
    found.extend(memchr::memchr_iter(b'?', bytes).map(|at| (at, SuspectKind::FlowIndicator('?'))));
    for opener in memchr::memchr3_iter(b'[', b'{', b',', bytes) {
        let after = bytes.get(opener + 1..).unwrap_or_default();
        let blanks = after
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        if after.get(blanks) == Some(&b':') {
            found.push((opener + 1 + blanks, SuspectKind::FlowIndicator(':')));
        }
    }
    for at in special_bytes(bytes) {
        if let Some(kind) = special_character(text, at) {
            found.push((at, kind));
        }
    }
    locate(text, found, lines_before, chars_before)
}

/// Whether `byte` is, or leads, a character go-yaml reads otherwise than YAML 1.2: C0
/// controls other than tab, line feed and carriage return, DEL, and the first bytes of C1
/// controls and NEL (0xC2), the separators (0xE2) and U+FFFE/U+FFFF (0xEF).
fn is_special_byte(byte: u8) -> bool {
    matches!(byte, 0..=0x08 | 0x0b | 0x0c | 0x0e..=0x1f | 0x7f | 0xc2 | 0xe2 | 0xef)
}

/// The offsets of the [`is_special_byte`]s of `bytes`, eight bytes at a time: a word with no
/// byte below 0x20, none from 0x7F up, is passed over whole (most words of a manifest: only
/// those holding a line feed or a tab are looked into).
fn special_bytes(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let words = bytes.chunks(8).enumerate().filter(|(_, word)| {
        let Ok(word) = <[u8; 8]>::try_from(*word) else {
            return true;
        };
        let x = u64::from_ne_bytes(word);
        let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        let delete = x ^ (ONES * 0x7f);
        let is_delete = delete.wrapping_sub(ONES) & !delete & HIGH;
        below_space | (x & HIGH) | is_delete != 0
    });
    words.flat_map(|(index, word)| {
        word.iter()
            .enumerate()
            .filter(|&(_, &byte)| is_special_byte(byte))
            .map(move |(offset, _)| index * 8 + offset)
    })
}

/// What the character at byte `at` (an [`is_special_byte`]) is, if anything.
fn special_character(text: &str, at: usize) -> Option<SuspectKind> {
    let ch = text.get(at..)?.chars().next()?;
    match ch {
        '\u{85}' | '\u{2028}' | '\u{2029}' => Some(SuspectKind::LineBreak(ch)),
        '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}' => {
            Some(SuspectKind::Control(ch))
        }
        _ => None,
    }
}

/// Whether a line's text before a tab is only its indentation: spaces and `- `/`? `
/// indicators (a tab right after an indicator included).
fn leading_run(before: &[u8]) -> bool {
    before.iter().enumerate().all(|(at, &byte)| match byte {
        b' ' | b'\t' => true,
        b'-' | b'?' => matches!(before.get(at + 1), Some(b' ' | b'\t') | None),
        _ => false,
    })
}

/// The suspects a line starting at byte `start` holds at its start: a `---` line with
/// content, a `...` line, a directive.
fn line_suspects(bytes: &[u8], start: usize, found: &mut Vec<(usize, SuspectKind)>) {
    let first = bytes.get(start..start + 3).unwrap_or_default();
    if first != b"---" && first != b"..." && first.first() != Some(&b'%') {
        return;
    }
    let line = bytes.get(start..).unwrap_or_default();
    let line = memchr::memchr(b'\n', line).map_or(line, |end| line.get(..end).unwrap_or_default());
    if let Some(rest) = line.strip_prefix(b"---") {
        let rest = rest.trim_ascii();
        if !rest.is_empty() && !rest.starts_with(b"#") {
            found.push((start, SuspectKind::Separator));
        }
    } else if let Some(rest) = line.strip_prefix(b"...") {
        if rest.is_empty() || rest.first().is_some_and(u8::is_ascii_whitespace) {
            found.push((start, SuspectKind::DocumentEnd));
        }
    } else {
        found.push((start, SuspectKind::Directive));
    }
}

/// Byte offsets turned into stream positions, in one forward walk.
fn locate(
    text: &str,
    mut found: Vec<(usize, SuspectKind)>,
    lines_before: usize,
    chars_before: usize,
) -> Vec<Suspect> {
    found.sort_by_key(|&(at, _)| at);
    let mut suspects = Vec::with_capacity(found.len());
    let (mut byte, mut chars, mut lines) = (0, chars_before, lines_before);
    let mut line_start_chars = chars_before;
    for (at, kind) in found {
        for ch in text.get(byte..at).unwrap_or_default().chars() {
            chars += 1;
            if ch == '\n' {
                lines += 1;
                line_start_chars = chars;
            }
        }
        byte = at;
        suspects.push(Suspect {
            kind,
            pos: Pos {
                index: clamp(chars),
                line: clamp(lines + 1),
                column: clamp(chars - line_start_chars + 1),
            },
        });
    }
    suspects
}

fn clamp(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The lines of a piece of a stream, by stream line, to read a character at a position.
pub(crate) struct PieceLines<'t> {
    index: LineIndex<'t>,
}

impl<'t> PieceLines<'t> {
    pub(crate) fn new(index: LineIndex<'t>) -> Self {
        PieceLines { index }
    }

    /// The text of stream line `line` (1-based), without its line break; empty outside the
    /// piece.
    fn line(&self, line: u32) -> &'t str {
        if line == 0 {
            return "";
        }
        self.index.line_text(line)
    }

    /// The character at `pos`.
    fn char_at(&self, pos: Pos) -> Option<char> {
        self.line(pos.line)
            .chars()
            .nth(pos.column.saturating_sub(1) as usize)
    }
}

/// Adds to `document` the problems kubectl's reader has with it, given the suspects of its
/// lines (in order): one per kind of refusal, at the first place. A document with a syntax
/// error already is left as it is. A document that does not start with `---` and comes after
/// a `...` line (`after_end`) is one kubectl never reads: it is reported and its tree dropped.
pub(crate) fn add_problems(
    document: &mut Document<'_>,
    suspects: &[Suspect],
    after_end: bool,
    lines: &PieceLines<'_>,
) {
    if document
        .problems
        .iter()
        .any(|p| p.kind == TreeProblemKind::Syntax)
    {
        return;
    }
    let explicit = lines.line(document.start.line).starts_with("---");
    if after_end && !explicit {
        document.root = None;
        document.problems.push(TreeProblem {
            kind: TreeProblemKind::Syntax,
            message: "kubectl never reads this document: after a `...` line it reads nothing until the next `---` line; start the document with `---`".to_string(),
            span: Span::at(document.start),
            extent: None,
        });
        return;
    }
    let mut problems: Vec<(SuspectKind, TreeProblem)> = Vec::new();
    let mut context: Option<Context> = None;
    for suspect in suspects {
        let kind = match suspect.kind {
            SuspectKind::Control(_) => SuspectKind::Control('\0'),
            SuspectKind::FlowIndicator(_) => SuspectKind::FlowIndicator('\0'),
            SuspectKind::LineBreak(_) => SuspectKind::LineBreak('\0'),
            other => other,
        };
        if problems.iter().any(|(reported, _)| *reported == kind) {
            continue;
        }
        let message = match suspect.kind {
            SuspectKind::Separator => Some(
                "invalid YAML: content after `---` on its line; kubectl cuts a stream at every line starting with `---` and refuses this one (invalid document separator)".to_string(),
            ),
            SuspectKind::Directive => Some(
                "invalid YAML: a directive (`%…`); kubectl cuts the stream at the `---` line after it, which leaves the directive without its document (did not find expected <document start>)".to_string(),
            ),
            SuspectKind::Control(ch) => Some(format!(
                "invalid YAML: control character {}, which kubectl's YAML reader refuses (control characters are not allowed); write it as an escape in a double-quoted string",
                ch.escape_unicode()
            )),
            SuspectKind::DocumentEnd => None,
            SuspectKind::LeadingTab => {
                let context = context.get_or_insert_with(|| Context::of(document, lines));
                context.tab_refused(suspect.pos, lines).then(|| {
                    "invalid YAML: a tab in indentation, which kubectl's YAML reader (go-yaml) refuses here; indent with spaces".to_string()
                })
            }
            SuspectKind::LineBreak(ch) => {
                let context = context.get_or_insert_with(|| Context::of(document, lines));
                context.break_refused(suspect.pos, lines).then(|| {
                    format!(
                        "invalid YAML: {} is a line break to kubectl's YAML reader (go-yaml): from here it refuses the document, or reads it otherwise than YAML 1.2 does; remove it, or write it as an escape (`\\N`, `\\L`, `\\P`) in a double-quoted string",
                        ch.escape_unicode()
                    )
                })
            }
            SuspectKind::FlowIndicator(indicator) => {
                let context = context.get_or_insert_with(|| Context::of(document, lines));
                context.flow_indicator(suspect.pos, indicator)
            }
        };
        if let Some(message) = message {
            let problem = TreeProblem {
                kind: TreeProblemKind::Syntax,
                message,
                span: Span::at(suspect.pos),
                extent: None,
            };
            problems.push((kind, problem));
        }
    }
    document
        .problems
        .extend(problems.into_iter().map(|(_, problem)| problem));
}

/// Where a document's scalars and flow collections are, for the tab and flow rules.
struct Context {
    /// Quoted scalars and flow collections: white space and line breaks are free inside.
    free: Vec<Span>,
    /// Block scalars: first and last line, and the indentation of their content.
    blocks: Vec<(u32, u32, u32)>,
    /// Plain scalars outside flow collections: start and end, and the indentation (0-based
    /// column) go-yaml wants past in their continuation lines.
    plains: Vec<(Pos, Pos, u32)>,
    /// Plain scalars inside flow collections: their start and text's first characters.
    flow_plains: Vec<(Span, String)>,
}

impl Context {
    fn of(document: &Document<'_>, lines: &PieceLines<'_>) -> Self {
        let mut context = Context {
            free: Vec::new(),
            blocks: Vec::new(),
            plains: Vec::new(),
            flow_plains: Vec::new(),
        };
        if let Some(root) = &document.root {
            context.walk(root, None, false, lines);
        }
        // Merged entries come from their anchor, earlier in the text: back in order.
        context.free.sort_unstable_by_key(|span| span.start.index);
        context.free.dedup();
        context.blocks.sort_unstable();
        context.blocks.dedup();
        context
            .plains
            .sort_unstable_by_key(|&(start, end, _)| (end.index, start.index));
        context.plains.dedup();
        context
            .flow_plains
            .sort_unstable_by_key(|(span, _)| span.start.index);
        context
    }

    /// `indent`: the column of the block collection holding `node` (None at the top).
    fn walk(
        &mut self,
        node: &Node<'_>,
        indent: Option<u32>,
        in_flow: bool,
        lines: &PieceLines<'_>,
    ) {
        if node.is_alias() {
            // Its content was walked at its anchor.
            return;
        }
        let span = lines.index.span(node.at);
        match node.kind() {
            NodeKind::Scalar(text, form) => {
                if in_flow {
                    if *form == ScalarForm::Plain {
                        self.flow_plains.push((span, text.to_string()));
                    }
                    return;
                }
                match (form, lines.char_at(span.start)) {
                    (ScalarForm::Plain, _) => {
                        let wanted = indent.map_or(0, |column| column + 1);
                        self.plains.push((span.start, span.end, wanted));
                    }
                    (_, Some('"' | '\'')) => self.free.push(span),
                    _ => {
                        // A block scalar's span starts at its content, the line after `|`/`>`.
                        let content = (span.start.line..=span.end.line)
                            .map(|line| lines.line(line))
                            .find(|line| !line.trim().is_empty())
                            .map_or(indent.map_or(0, |c| c + 1), |line| {
                                clamp(line.len() - line.trim_start_matches(' ').len())
                            });
                        let header = span.start.line.saturating_sub(1);
                        self.blocks.push((header, span.end.line, content));
                    }
                }
            }
            NodeKind::Sequence(items) => {
                let flow = in_flow || lines.char_at(span.start) == Some('[');
                if flow && !in_flow {
                    self.free.push(span);
                }
                let column = span.start.column.saturating_sub(1);
                for item in items {
                    self.walk(item, Some(column), flow, lines);
                }
            }
            NodeKind::Mapping(entries) => {
                let flow = in_flow || lines.char_at(span.start) == Some('{');
                if flow && !in_flow {
                    self.free.push(span);
                }
                let column = span.start.column.saturating_sub(1);
                for (key, value) in entries {
                    self.walk(key, Some(column), flow, lines);
                    self.walk(value, Some(column), flow, lines);
                }
            }
        }
    }

    /// Whether go-yaml refuses the tab at `tab` (in a line's indentation).
    fn tab_refused(&self, tab: Pos, lines: &PieceLines<'_>) -> bool {
        let line = tab.line;
        let column = tab.column.saturating_sub(1);
        let blank = |line: u32| lines.line(line).trim().is_empty();
        let blanks_between = |from: u32, to: u32| (from + 1..to).all(blank);
        // The last free region that starts before this line (regions are in order, apart).
        let after = self.free.partition_point(|span| span.start.line < line);
        if after
            .checked_sub(1)
            .and_then(|at| self.free.get(at))
            .is_some_and(|span| line <= span.end.line)
        {
            return false;
        }
        let only_blanks_before = lines
            .line(line)
            .chars()
            .take(column as usize)
            .all(|c| c == ' ' || c == '\t');
        // A block scalar's content lines, and the blank lines after it, which its scanner
        // reads: a tab is refused only short of the content's indentation.
        let after = self.blocks.partition_point(|&(first, _, _)| first < line);
        if let Some(&(_, last, content)) = after.checked_sub(1).and_then(|at| self.blocks.get(at))
            && (line <= last || (blank(line) && blanks_between(last, line)))
        {
            return only_blanks_before && column < content;
        }
        // Inside a plain scalar, or after one with nothing but blanks since: go-yaml's plain
        // scanner reads these leading blanks, and refuses a tab only short of its indentation.
        let after = self.plains.partition_point(|&(_, end, _)| end.line < line);
        if let Some(&(first, _, wanted)) = self.plains.get(after)
            && first.line < line
        {
            return only_blanks_before && column < wanted;
        }
        if only_blanks_before
            && let Some(&(_, end, wanted)) = after.checked_sub(1).and_then(|at| self.plains.get(at))
            && lines
                .line(end.line)
                .chars()
                .skip(end.column.saturating_sub(1) as usize)
                .all(|c| c == ' ' || c == '\t')
            && blanks_between(end.line, line)
        {
            return column < wanted;
        }
        true
    }

    /// Whether go-yaml, reading the NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR at `at` as a
    /// line break, refuses what follows: not inside a quoted scalar or a flow collection, nor
    /// at the end of a comment; in a block scalar or a plain one, only when the text after it
    /// falls short of the indentation go-yaml wants there.
    fn break_refused(&self, at: Pos, lines: &PieceLines<'_>) -> bool {
        let after = self
            .free
            .partition_point(|span| span.start.index < at.index);
        if after
            .checked_sub(1)
            .and_then(|at| self.free.get(at))
            .is_some_and(|span| at.index < span.end.index)
        {
            return false;
        }
        let text = lines.line(at.line);
        let column = at.column.saturating_sub(1) as usize;
        let before: String = text.chars().take(column).collect();
        let rest: String = text.chars().skip(column + 1).collect();
        let indentation = clamp(rest.len() - rest.trim_start_matches(' ').len());
        if before.starts_with('#') || before.contains(" #") || before.contains("\t#") {
            return !rest.trim().is_empty();
        }
        let after = self
            .blocks
            .partition_point(|&(first, _, _)| first < at.line);
        if let Some(&(_, last, content)) = after.checked_sub(1).and_then(|i| self.blocks.get(i))
            && at.line <= last
        {
            return indentation < content;
        }
        let after = self
            .plains
            .partition_point(|&(_, end, _)| end.index < at.index);
        if let Some(&(start, _, wanted)) = self.plains.get(after)
            && start.index < at.index
        {
            return rest.trim().is_empty() || indentation < wanted;
        }
        true
    }

    /// The problem with the `?` or `:` at `at` inside a flow collection, if it opens or sits
    /// in a plain scalar.
    fn flow_indicator(&self, at: Pos, indicator: char) -> Option<String> {
        // The plain scalar holding `at`, on whichever of its lines (spans are in characters).
        let after = self
            .flow_plains
            .partition_point(|(span, _)| span.start.index <= at.index);
        let (span, whole) = after
            .checked_sub(1)
            .and_then(|at| self.flow_plains.get(at))?;
        if at.index >= span.end.index {
            return None;
        }
        let first = at.index == span.start.index;
        let text = clip(whole);
        match (indicator, first) {
            ('?', true) => Some(format!(
                "invalid YAML: `{text}` in a flow collection; go-yaml reads `?` here as a mapping key (`{{{}: null}}`), not as text; quote the value",
                clip(whole.get(1..).unwrap_or_default().trim())
            )),
            ('?', false) => Some(format!(
                "invalid YAML: `{text}` in a flow collection; go-yaml ends a plain scalar at `?` there and refuses what follows (did not find expected ',' or ']'); quote the value"
            )),
            (':', true) => Some(format!(
                "invalid YAML: `{text}` in a flow collection; go-yaml reads a leading `:` there as a mapping value with no key and refuses it (did not find expected node content); quote the value"
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::yaml::source::{TreeProblemKind, parse_stream};

    /// The line and column of each syntax problem of each document of `text`.
    fn refused(text: &str) -> Vec<(u32, u32)> {
        parse_stream(text)
            .iter()
            .flat_map(|document| &document.problems)
            .filter(|problem| problem.kind == TreeProblemKind::Syntax)
            .map(|problem| (problem.span.start.line, problem.span.start.column))
            .collect()
    }

    /// Cases read beside go-yaml v2.4 (kubectl's reader): where it refuses a tab, and where
    /// its scanners take one as white space or content.
    #[test]
    fn tabs_are_refused_where_go_yaml_refuses_them() {
        let cases: &[(&str, &[(u32, u32)])] = &[
            // Leading a line in block context, blank or comment lines included.
            ("a:\n\t\nb: 1\n", &[(2, 1)]),
            ("a: \"x\"\n  \t\nb: 1\n", &[(2, 3)]),
            ("a: [x]\n\t\nb: 1\n", &[(2, 1)]),
            ("a: x # c\n  \t\n", &[(2, 3)]),
            ("a: x\n  # c\n  \t\nb: 1\n", &[(3, 3)]),
            // After a sequence entry's `-`.
            ("- \tb\n", &[(1, 3)]),
            ("- a\n-\tb\n", &[(2, 2)]),
            ("a:\n  - x\n  -  \ty\n", &[(3, 6)]),
            // After a plain scalar, its scanner reads the next lines' blanks: a tab short of
            // the scalar's indentation is refused, one past it is white space.
            ("a:\n  b: x\n   \ty\n", &[]),
            ("a:\n  b:\n    c: x\n  \t\n  d: y\n", &[(4, 3)]),
            ("a: x\n\t\n", &[(2, 1)]),
            ("a: x\n  \t\nb: y\n", &[]),
            ("a:\n- x\n\t\n", &[(3, 1)]),
            ("a:\n  - x\n  \t\n", &[(3, 3)]),
            // A block scalar's content may hold tabs past its indentation, not short of it.
            ("a: |\n  x\n  \ty\n", &[]),
            ("a: |\n  x\n\n\t\n", &[(4, 1)]),
            // Inside a flow collection or a quoted scalar, and after a mapping's `:`.
            ("a: [x,\n\ty]\n", &[]),
            ("a: \"x\n\ty\"\n", &[]),
            ("a: \tb\n", &[]),
            ("a: x \t# c\n", &[]),
            ("a: x\n#\tc\n", &[]),
        ];
        for (text, expected) in cases {
            assert_eq!(refused(text), *expected, "{text:?}");
        }
    }

    #[test]
    fn what_kubectls_stream_reader_refuses_is_refused() {
        let cases: &[(&str, &[(u32, u32)])] = &[
            ("--- foo\n", &[(1, 1)]),
            ("a: 1\n--- # a comment\nb: 2\n", &[]),
            ("%YAML 1.1\n---\na: 1\n", &[(1, 1)]),
            ("a: \"x\u{1}y\"\nb: 1\n", &[(1, 6)]),
            ("a: x\u{7f}y\n", &[(1, 5)]),
            ("a: x\u{9f}y\n", &[(1, 5)]),
            // NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR are line breaks to go-yaml.
            ("a: x\u{2028}y\n", &[(1, 5)]),
            ("a: 1 # c\u{2028}d\nb: 2\n", &[(1, 9)]),
            ("a: |\n  x\u{2028}y\n", &[(2, 4)]),
            ("a: \"x\u{2028}y\"\n", &[]),
            ("a: 'x\u{85}y'\n", &[]),
            ("a: 1 # c\u{2028}\nb: 2\n", &[]),
            ("a: |\n  x\u{2028}  y\n", &[]),
            ("a: x\u{2028}  y\n", &[]),
            ("a:\n  b: x\u{2028}  y\n", &[(2, 7)]),
            ("a: é\u{fffe}\n", &[(1, 5)]),
            // `?` and a leading `:` in a plain scalar inside a flow collection.
            ("a: [x?, b]\n", &[(1, 6)]),
            ("a: [?x]\n", &[(1, 5)]),
            ("a: [:y]\n", &[(1, 5)]),
            ("a: {b: \"?\", c: [http://x?y=1]}\n", &[(1, 25)]),
            ("a: http://x?y=1\nb: [a, \"b?\", y:z, {k:v}]\n", &[]),
            // On a plain scalar's later line too.
            ("a: [x\n  y?z]\n", &[(2, 4)]),
        ];
        for (text, expected) in cases {
            assert_eq!(refused(text), *expected, "{text:?}");
        }
    }

    /// The word-at-a-time search finds exactly what a byte-by-byte one finds, wherever the
    /// byte sits in its word and in a short last word.
    #[test]
    fn special_bytes_are_found_in_any_place_of_a_word() {
        for byte in 0..=255u8 {
            for at in 0..19 {
                let mut bytes = b"key: value\nother: 1\n".to_vec();
                bytes.truncate(at.max(1) + 1);
                bytes.insert(at, byte);
                let expected: Vec<usize> = bytes
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| super::is_special_byte(b))
                    .map(|(i, _)| i)
                    .collect();
                assert_eq!(
                    super::special_bytes(&bytes).collect::<Vec<_>>(),
                    expected,
                    "{byte} at {at}"
                );
            }
        }
    }

    #[test]
    fn a_document_after_a_document_end_is_one_kubectl_never_reads() {
        let documents = parse_stream("a: 1\n...\nb: 2\n---\nc: 3\n...\n---\nd: 4\n");
        let read: Vec<(bool, usize)> = documents
            .iter()
            .map(|d| (d.root.is_some(), d.problems.len()))
            .collect();
        assert_eq!(read, [(true, 0), (false, 1), (true, 0), (true, 0)]);
        assert_eq!(documents[1].problems[0].span.start.line, 3);
    }

    /// Only the first refusal of each kind in a document is reported: kubectl stops there.
    #[test]
    fn one_refusal_of_a_kind_per_document() {
        let text = "a: \"\u{1}\u{2}\u{3}\"\nb:\n\t\n\t\n---\nc: \u{1}\n";
        assert_eq!(refused(text), [(1, 5), (3, 1), (6, 4)]);
    }
}
