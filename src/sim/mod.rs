//! `podlife simulate`: a deterministic discrete-event simulation of a pod on a kubelet and a mock CRI runtime.
//!
//! The folders are layers (docs/semantics.md K1–K4, P1, P2): `engine` is a generic
//! discrete-event core (time, queue, seeded generator, distributions) that knows nothing of
//! Kubernetes; `plan` is what the pod asks for and what the world does (behaviour scripts);
//! `cri` is the mock container runtime that enforces the CRI state machines and traces every
//! call; `kubelet` is the model that drives it through that interface; `record` is the data a
//! run leaves; `scenario` builds behaviour from defaults, a scenario file and flags; `expect`,
//! `montecarlo` and `explore` (one run per fault) run the kubelet and judge what it recorded.

// The simulator indexes its own tables (containers, views, metrics, attempts, buckets) by
// indices it built from the plan's container list or its own metric list, never by numbers
// from input (names from input are looked up with located errors first); an index out of
// range is a model bug, and the property tests run the model over random pods. The fuzz
// target `simulate` runs it over random manifests and scenario files.
#![allow(clippy::indexing_slicing)]

pub mod cri;
pub mod engine;
pub mod expect;
pub mod explore;
pub mod job;
pub mod kubelet;
pub mod montecarlo;
pub mod plan;
pub mod record;
pub mod scenario;
#[cfg(test)]
pub mod testing;

pub use kubelet::model::{Kubelet, SimConfig, simulate};
pub use record::outcome::{SimOutcome, Summary};
