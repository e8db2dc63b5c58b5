//! The pod's QoS class as `ComputePodQOS` decides it (`pkg/apis/core/helper/qos/qos.go`), with
//! the reason in words. Init containers, sidecars and (podlife, D16) defer containers count like
//! app containers; with `PodLevelResources` on and pod-level resources set, they alone decide.

use std::fmt;

use serde::Serialize;

use super::effective::{ContainerKind, Side, containers_with_kinds};
use super::pod_level;
use super::quantities::{Quantities, add_into};
use crate::k8s::model::{Container, Pod};

/// A QoS class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum QosClass {
    /// Requests equal limits for cpu and memory everywhere.
    Guaranteed,
    /// Something is requested or limited, but not Guaranteed.
    Burstable,
    /// Nothing requests or limits cpu or memory.
    BestEffort,
}

impl fmt::Display for QosClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QosClass::Guaranteed => "Guaranteed",
            QosClass::Burstable => "Burstable",
            QosClass::BestEffort => "BestEffort",
        })
    }
}

/// A QoS class and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qos {
    /// The class.
    pub class: QosClass,
    /// Why, in words (`` container `app` has no memory limit ``).
    pub reason: String,
}

impl fmt::Display for Qos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.class, self.reason)
    }
}

/// The resources QoS looks at.
const QOS_RESOURCES: [&str; 2] = ["cpu", "memory"];

/// The cpu and memory quantities above zero (`processResourceList` skips the rest).
fn positive(list: Quantities) -> Quantities {
    list.into_iter()
        .filter(|(name, quantity)| QOS_RESOURCES.contains(&name.as_str()) && quantity.sign() > 0)
        .collect()
}

/// `cpu`, `memory` or `cpu or memory`: the QoS resources `limits` lacks.
fn missing_limits(limits: &Quantities) -> Option<&'static str> {
    match (limits.contains_key("cpu"), limits.contains_key("memory")) {
        (true, true) => None,
        (false, true) => Some("cpu"),
        (true, false) => Some("memory"),
        (false, false) => Some("cpu or memory"),
    }
}

/// Computes the QoS class; `pod_level_resources` is the `PodLevelResources` gate.
pub fn compute_qos(pod: &Pod, pod_level_resources: bool) -> Qos {
    if pod_level_resources && pod_level::resources_set(pod) {
        pod_level_qos(pod)
    } else {
        container_qos(pod)
    }
}

fn qos(class: QosClass, reason: impl Into<String>) -> Qos {
    Qos {
        class,
        reason: reason.into(),
    }
}

fn pod_level_qos(pod: &Pod) -> Qos {
    let resources = pod.spec.resources.as_ref();
    let requests = positive(Side::Requests.of_requirements(resources));
    let limits = positive(Side::Limits.of_requirements(resources));
    let limits_given = resources
        .and_then(|r| r.limits.as_ref())
        .is_some_and(|l| !l.is_empty());
    if requests.is_empty() && limits.is_empty() {
        return qos(
            QosClass::BestEffort,
            "pod-level resources set no cpu or memory request or limit",
        );
    }
    if let Some(missing) = missing_limits(&limits).filter(|_| limits_given) {
        return qos(
            QosClass::Burstable,
            format!("pod-level resources have no {missing} limit"),
        );
    }
    for (name, request) in &requests {
        match limits.get(name) {
            None => {
                return qos(
                    QosClass::Burstable,
                    format!("pod-level {name} request ({request}) has no matching limit"),
                );
            }
            Some(limit) if limit != request => {
                return qos(
                    QosClass::Burstable,
                    format!(
                        "pod-level {name} request ({request}) differs from its limit ({limit})"
                    ),
                );
            }
            Some(_) => {}
        }
    }
    if let Some((name, limit)) = limits.iter().find(|(n, _)| !requests.contains_key(*n)) {
        return qos(
            QosClass::Burstable,
            format!("pod-level {name} limit ({limit}) has no matching request"),
        );
    }
    qos(
        QosClass::Guaranteed,
        "pod-level cpu and memory limits equal the pod-level requests",
    )
}

fn container_qos(pod: &Pod) -> Qos {
    containers_qos(containers_with_kinds(pod), |container| {
        Side::Requests.of(container)
    })
}

/// The class the containers' own resources give a pod of just these containers (pod-level
/// resources aside), with the reason: `requests_of` reads a container's requests (as written,
/// or as stored: `effective::stored_requests`), `kind` names a container in the reason.
pub fn containers_qos<'c>(
    containers: impl IntoIterator<Item = (&'c Container, ContainerKind)>,
    requests_of: impl Fn(&Container) -> Quantities,
) -> Qos {
    let mut requests = Quantities::new();
    let mut limits = Quantities::new();
    let mut first_unlimited: Option<(ContainerKind, String, &'static str)> = None;
    // Kubernetes walks app containers before init containers; the class does not depend on the
    // order, so podlife walks in pod order and names the first unlimited container in that order.
    for (container, kind) in containers {
        add_into(&mut requests, &positive(requests_of(container)));
        let container_limits = positive(Side::Limits.of(container));
        add_into(&mut limits, &container_limits);
        if let Some(missing) = missing_limits(&container_limits) {
            first_unlimited.get_or_insert((
                kind,
                super::effective::label(container).to_string(),
                missing,
            ));
        }
    }
    if requests.is_empty() && limits.is_empty() {
        return qos(
            QosClass::BestEffort,
            "no container sets a cpu or memory request or limit",
        );
    }
    if let Some((kind, name, missing)) = first_unlimited {
        return qos(
            QosClass::Burstable,
            format!("{} `{name}` has no {missing} limit", kind.noun()),
        );
    }
    for (name, request) in &requests {
        match limits.get(name) {
            Some(limit) if limit == request => {}
            Some(limit) => {
                return qos(
                    QosClass::Burstable,
                    format!("{name} requests ({request}) differ from {name} limits ({limit})"),
                );
            }
            None => {
                return qos(
                    QosClass::Burstable,
                    format!("{name} is requested ({request}) but not limited"),
                );
            }
        }
    }
    if let Some((name, limit)) = limits.iter().find(|(n, _)| !requests.contains_key(*n)) {
        return qos(
            QosClass::Burstable,
            format!("{name} is limited ({limit}) but not requested"),
        );
    }
    qos(
        QosClass::Guaranteed,
        "every container limits cpu and memory, and requests add up to the limits",
    )
}
