//! What the Pod Security rules share: a check's versions and what it found (`check`), the
//! words the admission library uses (`wording`), where a pod's policy comes from (`policy`),
//! the Namespace objects of a run (`namespaces`), and turning a violation into a finding
//! (`report`).

pub mod check;
pub mod edits;
pub mod labels;
pub mod namespaces;
pub mod policy;
pub mod report;
pub mod setters;
#[cfg(test)]
mod tests_by_version;
pub mod wording;
