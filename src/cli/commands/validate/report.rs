//! The report of a validation once every input is checked: each file's findings (the human
//! format) or the machine formats' document, the counts, the inputs that could not be read,
//! and the exit status. `--fix` and `--add-ignore` report what remains through it too.

use std::io::Write;

use super::args::{FindingFormat, ValidateArgs};
use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::terminal::{output_width, use_color};
use crate::error::Error;
use crate::finding::{FailedInput, Finding, Summary};
use crate::input::Input;
use crate::input::display_path::display_path;
use crate::k8s::cluster::FeatureGates;
use crate::lint::validate::FileReport;
use crate::render::findings::{self, human::HumanStyle};

/// What reading and checking one input gave.
pub(crate) type InputReport = Result<Result<FileReport, Error>, Error>;

/// Writes the report of `reports` (one per input) and returns the exit code.
pub(crate) fn report(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    reports: &[InputReport],
    gates: FeatureGates,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let mut summary = Summary::default();
    let mut failed = false;
    let mut all: Vec<&Finding> = Vec::new();
    let style = HumanStyle {
        color: use_color(cli.color),
        width: output_width(),
    };
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let mut failed_inputs: Vec<FailedInput> = Vec::new();
    for (input, report) in inputs.iter().zip(reports) {
        let report = match report {
            Ok(Ok(file)) => Ok(file),
            Ok(Err(error)) | Err(error) => Err(error),
        };
        match report {
            Ok(file) => {
                summary.add(&file.summary);
                if file.not_kubernetes > 0 && !cli.quiet && matches!(input, Ok(Input::File(_))) {
                    note_skipped_documents(&file.name, file.not_kubernetes);
                }
                if args.format == FindingFormat::Human && !args.statistics {
                    let findings: Vec<&Finding> = file.findings.iter().collect();
                    findings::human::write_file_findings(
                        out, &file.name, &file.text, &findings, style,
                    )
                    .map_err(write_error)?;
                }
            }
            Err(error) => {
                if error.is_broken_pipe() {
                    return Err(error.clone());
                }
                failed = true;
                summary.failed_inputs += 1;
                failed_inputs.push(FailedInput {
                    path: input.as_ref().map_or_else(
                        |_| display_path(std::path::Path::new(&error.subject())),
                        Input::display_name,
                    ),
                    error: error.to_string(),
                });
                crate::cli::output::note(format_args!("error: {error}"));
            }
        }
    }
    for file in reports.iter().flatten().flatten() {
        all.extend(file.findings.iter());
    }
    write_report(
        out,
        args.format,
        &Report {
            findings: &all,
            summary: &summary,
            failed_inputs: &failed_inputs,
            files: &reports.iter().flatten().flatten().collect::<Vec<_>>(),
            gates,
        },
        Shown {
            quiet: cli.quiet,
            statistics: args.statistics,
        },
    )
    .map_err(write_error)?;
    Ok(if failed {
        ExitStatus::Failure
    } else if !args.exit_zero && all.iter().any(|f| f.severity >= args.fail_on.threshold()) {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// Says on stderr that `count` documents of the named file `name` were skipped as plainly no
/// Kubernetes object.
pub(crate) fn note_skipped_documents(name: &str, count: usize) {
    let documents = if count == 1 {
        "a document".to_string()
    } else {
        format!("{count} documents")
    };
    crate::cli::output::note(format_args!(
        "info: skipped {documents} of `{name}`: plainly no Kubernetes object (no `kind`, nothing shaped like an object)"
    ));
}

/// `-o short` prints nothing on stdout for a clean run (scripts test for an empty output): say
/// on stderr that every check passed, and on what (ruff's concise output says so too).
pub(crate) fn note_all_passed(summary: &Summary) {
    if summary.errors + summary.warnings + summary.infos == 0 && summary.failed_inputs == 0 {
        crate::cli::output::note(format_args!("All checks passed: {summary}"));
    }
}

/// What the machine formats print: every finding, the counts, the inputs that could not be read.
struct Report<'r> {
    findings: &'r [&'r Finding],
    summary: &'r Summary,
    failed_inputs: &'r [FailedInput],
    files: &'r [&'r FileReport],
    /// The release and gates the inputs were checked for.
    gates: FeatureGates,
}

/// What the command line asked to leave out or to show instead of the findings.
#[derive(Clone, Copy)]
struct Shown {
    quiet: bool,
    statistics: bool,
}

/// Writes the report in `format` (the human format's findings are written per file as they
/// come; here it adds the summary line), or the counts per rule with `--statistics`.
fn write_report(
    out: &mut dyn Write,
    format: FindingFormat,
    report: &Report<'_>,
    shown: Shown,
) -> std::io::Result<()> {
    let Report {
        findings,
        summary,
        failed_inputs,
        files,
        gates,
    } = *report;
    if shown.statistics {
        let rows = findings::statistics::count(findings);
        return match format {
            FindingFormat::Json | FindingFormat::Yaml => {
                findings::statistics::write_json(out, &rows)
            }
            _ => findings::statistics::write_text(out, &rows),
        };
    }
    match format {
        FindingFormat::Human if shown.quiet => Ok(()),
        FindingFormat::Human => {
            writeln!(out, "{summary}")?;
            match findings::fixable::Fixable::count(findings).sentence() {
                Some(sentence) => writeln!(out, "{sentence}"),
                None => Ok(()),
            }
        }
        FindingFormat::Short => {
            if !shown.quiet {
                note_all_passed(summary);
            }
            findings::short::write_findings(out, findings)
        }
        FindingFormat::Github => findings::github::write_findings(out, findings),
        FindingFormat::Json | FindingFormat::Yaml => {
            findings::json::write_findings(out, findings, summary, failed_inputs, &gates)
        }
        FindingFormat::Sarif => {
            findings::sarif::write_findings(out, findings, failed_inputs, &gates)
        }
        FindingFormat::Junit => findings::junit::write_report(out, files, failed_inputs),
    }
}
