//! PL125 `hugepages-without-cpu-or-memory`: hugepages are asked for without cpu or memory.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::{ResourceOwner, resource_scopes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// hugepages are asked for without cpu or memory.
pub static RULE: Rule = Rule {
    id: "PL125",
    name: "hugepages-without-cpu-or-memory",
    severity: Severity::Error,
    summary: "hugepages are asked for without cpu or memory",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `resources` that request or limit `hugepages-<size>` but neither cpu nor memory.

## Why
The API server rejects the pod (`spec.containers[0].resources: Forbidden: HugePages require cpu or memory`): hugepages are accounted together with memory in the container's cgroup.

## Example
```yaml
resources:
  limits:
    hugepages-2Mi: 100Mi
```

## How to fix
Add a memory (or cpu) request or limit next to the hugepages.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateResourceRequirements` (`FieldValueForbidden`); `TestHugePagesIsolation`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        if scope.owner() == ResourceOwner::Overhead {
            continue;
        }
        let names: Vec<&str> = scope.names().into_iter().map(|(_, name)| name).collect();
        let Some(hugepages) = names.iter().find(|n| resource_names::is_hugepages(n)) else {
            continue;
        };
        if names.iter().any(|n| matches!(*n, "cpu" | "memory")) {
            continue;
        }
        findings.push(
            Problem::new(
                scope.path(),
                k8s_type::FORBIDDEN,
                None,
                format!(
                    "{} asks for `{hugepages}` but no cpu or memory",
                    scope.who()
                ),
                "hugepages require cpu or memory",
                "add a `memory` (or `cpu`) request or limit",
            )
            .on_key()
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestHugePagesIsolation "Invalid: not requesting cpu and memory".
    #[test]
    fn hugepages_need_cpu_or_memory() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: ctr\n    image: image\n    resources:\n      requests: {hugepages-2Mi: 1Gi}\n      limits: {hugepages-2Mi: 1Gi}\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].resources".to_string(),
                "FieldValueForbidden"
            )]
        );
        let text = text.replace(
            "{hugepages-2Mi: 1Gi}\n      limits",
            "{hugepages-2Mi: 1Gi, memory: 1Gi}\n      limits",
        );
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }
}
