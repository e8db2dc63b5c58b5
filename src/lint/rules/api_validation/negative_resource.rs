//! PL121 `negative-resource`: a resource request or limit is negative.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::resource_scopes;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a resource request or limit is negative.
pub static RULE: Rule = Rule {
    id: "PL121",
    name: "negative-resource",
    severity: Severity::Error,
    summary: "a resource request or limit is negative",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a negative quantity under `resources.limits`, `resources.requests` or `overhead`.

## Why
The API server rejects the pod (`spec.containers[0].resources.limits[cpu]: Invalid value: "-10": must be greater than or equal to 0`).

## Example
```yaml
resources:
  requests:
    cpu: -100m
```

## How to fix
Use zero or a positive quantity, or remove the entry.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateResourceQuantityValue`, `ValidateNonnegativeQuantity` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name, quantity) in scope.entries() {
            if !quantity.is_negative() {
                continue;
            }
            let kind = if field == "limits" {
                "limit"
            } else {
                "request"
            };
            findings.push(
                Problem::new(
                    scope.entry_path(field, name),
                    k8s_type::INVALID,
                    Some(quantity.to_string()),
                    format!(
                        "{} has a negative `{name}` {kind} ({quantity})",
                        scope.who()
                    ),
                    "must be greater than or equal to 0",
                    format!("use zero or a positive quantity for `{name}`"),
                )
                .pointing_at(scope.entry_spot(field, name))
                .into_finding(&RULE),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateContainers "Resource CPU invalid", "Resource Requests CPU invalid",
    // "Resource Memory invalid".
    #[test]
    fn k7_negative_quantities() {
        for (resources, path) in [
            ("limits: {cpu: \"-10\", memory: \"0\"}", "limits[cpu]"),
            ("requests: {cpu: \"-10\", memory: \"0\"}", "requests[cpu]"),
            ("limits: {cpu: \"0\", memory: \"-10\"}", "limits[memory]"),
        ] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: abc-123\n    image: image\n    resources:\n      {resources}\n"
            );
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    format!("spec.containers[0].resources.{path}"),
                    "FieldValueInvalid"
                )]
            );
        }
    }
}
