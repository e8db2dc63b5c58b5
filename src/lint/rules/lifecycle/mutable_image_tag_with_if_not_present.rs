//! PL311 `mutable-image-tag-with-if-not-present`: a `:latest` or untagged image with `imagePullPolicy: IfNotPresent`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a `:latest` or untagged image with `imagePullPolicy: IfNotPresent`.
pub static RULE: Rule = Rule {
    id: "PL311",
    name: "mutable-image-tag-with-if-not-present",
    severity: Severity::Warning,
    summary: "a `:latest` or untagged image with `imagePullPolicy: IfNotPresent`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a container whose image has no tag or the tag `latest` (and no digest) while its `imagePullPolicy` is explicitly `IfNotPresent`.

## Why
`latest` moves. With `IfNotPresent` each node keeps whatever it pulled first (docs/semantics.md T3), so replicas on different nodes run different builds, a rollout of the "same" manifest changes nothing on nodes that already have the image, and a restart may bring up an old version. Kubernetes' own default for such images is `Always` precisely for this reason.

## Example
```yaml
containers:
- name: app
  image: example/app:latest
  imagePullPolicy: IfNotPresent
```

## How to fix
Pin the image to a version tag or, better, a digest (`example/app@sha256:…`). If a moving tag is intended, remove `imagePullPolicy` (it defaults to `Always`).

## Kubernetes reference
`pkg/apis/core/v1/defaults.go` `SetDefaults_Container` (`Always` for `:latest` or no tag); Kubernetes docs "Images" (image pull policy).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        if list == ContainerList::Ephemeral
            || container.image_pull_policy.as_deref() != Some("IfNotPresent")
        {
            continue;
        }
        let Some(image) = container
            .image
            .as_deref()
            .filter(|image| !image.trim().is_empty())
        else {
            continue;
        };
        if crate::k8s::defaults::default_pull_policy(image) != "Always" {
            continue;
        }
        let tag = if image
            .rsplit('/')
            .next()
            .is_some_and(|name| name.contains(':'))
        {
            "the moving tag `latest`"
        } else {
            "no tag (`latest`)"
        };
        findings.push(
            RULE.finding(format!(
                    "{} uses `{image}`, {tag}, with `imagePullPolicy: IfNotPresent`",
                    list.describe_container(container, index)
                ),
            )
            .at(context.container_path(list, index).child("image"))
            .label("each node keeps the build it pulled first")
            .help("pin the image to a version tag or a digest, or remove `imagePullPolicy` (it then defaults to `Always`)"),
        );
    }
}
