//! PL210 `pending-initializers`: the pod is not initialized yet, so its validation is loosened.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the pod is not initialized yet, so its validation is loosened.
pub static RULE: Rule = Rule {
    id: "PL210",
    name: "pending-initializers",
    severity: Severity::Info,
    summary: "the pod has pending initializers: strict checks are reported as notes",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Notes a pod whose `metadata.initializers` still lists pending initializers, and lists the strict checks that will fail once it is initialized.

## Why
An uninitialized object may be incomplete on purpose: initializers fill it in (inject a sidecar, set resources) before it becomes visible (the initializers proposal, docs/semantics.md P4). Only metadata and parse-level validation apply until then; the strict validation runs when the last initializer is done, and failing it deletes the pod (docs/semantics.md I2, I4). So podlife reports the strict findings of such a pod as notes saying they will fail once initialized, and this note lists them. `--strict-initialized` (or `strictInitialized: true` in `.podlife.yaml`) validates the pod as if initialization had finished.

## Example
```yaml
metadata:
  initializers:
    pending:
    - name: sizer.example.com
spec:
  containers:
  - name: app               # no image yet: the initializer sets it
```

## How to fix
Nothing to fix if the initializers complete the pod. To check the manifest as it will be validated after initialization, run with `--strict-initialized`.

## Kubernetes reference
The initializers proposal (docs/semantics.md P4) ("When a resource is not initialized, validation rules for editing are loosened"); docs/semantics.md I1, I2, I4; `metadata.initializers` of Kubernetes 1.7–1.13 (alpha).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pending = context.pod.pending_initializers();
    if pending.is_empty() {
        return;
    }
    let names: Vec<String> = pending.iter().map(|name| format!("`{name}`")).collect();
    let (message, help) = if context.strict_initialized {
        (
            format!(
                "pod has pending initializers {}; validated as if initialized",
                names.join(", ")
            ),
            "`--strict-initialized` is on: strict findings are reported at their own severity",
        )
    } else {
        (
            format!(
                "pod has pending initializers {}: validation is loosened until they finish",
                names.join(", ")
            ),
            "run with `--strict-initialized` to validate it as it will be once initialized",
        )
    };
    findings.push(
        RULE.finding(message)
            .at(context.pod_path("metadata.initializers"))
            .on_key()
            .label("not initialized yet")
            .help(help),
    );
}
