//! Reading a whole YAML stream as go-yaml (what kubectl and the API server use) would: a broken
//! document is reported and the next `---` line starts afresh, and the two indentation slips
//! go-yaml lets pass in flow collections and quoted scalars are read, not rejected.
//!
//! saphyr-parser follows the YAML spec: inside a flow collection (`[…]`, `{…}`) or a quoted
//! scalar, a continuation line must be indented deeper than the block it sits in. libyaml and
//! go-yaml check no indentation there, so `args: [\n  a\n]` under a nested key and
//! `command: ['sh', '-c', 'a;\n  b']` at depth are valid Kubernetes manifests. When the parser
//! rejects a document for exactly that, the document alone is re-read with those continuation
//! lines padded with spaces (insignificant there, so no value changes), and every position is
//! mapped back to the unpadded file ([`Locator`]).

use crate::yaml::line_index::LineIndex;
use crate::yaml::locator::Locator;
use crate::yaml::source::{Document, Pos, Span, TreeProblem, TreeProblemKind};
use crate::yaml::tree_builder::{SyntaxFailure, parse_segment, syntax_message};
use crate::yaml::{go_blanks, go_escapes, go_refusals, json_stream};

/// Most lenient re-reads of one document; each pads one flow collection or quoted scalar.
const MAX_REPAIRS: usize = 32;

const QUOTED: &str = "invalid indentation in quoted scalar";
const IN_FLOW: [&str; 2] = [
    "invalid indentation in flow construct",
    "invalid indentation",
];

/// Parses a YAML (or JSON) stream into documents. Never panics; see [`for_each_document`].
pub fn parse_stream(text: &str) -> Vec<Document<'_>> {
    let mut documents = Vec::new();
    for_each_document(text, |document| documents.push(document));
    documents
}

/// Parses a YAML (or JSON) stream and hands each document to `visit` as soon as it is complete,
/// so memory is bounded by the largest document rather than the stream. Never panics. A syntax
/// error is reported on the document it is in, and reading goes on at the next `---` line.
pub fn for_each_document<'a>(text: &'a str, visit: impl FnMut(Document<'a>)) {
    // The whole stream has no boundary, so whether a document of it broke does not matter.
    let mut visit = visit;
    let _ = for_each_document_of(&Chunk::whole(text), |document, _| visit(document));
}

/// A piece of a stream that can be read on its own: it starts at the start of the stream or at
/// a `---` line, and ends with the `---` line that starts the next piece (so its last document
/// ends exactly as it does in the whole stream; documents from that line on belong to the next
/// piece and are not visited).
#[derive(Debug, Clone, Copy)]
pub struct Chunk<'a> {
    /// The piece's text, the next piece's `---` line included.
    pub text: &'a str,
    /// Where the piece starts, in bytes from the stream's start (after a byte order mark).
    pub start: usize,
    /// Lines of the stream before the piece.
    pub lines_before: usize,
    /// Characters of the stream before the piece.
    pub chars_before: usize,
    /// The stream line (1-based) of the next piece's `---` line, if there is a next piece.
    pub boundary_line: Option<u32>,
}

impl<'a> Chunk<'a> {
    /// The whole stream as one piece (a byte order mark skipped).
    pub fn whole(text: &'a str) -> Self {
        Chunk {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            start: 0,
            lines_before: 0,
            chars_before: 0,
            boundary_line: None,
        }
    }

    /// The stream `text` from this piece's start to its end, as one piece: what is read, in
    /// order, once a document of this piece broke (the pieces before it read as the whole
    /// stream does, so reading on from here does too).
    pub fn to_end(&self, text: &'a str) -> Self {
        let whole = Chunk::whole(text);
        Chunk {
            text: whole.text.get(self.start..).unwrap_or_default(),
            start: self.start,
            lines_before: self.lines_before,
            chars_before: self.chars_before,
            boundary_line: None,
        }
    }
}

impl<'a> Chunk<'a> {
    /// An index of the piece's lines, numbered as in the stream.
    pub fn line_index(&self) -> LineIndex<'a> {
        LineIndex::of_piece(self.text, self.lines_before, self.chars_before)
    }

    /// This piece and the `next` one of the stream `text`, as one piece.
    pub fn joined(&self, next: &Chunk<'a>, text: &'a str) -> Self {
        let whole = Chunk::whole(text).text;
        Chunk {
            text: whole
                .get(self.start..next.start + next.text.len())
                .unwrap_or(self.text),
            start: self.start,
            lines_before: self.lines_before,
            chars_before: self.chars_before,
            boundary_line: next.boundary_line,
        }
    }
}

