//! PL155 `invalid-scheduling-gate`: a `schedulingGates` name that is not a qualified name, or
//! one given twice.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a scheduling gate the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL155",
    name: "invalid-scheduling-gate",
    severity: Severity::Error,
    summary: "a `schedulingGates` name that is not a qualified name, or one given twice",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.schedulingGates`: each `name` is a qualified name (`name` or `prefix.example.com/name`) and appears once.

## Why
The API server rejects the pod (`spec.schedulingGates[1]: Duplicate value: "example.com/quota"`). A scheduling gate keeps the pod unscheduled until the controller that owns the name removes it (docs/semantics.md I5); a name twice, or one no controller can own, is a mistake.

## Example
```yaml
schedulingGates:
- name: example.com/quota
- name: example.com/quota
```

## How to fix
Give each gate once, with the name its controller removes.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateSchedulingGates`, `ValidateQualifiedName` (`FieldValueInvalid`, `FieldValueDuplicate`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let at = FieldPath::root().child("spec").child("schedulingGates");
    let mut seen: Vec<&str> = Vec::new();
    for (index, gate) in context.pod.spec.scheduling_gates.iter().flatten().enumerate() {
        let name = gate.name.as_deref().unwrap_or("");
        for reason in names::qualified_name(name) {
            findings.push(
                Problem::new(at.index(index), k8s_type::INVALID, Some(name.to_string()), format!("scheduling gate `{name}` is not a valid name"), reason, "use the name its controller removes (`name` or `prefix.example.com/name`)")
                    .pointing_at(at.index(index).child("name"))
                    .into_finding(&RULE),
            );
        }
        if seen.contains(&name) {
            findings.push(
                Problem::new(at.index(index), k8s_type::DUPLICATE, Some(name.to_string()), format!("scheduling gate `{name}` is given twice"), "duplicate gate", "give each gate once")
                    .pointing_at(at.index(index).child("name"))
                    .into_finding(&RULE),
            );
        }
        seen.push(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidatePodSpec / TestValidateSchedulingGates rows: legal names pass; an illegal name
    // is Invalid and a repeated one Duplicate, both at the entry.
    #[test]
    fn k7_validate_scheduling_gates() {
        let pod = |gates: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  schedulingGates: {gates}\n  containers:\n  - {{name: c, image: image}}\n");
        assert!(k8s_errors(&RULE, &pod("[{name: foo}, {name: bar}]"), false).is_empty());
        assert!(k8s_errors(&RULE, &pod("[{name: example.com/foo}]"), false).is_empty());
        assert_eq!(k8s_errors(&RULE, &pod("[{name: foo}, {name: foo}]"), false), [("spec.schedulingGates[1]".to_string(), "FieldValueDuplicate")]);
        assert_eq!(k8s_errors(&RULE, &pod("[{name: \"invalid name\"}]"), false), [("spec.schedulingGates[0]".to_string(), "FieldValueInvalid")]);
        // IsQualifiedName gives two messages for an empty name (empty, and not matching).
        assert_eq!(k8s_errors(&RULE, &pod("[{name: \"\"}]"), false), vec![("spec.schedulingGates[0]".to_string(), "FieldValueInvalid"); 2]);
    }
}
