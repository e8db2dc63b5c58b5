//! Decoding a span tree into the typed model with serde, noting every unknown field and wrong type.
//!
//! The deserializer walks a [`Node`] tree and knows, at every step, the Kubernetes field path and
//! the span. Unknown fields (a struct key serde ignores) and scalars of the wrong type that can
//! still be read (`value: 8080` for a string) are recorded as [`DecodeProblem`]s and decoding goes
//! on; a value that cannot be read at all (`containers: {}`) is a located [`DecodeError`].

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use crate::k8s::field_schema::{self, Schema};
use crate::text::closest;
use crate::yaml::field_path::{FieldPath, Segment};
use crate::yaml::source::{Node, NodeKind, Offsets, Resolved, ScalarForm, resolve_plain};

/// Name of the newtype through which a type asks for a scalar's raw text (quantities).
pub const RAW_SCALAR: &str = "podlife::RawScalar";
/// Name of the newtype through which a type accepts any value without looking at it.
pub const OPAQUE: &str = "podlife::Opaque";

/// Something odd but readable met while decoding.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodeProblem {
    /// What it is.
    pub kind: DecodeProblemKind,
    /// Where, as a field path from the document root.
    pub path: FieldPath,
    /// Where, in the source.
    pub at: Offsets,
    /// The message.
    pub message: String,
    /// How to fix it, if known.
    pub help: Option<String>,
    /// The text that certainly repairs it, for `--fix`: the value unquoted or quoted, the
    /// field name it is one edit away from.
    pub replacement: Option<String>,
}

/// The kinds of [`DecodeProblem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecodeProblemKind {
    /// A key the model does not know.
    UnknownField,
    /// A scalar of another type than the field's, read anyway.
    WrongType,
}

/// A value that could not be decoded, with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodeError {
    /// The message.
    pub message: String,
    /// Where, once known.
    pub location: Option<(FieldPath, Offsets)>,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError {
            message: message.to_string(),
            location: None,
        }
    }
}

/// Decodes `node`, whose field path from the document root is `prefix`.
pub fn decode<'de, T: de::Deserialize<'de>>(
    node: &Node<'_>,
    prefix: &FieldPath,
    problems: &mut Vec<DecodeProblem>,
) -> Result<T, DecodeError> {
    let context = Context {
        problems: RefCell::new(std::mem::take(problems)),
    };
    let result = T::deserialize(NodeDeserializer {
        node,
        context: &context,
        path: PathLink::Root(prefix),
        unknown: None,
        checked: false,
    });
    *problems = context.problems.into_inner();
    result
}

struct Context {
    problems: RefCell<Vec<DecodeProblem>>,
}

/// The path to the node being decoded, kept on the stack and only printed on a problem.
#[derive(Clone, Copy)]
enum PathLink<'p> {
    Root(&'p FieldPath),
    Field(&'p PathLink<'p>, &'p str),
    Key(&'p PathLink<'p>, &'p str),
    Index(&'p PathLink<'p>, usize),
}

impl PathLink<'_> {
    fn to_path(self) -> FieldPath {
        let mut segments = Vec::new();
        let mut link = self;
        loop {
            match link {
                PathLink::Root(prefix) => {
                    let mut all: Vec<Segment> = prefix.segments().to_vec();
                    segments.reverse();
                    all.extend(segments);
                    return FieldPath::from(all);
                }
                PathLink::Field(parent, name) => {
                    segments.push(Segment::Field(name.to_string().into()));
                    link = *parent;
                }
                PathLink::Key(parent, key) => {
                    segments.push(Segment::Key(key.to_string()));
                    link = *parent;
                }
                PathLink::Index(parent, index) => {
                    segments.push(Segment::Index(index));
                    link = *parent;
                }
            }
        }
    }
}

/// A key that a struct did not name, waiting to see if serde ignores its value.
#[derive(Clone, Copy)]
struct UnknownCandidate<'n, 'a> {
    key: &'n Node<'a>,
    fields: &'static [&'static str],
}

struct NodeDeserializer<'n, 'a, 'c, 'p> {
    node: &'n Node<'a>,
    context: &'c Context,
    path: PathLink<'p>,
    unknown: Option<UnknownCandidate<'n, 'a>>,
    /// Inside a value whose field names a schema already checked: a typed struct read from it
    /// reports no unknown field (its ignored keys are known to the schema).
    checked: bool,
}

