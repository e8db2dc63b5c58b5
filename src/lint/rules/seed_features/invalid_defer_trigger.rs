//! PL202 `invalid-defer-trigger`: `spec.deferTrigger` is not `PreExit` or `PostExit`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// `spec.deferTrigger` is not `PreExit` or `PostExit`.
pub static RULE: Rule = Rule {
    id: "PL202",
    name: "invalid-defer-trigger",
    severity: Severity::Error,
    summary: "`spec.deferTrigger` is not `PreExit` or `PostExit`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `spec.deferTrigger` other than `PreExit` (the default) or `PostExit`.

## Why
The trigger decides when app containers are stopped relative to the defer containers (docs/semantics.md D3): with `PreExit` they keep running until the last defer container finishes; with `PostExit` they are terminated at once while the defer containers run. Any other value leaves the order undefined.

## Example
```yaml
spec:
  deferTrigger: BeforeExit   # not a trigger
```

## How to fix
Use `PreExit` (drain or hand over while the app still serves) or `PostExit` (clean up after the app has stopped), spelled exactly so.

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3), "Pre-Exit and Post-Exit workflow"; docs/semantics.md D3 (podlife's field name). Field error type `FieldValueNotSupported`.
"#,
};

/// The supported triggers.
pub const TRIGGERS: [&str; 2] = ["PreExit", "PostExit"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(trigger) = context.pod.spec.defer_trigger.as_deref() else {
        return;
    };
    if TRIGGERS.contains(&trigger) {
        return;
    }
    let help = match crate::text::closest(trigger, &TRIGGERS) {
        Some(known) => format!("did you mean `{known}`?"),
        None => "use `PreExit` (the default) or `PostExit`".to_string(),
    };
    findings.push(
        RULE.finding(format!("`deferTrigger: {trigger}` is not a trigger"))
            .at(context.pod_path("spec.deferTrigger"))
            .label("supported values: `PreExit`, `PostExit`")
            .help(help)
            .k8s("FieldValueNotSupported", Some(trigger.to_string())),
    );
}
