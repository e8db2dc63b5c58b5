//! `podlife server`: the Language Server on this process's stdin and stdout.

use crate::cli::run::EXIT_CLEAN;
use crate::error::Error;

/// Serves one editor session over stdio; returns when the client shuts it down.
pub fn run() -> Result<u8, Error> {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    crate::server::run(&connection)?;
    drop(connection);
    io_threads
        .join()
        .map_err(|error| Error::io("the language server's stdio", error))?;
    Ok(EXIT_CLEAN)
}
