//! API defaulting, as the API server applies it before validation (`pkg/apis/core/v1/defaults.go`).
//!
//! Only the defaults that change what podlife checks or computes: pull and restart policies,
//! termination settings, probe and handler defaults, port protocols, and requests copied from
//! limits. `--no-defaulting` skips all of it, as Kubernetes' validation unit tests do.

use crate::model::{Container, HttpGetAction, LifecycleHandler, Pod, Probe};

/// Kubernetes' default `terminationGracePeriodSeconds`.
pub const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS: i64 = 30;

/// Applies API defaults to a pod in place.
pub fn apply(pod: &mut Pod) {
    let spec = &mut pod.spec;
    spec.restart_policy
        .get_or_insert_with(|| "Always".to_string());
    spec.termination_grace_period_seconds
        .get_or_insert(DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
    let lists = [
        spec.init_containers.as_mut(),
        spec.containers.as_mut(),
        spec.ephemeral_containers.as_mut(),
        spec.defer_containers.as_mut(),
    ];
    for containers in lists.into_iter().flatten() {
        for container in containers {
            default_container(container);
        }
    }
}

/// The pull policy Kubernetes defaults to for an image: `Always` for `:latest` or no tag,
/// else `IfNotPresent` (a digest counts as a tag).
pub fn default_pull_policy(image: &str) -> &'static str {
    let name = image.rsplit('/').next().unwrap_or(image);
    if image.contains('@') {
        return "IfNotPresent";
    }
    match name.rsplit_once(':') {
        Some((_, "latest")) | None => "Always",
        Some(_) => "IfNotPresent",
    }
}

fn default_container(container: &mut Container) {
    if container.image_pull_policy.is_none() {
        let policy = default_pull_policy(container.image.as_deref().unwrap_or(""));
        container.image_pull_policy = Some(policy.to_string());
    }
    container
        .termination_message_policy
        .get_or_insert_with(|| "File".to_string());
    container
        .termination_message_path
        .get_or_insert_with(|| "/dev/termination-log".to_string());
    for port in container.ports.iter_mut().flatten() {
        port.protocol.get_or_insert_with(|| "TCP".to_string());
    }
    for probe in [
        container.liveness_probe.as_mut(),
        container.readiness_probe.as_mut(),
        container.startup_probe.as_mut(),
    ]
    .into_iter()
    .flatten()
    {
        default_probe(probe);
    }
    if let Some(lifecycle) = container.lifecycle.as_mut() {
        for handler in [lifecycle.post_start.as_mut(), lifecycle.pre_stop.as_mut()]
            .into_iter()
            .flatten()
        {
            default_handler(handler);
        }
    }
    if let Some(resources) = container.resources.as_mut()
        && let Some(limits) = &resources.limits
    {
        let requests = resources.requests.get_or_insert_with(Default::default);
        for (name, limit) in limits {
            requests
                .entry(name.clone())
                .or_insert_with(|| limit.clone());
        }
    }
}

fn default_probe(probe: &mut Probe) {
    probe.timeout_seconds.get_or_insert(1);
    probe.period_seconds.get_or_insert(10);
    probe.success_threshold.get_or_insert(1);
    probe.failure_threshold.get_or_insert(3);
    if let Some(http) = probe.http_get.as_mut() {
        default_http_get(http);
    }
}

fn default_handler(handler: &mut LifecycleHandler) {
    if let Some(http) = handler.http_get.as_mut() {
        default_http_get(http);
    }
}

fn default_http_get(http: &mut HttpGetAction) {
    http.path.get_or_insert_with(|| "/".to_string());
    http.scheme.get_or_insert_with(|| "HTTP".to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pull_policy_follows_the_tag() {
        assert_eq!(default_pull_policy("nginx"), "Always");
        assert_eq!(default_pull_policy("nginx:latest"), "Always");
        assert_eq!(default_pull_policy("nginx:1.27"), "IfNotPresent");
        assert_eq!(default_pull_policy("registry:5000/nginx"), "Always");
        assert_eq!(default_pull_policy("nginx@sha256:abc"), "IfNotPresent");
    }
}
