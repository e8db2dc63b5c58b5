//! The one integration-test binary: what a user runs, as a user sees it.
#![allow(
    clippy::too_many_lines,
    clippy::cast_possible_truncation,
    clippy::format_collect,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

mod podlife {
    pub mod add_ignore;
    pub mod bad_input;
    pub mod best_practice;
    pub mod cli;
    pub mod config_and_formats;
    pub mod corpus;
    pub mod fail_on;
    pub mod file_safety;
    pub mod fixes;
    pub mod flags;
    pub mod generated;
    pub mod hostile;
    pub mod layers;
    pub mod montecarlo;
    pub mod observe;
    pub mod paths;
    pub mod pod_security;
    pub mod readme;
    pub mod real_repos;
    pub mod release;
    pub mod resources;
    pub mod rollout;
    pub mod rule_fixtures;
    pub mod server;
    pub mod show_settings;
    pub mod simulate;
    pub mod simulate_directories;
    pub mod status;
    pub mod support;
    pub mod termination;
    pub mod versions;
}
