//! A scanner for the YAML that manifests are written in, producing exactly the events and
//! spans saphyr-parser produces, at many times its speed; anything outside that subset makes
//! it decline the document, which saphyr-parser then reads (`event_source.rs`).
//!
//! The subset: block mappings and sequences; plain, single- and double-quoted scalars, on one
//! line or continued on more; literal and folded block scalars with their chomping and
//! indentation indicators; comments; `---` and `...`; flow collections on one line. A document
//! holding anything else (anchors, aliases, tags, complex keys, flow collections over several
//! lines, directives, tabs, carriage returns, characters outside printable ASCII) or any error
//! is declined whole, so which reader ran never shows in a result. `tests.rs` holds the
//! scanner to saphyr-parser event by event and span by span.

mod block;
mod flow;
mod multiline;
mod scalars;
#[cfg(test)]
mod tests;

use saphyr_parser::{Event, Marker, Span};

/// Deepest nesting the scanner reads; deeper documents are declined (saphyr-parser and the
/// tree builder bound them).
const MAX_NESTING: usize = 64;
/// A key's `:` must come within this many characters of its start (saphyr-parser's simple-key
/// limit is 1024).
const MAX_KEY_CHARS: usize = 1000;

/// The event that starts a stream, as saphyr-parser places it.
pub(crate) fn stream_start() -> (Event<'static>, Span) {
    (Event::StreamStart, Span::empty(Marker::new(0, 1, 0)))
}

/// The scanner gave the document up: saphyr-parser reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Declined;

pub(crate) type Scan<T> = Result<T, Declined>;

/// How one call to [`ManifestScanner::document`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DocumentScan {
    /// A document was read and its events given; the scanner is at the next one.
    Read,
    /// The stream ended (its `StreamEnd` event given), after a document read when `read`.
    StreamEnd { read: bool },
    /// The document is outside the subset; nothing of it counts, and the scanner is back at
    /// its start.
    Declined,
}

/// What follows a node: where the next token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// The end of the text.
    End,
    /// A `---` line.
    DocumentStart,
    /// A `...` line.
    DocumentEnd,
    /// Content starting at this column (the scanner is on it).
    Content(usize),
}

/// What the scanner gives its events to. A declined document's events are taken back: the
/// scanner marks each document's start (`checkpoint`) and, if it declines the document, asks
/// for everything since then to be forgotten (`retract`).
pub trait EventSink<'a> {
    fn event(&mut self, event: Event<'a>, span: Span);
    /// A document starts here.
    fn checkpoint(&mut self);
    /// Forgets every event given since the last checkpoint.
    fn retract(&mut self);
}

/// The scanner over one text (a segment of a stream): a position, its line, and where that
/// line starts; it gives its events straight to `sink`.
pub(crate) struct ManifestScanner<'a, 's, S> {
    text: &'a str,
    bytes: &'a [u8],
    /// The byte the scanner is at.
    pos: usize,
    /// The line of `pos`, from 1.
    line: usize,
    /// The byte the line of `pos` starts at.
    line_start: usize,
    /// Bytes minus characters before the current document (multi-byte characters in declined
    /// documents before it); a document the scanner reads holds none.
    shift: usize,
    /// How far `shift` is counted.
    shift_counted: usize,
    /// Whether the text is all ASCII (no character counting needed).
    ascii: bool,
    /// Nesting of the node being read.
    depth: usize,
    sink: &'s mut S,
}

