//! The edits of the Pod Security fixes: make a field under a container or the pod hold a
//! value, replacing it where it is written and inserting the missing mappings where not.

use crate::finding::PathEdit;
use crate::yaml::field_path::FieldPath;

/// The edit that makes `base.fields[0].fields[1]…` hold `value` (YAML text), given that the
/// first `written` of `fields` are written under `base` (a mapping): the value replaced when
/// all are, else the missing part inserted into the deepest mapping that is written.
pub fn set_field(base: &FieldPath, fields: &[&'static str], written: usize, value: &str) -> PathEdit {
    let written = written.min(fields.len());
    let (present, missing) = fields.split_at(written);
    let at = base.children(present);
    if missing.is_empty() {
        return PathEdit::Replace(at, value.to_string());
    }
    let mut block = String::new();
    for (depth, field) in missing.iter().enumerate() {
        for _ in 0..depth {
            block.push_str("  ");
        }
        block.push_str(field);
        block.push(':');
        if depth + 1 == missing.len() {
            block.push(' ');
            block.push_str(value);
        }
        block.push('\n');
    }
    PathEdit::InsertFirst(at, block)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_missing_part_is_inserted_and_a_written_value_replaced() {
        let base = FieldPath::parse("spec.containers[0]");
        let fields = ["securityContext", "capabilities", "drop"];
        assert_eq!(
            set_field(&base, &fields, 0, r#"["ALL"]"#),
            PathEdit::InsertFirst(
                base.clone(),
                "securityContext:\n  capabilities:\n    drop: [\"ALL\"]\n".to_string()
            )
        );
        assert_eq!(
            set_field(&base, &fields, 2, r#"["ALL"]"#),
            PathEdit::InsertFirst(
                FieldPath::parse("spec.containers[0].securityContext.capabilities"),
                "drop: [\"ALL\"]\n".to_string()
            )
        );
        assert_eq!(
            set_field(&base, &fields, 3, r#"["ALL"]"#),
            PathEdit::Replace(
                FieldPath::parse("spec.containers[0].securityContext.capabilities.drop"),
                r#"["ALL"]"#.to_string()
            )
        );
    }
}
