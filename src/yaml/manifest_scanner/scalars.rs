//! Scalars on one line (plain, single- and double-quoted) and block scalars (`|`, `>`), read
//! the way saphyr-parser reads them: the same value, the same span.

use std::borrow::Cow;

use saphyr_parser::{Event, ScalarStyle, Span};

use super::{Declined, EventSink, ManifestScanner, Next, Scan};

/// Why a plain scalar ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// At a `:` followed by a blank or the line's end: it was a key.
    Colon,
    /// At the line's end, or blanks and a comment.
    LineEnd,
    /// At a flow indicator (`,`, `]`, `}`), blanks before it skipped.
    Flow,
}

/// A scalar read on one line: its value, style, and span in bytes of the line.
pub(super) struct LineScalar<'a> {
    pub value: Cow<'a, str>,
    pub style: ScalarStyle,
    pub start: usize,
    /// Where saphyr-parser ends its span: past the last character of a plain scalar; past the
    /// closing quote and the blanks (and comment) after it for a quoted one.
    pub end: usize,
    /// The byte after the scalar and what the parser skipped after it.
    pub after: usize,
    pub stop: Stop,
}

/// Bytes that end a run of plain scalar characters in a block: blanks, `:`, and anything but
/// printable ASCII (line breaks included).
const BLOCK_STOPS: [bool; 256] = stops(b"");
/// The same in a flow collection, and the flow indicators.
const FLOW_STOPS: [bool; 256] = stops(b",[]{}");

/// Bytes that end a run of a double-quoted scalar's characters: the quote, `\\`, and anything
/// but printable ASCII.
const DOUBLE_QUOTED_STOPS: [bool; 256] = quoted_stops(b'"', b'\\');
/// The same in a single-quoted scalar (no escapes).
const SINGLE_QUOTED_STOPS: [bool; 256] = quoted_stops(b'\'', b'\'');

#[allow(clippy::indexing_slicing)] // Every index is below 256, the table's length.
const fn quoted_stops(quote: u8, escape: u8) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b >= 0x7f || b == quote as usize || b == escape as usize;
        b += 1;
    }
    table
}

#[allow(clippy::indexing_slicing)] // Every index is below 256, the table's length.
const fn stops(extra: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b >= 0x7f || b == b' ' as usize || b == b':' as usize;
        b += 1;
    }
    let mut i = 0;
    while i < extra.len() {
        table[extra[i] as usize] = true;
        i += 1;
    }
    table
}

/// The first byte from `at` that `stops` holds, or the end.
fn run_end(bytes: &[u8], at: usize, stops: &[bool; 256]) -> usize {
    let rest = bytes.get(at..).unwrap_or_default();
    at + rest
        .iter()
        .position(|&b| stops.get(usize::from(b)).copied().unwrap_or(true))
        .unwrap_or(rest.len())
}

/// [`run_end`] with [`BLOCK_STOPS`], eight bytes at a time: a byte below `!` (blanks, breaks,
/// controls), `:`, DEL or above. The lowest byte each test flags is a true match (a false one
/// only ever sits above a true one), so the lowest of them all is the first stop.
fn block_run_end(bytes: &[u8], at: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let rest = bytes.get(at..).unwrap_or_default();
    let mut chunks = rest.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let below = x.wrapping_sub(ONES * 0x21) & !x & HIGHS;
        let colon = {
            let y = x ^ (ONES * u64::from(b':'));
            y.wrapping_sub(ONES) & !y & HIGHS
        };
        let delete = {
            let y = x ^ (ONES * 0x7f);
            y.wrapping_sub(ONES) & !y & HIGHS
        };
        let found = below | colon | delete | (x & HIGHS);
        if found != 0 {
            let byte = usize::try_from(found.trailing_zeros() / 8).unwrap_or(0);
            return at + offset + byte;
        }
        offset += 8;
    }
    run_end(bytes, at + offset, &BLOCK_STOPS)
}

fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

fn flow_indicator(b: u8) -> bool {
    matches!(b, b',' | b'[' | b']' | b'{' | b'}')
}

