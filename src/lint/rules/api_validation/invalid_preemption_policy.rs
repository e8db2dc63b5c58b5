//! PL177 `invalid-preemption-policy`: a `preemptionPolicy` other than `PreemptLowerPriority`
//! or `Never`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::EnumField;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a preemption policy the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL177",
    name: "invalid-preemption-policy",
    severity: Severity::Error,
    summary: "a `preemptionPolicy` that is empty or not `PreemptLowerPriority`/`Never`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.preemptionPolicy`, when given: `PreemptLowerPriority` or `Never` (case-sensitive), not empty.

## Why
The API server rejects the pod (`spec.preemptionPolicy: Unsupported value: "never": supported values: "PreemptLowerPriority", "Never"`). Left out, the policy comes from the pod's PriorityClass; written, it must be one of the two.

## Example
```yaml
spec:
  priorityClassName: batch-low
  preemptionPolicy: never
```

## How to fix
Write `Never` (this pod waits rather than evicting lower-priority pods) or `PreemptLowerPriority`, or leave the field out and let the PriorityClass decide.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidatePodSpec`, `ValidatePreemptionPolicy` (`FieldValueRequired`, `FieldValueNotSupported`).
"#,
};

const SUPPORTED: [&str; 2] = ["PreemptLowerPriority", "Never"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(policy) = context.pod.spec.preemption_policy.as_deref() else { return };
    let field = EnumField {
        name: "preemptionPolicy",
        supported: &SUPPORTED,
        owner: None,
        required_help: "write `PreemptLowerPriority` or `Never`, or remove the field to take the PriorityClass's",
    };
    if let Some(problem) = field.check(context.pod_path("spec.preemptionPolicy"), Some(policy)) {
        findings.push(problem.into_finding(&RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidatePodSpec / ValidatePreemptionPolicy rows.
    #[test]
    fn k7_validate_preemption_policy() {
        let pod = |policy: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  preemptionPolicy: {policy}\n  containers:\n  - {{name: c, image: image}}\n");
        for ok in ["Never", "PreemptLowerPriority"] {
            assert!(k8s_errors(&RULE, &pod(ok), false).is_empty(), "{ok}");
        }
        let at = |t: &'static str| vec![("spec.preemptionPolicy".to_string(), t)];
        assert_eq!(k8s_errors(&RULE, &pod("never"), false), at("FieldValueNotSupported"));
        assert_eq!(k8s_errors(&RULE, &pod("PreemptHigherPriority"), false), at("FieldValueNotSupported"));
        assert_eq!(k8s_errors(&RULE, &pod("\"\""), false), at("FieldValueRequired"));
        let unset = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: c, image: image}\n";
        assert!(k8s_errors(&RULE, unset, false).is_empty());
    }
}
