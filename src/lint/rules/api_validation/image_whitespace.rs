//! PL134 `image-whitespace`: a Pod's container image has leading or trailing whitespace.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a Pod's container image has leading or trailing whitespace.
pub static RULE: Rule = Rule {
    id: "PL134",
    name: "image-whitespace",
    severity: Severity::Error,
    summary: "a Pod's container image has leading or trailing whitespace",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an `image` with spaces (or tabs, newlines) before or after the reference, in a Pod. Pod templates keep accepting it for backward compatibility, so workloads are not flagged; their pods are, when the controller creates them.

## Why
The API server rejects the pod (`spec.containers[0].image: Invalid value: " nginx:1.27": must not have leading or trailing whitespace`). A folded YAML scalar or a templating slip often leaves such a space.

## Example
```yaml
containers:
- name: web
  image: " nginx:1.27"
```

## How to fix
Remove the whitespace.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerOnlyForPod` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let is_pod = context.object.kind == "Pod";
    for (list, index, container) in context.all_containers() {
        // `validateContainerOnlyForPod`: every container of a Pod, and ephemeral containers
        // wherever they are (templates keep accepting padded images for compatibility).
        if list == ContainerList::Defer || !(is_pod || list == ContainerList::Ephemeral) {
            continue;
        }
        let Some(image) = container.image.as_deref() else {
            continue;
        };
        // An empty image is PL010's (`Required`); one of only whitespace is `Invalid` here.
        if image.is_empty() || image.trim() == image {
            continue;
        }
        let who = Who::new(list, container, index);
        findings.push(
            Problem::new(
                context.container_path(list, index).child("image"),
                k8s_type::INVALID,
                Some(image.to_string()),
                format!("the image of {who} has leading or trailing whitespace"),
                "must not have leading or trailing whitespace",
                if image.trim().is_empty() {
                    "write the image to run, e.g. `image: nginx:1.27`".to_string()
                } else {
                    format!("write `image: {}`", image.trim())
                },
            )
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateEphemeralContainers "whitespace padded image name"; TestValidateContainers'
    // success rows " " and " some  " are pod templates (allowed there).
    #[test]
    fn pods_only() {
        let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: debug, image: \" image\"}\n";
        assert_eq!(
            k8s_errors(&RULE, pod, false),
            [("spec.containers[0].image".to_string(), "FieldValueInvalid")]
        );
        let template = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      containers:\n      - {name: ghi, image: \" some  \"}\n";
        assert!(k8s_errors(&RULE, template, false).is_empty());
    }
}
