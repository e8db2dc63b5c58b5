//! podlife: validate and simulate Kubernetes pod lifecycles (init containers, sidecars, defer containers).
#![forbid(unsafe_code)]

pub mod api_validation;
pub mod cli;
pub mod config;
pub mod configure;
pub mod declared_durations;
pub mod decode;
pub mod defaults;
pub mod error;
pub mod examples;
pub mod field_path;
pub mod field_schema;
pub mod finding;
pub mod handler_checks;
pub mod input;
pub mod k8s_names;
pub mod model;
pub mod progress;
pub mod quantity;
pub mod report;
pub mod resource_names;
pub mod resource_scope;
pub mod resources;
pub mod rule_settings;
pub mod rules;
pub mod rules_list;
pub mod run;
pub mod scalar;
pub mod sim;
pub mod source;
pub mod status;
pub mod suppression;
pub mod timestamp;
pub mod tree_builder;
pub mod validate;
pub mod workload;
pub mod yaml_writer;

pub use error::Error;
pub use quantity::Quantity;
pub use run::run;
