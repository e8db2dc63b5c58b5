//! PL136 `field-dropped-by-feature-gate`: the API server clears a field because its feature
//! gate is off in the chosen release.

use crate::k8s::cluster::dropped_fields::Removal;
use crate::k8s::cluster::feature_gates;
use crate::lint::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the API server clears a field because its feature gate is off.
pub static RULE: Rule = Rule {
    id: "PL136",
    name: "field-dropped-by-feature-gate",
    severity: Severity::Warning,
    summary: "the API server clears a field because its feature gate is off",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a field whose feature gate is off in the release checked for (its default there, or `--feature-gates`): a sidecar's `restartPolicy` without `SidecarContainers`, `resizePolicy` without `InPlacePodVerticalScaling`, pod-level `resources` without `PodLevelResources`, a `sleep` hook without `PodLifecycleSleepAction`, `restartPolicy`/`restartPolicyRules` on regular containers without `ContainerRestartRules`, `fileKeyRef` without `EnvFiles`, `stopSignal` without `ContainerStopSignals`, `spec.resourceClaims` and containers' `resources.claims` without `DynamicResourceAllocation` (off by default before 1.34). The rest of the pod is then checked without the field, as the API server validates it; what that breaks is reported by the rules concerned (a hook left with no handler, a sidecar that became a regular init container with probes).

## Why
The API server accepts the pod and silently stores it without the field: no error, no warning. A sidecar becomes an init container that never finishes, a hook does nothing, a pod-level limit is gone.

## Example
```yaml
# podlife validate --kubernetes-version 1.33   (PodLevelResources is alpha, off)
spec:
  resources:
    limits: {cpu: "2"}
```

## How to fix
Enable the gate on the cluster (and tell podlife with `--feature-gates Name=true`), target a release where it is on by default, or remove the field.

## Kubernetes reference
`pkg/api/pod/util.go` `dropDisabledPodFields` (a new object has nothing "in use", so the field is cleared); gate defaults from `pkg/features/kube_features.go`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let version = context.gates.version();
    for removed in context.removed {
        let Removal::Dropped(gate) = removed.removal else {
            continue;
        };
        let Some(row) = feature_gates::row(gate) else {
            continue;
        };
        let name = removed.path.to_string();
        findings.push(
            RULE.finding(format!(
                "the API server drops `{name}`: feature gate {} is off",
                row.name
            ))
            .at(removed.path.clone())
            .on_key()
            .label(format!("dropped: {} is off", row.name))
            .note(format!("{} is {}", row.name, row.describe_in(version)))
            .help(format!(
                "if the cluster enables it, say so with `--feature-gates {}=true`; otherwise remove the field",
                row.name
            )),
        );
    }
}
