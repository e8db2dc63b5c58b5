//! `podlife validate`: check every input, render the findings in the chosen format, choose the
//! exit code.

use std::io::Write;

use clap::{Args, ValueEnum};

use crate::cli::output::EscapingWrite;
use crate::cli::run::{
    EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS, NoPath, output_width, resolve_inputs, use_color,
};
use crate::cli::written_as_they_come::{Writing, write_extra_report, write_inputs};
use crate::cli::{Cli, ClusterArgs, InputArgs};
use crate::error::Error;
use crate::finding::{FailedInput, Finding, Severity, Summary};
use crate::input::display_path::display_path;
use crate::input::{self, Input};
use crate::k8s::cluster::FeatureGates;
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file;
use crate::lint::validate::{FileReport, validate_source};
use crate::render::findings::as_they_come::{LineFormat, PieceDrawer};
use crate::render::findings::{self, human::HumanStyle};

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FindingFormat {
    /// Diagnostics with source snippets, like rustc.
    Human,
    /// One grep-friendly line per finding: `file:line:col: severity[ID] message`.
    Short,
    /// One JSON document (see docs/validate.md).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`).
    Github,
    /// JUnit XML: a test suite per file, a test case per pod, failures for errors.
    Junit,
    /// The JSON document as YAML.
    Yaml,
}

/// The lowest severity that makes `validate` exit 1 (`--fail-on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Only errors (the default).
    Error,
    /// Warnings and errors.
    Warning,
    /// Any finding, notes included.
    Info,
}

impl FailOn {
    /// The severity at and above which findings fail the run.
    pub fn threshold(self) -> Severity {
        match self {
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Info => Severity::Info,
        }
    }
}

/// `podlife validate`.
#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Manifests to check.
    #[command(flatten)]
    pub input: InputArgs,
    /// The cluster to check for.
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = FindingFormat::Human)]
    pub format: FindingFormat,
    /// Validate the manifest exactly as written, without applying API defaults first.
    #[arg(long)]
    pub no_defaulting: bool,
    /// Enable only these rules: IDs, names, ID prefixes (`PL3`), groups (`best-practice`) or
    /// `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub select: Vec<String>,
    /// Enable these rules on top of the others (`--extend-select best-practice` adds the group
    /// to the defaults); comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub extend_select: Vec<String>,
    /// Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub ignore: Vec<String>,
    /// Set a rule's level: `RULE=error|warning|info|off`; repeatable. A level other than `off`
    /// also enables a rule that is off by default.
    #[arg(long, value_name = "RULE=LEVEL")]
    pub severity: Vec<String>,
    /// Validate pods with pending initializers as if they were initialized (strict findings keep
    /// their severity instead of becoming notes).
    #[arg(long)]
    pub strict_initialized: bool,
    /// Exit 1 when a finding is at this level or above (default `error`); it changes only the
    /// exit code, never which rules run or their levels (that is `--severity`).
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Report as usual but exit 0 even with error findings (2 still means podlife itself
    /// failed: usage, an unreadable input).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print how many findings each rule gave, most first, instead of the findings (formats
    /// `human`, `short`, `json` and `yaml`).
    #[arg(long)]
    pub statistics: bool,
    /// Apply the safe fixes in place (atomically, permissions kept), then report what remains;
    /// with `-` as input, write the fixed text to stdout and the report to stderr.
    #[arg(long, conflicts_with = "diff")]
    pub fix: bool,
    /// With --fix or --diff: also apply the unsafe fixes (a misspelled field renamed to the
    /// one it is one edit away from).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing; exit 1 when there are changes.
    #[arg(long)]
    pub diff: bool,
    /// Write a `# podlife: ignore[PLxxx]` comment at the end of each line where a finding
    /// starts (files changed as --fix changes them; `-` writes the text to stdout), then report
    /// what no comment could cover. For adopting podlife on a repository with findings.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    pub add_ignore: bool,
    /// Print the settings that apply to FILE instead of checking anything: the configuration
    /// file, the release, gates, options and every rule's level, each with where it came from
    /// (built-in, which `.podlife.yaml`, the command line).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff", "add_ignore"])]
    pub show_settings: Option<std::path::PathBuf>,
}

/// Runs `podlife validate`.
pub fn run(cli: &Cli, args: &ValidateArgs, out: &mut dyn EscapingWrite) -> Result<u8, Error> {
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
        return crate::cli::commands::fix::run(cli, args, &inputs, &mut configuration, out);
    }
    if args.add_ignore {
        return crate::cli::commands::add_ignore::run(cli, args, &inputs, &mut configuration, out);
    }
    let progress = crate::render::progress::Progress::new(
        inputs.len() as u64,
        "files",
        !cli.quiet && args.format == FindingFormat::Human,
    );
    let read_ahead = crate::cli::read_ahead::read_for_disruption_budgets(
        &inputs,
        &mut configuration,
        cli.max_input_size,
    );
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
    let code = report(cli, args, &inputs, &reports, gates, out);
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
) -> Result<u8, Error> {
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
    Ok(EXIT_CLEAN)
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
    for directory in paths.iter().filter(|path| path.is_dir()) {
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
) -> Result<u8, Error> {
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
    if args.format == FindingFormat::Human && !cli.quiet {
        writeln!(out, "{}", written.summary).map_err(write_error)?;
        if let Some(sentence) = written.fixable.sentence() {
            writeln!(out, "{sentence}").map_err(write_error)?;
        }
    }
    Ok(if written.failed {
        EXIT_FAILURE
    } else if !args.exit_zero && reaches(&written.summary, args.fail_on.threshold()) {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
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
) -> Result<u8, Error> {
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
        EXIT_FAILURE
    } else if !args.exit_zero && all.iter().any(|f| f.severity >= args.fail_on.threshold()) {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
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

/// What the machine formats print: every finding, the counts, the inputs that could not be read.
struct Report<'r> {
    findings: &'r [&'r Finding],
    summary: &'r Summary,
    failed_inputs: &'r [FailedInput],
    files: &'r [&'r FileReport],
    /// The release and gates the inputs were checked for.
    gates: FeatureGates,
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
        FindingFormat::Short => findings::short::write_findings(out, findings),
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
