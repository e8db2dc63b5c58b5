//! An open document's text and line starts, kept current edit by edit: both are gap buffers
//! whose gap sits at the last edit, so a burst of edits (a "replace all", thousands of
//! keystrokes) costs the distance between consecutive edits, never a copy or a scan of the
//! whole text per edit. The text is put together only when it is checked.

use lsp_types::Position;

use super::documents::Encoding;

/// The text, with a gap at the last edit.
#[derive(Debug, Clone)]
pub struct GapText {
    bytes: Vec<u8>,
    gap: std::ops::Range<usize>,
    /// Line starts: before `line_gap.start`, byte offsets; from `line_gap.end`, distances from
    /// the text's end (which an edit before them does not change).
    lines: Vec<usize>,
    line_gap: std::ops::Range<usize>,
}

impl GapText {
    /// The text `text`, its gap at its end.
    pub fn new(text: String) -> Self {
        let mut lines = Vec::with_capacity(text.len() / 32 + 1);
        lines.push(0);
        lines.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
        let line_count = lines.len();
        let bytes = text.into_bytes();
        let end = bytes.len();
        GapText {
            bytes,
            gap: end..end,
            lines,
            line_gap: line_count..line_count,
        }
    }

    /// The text's length in bytes.
    fn len(&self) -> usize {
        self.bytes.len() - self.gap.len()
    }

    /// The number of lines (a text ending in a newline has an empty last line).
    #[cfg(test)]
    fn line_count(&self) -> usize {
        self.lines.len() - self.line_gap.len()
    }

    /// Where line `line` (0-based) starts.
    fn line_start(&self, line: usize) -> Option<usize> {
        if line < self.line_gap.start {
            self.lines.get(line).copied()
        } else {
            let from_end = *self.lines.get(line + self.line_gap.len())?;
            Some(self.len() - from_end)
        }
    }

    /// How many lines start at or before `offset`.
    fn lines_up_to(&self, offset: usize) -> usize {
        let before = self.lines.get(..self.line_gap.start).unwrap_or_default();
        let counted = before.partition_point(|&start| start <= offset);
        if counted < before.len() {
            return counted;
        }
        let len = self.len();
        let after = self.lines.get(self.line_gap.end..).unwrap_or_default();
        counted + after.partition_point(|&from_end| len - from_end <= offset)
    }