/// Cuts a stream into about `pieces` pieces at document starts, for reading in parallel. A
/// piece whose documents all read cleanly reads exactly as in the whole stream, since a clean
/// document ends at the `---` line. After a syntax error saphyr-parser may read past that line
/// (inside a flow collection), which [`for_each_document_of`] reports so that the caller reads
/// the stream whole. A `---` right after a directive (`%YAML`) is not a cut. A byte order mark
/// is skipped.
pub fn split_stream(text: &str, pieces: usize) -> Vec<Chunk<'_>> {
    let text = Chunk::whole(text).text;
    let mut starts = vec![0];
    // A stream that starts with `{` may be JSON values with no `---` between them.
    let pieces = if text.trim_start().starts_with('{') {
        1
    } else {
        pieces
    };
    for piece in 1..pieces.max(1) {
        let wanted = text.len() / pieces * piece;
        let mut at = wanted.max(starts.last().copied().unwrap_or(0) + 1);
        let cut = loop {
            let Some(found) = next_document_start(text, at) else {
                break None;
            };
            let previous_line = text
                .get(..found.saturating_sub(1))
                .map_or("", |before| before.rsplit('\n').next().unwrap_or(before));
            if found > 0 && !previous_line.starts_with('%') {
                break Some(found);
            }
            at = found + 1;
        };
        match cut {
            Some(cut) if Some(&cut) != starts.last() => starts.push(cut),
            Some(_) => {}
            None => break,
        }
    }
    let mut chunks = Vec::with_capacity(starts.len());
    let mut lines_before = 0;
    let mut chars_before = 0;
    for (index, &start) in starts.iter().enumerate() {
        let next = starts.get(index + 1).copied();
        let end = next.map_or(text.len(), |next| {
            text.get(next..)
                .and_then(|rest| rest.find('\n'))
                .map_or(text.len(), |newline| next + newline + 1)
        });
        let own = text
            .get(start..next.unwrap_or(text.len()))
            .unwrap_or_default();
        let own_lines = count_newlines(own);
        chunks.push(Chunk {
            text: text.get(start..end).unwrap_or_default(),
            start,
            lines_before,
            chars_before,
            boundary_line: next
                .map(|_| u32::try_from(lines_before + own_lines + 1).unwrap_or(u32::MAX)),
        });
        lines_before += own_lines;
        chars_before += own.chars().count();
    }
    chunks
}

/// Sources of at least this many bytes are searched in pieces by
/// [`for_each_document_naming`]; smaller ones are parsed whole when they hold the word.
pub const SEARCHED_IN_PIECES_FROM: usize = 1 << 20;
/// The size of those pieces.
const SEARCHED_PIECE_BYTES: usize = 64 << 10;

/// Calls `visit` with the documents of `text` that may hold `word` (a kind, such as
/// `PodDisruptionBudget`): only the parts of the text that hold it are parsed, so a source
/// without it costs one search. A piece with a broken document is read on to the end as the
/// whole stream reads it. A document right after a skipped piece that ends in a syntax error is
/// still read (the whole stream might lose it in the broken document, which has its own error).
pub fn for_each_document_naming<'a>(
    text: &'a str,
    word: &str,
    mut visit: impl FnMut(&Document<'a>),
) {
    if !text.contains(word) {
        return;
    }
    let pieces = if text.len() >= SEARCHED_IN_PIECES_FROM {
        text.len() / SEARCHED_PIECE_BYTES
    } else {
        1
    };
    let chunks = split_stream(text, pieces);
    for (index, chunk) in chunks.iter().enumerate() {
        if !chunk.text.contains(word) {
            continue;
        }
        let mut read: Vec<Document<'a>> = Vec::new();
        let any_broken = for_each_document_of(chunk, |document, _| read.push(document));
        if any_broken && index + 1 < chunks.len() {
            let rest = Chunk::to_end(chunk, text);
            for_each_document_of(&rest, |document, _| visit(&document));
            return;
        }
        for document in &read {
            visit(document);
        }
    }
}

/// Reads one piece of a stream like [`for_each_document`]; document indexes count from 0 in
/// the piece. Returns whether a document of the piece had a syntax error: in the whole stream
/// the parser may then have read past a `---` line (inside a flow collection, say), and its
/// scanner looks ahead past the piece's end, so that even a broken document followed by clean
/// ones may break elsewhere there. Such a piece is not known to read as the whole stream
/// does, and the caller reads the stream whole from it on.
pub fn for_each_document_of<'a>(
    chunk: &Chunk<'a>,
    mut visit: impl FnMut(Document<'a>, &LineIndex<'a>),
) -> bool {
    // One index of the piece's lines, for the tree builder's problems and the caller's
    // findings alike (built only if either needs a line).
    let lines = chunk.line_index();
    let mut visit = |document| visit(document, &lines);
    if chunk.start == 0
        && let Some(json) = json_stream::values(chunk.text)
    {
        return read_json(chunk, &lines, json, &mut visit);
    }
    read_yaml(chunk, &lines, 0, visit)
}

/// Reads a stream kubectl reads as JSON values one after another (`json_stream.rs`): each
/// value a document, then the YAML or the error that follows them.
fn read_json<'a>(
    chunk: &Chunk<'a>,
    home: &LineIndex<'_>,
    json: json_stream::JsonValues,
    visit: &mut impl FnMut(Document<'a>),
) -> bool {
    let text = chunk.text;
    let mut cursor = Cursor {
        byte: 0,
        chars: chunk.chars_before,
        lines: chunk.lines_before,
    };
    let mut count = 0;
    let mut any_broken = false;
    for value in json.values {
        cursor.forward_to(text, value.start);
        let locator = Locator::at_column(cursor.lines, cursor.chars, cursor.column(text));
        let segment = text.get(value).unwrap_or_default();
        let end = parse_segment(segment, &locator, home, count, &mut |document| {
            visit(document);
        });
        count = end.count;
        if let Some(failure) = end.failure {
            any_broken = true;
            visit(reported(failure));
        }
    }
    match json.then {
        json_stream::Then::End => any_broken,
        json_stream::Then::Yaml(from) => {
            cursor.forward_to(text, from);
            let rest = Chunk {
                text: text.get(from..).unwrap_or_default(),
                start: chunk.start + from,
                lines_before: cursor.lines,
                chars_before: cursor.chars,
                boundary_line: chunk.boundary_line,
            };
            read_yaml(&rest, home, count, visit) || any_broken
        }
        json_stream::Then::Error(at, message) => {
            cursor.forward_to(text, at);
            let pos = Pos {
                index: u32::try_from(cursor.chars).unwrap_or(u32::MAX),
                line: u32::try_from(cursor.lines + 1).unwrap_or(u32::MAX),
                column: u32::try_from(cursor.column(text) + 1).unwrap_or(u32::MAX),
            };
            visit(Document {
                index: count,
                root: None,
                start: pos,
                problems: vec![TreeProblem {
                    kind: TreeProblemKind::Syntax,
                    message: format!(
                        "invalid JSON: {message} (kubectl reads a stream that starts with `{{` as JSON values one after another, and after two of them, nothing else)"
                    ),
                    span: Span::at(pos),
                    extent: None,
                }],
            });
            true
        }
    }
}

