//! The `podlife` binary: parse arguments, run, exit with the code the run chose.
#![forbid(unsafe_code)]

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = podlife::cli::Cli::parse();
    std::process::ExitCode::from(podlife::run(cli))
}
