//! `podlife status`: the columns `kubectl get pods` prints, computed offline from saved pod statuses.
//!
//! [`pod_row`] is a pure function from a pod (and a clock) to kubectl's row; the simulator
//! renders simulated pods through it too. `cli::commands::status` is the command around it.

pub mod age;
pub mod defer;
pub mod row;
#[cfg(test)]
mod test_pods;

pub use row::{PodRow, pod_row};
