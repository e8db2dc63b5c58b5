//! `podlife explain`: one rule's documentation, or the whole rule reference.

use std::io::Write;

use clap::Args;

use crate::cli::run::EXIT_CLEAN;
use crate::error::Error;
use crate::lint::rules;
use crate::render::rules::{rule_doc, rules_reference};

/// `podlife explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Rule ID (`PL005`) or name (`wrong-type`).
    #[arg(required_unless_present = "all")]
    pub rule: Option<String>,
    /// Print every rule's documentation.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

/// Runs `podlife explain`.
pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<u8, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if args.all {
        write!(out, "{}", rules_reference()).map_err(write_error)?;
        return Ok(EXIT_CLEAN);
    }
    let key = args.rule.as_deref().unwrap_or("");
    let Some(rule) = rules::find(key) else {
        let names: Vec<&str> = rules::REGISTRY.iter().map(|r| r.name).collect();
        let hint = crate::text::closest(key, &names)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "no rule `{key}`{hint} (`podlife explain --all` lists them)"
        )));
    };
    write!(out, "{}", rule_doc(rule)).map_err(write_error)?;
    Ok(EXIT_CLEAN)
}
