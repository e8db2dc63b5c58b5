//! Builders for the unit tests: pods, containers and resource lists written compactly.

use crate::k8s::model::{Container, Pod, QuantityValue, ResourceList, ResourceRequirements};
use crate::k8s::quantity::Quantity;

use super::quantities::Quantities;

/// Resource name and quantity text.
pub type Pairs<'a> = &'a [(&'a str, &'a str)];

/// A resource list from `(name, quantity)` pairs.
pub fn list(pairs: Pairs<'_>) -> ResourceList {
    pairs
        .iter()
        .map(|(name, text)| {
            let quantity: Quantity = text.parse().unwrap();
            (name.to_string(), QuantityValue::Valid(quantity))
        })
        .collect()
}

/// Exact quantities from `(name, quantity)` pairs.
pub fn quantities(pairs: Pairs<'_>) -> Quantities {
    pairs
        .iter()
        .map(|(name, text)| (name.to_string(), text.parse().unwrap()))
        .collect()
}

/// `resources` with the given requests and limits (an empty slice leaves the list out).
pub fn requirements(requests: Pairs<'_>, limits: Pairs<'_>) -> ResourceRequirements {
    ResourceRequirements {
        requests: (!requests.is_empty()).then(|| list(requests)),
        limits: (!limits.is_empty()).then(|| list(limits)),
        claims: None,
    }
}

/// A container with requests and limits.
pub fn container(name: &str, requests: Pairs<'_>, limits: Pairs<'_>) -> Container {
    Container {
        name: Some(name.to_string()),
        resources: Some(requirements(requests, limits)),
        ..Container::default()
    }
}

/// A native sidecar (`restartPolicy: Always`) with requests and limits.
pub fn sidecar(name: &str, requests: Pairs<'_>, limits: Pairs<'_>) -> Container {
    Container {
        restart_policy: Some("Always".to_string()),
        ..container(name, requests, limits)
    }
}

/// A pod with init and app containers.
pub fn pod(init: Vec<Container>, apps: Vec<Container>) -> Pod {
    let mut pod = Pod::default();
    pod.spec.init_containers = (!init.is_empty()).then_some(init);
    pod.spec.containers = Some(apps);
    pod
}

/// The pod with defer containers.
pub fn with_defer(mut pod: Pod, defer: Vec<Container>) -> Pod {
    pod.spec.defer_containers = Some(defer);
    pod
}

/// The pod with `spec.overhead`.
pub fn with_overhead(mut pod: Pod, overhead: Pairs<'_>) -> Pod {
    pod.spec.overhead = Some(list(overhead));
    pod
}

/// The pod with pod-level `spec.resources`.
pub fn with_pod_resources(mut pod: Pod, requests: Pairs<'_>, limits: Pairs<'_>) -> Pod {
    pod.spec.resources = Some(requirements(requests, limits));
    pod
}
