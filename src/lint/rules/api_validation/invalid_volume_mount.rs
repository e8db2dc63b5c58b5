//! PL119 `invalid-volume-mount`: a volume mount has no `mountPath`, or a `subPath` that leaves its volume.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a volume mount has no `mountPath`, or a `subPath` that leaves its volume.
pub static RULE: Rule = Rule {
    id: "PL119",
    name: "invalid-volume-mount",
    severity: Severity::Error,
    summary: "a volume mount has no `mountPath`, or a `subPath` that leaves its volume",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a volume mount without `mountPath`, or with a `subPath` that is absolute or contains a `..` element.

## Why
The API server rejects the pod (`spec.containers[0].volumeMounts[0].mountPath: Required value`; `spec.containers[0].volumeMounts.subPath: Invalid value: "../etc": must not contain '..'`). A `subPath` must stay inside the volume, or it could expose the node's files.

## Example
```yaml
volumeMounts:
- name: config
  mountPath: /etc/app/app.conf
  subPath: /app.conf      # must be relative: `app.conf`
```

## How to fix
Give every mount a `mountPath`; write `subPath` relative to the volume's root, without `..`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateVolumeMounts`, `validateLocalDescendingPath` (`FieldValueRequired`, `FieldValueInvalid`). Kubernetes reports `subPath` errors at `volumeMounts.subPath`, without the mount's index; podlife keeps that path and points at the right mount.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        let mounts_path = || context.container_path(list, index).child("volumeMounts");
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            let at = || mounts_path().index(mount_index);
            if mount.mount_path.as_deref().is_none_or(str::is_empty) {
                findings.push(
                    Problem::new(
                        at().child("mountPath"),
                        k8s_type::REQUIRED,
                        None,
                        format!(
                            "volume mount #{} of {who} has no `mountPath`",
                            mount_index + 1
                        ),
                        "`mountPath` is required",
                        "add `mountPath:` with the directory to mount the volume at",
                    )
                    .into_finding(&RULE),
                );
            }
            let Some(sub_path) = mount.sub_path.as_deref().filter(|p| !p.is_empty()) else {
                continue;
            };
            for reason in names::local_descending_path(sub_path) {
                findings.push(
                    Problem::new(
                        mounts_path().child("subPath"),
                        k8s_type::INVALID,
                        Some(sub_path.to_string()),
                        format!("`subPath` `{sub_path}` of {who} leaves the volume"),
                        reason,
                        "write the path relative to the volume's root, without `..`",
                    )
                    .pointing_at(at().child("subPath"))
                    .into_finding(&RULE),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(mount: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  volumes: [{{name: abc, emptyDir: {{}}}}]\n  containers:\n  - name: c\n    image: image\n    volumeMounts: [{mount}]\n"
        )
    }

    // TestValidateVolumeMounts: "empty mountpath", "absolute subpath", "subpath in ..",
    // "subpath contains ..", "subpath ends in .."; success rows `.baz`, `..baz`, "".
    #[test]
    fn k7_mount_paths_and_sub_paths() {
        assert_eq!(
            k8s_errors(&RULE, &pod("{name: abc, mountPath: \"\"}"), true),
            [(
                "spec.containers[0].volumeMounts[0].mountPath".to_string(),
                "FieldValueRequired"
            )]
        );
        for sub_path in ["/baz", "../baz", "baz/../bat", "./.."] {
            let text = pod(&format!(
                "{{name: abc, mountPath: /bar, subPath: \"{sub_path}\"}}"
            ));
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    "spec.containers[0].volumeMounts.subPath".to_string(),
                    "FieldValueInvalid"
                )],
                "{sub_path}"
            );
        }
        for sub_path in ["", "baz", ".baz", "..baz"] {
            let text = pod(&format!(
                "{{name: abc, mountPath: /bab, subPath: \"{sub_path}\"}}"
            ));
            assert!(k8s_errors(&RULE, &text, true).is_empty(), "{sub_path}");
        }
    }
}
