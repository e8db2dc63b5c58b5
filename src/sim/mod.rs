//! `podlife simulate`: a deterministic discrete-event simulation of a pod on a kubelet and a mock CRI runtime.
//!
//! The model (SEMANTICS.md K1–K4, P1, P2): a [`simulation::Simulation`] pops [`event::Event`]s
//! from a (time, seq) [`queue::EventQueue`]; the kubelet part decides what the pod worker does
//! next (`decide.rs`), starts and kills containers (`start.rs`, `kill.rs`), runs probe workers
//! (`probes.rs`) and reports the pod's status (`pod_status.rs`); the [`runtime::MockRuntime`]
//! enforces the CRI state machines and traces every call. What the world does (durations,
//! faults) is a [`behaviour::Behaviour`], built from defaults, a scenario file and flags.

pub mod admission;
#[cfg(test)]
mod admission_tests;
pub mod backoff;
pub mod behaviour;
pub mod decide;
pub mod event;
pub mod expect;
pub mod expect_termination;
pub mod jitter;
pub mod kill;
#[cfg(test)]
mod kubelet_tests;
pub mod montecarlo;
pub mod pod_status;
pub mod pre_pull;
pub mod probes;
#[cfg(test)]
mod properties;
pub mod queue;
pub mod record;
pub mod runtime;
pub mod sandbox;
pub mod scenario;
pub mod simulation;
pub mod spec;
pub mod start;
pub mod termination;
pub mod termination_model;
#[cfg(test)]
mod termination_properties;
pub mod termination_summary;
#[cfg(test)]
mod termination_tests;
#[cfg(test)]
pub mod testing;
pub mod time;
pub mod trace;
pub mod view;

pub use simulation::{SimConfig, SimOutcome, Simulation, Summary, simulate};
