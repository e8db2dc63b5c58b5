//! PL206 `unused-defer-settings`: defer-container settings on a pod without defer containers.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// defer-container settings on a pod without defer containers.
pub static RULE: Rule = Rule {
    id: "PL206",
    name: "unused-defer-settings",
    severity: Severity::Warning,
    summary: "defer-container settings on a pod without defer containers",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `deferTrigger`, `deferContainerGracePeriodExtension`, `deferContainerGracePeriodExtensionInterval`, `deferContainerGracePeriodExtensionCount` or `prePullDeferImages` on a pod that has no `deferContainers`.

## Why
These settings only shape how defer containers run (docs/semantics.md D3, D9, D10, D13). Without defer containers they do nothing, which usually means the containers were lost in an edit or a template, or the settings were copied from another pod.

## Example
```yaml
spec:
  prePullDeferImages: true   # nothing to pre-pull
  containers:
  - name: app
    image: example/app:1.0
```

## How to fix
Add the `deferContainers` the settings were meant for, or remove the settings.

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3) ("PerPopulate Heavy deferContainers", "GracePeriod"); docs/semantics.md D3, D9, D10, D13.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if !context.pod.defer_containers().is_empty() {
        return;
    }
    let spec = &context.pod.spec;
    let settings = [
        ("deferTrigger", spec.defer_trigger.is_some()),
        (
            "deferContainerGracePeriodExtension",
            spec.defer_container_grace_period_extension.is_some(),
        ),
        (
            "deferContainerGracePeriodExtensionInterval",
            spec.defer_container_grace_period_extension_interval
                .is_some(),
        ),
        (
            "deferContainerGracePeriodExtensionCount",
            spec.defer_container_grace_period_extension_count.is_some(),
        ),
        ("prePullDeferImages", spec.pre_pull_defer_images.is_some()),
    ];
    for (field, set) in settings {
        if !set {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "`{field}` is set, but the pod has no `deferContainers`"
            ))
            .at(context.pod_path("spec").child(field))
            .on_key()
            .label("has no effect")
            .help(format!(
                "add the `deferContainers` it is meant for, or remove `{field}`"
            )),
        );
    }
}
