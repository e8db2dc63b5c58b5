//! Which computed pod limits the pod's cgroup does not get: the kubelet leaves the cgroup
//! without a cpu or memory limit when a container sets none for it (`ResourceConfigForPod` in
//! `pkg/kubelet/cm/helpers_linux.go`; docs/resources.md, "The pod's cgroup").

use serde::Serialize;

use crate::k8s::model::Pod;
use crate::resources::effective::{ContainerKind, EffectiveResources};
use crate::resources::qos::QosClass;
use crate::resources::quantities::{Quantities, add_into, valid};

/// A limit `PodLimits` computes that the kubelet does not set on the pod's cgroup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CgroupUnlimited {
    /// `cpu` or `memory`, the two the kubelet limits from the containers.
    pub resource: String,
    /// The containers without a limit for it (with the sidecars started before them, for an
    /// init container), in pod order.
    pub containers: Vec<String>,
}

/// The resources among cpu and memory whose computed limit the pod's cgroup does not get.
///
/// The kubelet sets the cgroup's limit for a Burstable pod only when every container declares
/// one: each app container by its own limit, each init container (regular or sidecar) by its
/// limit plus those of the sidecars started before it, as `PodLimits` walks them; a pod-level
/// limit (gate `PodLevelResources`) declares it for the whole pod. A Guaranteed pod always
/// gets its limits, a BestEffort pod has none. Overhead is no container and declares nothing;
/// defer containers (the seed's proposal) are not in the kubelet's walk and are left out.
pub fn cgroup_unlimited(
    pod: &Pod,
    resources: &EffectiveResources,
    class: QosClass,
    pod_level_resources: bool,
) -> Vec<CgroupUnlimited> {
    if class != QosClass::Burstable {
        return Vec::new();
    }
    let pod_limits = if pod_level_resources {
        valid(pod.spec.resources.as_ref().and_then(|r| r.limits.as_ref()))
    } else {
        Quantities::new()
    };
    let mut unlimited = Vec::new();
    for resource in ["cpu", "memory"] {
        let declared = |list: &Quantities| list.get(resource).is_some_and(|q| !q.is_zero());
        if !resources.limits.contains_key(resource) || declared(&pod_limits) {
            continue;
        }
        let mut sidecars = Quantities::new();
        let mut containers = Vec::new();
        for container in &resources.containers {
            let seen = match container.kind {
                ContainerKind::App => container.limits.clone(),
                ContainerKind::Sidecar => {
                    add_into(&mut sidecars, &container.limits);
                    sidecars.clone()
                }
                ContainerKind::Init => {
                    let mut step = container.limits.clone();
                    add_into(&mut step, &sidecars);
                    step
                }
                ContainerKind::Defer => continue,
            };
            if !declared(&seen) {
                containers.push(container.name.clone());
            }
        }
        if !containers.is_empty() {
            unlimited.push(CgroupUnlimited {
                resource: resource.to_string(),
                containers,
            });
        }
    }
    unlimited
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::test_support::{container, pod, sidecar, with_pod_resources};
    use crate::resources::{Options, compute, compute_qos};

    fn unlimited(pod: &Pod) -> Vec<CgroupUnlimited> {
        let resources = compute(pod, Options::default());
        let qos = compute_qos(pod, true);
        cgroup_unlimited(pod, &resources, qos.class, true)
    }

    fn entry(resource: &str, containers: &[&str]) -> CgroupUnlimited {
        CgroupUnlimited {
            resource: resource.to_string(),
            containers: containers.iter().map(ToString::to_string).collect(),
        }
    }

    const FULL: &[(&str, &str)] = &[("cpu", "500m"), ("memory", "256Mi")];

    #[test]
    fn k5_an_app_container_without_limits_leaves_the_cgroup_unlimited() {
        let found = unlimited(&pod(
            vec![],
            vec![
                container("app", FULL, FULL),
                container("helper", &[("cpu", "100m"), ("memory", "64Mi")], &[]),
            ],
        ));
        assert_eq!(
            found,
            vec![entry("cpu", &["helper"]), entry("memory", &["helper"])]
        );
    }

    #[test]
    fn k5_a_sidecar_limit_counts_for_the_init_containers_after_it() {
        let found = unlimited(&pod(
            vec![
                sidecar("proxy", &[("cpu", "100m")], &[("cpu", "200m")]),
                container("migrate", &[("cpu", "50m")], &[]),
            ],
            vec![container("app", FULL, &[("cpu", "500m")])],
        ));
        assert_eq!(found, vec![], "migrate runs beside proxy's cpu limit");
    }

    #[test]
    fn k5_an_init_container_before_any_sidecar_needs_its_own_limit() {
        let found = unlimited(&pod(
            vec![
                container("migrate", &[("cpu", "50m")], &[]),
                sidecar("proxy", &[("cpu", "100m")], &[("cpu", "200m")]),
            ],
            vec![container("app", FULL, &[("cpu", "500m")])],
        ));
        assert_eq!(found, vec![entry("cpu", &["migrate"])]);
    }

    #[test]
    fn k5_a_pod_level_limit_declares_it_for_the_pod() {
        let base = pod(
            vec![],
            vec![
                container("app", &[("cpu", "500m")], &[("cpu", "500m")]),
                container("helper", &[("cpu", "100m")], &[]),
            ],
        );
        assert_eq!(unlimited(&base), vec![entry("cpu", &["helper"])]);
        let with_pod_limit = with_pod_resources(base, &[], &[("cpu", "1")]);
        assert_eq!(unlimited(&with_pod_limit), vec![]);
    }

    #[test]
    fn k5_guaranteed_and_best_effort_pods_have_nothing_to_say() {
        let guaranteed = pod(vec![], vec![container("app", FULL, FULL)]);
        assert_eq!(unlimited(&guaranteed), vec![]);
        let best_effort = pod(vec![], vec![container("app", &[], &[])]);
        assert_eq!(unlimited(&best_effort), vec![]);
    }
}
