//! Renderers: one file per output format, all reading the same sorted findings.

pub mod github;
pub mod human;
pub mod json;
pub mod short;

use clap::ValueEnum;

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FindingFormat {
    /// Diagnostics with source snippets, like rustc.
    Human,
    /// One grep-friendly line per finding: `file:line:col: severity[ID] message`.
    Short,
    /// One JSON document (see README).
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`).
    Github,
}
