//! Pretty JSON exactly as `serde_json::to_writer_pretty` writes it, with its one large array
//! (every finding) serialized on every core ([`in_parallel`]).

use std::io::Write;

use serde::{Serialize, Serializer};

use crate::render::findings::in_parallel;

/// Stands in the document for the array [`write_pretty`] fills in: it serializes as a marker
/// string that no other value of a report holds (a NUL cannot be in a path or a rule's docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Items;

const MARKER: &str = "\u{0}podlife items\u{0}";
/// The marker as serde_json writes it.
const WRITTEN_MARKER: &[u8] = b"\"\\u0000podlife items\\u0000\"";

impl Serialize for Items {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(MARKER)
    }
}

/// A pretty document cut where its [`Items`] marker is: what goes before the array, what goes
/// after it, and how its items are laid out.
pub struct Splice {
    before: Vec<u8>,
    after: Vec<u8>,
    /// A newline and an item's indentation.
    item_start: String,
    /// The marker line's indentation.
    indent: usize,
}

impl Splice {
    /// `document` (which holds one [`Items`]) as `to_writer_pretty` writes it, cut at the
    /// marker.
    pub fn of<D: Serialize>(document: &D) -> std::io::Result<Self> {
        let mut text = serde_json::to_vec_pretty(document)?;
        let at = text
            .windows(WRITTEN_MARKER.len())
            .position(|window| window == WRITTEN_MARKER)
            .ok_or_else(|| std::io::Error::other("the document holds no items marker"))?;
        let after = text.split_off(at);
        let after = after
            .get(WRITTEN_MARKER.len()..)
            .unwrap_or_default()
            .to_vec();
        // The items sit one level deeper than the line that holds the marker.
        let line_start = text
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let indent = text
            .get(line_start..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&byte| byte == b' ')
            .count();
        Ok(Splice {
            before: text,
            after,
            item_start: format!("\n{}", " ".repeat(indent + 2)),
            indent,
        })
    }

    /// The document up to the array, and its `[`.
    pub fn opening(&self) -> Vec<u8> {
        let mut opening = self.before.clone();
        opening.push(b'[');
        opening
    }

    /// Appends `value` as an item of the array to `bytes` (as the bytes serde_json writes,
    /// every line of it one level deeper than the document's own layout puts it), after a
    /// comma unless it is the array's `first`.
    pub fn push_item<T: Serialize>(
        &self,
        bytes: &mut Vec<u8>,
        value: &T,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            bytes.push(b',');
        }
        bytes.extend_from_slice(self.item_start.as_bytes());
        let formatter = NestedLayout {
            layout: serde_json::ser::PrettyFormatter::new(),
            deeper: self.item_start.get(1..).unwrap_or_default().as_bytes(),
        };
        let mut serializer = serde_json::Serializer::with_formatter(bytes, formatter);
        value.serialize(&mut serializer)?;
        Ok(())
    }

    /// The array's end and the rest of the document, for an array with or without items.
    pub fn closing(&self, any_items: bool) -> Vec<u8> {
        let mut closing = Vec::with_capacity(self.indent + 2 + self.after.len());
        if any_items {
            // A newline and the marker line's indentation.
            closing.extend_from_slice(
                self.item_start
                    .get(..=self.indent)
                    .unwrap_or_default()
                    .as_bytes(),
            );
        }
        closing.push(b']');
        closing.extend_from_slice(&self.after);
        closing
    }
}

/// Writes `document` (which holds one [`Items`]) pretty, with the array of `item(x)` for every
/// `x` of `items` where the marker is: the bytes `to_writer_pretty` would write for the
/// document holding that array.
pub fn write_pretty<D, F, T>(
    out: &mut dyn Write,
    document: &D,
    items: &[F],
    item: impl Fn(&F) -> T + Sync,
) -> std::io::Result<()>
where
    D: Serialize,
    F: Sync,
    T: Serialize,
{
    let splice = Splice::of(document)?;
    out.write_all(&splice.opening())?;
    in_parallel::write_chunks(
        out,
        items,
        || (),
        |(), first, chunk, piece| {
            let mut bytes = std::mem::take(piece).into_bytes();
            bytes.clear();
            for (offset, value) in chunk.iter().enumerate() {
                splice.push_item(&mut bytes, &item(value), first + offset == 0)?;
            }
            *piece = String::from_utf8(bytes).map_err(std::io::Error::other)?;
            Ok(())
        },
    )?;
    out.write_all(&splice.closing(!items.is_empty()))
}

