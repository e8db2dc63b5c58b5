//! `podlife rules`: every rule with its ID, name, default severity, whether it runs by default, and summary.

use std::io::Write;

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::cli::RulesFormat;
use crate::lint::rules::{self, Rule};

/// One rule as `podlife rules --format json` prints it.
#[derive(Debug, Serialize)]
pub struct RuleListing {
    /// `PL012`.
    pub id: &'static str,
    /// `unused-suppression`.
    pub name: &'static str,
    /// The default severity: `error`, `warning` or `info`.
    pub severity: &'static str,
    /// Whether it runs without configuration.
    pub enabled: bool,
    /// One line: what it reports.
    pub summary: &'static str,
}

impl RuleListing {
    /// The listing of a rule.
    pub fn of(rule: &'static Rule) -> Self {
        RuleListing {
            id: rule.id,
            name: rule.name,
            severity: rule.severity.as_str(),
            enabled: rules::enabled_by_default(rule),
            summary: rule.summary,
        }
    }
}

/// The rules as a table, `width` columns wide.
pub fn rules_table(width: usize) -> String {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .force_no_tty()
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .set_header(["ID", "name", "severity", "enabled", "summary"]);
    for rule in rules::REGISTRY {
        let listing = RuleListing::of(rule);
        table.add_row([
            listing.id,
            listing.name,
            listing.severity,
            if listing.enabled { "yes" } else { "no" },
            listing.summary,
        ]);
    }
    format!("{table}\n")
}

/// Writes the rule list in the chosen format.
pub fn write_rules(out: &mut dyn Write, format: RulesFormat) -> std::io::Result<()> {
    match format {
        RulesFormat::Table => write!(out, "{}", rules_table(crate::cli::run::output_width())),
        RulesFormat::Json => {
            let listings: Vec<RuleListing> = rules::REGISTRY
                .iter()
                .copied()
                .map(RuleListing::of)
                .collect();
            serde_json::to_writer_pretty(&mut *out, &listings)?;
            writeln!(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
