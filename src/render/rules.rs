//! Rule documentation as `explain` prints it, the rule reference (`explain --all`) and the
//! rule list (`podlife rules`).

use comfy_table::{ColumnConstraint, ContentArrangement, Table, presets};
use serde::Serialize;

use crate::k8s::cluster::feature_gates::GATES;
use crate::k8s::cluster::{FeatureGates, KubernetesVersion};
use crate::lint::rules::{self, Rule};

/// One rule's documentation as printed by `explain`.
pub fn rule_doc(rule: &rules::Rule) -> String {
    let off = if rules::enabled_by_default(rule) {
        ""
    } else {
        " (off by default)"
    };
    let group = if rules::Group::of(rule) == rules::Group::PodSecurity {
        " In the `pod-security` group: it judges an object only where a Pod Security level applies (its namespace's `pod-security.kubernetes.io/*` labels in the run or in `podSecurity.namespaces`, else `--pod-security` and `podSecurity.defaults`); `enforce` gives an error (a Pod is rejected; a workload is admitted, but every pod its controller creates is rejected), `warn` and `audit` a warning, one finding per check and object for the strongest mode it breaks (docs/pod-security.md). Its example is a pod in namespace `shop`, which enforces the check's level.".to_string()
    } else if rules::Group::of(rule) != rules::Group::BestPractice {
        String::new()
    } else if crate::lint::rules::best_practice::helpers::settings::is_option(rule) {
        " In the `best-practice` group as an option: enabled only when named (`--extend-select ID`), not by `--select best-practice`.".to_string()
    } else {
        " In the `best-practice` group (`--extend-select best-practice`).".to_string()
    };
    let fix = match rules::fix_of(rule) {
        Some((applicability, what)) => format!(
            " Fix ({}, `--fix{}`): {what}.",
            applicability.as_str(),
            if applicability == crate::finding::Applicability::Unsafe {
                " --unsafe-fixes"
            } else {
                ""
            }
        ),
        None => String::new(),
    };
    let release = match rules::cluster_dependence(rule) {
        Some((gates, what)) => {
            let names: Vec<&str> = gates
                .iter()
                .filter_map(|gate| crate::k8s::cluster::feature_gates::row(*gate))
                .map(|row| row.name)
                .collect();
            let gates = if names.is_empty() {
                String::new()
            } else {
                format!(" (feature gates: {})", names.join(", "))
            };
            format!(
                "\n\nDepends on the Kubernetes release (`--kubernetes-version`){gates}: {what}."
            )
        }
        None => String::new(),
    };
    let same_ground = crate::lint::rules::pod_security::helpers::check::same_ground(rule.id)
        .map(|sentence| format!(" {sentence}."))
        .unwrap_or_default();
    let group = format!("{group}{same_ground}");
    format!(
        "# {} {}\n\nDefault severity: {}{off}. {}.{group}{fix}{release}\n\n{}",
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
    /// Its group: `loader`, `api-validation`, `seed-features`, `lifecycle` or `best-practice`.
    pub group: &'static str,
    /// One line: what it reports.
    pub summary: &'static str,
    /// `safe` or `unsafe` when `--fix` can repair its findings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<&'static str>,
    /// The feature gates it consults, when its verdict depends on the Kubernetes release.
    #[serde(skip_serializing_if = "Option::is_none", rename = "releaseDependent")]
    pub release_dependent: Option<Vec<&'static str>>,
}

impl RuleListing {
    /// The listing of a rule.
    pub fn of(rule: &'static Rule) -> Self {
        RuleListing {
            id: rule.id,
            name: rule.name,
            severity: rule.severity.as_str(),
            enabled: rules::enabled_by_default(rule),
            group: rules::Group::of(rule).name(),
            summary: rule.summary,
            fix: rules::fix_of(rule).map(|(applicability, _)| applicability.as_str()),
            release_dependent: rules::cluster_dependence(rule).map(|(gates, _)| {
                gates
                    .iter()
                    .filter_map(|gate| crate::k8s::cluster::feature_gates::row(*gate))
                    .map(|row| row.name)
                    .collect()
            }),
        }
    }
}

/// One gate as `podlife rules --gates --format json` prints it.
#[derive(Debug, Serialize)]
pub struct GateListing {
    /// `PodLevelResources`.
    pub name: &'static str,
    /// `alpha`, `beta`, `GA`, or `removed` (always on).
    pub stage: &'static str,
    /// Its value in the release.
    pub default: bool,
    /// Whether it can be set to the other value.
    pub locked: bool,
    /// What podlife does with it on.
    pub effect: &'static str,
}

/// The gates of `version` podlife consults (those it has, or removed and always on).
pub fn gate_listings(version: KubernetesVersion) -> Vec<GateListing> {
    let defaults = FeatureGates::defaults(version);
    GATES
        .iter()
        .filter_map(|row| {
            let (stage, locked) = match row.spec_in(version) {
                Some(spec) => (spec.stage.as_str(), spec.locked),
                None if row.always_on_in(version) => ("removed", true),
                None => return None,
            };
            Some(GateListing {
                name: row.name,
                stage,
                default: defaults.enabled(row.gate),
                locked,
                effect: row.effect,
            })
        })
        .collect()
}

/// The rules a search found: a line each, ID, name and summary, under what was searched.
pub fn rule_matches(query: &str, matches: &[&Rule]) -> String {
    let plural = if matches.len() == 1 { "" } else { "s" };
    let mut text = format!(
        "{} rule{plural} whose name or summary mentions `{query}` (`podlife explain ID` prints one):\n",
        matches.len()
    );
    let width = matches
        .iter()
        .map(|rule| rule.name.len())
        .max()
        .unwrap_or(0);
    for rule in matches {
        text.push_str(&format!(
            "{}  {:width$}  {}\n",
            rule.id, rule.name, rule.summary
        ));
    }
    text
}

/// An empty listing table `width` columns wide, in the style `rules` and `rules --gates` share.
fn listing_table(width: usize) -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .force_no_tty()
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX));
    table
}

