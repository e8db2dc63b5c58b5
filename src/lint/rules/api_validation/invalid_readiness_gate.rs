//! PL154 `invalid-readiness-gate`: a `readinessGates` condition type that is not a qualified
//! name.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a readiness gate's condition type that is not a qualified name.
pub static RULE: Rule = Rule {
    id: "PL154",
    name: "invalid-readiness-gate",
    severity: Severity::Error,
    summary: "a `readinessGates` entry whose `conditionType` is not a qualified name",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each `spec.readinessGates[].conditionType`: a qualified name, like a label key (`name` or `prefix.example.com/name`: letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit, at most 63 characters, with an optional DNS-subdomain prefix).

## Why
The API server rejects the pod (`spec.readinessGates[0].conditionType: Invalid value: "target health": name part must consist of alphanumeric characters, …`). A readiness gate holds the pod unready until a controller sets that condition to `True`; a gate no controller can name would keep it unready for ever.

## Example
```yaml
readinessGates:
- conditionType: target health
```

## How to fix
Use the condition type the controller sets (`target-health.elbv2.k8s.aws/my-target-group`).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateReadinessGates`, `ValidateQualifiedName` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let at = FieldPath::root().child("spec").child("readinessGates");
    for (index, gate) in context.pod.spec.readiness_gates.iter().flatten().enumerate() {
        let condition = gate.condition_type.as_deref().unwrap_or("");
        for reason in names::qualified_name(condition) {
            findings.push(
                Problem::new(
                    at.index(index).child("conditionType"),
                    k8s_type::INVALID,
                    Some(condition.to_string()),
                    format!("readiness gate `{condition}` is not a valid condition type"),
                    reason,
                    "name the condition its controller sets (`name` or `prefix.example.com/name`)",
                )
                .into_finding(&RULE),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidatePodSpec readiness-gate rows: a qualified name passes, others are Invalid.
    #[test]
    fn k7_validate_readiness_gates() {
        let pod = |gate: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  readinessGates: [{{conditionType: \"{gate}\"}}]\n  containers:\n  - {{name: c, image: image}}\n");
        for ok in ["example.com/condition", "Ready2", "target-health.elbv2.k8s.aws/my-tg"] {
            assert!(k8s_errors(&RULE, &pod(ok), false).is_empty(), "{ok}");
        }
        for bad in ["invalid condition type", "", "-leading", "a/b/c"] {
            let found = k8s_errors(&RULE, &pod(bad), false);
            assert!(!found.is_empty() && found.iter().all(|(p, t)| p == "spec.readinessGates[0].conditionType" && *t == "FieldValueInvalid"), "{bad}: {found:?}");
        }
    }
}