/// Reads a piece of a YAML stream, its documents numbered from `count`; `home` indexes its
/// lines (or a piece holding it) for the problems found building its trees.
fn read_yaml<'a>(
    chunk: &Chunk<'a>,
    home: &LineIndex<'_>,
    mut count: usize,
    mut visit: impl FnMut(Document<'a>),
) -> bool {
    let text = chunk.text;
    let mut any_broken = false;
    let mut refusals = Refusals::of(chunk);
    let mut emit = |document: Document<'a>, broken: bool| {
        if chunk
            .boundary_line
            .is_none_or(|boundary| document.start.line < boundary)
        {
            any_broken |= broken;
            match refusals.as_mut() {
                None => visit(document),
                Some(refusals) => {
                    if let Some(previous) = refusals.judged(document) {
                        visit(previous);
                    }
                }
            }
        }
    };
    let mut cursor = Cursor {
        byte: 0,
        chars: chunk.chars_before,
        lines: chunk.lines_before,
    };
    loop {
        let segment = text.get(cursor.byte..).unwrap_or_default();
        let locator = Locator::at(cursor.lines, cursor.chars);
        let end = parse_segment(segment, &locator, home, count, &mut |document| {
            emit(document, false);
        });
        count = end.count;
        let Some(failure) = end.failure else {
            break;
        };
        let mut document = cursor;
        document.forward_chars(text, failure.document_start);
        let mut error = document;
        error.forward_chars(text, failure.at.saturating_sub(failure.document_start));
        let region_start = line_start(text, document.byte).max(cursor.byte);
        let next = next_document_start(text, error.byte.max(cursor.byte + 1));
        let region_end = next.unwrap_or(text.len());
        let mut region = cursor;
        region.forward_to(text, region_start);
        let region_text = text.get(region_start..region_end).unwrap_or_default();
        match reread_leniently(region_text, &region, &failure) {
            Some((documents, next_count)) => {
                for document in documents {
                    emit(document, true);
                }
                count = next_count;
            }
            None => emit(reported(failure), true),
        }
        let Some(next) = next else {
            break;
        };
        cursor = region;
        cursor.forward_to(text, next);
    }
    if let Some(last) = refusals.as_mut().and_then(Refusals::last) {
        visit(last);
    }
    any_broken
}

