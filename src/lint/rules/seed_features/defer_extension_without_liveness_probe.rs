//! PL205 `defer-extension-without-liveness-probe`: the liveness-driven extension is on, but a defer container has no liveness probe.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// the liveness-driven extension is on, but a defer container has no liveness probe.
pub static RULE: Rule = Rule {
    id: "PL205",
    name: "defer-extension-without-liveness-probe",
    severity: Severity::Warning,
    summary: "`deferContainerGracePeriodExtension` is on, but a defer container has no `livenessProbe`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each defer container without a `livenessProbe` in a pod with `spec.deferContainerGracePeriodExtension: true`.

## Why
The extension moves the deadline each time the *current* defer container's liveness probe succeeds (docs/semantics.md D9). A defer container without one never extends anything: when it runs past the grace period (+2 s) it is killed and the rest are skipped, exactly as if the extension were off. The proposal recommends a liveness probe on every defer container when the flag is set.

## Example
```yaml
spec:
  deferContainerGracePeriodExtension: true
  deferContainers:
  - name: upload-logs       # no livenessProbe: never extended
    image: my-utils:1.0
```

## How to fix
Give the defer container a `livenessProbe` that succeeds while its work progresses (its `periodSeconds` is the size of each extension), or drop the flag.

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3), "Solution 1"; docs/semantics.md D9.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.defer_container_grace_period_extension != Some(true) {
        return;
    }
    for (index, container) in context.pod.defer_containers().iter().enumerate() {
        if container.liveness_probe.is_some() {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "{} has no `livenessProbe`, so `deferContainerGracePeriodExtension` never extends its grace period",
                    ContainerList::Defer.describe_container(container, index)
                ),
            )
            .at(context.container_path(ContainerList::Defer, index).child("name"))
            .label("no `livenessProbe`")
            .help("add a `livenessProbe` that succeeds while the cleanup progresses; each success extends the deadline by its `periodSeconds`"),
        );
    }
}
