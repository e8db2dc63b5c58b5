//! Rule documentation as `explain` prints it, the rule reference (`explain --all`) and the
//! rule list (`podlife rules`).

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::lint::rules::{self, Rule};

/// One rule's documentation as printed by `explain`.
pub fn rule_doc(rule: &rules::Rule) -> String {
    let off = if rules::enabled_by_default(rule) {
        ""
    } else {
        " (off by default)"
    };
    let fix = match rules::fix_of(rule) {
        Some((applicability, what)) => format!(
            " Fix ({}, `--fix{}`): {what}.",
            applicability.as_str(),
            if applicability == crate::lint::finding::Applicability::Unsafe {
                " --unsafe-fixes"
            } else {
                ""
            }
        ),
        None => String::new(),
    };
    format!(
        "# {} {}\n\nDefault severity: {}{off}. {}.{fix}\n\n{}",
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
    /// `safe` or `unsafe` when `--fix` can repair its findings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<&'static str>,
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
            fix: rules::fix_of(rule).map(|(applicability, _)| applicability.as_str()),
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
        .set_header(["ID", "name", "severity", "enabled", "fix", "summary"]);
    for rule in rules::REGISTRY {
        let listing = RuleListing::of(rule);
        table.add_row([
            listing.id,
            listing.name,
            listing.severity,
            if listing.enabled { "yes" } else { "no" },
            listing.fix.unwrap_or(""),
            listing.summary,
        ]);
    }
    format!("{table}\n")
}
