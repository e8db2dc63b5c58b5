//! `podlife validate --fix` and `--diff`: apply the findings' fixes to the files (or print them as a unified diff), then report what remains.
//!
//! Each input is fixed in parallel ([`crate::lint::fix::fix_source`]); writing and printing go in
//! input order. A file named twice (`f ./f`, a link and its target) is fixed once. A fixed file
//! is written by [`crate::cli::file_write::replace_checked`]: atomically, keeping its mode and
//! owner, and only if it is still what was read (else it is an error for that file, exit 2).
//! Standard input's fixed text goes to stdout, and the report to stderr. `--diff` writes
//! nothing and exits 1 when a fix would change something.

use std::io::Write;

use super::args::ValidateArgs;
use super::report::{InputReport, report};
use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::file_write::{FixWriteError, ReadState, replace_checked};
use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::fix::{FixOutcome, fix_source};
use crate::lint::settings::config_file::ConfigResolver;
use crate::lint::validate::validate_source;

/// One input, read and fixed.
struct Fixed {
    source: SourceText,
    outcome: FixOutcome,
    /// A file's state when it was read, checked again before it is replaced.
    read: Option<ReadState>,
}

/// Runs `validate --fix` or `validate --diff` over `inputs`.
pub fn run(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let inputs = &once_each(inputs);
    let fixed = fix_inputs(cli, args, inputs, configuration);
    let configuration = &*configuration;
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let mut changed_files = 0usize;
    let mut applied = 0usize;
    let mut failed = false;
    let mut not_written: Vec<usize> = Vec::new();
    let mut stdin_fixed: Option<String> = None;
    for (index, (input, fixed)) in inputs.iter().zip(&fixed).enumerate() {
        let (Ok(input), Ok(Ok(fixed))) = (input, fixed) else {
            continue;
        };
        if !cli.quiet {
            note_dropped(fixed);
        }
        if fixed.outcome.text == *fixed.source.text {
            continue;
        }
        if args.diff {
            changed_files += 1;
            applied += fixed.outcome.applied;
            write_diff(out, fixed).map_err(write_error)?;
            continue;
        }
        match input {
            Input::File(path) | Input::Walked(path) => {
                if let Err(error) = write_fixed(path, fixed) {
                    failed = true;
                    not_written.push(index);
                    crate::cli::output::note(format_args!("error: `{}`: {error}", path.display()));
                } else {
                    changed_files += 1;
                    applied += fixed.outcome.applied;
                }
            }
            Input::Stdin(_) | Input::Piped(..) => {
                changed_files += 1;
                applied += fixed.outcome.applied;
                stdin_fixed = Some(fixed.outcome.text.clone());
            }
            Input::Example(..) => {}
        }
    }
    if !cli.quiet {
        let verb = if args.diff { "would fix" } else { "fixed" };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        crate::cli::output::note(format_args!(
            "podlife: {verb} {applied} finding{} in {changed_files} file{}",
            plural(applied),
            plural(changed_files)
        ));
    }
    if args.diff {
        let unreadable = fixed.iter().any(|f| !matches!(f, Ok(Ok(_))));
        return Ok(if unreadable || failed {
            ExitStatus::Failure
        } else if changed_files > 0 {
            ExitStatus::Findings
        } else {
            ExitStatus::Clean
        });
    }
    let reports = remaining(inputs, fixed, &not_written, configuration);
    let code = if let Some(text) = stdin_fixed {
        out.write_all(text.as_bytes()).map_err(write_error)?;
        let mut err = crate::cli::output::stderr();
        report(
            cli,
            args,
            inputs,
            &reports,
            configuration.gates()?,
            &mut err,
        )?
    } else {
        report(cli, args, inputs, &reports, configuration.gates()?, out)?
    };
    Ok(if failed { ExitStatus::Failure } else { code })
}

/// Reads and fixes every input in parallel, results in input order (read ahead first when
/// PL447 runs, so that each input's options hold the run's PodDisruptionBudgets).
fn fix_inputs(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
) -> Vec<Result<Result<Fixed, Error>, Error>> {
    let read_ahead =
        crate::cli::read_ahead::read_files_across_inputs(inputs, configuration, cli.max_input_size);
    let configuration = &*configuration;
    let fix = |input: &Input, source: SourceText, read: Option<ReadState>| {
        let options = configuration.options_for(input);
        let outcome = fix_source(&source, &options, args.unsafe_fixes);
        Fixed {
            source,
            outcome,
            read,
        }
    };
    match read_ahead {
        Some((read, states)) => {
            crate::cli::read_ahead::map_read(inputs, read, |index, input, source| {
                fix(input, source, states.get(index).cloned().flatten())
            })
        }
        None => input::map_inputs(inputs, |input| {
            let read = crate::cli::read_ahead::read_state(Some(input));
            input::read(input, cli.max_input_size).map(|source| fix(input, source, read))
        }),
    }
}

/// Prints the fixes of one input as a unified diff.
fn write_diff(out: &mut dyn Write, fixed: &Fixed) -> std::io::Result<()> {
    let name = fixed.source.name.trim_start_matches('/');
    let diff = similar::TextDiff::from_lines(fixed.source.text.as_str(), &fixed.outcome.text);
    write!(
        out,
        "{}",
        diff.unified_diff()
            .context_radius(3)
            .header(&format!("a/{name}"), &format!("b/{name}"))
    )
}

/// Says on stderr which fixes were not applied, and why.
fn note_dropped(fixed: &Fixed) {
    for (finding, error) in &fixed.outcome.dropped {
        crate::cli::output::note(format_args!(
            "podlife: {}: the fix for {}[{}] was not applied: it would add {}[{}] {}",
            fixed.source.name,
            finding.severity,
            finding.rule.code,
            error.severity,
            error.rule.code,
            error.message
        ));
    }
}

/// Replaces the file at `path` with its fixed text, if it is still what was read.
fn write_fixed(path: &std::path::Path, fixed: &Fixed) -> Result<(), FixWriteError> {
    let read = fixed.read.as_ref().ok_or(FixWriteError::Changed)?;
    replace_checked(
        path,
        read,
        fixed.source.text.as_bytes(),
        fixed.outcome.text.as_bytes(),
    )
}

/// The inputs with each file once: a later name for a file already named (`./f` after `f`, a
/// link after its target) is the same file, fixed and counted once.
pub(crate) fn once_each(inputs: &[Result<Input, Error>]) -> Vec<Result<Input, Error>> {
    let mut seen = std::collections::HashSet::new();
    inputs
        .iter()
        .filter(|input| match input {
            Ok(Input::File(path) | Input::Walked(path)) => {
                std::fs::canonicalize(path).map_or(true, |canonical| seen.insert(canonical))
            }
            _ => true,
        })
        .cloned()
        .collect()
}

/// What remains in each input: the report of its fixed text (checked again for text the fixer
/// could not read, and for the files in `not_written`: their text is as it was).
fn remaining(
    inputs: &[Result<Input, Error>],
    fixed: Vec<Result<Result<Fixed, Error>, Error>>,
    not_written: &[usize],
    configuration: &ConfigResolver,
) -> Vec<InputReport> {
    inputs
        .iter()
        .zip(fixed)
        .enumerate()
        .map(|(index, (input, fixed))| {
            fixed.map(|fixed| {
                fixed.map(|fixed| match fixed.outcome.report {
                    Some(report) if !not_written.contains(&index) => report,
                    _ => {
                        let options = input
                            .as_ref()
                            .map(|input| configuration.options_for(input))
                            .unwrap_or_default();
                        validate_source(&fixed.source, &options)
                    }
                })
            })
        })
        .collect()
}
