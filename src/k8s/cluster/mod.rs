//! The cluster a manifest is checked for: its Kubernetes release and feature gates.

pub mod dropped_fields;
pub mod feature_gates;
pub mod kubernetes_version;

pub use feature_gates::{FeatureGates, Gate, GateSettings};
pub use kubernetes_version::KubernetesVersion;
