//! PL105 `init-container-restart-policy`: an init container's `restartPolicy` is not `Always`.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::CONTAINER_RESTART_POLICIES;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an init container's `restartPolicy` is not `Always`.
pub static RULE: Rule = Rule {
    id: "PL105",
    name: "init-container-restart-policy",
    severity: Severity::Error,
    summary: "an init container's `restartPolicy` is not `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init container that sets a container-level `restartPolicy` other than `Always`. On an init container the only value is `Always`, which makes it a native sidecar; a regular init container leaves the field out and follows the pod's policy.

## Why
The API server rejects the pod (`spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`). Writing `Never` or `OnFailure` there usually means the author expected per-container restart control, which Kubernetes does not offer for init containers.

## Example
```yaml
initContainers:
- name: migrate
  image: example/migrate:2.1
  restartPolicy: OnFailure
```

## How to fix
Remove `restartPolicy` for a run-to-completion init container (the pod's `restartPolicy` decides retries), or set `restartPolicy: Always` to make it a sidecar that keeps running.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateInitContainerRestartPolicy` (`FieldValueNotSupported`); sidecars: KEP-753.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (index, container) in context.pod.init_containers().iter().enumerate() {
        let Some(policy) = container.restart_policy.as_deref() else {
            continue;
        };
        if policy == "Always" {
            continue;
        }
        // With ContainerRestartRules an init container may also say `Never` or `OnFailure`
        // (`validateInitContainerRestartPolicy` → `validateContainerRestartPolicy`).
        let rules = context.gates.enabled(Gate::ContainerRestartRules);
        if rules && CONTAINER_RESTART_POLICIES.contains(&policy) {
            continue;
        }
        let supported = if rules {
            "supported values: `Always`, `Never`, `OnFailure`"
        } else {
            "supported values: `Always`"
        };
        let who = Who::new(ContainerList::Init, container, index);
        let help = if policy.eq_ignore_ascii_case("always") {
            "write `Always` (the value is case-sensitive)".to_string()
        } else {
            "remove `restartPolicy` (the pod's policy decides retries), or set `restartPolicy: Always` to make it a sidecar".to_string()
        };
        let mut problem = Problem::new(
            context
                .container_path(ContainerList::Init, index)
                .child("restartPolicy"),
            k8s_type::NOT_SUPPORTED,
            Some(policy.to_string()),
            format!("{who} has `restartPolicy: {policy}`"),
            supported,
            help,
        );
        // `always` is certainly `Always`: the only value an init container takes without
        // ContainerRestartRules, and the only one of the three that reads so.
        if policy.eq_ignore_ascii_case("always") {
            problem.replacement = Some("Always".to_string());
        }
        findings.push(problem.into_finding(&RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn pod(policy: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  initContainers:\n  - {{name: init, image: image, restartPolicy: {policy}}}\n  containers:\n  - {{name: app, image: image}}\n"
        )
    }

    // TestValidateInitContainers "Not supported RestartPolicy: OnFailure/Never/invalid/empty",
    // on releases before ContainerRestartRules.
    #[test]
    fn k7_3_only_always_on_init_containers_before_1_34() {
        for (policy, value) in [
            ("OnFailure", "OnFailure"),
            ("Never", "Never"),
            ("invalid", "invalid"),
            ("\"\"", ""),
        ] {
            let text = pod(policy);
            let found: Vec<_> = crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings_in(&text, false, gates(33, ""))
                .into_iter()
                .filter(|f| f.rule.code == RULE.id)
                .collect();
            assert_eq!(found.len(), 1, "{policy}");
            assert_eq!(found[0].bad_value(), Some(value));
            assert_eq!(
                k8s_errors_in(&RULE, &text, gates(33, "")),
                [(
                    "spec.initContainers[0].restartPolicy".to_string(),
                    "FieldValueNotSupported"
                )]
            );
        }
    }

    // validateInitContainerRestartPolicy → validateContainerRestartPolicy with
    // ContainerRestartRules: `Never` and `OnFailure` are valid too.
    #[test]
    fn k7_3_three_values_with_container_restart_rules() {
        for policy in ["Always", "OnFailure", "Never"] {
            assert!(k8s_errors_in(&RULE, &pod(policy), gates(37, "")).is_empty(), "{policy}");
        }
        assert_eq!(
            k8s_errors_in(&RULE, &pod("invalid"), gates(37, "")),
            [("spec.initContainers[0].restartPolicy".to_string(), "FieldValueNotSupported")]
        );
    }

    #[test]
    fn sidecar_passes() {
        for minor in [29, 33, 37] {
            assert!(k8s_errors_in(&RULE, &pod("Always"), gates(minor, "")).is_empty());
        }
    }
}
