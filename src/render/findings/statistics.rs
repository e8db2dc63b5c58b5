//! `validate --statistics`: how many findings each rule gave, most first (as ruff and flake8
//! print them), as aligned text or a JSON list.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::finding::{Finding, RuleId};

/// One rule's count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleCount {
    /// The rule's code (`PL006`).
    pub rule: &'static str,
    /// Its name (`unknown-field`).
    pub name: &'static str,
    /// Findings it gave.
    pub count: usize,
}

/// Counts per rule: most findings first, then by code.
pub fn count(findings: &[&Finding]) -> Vec<RuleCount> {
    let mut counts: BTreeMap<RuleId, usize> = BTreeMap::new();
    for finding in findings {
        *counts.entry(finding.rule).or_default() += 1;
    }
    let mut rows: Vec<RuleCount> = counts
        .into_iter()
        .map(|(rule, count)| RuleCount {
            rule: rule.code,
            name: rule.name,
            count,
        })
        .collect();
    rows.sort_by(|a, b| b.count.cmp(&a.count).then(a.rule.cmp(b.rule)));
    rows
}

/// `count  code  name` lines, the counts right-aligned.
pub fn write_text(out: &mut dyn Write, rows: &[RuleCount]) -> std::io::Result<()> {
    let width = rows
        .iter()
        .map(|row| row.count.to_string().len())
        .max()
        .unwrap_or(1);
    for row in rows {
        writeln!(out, "{:>width$}  {}  {}", row.count, row.rule, row.name)?;
    }
    Ok(())
}

/// `[{"rule", "name", "count"}]`.
pub fn write_json(out: &mut dyn Write, rows: &[RuleCount]) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, rows)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;

    #[test]
    fn most_frequent_rule_first_then_by_code() {
        let rule = |code, name| RuleId { code, name };
        let findings: Vec<Finding> = [
            rule("PL100", "invalid-container-name"),
            rule("PL006", "unknown-field"),
            rule("PL006", "unknown-field"),
            rule("PL005", "wrong-type"),
        ]
        .into_iter()
        .map(|id| Finding::new(id, Severity::Warning, "x"))
        .collect();
        let references: Vec<&Finding> = findings.iter().collect();
        let rows = count(&references);
        let codes: Vec<(&str, usize)> = rows.iter().map(|r| (r.rule, r.count)).collect();
        assert_eq!(codes, [("PL006", 2), ("PL005", 1), ("PL100", 1)]);
        let mut text = Vec::new();
        write_text(&mut text, &rows).expect("memory");
        assert_eq!(
            String::from_utf8_lossy(&text),
            "2  PL006  unknown-field\n1  PL005  wrong-type\n1  PL100  invalid-container-name\n"
        );
    }
}
