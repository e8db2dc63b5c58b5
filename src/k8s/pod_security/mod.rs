//! Pod Security admission as podlife reads it: levels, policy versions, modes, and the policy a
//! namespace's `pod-security.kubernetes.io/*` labels give (docs/pod-security.md).

pub mod levels;
pub mod namespace_policy;

pub use levels::{Level, LevelVersion, Mode, PolicyVersion};
pub use namespace_policy::{LabelProblem, Policy, policy_from_labels};
