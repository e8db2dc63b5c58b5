//! `podlife validate --fix` and `--diff`: apply the findings' fixes to the files (or print them as a unified diff), then report what remains.
//!
//! Each input is fixed in parallel ([`crate::lint::fix::fix_source`]); writing and printing go in
//! input order. A fixed file is written atomically (a new file renamed into place) with the
//! old file's permissions. Standard input's fixed text goes to stdout, and the report to
//! stderr. `--diff` writes nothing and exits 1 when a fix would change something.

use std::io::Write;

use crate::cli::Cli;
use crate::cli::commands::validate::{InputReport, ValidateArgs, report};
use crate::cli::run::{EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS};
use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::fix::{FixOutcome, fix_source};
use crate::lint::settings::config_file::ConfigResolver;
use crate::lint::validate::validate_source;

/// One input, read and fixed.
struct Fixed {
    source: SourceText,
    outcome: FixOutcome,
}

/// Runs `validate --fix` or `validate --diff` over `inputs`.
pub fn run(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    configuration: &ConfigResolver,
    out: &mut dyn Write,
) -> Result<u8, Error> {
    let fixed: Vec<Result<Result<Fixed, Error>, Error>> = input::map_inputs(inputs, |input| {
        input::read(input, cli.max_input_size).map(|source| {
            let options = configuration.options_for(input);
            let outcome = fix_source(&source, &options, args.unsafe_fixes);
            Fixed { source, outcome }
        })
    });
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let mut changed_files = 0usize;
    let mut applied = 0usize;
    let mut failed = false;
    let mut stdin_fixed: Option<String> = None;
    for (input, fixed) in inputs.iter().zip(&fixed) {
        let (Ok(input), Ok(Ok(fixed))) = (input, fixed) else {
            continue;
        };
        for (finding, error) in &fixed.outcome.dropped {
            if !cli.quiet {
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
        if fixed.outcome.text == *fixed.source.text {
            continue;
        }
        changed_files += 1;
        applied += fixed.outcome.applied;
        if args.diff {
            let name = fixed.source.name.to_string();
            let diff =
                similar::TextDiff::from_lines(fixed.source.text.as_str(), &fixed.outcome.text);
            write!(
                out,
                "{}",
                diff.unified_diff().context_radius(3).header(
                    &format!("a/{}", name.trim_start_matches('/')),
                    &format!("b/{}", name.trim_start_matches('/'))
                )
            )
            .map_err(write_error)?;
            continue;
        }
        match input {
            Input::File(path) | Input::Walked(path) => {
                if let Err(error) = write_keeping_permissions(path, &fixed.outcome.text) {
                    failed = true;
                    crate::cli::output::note(format_args!(
                        "error: writing `{}`: {error}",
                        path.display()
                    ));
                }
            }
            Input::Stdin(_) | Input::Piped(..) => stdin_fixed = Some(fixed.outcome.text.clone()),
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
            EXIT_FAILURE
        } else if changed_files > 0 {
            EXIT_FINDINGS
        } else {
            EXIT_CLEAN
        });
    }
    let reports = remaining(inputs, fixed, configuration);
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
    Ok(if failed { EXIT_FAILURE } else { code })
}

/// Writes `text` over `path` atomically, with the permissions the file had.
fn write_keeping_permissions(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let permissions = std::fs::metadata(path)?.permissions();
    crate::cli::output::replace_file_with(path, text.as_bytes(), Some(permissions))
}

/// What remains in each input: the report of its fixed text (checked again only for text
/// the fixer could not read).
fn remaining(
    inputs: &[Result<Input, Error>],
    fixed: Vec<Result<Result<Fixed, Error>, Error>>,
    configuration: &ConfigResolver,
) -> Vec<InputReport> {
    inputs
        .iter()
        .zip(fixed)
        .map(|(input, fixed)| {
            fixed.map(|fixed| {
                fixed.map(|fixed| match fixed.outcome.report {
                    Some(report) => report,
                    None => {
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
