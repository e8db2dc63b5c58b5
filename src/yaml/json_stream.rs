//! A stream kubectl reads as JSON: one that starts with `{` (after white space). kubectl's
//! reader then decodes JSON values one after another (`{…}{…}` or one per line), with no `---`
//! between them. If the first value is no JSON (a YAML flow mapping, `{a: 1}`), the whole
//! stream is YAML; if the second is not, the stream is YAML from the end of the first value's
//! line on; after two values, anything else is a JSON error.

use std::ops::Range;

use serde::de::IgnoredAny;

/// How a stream that starts with `{` is read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct JsonValues {
    /// The JSON values, in bytes of the stream, in order (at least one).
    pub(crate) values: Vec<Range<usize>>,
    /// What follows them.
    pub(crate) then: Then,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// Nothing but white space.
    End,
    /// YAML, from this byte on.
    Yaml(usize),
    /// Something no JSON value starts with, at this byte: kubectl's error.
    Error(usize, String),
}

/// The JSON values `text` starts with, when kubectl reads it as a JSON stream; None when it
/// reads it as YAML from the start.
pub(crate) fn values(text: &str) -> Option<JsonValues> {
    let first = text.len() - text.trim_start().len();
    if text.get(first..)?.as_bytes().first() != Some(&b'{') {
        return None;
    }
    let mut values = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<IgnoredAny>();
    let mut start = first;
    loop {
        let before = stream.byte_offset();
        match stream.next() {
            None => {
                return (!values.is_empty()).then_some(JsonValues {
                    values,
                    then: Then::End,
                });
            }
            Some(Ok(_)) => {
                let end = stream.byte_offset();
                let rest = text.get(before..end).unwrap_or_default();
                start = before + (rest.len() - rest.trim_start().len());
                values.push(start..end);
            }
            Some(Err(error)) => {
                return match values.len() {
                    0 => None,
                    1 => Some(JsonValues {
                        then: Then::Yaml(yaml_start(text, before)),
                        values,
                    }),
                    _ => {
                        let rest = text.get(before..).unwrap_or_default();
                        let at = before + (rest.len() - rest.trim_start().len());
                        let message = error.to_string();
                        let message = message
                            .split(" at line ")
                            .next()
                            .unwrap_or(&message)
                            .to_string();
                        Some(JsonValues {
                            values,
                            then: Then::Error(at.max(start), message),
                        })
                    }
                };
            }
        }
    }
}

/// Where YAML resumes after a JSON value that ends at `end`: past the white space that
/// follows it, up to and including the first line break (as kubectl's reader skips it).
fn yaml_start(text: &str, end: usize) -> usize {
    let mut at = end;
    for ch in text.get(end..).unwrap_or_default().chars() {
        if !ch.is_whitespace() {
            break;
        }
        at += ch.len_utf8();
        if ch == '\n' {
            break;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values_one_after_another_are_a_stream() {
        let text = "{\"a\": 1}\n{\"b\": 2}{\"c\": [3]}\n";
        let read = values(text).expect("json");
        assert_eq!(read.values, [0..8, 9..17, 17..27]);
        assert_eq!(read.then, Then::End);
    }

    #[test]
    fn yaml_is_read_where_kubectl_turns_to_it() {
        // A YAML flow mapping first: the whole stream is YAML.
        assert_eq!(values("{a: 1}\n"), None);
        assert_eq!(values("kind: Pod\n"), None);
        // After one JSON value: YAML from the next line.
        let read = values("{\"a\": 1}  \n---\nb: 2\n").expect("json");
        assert_eq!(read.values, vec![Range { start: 0, end: 8 }]);
        assert_eq!(read.then, Then::Yaml(11));
        // After two: an error, where the third value should start.
        let read = values("{\"a\": 1}\n{\"b\": 2}\nc: 3\n").expect("json");
        assert_eq!(read.values.len(), 2);
        assert!(matches!(read.then, Then::Error(18, _)), "{:?}", read.then);
    }
}
