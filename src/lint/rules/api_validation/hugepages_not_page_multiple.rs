//! PL126 `hugepages-not-page-multiple`: a hugepages amount is not a whole number of pages.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::resource_scopes;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a hugepages amount is not a whole number of pages.
pub static RULE: Rule = Rule {
    id: "PL126",
    name: "hugepages-not-page-multiple",
    severity: Severity::Error,
    summary: "a hugepages amount is not a whole number of pages",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `hugepages-<size>` request or limit that is not a positive whole multiple of the page size (for example `3Mi` of `hugepages-2Mi`), or whose size does not parse.

## Why
The API server rejects the pod (`spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi`): pages are allocated whole.

## Example
```yaml
resources:
  limits:
    memory: 1Gi
    hugepages-2Mi: 3Mi
```

## How to fix
Use a multiple of the page size (`4Mi`, `100Mi`, `1Gi` for 2 MiB pages).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateResourceQuantityHugePageValue`; `pkg/apis/core/helper/helpers.go` `IsHugePageResourceValueDivisible` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name, quantity) in scope.entries() {
            if !resource_names::is_hugepages(name)
                || resource_names::hugepages_divisible(name, quantity)
            {
                continue;
            }
            let size = name.trim_start_matches("hugepages-");
            findings.push(
                Problem::new(
                    scope.entry_path(field, name),
                    k8s_type::INVALID,
                    Some(quantity.to_string()),
                    format!("{} asks for {quantity} of `{name}`", scope.who()),
                    format!("{quantity} is not positive integer multiple of {name}"),
                    format!("use a whole number of {size} pages"),
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
    fn hugepages_whole_pages() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: ctr\n    image: image\n    resources:\n      limits: {memory: 1Gi, hugepages-2Mi: 3Mi}\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].resources.limits[hugepages-2Mi]".to_string(),
                "FieldValueInvalid"
            )]
        );
        let text = text.replace("3Mi", "4Mi");
        assert!(k8s_errors(&RULE, &text, false).is_empty());
    }
}
