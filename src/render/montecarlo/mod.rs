//! Monte Carlo output: the report table, the JSON shape and the SVG histogram.

pub mod json;
pub mod report;
pub mod svg;
