//! `podlife example`: list the built-in examples, or print one.

use std::io::Write;

use clap::Args;

use crate::cli::exit::ExitStatus;
use crate::error::Error;
use crate::input::examples;

/// `podlife example`.
#[derive(Debug, Args)]
pub struct ExampleArgs {
    /// The example to print; without it, list the examples.
    #[arg(value_parser = crate::cli::completion_values::examples(), hide_possible_values = true)]
    pub name: Option<String>,
}

/// Runs `podlife example`.
pub fn run(args: &ExampleArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match &args.name {
        None => {
            for example in examples::EXAMPLES {
                writeln!(out, "{:<18} {}", example.name, example.description)
                    .map_err(write_error)?;
            }
            Ok(ExitStatus::Clean)
        }
        Some(name) => match examples::find(name) {
            Some(example) => {
                write!(out, "{}", example.text).map_err(write_error)?;
                Ok(ExitStatus::Clean)
            }
            None => {
                let names: Vec<&str> = examples::EXAMPLES.iter().map(|e| e.name).collect();
                let hint = crate::text::closest(name, &names)
                    .map(|closest| format!("did you mean `{closest}`? "))
                    .unwrap_or_default();
                Err(Error::Usage(format!(
                    "no example `{}`; {hint}the examples are: {}",
                    crate::text::clip(name),
                    names.join(", ")
                )))
            }
        },
    }
}
