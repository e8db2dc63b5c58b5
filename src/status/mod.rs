//! `podlife status`: the columns `kubectl get pods` prints, computed offline from saved pod statuses.
//!
//! [`pod_row`] is a pure function from a pod (and a clock) to kubectl's row; the simulator
//! renders simulated pods through it too. [`command`] is the CLI around it.

pub mod age;
pub mod defer;
pub mod row;
#[cfg(test)]
mod test_pods;

use clap::ValueEnum;

pub use row::{PodRow, pod_row};

/// `--format` of `podlife status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatusFormat {
    /// kubectl's aligned table.
    Human,
    /// `{"pods":[{"name","ready","status","restarts","age",…}]}`.
    Json,
}

/// `-o`/`--output` of `podlife status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatusOutput {
    /// Add IP, NODE, NOMINATED NODE and READINESS GATES.
    Wide,
}
