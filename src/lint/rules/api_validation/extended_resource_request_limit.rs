//! PL124 `extended-resource-request-limit`: an extended resource or hugepages request differs from its limit.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::{ResourceScope, resource_scopes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// an extended resource or hugepages request differs from its limit.
pub static RULE: Rule = Rule {
    id: "PL124",
    name: "extended-resource-request-limit",
    severity: Severity::Error,
    summary: "an extended resource or hugepages request differs from its limit",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an extended resource (such as `nvidia.com/gpu`) or `hugepages-<size>` whose request is not equal to its limit, or that has a request and no limit.

## Why
These resources cannot be overcommitted, so the API server rejects the pod (`spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2`, `spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources`).

## Example
```yaml
resources:
  requests: {nvidia.com/gpu: 1}
  limits:   {nvidia.com/gpu: 2}
```

## How to fix
Set only the limit (the request defaults to it), or make both equal.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateResourceRequirements`; `pkg/apis/core/helper/helpers.go` `IsOvercommitAllowed` (`FieldValueInvalid`, `FieldValueRequired`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name, request) in scope.entries() {
            if field != "requests" || resource_names::overcommit_allowed(name) {
                continue;
            }
            let spot = scope.entry_spot("requests", name);
            let problem = match ResourceScope::get(scope.limits, name) {
                Some(limit) if request.cmp_value(limit).is_ne() => Problem::new(
                    scope.path().child("requests"),
                    k8s_type::INVALID,
                    Some(request.to_string()),
                    format!(
                        "{} requests {request} `{name}` but its limit is {limit}",
                        scope.who()
                    ),
                    format!("must be equal to `{name}` limit of {limit}"),
                    format!(
                        "set only the `{name}` limit (the request defaults to it), or make both {limit}"
                    ),
                ),
                Some(_) => continue,
                None if scope.limits.is_some_and(|l| l.contains_key(name)) => continue,
                None => Problem::new(
                    scope.path().child("limits"),
                    k8s_type::REQUIRED,
                    None,
                    format!("{} requests `{name}` without a limit", scope.who()),
                    format!("`{name}` cannot be overcommitted: its limit must be set"),
                    format!(
                        "move `{name}` from `requests` to `limits` (the request defaults to the limit)"
                    ),
                ),
            };
            findings.push(problem.pointing_at(spot).into_finding(&RULE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(resources: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: ctr\n    image: image\n    resources:\n{resources}"
        )
    }

    // TestHugePagesIsolation "Invalid: request 1Gi hugepages-2Mi but limit 2Gi" and its valid rows.
    #[test]
    fn hugepages_request_equals_limit() {
        let bad = "      requests: {cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi}\n      limits: {cpu: \"10\", memory: 10G, hugepages-2Mi: 2Gi}\n";
        assert_eq!(
            k8s_errors(&RULE, &pod(bad), true),
            [(
                "spec.containers[0].resources.requests".to_string(),
                "FieldValueInvalid"
            )]
        );
        let good = "      requests: {cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi, hugepages-1Gi: 2Gi}\n      limits: {cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi, hugepages-1Gi: 2Gi}\n";
        assert!(k8s_errors(&RULE, &pod(good), true).is_empty());
    }

    #[test]
    fn extended_request_needs_limit() {
        assert_eq!(
            k8s_errors(
                &RULE,
                &pod("      requests: {nvidia.com/gpu: \"1\"}\n"),
                false
            ),
            [(
                "spec.containers[0].resources.limits".to_string(),
                "FieldValueRequired"
            )]
        );
        assert!(
            k8s_errors(
                &RULE,
                &pod("      limits: {nvidia.com/gpu: \"1\"}\n"),
                false
            )
            .is_empty()
        );
        assert!(
            k8s_errors(&RULE, &pod("      limits: {nvidia.com/gpu: \"1\"}\n"), true).is_empty()
        );
    }
}
