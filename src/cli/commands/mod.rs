//! One file per subcommand: read the inputs, call the engine, render, choose the exit code.

pub mod api_check;
pub mod completions;
pub mod example;
pub mod expectations;
pub mod explain;
pub(crate) mod json_documents;
pub mod observe;
pub mod resources;
pub mod rollout;
pub mod rules;
pub mod scenario_file;
pub mod server;
pub mod simulate;
pub mod status;
pub mod termination_flags;
pub mod validate;
