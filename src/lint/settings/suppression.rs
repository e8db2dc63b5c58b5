//! In-manifest suppression: the `podlife.dev/ignore` annotation turns rules off for one object.
//!
//! The annotation may sit on the object's metadata or, for workloads, on its pod template's
//! metadata; both apply to every finding of the object. Its value lists entries separated by
//! commas or newlines, each a rule ID, name, ID prefix or `ALL`, optionally followed by `: reason`:
//!
//! ```yaml
//! metadata:
//!   annotations:
//!     podlife.dev/ignore: "PL306: the probes are identical on purpose, PL311"
//! ```

use crate::k8s::workload::PodObject;
use crate::lint::settings::selection::Selector;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Node, Span};

/// The annotation key.
pub const IGNORE_ANNOTATION: &str = "podlife.dev/ignore";

/// One entry of a suppression annotation.
#[derive(Debug, Clone, PartialEq)]
pub struct SuppressionEntry {
    /// The rule key as written (`PL306`, `identical-liveness-and-readiness-probes`).
    pub key: String,
    /// The rules it names, or why it names none.
    pub selector: Result<Selector, String>,
    /// The reason given after `:`, if any.
    pub reason: Option<String>,
}

/// One `podlife.dev/ignore` annotation found on an object.
#[derive(Debug, Clone, PartialEq)]
pub struct SuppressionAnnotation {
    /// Object-relative path of the annotation (`metadata.annotations[podlife.dev/ignore]`).
    pub path: FieldPath,
    /// Where its value is.
    pub span: Span,
    /// Its entries, in order.
    pub entries: Vec<SuppressionEntry>,
}

/// Parses an annotation value into entries. A piece that does not start with a rule key
/// continues the previous entry's reason, so reasons may contain commas.
pub fn parse_entries(text: &str) -> Vec<SuppressionEntry> {
    let mut entries: Vec<SuppressionEntry> = Vec::new();
    for piece in text.split(['\n', ',']) {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        let (head, reason) = match piece.split_once(':') {
            Some((head, reason)) => (head.trim(), Some(reason.trim())),
            None => (piece, None),
        };
        if !looks_like_rule_key(head)
            && let Some(last) = entries.last_mut()
        {
            let reason = last.reason.get_or_insert_with(String::new);
            if !reason.is_empty() {
                reason.push_str(", ");
            }
            reason.push_str(piece);
            continue;
        }
        entries.push(SuppressionEntry {
            key: head.to_string(),
            selector: head.parse(),
            reason: reason.filter(|r| !r.is_empty()).map(str::to_string),
        });
    }
    entries
}

/// Whether text reads as a rule key rather than prose: one word, an ID, `ALL` or kebab-case.
fn looks_like_rule_key(text: &str) -> bool {
    if text.is_empty() || text.contains(char::is_whitespace) {
        return false;
    }
    let upper = text.to_ascii_uppercase();
    upper == "ALL"
        || (upper.starts_with("PL") && upper[2..].chars().all(|c| c.is_ascii_digit()))
        || crate::lint::rules::find(text).is_some()
        || (text.contains('-')
            && text
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
}

/// Reads the suppression annotations of a pod-bearing object from its document: on the object's
/// metadata and, when different, on its pod template's metadata.
pub fn read_annotations(
    root: &Node<'_>,
    lines: &LineIndex<'_>,
    object: &PodObject,
) -> Vec<SuppressionAnnotation> {
    let mut found = Vec::new();
    let places = [
        FieldPath::root().child("metadata"),
        object.metadata_path.clone(),
    ];
    for (position, metadata) in places.iter().enumerate() {
        if position == 1 && *metadata == places[0] {
            continue;
        }
        let path = metadata.child("annotations").key(IGNORE_ANNOTATION);
        let lookup = root.lookup(&object.object_path.join(&path));
        if !lookup.complete {
            continue;
        }
        let Some(text) = lookup.value.as_scalar() else {
            continue;
        };
        found.push(SuppressionAnnotation {
            path,
            span: lines.span(lookup.value.at),
            entries: parse_entries(text),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn entries_split_on_commas_and_newlines_with_reasons() {
        let entries = parse_entries("PL009: generated, see ticket 12\ncontainer-image-required");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].key, "PL009");
        assert_eq!(
            entries[0].selector,
            Ok(Selector::Rule(&rules::CONTAINER_NAME_REQUIRED))
        );
        assert_eq!(
            entries[0].reason.as_deref(),
            Some("generated, see ticket 12")
        );
        assert_eq!(
            entries[1].selector,
            Ok(Selector::Rule(&rules::CONTAINER_IMAGE_REQUIRED))
        );
        assert_eq!(entries[1].reason, None);
    }

    #[test]
    fn unknown_keys_are_kept_with_their_error() {
        let entries = parse_entries("PL999, container-name-requird");
        assert_eq!(entries.len(), 2);
        assert!(entries[0].selector.is_err());
        let error = entries[1].selector.clone().unwrap_err();
        assert!(
            error.contains("did you mean `container-name-required`"),
            "{error}"
        );
    }

    #[test]
    fn empty_values_have_no_entries() {
        assert!(parse_entries(" ,\n ").is_empty());
    }
}
