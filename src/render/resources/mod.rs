//! `podlife resources` output: the human tables and the JSON shape.

pub mod human;
pub mod json;
