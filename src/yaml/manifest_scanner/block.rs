//! Block mappings and sequences, read line by line by their columns: where the parser opens
//! and closes them, and the value after a key or a `-`.

use saphyr_parser::{Event, Marker, ScalarStyle, Span};

use super::scalars::{LineScalar, Stop};
use super::{Declined, EventSink, ManifestScanner, Next, Scan};

impl<'a, S: EventSink<'a>> ManifestScanner<'a, '_, S> {
    /// A block mapping whose keys are at `column`, the scanner at its first key (read already
    /// as `first` when given); returns what follows it.
    pub(super) fn block_mapping(
        &mut self,
        column: usize,
        first: Option<LineScalar<'a>>,
    ) -> Scan<Next> {
        self.nest()?;
        self.emit(Event::MappingStart(0, None), Span::empty(self.here()));
        let mut pending = first;
        loop {
            let key = match pending.take() {
                Some(key) => key,
                None => self.line_scalar(false)?,
            };
            if key.stop != Stop::Colon {
                return Err(Declined);
            }
            self.emit_line_scalar(key);
            let colon = self.here();
            self.pos += 1;
            let next = self.mapping_value(column, colon)?;
            match next {
                Next::Content(at) if at == column && !self.at_block_entry() => {}
                Next::Content(at) if at >= column => return Err(Declined),
                _ => {
                    let span = self.end_span(next)?;
                    self.emit(Event::MappingEnd, span);
                    self.unnest();
                    return Ok(next);
                }
            }
        }
    }

    /// The value after the `:` at `colon` of a key in a mapping at `column`.
    fn mapping_value(&mut self, column: usize, colon: Marker) -> Scan<Next> {
        self.skip_spaces();
        if !matches!(self.peek(), None | Some(b'\n' | b'#')) {
            return self.inline_value(column);
        }
        self.rest_of_line(false)?;
        let next = self.next_content()?;
        match next {
            Next::Content(at) if at > column => self.block_node(column),
            Next::Content(at) if at == column && self.at_block_entry() => {
                self.block_sequence(column, true)
            }
            _ => {
                // No value: the parser's empty scalar takes the span of the `:`.
                self.emit(
                    Event::Scalar("".into(), ScalarStyle::Plain, 0, None),
                    Span::empty(colon),
                );
                Ok(next)
            }
        }
    }

    /// A node starting a line of its own below its key in a mapping at `parent` (the scanner
    /// at its first column): a block collection, or a value.
    fn block_node(&mut self, parent: usize) -> Scan<Next> {
        let column = self.column();
        if self.at_block_entry() {
            return self.block_sequence(column, false);
        }
        if matches!(self.peek(), Some(b'|' | b'>' | b'[' | b'{')) {
            return self.inline_value(parent);
        }
        let key = match self.line_scalar(false) {
            Ok(key) => key,
            Err(Declined) if matches!(self.peek(), Some(b'"' | b'\'')) => {
                return self.quoted_lines(parent);
            }
            Err(declined) => return Err(declined),
        };
        if key.stop == Stop::Colon {
            self.block_mapping(column, Some(key))
        } else {
            self.line_value(key, parent)
        }
    }

    /// A block sequence whose `-` are at `column`, the scanner at the first; `indentless` when
    /// it is a mapping's value at the mapping's own column.
    pub(super) fn block_sequence(&mut self, column: usize, indentless: bool) -> Scan<Next> {
        self.nest()?;
        if !indentless {
            self.emit(Event::SequenceStart(0, None), Span::empty(self.here()));
        }
        let mut first = true;
        loop {
            self.pos += 1;
            self.skip_spaces();
            if matches!(self.peek(), None | Some(b'\n' | b'#')) {
                // An entry on the lines below its `-`, or none.
                return Err(Declined);
            }
            if first && indentless {
                // The parser opens an indentless sequence at its first entry's content.
                self.emit(Event::SequenceStart(0, None), Span::empty(self.here()));
            }
            first = false;
            let next = self.sequence_entry(column)?;
            match next {
                Next::Content(at) if at == column && self.at_block_entry() => {}
                Next::Content(at) if at > column || (at == column && !indentless) => {
                    return Err(Declined);
                }
                _ => {
                    let span = self.end_span(next)?;
                    self.emit(Event::SequenceEnd, span);
                    self.unnest();
                    return Ok(next);
                }
            }
        }
    }

    /// The entry after a `-` at `column`: a mapping starting on the `-`'s line, or a value.
    fn sequence_entry(&mut self, column: usize) -> Scan<Next> {
        if self.at_block_entry() || matches!(self.peek(), Some(b'|' | b'>' | b'[' | b'{')) {
            // `- - x` is declined in `inline_value`.
            return self.inline_value(column);
        }
        let scalar = match self.line_scalar(false) {
            Ok(scalar) => scalar,
            Err(Declined) if matches!(self.peek(), Some(b'"' | b'\'')) => {
                return self.quoted_lines(column);
            }
            Err(declined) => return Err(declined),
        };
        if scalar.stop == Stop::Colon {
            let at = self.column();
            return self.block_mapping(at, Some(scalar));
        }
        self.line_value(scalar, column)
    }

    /// A value on the line of its key or `-`, in a block collection at `parent`.
    fn inline_value(&mut self, parent: usize) -> Scan<Next> {
        match self.peek() {
            Some(b'|' | b'>') => self.block_scalar(parent),
            Some(b'[' | b'{') => {
                self.flow_collection()?;
                self.rest_of_line(true)?;
                self.next_content()
            }
            Some(b'"' | b'\'') => match self.line_scalar(false) {
                Ok(scalar) => self.line_value(scalar, parent),
                Err(Declined) => self.quoted_lines(parent),
            },
            _ => {
                let scalar = self.line_scalar(false)?;
                self.line_value(scalar, parent)
            }
        }
    }

    /// Gives a scalar that is a value in a block collection at `parent` (a plain one goes on
    /// over the lines below indented deeper), then moves to the next token.
    fn line_value(&mut self, scalar: LineScalar<'a>, parent: usize) -> Scan<Next> {
        if scalar.stop != Stop::LineEnd {
            return Err(Declined);
        }
        let span = self.span(scalar.start, scalar.end);
        let (line, line_start) = (self.line, self.line_start);
        self.pos = scalar.after;
        let plain_to_line_end = scalar.style == ScalarStyle::Plain && {
            let rest = self.bytes.get(scalar.after..).unwrap_or_default();
            let blanks = rest.iter().take_while(|&&b| b == b' ').count();
            matches!(rest.get(blanks), None | Some(b'\n'))
        };
        self.rest_of_line(true)?;
        let next = self.next_content()?;
        if plain_to_line_end && matches!(next, Next::Content(at) if at > parent) {
            (self.pos, self.line, self.line_start) = (scalar.after, line, line_start);
            return self.plain_lines(scalar, parent);
        }
        self.emit(Event::Scalar(scalar.value, scalar.style, 0, None), span);
        Ok(next)
    }

    /// Where the parser closes a block collection: empty, at the next token.
    fn end_span(&self, next: Next) -> Scan<Span> {
        Ok(Span::empty(match next {
            Next::End => self.end_marker()?,
            _ => self.here(),
        }))
    }
}
