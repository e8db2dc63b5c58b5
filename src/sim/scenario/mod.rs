//! What the world does in a run: the scenario file, the `--fail`/`--run`/`--stop` flags, and the
//! patch they build, assembled once for every command (`assemble`).

pub mod assemble;
pub mod file;
pub mod flags;
pub mod format;
pub mod jitter;
pub mod located;
pub mod patch;
pub mod termination;

pub use assemble::{AssembleError, ScenarioFlags, assemble};
pub use file::{ScenarioSettings, load};
pub use jitter::Jitter;
pub use located::{ScenarioError, render};
pub use patch::Patch;