/// The broken document with its syntax error.
fn reported(failure: SyntaxFailure<'_>) -> Document<'_> {
    let mut document = failure.document;
    let (kind, message) = if failure.info.contains("recursion limit") {
        (
            TreeProblemKind::TooDeep,
            "document nests too deeply for the YAML parser".to_string(),
        )
    } else if failure.info == go_blanks::BYTE_ORDER_MARK {
        (
            TreeProblemKind::Syntax,
            "invalid YAML: a byte order mark inside a document; kubectl skips one only at the start of the line right after a `---` line, and reads this one as part of the text after it".to_string(),
        )
    } else {
        (TreeProblemKind::Syntax, syntax_message(&failure.info))
    };
    document.problems.push(TreeProblem {
        kind,
        message,
        span: Span::at(failure.pos),
        extent: None,
    });
    document
}

/// Re-reads one broken document the way go-yaml would, if its error is an indentation slip
/// inside a flow collection or quoted scalar, a `\'` escape in a double-quoted scalar
/// (`go_escapes.rs`), or a tab or comment go-yaml reads where YAML 1.2 does not (`go_blanks.rs`): the documents
/// read and the next index.
fn reread_leniently(
    region: &str,
    start: &Cursor,
    failure: &SyntaxFailure<'_>,
) -> Option<(Vec<Document<'static>>, usize)> {
    let info = failure.info.as_str();
    if info != QUOTED
        && info != go_escapes::UNKNOWN_ESCAPE
        && !go_blanks::repairs(info)
        && info != go_blanks::BYTE_ORDER_MARK
        && !IN_FLOW.contains(&info)
    {
        return None;
    }
    let first_index = failure.document.index;
    let mut text = region.to_string();
    let mut locator = Locator::at(start.lines, start.chars);
    let home = LineIndex::of_piece(region, start.lines, start.chars);
    let stand_in = go_escapes::stand_in(region);
    let mut stood_in = false;
    for _ in 0..=MAX_REPAIRS {
        let mut documents = Vec::new();
        let end = parse_segment(&text, &locator, &home, first_index, &mut |document| {
            documents.push(document.into_owned());
        });
        let Some(failure) = end.failure else {
            if let Some((_, read)) = stand_in.filter(|_| stood_in) {
                for root in documents.iter_mut().filter_map(|d| d.root.as_mut()) {
                    go_escapes::restore_quotes(root, read);
                }
            }
            return Some((documents, end.count));
        };
        let at = byte_of(&text, failure.at);
        if failure.info == go_escapes::UNKNOWN_ESCAPE {
            // go-yaml's `\'`, the one escape it reads that YAML 1.2 has not.
            let (letter, _) = stand_in?;
            if !go_escapes::stand_in_for_quotes(&mut text, at, letter) {
                return None;
            }
            stood_in = true;
            continue;
        }
        if go_blanks::repairs(&failure.info) {
            // The failure borrows the text it was read from.
            let info = failure.info.clone();
            if !go_blanks::spaces_for(&mut text, &info, at) {
                return None;
            }
            continue;
        }
        let pads = if failure.info == go_blanks::BYTE_ORDER_MARK {
            go_blanks::byte_order_mark_as_space(&mut text, at)?
        } else {
            padding_for(&text, &failure.info, at)?
        };
        let mut padded = String::with_capacity(text.len() + pads.len() * 8);
        let mut pending = pads.iter().copied().peekable();
        for (line, content) in text.split_inclusive('\n').enumerate() {
            if let Some((_, spaces)) = pending.next_if(|&(at, _)| at == line) {
                padded.extend(std::iter::repeat_n(' ', spaces));
            }
            padded.push_str(content);
        }
        locator.pad(pads.into_iter().map(|(line, spaces)| (line + 1, spaces)));
        text = padded;
    }
    None
}

/// Which lines (0-based, ascending) to pad by how many spaces so that the flow collection or
/// quoted scalar the error at byte `error_byte` is in reads as go-yaml reads it.
fn padding_for(text: &str, info: &str, error_byte: usize) -> Option<Vec<(usize, usize)>> {
    let (open, close) = if info == QUOTED {
        let quote = text.get(error_byte..)?.chars().next()?;
        (error_byte, quoted_end(text, error_byte, quote)?)
    } else {
        let open = outermost_open_flow(text, error_byte)?;
        (open, flow_end(text, open)?)
    };
    let first_line = count_newlines(text.get(..open)?);
    let last_line = first_line + count_newlines(text.get(open..close)?);
    let opening = text.get(line_start(text, open)..open)?;
    let required = key_column(opening) + 1;
    let mut pads = Vec::new();
    for (line, content) in text
        .split_inclusive('\n')
        .enumerate()
        .take(last_line + 1)
        .skip(first_line + 1)
    {
        if content.starts_with("---") || content.starts_with("...") {
            return None;
        }
        let indent = content.len() - content.trim_start_matches(' ').len();
        let blank = content.trim().is_empty();
        if !blank && indent < required {
            pads.push((line, required - indent));
        }
    }
    (!pads.is_empty()).then_some(pads)
}

/// The column where the block key of a line starts: its indentation plus any `- ` markers.
fn key_column(line: &str) -> usize {
    let mut column = 0;
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(' ');
        column += rest.len() - trimmed.len();
        match trimmed.strip_prefix("- ") {
            Some(after) => {
                column += 2;
                rest = after;
            }
            None => return column,
        }
    }
}

/// The start of the outermost flow collection still open at `before`: a `[` or `{` where a
/// value may start (after `:`, `-`, `,`, another bracket, or at a line start), outside quotes
/// and comments.
fn outermost_open_flow(text: &str, before: usize) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    let mut previous = '\n';
    let mut chars = text.get(..before)?.char_indices().peekable();
    while let Some((at, ch)) = chars.next() {
        match ch {
            '#' if previous.is_whitespace() => {
                while chars.next_if(|&(_, c)| c != '\n').is_some() {}
            }
            '\'' | '"' if open.is_empty() => {}
            '\'' | '"' => {
                let end = quoted_end(text, at, ch)?;
                while chars.next_if(|&(b, _)| b < end).is_some() {}
            }
            '[' | '{' if open.is_empty() && !matches!(previous, ':' | '-' | '\n') => {}
            '[' | '{' if !matches!(previous, ':' | '-' | ',' | '[' | '{' | '\n') => {}
            '[' | '{' => open.push(at),
            ']' | '}' => {
                open.pop();
            }
            _ => {}
        }
        if !ch.is_whitespace() || ch == '\n' {
            previous = ch;
        }
    }
    open.first().copied()
}

/// The byte just past the bracket closing the flow collection opened at `open`.
fn flow_end(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut previous = ' ';
    let mut chars = text.get(open..)?.char_indices().peekable();
    while let Some((offset, ch)) = chars.next() {
        let at = open + offset;
        match ch {
            '#' if previous.is_whitespace() => {
                while chars.next_if(|&(_, c)| c != '\n').is_some() {}
            }
            '\'' | '"' => {
                let end = quoted_end(text, at, ch)?;
                while chars.next_if(|&(b, _)| open + b < end).is_some() {}
            }
            '[' | '{' => depth += 1,
            ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
        previous = ch;
    }
    None
}

/// The byte just past the quote closing the scalar opened at `open` by `quote`.
fn quoted_end(text: &str, open: usize, quote: char) -> Option<usize> {
    let mut chars = text.get(open + 1..)?.char_indices().peekable();
    while let Some((offset, ch)) = chars.next() {
        match ch {
            '\\' if quote == '"' => {
                chars.next();
            }
            '\'' if quote == '\'' && chars.next_if(|&(_, c)| c == '\'').is_none() => {
                return Some(open + 1 + offset + 1);
            }
            '"' if quote == '"' => return Some(open + 1 + offset + 1),
            _ => {}
        }
    }
    None
}

/// The byte offset of the parser's character index `chars` in `text` (its end past the last).
fn byte_of(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(byte, _)| byte)
}

