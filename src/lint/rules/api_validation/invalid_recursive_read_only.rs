//! PL160 `invalid-recursive-read-only`: a volume mount's `recursiveReadOnly` is not a known mode,
//! or asks for a recursive read-only mount on a writable or propagating mount.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type, not_supported};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a volume mount's `recursiveReadOnly` is unknown, or set on a writable or propagating mount.
pub static RULE: Rule = Rule {
    id: "PL160",
    name: "invalid-recursive-read-only",
    severity: Severity::Error,
    summary: "a volume mount's `recursiveReadOnly` is unknown, or set on a writable or propagating mount",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `recursiveReadOnly` on every volume mount as the API server does: the value is `Disabled`, `IfPossible` or `Enabled`; `IfPossible` and `Enabled` need `readOnly: true` and no `mountPropagation` other than `None`.

## Why
The API server rejects the pod (`spec.containers[0].volumeMounts.recursiveReadOnly: Forbidden: may only be specified when readOnly is true`). A recursive read-only mount makes the submounts read-only too, which means nothing for a writable mount and cannot hold while mounts propagate.

## Example
```yaml
volumeMounts:
- name: data
  mountPath: /data
  recursiveReadOnly: Enabled     # needs `readOnly: true`
```

## How to fix
Add `readOnly: true` (and drop `mountPropagation`, or set it to `None`), or remove `recursiveReadOnly`. Where the release has the RecursiveReadOnlyMounts gate off (1.30 by default), the API server drops the field first (PL136) and this check does not apply.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateMountRecursiveReadOnly`, called by `ValidateVolumeMounts` (`FieldValueNotSupported`, `FieldValueForbidden`). Kubernetes reports the error at `volumeMounts.recursiveReadOnly`, without the mount's index; podlife keeps that path and points at the right mount.
"#,
};

const MODES: [&str; 3] = ["Disabled", "Enabled", "IfPossible"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            let Some(mode) = mount.recursive_read_only.as_deref() else {
                continue;
            };
            let who = Who::new(list, container, index);
            // Kubernetes names the list, without the mount's index (as for `subPath`).
            let mounts = context.container_path(list, index).child("volumeMounts");
            let at = mounts.child("recursiveReadOnly");
            let spot = mounts.index(mount_index).child("recursiveReadOnly");
            let forbidden = |message: String, label: &str, help: &str| {
                Problem::new(at.clone(), k8s_type::FORBIDDEN, None, message, label, help)
                    .pointing_at(spot.clone())
                    .into_finding(&RULE)
            };
            match mode {
                "Disabled" => {}
                "Enabled" | "IfPossible" => {
                    if mount.read_only != Some(true) {
                        findings.push(forbidden(
                            format!("`recursiveReadOnly: {mode}` on a writable mount of {who}"),
                            "may only be specified when readOnly is true",
                            "add `readOnly: true` to the mount, or remove `recursiveReadOnly`",
                        ));
                    }
                    if mount
                        .mount_propagation
                        .as_deref()
                        .is_some_and(|propagation| propagation != "None")
                    {
                        findings.push(forbidden(
                            format!("`recursiveReadOnly: {mode}` on a propagating mount of {who}"),
                            "may only be specified when mountPropagation is None or not specified",
                            "remove `mountPropagation` (or set it to `None`), or remove `recursiveReadOnly`",
                        ));
                    }
                }
                _ => findings.push(
                    not_supported(
                        at.clone(),
                        "recursiveReadOnly",
                        mode,
                        &MODES,
                        Some(&who.to_string()),
                    )
                    .pointing_at(spot.clone())
                    .into_finding(&RULE),
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors, k8s_errors_in};

    fn pod(mount: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  volumes: [{{name: v, emptyDir: {{}}}}]\n  containers:\n  - name: c\n    image: image\n    volumeMounts: [{{name: v, mountPath: /v{mount}}}]\n"
        )
    }

    // `ValidateVolumeMounts` passes the list's path, not the mount's.
    const AT: &str = "spec.containers[0].volumeMounts.recursiveReadOnly";

    // `validateMountRecursiveReadOnly`: Disabled on any mount, Enabled and IfPossible on a
    // read-only mount without propagation (or `None`) pass; the rest fail.
    #[test]
    fn k7_validate_mount_recursive_read_only() {
        for ok in [
            "",
            ", recursiveReadOnly: Disabled",
            ", readOnly: true, recursiveReadOnly: Disabled",
            ", readOnly: true, recursiveReadOnly: Enabled",
            ", readOnly: true, recursiveReadOnly: IfPossible",
            ", readOnly: true, recursiveReadOnly: Enabled, mountPropagation: None",
        ] {
            assert!(k8s_errors(&RULE, &pod(ok), false).is_empty(), "{ok}");
        }
        let forbidden = (AT.to_string(), "FieldValueForbidden");
        for bad in [
            ", recursiveReadOnly: Enabled",
            ", readOnly: false, recursiveReadOnly: IfPossible",
            ", readOnly: true, recursiveReadOnly: Enabled, mountPropagation: HostToContainer",
        ] {
            assert_eq!(k8s_errors(&RULE, &pod(bad), false), std::slice::from_ref(&forbidden), "{bad}");
        }
        assert_eq!(
            k8s_errors(&RULE, &pod(", recursiveReadOnly: IfPossible, mountPropagation: Bidirectional"), false),
            [forbidden.clone(), forbidden]
        );
        assert_eq!(
            k8s_errors(&RULE, &pod(", readOnly: true, recursiveReadOnly: enabled"), false),
            [(AT.to_string(), "FieldValueNotSupported")]
        );
    }

    // A dropped field is never validated: with RecursiveReadOnlyMounts off (1.30's default) the
    // API server clears the field first.
    #[test]
    fn k7_not_validated_where_the_gate_drops_it() {
        let text = pod(", recursiveReadOnly: Bogus");
        assert!(k8s_errors_in(&RULE, &text, gates(30, "")).is_empty());
        assert_eq!(k8s_errors_in(&RULE, &text, gates(30, "RecursiveReadOnlyMounts=true")).len(), 1);
        assert_eq!(k8s_errors_in(&RULE, &text, gates(31, "")).len(), 1);
    }
}
