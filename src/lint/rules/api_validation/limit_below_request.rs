//! PL122 `limit-below-request`: a request is above its limit.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::{ResourceScope, resource_scopes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a request is above its limit.
pub static RULE: Rule = Rule {
    id: "PL122",
    name: "limit-below-request",
    severity: Severity::Error,
    summary: "a request is above its limit",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a resource (cpu, memory, ephemeral-storage, …) whose request is greater than its limit. Extended resources and hugepages, whose request must equal the limit, are PL124's.

## Why
The API server rejects the pod (`spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi`). The scheduler reserves the request; the kubelet enforces the limit: a request above it could never be used.

## Example
```yaml
resources:
  requests: {memory: 1Gi}
  limits:   {memory: 512Mi}
```

## How to fix
Lower the request or raise the limit. Leaving the request out makes it equal to the limit.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateResourceRequirements` (`FieldValueInvalid`, reported at `resources.requests`; podlife points at the request itself).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name, request) in scope.entries() {
            if field != "requests" || !resource_names::overcommit_allowed(name) {
                continue;
            }
            let Some(limit) = ResourceScope::get(scope.limits, name) else {
                continue;
            };
            if request.cmp_value(limit).is_le() {
                continue;
            }
            findings.push(
                Problem::new(
                    scope.path().child("requests"),
                    k8s_type::INVALID,
                    Some(request.to_string()),
                    format!(
                        "{} requests {request} `{name}` but is limited to {limit}",
                        scope.who()
                    ),
                    format!("must be less than or equal to `{name}` limit of {limit}"),
                    format!("lower the `{name}` request to at most {limit}, or raise the limit"),
                )
                .pointing_at(scope.entry_spot("requests", name))
                .into_finding(&RULE),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(resources: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: abc-123\n    image: image\n    resources:\n{resources}"
        )
    }

    // TestValidateContainers "Request limit simple invalid", "CPU request limit multiple
    // invalid", "Memory request limit multiple invalid"; success rows "resources-request-limit-*".
    #[test]
    fn k7_requests_at_most_limits() {
        for resources in [
            "      limits: {cpu: \"5\", memory: \"3\"}\n      requests: {cpu: \"6\", memory: \"3\"}\n",
            "      limits: {cpu: \"5\", memory: \"3\"}\n      requests: {cpu: \"5\", memory: \"4\"}\n",
        ] {
            assert_eq!(
                k8s_errors(&RULE, &pod(resources), true),
                [(
                    "spec.containers[0].resources.requests".to_string(),
                    "FieldValueInvalid"
                )]
            );
        }
        for resources in [
            "      requests: {cpu: \"8\"}\n      limits: {cpu: \"10\"}\n",
            "      requests: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n      limits: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n",
            "      requests: {cpu: \"9.5\", memory: 10G}\n      limits: {cpu: \"10\", my.org/resource: \"10\"}\n",
        ] {
            assert!(k8s_errors(&RULE, &pod(resources), true).is_empty());
        }
    }

    // Defaulting rounds to milli-units first: 1.0001m vs 1.0004m are both 2m (SetDefaults_ResourceList).
    #[test]
    fn compared_after_rounding_to_milli_units() {
        let resources = "      requests: {cpu: 0.0011}\n      limits: {cpu: 0.0019}\n";
        assert!(k8s_errors(&RULE, &pod(resources), false).is_empty());
        let resources = "      requests: {cpu: 0.0019}\n      limits: {cpu: 0.0011}\n";
        assert!(k8s_errors(&RULE, &pod(resources), false).is_empty());
        assert_eq!(k8s_errors(&RULE, &pod(resources), true).len(), 1);
    }
}
