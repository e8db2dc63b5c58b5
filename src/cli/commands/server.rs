//! `podlife server`: the Language Server on this process's stdin and stdout.

use clap::Args;

use crate::cli::exit::ExitStatus;
use crate::error::Error;
use crate::server::Ending;

/// `exit` without `shutdown` first (the LSP specification's exit code).
const EXIT_WITHOUT_SHUTDOWN: ExitStatus = ExitStatus::Findings;

/// `podlife server`.
#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Largest message read from the editor: bytes, or with a unit (`64MiB`). A larger one is
    /// skipped and answered with an error; the session goes on.
    #[arg(
        long,
        value_name = "SIZE",
        default_value = "64MiB",
        value_parser = crate::cli::parse_size
    )]
    pub max_message_size: u64,
}

/// Serves one editor session over stdio. Exit code as the LSP says: 0 after `shutdown` then
/// `exit` (or when the editor closes the stream), 1 for `exit` without `shutdown`. Returns as
/// soon as the session ends; work still running ends with the process.
pub fn run(args: &ServerArgs) -> Result<ExitStatus, Error> {
    let input = Box::new(std::io::BufReader::new(std::io::stdin()));
    let output = Box::new(std::io::stdout());
    Ok(
        match crate::server::run(input, output, args.max_message_size) {
            Ending::Exit {
                after_shutdown: false,
            } => EXIT_WITHOUT_SHUTDOWN,
            Ending::Exit {
                after_shutdown: true,
            }
            | Ending::Closed => ExitStatus::Clean,
        },
    )
}
