//! Pod-level `spec.resources` (gate `PodLevelResources`): which resources it supports, when it
//! counts, and the API server's pod-level defaulting (`pkg/apis/core/v1/defaults.go`:
//! `defaultHugePagePodLimits`, `defaultPodRequests`, `defaultPodLimits`).

use super::effective::{Side, aggregate_containers, containers_with_kinds};
use crate::k8s::model::{Pod, QuantityValue, ResourceList, ResourceRequirements};

/// Whether pod-level resources support `name`: cpu, memory and `hugepages-*`
/// (`IsSupportedPodLevelResource`).
pub fn is_supported(name: &str) -> bool {
    matches!(name, "cpu" | "memory") || name.starts_with("hugepages-")
}

/// Whether Kubernetes may overcommit `name`: a native resource that is not hugepages
/// (`IsOvercommitAllowed`).
fn overcommit_allowed(name: &str) -> bool {
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    native && !name.starts_with("hugepages-")
}

fn any_supported(list: Option<&ResourceList>) -> bool {
    list.is_some_and(|list| list.keys().any(|name| is_supported(name)))
}

/// `IsPodLevelRequestsSet`: pod-level requests name a supported resource.
pub fn requests_set(pod: &Pod) -> bool {
    any_supported(
        pod.spec
            .resources
            .as_ref()
            .and_then(|r| r.requests.as_ref()),
    )
}

/// `IsPodLevelLimitsSet`: pod-level limits name a supported resource.
pub fn limits_set(pod: &Pod) -> bool {
    any_supported(pod.spec.resources.as_ref().and_then(|r| r.limits.as_ref()))
}

/// `IsPodLevelResourcesSet`: pod-level requests or limits name a supported resource.
pub fn resources_set(pod: &Pod) -> bool {
    requests_set(pod) || limits_set(pod)
}

fn non_empty(list: Option<&ResourceList>) -> bool {
    list.is_some_and(|list| !list.is_empty())
}

/// Whether every init, app and defer container sets a limit for `name`
/// (`AllContainersHaveLimitForResource`; podlife counts defer containers too).
fn all_containers_limit(pod: &Pod, name: &str) -> bool {
    containers_with_kinds(pod).all(|(container, _)| {
        container
            .resources
            .as_ref()
            .and_then(|r| r.limits.as_ref())
            .is_some_and(|limits| limits.contains_key(name))
    })
}

/// Applies the API server's pod-level defaults, in its order: hugepage limits, requests, limits.
/// Only pods that already set some pod-level resources are touched.
pub fn apply_defaults(pod: &mut Pod) {
    default_hugepage_limits(pod);
    default_requests(pod);
    default_limits(pod);
}

fn default_hugepage_limits(pod: &mut Pod) {
    let Some(resources) = pod.spec.resources.as_ref() else {
        return;
    };
    if !non_empty(resources.limits.as_ref()) && !non_empty(resources.requests.as_ref()) {
        return;
    }
    let container_limits = aggregate_containers(pod, Side::Limits).values;
    let Some(resources) = pod.spec.resources.as_mut() else {
        return;
    };
    let mut limits = resources.limits.clone().unwrap_or_default();
    for (name, quantity) in container_limits {
        if !name.starts_with("hugepages-") {
            continue;
        }
        let requested = resources
            .requests
            .as_ref()
            .is_some_and(|requests| requests.contains_key(&name));
        if !requested {
            limits.entry(name).or_insert(QuantityValue::Valid(quantity));
        }
    }
    if !limits.is_empty() {
        resources.limits = Some(limits);
    }
}

fn default_requests(pod: &mut Pod) {
    let Some(resources) = pod.spec.resources.as_ref() else {
        return;
    };
    if !non_empty(resources.limits.as_ref()) {
        return;
    }
    let container_requests = aggregate_containers(pod, Side::Requests).values;
    let Some(resources) = pod.spec.resources.as_mut() else {
        return;
    };
    let mut requests = resources.requests.clone().unwrap_or_default();
    for (name, quantity) in container_requests {
        if is_supported(&name) && overcommit_allowed(&name) {
            requests
                .entry(name)
                .or_insert(QuantityValue::Valid(quantity));
        }
    }
    for (name, limit) in resources.limits.iter().flatten() {
        if is_supported(name) {
            requests
                .entry(name.clone())
                .or_insert_with(|| limit.clone());
        }
    }
    if !requests.is_empty() {
        resources.requests = Some(requests);
    }
}

fn default_limits(pod: &mut Pod) {
    if limits_set(pod) || !requests_set(pod) {
        return;
    }
    let container_limits = aggregate_containers(pod, Side::Limits).values;
    let fully_limited: Vec<(String, QuantityValue)> = container_limits
        .into_iter()
        .filter(|(name, _)| {
            is_supported(name) && overcommit_allowed(name) && all_containers_limit(pod, name)
        })
        .map(|(name, quantity)| (name, QuantityValue::Valid(quantity)))
        .collect();
    let resources = pod
        .spec
        .resources
        .get_or_insert_with(ResourceRequirements::default);
    let mut limits = resources.limits.clone().unwrap_or_default();
    for (name, quantity) in fully_limited {
        limits.entry(name).or_insert(quantity);
    }
    if !limits.is_empty() {
        resources.limits = Some(limits);
    }
}
