//! PL118 `duplicate-mount-path`: two volume mounts of a container use the same `mountPath`.

use std::collections::HashMap;

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// two volume mounts of a container use the same `mountPath`.
pub static RULE: Rule = Rule {
    id: "PL118",
    name: "duplicate-mount-path",
    severity: Severity::Error,
    summary: "two volume mounts of a container use the same `mountPath`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a volume mount whose `mountPath` another mount of the same container already uses.

## Why
The API server rejects the pod (`spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/data": must be unique`): one directory can hold one mount.

## Example
```yaml
volumeMounts:
- {name: cache, mountPath: /data}
- {name: config, mountPath: /data}
```

## How to fix
Mount the second volume elsewhere (e.g. `/data/config`), or use `subPath` to place single files.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateVolumeMounts` (`FieldValueInvalid`, "must be unique").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            let Some(path) = mount.mount_path.as_deref().filter(|p| !p.is_empty()) else {
                continue;
            };
            if let Some(first) = seen.get(path) {
                findings.push(
                    Problem::new(
                        context
                            .container_path(list, index)
                            .child("volumeMounts")
                            .index(mount_index)
                            .child("mountPath"),
                        k8s_type::INVALID,
                        Some(path.to_string()),
                        format!("{who} mounts two volumes at `{path}`"),
                        format!(
                            "must be unique; volume mount #{} uses it already",
                            first + 1
                        ),
                        "mount one of them elsewhere, or use `subPath` to place single files",
                    )
                    .into_finding(&RULE),
                );
            } else {
                seen.insert(path, mount_index);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateVolumeMounts "mountpath collision".
    #[test]
    fn k7_mount_paths_unique() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes: [{name: foo, emptyDir: {}}, {name: bar, emptyDir: {}}]\n  containers:\n  - name: c\n    image: image\n    volumeMounts: [{name: foo, mountPath: /path/a}, {name: bar, mountPath: /path/a}]\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].volumeMounts[1].mountPath".to_string(),
                "FieldValueInvalid"
            )]
        );
    }
}
