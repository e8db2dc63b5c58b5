//! `podlife resources`: effective pod requests and limits, QoS class and node fit, computed
//! exactly as Kubernetes does (SEMANTICS K5, K6; defer containers: D16), each value with the
//! container or phase that decided it.

pub mod cgroup_limits;
pub mod decision;
pub mod defaulting;
pub mod effective;
pub mod node_fit;
pub mod pod_level;
pub mod qos;
pub mod quantities;
pub mod replicas;
pub mod report;
pub mod totals;

pub use crate::k8s::cluster::FeatureGates;
pub use effective::{EffectiveResources, Options, compute};
pub use qos::{Qos, QosClass, compute_qos};
pub use report::{PodReport, Settings, analyse_pod};

#[cfg(test)]
mod effective_tests;
#[cfg(test)]
mod qos_tests;
#[cfg(test)]
mod test_support;