/// The start of the line holding byte `at`.
fn line_start(text: &str, at: usize) -> usize {
    text.get(..at)
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |newline| newline + 1)
}

/// The start of the first line at or after byte `from` that begins a document (`---` then a
/// space, a newline or the end).
fn next_document_start(text: &str, from: usize) -> Option<usize> {
    let mut at = line_start(text, from);
    if at < from {
        at = from + text.get(from..)?.find('\n')? + 1;
    }
    loop {
        let rest = text.get(at..)?;
        if let Some(after) = rest.strip_prefix("---")
            && after.chars().next().is_none_or(char::is_whitespace)
        {
            return Some(at);
        }
        at += rest.find('\n')? + 1;
    }
}

/// kubectl's refusals of the documents of a piece with suspects (`go_refusals.rs`): each
/// document is held until the next one starts, so that it is judged on its own lines.
struct Refusals<'a> {
    suspects: Vec<go_refusals::Suspect>,
    /// Lines of the `...` lines among them.
    ends: Vec<u32>,
    lines: go_refusals::PieceLines<'a>,
    first_line: u32,
    /// The next piece's `---` line: its suspects are that piece's.
    boundary: Option<u32>,
    held: Option<Document<'a>>,
}

impl<'a> Refusals<'a> {
    /// None when the piece has no suspect (almost always).
    fn of(chunk: &Chunk<'a>) -> Option<Self> {
        let suspects = go_refusals::scan(chunk.text, chunk.lines_before, chunk.chars_before);
        if suspects.is_empty() {
            return None;
        }
        let ends = suspects
            .iter()
            .filter(|s| s.kind == go_refusals::SuspectKind::DocumentEnd)
            .map(|s| s.pos.line)
            .collect();
        Some(Refusals {
            suspects,
            ends,
            lines: go_refusals::PieceLines::new(chunk.line_index()),
            first_line: u32::try_from(chunk.lines_before + 1).unwrap_or(u32::MAX),
            boundary: chunk.boundary_line,
            held: None,
        })
    }

    /// Holds `document` and hands back the one held before, judged.
    fn judged(&mut self, document: Document<'a>) -> Option<Document<'a>> {
        let until = document.start.line;
        let previous = self.held.replace(document)?;
        Some(self.judge(previous, Some(until)))
    }

    /// The document held last, judged.
    fn last(&mut self) -> Option<Document<'a>> {
        let held = self.held.take()?;
        Some(self.judge(held, self.boundary))
    }

    /// Adds the refusals of the suspects from `document`'s start (the piece's, for its first)
    /// up to the line `until` where the next document starts.
    fn judge(&mut self, mut document: Document<'a>, until: Option<u32>) -> Document<'a> {
        let from = std::mem::replace(&mut self.first_line, until.unwrap_or(u32::MAX));
        let first = self.suspects.partition_point(|s| s.pos.line < from);
        let last = until.map_or(self.suspects.len(), |until| {
            self.suspects.partition_point(|s| s.pos.line < until)
        });
        let own = self.suspects.get(first..last).unwrap_or_default();
        let after_end = self
            .ends
            .get(
                ..self
                    .ends
                    .partition_point(|&line| line < document.start.line),
            )
            .is_some_and(|before| !before.is_empty());
        go_refusals::add_problems(&mut document, own, after_end, &self.lines);
        document
    }
}

/// A place in the stream: byte offset, characters and lines before it. Moves only forward, so
/// recovery costs one pass over the text however many documents are broken.
#[derive(Debug, Clone, Copy, Default)]
struct Cursor {
    byte: usize,
    chars: usize,
    lines: usize,
}

/// The line breaks in `text`, counted by memchr's vectorised count (`str::matches` searches
/// for each break in turn, a call per line).
fn count_newlines(text: &str) -> usize {
    memchr::memchr_iter(b'\n', text.as_bytes()).count()
}

impl Cursor {
    fn forward_to(&mut self, text: &str, byte: usize) {
        if byte <= self.byte {
            return;
        }
        let passed = text.get(self.byte..byte).unwrap_or_default();
        self.chars += passed.chars().count();
        self.lines += count_newlines(passed);
        self.byte = byte;
    }

    /// Characters of its line before it.
    fn column(&self, text: &str) -> usize {
        text.get(line_start(text, self.byte)..self.byte)
            .unwrap_or_default()
            .chars()
            .count()
    }

    fn forward_chars(&mut self, text: &str, chars: usize) {
        let rest = text.get(self.byte..).unwrap_or_default();
        let byte = rest
            .char_indices()
            .nth(chars)
            .map_or(text.len(), |(offset, _)| self.byte + offset);
        self.forward_to(text, byte);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::{Node, NodeKind};

    /// Where `node` of a document of `text` starts.
    fn start(text: &str, node: &Node<'_>) -> Pos {
        LineIndex::new(text).pos(node.at.start)
    }

    /// The first document of `text`, read with no problem.
    fn clean(text: &str) -> Document<'_> {
        let mut documents = parse_stream(text);
        assert!(
            documents[0].problems.is_empty(),
            "{:?}",
            documents[0].problems
        );
        documents.remove(0)
    }

