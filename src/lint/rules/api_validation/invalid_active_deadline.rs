//! PL129 `invalid-active-deadline`: the pod's `activeDeadlineSeconds` is below 1 or above 2147483647.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the pod's `activeDeadlineSeconds` is out of range.
pub static RULE: Rule = Rule {
    id: "PL129",
    name: "invalid-active-deadline",
    severity: Severity::Error,
    summary: "the pod's `activeDeadlineSeconds` is below 1 or above 2147483647",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `spec.activeDeadlineSeconds` below 1 or above 2147483647.

## Why
The API server rejects the pod (`spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive`). A deadline of 0 would fail the pod the moment it starts.

## Example
```yaml
spec:
  activeDeadlineSeconds: 0
```

## How to fix
Use the number of seconds the pod may run (counted from when the kubelet admits it, init containers included), or remove the field for no deadline.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidatePodSpec` (`FieldValueInvalid`).
"#,
};

const MAX: i64 = i32::MAX as i64;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(seconds) = context.pod.spec.active_deadline_seconds else {
        return;
    };
    if (1..=MAX).contains(&seconds) {
        return;
    }
    findings.push(
        Problem::new(
            context.pod_path("spec.activeDeadlineSeconds"),
            k8s_type::INVALID,
            Some(seconds.to_string()),
            format!("`activeDeadlineSeconds` is {seconds}"),
            format!("must be between 1 and {MAX}, inclusive"),
            "use the seconds the pod may run (at least 1), or remove the field for no deadline",
        )
        .into_finding(&RULE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    #[test]
    fn deadline_range() {
        for (value, ok) in [
            ("1", true),
            ("2147483647", true),
            ("0", false),
            ("-1", false),
            ("2147483648", false),
        ] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  activeDeadlineSeconds: {value}\n  containers:\n  - {{name: a, image: image}}\n"
            );
            let found = k8s_errors(&RULE, &text, false);
            assert_eq!(found.is_empty(), ok, "{value}");
            if !ok {
                assert_eq!(
                    found,
                    [(
                        "spec.activeDeadlineSeconds".to_string(),
                        "FieldValueInvalid"
                    )]
                );
            }
        }
    }
}
