//! Capacity planning across inputs: requests and limits of every replica, summed per namespace.

use std::collections::BTreeMap;

use super::quantities::{Quantities, add_into};
use super::report::PodReport;

/// The sums for one namespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamespaceTotal {
    /// The namespace (`None`: not set in the manifest).
    pub namespace: Option<String>,
    /// Pods counted: every replica (a DaemonSet counts one, its per-node pod).
    pub pods: u64,
    /// Summed requests.
    pub requests: Quantities,
    /// Summed limits.
    pub limits: Quantities,
}

/// Sums every pod's totals per namespace, the unset namespace first, then by name.
pub fn by_namespace(pods: &[PodReport]) -> Vec<NamespaceTotal> {
    let mut totals: BTreeMap<Option<String>, NamespaceTotal> = BTreeMap::new();
    for pod in pods {
        let total = totals
            .entry(pod.namespace.clone())
            .or_insert_with(|| NamespaceTotal {
                namespace: pod.namespace.clone(),
                pods: 0,
                requests: Quantities::new(),
                limits: Quantities::new(),
            });
        total.pods = total.pods.saturating_add(pod.replicas.count);
        add_into(&mut total.requests, &pod.total_requests());
        add_into(&mut total.limits, &pod.total_limits());
    }
    totals.into_values().collect()
}
