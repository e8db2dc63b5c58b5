//! The line starts of an open document, kept current edit by edit: a burst of edits (a
//! "replace all", thousands of keystrokes) costs each edit the lines after it, never a scan of
//! the whole text.

use lsp_types::Position;

use super::documents::Encoding;

/// Byte offsets where each line of a text starts (the first is 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineStarts {
    starts: Vec<usize>,
}

impl LineStarts {
    /// The line starts of `text`.
    pub fn of(text: &str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
        LineStarts { starts }
    }

    /// The byte offset of an LSP position in `text` (which these are the line starts of),
    /// clamped to the line's end and the text's.
    pub fn offset(&self, text: &str, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return text.len();
        };
        let end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let content = text.get(start..end).unwrap_or_default();
        let content = content.strip_suffix('\n').unwrap_or(content);
        let wanted = position.character as usize;
        let mut units = 0usize;
        for (at, character) in content.char_indices() {
            if units >= wanted {
                return start + at;
            }
            units += match encoding {
                Encoding::Utf16 => character.len_utf16(),
                Encoding::Utf8 => character.len_utf8(),
            };
        }
        start + content.len()
    }

    /// Follows the replacement of bytes `start..end` of the text by `inserted`: the line
    /// starts inside the replaced bytes go, those of `inserted` come, those after move.
    pub fn replaced(&mut self, start: usize, end: usize, inserted: &str) {
        let first = self.starts.partition_point(|&line| line <= start);
        let past = self.starts.partition_point(|&line| line <= end);
        let new: Vec<usize> = memchr::memchr_iter(b'\n', inserted.as_bytes())
            .map(|at| start + at + 1)
            .collect();
        let added = new.len();
        self.starts.splice(first..past, new);
        let removed = end - start;
        for line in self.starts.iter_mut().skip(first + added) {
            *line = *line + inserted.len() - removed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// After any sequence of replacements, the kept starts are the starts of the text.
        #[test]
        fn kept_starts_are_the_texts_starts(
            text in "[a-c\n]{0,40}",
            edits in proptest::collection::vec((0usize..60, 0usize..60, "[a-c\n]{0,8}"), 0..12),
        ) {
            let mut text = text;
            let mut starts = LineStarts::of(&text);
            for (a, b, inserted) in edits {
                let start = a.min(text.len());
                let end = b.min(text.len()).max(start);
                text.replace_range(start..end, &inserted);
                starts.replaced(start, end, &inserted);
                prop_assert_eq!(&starts, &LineStarts::of(&text));
            }
        }
    }
}
