//! PL103 `invalid-termination-message-policy`: `terminationMessagePolicy` is missing or not `File` or `FallbackToLogsOnError`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{EnumField, Who};
use crate::lint::rules::{Origin, PodContext, Rule};

/// `terminationMessagePolicy` is missing or not a supported value.
pub static RULE: Rule = Rule {
    id: "PL103",
    name: "invalid-termination-message-policy",
    severity: Severity::Error,
    summary: "`terminationMessagePolicy` is missing or not `File` or `FallbackToLogsOnError`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a container whose `terminationMessagePolicy` is not `File` or `FallbackToLogsOnError`. With `--no-defaulting`, an unset policy is reported too, as Kubernetes' validation unit tests do; through the API server it defaults to `File`.

## Why
The API server rejects the pod (`spec.containers[0].terminationMessagePolicy: Unsupported value: "Logs"`).

## Example
```yaml
containers:
- name: app
  image: nginx:1.27
  terminationMessagePolicy: Logs
```

## How to fix
Use `File` (read `terminationMessagePath`) or `FallbackToLogsOnError` (use the last log lines when the file is empty and the container failed).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerCommon` (`FieldValueRequired`, `FieldValueNotSupported`).
"#,
};

const SUPPORTED: [&str; 2] = ["File", "FallbackToLogsOnError"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let owner = Who::new(list, container, index).to_string();
        let field = EnumField {
            name: "terminationMessagePolicy",
            supported: &SUPPORTED,
            owner: Some(&owner),
            required_help: "set `terminationMessagePolicy: File` (the API server would default it)",
        };
        let path = context.container_path(list, index).child("terminationMessagePolicy");
        if let Some(problem) = field.check(path, container.termination_message_policy.as_deref()) {
            findings.push(problem.into_finding(&RULE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(list: &str, container: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {list}:\n  - {container}\n"
        )
    }

    // TestValidateContainers "invalid message termination policy", "empty message termination
    // policy"; TestValidateInitContainers "invalid termination message policy".
    #[test]
    fn k7_5_termination_message_policy() {
        let unknown = "{name: life-123, image: image, terminationMessagePolicy: Unknown}";
        assert_eq!(
            k8s_errors(&RULE, &pod("containers", unknown), true),
            [(
                "spec.containers[0].terminationMessagePolicy".to_string(),
                "FieldValueNotSupported"
            )]
        );
        assert_eq!(
            k8s_errors(&RULE, &pod("initContainers", unknown), true),
            [(
                "spec.initContainers[0].terminationMessagePolicy".to_string(),
                "FieldValueNotSupported"
            )]
        );
        let empty = "{name: life-123, image: image, terminationMessagePolicy: \"\"}";
        assert_eq!(
            k8s_errors(&RULE, &pod("containers", empty), true),
            [(
                "spec.containers[0].terminationMessagePolicy".to_string(),
                "FieldValueRequired"
            )]
        );
        assert!(k8s_errors(&RULE, &pod("containers", empty), false).is_empty());
        for good in SUPPORTED {
            let text = pod(
                "containers",
                &format!("{{name: a, image: image, terminationMessagePolicy: {good}}}"),
            );
            assert!(k8s_errors(&RULE, &text, true).is_empty());
        }
    }
}
