//! PL203 `invalid-defer-grace-period-extension`: the interval/count extension settings are out of range or incomplete.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the interval/count extension settings are out of range or incomplete.
pub static RULE: Rule = Rule {
    id: "PL203",
    name: "invalid-defer-grace-period-extension",
    severity: Severity::Error,
    summary: "`deferContainerGracePeriodExtensionInterval`/`Count` are out of range or set alone",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `spec.deferContainerGracePeriodExtensionInterval` below 1, `spec.deferContainerGracePeriodExtensionCount` below 0, and either of the two set without the other.

## Why
After the grace period, the deadline moves by the interval (seconds) at most count times while defer work remains (docs/semantics.md D10). An interval of 0 or less extends nothing (or shortens the budget), a negative count is meaningless, and one without the other leaves the extension undefined (podlife choice: both are required together).

## Example
```yaml
spec:
  deferContainerGracePeriodExtensionInterval: 0   # at least 1
  deferContainerGracePeriodExtensionCount: 3
```

## How to fix
Set both: an interval of at least 1 second and a count of at least 0 (0 turns the extension off).

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3), "Solution 2"; docs/semantics.md D10. Field error types `FieldValueInvalid` and `FieldValueRequired`, as Kubernetes reports ranges and missing fields.
"#,
};

const INTERVAL: &str = "deferContainerGracePeriodExtensionInterval";
const COUNT: &str = "deferContainerGracePeriodExtensionCount";

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let interval = spec.defer_container_grace_period_extension_interval;
    let count = spec.defer_container_grace_period_extension_count;
    if let Some(seconds) = interval.filter(|seconds| *seconds < 1) {
        findings.push(
            RULE.finding(format!("`{INTERVAL}` is {seconds}"))
                .at(context.pod_path("spec").child(INTERVAL))
                .label("must be at least 1 (seconds)")
                .help("set the number of seconds each extension adds, at least 1")
                .k8s("FieldValueInvalid", Some(seconds.to_string())),
        );
    }
    if let Some(times) = count.filter(|times| *times < 0) {
        findings.push(
            RULE.finding(format!("`{COUNT}` is {times}"))
                .at(context.pod_path("spec").child(COUNT))
                .label("must be greater than or equal to 0")
                .help("set how many times the grace period may be extended (0 turns it off)")
                .k8s("FieldValueInvalid", Some(times.to_string())),
        );
    }
    let missing = match (interval, count) {
        (Some(_), None) => Some((COUNT, INTERVAL)),
        (None, Some(_)) => Some((INTERVAL, COUNT)),
        _ => None,
    };
    if let Some((absent, present)) = missing {
        findings.push(
            RULE.finding(format!("`{present}` is set without `{absent}`"))
                .at(context.pod_path("spec").child(present))
                .on_key()
                .label(format!("needs `{absent}`"))
                .help(format!(
                    "set `{absent}` too: the extension needs both an interval and a count"
                ))
                .k8s("FieldValueRequired", None),
        );
    }
}
