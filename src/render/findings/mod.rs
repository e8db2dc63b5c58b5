//! Renderers: one file per output format, all reading the same sorted findings.

pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;
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
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`).
    Github,
    /// JUnit XML: a test suite per file, a test case per pod, failures for errors.
    Junit,
}
