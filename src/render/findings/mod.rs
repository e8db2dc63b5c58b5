//! Renderers: one file per output format, all reading the same sorted findings.

pub mod as_they_come;
pub mod fixable;
pub mod github;
pub mod human;
mod human_recent;
mod human_snippet;
mod human_wrap;
pub mod in_parallel;
pub mod json;
pub mod junit;
pub mod pretty_json;
pub mod sarif;
pub mod short;
pub mod statistics;