/// serde_json's pretty layout with every line after the first `deeper` further in: the layout
/// of a value that sits that deep in a document. Layout newlines are the only newlines written
/// (a string's newline is written `\n`), so the indentation goes after each.
struct NestedLayout<'d> {
    layout: serde_json::ser::PrettyFormatter<'static>,
    deeper: &'d [u8],
}

/// A writer that adds `deeper` after every write that ends a line.
struct Deeper<'w, 'd, W: ?Sized> {
    writer: &'w mut W,
    deeper: &'d [u8],
}

impl<W: ?Sized + Write> Write for Deeper<'_, '_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.writer.write_all(buf)?;
        if buf.ends_with(b"\n") {
            self.writer.write_all(self.deeper)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

/// Every layout call of [`serde_json::ser::PrettyFormatter`] goes to it through [`Deeper`];
/// values are written as the default formatter writes them, as `PrettyFormatter` does.
impl serde_json::ser::Formatter for NestedLayout<'_> {
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.begin_array(&mut Deeper { writer, deeper })
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.end_array(&mut Deeper { writer, deeper })
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout
            .begin_array_value(&mut Deeper { writer, deeper }, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.end_array_value(&mut Deeper { writer, deeper })
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.begin_object(&mut Deeper { writer, deeper })
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.end_object(&mut Deeper { writer, deeper })
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout
            .begin_object_key(&mut Deeper { writer, deeper }, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout
            .begin_object_value(&mut Deeper { writer, deeper })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        let deeper = self.deeper;
        self.layout.end_object_value(&mut Deeper { writer, deeper })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::findings::in_parallel::CHUNK;

    #[derive(Serialize)]
    struct Document<L> {
        name: &'static str,
        nested: Nested<L>,
        tail: Vec<u8>,
    }

    #[derive(Serialize)]
    struct Nested<L> {
        list: L,
        after: &'static str,
    }

    #[derive(Serialize)]
    struct Entry {
        index: usize,
        text: String,
        inner: Vec<usize>,
    }

    #[allow(clippy::trivially_copy_pass_by_ref)] // the shape `write_pretty` calls it with
    fn entry(index: &usize) -> Entry {
        let index = *index;
        Entry {
            index,
            text: format!("line {index}\nwith \"quotes\""),
            inner: (0..index % 3).collect(),
        }
    }

    #[test]
    fn the_spliced_array_reads_as_serde_json_writes_it_whole() {
        // None, one, two, a chunk and one more, and past a window: every seam of the writer.
        for count in [0, 1, 2, CHUNK, CHUNK + 1, 16 * 1024 + CHUNK + 3] {
            let items: Vec<usize> = (0..count).collect();
            let whole = Document {
                name: "n",
                nested: Nested {
                    list: items.iter().map(entry).collect::<Vec<_>>(),
                    after: "a",
                },
                tail: vec![1, 2],
            };
            let spliced = Document {
                name: "n",
                nested: Nested {
                    list: Items,
                    after: "a",
                },
                tail: vec![1, 2],
            };
            let mut written = Vec::new();
            write_pretty(&mut written, &spliced, &items, entry).expect("writes");
            let expected = serde_json::to_vec_pretty(&whole).expect("serializes");
            assert!(
                written == expected,
                "{count} items differ from serde_json's"
            );
        }
    }

    #[test]
    fn a_document_without_the_marker_is_an_error_not_a_silent_drop() {
        let mut written = Vec::new();
        let result = write_pretty(&mut written, &vec![1, 2], &[1usize], entry);
        assert!(result.is_err());
    }
}
