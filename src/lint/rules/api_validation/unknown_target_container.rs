//! PL143 `unknown-target-container`: an ephemeral container's `targetContainerName` names no
//! app or init container of the pod.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an ephemeral container targets a container the pod does not have.
pub static RULE: Rule = Rule {
    id: "PL143",
    name: "unknown-target-container",
    severity: Severity::Error,
    summary: "an ephemeral container's `targetContainerName` names no container of the pod",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an ephemeral container whose `targetContainerName` is not the name of one of the pod's app or init containers (sidecars included; another ephemeral container does not count).

## Why
The API server rejects the update (`spec.ephemeralContainers[0].targetContainerName: Not found: "app"`). `kubectl debug --target` fills this in; a saved or hand-written manifest can name a container that was renamed.

## Example
```yaml
ephemeralContainers:
- name: debugger
  image: busybox:1.36
  targetContainerName: ap
```

## How to fix
Name a container the pod has, or leave the field out to not share its process namespace.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateEphemeralContainers` (`FieldValueNotFound`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let pod = context.pod;
    let names: Vec<&str> = pod
        .containers()
        .iter()
        .chain(pod.init_containers())
        .filter_map(|c| c.name.as_deref())
        .collect();
    for (index, container) in pod.ephemeral_containers().iter().enumerate() {
        let Some(target) = container.target_container_name.as_deref().filter(|t| !t.is_empty()) else {
            continue;
        };
        if names.contains(&target) {
            continue;
        }
        let who = Who::new(ContainerList::Ephemeral, container, index);
        let help = match crate::text::closest(target, &names) {
            Some(close) => format!("did you mean `{close}`?"),
            None => format!("name one of: {}", names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
        };
        findings.push(
            Problem::new(
                context.container_path(ContainerList::Ephemeral, index).child("targetContainerName"),
                k8s_type::NOT_FOUND,
                Some(target.to_string()),
                format!("{who} targets `{target}`, which is not a container of the pod"),
                "no app or init container of that name",
                help,
            )
            .into_finding(&RULE),
        );
    }
}
