//! `podlife validate`: check every input, render the findings in the chosen format, choose the
//! exit code; `--fix`/`--diff` and `--add-ignore` are its other modes, each in its own file.

pub mod add_ignore;
mod args;
pub mod fix;
pub mod report;

use clap::ValueEnum;

pub use args::{FailOn, FindingFormat, ValidateArgs};

use std::io::Write;

use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, resolve_inputs};
use crate::cli::output::EscapingWrite;
use crate::cli::terminal::{output_width, use_color};
use crate::cli::written_as_they_come::{Writing, write_extra_report, write_inputs};
use crate::error::Error;
use crate::finding::{Severity, Summary};
use crate::input::display_path::display_path;
use crate::input::{self, Input};
use crate::k8s::cluster::FeatureGates;
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file;
use crate::lint::validate::validate_source;
use crate::render::findings::as_they_come::{LineFormat, PieceDrawer};
use crate::render::findings::{self, human::HumanStyle};
use report::InputReport;

/// Runs `podlife validate`.
pub fn run(
    cli: &Cli,
    args: &ValidateArgs,
    out: &mut dyn EscapingWrite,
) -> Result<ExitStatus, Error> {
    // Before `-o yaml` becomes `-o json`, so that errors name the format given.
    check_flags(args)?;
    if args.format == FindingFormat::Yaml {
        let json = ValidateArgs {
            format: FindingFormat::Json,
            ..args.clone()
        };
        return crate::cli::yaml_output::run_as_yaml(out, |buffer| run(cli, &json, buffer));
    }
    check_flags(args)?;
    if let Some(file) = &args.show_settings {
        return show_settings(cli, args, file, out);
    }
    let inputs = resolve_inputs(cli, &args.input, NoPath::Stdin)?;
    let options = CheckOptions {
        no_defaulting: args.no_defaulting,
        ..CheckOptions::default()
    };
    let mut command_line = config_file::command_line_layer(
        &args.select,
        &args.extend_select,
        &args.ignore,
        &args.severity,
        args.strict_initialized,
    )?;
    args.cluster.apply_to(&mut command_line);
    let mut configuration = config_file::ConfigResolver::prepare(
        options,
        args.input.config_source(),
        command_line,
        &inputs,
        cli.max_input_size,
    )?;
    let gates = configuration.gates()?;
    if args.fix || args.diff {
        return fix::run(cli, args, &inputs, &mut configuration, out);
    }
    if args.add_ignore {
        return add_ignore::run(cli, args, &inputs, &mut configuration, out);
    }
    let progress = crate::render::progress::Progress::new(
        inputs.len() as u64,
        "files",
        !cli.quiet && args.format == FindingFormat::Human,
    );
    let read_ahead =
        crate::cli::read_ahead::read_across_inputs(&inputs, &mut configuration, cli.max_input_size);
    let style = HumanStyle {
        color: use_color(cli.color),
        width: output_width(),
    };
    if let Some(format) = line_format(args, style, &gates)? {
        return run_as_they_come(
            cli,
            args,
            &inputs,
            &configuration,
            read_ahead,
            format,
            &progress,
            &gates,
            out,
        );
    }
    let mut reports = match read_ahead {
        Some(read) => crate::cli::read_ahead::map_read(&inputs, read, |_, input, source| {
            let report = validate_source(&source, &configuration.options_for(input));
            progress.inc();
            report
        }),
        None => input::map_inputs(&inputs, |input| {
            let report = input::read(input, cli.max_input_size)
                .map(|source| validate_source(&source, &configuration.options_for(input)));
            progress.inc();
            report
        }),
    };
    progress.finish();
    let mut inputs = inputs;
    let found: Vec<bool> = reports.iter().map(found_something).collect();
    for (directory, files_read) in
        directories_without_objects(&args.input.all_paths(), &inputs, &found)
    {
        let input = Input::File(directory.clone());
        let name = display_path(&directory);
        let options = configuration.options_for(&input);
        reports.push(Ok(Ok(crate::lint::validate::empty_directory(
            &name, files_read, &options,
        ))));
        inputs.push(Ok(input));
    }
    let code = report::report(cli, args, &inputs, &reports, gates, out);
    // Freeing a large run's findings one by one takes a tenth of its time, and the process
    // ends next: it happens beside the exit instead.
    std::thread::spawn(move || drop(reports));
    code
}

/// `--show-settings FILE`: the settings that apply to `file`, and where each came from.
fn show_settings(
    cli: &Cli,
    args: &ValidateArgs,
    file: &std::path::Path,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let mut command_line = config_file::command_line_layer(
        &args.select,
        &args.extend_select,
        &args.ignore,
        &args.severity,
        args.strict_initialized,
    )?;
    args.cluster.apply_to(&mut command_line);
    let shown = crate::lint::settings::shown::show(
        file,
        &args.input.config_source(),
        &command_line,
        args.no_defaulting,
        cli.max_input_size,
    )?;
    crate::render::settings::write_settings(out, &display_path(file), &shown)
        .map_err(|e| Error::io("writing output", e))?;
    Ok(ExitStatus::Clean)
}

