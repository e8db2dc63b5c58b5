//! The findings reading makes (PL0xx): each one's ID and default severity. Reading knows no
//! rule but these; `lint::rules` holds their docs, and a test there keeps the two lists equal.

use crate::finding::{Finding, RuleId, Severity};

/// A finding reading can make: its rule's ID and default severity.
#[derive(Debug, Clone, Copy)]
pub struct ReadingFinding {
    /// The rule's ID and name.
    pub id: RuleId,
    /// Its default severity.
    pub severity: Severity,
}

impl ReadingFinding {
    /// A finding of this rule with its default severity.
    pub fn finding(&self, message: impl Into<String>) -> Finding {
        Finding::new(self.id, self.severity, message)
    }

    /// The ID findings carry.
    pub const fn id(&self) -> RuleId {
        self.id
    }
}

const fn reading(code: &'static str, name: &'static str, severity: Severity) -> ReadingFinding {
    ReadingFinding {
        id: RuleId { code, name },
        severity,
    }
}

/// PL001: the text is not valid YAML or JSON (or not UTF-8).
pub const INVALID_YAML: ReadingFinding = reading("PL001", "invalid-yaml", Severity::Error);
/// PL002: a key appears twice in one mapping.
pub const DUPLICATE_KEY: ReadingFinding = reading("PL002", "duplicate-key", Severity::Warning);
/// PL003: nesting, aliases or anchors past the reader's bounds.
pub const INPUT_TOO_COMPLEX: ReadingFinding =
    reading("PL003", "input-too-complex", Severity::Error);
/// PL004: a document that is no Kubernetes object.
pub const NOT_AN_OBJECT: ReadingFinding = reading("PL004", "not-an-object", Severity::Error);
/// PL005: a value of the wrong type.
pub const WRONG_TYPE: ReadingFinding = reading("PL005", "wrong-type", Severity::Error);
/// PL006: a field the object's schema does not know.
pub const UNKNOWN_FIELD: ReadingFinding = reading("PL006", "unknown-field", Severity::Error);
/// PL007: a quantity that does not parse.
pub const INVALID_QUANTITY: ReadingFinding = reading("PL007", "invalid-quantity", Severity::Error);
/// PL011: an input with no Kubernetes objects.
pub const NO_OBJECTS: ReadingFinding = reading("PL011", "no-objects", Severity::Warning);
/// PL013: a template (`{{ … }}`), not a manifest.
pub const UNRENDERED_TEMPLATE: ReadingFinding =
    reading("PL013", "unrendered-template", Severity::Error);
/// PL014: an `envsubst` placeholder left in a value.
pub const UNRENDERED_PLACEHOLDER: ReadingFinding =
    reading("PL014", "unrendered-placeholder", Severity::Warning);

/// Every finding reading makes, by ID.
pub const ALL: [ReadingFinding; 10] = [
    INVALID_YAML,
    DUPLICATE_KEY,
    INPUT_TOO_COMPLEX,
    NOT_AN_OBJECT,
    WRONG_TYPE,
    UNKNOWN_FIELD,
    INVALID_QUANTITY,
    NO_OBJECTS,
    UNRENDERED_TEMPLATE,
    UNRENDERED_PLACEHOLDER,
];
