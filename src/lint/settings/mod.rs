//! Which rules run and how loud: `--select`/`--ignore`/`--severity`, `.podlife.yaml`, the
//! `podlife.dev/ignore` annotation, applied to a file's findings in one place.

pub mod apply;
pub mod config_file;
pub mod selection;
pub mod suppression;
