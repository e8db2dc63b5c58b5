//! What the best-practice rules share: the group's settings (`bestPractice:`), security
//! contexts, capabilities, host paths and the run's PodDisruptionBudgets.

pub mod capabilities;
pub mod disruption_budgets;
pub mod host_paths;
pub mod security_context;
pub mod settings;
