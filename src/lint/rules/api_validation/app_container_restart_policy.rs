//! PL106 `app-container-restart-policy`: an app container sets a container-level `restartPolicy`.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::CONTAINER_RESTART_POLICIES;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
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
        // With ContainerRestartRules (`validateContainerRestartPolicy`): one of three values.
        if context.gates.enabled(Gate::ContainerRestartRules) {
            if !CONTAINER_RESTART_POLICIES.contains(&policy) {
                findings.push(
                    Problem::new(
                        context
                            .container_path(ContainerList::App, index)
                            .child("restartPolicy"),
                        k8s_type::NOT_SUPPORTED,
                        Some(policy.to_string()),
                        format!("{who} has `restartPolicy: {policy}`"),
                        "supported values: `Always`, `Never`, `OnFailure`",
                        "use `Always`, `Never` or `OnFailure`, or remove it to follow the pod's policy",
                    )
                    .into_finding(&RULE),
                );
            }
            continue;
        }
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
    use crate::lint::rules::FIELD_DROPPED_BY_FEATURE_GATE;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn pod(policy: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - {{name: foo, image: image, restartPolicy: {policy}}}\n"
        )
    }

    // TestValidateContainers "Forbidden RestartPolicy: Always/OnFailure/Never/invalid/empty":
    // releases before ContainerRestartRules (1.29–1.33).
    #[test]
    fn k7_3_forbidden_on_app_containers_before_1_34() {
        for minor in [29, 33] {
            for policy in ["Always", "OnFailure", "Never", "invalid", "\"\""] {
                assert_eq!(
                    k8s_errors_in(&RULE, &pod(policy), gates(minor, "")),
                    [(
                        "spec.containers[0].restartPolicy".to_string(),
                        "FieldValueForbidden"
                    )],
                    "1.{minor} {policy}"
                );
            }
        }
    }

    // validateContainerRestartPolicy with ContainerRestartRules (beta, on, from 1.35).
    #[test]
    fn k7_3_three_values_with_container_restart_rules() {
        for policy in ["Always", "OnFailure", "Never"] {
            assert!(k8s_errors_in(&RULE, &pod(policy), gates(37, "")).is_empty(), "{policy}");
        }
        assert_eq!(
            k8s_errors_in(&RULE, &pod("invalid"), gates(35, "")),
            [("spec.containers[0].restartPolicy".to_string(), "FieldValueNotSupported")]
        );
    }

    // dropContainerRestartRules: 1.34 (alpha, off) drops the field before validation.
    #[test]
    fn k7_3_dropped_in_1_34_with_the_gate_off() {
        assert!(k8s_errors_in(&RULE, &pod("Never"), gates(34, "")).is_empty());
        let dropped = k8s_errors_in(&FIELD_DROPPED_BY_FEATURE_GATE, &pod("Never"), gates(34, ""));
        assert_eq!(dropped, [("spec.containers[0].restartPolicy".to_string(), "")]);
    }
}
