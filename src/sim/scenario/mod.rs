//! What the world does in a run: the scenario file, the `--fail`/`--run` flags, and the patch they build.

pub mod file;
pub mod flags;
pub mod format;
pub mod jitter;
pub mod located;
pub mod patch;
pub mod termination;

pub use file::{ScenarioSettings, load};
pub use jitter::Jitter;
pub use located::{ScenarioError, render};
pub use patch::Patch;
