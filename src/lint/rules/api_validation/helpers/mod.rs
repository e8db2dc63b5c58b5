//! What the API-validation rules share: the field-error vocabulary (`field_errors`), probe and
//! hook handler checks, volume sources, projections, claim templates, the downward API, label
//! selectors (a Job's generated one too) and resource scopes.

pub mod certificate_projections;
pub mod claim_template;
pub mod downward_api;
pub mod field_errors;
pub mod handler_checks;
pub mod in_tree_volumes;
pub mod int_or_percent;
pub mod job_selector;
pub mod label_selector;
pub mod resource_scope;
pub mod token_projections;
