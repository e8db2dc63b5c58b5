//! Shell-style placeholders (`$NAME`, `${NAME}`) in values, and the findings they stand in for
//! (PL014): a check that judged a placeholder is replaced by a warning that names the check.
//! Argo's `{{…}}` parameters are another matter (`validate.rs`): the operator fills them in
//! from the object as applied, so the object is right as written and nothing is reported.

use crate::finding::{Finding, Severity};
use crate::objects::reading_findings::UNRENDERED_PLACEHOLDER;
use crate::yaml::line_index::LineIndex;

/// The first placeholder in `text`: `$NAME` or `${…}` (`envsubst`'s forms), not Kubernetes'
/// `$(NAME)` or an escaped `$$`.
pub fn first_placeholder(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = text.get(at..).and_then(|rest| rest.find('$')) {
        let start = at + offset;
        let next = bytes.get(start + 1).copied();
        match next {
            Some(b'$') => {
                at = start + 2;
                continue;
            }
            Some(b'{') => {
                let inner = text.get(start + 2..).unwrap_or("");
                let name_len = identifier_len(inner);
                if name_len > 0
                    && let Some(close) = inner.find('}')
                    && close >= name_len
                {
                    return text.get(start..start + 2 + close + 1);
                }
            }
            Some(_) => {
                let name_len = identifier_len(text.get(start + 1..).unwrap_or(""));
                if name_len > 0 {
                    return text.get(start..start + 1 + name_len);
                }
            }
            None => {}
        }
        at = start + 1;
    }
    None
}

/// The length of the identifier (`[A-Za-z_][A-Za-z0-9_]*`) at the start of `text`.
fn identifier_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(b) if b.is_ascii_alphabetic() || *b == b'_' => bytes
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count(),
        _ => 0,
    }
}

/// Whether a rule's findings judge a value (wrong type, quantity, API validation, seed
/// features), so that a placeholder in that value makes them moot.
fn judges_values(code: &str) -> bool {
    matches!(code, "PL005" | "PL007") || code.starts_with("PL1") || code.starts_with("PL2")
}

/// Replaces each finding about a value that holds a placeholder by one PL014 warning per value.
pub fn replace_findings_on_placeholders(
    text: &str,
    index: &LineIndex,
    findings: Vec<Finding>,
) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for finding in findings {
        let placeholder = finding
            .span
            .filter(|_| judges_values(finding.rule.code))
            .and_then(|span| {
                let (start, end) = index.byte_range(span);
                text.get(start..end)
            })
            .and_then(first_placeholder);
        let Some(placeholder) = placeholder else {
            out.push(finding);
            continue;
        };
        let skipped = format!("{}[{}]", finding.rule.code, finding.rule.name);
        if let Some(earlier) = out
            .iter_mut()
            .find(|f| f.rule.code == UNRENDERED_PLACEHOLDER.id.code && f.span == finding.span)
        {
            let note = earlier.note.get_or_insert_with(Default::default);
            note.to_mut().push_str(&format!(", {skipped}"));
            continue;
        }
        let mut replacement = UNRENDERED_PLACEHOLDER
            .finding(format!(
                "`{}` is a placeholder: the check on this value was skipped",
                crate::text::clip(placeholder)
            ))
            .label("placeholder, not a value")
            .help("render it and check the result: `envsubst < file.yaml | podlife validate -`")
            .note(match &finding.note {
                // What the skipped finding said about the rest of the pod still holds.
                Some(note) => format!("skipped: {skipped} ({note})"),
                None => format!("skipped: {skipped}"),
            });
        replacement.severity = Severity::Warning;
        replacement.span = finding.span;
        replacement.path = finding.path;
        replacement.span_path = finding.span_path;
        replacement.target = finding.target;
        replacement.file = finding.file;
        replacement.object = finding.object;
        out.push(replacement);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envsubst_placeholders_and_not_kubernetes_expansion() {
        assert_eq!(first_placeholder("$KSA_NAME"), Some("$KSA_NAME"));
        assert_eq!(first_placeholder("${KSA_NAME}"), Some("${KSA_NAME}"));
        assert_eq!(first_placeholder("${PORT:-9002}"), Some("${PORT:-9002}"));
        assert_eq!(first_placeholder("prefix-$ENV-suffix"), Some("$ENV"));
        assert_eq!(first_placeholder("$(POD_NAME)"), None);
        assert_eq!(first_placeholder("$$HOME"), None);
        assert_eq!(first_placeholder("cost: 5$"), None);
        assert_eq!(first_placeholder("${}"), None);
        assert_eq!(first_placeholder("$1"), None);
        assert_eq!(first_placeholder("é$ü"), None);
    }
}
