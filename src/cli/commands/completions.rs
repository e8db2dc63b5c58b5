//! `podlife completions` and `podlife man`: shell completions and the man page, generated
//! from the command line's definition.

use std::io::Write;

use clap::{Args, CommandFactory};

use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::error::Error;

/// `podlife completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Runs `podlife completions`.
pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let mut command = Cli::command();
    // clap_complete panics when its writer fails, so it writes to memory and we write that.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "podlife", &mut script);
    if args.shell == clap_complete::Shell::Fish {
        script.extend_from_slice(fish_positional_values(&command).as_bytes());
    }
    out.write_all(&script)
        .map_err(|e| Error::io("writing output", e))?;
    Ok(ExitStatus::Clean)
}

/// clap_complete's fish script completes options' values but not positional ones: the rule of
/// `explain RULE` and the name of `example NAME` are offered here, a line per value.
fn fish_positional_values(command: &clap::Command) -> String {
    let quote = |text: &str| format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"));
    let mut lines = String::new();
    for subcommand in command.get_subcommands() {
        for argument in subcommand.get_positionals() {
            for value in argument.get_possible_values() {
                lines.push_str(&format!(
                    "complete -c podlife -n \"__fish_podlife_using_subcommand {}\" -f -a {}",
                    subcommand.get_name(),
                    quote(value.get_name())
                ));
                if let Some(help) = value.get_help() {
                    lines.push_str(&format!(" -d {}", quote(&help.to_string())));
                }
                lines.push('\n');
            }
        }
    }
    lines
}

/// `podlife man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// A subcommand's page (`validate` → podlife-validate(1)); default: the top page.
    pub subcommand: Option<String>,
    /// Write every page (podlife.1 and podlife-<subcommand>.1) into this directory instead.
    #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
    pub out: Option<std::path::PathBuf>,
}

/// Every man page: (file name, roff), the top page first. The top page's SUBCOMMANDS section
/// names podlife-<subcommand>(1), and each of those pages exists here.
pub fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut command = Cli::command();
    // Built, the command has clap's `help` subcommand too, which the top page lists.
    command.build();
    let mut pages = Vec::new();
    let mut top = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut top)?;
    pages.push(("podlife.1".to_string(), top));
    for subcommand in command.get_subcommands() {
        let name = format!("podlife-{}", subcommand.get_name());
        let page_command = subcommand
            .clone()
            .display_name(name.clone())
            .bin_name(format!("podlife {}", subcommand.get_name()))
            .version(env!("CARGO_PKG_VERSION"));
        let mut page = Vec::new();
        clap_mangen::Man::new(page_command).render(&mut page)?;
        pages.push((format!("{name}.1"), page));
    }
    Ok(pages)
}

/// Runs `podlife man`.
pub fn man(args: &ManArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let pages = man_pages().map_err(write_error)?;
    if let Some(directory) = &args.out {
        std::fs::create_dir_all(directory)
            .map_err(|e| Error::io(format!("creating `{}`", directory.display()), e))?;
        for (file, page) in &pages {
            let path = directory.join(file);
            crate::cli::file_write::write_output(&path, page)
                .map_err(|e| Error::io(format!("writing `{}`", path.display()), e))?;
        }
        return Ok(ExitStatus::Clean);
    }
    let wanted = args.subcommand.as_deref().map_or_else(
        || "podlife.1".to_string(),
        |name| format!("podlife-{name}.1"),
    );
    let Some((_, page)) = pages.iter().find(|(file, _)| *file == wanted) else {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        return Err(Error::Usage(format!(
            "no subcommand `{}`; the subcommands are: {}",
            crate::text::clip(args.subcommand.as_deref().unwrap_or_default()),
            names.join(", ")
        )));
    };
    out.write_all(page).map_err(write_error)?;
    Ok(ExitStatus::Clean)
}
