//! The cluster a manifest is checked for: its Kubernetes release and feature gates, and the pod
//! its API server stores.

pub mod dropped_fields;
pub mod feature_gates;
pub mod kubernetes_version;
pub mod stored_pod;

pub use feature_gates::{FeatureGates, Gate, GateSettings};
pub use kubernetes_version::KubernetesVersion;
pub use stored_pod::{Defaulting, StoredPod, stored_as, stored_pod};
