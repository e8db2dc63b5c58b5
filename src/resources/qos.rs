//! The pod's QoS class as `ComputePodQOS` decides it (`pkg/apis/core/helper/qos/qos.go`), with
//! the reason in words. Init containers, sidecars and (podlife, D16) defer containers count like
//! app containers; with `PodLevelResources` on and pod-level resources set, they alone decide.

use std::fmt;

use serde::Serialize;

use super::effective::{ContainerKind, Side, containers_with_kinds};
use super::pod_level;
use super::quantities::Quantities;
use crate::k8s::model::{Container, Pod, QuantityValue, ResourceList};
use crate::k8s::quantity::Quantity;

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
    containers_qos(containers_with_kinds(pod), RequestsRead::AsWritten)
}

/// How a container's requests are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestsRead {
    /// As written: an unset request is no request (`podlife resources` defaults the pod first).
    AsWritten,
    /// As the API server stores them: an unset request takes its limit
    /// (`effective::stored_requests`).
    AsStored,
}

/// A container's positive quantity of a QoS resource in `list`, if it sets one.
fn positive_in(list: Option<&ResourceList>, name: &str) -> Option<Quantity> {
    list.and_then(|list| list.get(name))
        .and_then(QuantityValue::valid)
        .filter(|quantity| quantity.sign() > 0)
        .copied()
}

/// Adds `quantity` into a sum (`addResourceList`: the first value is copied).
fn add_to(sum: &mut Option<Quantity>, quantity: Option<Quantity>) {
    match (sum.as_mut(), quantity) {
        (Some(total), Some(quantity)) => *total += quantity,
        (None, Some(quantity)) => *sum = Some(quantity),
        (_, None) => {}
    }
}

/// The class the containers' own resources give a pod of just these containers (pod-level
/// resources aside), with the reason: `read` says how requests are read, `kind` names a
/// container in the reason. Only cpu and memory count, and only positive quantities.
pub fn containers_qos<'c>(
    containers: impl IntoIterator<Item = (&'c Container, ContainerKind)>,
    read: RequestsRead,
) -> Qos {
    // Sums of cpu and memory, in QOS_RESOURCES order (the order of a map by name).
    let mut requests: [Option<Quantity>; 2] = [None, None];
    let mut limits: [Option<Quantity>; 2] = [None, None];
    let mut first_unlimited: Option<(ContainerKind, &Container, &'static str)> = None;
    // Kubernetes walks app containers before init containers; the class does not depend on the
    // order, so podlife walks in pod order and names the first unlimited container in that order.
    for (container, kind) in containers {
        let resources = container.resources.as_ref();
        let own_limits = resources.and_then(|r| r.limits.as_ref());
        let own_requests = resources.and_then(|r| r.requests.as_ref());
        let mut limited = [false; 2];
        for (index, name) in QOS_RESOURCES.iter().enumerate() {
            let limit = positive_in(own_limits, name);
            let request = match read {
                RequestsRead::AsWritten => positive_in(own_requests, name),
                RequestsRead::AsStored => own_requests
                    .and_then(|list| list.get(*name))
                    .and_then(QuantityValue::valid)
                    .or_else(|| {
                        own_limits
                            .and_then(|list| list.get(*name))
                            .and_then(QuantityValue::valid)
                    })
                    .filter(|quantity| quantity.sign() > 0)
                    .copied(),
            };
            if let Some(slot) = limited.get_mut(index) {
                *slot = limit.is_some();
            }
            if let Some(sum) = limits.get_mut(index) {
                add_to(sum, limit);
            }
            if let Some(sum) = requests.get_mut(index) {
                add_to(sum, request);
            }
        }
        let missing = match limited {
            [true, true] => None,
            [false, true] => Some("cpu"),
            [true, false] => Some("memory"),
            [false, false] => Some("cpu or memory"),
        };
        if let Some(missing) = missing {
            first_unlimited.get_or_insert((kind, container, missing));
        }
    }
    if requests.iter().chain(&limits).all(Option::is_none) {
        return qos(
            QosClass::BestEffort,
            "no container sets a cpu or memory request or limit",
        );
    }
    if let Some((kind, container, missing)) = first_unlimited {
        return qos(
            QosClass::Burstable,
            format!(
                "{} `{}` has no {missing} limit",
                kind.noun(),
                super::effective::label(container)
            ),
        );
    }
    for ((name, request), limit) in QOS_RESOURCES.iter().zip(&requests).zip(&limits) {
        let Some(request) = request else { continue };
        match limit {
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
    if let Some(((name, Some(limit)), _)) = QOS_RESOURCES
        .iter()
        .zip(&limits)
        .zip(&requests)
        .find(|((_, limit), request)| limit.is_some() && request.is_none())
    {
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
