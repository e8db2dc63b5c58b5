//! Containers' requests as the API server stores them, and their sum over the pod's life as
//! `AggregateContainerRequests` computes it.

use std::collections::BTreeMap;

use crate::k8s::model::{Container, Pod, ResourceList};
use crate::k8s::quantity::Quantity;

/// Quantities by resource name.
pub type Quantities = BTreeMap<String, Quantity>;

/// A container's requests as the API server stores them: an unset request takes the limit.
pub fn effective_requests(container: &Container) -> Quantities {
    let valid = |list: Option<&ResourceList>| -> Quantities {
        list.into_iter()
            .flatten()
            .filter_map(|(name, value)| value.valid().map(|q| (name.clone(), *q)))
            .collect()
    };
    let resources = container.resources.as_ref();
    let mut requests = valid(resources.and_then(|r| r.limits.as_ref()));
    requests.extend(valid(resources.and_then(|r| r.requests.as_ref())));
    requests
}

/// Adds `add` into `total`, name by name.
pub fn add_into(total: &mut Quantities, add: &Quantities) {
    for (name, value) in add {
        let entry = total.entry(name.clone()).or_default();
        *entry += *value;
    }
}

/// `AggregateContainerRequests`: per resource, the larger of the running pod (app containers
/// and sidecars) and each regular init container with the sidecars started before it.
pub fn aggregate_requests(pod: &Pod) -> Quantities {
    let mut steady = Quantities::new();
    for container in pod.containers() {
        add_into(&mut steady, &effective_requests(container));
    }
    let mut sidecars = Quantities::new();
    let mut peak = Quantities::new();
    for container in pod.init_containers() {
        let requests = effective_requests(container);
        if container.is_sidecar() {
            add_into(&mut sidecars, &requests);
            continue;
        }
        let mut step = sidecars.clone();
        add_into(&mut step, &requests);
        for (name, value) in step {
            let entry = peak.entry(name).or_default();
            *entry = (*entry).max(value);
        }
    }
    add_into(&mut steady, &sidecars);
    for (name, value) in peak {
        let entry = steady.entry(name).or_default();
        *entry = (*entry).max(value);
    }
    steady
}
