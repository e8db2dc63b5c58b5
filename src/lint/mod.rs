//! Checking manifests: the rules, the settings that select and suppress them, and the
//! validation of a source file.

pub mod add_ignore;
pub mod fix;
pub mod rules;
pub mod settings;
pub mod validate;
