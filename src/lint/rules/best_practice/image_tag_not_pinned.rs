//! PL441 `image-tag-not-pinned`: an image has no tag or the tag `latest`, and no digest (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{Origin, PodContext, Rule};

/// an image has no tag or the tag `latest`, and no digest.
pub static RULE: Rule = Rule {
    id: "PL441",
    name: "image-tag-not-pinned",
    severity: Severity::Warning,
    summary: "a container's image has no tag or the tag `latest`, and no digest",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container of every kind (init, sidecar, app, ephemeral, defer: each pulls its image) whose `image` has no tag, or the tag `latest`, and no digest. A digest (`@sha256:…`) pins the image whatever the tag says. Not fixable: only the author knows which version is meant.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL441` or the whole group. PL311 (on by default) reports the worst case, such an image with `imagePullPolicy: IfNotPresent`.

## Why
A moving tag means the manifest does not say what runs: replicas started at different times, or restarted on another node, run different builds, a rollback to "the same" manifest changes nothing, and a broken push reaches production without a rollout. An init container's image matters as much as the app's: a migration image that moved runs a different migration.

## Example
```yaml
initContainers:
- name: migrate
  image: example/migrate          # no tag: `latest`
containers:
- name: app
  image: example/app:latest
```

## How to fix
Use a version tag (`example/app:1.4.2`) or, better, a digest (`example/app@sha256:…`).

## Peer checks
kube-linter `latest-tag`, kube-score `container-image-tag`, Polaris `tagNotSpecified`.

## Kubernetes reference
Kubernetes docs "Images" (image names, tags and digests; `latest` and the default pull policy); `pkg/apis/core/v1/defaults.go` `SetDefaults_Container`.
"#,
};

/// Whether an image reference names a moving image: no digest, and no tag or `latest`.
pub fn moving(image: &str) -> bool {
    if image.contains('@') {
        return false;
    }
    let name = image.rsplit('/').next().unwrap_or(image);
    match name.rsplit_once(':') {
        None => true,
        Some((_, tag)) => tag == "latest",
    }
}

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let Some(image) = container.image.as_deref().map(str::trim).filter(|image| !image.is_empty()) else {
            continue;
        };
        if !moving(image) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} uses `{image}`, which is not pinned to a version",
                describe(list, index, container)
            ))
            .at(context.container_path(list, index).child("image"))
            .label(if image.ends_with(":latest") { "the moving tag `latest`" } else { "no tag: `latest`" })
            .help("use a version tag, or a digest (`@sha256:…`)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::moving;

    #[test]
    fn a_digest_pins_and_a_registry_port_is_no_tag() {
        assert!(moving("nginx"));
        assert!(moving("nginx:latest"));
        assert!(moving("registry.local:5000/team/app"));
        assert!(!moving("registry.local:5000/team/app:1.2"));
        assert!(!moving("nginx:latest@sha256:0123"));
        assert!(!moving("nginx@sha256:0123"));
        assert!(!moving("nginx:1.27"));
    }
}
