//! podlife: validate and simulate Kubernetes pod lifecycles (init containers, sidecars, defer containers).
//!
//! The folders are layers and import only downwards (ARCHITECTURE.md has the table; the test
//! `layers` enforces it): `cli` → `server` → `render` → `lint`, `rollout` → `resources`,
//! `status`, `sim`, `objects` → `finding`, `k8s` → `yaml`, with `input` and `error` beside them.
#![forbid(unsafe_code)]
// Test code may use long tables, literal figures and narrowing casts on known values.
#![cfg_attr(
    test,
    allow(
        clippy::too_many_lines,
        clippy::unreadable_literal,
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        clippy::float_cmp,
        clippy::large_stack_arrays,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing
    )
)]

pub mod cli;
pub mod error;
pub mod finding;
pub mod input;
pub mod k8s;
pub mod lint;
pub mod objects;
pub mod observe;
pub mod render;
pub mod resources;
pub mod rollout;
pub mod server;
pub mod sim;
pub mod status;
pub mod text;
pub mod yaml;

pub use cli::run::run;
pub use error::Error;
pub use k8s::quantity::Quantity;
