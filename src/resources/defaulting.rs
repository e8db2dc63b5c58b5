//! The API defaulting `podlife resources` applies before computing (unless `--no-defaulting`):
//! the shared defaults (a limit without a request becomes the request), pod-level defaults when
//! `PodLevelResources` is on, and every quantity rounded up to a thousandth
//! (`SetDefaults_ResourceList`), in the API server's order.

use super::pod_level;
use crate::k8s::cluster::{FeatureGates, Gate};
use crate::k8s::model::{Pod, QuantityValue, ResourceList};

/// Kubernetes rounds resource quantities up to milli scale (`10^-3`) when defaulting.
const MILLI_SCALE: i32 = -3;

/// Applies the defaults that decide a pod's resources: the shared defaults, then
/// [`apply_resource_defaults`].
pub fn apply(pod: &mut Pod, gates: FeatureGates) {
    crate::k8s::defaults::apply(pod);
    apply_resource_defaults(pod, gates);
}

/// The resource defaults beyond the shared ones (`k8s::defaults`, which the stored pod already
/// has): pod-level defaults when `PodLevelResources` is on, every quantity rounded up to a
/// thousandth.
pub fn apply_resource_defaults(pod: &mut Pod, gates: FeatureGates) {
    if gates.enabled(Gate::PodLevelResources) {
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
    for (_, _, container) in pod.all_containers_mut() {
        if let Some(resources) = container.resources.as_mut() {
            round_list(resources.limits.as_mut());
            round_list(resources.requests.as_mut());
        }
    }
    let spec = &mut pod.spec;
    round_list(spec.overhead.as_mut());
    if let Some(resources) = spec.resources.as_mut() {
        round_list(resources.limits.as_mut());
        round_list(resources.requests.as_mut());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::effective::{Options, compute};
    use crate::resources::test_support::*;

    fn defaulted(mut pod: Pod) -> Pod {
        apply(&mut pod, FeatureGates::default());
        pod
    }

    fn pod_level(pod: &Pod, requests: bool) -> Vec<(String, String)> {
        let resources = pod.spec.resources.as_ref().unwrap();
        let list = if requests {
            &resources.requests
        } else {
            &resources.limits
        };
        list.iter()
            .flatten()
            .map(|(name, value)| (name.clone(), value.valid().unwrap().to_string()))
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_limit_without_a_request_becomes_the_request() {
        let pod = defaulted(pod(vec![], vec![container("app", &[], &[("cpu", "1")])]));
        let result = compute(&pod, Options::default());
        assert_eq!(result.requests["cpu"].to_string(), "1");
    }

    #[test]
    fn pod_level_requests_default_to_container_requests_then_to_pod_limits() {
        let pod = with_pod_resources(
            pod(
                vec![],
                vec![
                    container("a", &[("cpu", "300m")], &[]),
                    container("b", &[("cpu", "200m")], &[]),
                ],
            ),
            &[],
            &[("cpu", "2"), ("memory", "1Gi")],
        );
        let pod = defaulted(pod);
        assert_eq!(
            pod_level(&pod, true),
            pairs(&[("cpu", "500m"), ("memory", "1Gi")])
        );
    }

    #[test]
    fn pod_level_limits_default_only_where_every_container_is_limited() {
        let pod = with_pod_resources(
            pod(
                vec![],
                vec![
                    container("a", &[], &[("cpu", "300m"), ("memory", "1Gi")]),
                    container("b", &[], &[("cpu", "200m")]),
                ],
            ),
            &[("cpu", "1")],
            &[],
        );
        let pod = defaulted(pod);
        assert_eq!(pod_level(&pod, false), pairs(&[("cpu", "500m")]));
    }

    #[test]
    fn pod_level_hugepage_limits_default_from_containers() {
        let pod = with_pod_resources(
            pod(
                vec![],
                vec![container("a", &[], &[("hugepages-2Mi", "10Mi")])],
            ),
            &[("cpu", "1")],
            &[],
        );
        let pod = defaulted(pod);
        assert_eq!(pod_level(&pod, false), pairs(&[("hugepages-2Mi", "10Mi")]));
        assert_eq!(
            pod_level(&pod, true),
            pairs(&[("cpu", "1"), ("hugepages-2Mi", "10Mi")])
        );
    }

    #[test]
    fn pods_without_pod_level_resources_get_none() {
        let pod = defaulted(pod(vec![], vec![container("a", &[("cpu", "1")], &[])]));
        assert!(pod.spec.resources.is_none());
    }

    #[test]
    fn pod_level_defaults_wait_for_the_gate() {
        let mut pod = with_pod_resources(
            pod(vec![], vec![container("a", &[("cpu", "300m")], &[])]),
            &[],
            &[("cpu", "2")],
        );
        apply(
            &mut pod,
            FeatureGates::default().with(Gate::PodLevelResources, false),
        );
        assert!(pod.spec.resources.as_ref().unwrap().requests.is_none());
    }

    #[test]
    fn quantities_round_up_to_a_thousandth() {
        let pod = with_overhead(
            pod(vec![], vec![container("a", &[("cpu", "1n")], &[])]),
            &[("cpu", "100001u")],
        );
        let pod = defaulted(pod);
        let result = compute(&pod, Options::default());
        // 1n rounds to 1m, 100001u to 101m.
        assert_eq!(result.requests["cpu"].to_string(), "102m");
    }
}
