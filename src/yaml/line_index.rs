//! Line starts of a file, found once: a node's character offsets into lines and columns, and a
//! (line, column) position into a byte offset.

use std::sync::OnceLock;

use crate::yaml::source::{Offsets, Pos, Span};

/// Byte offsets of line starts, built once per file on first use, to turn a node's offsets
/// into lines and columns, (line, column) into a byte offset, and to cut the few lines a
/// snippet shows without rescanning the file per finding. Making one costs nothing until a
/// position is asked for, so a reader can hold one per file and share it (it is `Sync`) with
/// every document and piece read in parallel. An index of a piece of a stream
/// ([`LineIndex::of_piece`]) takes and gives positions and offsets as the stream numbers them;
/// byte offsets and 0-based line numbers are always the indexed text's own.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: OnceLock<Vec<usize>>,
    /// Characters before each line start (a byte order mark not counted), for text that is not
    /// ASCII; ASCII text uses `starts`.
    char_starts: OnceLock<Option<Vec<u32>>>,
    /// Lines and characters of the stream before `text`, for a piece of a stream.
    lines_before: u32,
    chars_before: u32,
}

impl<'t> LineIndex<'t> {
    /// The index of `text` (the line starts are found on first use).
    pub fn new(text: &'t str) -> Self {
        Self::of_piece(text, 0, 0)
    }

    /// The index of a piece of a stream that starts at a line start, after `lines_before`
    /// lines and `chars_before` characters: its positions are the stream's.
    pub fn of_piece(text: &'t str, lines_before: usize, chars_before: usize) -> Self {
        LineIndex {
            text,
            starts: OnceLock::new(),
            char_starts: OnceLock::new(),
            lines_before: u32::try_from(lines_before).unwrap_or(u32::MAX),
            chars_before: u32::try_from(chars_before).unwrap_or(u32::MAX),
        }
    }

    /// The position of a node's character offset ([`Offsets`]): its line and column in the
    /// stream. An offset past the text is on the last line.
    pub fn pos(&self, offset: u32) -> Pos {
        let local = offset.saturating_sub(self.chars_before);
        let (line, line_start) = match self.char_starts.get_or_init(|| self.count_char_starts()) {
            Some(char_starts) => {
                let line = char_starts.partition_point(|&start| start <= local).max(1) - 1;
                (line, char_starts.get(line).copied().unwrap_or(0))
            }
            None => {
                let starts = self.starts();
                let line = starts
                    .partition_point(|&start| start <= local as usize)
                    .max(1)
                    - 1;
                let start = starts.get(line).copied().unwrap_or(0);
                (line, u32::try_from(start).unwrap_or(u32::MAX))
            }
        };
        Pos {
            index: offset,
            line: self
                .lines_before
                .saturating_add(u32::try_from(line).unwrap_or(u32::MAX))
                .saturating_add(1),
            column: local.saturating_sub(line_start).saturating_add(1),
        }
    }

    /// The lines and columns of a node's [`Offsets`].
    pub fn span(&self, at: Offsets) -> Span {
        Span {
            start: self.pos(at.start),
            end: self.pos(at.end),
        }
    }

    /// The character offset of `pos` ([`LineIndex::pos`] turned back; a column past its line
    /// counts on past the line's end).
    pub fn char_offset(&self, pos: Pos) -> u32 {
        let line = pos.line.saturating_sub(self.lines_before).max(1) - 1;
        let line_start = match self.char_starts.get_or_init(|| self.count_char_starts()) {
            Some(char_starts) => char_starts.get(line as usize).copied(),
            None => self
                .starts()
                .get(line as usize)
                .map(|&start| u32::try_from(start).unwrap_or(u32::MAX)),
        };
        let line_start = line_start.unwrap_or_else(|| self.char_count());
        self.chars_before
            .saturating_add(line_start)
            .saturating_add(pos.column.max(1) - 1)
    }

    fn char_count(&self) -> u32 {
        let body = self.text.strip_prefix('\u{feff}').unwrap_or(self.text);
        u32::try_from(body.chars().count()).unwrap_or(u32::MAX)
    }

