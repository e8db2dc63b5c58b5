//! Running a parsed command line: pick the inputs, run the command, render, choose the exit code.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use clap::CommandFactory;

use crate::cli::{Cli, ColorChoice, Command, ExampleArgs, ExplainArgs, InputArgs, ValidateArgs};
use crate::error::Error;
use crate::input::examples;
use crate::input::{self, Input};
use crate::lint::finding::{Finding, Severity, Summary};
use crate::lint::rules::{self, CheckOptions};
use crate::lint::settings::config_file;
use crate::lint::validate::{FileReport, validate_source};
use crate::render::findings::{self, FindingFormat, human::HumanStyle};

/// Exit code: nothing wrong.
pub const EXIT_CLEAN: u8 = 0;
/// Exit code: findings at error severity, or an unmet expectation.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code: usage, I/O or internal failure.
pub const EXIT_FAILURE: u8 = 2;

/// Runs a command line and returns the process exit code.
pub fn run(cli: Cli) -> u8 {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = dispatch(&cli, &mut out).and_then(|code| {
        out.flush().map_err(|e| Error::io("writing output", e))?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(error) if error.is_broken_pipe() => EXIT_CLEAN,
        Err(error) => {
            eprintln!("error: {error}");
            EXIT_FAILURE
        }
    }
}

fn dispatch(cli: &Cli, out: &mut dyn Write) -> Result<u8, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match &cli.command {
        Command::Validate(args) => validate(cli, args, out),
        Command::Resources(args) => crate::cli::commands::resources::run(cli, args, out),
        Command::Status(args) => crate::cli::commands::status::run(cli, args, out),
        Command::Simulate(args) => crate::cli::commands::simulate::run(cli, args, out),
        Command::Explain(args) => explain(args, out),
        Command::Rules(args) => crate::cli::commands::rules::write_rules(out, args.format)
            .map(|()| EXIT_CLEAN)
            .map_err(write_error),
        Command::Example(args) => example(args, out),
        Command::Completions(args) => {
            let mut command = Cli::command();
            clap_complete::generate(args.shell, &mut command, "podlife", out);
            Ok(EXIT_CLEAN)
        }
        Command::Man => {
            let man = clap_mangen::Man::new(Cli::command());
            man.render(out).map_err(write_error)?;
            Ok(EXIT_CLEAN)
        }
    }
}

/// Whether to colour output written to stdout.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

/// The width to wrap human output at: `COLUMNS`, else 100.
pub fn output_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|w| *w >= 40)
        .unwrap_or(100)
}

/// The inputs of a command: the paths given, else what is piped to stdin, else (a terminal, or
/// nothing piped: `< /dev/null`, a script's closed stdin) the default example when `example`.
pub fn resolve_inputs(cli: &Cli, args: &InputArgs, example: bool) -> Vec<Result<Input, Error>> {
    if !args.paths.is_empty() {
        return input::expand(&args.paths);
    }
    let piped = if std::io::stdin().is_terminal() {
        None
    } else {
        match input::read_stdin() {
            Ok(bytes) => Some(bytes),
            Err(error) => return vec![Err(error)],
        }
    };
    let nothing_piped = piped
        .as_ref()
        .is_none_or(|bytes| bytes.iter().all(u8::is_ascii_whitespace));
    if example && nothing_piped {
        let example = examples::default_example();
        if !cli.quiet {
            eprintln!(
                "podlife: no input given; using the built-in example `{}` (see `podlife example`)",
                example.name
            );
        }
        return vec![Ok(Input::Example(example.name, example.text))];
    }
    vec![Ok(Input::Piped(Arc::from(piped.unwrap_or_default())))]
}

