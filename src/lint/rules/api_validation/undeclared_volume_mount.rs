//! PL117 `undeclared-volume-mount`: a volume mount names no volume of the pod.

use crate::text::closest;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a volume mount names no volume of the pod.
pub static RULE: Rule = Rule {
    id: "PL117",
    name: "undeclared-volume-mount",
    severity: Severity::Error,
    summary: "a volume mount names no volume of the pod",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `volumeMounts` entry without a `name`, or whose `name` matches none of the pod's `spec.volumes` (nor, in a StatefulSet, its `volumeClaimTemplates`).

## Why
The API server rejects the pod (`spec.containers[0].volumeMounts[0].name: Not found: "config"`). A mount only says where a volume goes; the volume itself must be declared once at the pod level so that init containers, sidecars and app containers can share it.

## Example
```yaml
spec:
  volumes:
  - name: data
    emptyDir: {}
  containers:
  - name: app
    volumeMounts:
    - name: date      # typo
      mountPath: /var/lib/app
```

## How to fix
Fix the name, or declare the volume under `spec.volumes`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateVolumeMounts` (`FieldValueRequired`, `FieldValueNotFound`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    // A StatefulSet's claim templates become volumes of each of its pods.
    let volumes: Vec<&str> = context
        .pod
        .spec
        .volumes
        .iter()
        .flatten()
        .filter_map(|volume| volume.name.as_deref())
        .chain(
            context
                .object
                .volume_claim_templates
                .iter()
                .map(String::as_str),
        )
        .collect();
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            let at = || {
                context
                    .container_path(list, index)
                    .child("volumeMounts")
                    .index(mount_index)
                    .child("name")
            };
            let name = mount.name.as_deref().unwrap_or("");
            let problem = if name.is_empty() {
                Problem::new(
                    at(),
                    k8s_type::REQUIRED,
                    None,
                    format!("volume mount #{} of {who} has no `name`", mount_index + 1),
                    "`name` is required",
                    "add `name:` with the name of a volume in `spec.volumes`",
                )
            } else if volumes.contains(&name) {
                continue;
            } else {
                let help = match closest(name, &volumes) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None if volumes.is_empty() => {
                        format!(
                            "declare it under `spec.volumes` (e.g. `- name: {name}` with `emptyDir: {{}}`)"
                        )
                    }
                    None => format!(
                        "use one of {}, or declare `{name}` under `spec.volumes`",
                        volumes
                            .iter()
                            .map(|v| format!("`{v}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                Problem::new(
                    at(),
                    k8s_type::NOT_FOUND,
                    Some(name.to_string()),
                    format!("{who} mounts volume `{name}`, which the pod does not declare"),
                    "not found in `spec.volumes`",
                    help,
                )
            };
            findings.push(problem.into_finding(&RULE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateContainers "unknown volume name"; TestValidateVolumeMounts "empty name".
    #[test]
    fn stateful_set_claim_templates_are_volumes() {
        let text = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: web}\nspec:\n  serviceName: web\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n        volumeMounts: [{name: www, mountPath: /usr/share/nginx/html}]\n  volumeClaimTemplates:\n  - metadata: {name: www}\n    spec:\n      accessModes: [ReadWriteOnce]\n      resources: {requests: {storage: 1Gi}}\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
        let text = text.replace("name: www}\n    spec", "name: other}\n    spec");
        assert_eq!(k8s_errors(&RULE, &text, false).len(), 1);
    }

    #[test]
    fn k7_mounts_name_declared_volumes() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: abc\n    image: image\n    volumeMounts: [{name: anything, mountPath: /foo}]\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].volumeMounts[0].name".to_string(),
                "FieldValueNotFound"
            )]
        );
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes: [{name: abc, emptyDir: {}}]\n  containers:\n  - name: abc\n    image: image\n    volumeMounts: [{name: \"\", mountPath: /foo}, {name: abc, mountPath: /bar}]\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].volumeMounts[0].name".to_string(),
                "FieldValueRequired"
            )]
        );
    }
}
