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
    let mut totals = NamespaceTotals::default();
    for pod in pods {
        totals.add(&NamespaceTotal::of_pod(pod));
    }
    totals.finish()
}

impl NamespaceTotal {
    /// What one pod adds to its namespace's totals: its namespace, its replicas and their
    /// requests and limits together. Taken where the pod is analysed, so that its report need
    /// not be kept until its turn to be counted.
    pub fn of_pod(pod: &PodReport) -> Self {
        NamespaceTotal {
            namespace: pod.namespace.clone(),
            pods: pod.replicas.count,
            requests: pod.total_requests(),
            limits: pod.total_limits(),
        }
    }
}

/// The per-namespace sums of pods counted one at a time, so that a report streamed pod by pod
/// keeps only its totals.
#[derive(Debug, Default)]
pub struct NamespaceTotals {
    totals: BTreeMap<Option<String>, NamespaceTotal>,
}

impl NamespaceTotals {
    /// Counts what one pod adds ([`NamespaceTotal::of_pod`]) into its namespace.
    pub fn add(&mut self, pod: &NamespaceTotal) {
        let total = self
            .totals
            .entry(pod.namespace.clone())
            .or_insert_with(|| NamespaceTotal {
                namespace: pod.namespace.clone(),
                pods: 0,
                requests: Quantities::new(),
                limits: Quantities::new(),
            });
        total.pods = total.pods.saturating_add(pod.pods);
        add_into(&mut total.requests, &pod.requests);
        add_into(&mut total.limits, &pod.limits);
    }

    /// The sums, the unset namespace first, then by name.
    pub fn finish(self) -> Vec<NamespaceTotal> {
        self.totals.into_values().collect()
    }
}
