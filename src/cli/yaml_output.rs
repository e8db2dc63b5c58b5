//! `-o yaml` of every command that has `-o json`: the command runs with `-o json` into a
//! buffer, and that output is written as YAML, so both formats carry the same data.

use crate::cli::exit::ExitStatus;
use std::io::Write;

use crate::cli::output::EscapingWrite;
use crate::error::Error;

/// Runs `run_json` (the command with `-o json`) and writes what it printed as YAML.
pub fn run_as_yaml(
    out: &mut dyn Write,
    run_json: impl FnOnce(&mut dyn EscapingWrite) -> Result<ExitStatus, Error>,
) -> Result<ExitStatus, Error> {
    let mut buffer = Vec::new();
    let code = run_json(&mut buffer);
    crate::render::json_as_yaml::write(out, &buffer).map_err(|e| Error::io("writing output", e))?;
    code
}