    /// Characters before each line start, when they are not its byte offsets (text that is not
    /// ASCII, or starts with a byte order mark, which offsets do not count).
    fn count_char_starts(&self) -> Option<Vec<u32>> {
        if self.text.is_ascii() {
            return None;
        }
        let body = self.text.strip_prefix('\u{feff}').unwrap_or(self.text);
        let mut char_starts = Vec::with_capacity(self.starts().len());
        char_starts.push(0);
        let mut chars = 0u32;
        for line in body.split_inclusive('\n') {
            chars = chars.saturating_add(u32::try_from(line.chars().count()).unwrap_or(u32::MAX));
            if line.ends_with('\n') {
                char_starts.push(chars);
            }
        }
        Some(char_starts)
    }

    fn starts(&self) -> &[usize] {
        self.starts.get_or_init(|| {
            // Sized exactly: growing by doubling would hold up to three times the index.
            let bytes = self.text.as_bytes();
            let newlines = memchr::memchr_iter(b'\n', bytes).count();
            let mut starts = Vec::with_capacity(newlines + 1);
            starts.push(0);
            starts.extend(memchr::memchr_iter(b'\n', bytes).map(|at| at + 1));
            starts
        })
    }

    /// The text of line `line` (0-based), its newline included.
    pub fn line(&self, line: usize) -> &'t str {
        let starts = self.starts();
        let start = starts.get(line).copied().unwrap_or(self.text.len());
        let end = starts.get(line + 1).copied().unwrap_or(self.text.len());
        self.text.get(start..end).unwrap_or_default()
    }

    /// The text of line `number` (1-based, as a [`Pos`] counts: the stream's line for a
    /// piece's index), without its line ending (as [`str::lines`] gives it); empty past the
    /// end and, for a piece, before its start.
    pub fn line_text(&self, number: u32) -> &'t str {
        let Some(local) = number.checked_sub(self.lines_before) else {
            return "";
        };
        if local == 0 && self.lines_before > 0 {
            return "";
        }
        let line = self.line(local.saturating_sub(1) as usize);
        match line.strip_suffix('\n') {
            Some(line) => line.strip_suffix('\r').unwrap_or(line),
            None => line,
        }
    }

    /// The line (0-based) holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts()
            .partition_point(|&start| start <= offset)
            .max(1)
            - 1
    }

    /// The byte offset of `pos` (its column counted in characters).
    pub fn offset(&self, pos: Pos) -> usize {
        let line = (pos.line.saturating_sub(self.lines_before).max(1) - 1) as usize;
        let Some(&start) = self.starts().get(line) else {
            return self.text.len();
        };
        let line_text = self.line(line);
        let column = (pos.column.max(1) - 1) as usize;
        // Past ASCII alone, the column's character starts `column` bytes in.
        if column < line_text.len()
            && line_text
                .as_bytes()
                .get(..column)
                .is_some_and(<[u8]>::is_ascii)
        {
            return start + column;
        }
        start
            + line_text
                .char_indices()
                .nth(column)
                .map_or(line_text.trim_end_matches('\n').len(), |(at, _)| at)
    }

    /// The text indexed.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// How many lines there are (a final line without a newline counts).
    pub fn line_count(&self) -> usize {
        self.starts().len()
    }

    /// The byte offset where line `line` (0-based) starts.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts().get(line).copied()
    }

    /// The byte range of a span, kept on the start's line (a snippet shows one line).
    pub fn range(&self, span: Span) -> (usize, usize) {
        let start = self.offset(span.start);
        let line_end = self
            .text
            .get(start..)
            .and_then(|rest| rest.find('\n'))
            .map_or(self.text.len(), |at| start + at);
        let end = if span.end.line == span.start.line {
            self.offset(span.end).min(line_end)
        } else {
            line_end
        };
        (start, end.max(start))
    }

    /// The byte range of a span, across lines.
    pub fn byte_range(&self, span: Span) -> (usize, usize) {
        let start = self.offset(span.start);
        (start, self.offset(span.end).max(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece's index answers by the stream's line numbers: nothing before the piece or past
    /// it.
    #[test]
    fn a_pieces_lines_are_numbered_as_in_the_stream() {
        let index = LineIndex::of_piece("a: 1\nb: 2\n", 10, 80);
        let lines: Vec<&str> = (9..=13).map(|n| index.line_text(n)).collect();
        assert_eq!(lines, ["", "", "a: 1", "b: 2", ""]);
        assert_eq!(index.pos(85).line, 12);
        let second = Pos {
            index: 85,
            line: 12,
            column: 1,
        };
        assert_eq!(index.offset(second), 5, "the byte of `b`");
    }

    /// Every character offset of a text (ASCII, multi-byte, a byte order mark, CRLF, a piece
    /// of a longer stream) turns into the line and column of that character, and back.
    #[test]
    fn offsets_turn_into_lines_and_columns_and_back() {
        for (text, lines_before, chars_before) in [
            ("a: 1\nbb: [x, y]\n\nc: d", 0, 0),
            ("é: ü\n  漢字: 😀z\r\nlast é", 0, 0),
            ("\u{feff}a: é\nb: 2\n", 0, 0),
            ("spec:\n  é: 1\n", 7, 120),
        ] {
            let index = LineIndex::of_piece(text, lines_before, chars_before);
            let body = text.strip_prefix('\u{feff}').unwrap_or(text);
            let (mut line, mut column) = (lines_before as u32 + 1, 1);
            for (offset, ch) in body.chars().enumerate() {
                let offset = offset as u32 + chars_before as u32;
                let pos = index.pos(offset);
                assert_eq!(
                    (pos.line, pos.column, pos.index),
                    (line, column, offset),
                    "{text:?}"
                );
                assert_eq!(index.char_offset(pos), offset, "{text:?} {pos:?}");
                if ch == '\n' {
                    (line, column) = (line + 1, 1);
                } else {
                    column += 1;
                }
            }
        }
    }

    #[test]
    fn line_text_drops_the_line_ending_as_str_lines_does() {
        let text = "a: 1\r\nb: 2\n\nlast\r";
        let index = LineIndex::new(text);
        let lines: Vec<&str> = (1..=5).map(|n| index.line_text(n)).collect();
        assert_eq!(lines, ["a: 1", "b: 2", "", "last\r", ""]);
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            lines[..4],
            "the same lines as `str::lines`"
        );
        assert_eq!(index.line_text(0), "a: 1", "line 0 reads as line 1");
    }

    #[test]
    fn positions_far_into_the_text_map_to_their_bytes() {
        let text = (0..1000)
            .map(|n| format!("k{n}: é{n}\n"))
            .collect::<Vec<_>>()
            .concat();
        let index = LineIndex::new(&text);
        let pos = Pos {
            index: 0,
            line: 777,
            column: 8,
        };
        let at = index.offset(pos);
        assert_eq!(text.get(at..at + 3), Some("776"), "after `k776: é`");
        assert_eq!(index.line_of(at), 776);
        assert_eq!(index.line_count(), 1001);
    }

    /// Every column of every line, on and past its end, with characters of one to four bytes
    /// before and after it: the byte offset is that of the column's character, else the end
    /// of the line before its newline.
    #[test]
    fn a_column_is_counted_in_characters() {
        let text = "ab: c\né: x\n  漢字: 😀z\n\nplain\nlast é";
        let index = LineIndex::new(text);
        for (number, line) in text.split_inclusive('\n').enumerate() {
            let start = index.line_start(number).expect("a line");
            for column in 1..=line.chars().count() as u32 + 3 {
                let expected = line
                    .char_indices()
                    .nth(column as usize - 1)
                    .map_or(line.trim_end_matches('\n').len(), |(at, _)| at);
                let pos = Pos {
                    index: 0,
                    line: number as u32 + 1,
                    column,
                };
                assert_eq!(index.offset(pos), start + expected, "{line:?} {column}");
            }
        }
    }
}