impl<'a, S: EventSink<'a>> ManifestScanner<'a, '_, S> {
    /// Whether a plain scalar may start at the scanner's position (in a flow collection when
    /// `in_flow`); what can start anything else, or starts a plain scalar only in corner cases,
    /// is declined by the callers.
    fn plain_can_start(&self, in_flow: bool) -> bool {
        let Some(first) = self.peek() else {
            return false;
        };
        let blank_after = matches!(self.peek_at(1), None | Some(b' ' | b'\n'));
        match first {
            b'-' => !(blank_after || in_flow && self.peek_at(1).is_some_and(flow_indicator)),
            b'?' | b':' => !blank_after && !in_flow,
            b'[' | b']' | b'{' | b'}' | b',' | b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\''
            | b'"' | b'%' | b'@' | b'`' => false,
            b => b > b' ' && b < 0x7f,
        }
    }

    /// A scalar on one line at the scanner's position, without moving: plain or quoted, in a
    /// block (`in_flow` false) or a flow collection.
    pub(super) fn line_scalar(&self, in_flow: bool) -> Scan<LineScalar<'a>> {
        match self.peek() {
            Some(quote @ (b'\'' | b'"')) => self.quoted(quote, in_flow),
            _ if self.plain_can_start(in_flow) => self.plain(in_flow),
            _ => Err(Declined),
        }
    }

    fn plain(&self, in_flow: bool) -> Scan<LineScalar<'a>> {
        let bytes = self.bytes;
        let start = self.pos;
        let stops = if in_flow { &FLOW_STOPS } else { &BLOCK_STOPS };
        let mut at = start + 1;
        let stop = loop {
            // Most of a scalar is characters that cannot end it.
            at = if in_flow {
                run_end(bytes, at, stops)
            } else {
                block_run_end(bytes, at)
            };
            let Some(&b) = bytes.get(at) else {
                break Stop::LineEnd;
            };
            match b {
                b'\n' => break Stop::LineEnd,
                b' ' => {
                    let mut next = at + 1;
                    while bytes.get(next) == Some(&b' ') {
                        next += 1;
                    }
                    match bytes.get(next) {
                        None | Some(b'\n') if !in_flow => break Stop::LineEnd,
                        Some(b'#') if !in_flow => break Stop::LineEnd,
                        Some(&c) if in_flow && flow_indicator(c) => break Stop::Flow,
                        // In a flow collection the parser refuses `-` before an indicator
                        // after blanks.
                        Some(b'-')
                            if in_flow
                                && bytes.get(next + 1).is_some_and(|&d| flow_indicator(d)) =>
                        {
                            return Err(Declined);
                        }
                        Some(&c) if printable(c) && c != b':' && c != b'#' => at = next,
                        _ => return Err(Declined),
                    }
                }
                b':' => match bytes.get(at + 1) {
                    None | Some(b' ' | b'\n') => break Stop::Colon,
                    Some(&c) if in_flow && flow_indicator(c) => return Err(Declined),
                    Some(_) => at += 1,
                },
                b if in_flow && flow_indicator(b) => break Stop::Flow,
                _ => return Err(Declined),
            }
        };
        if stop == Stop::Colon && at - start > super::MAX_KEY_CHARS {
            return Err(Declined);
        }
        Ok(LineScalar {
            value: Cow::Borrowed(self.slice(start, at)),
            style: ScalarStyle::Plain,
            start,
            end: at,
            after: at,
            stop,
        })
    }

    fn quoted(&self, quote: u8, in_flow: bool) -> Scan<LineScalar<'a>> {
        let bytes = self.bytes;
        let start = self.pos;
        let mut at = start + 1;
        let mut owned: Option<String> = None;
        let mut run_start = at;
        let stops = if quote == b'"' {
            &DOUBLE_QUOTED_STOPS
        } else {
            &SINGLE_QUOTED_STOPS
        };
        loop {
            at += bytes
                .get(at..)
                .unwrap_or_default()
                .iter()
                .position(|&b| stops.get(usize::from(b)).copied().unwrap_or(true))
                .ok_or(Declined)?;
            let b = *bytes.get(at).ok_or(Declined)?;
            if !printable(b) {
                return Err(Declined);
            }
            if b == quote {
                if quote == b'\'' && bytes.get(at + 1) == Some(&b'\'') {
                    let value = owned.get_or_insert_with(String::new);
                    value.push_str(self.slice(run_start, at + 1));
                    at += 2;
                    run_start = at;
                    continue;
                }
                break;
            }
            if b == b'\\' && quote == b'"' {
                let value = owned.get_or_insert_with(String::new);
                value.push_str(self.slice(run_start, at));
                at = unescape(bytes, at, value)?;
                run_start = at;
                continue;
            }
            at += 1;
        }
        let value = match owned {
            None => Cow::Borrowed(self.slice(start + 1, at)),
            Some(mut value) => {
                value.push_str(self.slice(run_start, at));
                value.shrink_to_fit();
                Cow::Owned(value)
            }
        };
        // The parser's span takes the blanks after the closing quote, and a comment after them.
        let after_quote = at + 1;
        let mut end = after_quote;
        while bytes.get(end) == Some(&b' ') {
            end += 1;
        }
        let stop = match bytes.get(end) {
            None | Some(b'\n') => Stop::LineEnd,
            Some(b'#') if end > after_quote && !in_flow => {
                let line = bytes.get(end..).unwrap_or_default();
                end += memchr::memchr(b'\n', line).unwrap_or(line.len());
                Stop::LineEnd
            }
            Some(b':') if end == after_quote => match bytes.get(end + 1) {
                None | Some(b' ' | b'\n') => Stop::Colon,
                _ => return Err(Declined),
            },
            Some(&c) if in_flow && matches!(c, b',' | b']' | b'}') => Stop::Flow,
            _ => return Err(Declined),
        };
        if stop == Stop::Colon && at - start > super::MAX_KEY_CHARS {
            return Err(Declined);
        }
        Ok(LineScalar {
            value,
            style: if quote == b'"' {
                ScalarStyle::DoubleQuoted
            } else {
                ScalarStyle::SingleQuoted
            },
            start,
            end,
            after: end,
            stop,
        })
    }

    /// Gives a scalar read on the current line and moves past it.
    pub(super) fn emit_line_scalar(&mut self, scalar: LineScalar<'a>) {
        let span = self.span(scalar.start, scalar.end);
        self.emit(Event::Scalar(scalar.value, scalar.style, 0, None), span);
        self.pos = scalar.after;
    }

    /// A block scalar whose `|` or `>` the scanner is at, in a block collection at column
    /// `parent` (the parser's indentation): reads it to the first line indented less, gives
    /// it, and returns what follows.
    pub(super) fn block_scalar(&mut self, parent: usize) -> Scan<Next> {
        let literal = self.peek() == Some(b'|');
        self.pos += 1;
        let mut keep = false;
        let mut strip = false;
        let mut increment = 0;
        for _ in 0..2 {
            match self.peek() {
                Some(b'+') if !keep && !strip => keep = true,
                Some(b'-') if !keep && !strip => strip = true,
                Some(digit @ b'1'..=b'9') if increment == 0 => {
                    increment = usize::from(digit - b'0');
                }
                _ => break,
            }
            self.pos += 1;
        }
        match self.peek() {
            Some(b' ') => self.rest_of_line(true)?,
            Some(b'\n') => self.newline(),
            _ => return Err(Declined),
        }
        let mut breaks = String::new();
        let indent = if increment > 0 {
            self.block_indent(parent + increment, &mut breaks)?;
            parent + increment
        } else {
            let mut widest = 0;
            loop {
                self.skip_spaces();
                widest = widest.max(self.column());
                if self.peek() == Some(b'\n') {
                    breaks.push('\n');
                    self.newline();
                } else {
                    break;
                }
            }
            widest.max(parent + 1)
        };
        if self.peek().is_none() {
            // Nothing after the header but blank lines: the span would start at the header.
            return Err(Declined);
        }
        if self.column() < indent && self.column() > parent {
            return Err(Declined);
        }
        let start = self.here();
        let mut value = String::new();
        let mut leading_break = String::new();
        let mut leading_blank = false;
        while self.column() == indent && self.peek().is_some_and(|b| b != b'\n') {
            let trailing_blank = self.peek() == Some(b' ');
            if !literal && !leading_break.is_empty() && !leading_blank && !trailing_blank {
                value.push_str(&breaks);
                if breaks.is_empty() {
                    value.push(' ');
                }
            } else {
                value.push_str(&leading_break);
                value.push_str(&breaks);
            }
            leading_break.clear();
            breaks.clear();
            leading_blank = trailing_blank;
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            let length = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let line = rest.get(..length).unwrap_or_default();
            if !line.iter().all(|&b| printable(b)) {
                return Err(Declined);
            }
            value.push_str(self.slice(self.pos, self.pos + length));
            self.pos += length;
            if self.peek() != Some(b'\n') {
                break;
            }
            leading_break.push('\n');
            self.newline();
            self.block_indent(indent, &mut breaks)?;
        }
        if !strip {
            value.push_str(&leading_break);
            if self.peek().is_none() && self.column() >= indent.max(1) {
                value.push('\n');
            }
        }
        if keep {
            value.push_str(&breaks);
        }
        let end = self.here();
        value.shrink_to_fit();
        let style = if literal {
            ScalarStyle::Literal
        } else {
            ScalarStyle::Folded
        };
        self.emit(
            Event::Scalar(Cow::Owned(value), style, 0, None),
            Span::new(start, end),
        );
        self.next_content_mid_line()
    }

    /// Past the indentation (up to `indent` columns) of a block scalar's lines and the empty
    /// lines among them, each empty line a break in `breaks`.
    fn block_indent(&mut self, indent: usize, breaks: &mut String) -> Scan<()> {
        loop {
            while self.column() < indent && self.peek() == Some(b' ') {
                self.pos += 1;
            }
            match self.peek() {
                Some(b'\n') => {
                    breaks.push('\n');
                    self.newline();
                }
                Some(b) if printable(b) => return Ok(()),
                None => return Ok(()),
                Some(_) => return Err(Declined),
            }
        }
    }
}

