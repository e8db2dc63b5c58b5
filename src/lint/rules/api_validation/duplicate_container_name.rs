//! PL101 `duplicate-container-name`: two containers of a pod share a name.

use std::collections::HashMap;

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// two containers of a pod share a name.
pub static RULE: Rule = Rule {
    id: "PL101",
    name: "duplicate-container-name",
    severity: Severity::Error,
    summary: "two containers of a pod share a name",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a container whose name is already used in the pod. Names must be unique across init containers (sidecars included), app containers, ephemeral containers and defer containers.

## Why
The API server rejects the pod (`spec.initContainers[0].name: Duplicate value: "app"`). The kubelet tracks containers, their status and their logs by name; two containers with one name cannot both be reported.

## Example
```yaml
initContainers:
- name: app          # same name as the app container
  image: busybox:1.36
containers:
- name: app
  image: nginx:1.27
```

## How to fix
Rename one of them, e.g. `app-init`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainers`, `validateInitContainers`, `validateEphemeralContainers` (`FieldValueDuplicate`); defer containers per podlife's docs/semantics.md D1. Like Kubernetes, the duplicate is reported on the init container when it clashes with an app container.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    // Kubernetes' order: app containers among themselves, then each init container against
    // app and earlier init containers, then ephemeral containers against all of those.
    let pod = context.pod;
    let order = [
        (ContainerList::App, pod.containers()),
        (ContainerList::Init, pod.init_containers()),
        (ContainerList::Ephemeral, pod.ephemeral_containers()),
        (ContainerList::Defer, pod.defer_containers()),
    ];
    let mut seen: HashMap<&str, (ContainerList, usize)> = HashMap::new();
    for (list, containers) in order {
        for (index, container) in containers.iter().enumerate() {
            let name = container.name();
            if name.is_empty() {
                continue;
            }
            if let Some(&(first_list, first_index)) = seen.get(name) {
                let described = list.describe_nth(index);
                let first = first_list.describe_nth(first_index);
                findings.push(
                    Problem::new(
                        context.container_path(list, index).child("name"),
                        k8s_type::DUPLICATE,
                        Some(name.to_string()),
                        format!("{described} reuses the name `{name}` of {first}"),
                        format!("`{name}` is already the name of {first}"),
                        "rename one of them; names are unique across init, app, ephemeral and defer containers",
                    )
                    .into_finding(&RULE)
                    .related(
                        context.container_path(first_list, first_index).child("name"),
                        format!("{first} is named `{name}` here"),
                    ),
                );
            } else {
                seen.insert(name, (list, index));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(spec: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{spec}")
    }

    // TestValidateContainers "name not unique"; TestValidateInitContainers "duplicate names",
    // "name collision with regular container"; TestValidateEphemeralContainers name collisions.
    #[test]
    fn k7_2_names_unique_across_lists() {
        let cases = [
            (
                "  containers:\n  - {name: abc, image: image}\n  - {name: abc, image: image}\n",
                "spec.containers[1].name",
            ),
            (
                "  initContainers:\n  - {name: init, image: image}\n  - {name: init, image: image}\n  containers:\n  - {name: app, image: image}\n",
                "spec.initContainers[1].name",
            ),
            (
                "  initContainers:\n  - {name: app, image: image}\n  containers:\n  - {name: app, image: image}\n",
                "spec.initContainers[0].name",
            ),
            (
                "  containers:\n  - {name: ctr, image: image}\n  ephemeralContainers:\n  - {name: ctr, image: image}\n  - {name: debug1, image: image}\n",
                "spec.ephemeralContainers[0].name",
            ),
            (
                "  initContainers:\n  - {name: ictr, image: image}\n  containers:\n  - {name: ctr, image: image}\n  ephemeralContainers:\n  - {name: ictr, image: image}\n",
                "spec.ephemeralContainers[0].name",
            ),
            (
                "  containers:\n  - {name: ctr, image: image}\n  ephemeralContainers:\n  - {name: debug1, image: image}\n  - {name: debug1, image: image}\n",
                "spec.ephemeralContainers[1].name",
            ),
            (
                "  containers:\n  - {name: app, image: image}\n  deferContainers:\n  - {name: app, image: image}\n",
                "spec.deferContainers[0].name",
            ),
        ];
        for (spec, path) in cases {
            assert_eq!(
                k8s_errors(&RULE, &pod(spec), false),
                [(path.to_string(), "FieldValueDuplicate")],
                "{spec}"
            );
        }
    }

    #[test]
    fn distinct_names_pass() {
        let text = pod(
            "  initContainers:\n  - {name: a, image: image}\n  containers:\n  - {name: b, image: image}\n  deferContainers:\n  - {name: c, image: image}\n",
        );
        assert!(k8s_errors(&RULE, &text, false).is_empty());
    }
}