    /// The bytes `range` of the text (a copy only when they straddle the gap).
    fn slice(&self, range: std::ops::Range<usize>) -> std::borrow::Cow<'_, [u8]> {
        let (gap_start, gap_len) = (self.gap.start, self.gap.len());
        if range.end <= gap_start {
            std::borrow::Cow::Borrowed(self.bytes.get(range).unwrap_or_default())
        } else if range.start >= gap_start {
            let shifted = range.start + gap_len..range.end + gap_len;
            std::borrow::Cow::Borrowed(self.bytes.get(shifted).unwrap_or_default())
        } else {
            let mut joined = self
                .bytes
                .get(range.start..gap_start)
                .unwrap_or_default()
                .to_vec();
            joined.extend_from_slice(
                self.bytes
                    .get(self.gap.end..range.end + gap_len)
                    .unwrap_or_default(),
            );
            std::borrow::Cow::Owned(joined)
        }
    }

    /// The whole text.
    pub fn text(&self) -> String {
        let mut joined = Vec::with_capacity(self.len());
        joined.extend_from_slice(self.bytes.get(..self.gap.start).unwrap_or_default());
        joined.extend_from_slice(self.bytes.get(self.gap.end..).unwrap_or_default());
        // Every edit replaces whole characters with text, so the bytes are UTF-8.
        String::from_utf8(joined)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
    }

    /// The byte offset of an LSP position, clamped to the line's end and the text's.
    pub fn offset(&self, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        let Some(start) = self.line_start(line) else {
            return self.len();
        };
        let end = self.line_start(line + 1).unwrap_or(self.len());
        let bytes = self.slice(start..end);
        let content = std::str::from_utf8(&bytes).unwrap_or_default();
        start + super::documents::column_offset(content, position.character, encoding)
    }

    /// Replaces bytes `start..end` (character boundaries, `start <= end <= len`) with
    /// `inserted`.
    pub fn replace(&mut self, start: usize, end: usize, inserted: &str) {
        // The line starts first: those inside the replaced bytes go, those of `inserted` come.
        let first = self.lines_up_to(start);
        let past = self.lines_up_to(end);
        self.move_line_gap(first);
        self.line_gap.end += past - first;
        let new_len = self.len() - (end - start) + inserted.len();
        let new_lines: Vec<usize> = memchr::memchr_iter(b'\n', inserted.as_bytes())
            .map(|at| start + at + 1)
            .collect();
        if self.line_gap.len() < new_lines.len() {
            let grow = new_lines.len().max(self.lines.len() / 8 + 16);
            let at = self.line_gap.end;
            self.lines.splice(at..at, std::iter::repeat_n(0, grow));
            self.line_gap.end += grow;
        }
        for line in new_lines {
            if let Some(slot) = self.lines.get_mut(self.line_gap.start) {
                *slot = line;
            }
            self.line_gap.start += 1;
        }
        // Then the bytes.
        self.move_gap(start);
        self.gap.end += end - start;
        if self.gap.len() < inserted.len() {
            let grow = inserted.len().max(self.bytes.len() / 8 + 64);
            let at = self.gap.end;
            self.bytes.splice(at..at, std::iter::repeat_n(0, grow));
            self.gap.end += grow;
        }
        if let Some(slot) = self.bytes.get_mut(start..start + inserted.len()) {
            slot.copy_from_slice(inserted.as_bytes());
        }
        self.gap.start += inserted.len();
        debug_assert_eq!(self.len(), new_len);
    }

    /// Moves the text's gap to offset `to`.
    fn move_gap(&mut self, to: usize) {
        let gap_len = self.gap.len();
        if to < self.gap.start {
            let moved = self.gap.start - to;
            self.bytes
                .copy_within(to..self.gap.start, self.gap.end - moved);
        } else if to > self.gap.start {
            let moved = to - self.gap.start;
            self.bytes
                .copy_within(self.gap.end..self.gap.end + moved, self.gap.start);
        }
        self.gap = to..to + gap_len;
    }

    /// Moves the line starts' gap to before line `to`, converting the entries it passes.
    fn move_line_gap(&mut self, to: usize) {
        let len = self.len();
        while self.line_gap.start > to {
            self.line_gap.start -= 1;
            self.line_gap.end -= 1;
            let absolute = self.lines.get(self.line_gap.start).copied().unwrap_or(0);
            if let Some(slot) = self.lines.get_mut(self.line_gap.end) {
                *slot = len - absolute;
            }
        }
        while self.line_gap.start < to && self.line_gap.end < self.lines.len() {
            let from_end = self.lines.get(self.line_gap.end).copied().unwrap_or(0);
            if let Some(slot) = self.lines.get_mut(self.line_gap.start) {
                *slot = len - from_end;
            }
            self.line_gap.start += 1;
            self.line_gap.end += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn starts(text: &GapText) -> Vec<usize> {
        (0..text.line_count())
            .filter_map(|line| text.line_start(line))
            .collect()
    }

    proptest! {
        /// After any sequence of replacements, the text and its line starts are those of the
        /// same replacements made on a `String`.
        #[test]
        fn a_gap_text_is_the_string_it_stands_for(
            text in "[a-cé\n]{0,40}",
            edits in proptest::collection::vec((0usize..60, 0usize..60, "[a-cé\n]{0,8}"), 0..16),
        ) {
            let mut plain = text.clone();
            let mut gapped = GapText::new(text);
            for (a, b, inserted) in edits {
                let mut start = a.min(plain.len());
                while !plain.is_char_boundary(start) { start -= 1; }
                let mut end = b.min(plain.len()).max(start);
                while !plain.is_char_boundary(end) { end -= 1; }
                plain.replace_range(start..end, &inserted);
                gapped.replace(start, end, &inserted);
                prop_assert_eq!(gapped.text(), plain.clone());
                let expected: Vec<usize> = std::iter::once(0)
                    .chain(plain.match_indices('\n').map(|(at, _)| at + 1))
                    .collect();
                prop_assert_eq!(starts(&gapped), expected);
            }
        }
    }
}
