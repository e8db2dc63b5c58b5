//! `podlife rules`: every rule with its ID, name, default severity, whether it runs by default, and summary.

use std::io::Write;

use clap::{Args, ValueEnum};

use crate::lint::rules;
use crate::render::rules::{RuleListing, rules_table};

/// `podlife rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = RulesFormat::Table)]
    pub format: RulesFormat,
    /// List the feature gates podlife consults instead: stage and default in the release.
    #[arg(long)]
    pub gates: bool,
    /// With --gates: the release (default: the newest podlife knows).
    #[arg(long, value_name = "VERSION", requires = "gates", value_parser = crate::cli::completion_values::kubernetes_versions(), hide_possible_values = true)]
    pub kubernetes_version: Option<crate::k8s::cluster::KubernetesVersion>,
}

/// Output formats of `podlife rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// A table.
    Table,
    /// A JSON array.
    Json,
    /// The JSON array as YAML.
    Yaml,
}

/// Writes the feature gates of a release in the chosen format.
pub fn write_gates(
    out: &mut dyn Write,
    format: RulesFormat,
    version: crate::k8s::cluster::KubernetesVersion,
) -> std::io::Result<()> {
    match format {
        RulesFormat::Table => write!(
            out,
            "{}",
            crate::render::rules::gates_table(version, crate::cli::terminal::output_width())
        ),
        RulesFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &crate::render::rules::gate_listings(version))?;
            writeln!(out)
        }
        RulesFormat::Yaml => {
            let mut json = Vec::new();
            write_gates(&mut json, RulesFormat::Json, version)?;
            crate::render::json_as_yaml::write(out, &json)
        }
    }
}

/// Writes the rule list in the chosen format.
pub fn write_rules(out: &mut dyn Write, format: RulesFormat) -> std::io::Result<()> {
    match format {
        RulesFormat::Table => write!(out, "{}", rules_table(crate::cli::terminal::output_width())),
        RulesFormat::Json => {
            let listings: Vec<RuleListing> = rules::REGISTRY
                .iter()
                .copied()
                .map(RuleListing::of)
                .collect();
            serde_json::to_writer_pretty(&mut *out, &listings)?;
            writeln!(out)
        }
        RulesFormat::Yaml => {
            let mut json = Vec::new();
            write_rules(&mut json, RulesFormat::Json)?;
            crate::render::json_as_yaml::write(out, &json)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At 80 and 120 columns (and 200, where the table fits), every line fits and every rule's
    /// ID, name and summary words are printed whole.
    #[test]
    fn the_listing_fits_the_width_without_breaking_words() {
        for width in [80, 120, 200] {
            let text = rules_table(width);
            for line in text.lines() {
                assert!(line.chars().count() <= width, "{width}: {line}");
            }
            let words: std::collections::HashSet<&str> = text
                .split(|c: char| c.is_whitespace() || c == '│' || c == '┆')
                .collect();
            for rule in rules::REGISTRY {
                assert!(words.contains(rule.id), "{width}: {}", rule.id);
                assert!(words.contains(rule.name), "{width}: {}", rule.name);
                for word in rule.summary.split_whitespace() {
                    assert!(words.contains(word), "{width}: `{word}` of {}", rule.id);
                }
            }
        }
        assert!(
            rules_table(200).contains("┆ summary"),
            "a table at 200 columns"
        );
        assert!(!rules_table(120).contains('┆'), "a list at 120 columns");
    }

    #[test]
    fn the_table_lists_every_rule_within_its_width() {
        let table = rules_table(100);
        for rule in rules::REGISTRY {
            assert!(table.contains(rule.id), "{}", rule.id);
        }
        for line in table.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
