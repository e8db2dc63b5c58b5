//! A command's inputs: the paths given (expanded, excluded, kustomize patches set aside) or
//! what is piped to stdin, the built-in example where a command runs one, and each input's
//! configuration.

use std::io::IsTerminal;
use std::sync::Arc;

use crate::cli::object_name_hint;
use crate::cli::output;
use crate::cli::{Cli, ClusterArgs, Command, InputArgs};
use crate::error::Error;
use crate::input::examples;
use crate::input::{self, Input};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file::{ConfigResolver, WalkExcludes};
use crate::lint::settings::selection::SettingsLayer;

/// Each input's configuration (`--config`, `--no-config`, else the nearest `.podlife.yaml`),
/// for the commands that take nothing from it but how to read manifests (`podTemplates:`).
pub fn input_configuration(
    cli: &Cli,
    args: &InputArgs,
    cluster: &ClusterArgs,
    inputs: &[Result<Input, Error>],
) -> Result<ConfigResolver, Error> {
    let mut command_line = SettingsLayer::default();
    cluster.apply_to(&mut command_line);
    ConfigResolver::prepare(
        CheckOptions::default(),
        args.config_source(),
        command_line,
        inputs,
        cli.max_input_size,
    )
}

/// What a command does when no path is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoPath {
    /// `simulate` and `rollout`: at an interactive terminal, run the built-in example and say
    /// so. Anywhere else (a CI step, `< /dev/null`, a closed or empty stdin) that would pass
    /// whatever the step meant to check, so it is a usage error; `--example` asks for it.
    Example,
    /// `validate`, `resources`, `status`: stdin must bring manifests. A CI step whose
    /// generator printed nothing (`helm template … | podlife validate`) must fail, not check
    /// the example and pass.
    Stdin,
}

/// The inputs of a command: the paths given, else what is piped to stdin. With no path and
/// nothing on stdin, `NoPath::Example` runs the built-in example when stdin is a terminal or
/// not given; anything else is a usage error that says how to check the example. An explicit
/// `-` always reads stdin (empty: the "no objects" finding).
pub fn resolve_inputs(
    cli: &Cli,
    args: &InputArgs,
    no_path: NoPath,
) -> Result<Vec<Result<Input, Error>>, Error> {
    resolve_inputs_or(cli, args, no_path, examples::default_example())
}

/// [`resolve_inputs`] with `example` as the built-in example `NoPath::Example` runs.
pub fn resolve_inputs_or(
    cli: &Cli,
    args: &InputArgs,
    no_path: NoPath,
    example: &'static examples::Example,
) -> Result<Vec<Result<Input, Error>>, Error> {
    let paths = args.all_paths();
    if !paths.is_empty() {
        let walk = args.walk_options();
        walk.excludes(std::path::Path::new("."))?;
        let expansion = input::expand(&paths, &walk);
        if !cli.quiet {
            for path in &expansion.skipped {
                output::note(format_args!(
                    "info: skipped `{}`: not a regular file",
                    path.display()
                ));
            }
            for note in input::set_aside::notes(&expansion.set_aside) {
                output::note(format_args!("info: {note}"));
            }
        }
        let command = command_name(&cli.command);
        let named = |input: Result<Input, Error>| match input {
            Ok(Input::Stdin(None)) => Ok(Input::Stdin(args.stdin_filename.clone())),
            Ok(Input::File(path)) => match object_name_hint::missing_object_hint(
                &path,
                command,
                object_name_hint::program_name(),
            ) {
                Some(message) => Err(Error::Usage(message)),
                None => Ok(Input::File(path)),
            },
            other => other,
        };
        // `exclude:` in the configuration that governs a file leaves it out, walked or named
        // (pre-commit and editors name every file); `--no-force-exclude` reads named files
        // whatever the configuration says.
        let mut excludes = WalkExcludes::new(args.config_source(), cli.max_input_size);
        let mut inputs = Vec::with_capacity(expansion.inputs.len());
        for input in expansion.inputs {
            let governed = match &input {
                Ok(Input::Walked(path)) => Some((path, false)),
                Ok(Input::File(path)) if !args.no_force_exclude => Some((path, true)),
                _ => None,
            };
            if let Some((path, named_file)) = governed
                && excludes.excludes(path)?
            {
                if named_file && !cli.quiet {
                    output::note(format_args!(
                        "info: skipped `{}`: its configuration's `exclude:` leaves it out (`--no-force-exclude` reads it)",
                        path.display()
                    ));
                }
                continue;
            }
            inputs.push(named(input));
        }
        return Ok(inputs);
    }
    let terminal = std::io::stdin().is_terminal();
    let stdin_given = !terminal && stdin_is_pipe_or_file();
    let piped = if terminal {
        None
    } else {
        match input::read_stdin(cli.max_input_size) {
            Ok(bytes) => Some(bytes),
            Err(error) => return Ok(vec![Err(error)]),
        }
    };
    let nothing_piped = piped
        .as_ref()
        .is_none_or(|bytes| bytes.iter().all(u8::is_ascii_whitespace));
    if !nothing_piped {
        return Ok(vec![Ok(Input::Piped(
            Arc::from(piped.unwrap_or_default()),
            args.stdin_filename.clone(),
        ))]);
    }
    if no_path == NoPath::Example && terminal {
        if !cli.quiet {
            output::note(format_args!(
                "podlife: no input given; using the built-in example `{}` (see `podlife example`)",
                example.name
            ));
        }
        return Ok(vec![Ok(Input::Example(example.name, example.text))]);
    }
    Err(nothing_given(cli, no_path, example, stdin_given))
}