impl NodeDeserializer<'_, '_, '_, '_> {
    fn locate(&self, mut error: DecodeError) -> DecodeError {
        if error.location.is_none() {
            error.location = Some((self.path.to_path(), self.node.at));
        }
        error
    }

    fn type_error(&self, expected: &str) -> DecodeError {
        DecodeError {
            message: format!("expected {expected}, found {}", self.node.describe()),
            location: Some((self.path.to_path(), self.node.at)),
        }
    }

    fn wrong_type(&self, expected: &str, help: Option<String>, replacement: Option<String>) {
        self.context.problems.borrow_mut().push(DecodeProblem {
            kind: DecodeProblemKind::WrongType,
            path: self.path.to_path(),
            at: self.node.at,
            message: format!("expected {expected}, found {}", self.node.describe()),
            help,
            replacement,
        });
    }

    fn plain(&self) -> Option<(&str, Resolved)> {
        match self.node.kind() {
            NodeKind::Scalar(text, ScalarForm::Plain) => Some((text, resolve_plain(text))),
            _ => None,
        }
    }

    fn text(&self) -> Option<&str> {
        self.node.as_scalar()
    }

    fn integer<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.plain() {
            Some((_, Resolved::Int(value))) => visitor.visit_i64(value).map_err(|e| self.locate(e)),
            Some((_, Resolved::BigInt)) => Err(DecodeError {
                message: format!(
                    "number `{}` does not fit in 64 bits",
                    self.text().unwrap_or("")
                ),
                location: Some((self.path.to_path(), self.node.at)),
            }),
            Some((text, Resolved::Float(value)))
                if value.fract() == 0.0 && value.abs() < 9.0e15 =>
            {
                let whole = text.split(['.', 'e', 'E']).next().unwrap_or(text);
                self.wrong_type(
                    "an integer",
                    Some(format!("write `{whole}`")),
                    Some(whole.to_string()),
                );
                // Whole and below 9e15 (the guard above): exact in an i64.
                #[allow(clippy::cast_possible_truncation)]
                let value = value as i64;
                visitor.visit_i64(value).map_err(|e| self.locate(e))
            }
            _ => {
                if let (NodeKind::Scalar(text, ScalarForm::Text), Ok(value)) = (
                    self.node.kind(),
                    self.text().unwrap_or("").trim().parse::<i64>(),
                ) {
                    self.wrong_type(
                        "an integer",
                        Some(format!("remove the quotes: `{}`", text.trim())),
                        Some(value.to_string()),
                    );
                    return visitor.visit_i64(value).map_err(|e| self.locate(e));
                }
                Err(self.type_error("an integer"))
            }
        }
    }
}

impl NodeDeserializer<'_, '_, '_, '_> {
    /// An `int32` field (the API's probe numbers, ports): a number outside its range is a type
    /// error, as the API server's decoder rejects it, never a wrapped value.
    fn integer32<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if let Some((text, Resolved::Int(value))) = self.plain()
            && i32::try_from(value).is_err()
        {
            return Err(DecodeError {
                message: format!(
                    "number `{text}` does not fit in an int32 (-2147483648 to 2147483647)"
                ),
                location: Some((self.path.to_path(), self.node.at)),
            });
        }
        self.integer(visitor)
    }
}

macro_rules! forward_integers {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
            self.integer(visitor)
        })*
    };
}

