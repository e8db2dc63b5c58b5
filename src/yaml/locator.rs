//! Turning the parser's positions into positions in the user's file, for a segment that starts
//! part-way through the file and for text the lenient re-read padded with spaces.

use saphyr_parser::Marker;

use crate::yaml::source::Pos;

/// Where a segment sits in the file and which of its lines were padded.
#[derive(Debug, Clone, Default)]
pub struct Locator {
    /// Lines before the segment.
    lines_before: u32,
    /// Characters before the segment.
    chars_before: u32,
    /// Padded lines of the segment, ascending: (line in the segment, spaces added at its start,
    /// spaces added on earlier lines).
    pads: Vec<(u32, u32, u32)>,
    /// Characters of the segment's first line before it (a JSON value after another on a line).
    first_line_columns: u32,
}

impl Locator {
    /// A segment starting at a line start, after `lines_before` lines and `chars_before`
    /// characters of the file.
    pub fn at(lines_before: usize, chars_before: usize) -> Self {
        Self {
            lines_before: clamp_u32(lines_before),
            chars_before: clamp_u32(chars_before),
            pads: Vec::new(),
            first_line_columns: 0,
        }
    }

    /// A segment starting `columns_before` characters into its line.
    pub fn at_column(lines_before: usize, chars_before: usize, columns_before: usize) -> Self {
        Self {
            first_line_columns: clamp_u32(columns_before),
            ..Self::at(lines_before, chars_before)
        }
    }

    /// Records that spaces were added at the start of segment lines: `(line, spaces)`, lines
    /// 1-based. One call per re-read, whatever the number of lines, so padding a long flow
    /// collection costs its length, not its length squared.
    pub fn pad(&mut self, added: impl IntoIterator<Item = (usize, usize)>) {
        let mut padded: std::collections::BTreeMap<u32, u32> = self
            .pads
            .iter()
            .map(|&(line, spaces, _)| (line, spaces))
            .collect();
        for (line, spaces) in added {
            let entry = padded.entry(clamp_u32(line)).or_default();
            *entry = entry.saturating_add(clamp_u32(spaces));
        }
        let mut before = 0u32;
        self.pads = padded
            .into_iter()
            .map(|(line, spaces)| {
                let entry = (line, spaces, before);
                before = before.saturating_add(spaces);
                entry
            })
            .collect();
    }

    /// The position in the file of a parser position in the segment.
    pub fn pos(&self, marker: &Marker) -> Pos {
        let line = clamp_u32(marker.line());
        let column = clamp_u32(marker.col());
        let mut index = clamp_u32(marker.index());
        let mut column_shift = 0;
        if !self.pads.is_empty() {
            let at = self.pads.partition_point(|&(l, _, _)| l < line);
            let (on_line, before) = match self.pads.get(at) {
                Some(&(l, n, before)) if l == line => (n, before),
                Some(&(_, _, before)) => (0, before),
                None => self
                    .pads
                    .last()
                    .map_or((0, 0), |&(_, n, before)| (0, before.saturating_add(n))),
            };
            column_shift = on_line.min(column);
            index = index.saturating_sub(before).saturating_sub(column_shift);
        }
        Pos {
            index: index.saturating_add(self.chars_before),
            line: line.saturating_add(self.lines_before),
            column: (column - column_shift + 1).saturating_add(if line == 1 {
                self.first_line_columns
            } else {
                0
            }),
        }
    }
}

fn clamp_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_later_in_the_file_keeps_file_lines_and_columns() {
        let locator = Locator::at(10, 200);
        let pos = locator.pos(&Marker::new(5, 2, 3));
        assert_eq!((pos.line, pos.column, pos.index), (12, 4, 205));
    }

    #[test]
    fn padded_lines_map_back_to_the_unpadded_text() {
        let mut locator = Locator::default();
        locator.pad([(3, 4), (5, 2)]);
        locator.pad([(3, 1)]);
        // Line 3 had 5 spaces added: column 7 (0-based 6) was column 2.
        let pos = locator.pos(&Marker::new(30, 3, 6));
        assert_eq!((pos.line, pos.column, pos.index), (3, 2, 25));
        // Inside the added spaces: the line's first column.
        assert_eq!(locator.pos(&Marker::new(27, 3, 2)).column, 1);
        // Line 4: only line 3's spaces come before it.
        assert_eq!(locator.pos(&Marker::new(40, 4, 0)).index, 35);
        // Past every padded line.
        assert_eq!(locator.pos(&Marker::new(60, 9, 0)).index, 53);
    }
}
