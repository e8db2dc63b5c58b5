//! PL105 `init-container-restart-policy`: an init container's `restartPolicy` is not `Always`.

use crate::lint::finding::{Finding, Severity};
use crate::lint::rules::helpers::api_validation::{Problem, Who, k8s_type};
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
        let who = Who::new(ContainerList::Init, container, index);
        let help = if policy.eq_ignore_ascii_case("always") {
            "write `Always` (the value is case-sensitive)".to_string()
        } else {
            "remove `restartPolicy` (the pod's policy decides retries), or set `restartPolicy: Always` to make it a sidecar".to_string()
        };
        findings.push(
            Problem::new(
                context
                    .container_path(ContainerList::Init, index)
                    .child("restartPolicy"),
                k8s_type::NOT_SUPPORTED,
                Some(policy.to_string()),
                format!("{who} has `restartPolicy: {policy}`"),
                "supported values: `Always`",
                help,
            )
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::helpers::api_validation::testing::k8s_errors;

    // TestValidateInitContainers "Not supported RestartPolicy: OnFailure/Never/invalid/empty".
    #[test]
    fn k7_3_only_always_on_init_containers() {
        for (policy, value) in [
            ("OnFailure", "OnFailure"),
            ("Never", "Never"),
            ("invalid", "invalid"),
            ("\"\"", ""),
        ] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  initContainers:\n  - {{name: init, image: image, restartPolicy: {policy}}}\n  containers:\n  - {{name: app, image: image}}\n"
            );
            let found =
                crate::lint::rules::helpers::api_validation::testing::findings(&RULE, &text, true);
            assert_eq!(found.len(), 1, "{policy}");
            assert_eq!(found[0].bad_value.as_deref(), Some(value));
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    "spec.initContainers[0].restartPolicy".to_string(),
                    "FieldValueNotSupported"
                )]
            );
        }
    }

    #[test]
    fn sidecar_passes() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: proxy, image: image, restartPolicy: Always}\n  containers:\n  - {name: app, image: image}\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
    }
}
