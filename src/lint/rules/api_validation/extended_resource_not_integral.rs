//! PL123 `extended-resource-not-integral`: an extended resource is asked for in fractions.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::resource_scopes;
use crate::lint::rules::{Origin, PodContext, Rule};

/// an extended resource is asked for in fractions.
pub static RULE: Rule = Rule {
    id: "PL123",
    name: "extended-resource-not-integral",
    severity: Severity::Error,
    summary: "an extended resource is asked for in fractions",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a request or limit of an extended resource (a name with a domain, such as `nvidia.com/gpu`) that is not a whole number.

## Why
The API server rejects the pod (`spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "500m": must be an integer`). Devices are handed out whole; sharing a GPU takes time-slicing or MIG, configured on the node.

## Example
```yaml
resources:
  limits:
    nvidia.com/gpu: 0.5
```

## How to fix
Ask for a whole number of devices.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateResourceQuantityValue`; `pkg/apis/core/helper/helpers.go` `IsIntegerResourceName` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name, quantity) in scope.entries() {
            if !resource_names::is_integer(name) || quantity.milli_value_ceil() % 1000 == 0 {
                continue;
            }
            let whole = quantity.value_ceil().max(1);
            findings.push(
                Problem::new(
                    scope.entry_path(field, name),
                    k8s_type::INVALID,
                    Some(quantity.to_string()),
                    format!("{} asks for {quantity} `{name}`", scope.who()),
                    "must be an integer",
                    format!("ask for a whole number of `{name}`, e.g. {whole}"),
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

    #[test]
    fn extended_resources_are_whole() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: image\n    resources:\n      limits: {nvidia.com/gpu: 500m}\n";
        assert_eq!(
            k8s_errors(&RULE, text, false),
            [(
                "spec.containers[0].resources.limits[nvidia.com/gpu]".to_string(),
                "FieldValueInvalid"
            )]
        );
        let text = text.replace("500m", "\"2\"");
        assert!(k8s_errors(&RULE, &text, false).is_empty());
    }
}
