//! Everything podlife prints: findings in every format, resources, status tables, simulation
//! views, Monte Carlo reports, and progress on stderr.

pub mod findings;
pub mod json_as_yaml;
pub mod label_rows;
pub mod markup;
pub mod montecarlo;
pub mod observe;
pub mod paint;
pub mod progress;
pub mod resources;
pub mod rollout;
pub mod rules;
pub mod settings;
pub mod simulate;
pub mod status;
