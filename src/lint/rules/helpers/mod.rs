//! What several rules share: API-server validation helpers, handler checks, resource scopes.

pub mod api_validation;
pub mod handler_checks;
pub mod resource_scope;
