//! PL443 `image-registry-not-allowed`: an image comes from a registry outside `bestPractice.allowedRegistries` (best practice, an option).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{Origin, PodContext, Rule};

/// an image comes from a registry outside `bestPractice.allowedRegistries`.
pub static RULE: Rule = Rule {
    id: "PL443",
    name: "image-registry-not-allowed",
    severity: Severity::Warning,
    summary: "a container's image comes from a registry `bestPractice.allowedRegistries` does not list",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container of every kind (init, sidecar, app, ephemeral, defer: each pulls its image) whose image does not come from one of `bestPractice.allowedRegistries`. An entry is a registry host (`registry.example.com`, `localhost:5000`) or a prefix of repositories (`ghcr.io/acme`, which allows `ghcr.io/acme/app` but not `ghcr.io/acmecorp/app`). An image without a registry host is Docker Hub's, `docker.io/library/nginx` for `nginx`, as the container runtime reads it. With no entries (the default) the rule does nothing.

An option of the best-practice group: off by default and not enabled by `--select best-practice`; name it (`--select PL443`) to run it.

## Why
An allow-list keeps images to registries the team mirrors, scans and can reach during an outage of the public ones; an image from elsewhere (often Docker Hub by default, through a name without a host) bypasses that, and a typo in a registry name can pull an attacker's image.

## Example
```yaml
# .podlife.yaml
bestPractice:
  allowedRegistries: [registry.example.com, ghcr.io/acme]
---
initContainers:
- name: migrate
  image: postgres:16       # docker.io/library/postgres: reported
```

## How to fix
Mirror the image into an allowed registry and use that name, or add its registry to `allowedRegistries`.

## Peer checks
No check of the three peers has a registry allow-list among its built-in checks (kube-linter's `latest-tag` takes allow and block lists of image patterns); the Pod Security guidance and admission policies (Kyverno, Gatekeeper) commonly ask for one.

## Kubernetes reference
Kubernetes docs "Images" (image names: registry host, repository, tag, digest); the container runtime's default registry for names without a host (`docker.io`).
"#,
};

/// An image reference with its registry made explicit, as the runtime resolves it
/// (`nginx:1.27` → `docker.io/library/nginx:1.27`).
pub fn qualified(image: &str) -> String {
    let (first, rest) = image.split_once('/').unwrap_or(("", image));
    let has_host = !first.is_empty()
        && (first.contains('.') || first.contains(':') || first == "localhost");
    if has_host {
        image.to_string()
    } else if first.is_empty() {
        format!("docker.io/library/{rest}")
    } else {
        format!("docker.io/{image}")
    }
}

/// Whether a qualified image is under an allow-list entry (a host, or a repository prefix).
fn allowed(qualified: &str, entry: &str) -> bool {
    let entry = entry.trim().trim_end_matches('/');
    let entry = if entry == "index.docker.io" { "docker.io" } else { entry };
    !entry.is_empty()
        && qualified
            .strip_prefix(entry)
            .is_some_and(|rest| rest.starts_with('/'))
}

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let registries = &context.best_practice.allowed_registries;
    if registries.is_empty() {
        return;
    }
    for (list, index, container) in context.all_containers() {
        let Some(image) = container.image.as_deref().map(str::trim).filter(|image| !image.is_empty()) else {
            continue;
        };
        let full = qualified(image);
        if registries.iter().any(|entry| allowed(&full, entry)) {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                "{} uses `{image}`, which no allowed registry serves",
                describe(list, index, container)
            ))
            .at(context.container_path(list, index).child("image"))
            .label(format!("resolves to `{full}`"))
            .help(format!("use an image from `{}`", registries.join("`, `"))),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{allowed, qualified};

    #[test]
    fn names_without_a_host_are_docker_hub_and_prefixes_end_at_a_slash() {
        assert_eq!(qualified("nginx:1.27"), "docker.io/library/nginx:1.27");
        assert_eq!(qualified("bitnami/redis"), "docker.io/bitnami/redis");
        assert_eq!(qualified("localhost:5000/app"), "localhost:5000/app");
        assert_eq!(qualified("ghcr.io/acme/app@sha256:00"), "ghcr.io/acme/app@sha256:00");
        assert!(allowed(&qualified("ghcr.io/acme/app:1"), "ghcr.io/acme"));
        assert!(!allowed(&qualified("ghcr.io/acmecorp/app:1"), "ghcr.io/acme"));
        assert!(allowed(&qualified("nginx"), "docker.io"));
        assert!(allowed(&qualified("nginx"), "index.docker.io"));
        assert!(!allowed(&qualified("registry.example.com.evil/app"), "registry.example.com"));
    }
}
