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
pub fn man(args: &ManArgs, out: &mut dyn Write) -> Result<u8, Error> {
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
        return Ok(EXIT_CLEAN);
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
    Ok(EXIT_CLEAN)
}
