//! PL201 `defer-container-forbidden-field`: a defer container has a readiness or startup probe or lifecycle hooks.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a defer container has a readiness or startup probe or lifecycle hooks.
pub static RULE: Rule = Rule {
    id: "PL201",
    name: "defer-container-forbidden-field",
    severity: Severity::Error,
    summary: "a defer container has a `readinessProbe`, `startupProbe` or `lifecycle`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `readinessProbe`, `startupProbe` or `lifecycle` on a defer container.

## Why
Defer containers are validated like regular init containers (docs/semantics.md D1): they run to completion, one after another, while the pod terminates. Nothing routes traffic to them, so readiness means nothing; nothing waits for them to be started, so a startup probe means nothing; and there is no later stop for a `preStop` hook, nor a start for `postStart` to hold. A `livenessProbe` is allowed: with `deferContainerGracePeriodExtension` it extends the grace period (D9).

## Example
```yaml
deferContainers:
- name: deregister
  image: my-utils:1.0
  readinessProbe:            # forbidden
    exec: {command: [test, -f, /tmp/ready]}
```

## How to fix
Remove the field. To keep a long cleanup alive past the grace period, give it a `livenessProbe` and set `deferContainerGracePeriodExtension: true`.

## Kubernetes reference
docs/semantics.md D1; `pkg/apis/core/validation/validation.go` `validateInitContainers` forbids the same fields on regular init containers (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (index, container) in context.pod.defer_containers().iter().enumerate() {
        let forbidden = [
            (
                "readinessProbe",
                container.readiness_probe.is_some(),
                "a defer container runs to completion and is never ready",
            ),
            (
                "startupProbe",
                container.startup_probe.is_some(),
                "nothing waits for a defer container to be started",
            ),
            (
                "lifecycle",
                container.lifecycle.is_some(),
                "defer containers get no `postStart` or `preStop` hooks",
            ),
        ];
        for (field, present, why) in forbidden {
            if !present {
                continue;
            }
            findings.push(
                RULE.finding(format!(
                    "{} has a `{field}`",
                    ContainerList::Defer.describe_container(container, index)
                ))
                .at(context
                    .container_path(ContainerList::Defer, index)
                    .child(field))
                .on_key()
                .label("forbidden on defer containers")
                .help(format!("remove `{field}`: {why}"))
                .k8s("FieldValueForbidden", None),
            );
        }
    }
}
