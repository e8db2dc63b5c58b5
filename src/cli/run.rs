//! Running a parsed command line: dispatch to its command, report an error, give the exit code.

use std::io::Write;

use crate::cli::commands;
use crate::cli::exit::ExitStatus;
use crate::cli::output::{self, EscapingWrite};
use crate::cli::terminal::use_color;
use crate::cli::{Cli, Command};
use crate::error::Error;

/// Runs a command line and returns the process exit code.
pub fn run(cli: &Cli) -> u8 {
    run_command(cli).code()
}

fn run_command(cli: &Cli) -> ExitStatus {
    // The language server speaks on stdout itself: no locked report writer around it.
    if let Command::Server(args) = &cli.command {
        return match commands::server::run(args) {
            Ok(code) => code,
            Err(error) => {
                output::note(format_args!("error: {error}"));
                ExitStatus::Failure
            }
        };
    }
    let mut out = output::stdout(use_color(cli.color));
    let result = dispatch(cli, &mut out).and_then(|code| {
        out.flush().map_err(|e| Error::io("writing output", e))?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(error) if error.is_broken_pipe() => ExitStatus::Clean,
        Err(error) => {
            output::note(format_args!("error: {error}"));
            ExitStatus::Failure
        }
    }
}

fn dispatch(cli: &Cli, out: &mut dyn EscapingWrite) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match &cli.command {
        Command::Validate(args) => commands::validate::run(cli, args, out),
        Command::Resources(args) => commands::resources::run(cli, args, out),
        Command::Status(args) => commands::status::run(cli, args, out),
        Command::Observe(args) => commands::observe::run(cli, args, out),
        Command::Simulate(args) => commands::simulate::run(cli, args, out),
        Command::Rollout(args) => commands::rollout::run(cli, args, out),
        Command::Explain(args) => commands::explain::run(args, out),
        Command::Rules(args) if args.gates => commands::rules::write_gates(
            out,
            args.format,
            args.kubernetes_version.unwrap_or_default(),
        )
        .map(|()| ExitStatus::Clean)
        .map_err(write_error),
        Command::Rules(args) => commands::rules::write_rules(out, args.format)
            .map(|()| ExitStatus::Clean)
            .map_err(write_error),
        Command::Example(args) => commands::example::run(args, out),
        Command::Completions(args) => commands::completions::run(args, out),
        Command::Man(args) => commands::completions::man(args, out),
        Command::Server(_) => Err(Error::Usage(
            "`podlife server` speaks on stdout itself and runs before any report".to_string(),
        )),
    }
}
