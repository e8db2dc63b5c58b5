//! PL127 `invalid-resize-policy`: a container's `resizePolicy` names a resource or policy Kubernetes does not support.

use std::collections::HashSet;

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container's `resizePolicy` is not valid.
pub static RULE: Rule = Rule {
    id: "PL127",
    name: "invalid-resize-policy",
    severity: Severity::Error,
    summary: "a container's `resizePolicy` names a resource or policy Kubernetes does not support",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each `resizePolicy` entry: `resourceName` is `cpu` or `memory`, at most once; `restartPolicy` is `NotRequired` or `RestartContainer`; and in a pod with `restartPolicy: Never`, only `NotRequired` (a container that may not restart cannot be restarted to resize).

## Why
The API server rejects the pod (`spec.containers[0].resizePolicy: Unsupported value: "RestartContainerrrr"`, `…resizePolicy: Invalid value: "RestartContainer": must be 'NotRequired' when restartPolicy is 'Never'`).

## Example
```yaml
restartPolicy: Never
containers:
- name: job
  resizePolicy:
  - {resourceName: memory, restartPolicy: RestartContainer}
```

## How to fix
Use `cpu`/`memory` once each with `NotRequired` or `RestartContainer`; under `restartPolicy: Never`, only `NotRequired`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateResizePolicy` (`FieldValueDuplicate`, `FieldValueRequired`, `FieldValueNotSupported`, `FieldValueInvalid`; all but the duplicate are reported at `resizePolicy` itself, podlife points at the entry). Ephemeral containers may not set it at all (PL133).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pod_never = context.pod.spec.restart_policy.as_deref() == Some("Never");
    for (list, index, container) in context.all_containers() {
        if list == ContainerList::Ephemeral {
            continue;
        }
        let who = Who::new(list, container, index);
        let base = || context.container_path(list, index).child("resizePolicy");
        let mut seen = HashSet::new();
        for (entry_index, entry) in container.resize_policy.iter().flatten().enumerate() {
            let at = base().index(entry_index);
            let resource = entry.resource_name.as_deref().unwrap_or("");
            let policy = entry.restart_policy.as_deref().unwrap_or("");
            let mut problems = Vec::new();
            if !seen.insert(resource) {
                problems.push(
                    Problem::new(
                        at.clone(),
                        k8s_type::DUPLICATE,
                        Some(resource.to_string()),
                        format!("{who} has two resize policies for `{resource}`"),
                        "duplicate `resourceName`",
                        "keep one entry per resource",
                    )
                    .pointing_at(at.child("resourceName")),
                );
            }
            match resource {
                "cpu" | "memory" => {}
                "" => problems.push(
                    Problem::new(
                        base(),
                        k8s_type::REQUIRED,
                        None,
                        format!(
                            "resize policy #{} of {who} has no `resourceName`",
                            entry_index + 1
                        ),
                        "`resourceName` is required",
                        "set `resourceName: cpu` or `resourceName: memory`",
                    )
                    .pointing_at(at.clone()),
                ),
                other => problems.push(
                    Problem::new(
                        base(),
                        k8s_type::NOT_SUPPORTED,
                        Some(other.to_string()),
                        format!("resize policy of {who} names resource `{other}`"),
                        "supported values: `cpu`, `memory`",
                        "only `cpu` and `memory` can be resized in place",
                    )
                    .pointing_at(at.child("resourceName")),
                ),
            }
            problems.extend(policy_problem(&who, base(), &at, entry_index, policy));
            if pod_never && policy != "NotRequired" {
                problems.push(
                    Problem::new(
                        base(),
                        k8s_type::INVALID,
                        Some(policy.to_string()),
                        format!("{who} restarts to resize `{resource}`, but the pod never restarts containers"),
                        "must be `NotRequired` when the pod's `restartPolicy` is `Never`",
                        "use `restartPolicy: NotRequired` for this resource",
                    )
                    .pointing_at(at.child("restartPolicy")),
                );
            }
            if list == ContainerList::Init
                && !container.is_sidecar()
                && policy == "RestartContainer"
                && context.gates.version().minor() >= 33
            {
                problems.push(non_sidecar_restart(&who, at.child("restartPolicy"), resource));
            }
            findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
        }
        findings.extend(init_container_problem(context, list, index, container).map(|p| p.into_finding(&RULE)));
    }
}

/// The entry's `restartPolicy`: required, and `NotRequired` or `RestartContainer`.
fn policy_problem(
    who: &Who<'_>,
    base: crate::yaml::field_path::FieldPath,
    at: &crate::yaml::field_path::FieldPath,
    entry_index: usize,
    policy: &str,
) -> Option<Problem> {
    match policy {
        "NotRequired" | "RestartContainer" => None,
        "" => Some(
            Problem::new(
                base,
                k8s_type::REQUIRED,
                None,
                format!(
                    "resize policy #{} of {who} has no `restartPolicy`",
                    entry_index + 1
                ),
                "`restartPolicy` is required",
                "set `restartPolicy: NotRequired` or `RestartContainer`",
            )
            .pointing_at(at.clone()),
        ),
        other => Some(
            Problem::new(
                base,
                k8s_type::NOT_SUPPORTED,
                Some(other.to_string()),
                format!("resize policy `{other}` of {who} is not supported"),
                "supported values: `NotRequired`, `RestartContainer`",
                "use `NotRequired` or `RestartContainer`",
            )
            .pointing_at(at.child("restartPolicy")),
        ),
    }
}

/// `RestartContainer` on a regular init container (1.33 on, where init containers may set it).
fn non_sidecar_restart(who: &Who<'_>, at: crate::yaml::field_path::FieldPath, resource: &str) -> Problem {
    Problem::new(
        at,
        k8s_type::INVALID,
        Some("RestartContainer".to_string()),
        format!("{who} restarts to resize `{resource}`, but it is a regular init container"),
        "must not be set to 'RestartContainer' for non-sidecar initContainers",
        "use `NotRequired`; only sidecars restart to resize",
    )
}

/// Before 1.33 (no `AllowSidecarResizePolicy`) no init container may set `resizePolicy`.
fn init_container_problem(
    context: &PodContext<'_>,
    list: ContainerList,
    index: usize,
    container: &crate::k8s::model::Container,
) -> Option<Problem> {
    let version = context.gates.version();
    if list != ContainerList::Init || version.minor() >= 33 || container.resize_policy.is_none() {
        return None;
    }
    let who = Who::new(list, container, index);
    Some(
        Problem::new(
            context.container_path(list, index).child("resizePolicy"),
            k8s_type::INVALID,
            None,
            format!("{who} sets `resizePolicy`, which Kubernetes {version} allows on app containers only"),
            "must not be set for init containers",
            "remove it (sidecars may set it from Kubernetes 1.33)",
        )
        .on_key(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(restart: &str, entries: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: {restart}\n  containers:\n  - name: c\n    image: image\n    resizePolicy:\n{entries}"
        )
    }

    // TestValidateResizePolicy, every row.
    #[test]
    fn k7_validate_resize_policy_table() {
        let ok = [
            (
                "Always",
                "    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n",
            ),
            (
                "Always",
                "    - {resourceName: cpu, restartPolicy: RestartContainer}\n",
            ),
            (
                "Always",
                "    - {resourceName: memory, restartPolicy: NotRequired}\n",
            ),
            ("Always", "    []\n"),
            (
                "Never",
                "    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: NotRequired}\n",
            ),
        ];
        for (restart, entries) in ok {
            assert!(
                k8s_errors(&RULE, &pod(restart, entries), true).is_empty(),
                "{entries}"
            );
        }
        let p = "spec.containers[0].resizePolicy";
        let bad = [
            (
                "Always",
                "    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: Restarrrt}\n",
                vec![(p.to_string(), "FieldValueNotSupported")],
            ),
            (
                "Always",
                "    - {resourceName: cpu, restartPolicy: RestartNotRequirrred}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n",
                vec![(p.to_string(), "FieldValueNotSupported")],
            ),
            (
                "Always",
                "    - {resourceName: cpuuu, restartPolicy: NotRequired}\n",
                vec![(p.to_string(), "FieldValueNotSupported")],
            ),
            (
                "Always",
                "    - {resourceName: memory, restartPolicy: \"\"}\n",
                vec![(p.to_string(), "FieldValueRequired")],
            ),
            (
                "Always",
                "    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n    - {resourceName: cpu, restartPolicy: RestartContainer}\n",
                vec![(format!("{p}[2]"), "FieldValueDuplicate")],
            ),
            (
                "Never",
                "    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n",
                vec![(p.to_string(), "FieldValueInvalid")],
            ),
            (
                "Never",
                "    - {resourceName: cpu, restartPolicy: RestartContainer}\n    - {resourceName: memory, restartPolicy: NotRequired}\n",
                vec![(p.to_string(), "FieldValueInvalid")],
            ),
            (
                "Never",
                "    - {resourceName: cpu, restartPolicy: RestartContainer}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n",
                vec![
                    (p.to_string(), "FieldValueInvalid"),
                    (p.to_string(), "FieldValueInvalid"),
                ],
            ),
        ];
        for (restart, entries, expected) in bad {
            assert_eq!(
                k8s_errors(&RULE, &pod(restart, entries), true),
                expected,
                "{entries}"
            );
        }
    }
}
