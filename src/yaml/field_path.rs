//! Kubernetes field paths (`spec.initContainers[1].resources.limits[cpu]`): how findings name a place.

use std::borrow::Cow;
use std::fmt;

/// One step of a [`FieldPath`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Segment {
    /// A struct field: `.name` (a name the code spells costs no allocation).
    Field(Cow<'static, str>),
    /// A list index: `[3]`.
    Index(usize),
    /// A map key: `[cpu]`, `[nvidia.com/gpu]`.
    Key(String),
}

/// A path into an object, printed exactly as Kubernetes' `field.Path` prints it.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldPath {
    segments: Vec<Segment>,
}

impl FieldPath {
    /// The empty path (the document root).
    pub fn root() -> Self {
        Self::default()
    }

    /// Parses a dotted path such as `spec.template.spec` or `items[2].spec`.
    ///
    /// Bracketed digits are indices; any other bracketed text is a map key.
    pub fn parse(text: &str) -> Self {
        Self::parse_with(text, |field| Cow::Owned(field.to_string()))
    }

    /// [`FieldPath::parse`] of a path the code spells: its fields borrow the text, so the
    /// path and its copies cost no allocation per field.
    pub fn parse_static(text: &'static str) -> Self {
        Self::parse_with(text, Cow::Borrowed)
    }

    /// [`FieldPath::parse_static`] of `text` under the field `first`, in one allocation.
    pub fn parse_static_under(first: &'static str, text: &'static str) -> Self {
        let mut segments = Vec::with_capacity(1 + text.bytes().filter(|b| *b == b'.').count() + 1);
        segments.push(Segment::Field(Cow::Borrowed(first)));
        Self::parse_into(FieldPath { segments }, text, Cow::Borrowed)
    }

    fn parse_with<'t>(text: &'t str, field: impl Fn(&'t str) -> Cow<'static, str>) -> Self {
        Self::parse_into(Self::root(), text, field)
    }

    fn parse_into<'t>(
        mut path: FieldPath,
        text: &'t str,
        field: impl Fn(&'t str) -> Cow<'static, str>,
    ) -> Self {
        let mut rest = text;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix('[') {
                let end = after.find(']').unwrap_or(after.len());
                let inner = &after[..end];
                path.segments.push(match inner.parse::<usize>() {
                    Ok(index) => Segment::Index(index),
                    Err(_) => Segment::Key(inner.to_string()),
                });
                rest = after.get(end + 1..).unwrap_or("");
            } else {
                let rest_trimmed = rest.strip_prefix('.').unwrap_or(rest);
                let end = rest_trimmed.find(['.', '[']).unwrap_or(rest_trimmed.len());
                if end > 0 {
                    path.segments
                        .push(Segment::Field(field(&rest_trimmed[..end])));
                }
                rest = &rest_trimmed[end..];
            }
        }
        path
    }

    /// This path extended by a struct field.
    #[must_use]
    pub fn child(&self, field: impl Into<Cow<'static, str>>) -> Self {
        self.with(Segment::Field(field.into()))
    }

    /// This path extended by several struct fields, in one allocation.
    #[must_use]
    pub fn children(&self, fields: &[&'static str]) -> Self {
        let mut segments = Vec::with_capacity(self.segments.len() + fields.len());
        segments.extend(self.segments.iter().cloned());
        segments.extend(fields.iter().map(|&field| Segment::Field(field.into())));
        Self { segments }
    }

    /// This path extended by a list index.
    #[must_use]
    pub fn index(&self, index: usize) -> Self {
        self.with(Segment::Index(index))
    }

    /// This path extended by a map key.
    #[must_use]
    pub fn key(&self, key: &str) -> Self {
        self.with(Segment::Key(key.to_string()))
    }

    /// This path followed by every segment of `tail`.
    #[must_use]
    pub fn join(&self, tail: &FieldPath) -> Self {
        let mut segments = self.segments.clone();
        segments.extend(tail.segments.iter().cloned());
        Self { segments }
    }

    /// This path extended by one segment.
    #[must_use]
    pub fn with(&self, segment: Segment) -> Self {
        let mut segments = Vec::with_capacity(self.segments.len() + 1);
        segments.extend(self.segments.iter().cloned());
        segments.push(segment);
        Self { segments }
    }

    /// The segments, root first.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether this path has no segments.
    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    /// The path without its first `count` segments, if it starts with `prefix`.
    pub fn strip_prefix(&self, prefix: &FieldPath) -> Option<FieldPath> {
        self.segments
            .strip_prefix(prefix.segments.as_slice())
            .map(|rest| FieldPath {
                segments: rest.to_vec(),
            })
    }
}

impl From<Vec<Segment>> for FieldPath {
    fn from(segments: Vec<Segment>) -> Self {
        Self { segments }
    }
}

impl FieldPath {
    /// Gives the pieces of the path's text to `piece`, in order: the text [`fmt::Display`]
    /// writes, for writers that escape or copy it without the formatting machinery.
    pub fn write_pieces<E>(&self, mut piece: impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
        for (position, segment) in self.segments.iter().enumerate() {
            match segment {
                Segment::Field(name) => {
                    if position > 0 {
                        piece(".")?;
                    }
                    piece(name)?;
                }
                Segment::Index(index) => {
                    piece("[")?;
                    piece(crate::text::decimal(*index, &mut [0; 20]))?;
                    piece("]")?;
                }
                Segment::Key(key) => {
                    piece("[")?;
                    piece(key)?;
                    piece("]")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_pieces(|piece| f.write_str(piece))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_kubernetes_field_path() {
        let path = FieldPath::root()
            .child("spec")
            .child("initContainers")
            .index(1)
            .child("resources")
            .child("limits")
            .key("nvidia.com/gpu");
        assert_eq!(
            path.to_string(),
            "spec.initContainers[1].resources.limits[nvidia.com/gpu]"
        );
    }

    #[test]
    fn parse_round_trips() {
        for text in [
            "spec.template.spec",
            "items[2].spec.jobTemplate.spec.template.spec",
            "metadata.annotations[pod.beta.kubernetes.io/init-containers][0].name",
            "",
        ] {
            assert_eq!(FieldPath::parse(text).to_string(), text);
            assert_eq!(FieldPath::parse_static(text), FieldPath::parse(text));
        }
    }

    #[test]
    fn the_pieces_make_the_displayed_text() {
        let path = FieldPath::root()
            .key("first")
            .index(0)
            .child("spec")
            .index(12_345)
            .key("a.b/c");
        let mut text = String::new();
        path.write_pieces(|piece| {
            text.push_str(piece);
            Ok::<(), ()>(())
        })
        .expect("infallible");
        assert_eq!(text, "[first][0].spec[12345][a.b/c]");
        assert_eq!(path.to_string(), text);
    }
}
