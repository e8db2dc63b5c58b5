//! What several rules share: API-server validation helpers, the best-practice group's settings,
//! claim templates, the run's PodDisruptionBudgets, handler checks,
//! resource scopes.

pub mod api_validation;
pub mod best_practice;
pub mod capabilities;
pub mod certificate_projections;
pub mod claim_template;
pub mod disruption_budgets;
pub mod downward_api;
pub mod handler_checks;
pub mod host_paths;
pub mod in_tree_volumes;
pub mod label_selector;
pub mod resource_scope;
pub mod security_context;
