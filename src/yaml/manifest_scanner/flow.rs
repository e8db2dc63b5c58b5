//! Flow collections (`[…]`, `{…}`) written on one line, nested or not.

use saphyr_parser::Event;

use super::scalars::Stop;
use super::{Declined, EventSink, ManifestScanner, Scan};

impl<'a, S: EventSink<'a>> ManifestScanner<'a, '_, S> {
    /// The flow collection whose `[` or `{` the scanner is at, closed on the same line; the
    /// scanner ends past its closing bracket.
    pub(super) fn flow_collection(&mut self) -> Scan<()> {
        self.nest()?;
        let mapping = self.peek() == Some(b'{');
        let close = if mapping { b'}' } else { b']' };
        let span = self.span(self.pos, self.bracket_end()?);
        self.emit(
            if mapping {
                Event::MappingStart(0, None)
            } else {
                Event::SequenceStart(0, None)
            },
            span,
        );
        self.pos += 1;
        self.skip_spaces();
        if self.peek() != Some(close) {
            loop {
                if mapping {
                    let key = self.line_scalar(true)?;
                    if key.stop != Stop::Colon {
                        return Err(Declined);
                    }
                    self.emit_line_scalar(key);
                    self.pos += 1;
                    if self.peek() != Some(b' ') {
                        return Err(Declined);
                    }
                    self.skip_spaces();
                }
                self.flow_item()?;
                self.skip_spaces();
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_spaces();
                        if self.peek() == Some(close) {
                            // A trailing comma.
                            return Err(Declined);
                        }
                    }
                    Some(b) if b == close => break,
                    _ => return Err(Declined),
                }
            }
        }
        let end = self.bracket_end()?;
        let span = self.span(self.pos, end);
        self.emit(
            if mapping {
                Event::MappingEnd
            } else {
                Event::SequenceEnd
            },
            span,
        );
        self.pos = end;
        self.unnest();
        Ok(())
    }

    /// Where the parser ends a bracket's span: past the blanks after it, and a comment after
    /// them.
    fn bracket_end(&self) -> Scan<usize> {
        let after = self.pos + 1;
        let mut end = after;
        while self.bytes.get(end) == Some(&b' ') {
            end += 1;
        }
        if self.bytes.get(end) == Some(&b'#') {
            if end == after {
                return Err(Declined);
            }
            let line = self.bytes.get(end..).unwrap_or_default();
            end += memchr::memchr(b'\n', line).unwrap_or(line.len());
        }
        Ok(end)
    }

    /// An entry of a flow sequence or a value of a flow mapping.
    fn flow_item(&mut self) -> Scan<()> {
        if matches!(self.peek(), Some(b'[' | b'{')) {
            return self.flow_collection();
        }
        let scalar = self.line_scalar(true)?;
        if scalar.stop != Stop::Flow {
            return Err(Declined);
        }
        self.emit_line_scalar(scalar);
        Ok(())
    }
}