    fn problems(text: &str) -> Vec<(TreeProblemKind, u32, u32)> {
        parse_stream(text)
            .iter()
            .flat_map(|document| &document.problems)
            .map(|p| (p.kind, p.span.start.line, p.span.start.column))
            .collect()
    }

    /// go-yaml reads `\'` in a double-quoted scalar as `'`; YAML 1.2 has no such escape. Read
    /// as kubectl reads it, every position kept; other unknown escapes stay errors.
    #[test]
    fn a_quote_escaped_with_a_backslash_reads_as_kubectl_reads_it() {
        let text = "a: \"it\\'s \\\"q\\\"\"\nb: \"two\\'s\n  x\\'y\"\nc: 'single \\' \nd: [\"\\a\", \"\\'\"]\n---\ne: 1\n";
        let documents = parse_stream(text);
        assert_eq!(documents.len(), 2, "{documents:?}");
        assert!(
            documents[0].problems.is_empty(),
            "{:?}",
            documents[0].problems
        );
        let root = documents[0].root.as_ref().unwrap();
        assert_eq!(root.get("a").and_then(Node::as_scalar), Some("it's \"q\""));
        assert_eq!(root.get("b").and_then(Node::as_scalar), Some("two's x'y"));
        assert_eq!(root.get("c").and_then(Node::as_scalar), Some("single \\"));
        let d: Vec<&str> = match root.get("d").map(Node::kind) {
            Some(NodeKind::Sequence(items)) => items.iter().filter_map(Node::as_scalar).collect(),
            other => panic!("{other:?}"),
        };
        // `\a` is the document's own bell; the stand-in is another escape.
        assert_eq!(d, ["\u{7}", "'"]);
        assert_eq!(start(text, root.get("b").unwrap()).line, 2);
        assert_eq!(documents[1].start.line, 6);
        // Another unknown escape is still an error.
        let broken = problems("a: \"x\\qy\"\n");
        assert_eq!(broken.len(), 1, "{broken:?}");
    }

    /// `\\/` is JSON's (and YAML 1.2's) but not go-yaml's: an error in a YAML document, not in
    /// a stream kubectl reads as JSON (it starts with `{`); an escaped backslash before `/` is
    /// no escape of `/`.
    #[test]
    fn a_slash_escape_is_an_error_in_yaml_only() {
        assert_eq!(problems("a: \"http:\\/\\/x\"\n").len(), 1);
        assert_eq!(problems("---\n{\"a\": \"\\/\"}\n").len(), 1);
        assert!(problems("{\"a\": \"http:\\/\\/x\"}\n").is_empty());
        assert!(problems("a: \"x\\\\/y\"\nb: '\\/'\nc: \\/\n").is_empty());
        let read = parse_stream("a: \"\\/\"\n");
        assert_eq!(
            read[0]
                .root
                .as_ref()
                .and_then(|r| r.get("a"))
                .and_then(Node::as_scalar),
            Some("/")
        );
    }

    /// go-yaml takes a tab after `:` and a tab indenting a quoted scalar's continuation line as
    /// white space, and starts a comment at a `#` right after a token; a tab indenting a block
    /// line stays an error in both.
    #[test]
    fn tabs_go_yaml_takes_as_white_space_read_as_kubectl_reads_them() {
        let text = "a:\tb\nc: {d:\te}\nf: \"one\n\ttwo\"\n";
        let tabs = clean(text);
        let root = tabs.root.as_ref().unwrap();
        assert_eq!(root.get("a").and_then(Node::as_scalar), Some("b"));
        assert_eq!(root.get("f").and_then(Node::as_scalar), Some("one two"));
        assert_eq!(start(text, root.get("f").unwrap()).column, 4);
        assert_eq!(problems("a:\n\tb: c\n").len(), 1);
        // A comment right after a token: go-yaml starts it there.
        let text = "a: \"x\"#c\nb: [y]#z\nc: d#e\n";
        let commented = clean(text);
        let root = commented.root.as_ref().unwrap();
        assert_eq!(root.get("a").and_then(Node::as_scalar), Some("x"));
        assert_eq!(root.get("c").and_then(Node::as_scalar), Some("d#e"));
        assert_eq!(start(text, root.get("c").unwrap()).column, 4);
        // Whatever the comment holds, non-ASCII text included.
        let text = "a: \"x\"#é ü\nb: [y]# ✓\nc: ü\n";
        let wide = clean(text);
        let root = wide.root.as_ref().unwrap();
        assert_eq!(
            root.get("b")
                .and_then(|b| b.item(0))
                .and_then(Node::as_scalar),
            Some("y")
        );
        let c = root.get("c").unwrap();
        assert_eq!(
            (c.as_scalar(), start(text, c).line, start(text, c).column),
            (Some("ü"), 3, 4)
        );
        assert_eq!(
            c.at.start,
            "a: \"x\"#é ü\nb: [y]# ✓\nc: ".chars().count() as u32
        );
    }

