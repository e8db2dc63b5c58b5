//! Monte Carlo output: the report table, the JSON shape and the SVG histogram.

// Reports index metrics and their statistics by positions in the same metric list.
#![allow(clippy::indexing_slicing)]

pub mod json;
pub mod report;
pub mod svg;
