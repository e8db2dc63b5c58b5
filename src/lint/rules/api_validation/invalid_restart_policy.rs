//! PL104 `invalid-restart-policy`: the pod's `restartPolicy` is missing or not `Always`, `OnFailure` or `Never`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::EnumField;
use crate::lint::rules::{Origin, PodContext, Rule};

/// the pod's `restartPolicy` is missing or not a supported value.
pub static RULE: Rule = Rule {
    id: "PL104",
    name: "invalid-restart-policy",
    severity: Severity::Error,
    summary: "the pod's `restartPolicy` is missing or not `Always`, `OnFailure` or `Never`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod (or pod template) whose `spec.restartPolicy` is not `Always`, `OnFailure` or `Never`. With `--no-defaulting`, an unset policy is reported too; through the API server it defaults to `Always`.

## Why
The API server rejects the pod (`spec.restartPolicy: Unsupported value: "always"`). The restart policy decides what the kubelet does when a container exits, and whether a failed init container fails the pod.

## Example
```yaml
spec:
  restartPolicy: Sometimes
```

## How to fix
Use `Always` (services), `OnFailure` (retrying batch work) or `Never` (run once). Workloads restrict it further: Deployments need `Always`, Jobs `OnFailure` or `Never`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateRestartPolicy` (`FieldValueRequired`, `FieldValueNotSupported`).
"#,
};

const SUPPORTED: [&str; 3] = ["Always", "OnFailure", "Never"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let field = EnumField {
        name: "restartPolicy",
        supported: &SUPPORTED,
        owner: None,
        required_help: "set `restartPolicy:` to `Always`, `OnFailure` or `Never` (the API server would default it to `Always`)",
    };
    let path = context.pod_path("spec.restartPolicy");
    if let Some(problem) = field.check(path, context.pod.spec.restart_policy.as_deref()) {
        findings.push(problem.into_finding(&RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(policy: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {policy}\n  containers:\n  - {{name: a, image: image}}\n"
        )
    }

    // TestValidateRestartPolicy: Always/OnFailure/Never pass; "" and "newpolicy" fail.
    #[test]
    fn k7_restart_policy_values() {
        for good in SUPPORTED {
            assert!(k8s_errors(&RULE, &pod(&format!("restartPolicy: {good}")), true).is_empty());
        }
        assert_eq!(
            k8s_errors(&RULE, &pod("restartPolicy: newpolicy"), false),
            [("spec.restartPolicy".to_string(), "FieldValueNotSupported")]
        );
        assert_eq!(
            k8s_errors(&RULE, &pod("restartPolicy: \"\""), true),
            [("spec.restartPolicy".to_string(), "FieldValueRequired")]
        );
        assert!(k8s_errors(&RULE, &pod("restartPolicy: \"\""), false).is_empty());
    }
}