impl<'a, 's, S: EventSink<'a>> ManifestScanner<'a, 's, S> {
    pub(crate) fn new(text: &'a str, sink: &'s mut S) -> Self {
        ManifestScanner {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
            shift: 0,
            shift_counted: 0,
            ascii: text.is_ascii(),
            depth: 0,
            sink,
        }
    }

    /// The sink, for events read elsewhere.
    pub(crate) fn sink(&mut self) -> &mut S {
        self.sink
    }

    /// The byte the scanner is at (a document's start between documents).
    pub(crate) fn byte(&self) -> usize {
        self.pos
    }

    /// The line the scanner is at, from 1.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Characters of the text before the scanner's byte.
    pub(crate) fn chars_before(&mut self) -> usize {
        self.count_shift_to(self.pos);
        self.pos - self.shift
    }

    /// Moves to a document start that another reader found: `byte` at the start of line
    /// `line`.
    pub(crate) fn resume_at(&mut self, byte: usize, line: usize) {
        self.pos = byte;
        self.line = line;
        self.line_start = byte;
    }

    /// Reads the document at the scanner's position (a line start, after the stream's start
    /// or a document's end), giving its events (and `StreamEnd` after the last one) to the
    /// sink; a declined document's events are retracted.
    pub(crate) fn document(&mut self) -> DocumentScan {
        let (pos, line, line_start) = (self.pos, self.line, self.line_start);
        self.count_shift_to(pos);
        self.depth = 0;
        self.sink.checkpoint();
        match self.read_document() {
            Ok(ended) => ended,
            Err(Declined) => {
                self.sink.retract();
                (self.pos, self.line, self.line_start) = (pos, line, line_start);
                DocumentScan::Declined
            }
        }
    }

    fn read_document(&mut self) -> Scan<DocumentScan> {
        let first = self.next_content()?;
        match first {
            Next::End => {
                let end = self.end_marker()?;
                self.emit(Event::StreamEnd, Span::empty(end));
                Ok(DocumentScan::StreamEnd { read: false })
            }
            Next::DocumentEnd => Err(Declined),
            Next::DocumentStart => {
                let span = self.span(self.pos, self.pos + 3);
                self.emit(Event::DocumentStart(true), span);
                self.pos += 3;
                self.rest_of_line(true)?;
                let next = self.next_content()?;
                let after = match next {
                    Next::Content(column) => self.root(column, false)?,
                    _ => {
                        let span = self.next_token_span(next)?;
                        self.emit(
                            Event::Scalar("".into(), saphyr_parser::ScalarStyle::Plain, 0, None),
                            span,
                        );
                        next
                    }
                };
                self.document_end(after)
            }
            Next::Content(column) => {
                let after = self.root(column, true)?;
                self.document_end(after)
            }
        }
    }

    /// The document's root node at `column`, with the implicit `DocumentStart` before it when
    /// `implicit`.
    fn root(&mut self, column: usize, implicit: bool) -> Scan<Next> {
        if implicit {
            // The implicit start takes the span of the first token: a block collection's
            // start, empty at its first key or `-`.
            let at = self.here();
            self.emit(Event::DocumentStart(false), Span::empty(at));
        }
        if self.at_block_entry() {
            self.block_sequence(column, false)
        } else {
            self.block_mapping(column, None)
        }
    }

    /// Ends the document at what follows its root.
    fn document_end(&mut self, next: Next) -> Scan<DocumentScan> {
        match next {
            Next::Content(_) => Err(Declined),
            Next::End => {
                let end = self.end_marker()?;
                self.emit(Event::DocumentEnd, Span::empty(end));
                self.emit(Event::StreamEnd, Span::empty(end));
                Ok(DocumentScan::StreamEnd { read: true })
            }
            Next::DocumentStart => {
                let span = self.span(self.pos, self.pos + 3);
                self.emit(Event::DocumentEnd, span);
                Ok(DocumentScan::Read)
            }
            Next::DocumentEnd => {
                // The line is checked first: a document's end finishes it in the sink.
                let span = self.span(self.pos, self.pos + 3);
                self.pos += 3;
                self.rest_of_line(true)?;
                self.emit(Event::DocumentEnd, span);
                Ok(DocumentScan::Read)
            }
        }
    }

    /// The span of the token `next` stands for, where an empty node takes it.
    fn next_token_span(&self, next: Next) -> Scan<Span> {
        Ok(match next {
            Next::End => Span::empty(self.end_marker()?),
            Next::DocumentStart | Next::DocumentEnd => self.span(self.pos, self.pos + 3),
            Next::Content(_) => Span::empty(self.here()),
        })
    }

    fn emit(&mut self, event: Event<'a>, span: Span) {
        self.sink.event(event, span);
    }

    /// The position of a byte on the current line.
    fn marker(&self, byte: usize) -> Marker {
        Marker::new(byte - self.shift, self.line, byte - self.line_start)
    }

    fn here(&self) -> Marker {
        self.marker(self.pos)
    }

    /// A span between two bytes of the current line.
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.marker(start), self.marker(end))
    }

    /// Where saphyr-parser places the end of the stream: a line start, past a last line with
    /// no line break. A last line of blanks or a comment with no line break is declined (the
    /// parser would end blocks at its column first).
    fn end_marker(&self) -> Scan<Marker> {
        if self.pos == self.line_start {
            return Ok(self.marker(self.pos));
        }
        let line = self
            .bytes
            .get(self.line_start..self.pos)
            .unwrap_or_default();
        match line.iter().find(|&&b| b != b' ') {
            Some(&b) if b != b'#' => Ok(Marker::new(self.pos - self.shift, self.line + 1, 0)),
            _ => Err(Declined),
        }
    }

    fn column(&self) -> usize {
        self.pos - self.line_start
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    /// Whether the scanner is at a block sequence entry: `-` and a blank or the line's end.
    fn at_block_entry(&self) -> bool {
        self.peek() == Some(b'-') && matches!(self.peek_at(1), None | Some(b' ' | b'\n'))
    }

    /// Moves past the line break at the scanner's position.
    fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.pos;
    }

    fn skip_spaces(&mut self) {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        self.pos += rest.iter().take_while(|&&b| b == b' ').count();
    }

    /// The rest of a line after a token: blanks, then a comment (after a blank), then the line
    /// break (consumed) or the end.
    fn rest_of_line(&mut self, after_token: bool) -> Scan<()> {
        let before = self.pos;
        self.skip_spaces();
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.newline();
                Ok(())
            }
            Some(b'#') if self.pos > before || !after_token => self.comment(),
            _ => Err(Declined),
        }
    }

    /// A comment from its `#` to the line's end (the break consumed).
    fn comment(&mut self) -> Scan<()> {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let length = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let body = rest.get(..length).unwrap_or_default();
        if !body
            .iter()
            .all(|&b| (0x20..0x7f).contains(&b) || b == b'\t')
        {
            return Err(Declined);
        }
        self.pos += length;
        if self.peek() == Some(b'\n') {
            self.newline();
        }
        Ok(())
    }

    /// From a line start, past blank and comment lines, to the next token: the scanner is
    /// then on it.
    fn next_content(&mut self) -> Scan<Next> {
        loop {
            self.skip_spaces();
            match self.peek() {
                None => return Ok(Next::End),
                Some(b'\n') => self.newline(),
                Some(b'#') => self.comment()?,
                Some(b) if !(0x20..0x7f).contains(&b) => return Err(Declined),
                Some(_) => {
                    let column = self.column();
                    if column == 0 {
                        let marker = self.bytes.get(self.pos..self.pos + 3);
                        let after = self.peek_at(3);
                        let blank_after = matches!(after, None | Some(b' ' | b'\n'));
                        match marker {
                            Some(b"---") if blank_after => return Ok(Next::DocumentStart),
                            Some(b"...") if blank_after => return Ok(Next::DocumentEnd),
                            Some(b"---" | b"...")
                                if !(0x20..0x7f).contains(&after.unwrap_or(b' ')) =>
                            {
                                return Err(Declined);
                            }
                            _ => {}
                        }
                    }
                    return Ok(Next::Content(column));
                }
            }
        }
    }

    /// Like [`Self::next_content`], from inside a line the scanner stopped in (at its first
    /// non-blank, after a block scalar).
    fn next_content_mid_line(&mut self) -> Scan<Next> {
        if self.pos == self.line_start {
            return self.next_content();
        }
        match self.peek() {
            None => Ok(Next::End),
            Some(b'#') => {
                self.comment()?;
                self.next_content()
            }
            Some(b) if (0x21..0x7f).contains(&b) => Ok(Next::Content(self.column())),
            _ => Err(Declined),
        }
    }

    /// Counts the bytes of multi-byte characters before `byte`.
    fn count_shift_to(&mut self, byte: usize) {
        if !self.ascii && byte > self.shift_counted {
            let part = self.bytes.get(self.shift_counted..byte).unwrap_or_default();
            self.shift += part.iter().filter(|&&b| b & 0xC0 == 0x80).count();
            self.shift_counted = byte;
        }
    }

    fn nest(&mut self) -> Scan<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Declined);
        }
        Ok(())
    }

    fn unnest(&mut self) {
        self.depth -= 1;
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or_default()
    }
}