/// The usage error for no path and nothing on stdin (`stdin_given`: an empty pipe or file).
fn nothing_given(
    cli: &Cli,
    no_path: NoPath,
    example: &examples::Example,
    stdin_given: bool,
) -> Error {
    let why = if stdin_given {
        "standard input is empty (did the command that feeds it fail?)"
    } else {
        "no path given and nothing piped"
    };
    let command = command_name(&cli.command);
    let try_example = match no_path {
        NoPath::Example => format!("to run the built-in example: `podlife {command} --example`"),
        // The built-in examples carry no status: these commands read what kubectl printed.
        NoPath::Stdin if matches!(command, "status" | "observe") => format!(
            "pipe what kubectl prints: `kubectl get pod NAME -o yaml | podlife {command} -`"
        ),
        NoPath::Stdin => format!(
            "to check the built-in example: `podlife example {} | podlife {command} -`",
            example.name
        ),
    };
    Error::Usage(format!(
        "{why}: give manifest files or directories, or pipe manifests in; {try_example}"
    ))
}

/// `--example [NAME]`: the built-in example named (`default` when the name is empty), as the
/// one input, whatever stdin is.
pub fn example_input(
    name: &str,
    default: &'static examples::Example,
) -> Result<Vec<Result<Input, Error>>, Error> {
    let example = if name.is_empty() {
        default
    } else {
        examples::find(name).ok_or_else(|| {
            let names: Vec<&str> = examples::EXAMPLES.iter().map(|e| e.name).collect();
            let hint = crate::text::closest(name, &names)
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            Error::Usage(format!(
                "--example {}: no such example; {hint}the examples are: {}",
                crate::text::clip(name),
                names.join(", ")
            ))
        })?
    };
    Ok(vec![Ok(Input::Example(example.name, example.text))])
}

/// The subcommand's name, as the user typed it, for messages that show a command line.
fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Validate(_) => "validate",
        Command::Resources(_) => "resources",
        Command::Status(_) => "status",
        Command::Observe(_) => "observe",
        Command::Simulate(_) => "simulate",
        Command::Rollout(_) => "rollout",
        _ => "validate",
    }
}

/// Whether standard input is a pipe or a file (given, even if empty), as opposed to a device
/// such as `/dev/null` or a closed descriptor (not given).
fn stdin_is_pipe_or_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata("/dev/stdin").is_ok_and(|metadata| {
            let kind = metadata.file_type();
            kind.is_fifo() || kind.is_file() || kind.is_socket()
        })
    }
    #[cfg(not(unix))]
    {
        true
    }
}
