//! The kubelet model for one pod: its state, the decisions of the pod worker, starting and
//! killing containers, probes, the sandbox, status, back-off, admission and termination. It
//! reaches the container runtime only through the CRI-shaped calls of `sim::cri`.

pub mod admission;
#[cfg(test)]
mod admission_tests;
pub mod backoff;
pub mod decide;
pub mod event;
pub mod kill;
#[cfg(test)]
mod kubelet_tests;
pub mod model;
pub mod pod_status;
pub mod pre_pull;
pub mod probes;
#[cfg(test)]
mod properties;
pub mod sandbox;
pub mod start;
pub mod state;
pub mod termination;
#[cfg(test)]
mod termination_properties;
pub mod termination_state;
#[cfg(test)]
mod termination_tests;
