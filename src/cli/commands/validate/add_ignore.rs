//! `podlife validate --add-ignore`: write a `# podlife: ignore[…]` comment for each of today's
//! findings, so a repository can adopt podlife and fix them over time.
//!
//! Each input is handled in parallel ([`crate::lint::add_ignore::add_ignore_comments`]); a
//! changed file is written as `--fix` writes (atomically, mode and owner kept, only if it is
//! still what was read). Standard input's new text goes to stdout and the report to stderr.
//! The report then shows what no comment could cover (findings without a line, JSON files).

use std::io::Write;

use super::args::ValidateArgs;
use super::report::{InputReport, report};
use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::file_write::{ReadState, replace_checked};
use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::add_ignore::{AddIgnoreOutcome, add_ignore_comments};
use crate::lint::settings::config_file::ConfigResolver;

/// One input with its comments: the outcome, the file's state when read, its text.
type Handled = (AddIgnoreOutcome, Option<ReadState>, String);

/// Runs `validate --add-ignore` over `inputs`.
pub fn run(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    use crate::cli::read_ahead::read_state;
    let inputs = &super::fix::once_each(inputs);
    let read_ahead =
        crate::cli::read_ahead::read_files_across_inputs(inputs, configuration, cli.max_input_size);
    let configuration = &*configuration;
    let handle = |input: &Input, source: SourceText, read: Option<ReadState>| -> Handled {
        let outcome = add_ignore_comments(&source, &configuration.options_for(input));
        (outcome, read, source.text.to_string())
    };
    let outcomes: Vec<Result<Result<Handled, Error>, Error>> = match read_ahead {
        Some((read, states)) => {
            crate::cli::read_ahead::map_read(inputs, read, |index, input, source| {
                handle(input, source, states.get(index).cloned().flatten())
            })
        }
        None => input::map_inputs(inputs, |input| {
            let read = read_state(Some(input));
            input::read(input, cli.max_input_size).map(|source| handle(input, source, read))
        }),
    };
    let mut failed = false;
    let mut added = 0usize;
    let mut rejections = 0usize;
    let mut files = 0usize;
    let mut stdin_text: Option<String> = None;
    let mut reports: Vec<InputReport> = Vec::with_capacity(inputs.len());
    for (input, outcome) in inputs.iter().zip(outcomes) {
        let (outcome, read, original) = match outcome {
            Ok(Ok(parts)) => parts,
            Ok(Err(error)) => {
                reports.push(Ok(Err(error)));
                continue;
            }
            Err(error) => {
                reports.push(Err(error));
                continue;
            }
        };
        let changed = outcome.text != original;
        rejections += outcome.rejections;
        match input {
            Ok(file @ (Input::File(path) | Input::Walked(path))) if changed => {
                let written = read.as_ref().map_or(
                    Err(crate::cli::file_write::FixWriteError::Changed),
                    |read| {
                        replace_checked(path, read, original.as_bytes(), outcome.text.as_bytes())
                    },
                );
                if let Err(error) = written {
                    // Exit 2, the file left as it was and said why; its findings are reported
                    // as they stand in it, as `--fix` reports those of a file it cannot write.
                    failed = true;
                    crate::cli::output::note(format_args!(
                        "error: `{}`: {error}",
                        crate::text::escape_control(&path.display().to_string())
                    ));
                    let unchanged = SourceText {
                        name: std::sync::Arc::from(file.display_name()),
                        text: std::sync::Arc::new(original),
                        not_utf8: None,
                        origin: crate::input::SourceOrigin::of(file),
                    };
                    let options = configuration.options_for(file);
                    reports.push(Ok(Ok(crate::lint::validate::validate_source(
                        &unchanged, &options,
                    ))));
                    continue;
                }
                added += outcome.suppressed;
                files += 1;
            }
            Ok(Input::Stdin(_) | Input::Piped(..)) => {
                added += outcome.suppressed;
                files += usize::from(changed);
                stdin_text = Some(outcome.text.clone());
            }
            _ => {}
        }
        reports.push(Ok(Ok(outcome.report)));
    }
    say_what_was_done(cli.quiet, added, files, rejections);
    let gates = configuration.gates()?;
    let code = if let Some(text) = stdin_text {
        out.write_all(text.as_bytes())
            .map_err(|e| Error::io("writing output", e))?;
        report(
            cli,
            args,
            inputs,
            &reports,
            gates,
            &mut crate::cli::output::stderr(),
        )?
    } else {
        report(cli, args, inputs, &reports, gates, out)?
    };
    Ok(if failed { ExitStatus::Failure } else { code })
}

/// The run's summary on stderr: what the comments suppress, and the rejections left to fix.
fn say_what_was_done(quiet: bool, added: usize, files: usize, rejections: usize) {
    if !quiet {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        crate::cli::output::note(format_args!(
            "podlife: suppressed {added} finding{} in {files} file{} with `# podlife: ignore[…]` comments",
            plural(added),
            plural(files)
        ));
    }
    if rejections > 0 {
        // Said even with --quiet: CI fails on them, and the reason must be in its log.
        let (are, them) = if rejections == 1 {
            ("is a rejection", "it")
        } else {
            ("are rejections", "them")
        };
        crate::cli::output::note(format_args!(
            "podlife: {rejections} finding{} {are}: the API server refuses the object, so no comment covers {them}; fix {them} (listed above or below)",
            if rejections == 1 { "" } else { "s" }
        ));
    }
}
