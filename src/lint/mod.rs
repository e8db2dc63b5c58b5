//! Checking manifests: findings, the rules, the settings that select and suppress them, and the
//! validation of a source file.

pub mod add_ignore;
pub mod finding;
pub mod fix;
pub mod in_order;
pub mod load;
pub mod rules;
pub mod settings;
pub mod validate;
