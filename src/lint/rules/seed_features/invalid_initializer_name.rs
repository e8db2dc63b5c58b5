//! PL209 `invalid-initializer-name`: a pending initializer's name is not a valid (fully qualified) name.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a pending initializer's name is not a valid (fully qualified) name.
pub static RULE: Rule = Rule {
    id: "PL209",
    name: "invalid-initializer-name",
    severity: Severity::Error,
    summary: "a pending initializer's name is not a valid, fully qualified name",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the names in `metadata.initializers`. In the alpha API form (`pending: [{name: …}]`) each name must be a fully qualified name, as Kubernetes' `ValidateInitializers` required: not empty, a lowercase RFC 1123 subdomain, and at least three dot-separated segments (`sizer.example.com`). In the proposal's form (a mapping of names, docs/semantics.md I1) a name must be a non-empty RFC 1123 subdomain; the proposal's own example `initial-sizer` is valid there.

## Why
An initializer name identifies the external controller that must act on the object before it becomes visible (docs/semantics.md I1, I3). The API server rejected a malformed name, and a name no controller answers to leaves the pod uninitialized forever: the scheduler never sees it. This is metadata validation, so it applies even while the pod is uninitialized (I2).

## Example
```yaml
metadata:
  initializers:
    pending:
    - name: podsizer          # needs at least three segments: podsizer.example.com
```

## How to fix
Use the name the initializer registers, `<name>.<organisation's domain>`, in lowercase.

## Kubernetes reference
`k8s.io/apimachinery/pkg/api/validation/objectmeta.go` `ValidateInitializers` (Kubernetes 1.7–1.13) with `IsFullyQualifiedName` (`FieldValueRequired`, `FieldValueInvalid`); the initializers proposal (docs/semantics.md P4).
"#,
};

const SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(initializers) = &context.pod.metadata.initializers else {
        return;
    };
    let base = context.pod_path("metadata.initializers");
    for (index, name) in initializers.pending.iter().enumerate() {
        let (path, on_key) = if initializers.alpha_form {
            (base.child("pending").index(index).child("name"), false)
        } else {
            (base.key(name), true)
        };
        let Some((k8s_type, label)) = problem(name, initializers.alpha_form) else {
            continue;
        };
        let message = if name.is_empty() {
            "initializer has no name".to_string()
        } else {
            format!("initializer name `{name}` is not valid")
        };
        let mut finding = RULE
            .finding(message)
            .at(path)
            .label(label)
            .help(suggestion(name, initializers.alpha_form))
            .k8s(k8s_type, (!name.is_empty()).then(|| name.clone()));
        if label.starts_with("not a lowercase") {
            finding = finding.note(SUBDOMAIN_MESSAGE);
        }
        if on_key {
            finding = finding.on_key();
        }
        findings.push(finding);
    }
}

/// What is wrong with a name: (field error type, detail), or `None` when it is valid.
fn problem(name: &str, fully_qualified: bool) -> Option<(&'static str, &'static str)> {
    if name.is_empty() {
        return Some(("FieldValueRequired", "a name is required"));
    }
    if name.len() > 253 {
        return Some(("FieldValueInvalid", "must be no more than 253 characters"));
    }
    if !is_dns1123_subdomain(name) {
        return Some(("FieldValueInvalid", "not a lowercase RFC 1123 subdomain"));
    }
    if fully_qualified && name.split('.').count() < 3 {
        return Some((
            "FieldValueInvalid",
            "should be a domain with at least three segments separated by dots",
        ));
    }
    None
}

fn suggestion(name: &str, fully_qualified: bool) -> String {
    let lower: String = name
        .to_ascii_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let lower = lower.trim_matches(|c: char| c == '-' || c == '.');
    let example = match (lower.is_empty(), fully_qualified) {
        (true, _) => "sizer.example.com".to_string(),
        (false, true) if lower.split('.').count() < 3 => format!("{lower}.example.com"),
        (false, _) => lower.to_string(),
    };
    format!("use the name the initializer registers, e.g. `{example}`")
}

/// Kubernetes' `IsDNS1123Subdomain` pattern (length checked by the caller).
fn is_dns1123_subdomain(name: &str) -> bool {
    name.split('.').all(|label| {
        !label.is_empty()
            && label
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fully_qualified_names_match_is_fully_qualified_name() {
        // The cases of apimachinery's IsFullyQualifiedName and the webhook name tests.
        assert_eq!(problem("webhook.k8s.io", true), None);
        assert_eq!(
            problem("k8s.io", true).map(|p| p.1),
            Some("should be a domain with at least three segments separated by dots")
        );
        assert_eq!(problem("", true).map(|p| p.0), Some("FieldValueRequired"));
        assert_eq!(
            problem("Sizer.example.com", true).map(|p| p.1),
            Some("not a lowercase RFC 1123 subdomain")
        );
        assert_eq!(
            problem("a..b.c", true).map(|p| p.1),
            Some("not a lowercase RFC 1123 subdomain")
        );
        assert_eq!(
            problem("-a.b.c", true).map(|p| p.1),
            Some("not a lowercase RFC 1123 subdomain")
        );
        assert_eq!(
            problem(&format!("{}.b.c", "a".repeat(250)), true).map(|p| p.1),
            Some("must be no more than 253 characters")
        );
    }

    #[test]
    fn seed_names_need_only_be_subdomains() {
        assert_eq!(problem("initial-sizer", false), None);
        assert!(problem("Initial_Sizer", false).is_some());
    }

    #[test]
    fn suggestions_are_valid_names() {
        assert_eq!(
            suggestion("podsizer", true),
            "use the name the initializer registers, e.g. `podsizer.example.com`"
        );
        assert_eq!(
            suggestion("Pod_Sizer", false),
            "use the name the initializer registers, e.g. `pod-sizer`"
        );
    }
}
