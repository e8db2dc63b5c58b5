//! PL208 `legacy-init-containers-conflict`: the legacy annotation and `spec.initContainers` declare different init containers.

use crate::k8s::model::{Container, Pod};
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the legacy annotation and `spec.initContainers` declare different init containers.
pub static RULE: Rule = Rule {
    id: "PL208",
    name: "legacy-init-containers-conflict",
    severity: Severity::Error,
    summary: "the legacy init-container annotation and `spec.initContainers` disagree",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod whose `pod.beta.kubernetes.io/init-containers` (or alpha) annotation declares init containers that differ from its `spec.initContainers` (compared after API defaulting).

## Why
When both are set, `spec.initContainers` wins, as it did when Kubernetes moved init containers to the field (docs/semantics.md A1): the annotation's containers never run. When the two lists differ, some initialization the author wrote is silently dropped. Identical lists (an old client writing both) are only the deprecation warning `legacy-init-containers-annotation`.

## Example
```yaml
metadata:
  annotations:
    pod.beta.kubernetes.io/init-containers: '[{"name": "migrate", "image": "example/migrate:2"}]'
spec:
  initContainers:            # wins: `migrate` never runs
  - name: wait-for-db
    image: busybox:1.36
```

## How to fix
Move every container that should run into `spec.initContainers`, in order, and remove the annotation.

## Kubernetes reference
The 2016 init-containers proposal's alpha annotation; docs/semantics.md A1 (the spec wins).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(legacy) = &context.object.legacy_init else {
        return;
    };
    if !legacy.conflicts_with_spec {
        return;
    }
    let in_spec = context.pod.init_containers();
    if defaulted(&legacy.containers) == defaulted(in_spec) {
        return;
    }
    let names = |containers: &[Container]| {
        containers
            .iter()
            .map(|c| format!("`{}`", c.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ignored: Vec<&Container> = legacy
        .containers
        .iter()
        .filter(|annotated| !in_spec.iter().any(|c| c.name == annotated.name))
        .collect();
    let note = if ignored.is_empty() {
        format!(
            "the annotation declares {} with other settings than `spec.initContainers`",
            names(&legacy.containers)
        )
    } else {
        let ignored: Vec<Container> = ignored.into_iter().cloned().collect();
        format!(
            "never run: {}; `spec.initContainers` runs {}",
            names(&ignored),
            names(in_spec)
        )
    };
    findings.push(
        RULE.finding(format!(
                "annotation `{}` and `spec.initContainers` declare different init containers",
                legacy.key
            ),
        )
        .at(context
            .pod_path("metadata.annotations")
            .key(&legacy.key))
        .on_key()
        .label("ignored: `spec.initContainers` wins")
        .help("move every init container that should run into `spec.initContainers` and remove the annotation")
        .note(note),
    );
}

/// The containers with API defaults applied, so that spelled-out defaults compare equal.
fn defaulted(containers: &[Container]) -> Vec<Container> {
    let mut pod = Pod::default();
    pod.spec.init_containers = Some(containers.to_vec());
    crate::k8s::defaults::apply(&mut pod);
    pod.spec.init_containers.unwrap_or_default()
}
