//! PL008 `no-containers`: a pod has no app containers.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a pod has no app containers.
pub static RULE: Rule = Rule {
    id: "PL008",
    name: "no-containers",
    severity: Severity::Error,
    summary: "a pod has no app containers",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod spec (or pod template) without any entry in `containers`.

## Why
The API server requires at least one app container (`spec.containers: Required value`); init and defer containers alone are not a pod.

## Example
```yaml
spec:
  initContainers:
  - name: setup
    image: busybox
  # no `containers`
```

## How to fix
Add the app container(s) under `spec.containers`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainers` (`FieldValueRequired`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.containers().is_empty() {
        findings.push(
            RULE.finding("pod has no app containers")
                .at(context.pod_path("spec.containers"))
                .label("`containers` is required")
                .help("add at least one container under `spec.containers`")
                .k8s("FieldValueRequired", None),
        );
    }
}
