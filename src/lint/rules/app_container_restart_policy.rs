//! PL106 `app-container-restart-policy`: an app container sets a container-level `restartPolicy`.

use crate::lint::finding::{Finding, Severity};
use crate::lint::rules::helpers::api_validation::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an app container sets a container-level `restartPolicy`.
pub static RULE: Rule = Rule {
    id: "PL106",
    name: "app-container-restart-policy",
    severity: Severity::Error,
    summary: "an app container sets a container-level `restartPolicy`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an app container (in `spec.containers`) with a container-level `restartPolicy`. Only init containers may set it (to `Always`, making them sidecars); app containers follow the pod's `restartPolicy`.

## Why
The API server rejects the pod (`spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers`).

## Example
```yaml
containers:
- name: log-shipper
  image: fluent/fluent-bit:3.1
  restartPolicy: Always
```

## How to fix
Remove the field and set the pod's `spec.restartPolicy` instead, or move the container to `initContainers` with `restartPolicy: Always` to run it as a sidecar that starts before, and stops after, the app containers.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainers` (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (index, container) in context.pod.containers().iter().enumerate() {
        let Some(policy) = container.restart_policy.as_deref() else {
            continue;
        };
        let who = Who::new(ContainerList::App, container, index);
        findings.push(
            Problem::new(
                context
                    .container_path(ContainerList::App, index)
                    .child("restartPolicy"),
                k8s_type::FORBIDDEN,
                Some(policy.to_string()),
                format!("{who} sets a container-level `restartPolicy`"),
                "may not be set for non-init containers",
                "remove it and use the pod's `spec.restartPolicy`, or move the container to `initContainers` with `restartPolicy: Always` to make it a sidecar",
            )
            .on_key()
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::helpers::api_validation::testing::k8s_errors;

    // TestValidateContainers "Forbidden RestartPolicy: Always/OnFailure/Never/invalid/empty".
    #[test]
    fn k7_3_forbidden_on_app_containers() {
        for policy in ["Always", "OnFailure", "Never", "invalid", "\"\""] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - {{name: foo, image: image, restartPolicy: {policy}}}\n"
            );
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    "spec.containers[0].restartPolicy".to_string(),
                    "FieldValueForbidden"
                )],
                "{policy}"
            );
        }
    }
}