/// The directories among `paths` in which no Kubernetes object was found, with how many files
/// were read there: none (none found, or all left out), or files holding only documents that
/// are no Kubernetes object (a Compose file, a `Chart.yaml`) and nothing reported. `found`
/// says, per input, whether it held an object or a finding (or failed, reported on its own).
fn directories_without_objects(
    paths: &[std::path::PathBuf],
    inputs: &[Result<Input, Error>],
    found: &[bool],
) -> Vec<(std::path::PathBuf, usize)> {
    let mut without = Vec::new();
    // A directory under a Helm chart's `templates/` is set aside whole, with its note.
    let walked = |path: &&std::path::PathBuf| {
        path.is_dir() && crate::input::helm_charts::chart_holding(path).is_none()
    };
    for directory in paths.iter().filter(walked) {
        let mut files_read = 0;
        let mut any_object_or_finding = false;
        for (input, found) in inputs.iter().zip(found) {
            if !matches!(input, Ok(Input::Walked(file)) if file.starts_with(directory)) {
                continue;
            }
            files_read += 1;
            any_object_or_finding |= found;
        }
        if !any_object_or_finding {
            without.push((directory.clone(), files_read));
        }
    }
    without
}

/// Whether an input held an object or a finding; an input that failed is reported on its own.
fn found_something(report: &InputReport) -> bool {
    match report {
        Ok(Ok(file)) => {
            !file.findings.is_empty()
                || file.summary.pods + file.summary.skipped_objects > file.not_kubernetes
        }
        _ => true,
    }
}

/// The format `validate` writes as the findings come, if it writes one: `human`, `short`,
/// `github` or `json` (and so `yaml`), without `--statistics`.
fn line_format(
    args: &ValidateArgs,
    style: HumanStyle,
    gates: &FeatureGates,
) -> Result<Option<LineFormat>, Error> {
    if args.statistics {
        return Ok(None);
    }
    Ok(match args.format {
        FindingFormat::Human => Some(LineFormat::Human(style)),
        FindingFormat::Short => Some(LineFormat::Short),
        FindingFormat::Github => Some(LineFormat::Github),
        FindingFormat::Json => Some(LineFormat::Json(
            findings::json::JsonPieces::new(gates).map_err(|e| Error::io("writing output", e))?,
        )),
        _ => None,
    })
}

/// `validate` in a line format: each input, each piece of a large one, written as soon as it
/// and those before it are checked; then the human summary. The same output as writing the
/// whole report at the end, without holding it.
#[allow(clippy::too_many_arguments)]
fn run_as_they_come(
    cli: &Cli,
    args: &ValidateArgs,
    inputs: &[Result<Input, Error>],
    configuration: &config_file::ConfigResolver,
    read_ahead: Option<Vec<crate::cli::read_ahead::ReadInput>>,
    format: LineFormat,
    progress: &crate::render::progress::Progress,
    gates: &FeatureGates,
    out: &mut dyn EscapingWrite,
) -> Result<ExitStatus, Error> {
    let drawer = PieceDrawer::new(format);
    let writing = Writing {
        cli,
        configuration,
        drawer: &drawer,
        progress,
    };
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if let Some(json) = drawer.json() {
        out.write_all(&json.opening()).map_err(write_error)?;
    }
    let mut written = write_inputs(&writing, inputs, read_ahead, out)?;
    progress.finish();
    for (directory, files_read) in
        directories_without_objects(&args.input.all_paths(), inputs, &written.found)
    {
        let name = display_path(&directory);
        let options = configuration.options_for(&Input::File(directory.clone()));
        let report = crate::lint::validate::empty_directory(&name, files_read, &options);
        write_extra_report(&writing, report, &mut written, out)?;
    }
    if let Some(json) = drawer.json() {
        let closing = json
            .closing(
                written.any_item,
                &written.summary,
                &written.failed_inputs,
                gates,
            )
            .map_err(write_error)?;
        out.write_all(&closing).map_err(write_error)?;
    }
    if args.format == FindingFormat::Short && !cli.quiet && !written.failed {
        report::note_all_passed(&written.summary);
    }
    if args.format == FindingFormat::Human && !cli.quiet {
        writeln!(out, "{}", written.summary).map_err(write_error)?;
        if let Some(sentence) = written.fixable.sentence() {
            writeln!(out, "{sentence}").map_err(write_error)?;
        }
    }
    Ok(if written.failed {
        ExitStatus::Failure
    } else if !args.exit_zero && reaches(&written.summary, args.fail_on.threshold()) {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// Whether any finding counted in `summary` is at `threshold` or above.
fn reaches(summary: &Summary, threshold: Severity) -> bool {
    match threshold {
        Severity::Error => summary.errors > 0,
        Severity::Warning => summary.errors + summary.warnings > 0,
        Severity::Info => summary.errors + summary.warnings + summary.infos > 0,
    }
}

/// Flag combinations that cannot work, refused before any input is read.
fn check_flags(args: &ValidateArgs) -> Result<(), Error> {
    let counted = matches!(
        args.format,
        FindingFormat::Human | FindingFormat::Short | FindingFormat::Json | FindingFormat::Yaml
    );
    if args.unsafe_fixes && !(args.fix || args.diff) {
        return Err(Error::Usage(
            "--unsafe-fixes adds to --fix or --diff: give one of them".to_string(),
        ));
    }
    if args.diff && !matches!(args.format, FindingFormat::Human | FindingFormat::Short) {
        return Err(Error::Usage(format!(
            "--diff prints a unified diff, not {}: leave out -o (or use `-o short`); \
             `-o json` without --diff gives each finding's fix as byte edits",
            format_name(args.format)
        )));
    }
    if args.statistics && !counted {
        return Err(Error::Usage(
            "--statistics prints counts per rule in the human, short, json or yaml format"
                .to_string(),
        ));
    }
    Ok(())
}

/// A format as `-o` spells it.
fn format_name(format: FindingFormat) -> String {
    format
        .to_possible_value()
        .map_or_else(String::new, |value| format!("`-o {}`", value.get_name()))
}
