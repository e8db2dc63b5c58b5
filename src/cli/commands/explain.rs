//! `podlife explain`: one rule's documentation, or the whole rule reference.

use std::io::Write;

use clap::Args;

use crate::cli::exit::ExitStatus;
use crate::error::Error;
use crate::lint::rules;
use crate::render::rules::{rule_doc, rule_matches, rules_reference};

/// `podlife explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Rule ID (`PL005`) or name (`wrong-type`); any other word lists the rules whose name or
    /// summary mentions it (`podlife explain probe`).
    #[arg(required_unless_present = "all", value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub rule: Option<String>,
    /// Print every rule's documentation.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

/// Runs `podlife explain`.
pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    if args.all {
        write!(out, "{}", rules_reference()).map_err(write_error)?;
        return Ok(ExitStatus::Clean);
    }
    let key = args.rule.as_deref().unwrap_or("");
    let Some(rule) = rules::find(key) else {
        let matches = rules::search(key);
        if !matches.is_empty() {
            write!(out, "{}", rule_matches(key, &matches)).map_err(write_error)?;
            return Ok(ExitStatus::Clean);
        }
        let hint = closest_rules(key)
            .map(|rules| format!(" did you mean {rules}?"))
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "no rule `{}`, and no rule's name or summary mentions it;{hint} `podlife rules` lists them all",
            crate::text::clip(key),
        )));
    };
    write!(out, "{}", rule_doc(rule)).map_err(write_error)?;
    Ok(ExitStatus::Clean)
}

/// The rules closest to `key`: by name (a typo), or by code (`PL99`
/// → the codes that start like it), up to three.
fn closest_rules(key: &str) -> Option<String> {
    let names: Vec<&str> = rules::REGISTRY.iter().map(|rule| rule.name).collect();
    let mut suggestions: Vec<String> = crate::text::closest(key, &names)
        .map(|name| format!("`{name}`"))
        .into_iter()
        .collect();
    let upper = key.to_ascii_uppercase();
    if upper.starts_with("PL") && upper.len() > 2 {
        let codes = rules::REGISTRY
            .iter()
            .filter(|rule| rule.id.starts_with(&upper) || upper.starts_with(rule.id))
            .map(|rule| format!("`{}` ({})", rule.id, rule.name));
        suggestions.extend(codes.take(3));
        if suggestions.is_empty() {
            let prefix = upper.get(..3).unwrap_or(&upper).to_string();
            let family = rules::REGISTRY
                .iter()
                .filter(|rule| rule.id.starts_with(&prefix))
                .map(|rule| format!("`{}` ({})", rule.id, rule.name));
            suggestions.extend(family.take(3));
        }
    }
    (!suggestions.is_empty()).then(|| suggestions.join(" or "))
}