/// Reads the escape at `at` (a `\\`) of a double-quoted scalar into `value`; the byte after
/// it. An escape YAML has not, or a line break escaped, is declined.
pub(super) fn unescape(bytes: &[u8], at: usize, value: &mut String) -> Scan<usize> {
    let letter = *bytes.get(at + 1).ok_or(Declined)?;
    let simple = match letter {
        b'0' => '\0',
        b'a' => '\x07',
        b'b' => '\x08',
        b't' => '\t',
        b'n' => '\n',
        b'v' => '\x0b',
        b'f' => '\x0c',
        b'r' => '\r',
        b'e' => '\x1b',
        b' ' => ' ',
        b'"' => '"',
        b'/' => '/',
        b'\\' => '\\',
        b'N' => '\u{85}',
        b'_' => '\u{a0}',
        b'L' => '\u{2028}',
        b'P' => '\u{2029}',
        b'x' | b'u' | b'U' => {
            let length = match letter {
                b'x' => 2,
                b'u' => 4,
                _ => 8,
            };
            let digits = bytes.get(at + 2..at + 2 + length).ok_or(Declined)?;
            let mut code = 0u32;
            for &digit in digits {
                let nibble = char::from(digit).to_digit(16).ok_or(Declined)?;
                code = (code << 4) | nibble;
            }
            value.push(char::from_u32(code).ok_or(Declined)?);
            return Ok(at + 2 + length);
        }
        _ => return Err(Declined),
    };
    value.push(simple);
    Ok(at + 2)
}

#[cfg(test)]
pub(super) fn block_run_end_for_tests(bytes: &[u8], at: usize) -> usize {
    block_run_end(bytes, at)
}

#[cfg(test)]
pub(super) fn run_end_for_tests(bytes: &[u8], at: usize) -> usize {
    run_end(bytes, at, &BLOCK_STOPS)
}
