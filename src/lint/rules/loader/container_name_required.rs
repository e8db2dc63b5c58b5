//! PL009 `container-name-required`: a container has no name.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container has no name.
pub static RULE: Rule = Rule {
    id: "PL009",
    name: "container-name-required",
    severity: Severity::Error,
    summary: "a container has no name",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init, app, defer or ephemeral container without a `name`.

## Why
Every container needs a unique DNS-1123 name; the API server rejects a missing one (`spec.containers[0].name: Required value`), and events, logs and status all refer to containers by name.

## Example
```yaml
containers:
- image: nginx    # no `name`
```

## How to fix
Add `name:` with a lowercase DNS-1123 label, unique in the pod.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerCommon` (`FieldValueRequired`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        if container.name.as_deref().is_none_or(str::is_empty) {
            findings.push(
                RULE.finding(format!("{} has no `name`", list.describe_nth(index)))
                    .at(context.container_path(list, index).child("name"))
                    .label("`name` is required")
                    .help("add `name:` with a lowercase DNS-1123 label, unique in the pod")
                    .k8s("FieldValueRequired", None),
            );
        }
    }
}
