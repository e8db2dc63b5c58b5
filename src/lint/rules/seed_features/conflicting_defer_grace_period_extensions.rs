//! PL204 `conflicting-defer-grace-period-extensions`: both kinds of grace-period extension are set.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// both kinds of grace-period extension are set.
pub static RULE: Rule = Rule {
    id: "PL204",
    name: "conflicting-defer-grace-period-extensions",
    severity: Severity::Error,
    summary: "both the liveness-driven and the interval/count grace-period extension are set",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `spec.deferContainerGracePeriodExtension: true` together with `deferContainerGracePeriodExtensionInterval` or `…Count`.

## Why
The proposal offers two alternative ways to let defer containers outlive the grace period: extend while the current defer container's liveness probe succeeds (docs/semantics.md D9), or extend by a fixed interval a fixed number of times (D10). With both set it is ambiguous which budget holds, so podlife rejects the combination (podlife choice).

## Example
```yaml
spec:
  deferContainerGracePeriodExtension: true
  deferContainerGracePeriodExtensionInterval: 10   # second kind of extension
  deferContainerGracePeriodExtensionCount: 3
```

## How to fix
Keep one: the liveness-driven extension when the cleanup's duration is unpredictable but observable, the interval and count when a fixed upper bound is wanted.

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3), "Solution 1" and "Solution 2"; docs/semantics.md D10. Field error type `FieldValueForbidden`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    if spec.defer_container_grace_period_extension != Some(true) {
        return;
    }
    let field = if spec
        .defer_container_grace_period_extension_interval
        .is_some()
    {
        "deferContainerGracePeriodExtensionInterval"
    } else if spec.defer_container_grace_period_extension_count.is_some() {
        "deferContainerGracePeriodExtensionCount"
    } else {
        return;
    };
    findings.push(
        RULE.finding(format!(
            "`{field}` is set with `deferContainerGracePeriodExtension: true`"
        ))
        .at(context.pod_path("spec").child(field))
        .on_key()
        .label("second kind of grace-period extension")
        .help("keep either the liveness-driven extension or the interval and count, not both")
        .k8s("FieldValueForbidden", None),
    );
}
