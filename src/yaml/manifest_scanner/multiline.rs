//! Plain and quoted scalars that go on over more lines, folded as saphyr-parser folds them:
//! one line break reads as a space, each empty line after it as a line break.

use std::borrow::Cow;

use saphyr_parser::{Event, ScalarStyle, Span};

use super::scalars::{LineScalar, Stop, unescape};
use super::{Declined, EventSink, ManifestScanner, Next, Scan};

/// What may not start a plain scalar's continuation line here: indicators, which the parser
/// reads as text there but which the scanner leaves to it.
fn continuation_starts(b: u8) -> bool {
    (0x21..0x7f).contains(&b)
        && !matches!(
            b,
            b'[' | b']'
                | b'{'
                | b'}'
                | b','
                | b'#'
                | b'&'
                | b'*'
                | b'!'
                | b'|'
                | b'>'
                | b'\''
                | b'"'
                | b'%'
                | b'@'
                | b'`'
                | b'-'
                | b'?'
                | b':'
        )
}

impl<'a, S: EventSink<'a>> ManifestScanner<'a, '_, S> {
    /// A plain scalar whose first line is `first` (its rest blank), continued on the lines
    /// below indented deeper than `parent`; gives it and returns what follows.
    pub(super) fn plain_lines(&mut self, first: LineScalar<'a>, parent: usize) -> Scan<Next> {
        let start = self.marker(first.start);
        let mut end = self.marker(first.end);
        let mut value = first.value.into_owned();
        self.pos = first.end;
        loop {
            self.skip_spaces();
            match self.peek() {
                None => break,
                Some(b'\n') => self.newline(),
                _ => return Err(Declined),
            }
            let mut breaks = 0;
            loop {
                self.skip_spaces();
                if self.peek() != Some(b'\n') {
                    break;
                }
                breaks += 1;
                self.newline();
            }
            match self.peek() {
                Some(b) if self.column() > parent && continuation_starts(b) => {}
                // The end of the text, a line indented no deeper, or a comment ends it.
                None | Some(b'#') => break,
                Some(_) if self.column() <= parent => break,
                Some(_) => return Err(Declined),
            }
            let line = self.line_scalar(false)?;
            if line.stop != Stop::LineEnd {
                return Err(Declined);
            }
            let rest = self.bytes.get(line.end..).unwrap_or_default();
            let blanks = rest.iter().take_while(|&&b| b == b' ').count();
            if !matches!(rest.get(blanks), None | Some(b'\n')) {
                // A comment after a continuation line.
                return Err(Declined);
            }
            if breaks == 0 {
                value.push(' ');
            } else {
                value.extend(std::iter::repeat_n('\n', breaks));
            }
            value.push_str(&line.value);
            end = self.marker(line.end);
            self.pos = line.end;
        }
        value.shrink_to_fit();
        self.emit(
            Event::Scalar(Cow::Owned(value), ScalarStyle::Plain, 0, None),
            Span::new(start, end),
        );
        self.next_content_mid_line()
    }

    /// A quoted scalar over several lines, at the scanner's quote, a value in a block
    /// collection at `parent`: continuation lines indented deeper than `parent`. Gives it and
    /// returns what follows.
    pub(super) fn quoted_lines(&mut self, parent: usize) -> Scan<Next> {
        let quote = self.peek().ok_or(Declined)?;
        let single = quote == b'\'';
        let start = self.here();
        self.pos += 1;
        let mut value = String::new();
        let mut leading_break = String::new();
        let mut trailing_breaks = String::new();
        let mut whitespaces = String::new();
        loop {
            let mut leading_blanks = false;
            loop {
                match self.peek() {
                    None => return Err(Declined),
                    Some(b' ' | b'\n') => break,
                    Some(b'\'') if single && self.peek_at(1) == Some(b'\'') => {
                        value.push('\'');
                        self.pos += 2;
                    }
                    Some(b) if b == quote => break,
                    Some(b'\\') if !single && self.peek_at(1) == Some(b'\n') => {
                        self.pos += 1;
                        self.newline();
                        leading_blanks = true;
                        break;
                    }
                    Some(b'\\') if !single => {
                        self.pos = unescape(self.bytes, self.pos, &mut value)?;
                    }
                    Some(b) if (0x21..0x7f).contains(&b) => {
                        value.push(char::from(b));
                        self.pos += 1;
                    }
                    Some(_) => return Err(Declined),
                }
            }
            if self.peek() == Some(quote) {
                break;
            }
            loop {
                match self.peek() {
                    Some(b' ') => {
                        if !leading_blanks {
                            whitespaces.push(' ');
                        }
                        self.pos += 1;
                    }
                    Some(b'\n') => {
                        if leading_blanks {
                            trailing_breaks.push('\n');
                        } else {
                            whitespaces.clear();
                            leading_break.push('\n');
                            leading_blanks = true;
                        }
                        self.newline();
                    }
                    _ => break,
                }
            }
            if leading_blanks {
                if leading_break.is_empty() {
                    value.push_str(&trailing_breaks);
                } else if trailing_breaks.is_empty() {
                    value.push(' ');
                } else {
                    value.push_str(&trailing_breaks);
                }
                trailing_breaks.clear();
                leading_break.clear();
            } else {
                value.push_str(&whitespaces);
                whitespaces.clear();
            }
            if self.column() <= parent {
                // A line indented no deeper than the collection (or a document marker): the
                // parser refuses it, or reads it only where the scanner declines.
                return Err(Declined);
            }
        }
        let end = self.past_closing_quote()?;
        value.shrink_to_fit();
        let style = if single {
            ScalarStyle::SingleQuoted
        } else {
            ScalarStyle::DoubleQuoted
        };
        self.emit(
            Event::Scalar(Cow::Owned(value), style, 0, None),
            Span::new(start, end),
        );
        self.rest_of_line(false)?;
        self.next_content()
    }

    /// Moves past a closing quote, the blanks and a comment after it, to the line's end: where
    /// the parser ends the scalar's span.
    fn past_closing_quote(&mut self) -> Scan<saphyr_parser::Marker> {
        self.pos += 1;
        let after_quote = self.pos;
        self.skip_spaces();
        if self.peek() == Some(b'#') {
            if self.pos == after_quote {
                return Err(Declined);
            }
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            self.pos += memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        }
        if !matches!(self.peek(), None | Some(b'\n')) {
            return Err(Declined);
        }
        Ok(self.here())
    }
}
