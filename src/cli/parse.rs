//! Parsing the command line with clap, plus the hint clap cannot give: a long flag that is not
//! the subcommand's but another one's (`podlife validate --seed 3`).

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser};

use crate::cli::Cli;

/// The parsed command line; on a parse error, clap's message (with the hint) and exit 2. Help
/// and usage name the program as it was run: `kubectl podlife` as kubectl's plugin.
pub fn parse() -> Cli {
    let command = Cli::command().bin_name(crate::cli::object_name_hint::program_name());
    command
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
        .unwrap_or_else(|mut error| {
            hint_other_subcommand(&mut error);
            escape_input(&mut error);
            exit_with(&error)
        })
}

/// Escapes control characters in what clap quotes from the command line (the unknown flag,
/// the invalid value, the stray subcommand), so an argument holding an escape sequence cannot
/// retitle or recolour the terminal through clap's message; ordinary text is unchanged, and
/// clap's own colours stay.
fn escape_input(error: &mut clap::Error) {
    let escaped: Vec<(ContextKind, ContextValue)> = error
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(text) if crate::text::has_control_bytes(text.as_bytes()) => {
                Some((
                    kind,
                    ContextValue::String(crate::text::escape_control(text).into_owned()),
                ))
            }
            ContextValue::Strings(texts)
                if texts
                    .iter()
                    .any(|text| crate::text::has_control_bytes(text.as_bytes())) =>
            {
                Some((
                    kind,
                    ContextValue::Strings(
                        texts
                            .iter()
                            .map(|text| crate::text::escape_control(text).into_owned())
                            .collect(),
                    ),
                ))
            }
            _ => None,
        })
        .collect();
    for (kind, value) in escaped {
        error.insert(kind, value);
    }
}

/// Prints clap's message as `clap::Error::exit` does (help and version on stdout with exit 0,
/// errors on stderr with exit 2), but never a control character from the command line: a
/// message whose text still holds one (quoted where no context could be escaped) is written
/// without colour, escaped.
fn exit_with(error: &clap::Error) -> ! {
    let plain = error.render().to_string();
    if !crate::text::has_control_bytes(plain.as_bytes()) {
        error.exit()
    }
    let escaped = crate::text::escape_control(&plain);
    if error.use_stderr() {
        crate::cli::output::note(format_args!("{}", escaped.trim_end()));
    } else {
        let mut out = crate::cli::output::stdout(false);
        let _ = std::io::Write::write_all(&mut out, escaped.as_bytes());
        let _ = std::io::Write::flush(&mut out);
    }
    std::process::exit(error.exit_code())
}

/// Parses `args` (the program name first), with the hint on errors.
pub fn try_parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(args).map_err(|mut error| {
        hint_other_subcommand(&mut error);
        escape_input(&mut error);
        error
    })
}

/// For an unknown long flag that another subcommand has, names that subcommand, beside clap's
/// closest flag of this one (`--seed` on `validate` is near `--select`, but most likely meant
/// for `simulate`); it replaces clap's tip to pass the flag as a value after `--`.
fn hint_other_subcommand(error: &mut clap::Error) {
    if error.kind() != ErrorKind::UnknownArgument {
        return;
    }
    let Some(ContextValue::String(argument)) = error.get(ContextKind::InvalidArg) else {
        return;
    };
    let Some(long) = argument.strip_prefix("--") else {
        return;
    };
    let long = long.split('=').next().unwrap_or(long).to_string();
    let command = Cli::command();
    let owners: Vec<String> = command
        .get_subcommands()
        .filter(|subcommand| {
            subcommand.get_arguments().any(|argument| {
                argument.get_long() == Some(long.as_str())
                    || argument
                        .get_all_aliases()
                        .is_some_and(|aliases| aliases.contains(&long.as_str()))
            })
        })
        .map(|subcommand| format!("`podlife {}`", subcommand.get_name()))
        .collect();
    if owners.is_empty() {
        return;
    }
    let hint = format!("`--{long}` is a flag of {}", owners.join(", "));
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![hint.into()]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(args: &[&str]) -> String {
        try_parse_from(std::iter::once("podlife").chain(args.iter().copied()))
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn a_flag_of_another_subcommand_names_it() {
        let text = message(&["validate", "--seed", "3"]);
        assert!(
            text.contains("`--seed` is a flag of `podlife simulate`"),
            "{text}"
        );
        let text = message(&["status", "--fail-on=warning"]);
        assert!(
            text.contains("`--fail-on` is a flag of `podlife validate`"),
            "{text}"
        );
        // A close match of the subcommand's own flags keeps clap's suggestion.
        let text = message(&["validate", "--formt", "json"]);
        assert!(
            text.contains("a similar argument exists: '--format'"),
            "{text}"
        );
        assert!(!text.contains("is a flag of"), "{text}");
        // A flag no subcommand has keeps clap's message.
        let text = message(&["validate", "--zzz"]);
        assert!(!text.contains("is a flag of"), "{text}");
    }
}
