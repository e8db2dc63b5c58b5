//! PL145 `invalid-pod-os`: `spec.os` without a name, or with one Kubernetes does not know.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// `spec.os.name` empty or not `linux`/`windows`.
pub static RULE: Rule = Rule {
    id: "PL145",
    name: "invalid-pod-os",
    severity: Severity::Error,
    summary: "`spec.os` without a `name`, or a name other than `linux` or `windows`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.os`: when it is there, `name` is required and must be `linux` or `windows` (lowercase).

## Why
The API server rejects the pod (`spec.os.name: Required value: cannot be empty`, `spec.os: Unsupported value: "Linux": supported values: "linux", "windows"`). The OS name decides which other fields are allowed and which stop signals a container may use (PL144).

## Example
```yaml
spec:
  os:
    name: Linux
```

## How to fix
Write `linux` or `windows`, or leave `spec.os` out.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateOS` (`FieldValueRequired`, `FieldValueNotSupported`).
"#,
};

const SUPPORTED: [&str; 2] = ["linux", "windows"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(os) = &context.pod.spec.os else {
        return;
    };
    let at = FieldPath::root().child("spec").child("os");
    let problem = match os.name.as_deref().unwrap_or("") {
        "" => Problem::new(
            at.child("name"),
            k8s_type::REQUIRED,
            None,
            "`spec.os` has no `name`",
            "cannot be empty",
            "write `name: linux` or `name: windows`, or remove `spec.os`",
        )
        .pointing_at(at.clone()),
        name if SUPPORTED.contains(&name) => return,
        name => not_supported(at.clone(), "spec.os.name", name, &SUPPORTED, None).pointing_at(at.child("name")),
    };
    findings.push(problem.into_finding(&RULE));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateOS / TestValidatePodSpec `os` rows: a known name passes, an empty one is
    // Required at `spec.os.name`, an unknown one NotSupported at `spec.os`.
    #[test]
    fn k7_validate_os() {
        let pod = |os: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  os: {os}\n  containers:\n  - {{name: c, image: image}}\n");
        assert!(k8s_errors(&RULE, &pod("{name: linux}"), false).is_empty());
        assert!(k8s_errors(&RULE, &pod("{name: windows}"), false).is_empty());
        assert_eq!(k8s_errors(&RULE, &pod("{}"), false), [("spec.os.name".to_string(), "FieldValueRequired")]);
        assert_eq!(k8s_errors(&RULE, &pod("{name: \"\"}"), false), [("spec.os.name".to_string(), "FieldValueRequired")]);
        assert_eq!(k8s_errors(&RULE, &pod("{name: Linux}"), false), [("spec.os".to_string(), "FieldValueNotSupported")]);
        assert_eq!(k8s_errors(&RULE, &pod("{name: darwin}"), false), [("spec.os".to_string(), "FieldValueNotSupported")]);
    }
}
