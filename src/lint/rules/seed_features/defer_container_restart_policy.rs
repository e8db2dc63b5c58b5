//! PL200 `defer-container-restart-policy`: a defer container's `restartPolicy` is not `Never` or `Always`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a defer container's `restartPolicy` is not `Never` or `Always`.
pub static RULE: Rule = Rule {
    id: "PL200",
    name: "defer-container-restart-policy",
    severity: Severity::Error,
    summary: "a defer container's `restartPolicy` is not `Never` or `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a defer container whose container-level `restartPolicy` is anything but `Never` (the default) or `Always`.

## Why
Defer containers run one at a time when the pod terminates (docs/semantics.md D5, D6). A failed one is either recorded and skipped (`Never`) or restarted with backoff while the grace period lasts (`Always`); the proposal offers exactly these two ("restartAlways or restartNever"). `OnFailure` or a typo has no meaning there.

## Example
```yaml
deferContainers:
- name: flush
  image: my-utils:1.0
  restartPolicy: OnFailure   # not supported
```

## How to fix
Use `restartPolicy: Always` to retry the container until it succeeds or the grace period ends, or remove the field for `Never`.

## Kubernetes reference
The defer-containers proposal (docs/semantics.md P3) ("Restart policy could be either restartAlways or restartNever"); docs/semantics.md D1. Field error type `FieldValueNotSupported`, as `validateInitContainers` reports a bad init-container `restartPolicy`.
"#,
};

/// The container-level restart policies a defer container may have.
const SUPPORTED: [&str; 2] = ["Never", "Always"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (index, container) in context.pod.defer_containers().iter().enumerate() {
        let Some(policy) = container.restart_policy.as_deref() else {
            continue;
        };
        if SUPPORTED.contains(&policy) {
            continue;
        }
        let fixed = SUPPORTED.iter().find(|s| s.eq_ignore_ascii_case(policy));
        let help = match fixed {
            Some(supported) => format!("write `{supported}`"),
            None => "use `Always` to retry it while the grace period lasts, or remove the field for `Never` (the default)".to_string(),
        };
        let mut finding = RULE
            .finding(format!(
                "{} has `restartPolicy: {policy}`",
                ContainerList::Defer.describe_container(container, index)
            ))
            .at(context
                .container_path(ContainerList::Defer, index)
                .child("restartPolicy"))
            .label("supported values: `Never`, `Always`")
            .help(help)
            .k8s("FieldValueNotSupported", Some(policy.to_string()));
        if let Some(fixed) = fixed {
            finding = finding.fixed_by(
                crate::finding::Applicability::Safe,
                crate::yaml::writer::string(fixed),
            );
        }
        findings.push(finding);
    }
}