/// The gates of `version` as a table, `width` columns wide.
pub fn gates_table(version: KubernetesVersion, width: usize) -> String {
    let mut table = listing_table(width);
    table.set_header(["gate", "stage", "default", "podlife with it on"]);
    // A gate name is one word to copy into `--feature-gates`: it is never broken across lines.
    if let Some(column) = table.column_mut(0) {
        column.set_constraint(ColumnConstraint::ContentWidth);
    }
    for gate in gate_listings(version) {
        let default = match (gate.default, gate.locked) {
            (true, true) => "on (locked)",
            (true, false) => "on",
            (false, true) => "off (locked)",
            (false, false) => "off",
        };
        table.add_row([gate.name, gate.stage, default, gate.effect]);
    }
    format!("Feature gates in Kubernetes {version}:\n{table}\n")
}

/// The rules, `width` columns wide, never breaking a word: a table when every column fits
/// whole (the summary column as wide as its longest word), else a list, a rule per paragraph.
pub fn rules_table(width: usize) -> String {
    const HEADER: [&str; 7] = [
        "ID", "name", "severity", "enabled", "fix", "release", "summary",
    ];
    let rows: Vec<[&str; 7]> = rules::REGISTRY
        .iter()
        .map(|rule| {
            let listing = RuleListing::of(rule);
            [
                listing.id,
                listing.name,
                listing.severity,
                if listing.enabled { "yes" } else { "no" },
                listing.fix.unwrap_or(""),
                if listing.release_dependent.is_some() {
                    "yes"
                } else {
                    ""
                },
                listing.summary,
            ]
        })
        .collect();
    let width_of = |cell: Option<&&str>| cell.map_or(0, |cell| cell.chars().count());
    let widest = |column: usize| {
        rows.iter()
            .map(|row| width_of(row.get(column)))
            .chain([width_of(HEADER.get(column))])
            .max()
            .unwrap_or(0)
    };
    let longest_word = rows
        .iter()
        .flat_map(|[.., summary]| summary.split_whitespace())
        .map(|word| word.chars().count())
        .max()
        .unwrap_or(0);
    // Each column has a space either side and a border on its left; one border closes the row.
    let needed = (0..6).map(widest).sum::<usize>() + longest_word + 3 * HEADER.len() + 1;
    if needed > width {
        return rules_list(&rows, width);
    }
    let mut table = listing_table(width);
    table.set_header(HEADER);
    for column in 0..6 {
        if let Some(column) = table.column_mut(column) {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    for row in rows {
        table.add_row(row);
    }
    format!("{table}\n")
}

/// The rules as paragraphs for a narrow terminal: `ID  name  severity, …` then the summary,
/// wrapped at word boundaries and indented under the name.
fn rules_list(rows: &[[&str; 7]], width: usize) -> String {
    const INDENT: usize = 7;
    let mut text = String::new();
    for [id, name, severity, enabled, fix, release, summary] in rows {
        let mut facts = vec![(*severity).to_string()];
        if *enabled == "no" {
            facts.push("off by default".to_string());
        }
        if !fix.is_empty() {
            facts.push(format!("fix: {fix}"));
        }
        if !release.is_empty() {
            facts.push("depends on the release".to_string());
        }
        text.push_str(&format!("{id:<INDENT$}{name}  {}\n", facts.join(", ")));
        let mut line = String::new();
        for word in summary.split_whitespace() {
            let fits = line.is_empty()
                || INDENT + line.chars().count() + 1 + word.chars().count() <= width;
            if !fits {
                text.push_str(&format!("{:INDENT$}{line}\n", ""));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        text.push_str(&format!("{:INDENT$}{line}\n", ""));
    }
    text
}
