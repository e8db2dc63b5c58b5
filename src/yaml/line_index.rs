//! Byte offsets of line starts: turning a (line, column) position into a byte offset, once per file.

use crate::yaml::source::Pos;

/// Byte offsets of line starts, built once per file, to turn (line, column) into a byte offset
/// and to cut the few lines a snippet shows without rescanning the file per finding.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    /// The index of `text`.
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        LineIndex { text, starts }
    }

    /// The text of line `line` (0-based), its newline included.
    pub fn line(&self, line: usize) -> &'t str {
        let start = self.starts.get(line).copied().unwrap_or(self.text.len());
        let end = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        self.text.get(start..end).unwrap_or_default()
    }

    /// The line (0-based) holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset).max(1) - 1
    }

    /// The byte offset of `pos` (its column counted in characters).
    pub fn offset(&self, pos: Pos) -> usize {
        let line = (pos.line.max(1) - 1) as usize;
        let Some(&start) = self.starts.get(line) else {
            return self.text.len();
        };
        let line_text = self.line(line);
        let column = (pos.column.max(1) - 1) as usize;
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
        self.starts.len()
    }

    /// The byte offset where line `line` (0-based) starts.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The byte range of a span, kept on the start's line (a snippet shows one line).
    pub fn range(&self, span: crate::yaml::source::Span) -> (usize, usize) {
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
    pub fn byte_range(&self, span: crate::yaml::source::Span) -> (usize, usize) {
        let start = self.offset(span.start);
        (start, self.offset(span.end).max(start))
    }
}