fn validate(cli: &Cli, args: &ValidateArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let inputs = resolve_inputs(cli, &args.input, true);
    let options = CheckOptions {
        no_defaulting: args.no_defaulting,
        ..CheckOptions::default()
    };
    let configuration = config_file::ConfigResolver::prepare(
        options,
        config_file::ConfigSource::from_flags(args.config.as_deref(), args.no_config),
        config_file::command_line_layer(
            &args.select,
            &args.ignore,
            &args.severity,
            args.strict_initialized,
        )?,
        &inputs,
    )?;
    let progress = crate::render::progress::Progress::new(
        inputs.len() as u64,
        "files",
        !cli.quiet && args.format == FindingFormat::Human,
    );
    let reports = input::map_inputs(&inputs, |input| {
        let report = input::read(input)
            .map(|source| validate_source(&source, &configuration.options_for(input)));
        progress.inc();
        report
    });
    progress.finish();
    let mut summary = Summary::default();
    let mut failed = false;
    let mut all: Vec<&Finding> = Vec::new();
    let style = HumanStyle {
        color: use_color(cli.color),
        width: output_width(),
    };
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    for report in &reports {
        match report
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|r| r.clone())
        {
            Ok(file) => {
                summary.add(&file.summary);
                if args.format == FindingFormat::Human {
                    let findings: Vec<&Finding> = file.findings.iter().collect();
                    findings::human::write_file_findings(
                        out, &file.name, &file.text, &findings, style,
                    )
                    .map_err(write_error)?;
                }
            }
            Err(error) => {
                if error.is_broken_pipe() {
                    return Err(error);
                }
                failed = true;
                summary.failed_inputs += 1;
                eprintln!("error: {error}");
            }
        }
    }
    for file in reports.iter().flatten().flatten() {
        all.extend(file.findings.iter());
    }
    match args.format {
        FindingFormat::Human => {
            if !cli.quiet {
                writeln!(out, "{summary}").map_err(write_error)?;
            }
        }
        FindingFormat::Short => findings::short::write_findings(out, &all).map_err(write_error)?,
        FindingFormat::Github => {
            findings::github::write_findings(out, &all).map_err(write_error)?
        }
        FindingFormat::Json => {
            findings::json::write_findings(out, &all, &summary).map_err(write_error)?
        }
        FindingFormat::Sarif => findings::sarif::write_findings(out, &all).map_err(write_error)?,
        FindingFormat::Junit => {
            let files: Vec<&FileReport> = reports.iter().flatten().flatten().collect();
            findings::junit::write_report(out, &files).map_err(write_error)?
        }
    }
    Ok(if failed {
        EXIT_FAILURE
    } else if all.iter().any(|f| f.severity == Severity::Error) {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    })
}

fn explain(args: &ExplainArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if args.all {
        write!(out, "{}", rules_reference()).map_err(write_error)?;
        return Ok(EXIT_CLEAN);
    }
    let key = args.rule.as_deref().unwrap_or("");
    let Some(rule) = rules::find(key) else {
        let names: Vec<&str> = rules::REGISTRY.iter().map(|r| r.name).collect();
        let hint = crate::k8s::decode::closest(key, &names)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "no rule `{key}`{hint} (`podlife explain --all` lists them)"
        )));
    };
    write!(out, "{}", rule_doc(rule)).map_err(write_error)?;
    Ok(EXIT_CLEAN)
}

/// One rule's documentation as printed by `explain`.
pub fn rule_doc(rule: &rules::Rule) -> String {
    let off = if rules::enabled_by_default(rule) {
        ""
    } else {
        " (off by default)"
    };
    format!(
        "# {} {}\n\nDefault severity: {}{off}. {}.\n\n{}",
        rule.id,
        rule.name,
        rule.severity,
        capitalize(rule.summary),
        rule.docs
    )
}

/// The whole rule reference (`explain --all`).
pub fn rules_reference() -> String {
    let mut text =
        String::from("# podlife rules\n\n| ID | name | severity | summary |\n|---|---|---|---|\n");
    for rule in rules::REGISTRY {
        let off = if rules::enabled_by_default(rule) {
            ""
        } else {
            " (off)"
        };
        text.push_str(&format!(
            "| {} | {} | {}{off} | {} |\n",
            rule.id, rule.name, rule.severity, rule.summary
        ));
    }
    for rule in rules::REGISTRY {
        text.push('\n');
        text.push_str(
            &rule_doc(rule)
                .replacen("# ", "## ", 1)
                .replace("\n## ", "\n### "),
        );
    }
    text
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn example(args: &ExampleArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match &args.name {
        None => {
            for example in examples::EXAMPLES {
                writeln!(out, "{:<18} {}", example.name, example.description)
                    .map_err(write_error)?;
            }
            Ok(EXIT_CLEAN)
        }
        Some(name) => match examples::find(name) {
            Some(example) => {
                write!(out, "{}", example.text).map_err(write_error)?;
                Ok(EXIT_CLEAN)
            }
            None => {
                let names: Vec<&str> = examples::EXAMPLES.iter().map(|e| e.name).collect();
                Err(Error::Usage(format!(
                    "no example `{name}`; the examples are: {}",
                    names.join(", ")
                )))
            }
        },
    }
}
