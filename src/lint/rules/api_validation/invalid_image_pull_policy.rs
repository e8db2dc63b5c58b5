//! PL102 `invalid-image-pull-policy`: `imagePullPolicy` is missing or not `Always`, `IfNotPresent` or `Never`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{EnumField, Who};
use crate::lint::rules::{Origin, PodContext, Rule};

/// `imagePullPolicy` is missing or not a supported value.
pub static RULE: Rule = Rule {
    id: "PL102",
    name: "invalid-image-pull-policy",
    severity: Severity::Error,
    summary: "`imagePullPolicy` is missing or not `Always`, `IfNotPresent` or `Never`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a container whose `imagePullPolicy` is not one of `Always`, `IfNotPresent` or `Never` (the values are case-sensitive). With `--no-defaulting`, an unset policy is reported too, as Kubernetes' validation unit tests do; through the API server it is defaulted (`Always` for `:latest` or untagged images, else `IfNotPresent`).

## Why
The API server rejects the pod (`spec.containers[0].imagePullPolicy: Unsupported value: "ifnotpresent"`).

## Example
```yaml
containers:
- name: app
  image: nginx:1.27
  imagePullPolicy: ifNotPresent   # wrong case
```

## How to fix
Use `Always`, `IfNotPresent` or `Never`, spelled exactly so, or leave the field out to get the default.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePullPolicy` (`FieldValueRequired`, `FieldValueNotSupported`); default in `pkg/apis/core/v1/defaults.go` `SetDefaults_Container`.
"#,
};

const SUPPORTED: [&str; 3] = ["Always", "IfNotPresent", "Never"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let owner = Who::new(list, container, index).to_string();
        let field = EnumField {
            name: "imagePullPolicy",
            supported: &SUPPORTED,
            owner: Some(&owner),
            required_help: "set `imagePullPolicy:` to `Always`, `IfNotPresent` or `Never` (the API server would default it)",
        };
        let path = context.container_path(list, index).child("imagePullPolicy");
        if let Some(problem) = field.check(path, container.image_pull_policy.as_deref()) {
            findings.push(problem.into_finding(&RULE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(container: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - {container}\n"
        )
    }

    // TestValidatePullPolicy success rows; TestValidateEphemeralContainers "invalid image pull
    // policy"; K7.5: unset is Required only without defaulting.
    #[test]
    fn k7_5_pull_policy_values() {
        for good in ["Always", "IfNotPresent", "Never"] {
            let text = pod(&format!(
                "{{name: abc, image: image, imagePullPolicy: {good}}}"
            ));
            assert!(k8s_errors(&RULE, &text, true).is_empty(), "{good}");
        }
        let text = pod("{name: debug, image: image, imagePullPolicy: PullThreeTimes}");
        assert_eq!(
            k8s_errors(&RULE, &text, false),
            [(
                "spec.containers[0].imagePullPolicy".to_string(),
                "FieldValueNotSupported"
            )]
        );
        let unset = pod("{name: abc, image: image}");
        assert!(k8s_errors(&RULE, &unset, false).is_empty());
        assert_eq!(
            k8s_errors(&RULE, &unset, true),
            [(
                "spec.containers[0].imagePullPolicy".to_string(),
                "FieldValueRequired"
            )]
        );
    }
}
