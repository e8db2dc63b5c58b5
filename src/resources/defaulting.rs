//! The API defaulting `podlife resources` applies before computing (unless `--no-defaulting`):
//! the shared defaults (a limit without a request becomes the request), pod-level defaults when
//! `PodLevelResources` is on, and every quantity rounded up to a thousandth
//! (`SetDefaults_ResourceList`), in the API server's order.

use super::feature_gates::FeatureGates;
use super::pod_level;
use crate::model::{Pod, QuantityValue, ResourceList};

/// Kubernetes rounds resource quantities up to milli scale (`10^-3`) when defaulting.
const MILLI_SCALE: i32 = -3;

/// Applies the defaults that decide a pod's resources.
pub fn apply(pod: &mut Pod, gates: FeatureGates) {
    crate::defaults::apply(pod);
    if gates.pod_level_resources {
        pod_level::apply_defaults(pod);
    }
    round_to_milli(pod);
}

fn round_list(list: Option<&mut ResourceList>) {
    for value in list.into_iter().flat_map(|list| list.values_mut()) {
        if let QuantityValue::Valid(quantity) = value {
            *quantity = quantity.round_up(MILLI_SCALE).0;
        }
    }
}

fn round_to_milli(pod: &mut Pod) {
    let spec = &mut pod.spec;
    let lists = [
        spec.init_containers.as_mut(),
        spec.containers.as_mut(),
        spec.ephemeral_containers.as_mut(),
        spec.defer_containers.as_mut(),
    ];
    for container in lists.into_iter().flatten().flatten() {
        if let Some(resources) = container.resources.as_mut() {
            round_list(resources.limits.as_mut());
            round_list(resources.requests.as_mut());
        }
    }
    round_list(spec.overhead.as_mut());
    if let Some(resources) = spec.resources.as_mut() {
        round_list(resources.limits.as_mut());
        round_list(resources.requests.as_mut());
    }
}
