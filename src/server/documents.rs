//! The open documents of an editor session: their text, version and language, kept current from full and incremental changes, and positions converted between the client's encoding and byte offsets through one line index per text.

use std::collections::HashMap;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

use super::gap_text::GapText;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::Pos;

/// How the client counts columns (negotiated at initialize: UTF-16 unless it offers UTF-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16 code units (the protocol's default).
    Utf16,
    /// Bytes.
    Utf8,
}

/// One open document.
#[derive(Debug, Clone)]
pub struct Document {
    /// Its text now.
    pub text: String,
    /// The version the client gave it.
    pub version: i32,
    /// `yaml`, `json`, … as the client said.
    pub language: String,
}

/// Every open document, by URI: its text kept as a gap buffer with its line starts
/// ([`GapText`]), put together as a [`Document`] only when it is checked.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<Uri, (i32, String, GapText)>,
}

impl Documents {
    /// Opens (or reopens) a document.
    pub fn open(&mut self, uri: Uri, document: Document) {
        let Document {
            text,
            version,
            language,
        } = document;
        self.open
            .insert(uri, (version, language, GapText::new(text)));
    }

    /// Closes a document.
    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri);
    }

    /// The version of a document, if open.
    pub fn version(&self, uri: &Uri) -> Option<i32> {
        self.open.get(uri).map(|(version, ..)| *version)
    }

    /// A document as it is now, if open (its text put together: a copy).
    pub fn snapshot(&self, uri: &Uri) -> Option<Document> {
        self.open
            .get(uri)
            .map(|(version, language, text)| Document {
                text: text.text(),
                version: *version,
                language: language.clone(),
            })
    }

    /// Applies the changes of one `didChange` in order; a change whose range lies outside the
    /// text is clamped to it (a client bug must not crash the server). Each edit costs the
    /// distance from the last one and the lines it touches, never a copy or scan of the
    /// whole text: a burst of edits is about one pass over it.
    pub fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) {
        let Some((current, _, text)) = self.open.get_mut(uri) else {
            return;
        };
        for change in changes {
            match change.range {
                None => *text = GapText::new(change.text),
                Some(range) => {
                    let start = text.offset(range.start, encoding);
                    let end = text.offset(range.end, encoding).max(start);
                    text.replace(start, end, &change.text);
                }
            }
        }
        *current = version;
    }
}

/// The byte offset of an LSP position in the indexed text (clamped to the line's end and the
/// text's).
pub fn offset(lines: &LineIndex<'_>, position: Position, encoding: Encoding) -> usize {
    let Some(line_start) = lines.line_start(position.line as usize) else {
        return lines.text().len();
    };
    line_start
        + column_offset(
            lines.line(position.line as usize),
            position.character,
            encoding,
        )
}

/// The byte offset in `line` (its newline, if any, not counted) of the column `character`
/// counts in the client's encoding, clamped to the line's end.
pub fn column_offset(line: &str, character: u32, encoding: Encoding) -> usize {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let wanted = character as usize;
    let mut units = 0usize;
    for (at, character) in line.char_indices() {
        if units >= wanted {
            return at;
        }
        units += match encoding {
            Encoding::Utf16 => character.len_utf16(),
            Encoding::Utf8 => character.len_utf8(),
        };
    }
    line.len()
}

/// The LSP position of a podlife position (1-based line, column in characters) in the indexed
/// text: its line found by index, its column counted on that line only.
pub fn position(lines: &LineIndex<'_>, pos: Pos, encoding: Encoding) -> Position {
    let line_index = pos.line.saturating_sub(1);
    let line = lines.line(line_index as usize);
    let line = line.strip_suffix('\n').unwrap_or(line);
    let characters = pos.column.saturating_sub(1) as usize;
    let units: usize = line
        .chars()
        .take(characters)
        .map(|character| match encoding {
            Encoding::Utf16 => character.len_utf16(),
            Encoding::Utf8 => character.len_utf8(),
        })
        .sum();
    Position {
        line: line_index,
        character: u32::try_from(units).unwrap_or(u32::MAX),
    }
}

/// The LSP range of a podlife span in the indexed text.
pub fn range(lines: &LineIndex<'_>, span: crate::yaml::source::Span, encoding: Encoding) -> Range {
    Range {
        start: position(lines, span.start, encoding),
        end: position(lines, span.end, encoding),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_and_utf8_columns_map_to_bytes_and_back() {
        let text = "a: é𝄞x\nb: 1\n";
        let lines = LineIndex::new(text);
        let at = |line, character, encoding| offset(&lines, Position { line, character }, encoding);
        // `é` is 1 UTF-16 unit and 2 bytes; `𝄞` 2 units and 4 bytes.
        assert_eq!(at(0, 4, Encoding::Utf16), 5, "after é");
        assert_eq!(at(0, 6, Encoding::Utf16), 9, "after 𝄞");
        assert_eq!(at(0, 10, Encoding::Utf8), 10, "after x");
        assert_eq!(at(1, 3, Encoding::Utf16), 14);
        assert_eq!(
            at(9, 0, Encoding::Utf16),
            text.len(),
            "past the end: clamped"
        );
        let pos = Pos {
            index: 0,
            line: 1,
            column: 6,
        };
        assert_eq!(
            position(&lines, pos, Encoding::Utf16),
            Position {
                line: 0,
                character: 6
            }
        );
        assert_eq!(
            position(&lines, pos, Encoding::Utf8),
            Position {
                line: 0,
                character: 9
            }
        );
    }

    #[test]
    fn incremental_changes_splice_the_text() {
        let uri: Uri = "file:///p.yaml".parse().expect("uri");
        let mut documents = Documents::default();
        documents.open(
            uri.clone(),
            Document {
                text: "image: x\nname: é\n".to_string(),
                version: 1,
                language: "yaml".to_string(),
            },
        );
        let change = |line, from, to, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range {
                start: Position {
                    line,
                    character: from,
                },
                end: Position {
                    line,
                    character: to,
                },
            }),
            range_length: None,
            text: text.to_string(),
        };
        documents.change(
            &uri,
            2,
            vec![change(1, 6, 7, "web"), change(0, 7, 8, "nginx:1.27")],
            Encoding::Utf16,
        );
        let document = documents.snapshot(&uri).expect("open");
        assert_eq!(document.text, "image: nginx:1.27\nname: web\n");
        assert_eq!(document.version, 2);
        documents.change(&uri, 3, vec![change(40, 0, 99, "!")], Encoding::Utf16);
        assert!(
            documents
                .snapshot(&uri)
                .expect("open")
                .text
                .ends_with("web\n!")
        );
    }
}
