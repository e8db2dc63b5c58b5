//! PL010 `container-image-required`: a container has no image.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container has no image.
pub static RULE: Rule = Rule {
    id: "PL010",
    name: "container-image-required",
    severity: Severity::Error,
    summary: "a container has no image",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init, app or defer container without an `image`. (Pod templates of workloads are held to the same rule, as the API server does.)

## Why
The API server rejects it (`spec.containers[0].image: Required value`); there is nothing to run.

## Example
```yaml
containers:
- name: app      # no `image`
```

## How to fix
Add `image:` with the image reference, ideally pinned to a tag or digest.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerCommon` (`FieldValueRequired`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        if container
            .image
            .as_deref()
            .is_none_or(str::is_empty)
        {
            findings.push(
                RULE.finding(format!(
                    "{} has no `image`",
                    list.describe_container(container, index)
                ))
                .at(context.container_path(list, index).child("image"))
                .label("`image` is required")
                .help("add `image:` with the image to run, pinned to a tag or digest")
                .k8s("FieldValueRequired", None),
            );
        }
    }
}