impl<'de> de::Deserializer<'de> for NodeDeserializer<'_, '_, '_, '_> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let result = match self.node.kind() {
            NodeKind::Scalar(text, ScalarForm::Text) => visitor.visit_str(text),
            NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
                Resolved::Null => visitor.visit_unit(),
                Resolved::Bool(value) => visitor.visit_bool(value),
                Resolved::Int(value) => visitor.visit_i64(value),
                Resolved::Float(value) => visitor.visit_f64(value),
                Resolved::BigInt | Resolved::Str => visitor.visit_str(text),
            },
            NodeKind::Sequence(_) => return self.deserialize_seq(visitor),
            NodeKind::Mapping(_) => return self.deserialize_map(visitor),
        };
        result.map_err(|e| self.locate(e))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.plain() {
            Some((_, Resolved::Bool(value))) => {
                visitor.visit_bool(value).map_err(|e| self.locate(e))
            }
            _ => match *self.node.kind() {
                NodeKind::Scalar(ref text, ScalarForm::Text)
                    if matches!(text.as_ref(), "true" | "false") =>
                {
                    self.wrong_type(
                        "a boolean",
                        Some(format!("remove the quotes: `{text}`")),
                        Some(text.to_string()),
                    );
                    visitor
                        .visit_bool(text == "true")
                        .map_err(|e| self.locate(e))
                }
                _ => Err(self.type_error("a boolean")),
            },
        }
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer32(visitor)
    }

    forward_integers! {
        deserialize_i8 deserialize_i16 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.plain() {
            Some((_, Resolved::Int(value))) => {
                visitor.visit_f64(value as f64).map_err(|e| self.locate(e))
            }
            Some((_, Resolved::Float(value))) => {
                visitor.visit_f64(value).map_err(|e| self.locate(e))
            }
            _ => Err(self.type_error("a number")),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.node.kind() {
            NodeKind::Scalar(text, ScalarForm::Text) => {
                visitor.visit_str(text).map_err(|e| self.locate(e))
            }
            NodeKind::Scalar(text, ScalarForm::Plain) => {
                match resolve_plain(text) {
                    Resolved::Str => {}
                    Resolved::Null => return visitor.visit_str("").map_err(|e| self.locate(e)),
                    _ => self.wrong_type(
                        "a string",
                        Some(format!("quote it: `\"{text}\"`")),
                        serde_json::to_string(text).ok(),
                    ),
                }
                visitor.visit_str(text).map_err(|e| self.locate(e))
            }
            _ => Err(self.type_error("a string")),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.node.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        match name {
            RAW_SCALAR => match self.node.kind() {
                NodeKind::Scalar(text, _) => visitor.visit_str(text).map_err(|e| self.locate(e)),
                _ => Err(self.type_error("a quantity")),
            },
            OPAQUE => visitor.visit_unit(),
            name if name.starts_with(field_schema::NEWTYPE_PREFIX) => {
                if let Some(schema) = field_schema::by_newtype(name) {
                    self.check_fields(self.node, schema, self.path);
                }
                visitor.visit_newtype_struct(NodeDeserializer {
                    unknown: None,
                    checked: true,
                    ..self
                })
            }
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.node.kind() {
            NodeKind::Sequence(items) => {
                let access = SequenceAccess {
                    items: items.iter(),
                    index: 0,
                    context: self.context,
                    path: &self.path,
                    checked: self.checked,
                };
                visitor.visit_seq(access).map_err(|e| self.locate(e))
            }
            // A list given as `null`: Go's nil slice, as if the key were absent.
            _ if self.node.is_null() => {
                let access = SequenceAccess {
                    items: [].iter(),
                    index: 0,
                    context: self.context,
                    path: &self.path,
                    checked: self.checked,
                };
                visitor.visit_seq(access).map_err(|e| self.locate(e))
            }
            _ => Err(self.type_error("a list")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.mapping(visitor, None, "a mapping")
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.mapping(visitor, Some(fields), "a mapping of fields")
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        match self.text() {
            Some(text) => visitor
                .visit_enum(text.into_deserializer())
                .map_err(|e: DecodeError| self.locate(e)),
            None => Err(self.type_error("a string")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if let Some(candidate) = self.unknown {
            let name = candidate.key.as_scalar().unwrap_or("");
            let suggestion = closest(name, candidate.fields);
            self.context.problems.borrow_mut().push(DecodeProblem {
                kind: DecodeProblemKind::UnknownField,
                path: self.path.to_path(),
                at: candidate.key.at,
                message: format!("unknown field `{}`", crate::text::clip(name)),
                help: suggestion.map(|field| format!("did you mean `{field}`?")),
                replacement: suggestion.map(str::to_string),
            });
        }
        visitor.visit_unit()
    }
}

impl NodeDeserializer<'_, '_, '_, '_> {
    /// Reports every key of `node`, at any depth, that `schema` does not name. Values of the
    /// wrong type are left alone: the model does not read them.
    fn check_fields(&self, node: &Node<'_>, schema: &Schema, path: PathLink<'_>) {
        match (schema, node.kind()) {
            (Schema::Fields(_), NodeKind::Mapping(entries)) => {
                for (key, value) in entries {
                    let name = key.as_scalar().unwrap_or("");
                    let link = PathLink::Field(&path, name);
                    match schema.field(name) {
                        Some(inner) => self.check_fields(value, inner, link),
                        None => {
                            let suggestion = closest(name, &schema.field_names());
                            self.context.problems.borrow_mut().push(DecodeProblem {
                                kind: DecodeProblemKind::UnknownField,
                                path: link.to_path(),
                                at: key.at,
                                message: format!("unknown field `{}`", crate::text::clip(name)),
                                help: suggestion.map(|field| format!("did you mean `{field}`?")),
                                replacement: suggestion.map(str::to_string),
                            });
                        }
                    }
                }
            }
            (Schema::List(item), NodeKind::Sequence(items)) => {
                for (index, value) in items.iter().enumerate() {
                    self.check_fields(value, item, PathLink::Index(&path, index));
                }
            }
            _ => {}
        }
    }

    fn mapping<'de, V: Visitor<'de>>(
        self,
        visitor: V,
        fields: Option<&'static [&'static str]>,
        expected: &str,
    ) -> Result<V::Value, DecodeError> {
        match self.node.kind() {
            NodeKind::Mapping(entries) => {
                let access = MappingAccess {
                    entries: entries.iter(),
                    current: None,
                    context: self.context,
                    path: &self.path,
                    fields,
                    checked: self.checked,
                };
                visitor.visit_map(access).map_err(|e| self.locate(e))
            }
            // `metadata:` with nothing after it: JSON `null`, which Go leaves as the zero value
            // of a struct or map, as if the key were absent.
            _ if self.node.is_null() => {
                let access = MappingAccess {
                    entries: [].iter(),
                    current: None,
                    context: self.context,
                    path: &self.path,
                    fields,
                    checked: self.checked,
                };
                visitor.visit_map(access).map_err(|e| self.locate(e))
            }
            _ => Err(self.type_error(expected)),
        }
    }
}

struct SequenceAccess<'n, 'a, 'c, 'p> {
    items: std::slice::Iter<'n, Node<'a>>,
    index: usize,
    context: &'c Context,
    path: &'p PathLink<'p>,
    checked: bool,
}

impl<'de> de::SeqAccess<'de> for SequenceAccess<'_, '_, '_, '_> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DecodeError> {
        let Some(node) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        seed.deserialize(NodeDeserializer {
            node,
            context: self.context,
            path: PathLink::Index(self.path, index),
            unknown: None,
            checked: self.checked,
        })
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MappingAccess<'n, 'a, 'c, 'p> {
    entries: std::slice::Iter<'n, (Node<'a>, Node<'a>)>,
    current: Option<&'n (Node<'a>, Node<'a>)>,
    context: &'c Context,
    path: &'p PathLink<'p>,
    fields: Option<&'static [&'static str]>,
    checked: bool,
}

impl<'de> de::MapAccess<'de> for MappingAccess<'_, '_, '_, '_> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DecodeError> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        self.current = Some(entry);
        let key = &entry.0;
        let name = key.as_scalar().unwrap_or("");
        seed.deserialize(NodeDeserializer {
            node: key,
            context: self.context,
            path: PathLink::Field(self.path, name),
            unknown: None,
            checked: self.checked,
        })
        .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DecodeError> {
        let Some((key, value)) = self.current.take() else {
            return Err(de::Error::custom("value requested before its key"));
        };
        let name = key.as_scalar().unwrap_or("");
        let link = match self.fields {
            Some(_) => PathLink::Field(self.path, name),
            None => PathLink::Key(self.path, name),
        };
        seed.deserialize(NodeDeserializer {
            node: value,
            context: self.context,
            path: link,
            unknown: self
                .fields
                .filter(|_| !self.checked)
                .map(|fields| UnknownCandidate { key, fields }),
            checked: self.checked,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::parse_stream;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Probe {
        period_seconds: Option<i64>,
        name: Option<String>,
    }

    fn decode_text(text: &str) -> (Result<Probe, DecodeError>, Vec<DecodeProblem>) {
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().expect("root");
        let mut problems = Vec::new();
        let result = decode(root, &FieldPath::parse("spec.probe"), &mut problems);
        (result, problems)
    }

    // sigs.k8s.io/yaml turns `metadata:` into JSON `null`, and Go's decoder leaves a struct,
    // map or slice it meets as `null` at its zero value: an absent key, not a type error.
    #[test]
    fn null_for_a_struct_or_a_list_is_the_key_absent() {
        #[derive(Debug, Deserialize, PartialEq)]
        struct Holder {
            inner: Probe,
            items: Vec<String>,
        }
        let documents = parse_stream("inner:\nitems: ~\n");
        let root = documents[0].root.as_ref().expect("root");
        let mut problems = Vec::new();
        let holder: Holder =
            decode(root, &FieldPath::parse("spec"), &mut problems).expect("decodes");
        assert_eq!(
            holder,
            Holder {
                inner: Probe {
                    period_seconds: None,
                    name: None
                },
                items: Vec::new()
            }
        );
        assert!(problems.is_empty());
        // A scalar where a mapping goes is still a type error.
        let documents = parse_stream("inner: 5\nitems: []\n");
        let root = documents[0].root.as_ref().expect("root");
        assert!(decode::<Holder>(root, &FieldPath::parse("spec"), &mut problems).is_err());
    }

    #[test]
    fn an_int32_field_out_of_range_is_a_located_type_error_not_a_wrapped_value() {
        let text = "failureThreshold: 4294967296\n";
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().expect("root");
        let mut problems = Vec::new();
        let probe: Result<crate::k8s::model::Probe, _> =
            decode(root, &FieldPath::parse("spec.probe"), &mut problems);
        let error = probe.expect_err("4294967296 is no int32");
        assert!(
            error.message.contains("does not fit in an int32"),
            "{}",
            error.message
        );
        let (path, at) = error.location.expect("located");
        assert_eq!(path.to_string(), "spec.probe.failureThreshold");
        let start = crate::yaml::line_index::LineIndex::new(text).pos(at.start);
        assert_eq!((start.line, start.column), (1, 19));
        let text = "failureThreshold: 2147483647\n";
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().expect("root");
        let probe: crate::k8s::model::Probe =
            decode(root, &FieldPath::parse("spec.probe"), &mut problems).expect("fits");
        assert_eq!(probe.failure_threshold, Some(i32::MAX));
    }

    #[test]
    fn unknown_fields_are_problems_with_suggestions() {
        let (result, problems) = decode_text("periodSecond: 3\nname: x\n");
        assert_eq!(result.expect("decodes").name.as_deref(), Some("x"));
        assert_eq!(problems[0].kind, DecodeProblemKind::UnknownField);
        assert_eq!(problems[0].path.to_string(), "spec.probe.periodSecond");
        assert_eq!(
            problems[0].help.as_deref(),
            Some("did you mean `periodSeconds`?")
        );
    }

    #[test]
    fn checked_values_report_unknown_keys_at_any_depth_and_leave_data_keys_alone() {
        let text = "tolerations:\n- {key: a, efect: NoSchedule}\n- key: b\naffinity:\n  podAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n    - labelSelector: {matchLabels: {anyKey: x}, matchExpression: []}\n";
        #[derive(Deserialize)]
        struct Spec {
            #[allow(dead_code)]
            tolerations:
                Option<crate::k8s::field_schema::Checked<crate::k8s::field_schema::Tolerations>>,
            #[allow(dead_code)]
            affinity: Option<crate::k8s::field_schema::Checked<crate::k8s::field_schema::Affinity>>,
        }
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().expect("root");
        let mut problems = Vec::new();
        let spec: Result<Spec, _> = decode(root, &FieldPath::parse("spec"), &mut problems);
        assert!(spec.is_ok());
        let found: Vec<(String, Option<String>)> = problems
            .iter()
            .map(|problem| (problem.path.to_string(), problem.help.clone()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "spec.tolerations[0].efect".to_string(),
                    Some("did you mean `effect`?".to_string())
                ),
                (
                    "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpression".to_string(),
                    Some("did you mean `matchExpressions`?".to_string())
                ),
            ]
        );
    }

    #[test]
    fn numbers_for_strings_are_read_and_noted() {
        let (result, problems) = decode_text("name: 8080\n");
        assert_eq!(result.expect("decodes").name.as_deref(), Some("8080"));
        assert_eq!(problems[0].kind, DecodeProblemKind::WrongType);
    }

    #[test]
    fn unreadable_values_are_located_errors() {
        let text = "periodSeconds: [1]\n";
        let (result, _) = decode_text(text);
        let error = result.expect_err("fails");
        let (path, at) = error.location.expect("located");
        assert_eq!(path.to_string(), "spec.probe.periodSeconds");
        let start = crate::yaml::line_index::LineIndex::new(text).pos(at.start);
        assert_eq!((start.line, start.column), (1, 16));
        assert_eq!(error.message, "expected an integer, found a list");
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(
            closest("imagePullPolicys", &["image", "imagePullPolicy"]),
            Some("imagePullPolicy")
        );
        assert_eq!(closest("zzz", &["image"]), None);
    }
}
