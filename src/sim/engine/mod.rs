//! The discrete-event core: integer time, the (time, seq) event queue, distributions and the
//! seeded generator. It knows nothing of Kubernetes: any model with its own event type runs on it.

pub mod distribution;
pub mod queue;
pub mod time;
