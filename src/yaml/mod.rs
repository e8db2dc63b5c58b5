//! YAML and JSON text as a span tree: parsing, scalar resolution, paths into the tree, writing.

pub mod event_source;
pub mod field_path;
mod go_blanks;
mod go_escapes;
mod go_refusals;
mod json_stream;
pub mod line_index;
pub mod lines;
pub mod locator;
mod manifest_scanner;
pub mod scalar;
pub mod source;
pub mod stream;
pub mod tree_builder;
pub mod writer;
