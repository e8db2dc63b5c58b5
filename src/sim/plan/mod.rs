//! What a run is about: the pod as the kubelet sees it (spec) and what the world does (scripts
//! for containers, the runtime, admission and termination).

pub mod admission;
pub mod behaviour;
pub mod spec;
pub mod termination;
