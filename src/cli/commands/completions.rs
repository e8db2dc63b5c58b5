//! `podlife completions` and `podlife man`: shell completions and the man page, generated
//! from the command line's definition.

use std::io::Write;

use clap::{Args, CommandFactory};

use crate::cli::Cli;
use crate::cli::run::EXIT_CLEAN;
use crate::error::Error;

/// `podlife completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Runs `podlife completions`.
pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let mut command = Cli::command();
    // clap_complete panics when its writer fails, so it writes to memory and we write that.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "podlife", &mut script);
    out.write_all(&script)
        .map_err(|e| Error::io("writing output", e))?;
    Ok(EXIT_CLEAN)
}

/// Runs `podlife man`.
pub fn man(out: &mut dyn Write) -> Result<u8, Error> {
    let man = clap_mangen::Man::new(Cli::command());
    man.render(out)
        .map_err(|e| Error::io("writing output", e))?;
    Ok(EXIT_CLEAN)
}