    /// A stream that starts with `{` is read as kubectl reads it: JSON values one after
    /// another, then YAML after one value, or an error after two.
    #[test]
    fn json_values_one_after_another_are_documents() {
        let text = "{\"a\": 1}\n{\"b\": 2}{\"c\": \"x\\/y\"}\n";
        let documents = parse_stream(text);
        let keys: Vec<(Option<&str>, u32, u32)> = documents
            .iter()
            .map(|d| {
                let root = d.root.as_ref().unwrap();
                let NodeKind::Mapping(entries) = root.kind() else {
                    panic!("mapping");
                };
                (
                    entries[0].0.as_scalar(),
                    start(text, root).line,
                    start(text, root).column,
                )
            })
            .collect();
        assert_eq!(
            keys,
            [(Some("a"), 1, 1), (Some("b"), 2, 1), (Some("c"), 2, 9)]
        );
        assert_eq!(
            documents[2]
                .root
                .as_ref()
                .unwrap()
                .get("c")
                .and_then(Node::as_scalar),
            Some("x/y")
        );
        let text = "{\"a\": 1}\nb: 2\n---\nc: 3\n";
        let then_yaml = parse_stream(text);
        assert_eq!(then_yaml.len(), 3);
        assert!(then_yaml.iter().all(|d| d.problems.is_empty()));
        assert_eq!(start(text, then_yaml[1].root.as_ref().unwrap()).line, 2);
        let error = parse_stream("{\"a\": 1}\n{\"b\": 2}\nc: 3\n");
        assert_eq!(error.len(), 3);
        assert_eq!(
            error[2].problems[0].span.start,
            Pos {
                index: 18,
                line: 3,
                column: 1
            }
        );
        let stream = "{\"a\": 1}\n{\"b\": 2}\n---\n{\"c\": 3}\n";
        assert_eq!(read_in_pieces(stream, 3), read_in_pieces(stream, 1));
        assert_eq!(
            read_in_pieces(stream, 3).len(),
            3,
            "two values, then kubectl's error"
        );
    }

    /// Files joined with their byte order marks: kubectl skips a mark that opens the line
    /// right after a `---` line, and only there.
    #[test]
    fn a_byte_order_mark_right_after_a_document_start_is_skipped() {
        let text = "a: 1\n---\n\u{feff}b:\n  c: 2\nd: 3\n";
        let documents = parse_stream(text);
        assert_eq!(documents.len(), 2);
        assert!(
            documents[1].problems.is_empty(),
            "{:?}",
            documents[1].problems
        );
        let root = documents[1].root.as_ref().unwrap();
        let c = root.get("b").and_then(|b| b.get("c")).unwrap();
        assert_eq!(
            (c.as_scalar(), start(text, c).line, start(text, c).column),
            (Some("2"), 4, 6)
        );
        let d = root.get("d").unwrap();
        assert_eq!((start(text, d).line, start(text, d).column), (5, 4));
        assert_eq!(problems("a: 1\n---\n\n\u{feff}b: 2\n").len(), 1);
    }

    /// NEL and the Unicode separators written in a flow scalar fold as go-yaml folds line
    /// breaks; the value kubectl sends is the one checked.
    #[test]
    fn go_line_breaks_in_scalars_read_as_kubectl_reads_them() {
        let document = clean(
            "a: \"x  \u{85}  y\"\nb: x\u{2028}  y\nc: 'p\u{85}\u{85}q'\nd: |\n  keep\u{2028}  this\n",
        );
        let root = document.root.as_ref().unwrap();
        let value = |key: &str| root.get(key).and_then(Node::as_scalar);
        assert_eq!(value("a"), Some("x y"));
        assert_eq!(value("b"), Some("x\u{2028}y"));
        assert_eq!(value("c"), Some("p\nq"));
        assert_eq!(value("d"), Some("keep\u{2028}this\n"));
        let blocks = clean("e: >\n  a\u{85}  b\nf: |\n  a\u{85}  b\n");
        let root = blocks.root.as_ref().unwrap();
        assert_eq!(root.get("e").and_then(Node::as_scalar), Some("a b\n"));
        assert_eq!(root.get("f").and_then(Node::as_scalar), Some("a\nb\n"));
    }

    #[test]
    fn a_broken_document_is_reported_and_the_next_ones_are_read() {
        let text = "a: 1\n---\nb: [\n---\nc: 3\n---\nd: {\n---\ne: 5\n";
        let documents = parse_stream(text);
        let roots: Vec<Option<&str>> = documents
            .iter()
            .map(|d| {
                d.root
                    .as_ref()
                    .and_then(|r| match r.kind() {
                        crate::yaml::source::NodeKind::Mapping(entries) => entries.first(),
                        _ => None,
                    })
                    .and_then(|(k, _)| k.as_scalar())
            })
            .collect();
        assert_eq!(roots, [Some("a"), None, Some("c"), None, Some("e")]);
        let indexes: Vec<usize> = documents.iter().map(|d| d.index).collect();
        assert_eq!(indexes, [0, 1, 2, 3, 4]);
        assert_eq!(
            problems(text),
            [
                (TreeProblemKind::Syntax, 4, 1),
                (TreeProblemKind::Syntax, 8, 1)
            ]
        );
    }

    #[test]
    fn positions_after_a_broken_document_are_the_files() {
        let text = "x: [\n---\nspec:\n  é: 1\n  name: n\n";
        let documents = parse_stream(text);
        let root = documents
            .last()
            .and_then(|d| d.root.as_ref())
            .expect("root");
        let name = root
            .get("spec")
            .and_then(|s| s.entry("name"))
            .expect("name");
        assert_eq!(
            (start(text, name.0).line, start(text, name.0).column),
            (5, 3)
        );
        assert_eq!(name.0.at.start, 24);
    }

    /// The first container of the one pod in `documents`.
    fn first_container<'d, 'a>(documents: &'d [Document<'a>]) -> &'d Node<'a> {
        documents[0]
            .root
            .as_ref()
            .and_then(|root| root.get("spec"))
            .and_then(|spec| spec.get("containers"))
            .and_then(|containers| containers.item(0))
            .expect("a container")
    }

    // go-yaml: accepted (libyaml checks no indentation inside flow collections).
    #[test]
    fn a_flow_sequence_closed_at_the_parent_keys_indentation_is_read() {
        let text = "spec:\n  containers:\n  - name: c\n    args: [\n  a,\n  b\n]\n    image: i\n";
        assert_eq!(problems(text), []);
        let documents = parse_stream(text);
        let container = first_container(&documents);
        let args = container.get("args").expect("args");
        assert_eq!(args.item(1).and_then(Node::as_scalar), Some("b"));
        assert_eq!(
            (
                start(text, args.item(1).expect("b")).line,
                start(text, args.item(1).expect("b")).column
            ),
            (6, 3)
        );
        assert_eq!(container.get("image").and_then(Node::as_scalar), Some("i"));
    }

    // go-yaml: accepted (libyaml checks no indentation inside quoted scalars).
    #[test]
    fn a_quoted_scalar_continued_less_indented_is_read() {
        let text = "spec:\n  containers:\n  - name: c\n    command: ['sh', '-c', 'echo a;\n  exit 1']\n    args: [\"x\n y\"]\n";
        assert_eq!(problems(text), []);
        let documents = parse_stream(text);
        let container = first_container(&documents);
        let command = container.get("command").expect("command");
        assert_eq!(
            command.item(2).and_then(Node::as_scalar),
            Some("echo a; exit 1")
        );
        assert_eq!(
            container
                .get("args")
                .and_then(|a| a.item(0))
                .and_then(Node::as_scalar),
            Some("x y")
        );
    }

    // go-yaml: rejected ("did not find expected key"): a block mapping under-indented stays an
    // error, and so does a flow collection that is never closed.
    #[test]
    fn real_indentation_errors_stay_errors() {
        assert_eq!(problems("a:\n    b: 1\n  c: 2\n").len(), 1);
        assert_eq!(problems("a:\n  b: [1,\n2\n").len(), 1);
        assert_eq!(problems("a:\n  b: 'x\n").len(), 1);
    }

    #[test]
    fn the_document_after_a_lenient_reread_keeps_its_place() {
        let text = "a:\n  b: [\n1]\n---\nc: 2\n";
        let documents = parse_stream(text);
        assert_eq!(documents.len(), 2);
        assert!(documents.iter().all(|d| d.problems.is_empty()));
        let c = documents[1]
            .root
            .as_ref()
            .and_then(|r| r.entry("c"))
            .expect("c");
        assert_eq!((start(text, c.0).line, c.0.at.start), (5, 17));
    }

    /// Every document of every piece, indexes made stream-wide, as `Debug` text.
    fn read_in_pieces(text: &str, pieces: usize) -> Vec<String> {
        let chunks = split_stream(text, pieces);
        let mut all = Vec::new();
        for (number, chunk) in chunks.iter().enumerate() {
            let offset = all.len();
            let any_broken = for_each_document_of(chunk, |mut document, _| {
                document.index += offset;
                all.push(format!("{:?}", document.into_owned()));
            });
            if any_broken && number + 1 < chunks.len() {
                return read_in_pieces(text, 1);
            }
        }
        all
    }

    #[test]
    fn reading_in_pieces_gives_exactly_what_reading_whole_gives() {
        let pod =
            |name: &str| format!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\n  é: ü\n");
        let texts = [
            format!("{}---\n{}---\n{}", pod("a"), pod("b"), pod("c")),
            format!("\u{feff}{}---\n{}", pod("a"), pod("b")),
            format!(
                "{}---\nfoo: [\n---\n{}---\nbar: 'x\n---\n{}",
                pod("a"),
                pod("b"),
                pod("c")
            ),
            format!(
                "{}...\n%YAML 1.2\n---\n{}---\n---\n{}",
                pod("a"),
                pod("b"),
                pod("c")
            ),
            format!("{}---\na:\n  b: [\n1]\n---\n{}", pod("a"), pod("b")),
            format!("--- |\n  text\n---\n{}--- >\n  folded\n---", pod("a")),
            "no markers at all: 1\nsecond: 2\n".to_string(),
            format!(
                "{}metadata:\n{{a\n    - x: 80\n\n---\n# c\n# d\n{}",
                pod("a"),
                pod("b")
            ),
        ];
        for text in &texts {
            let whole: Vec<String> = parse_stream(text)
                .into_iter()
                .map(|document| format!("{:?}", document.into_owned()))
                .collect();
            for pieces in [1, 2, 3, 5, 40] {
                assert_eq!(
                    read_in_pieces(text, pieces),
                    whole,
                    "{pieces} pieces of {text:?}"
                );
            }
        }
    }

    #[test]
    fn a_directive_keeps_its_document_start() {
        let text = "a: 1\n...\n%YAML 1.2\n---\nb: 2\n";
        let chunks = split_stream(text, 8);
        assert_eq!(chunks.len(), 1, "{chunks:?}");
    }
}
