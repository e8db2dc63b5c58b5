//! `validate --add-ignore`: a `# podlife: ignore[PLxxx]` comment at the end of each line where
//! a finding starts, so a repository with findings can adopt podlife and fix them over time
//! (ruff's `--add-noqa`).
//!
//! A line with a suppression comment gets the rule added inside its brackets; a line with
//! another comment keeps its text as the suppression's reason (`# a sidecar` becomes
//! `# podlife: ignore[PL105] a sidecar`). The result must hold the same data
//! (every document's values, comments aside) and report none of the suppressed findings and
//! nothing new (no unused suppression); a comment that fails this is not added, and its
//! findings stay. JSON has no comments: nothing is added there. Findings that mean the API
//! server rejects the object ([`is_rejection`]) get no comment: they must be fixed.

use std::collections::BTreeMap;

use crate::finding::Finding;
use crate::input::SourceText;
use crate::lint::settings::CheckOptions;
use crate::lint::settings::inline_comments::MARKER;
use crate::lint::validate::{FileReport, validate_source};
use crate::yaml::lines::comment_start;
use crate::yaml::source::{Node, NodeKind, parse_stream};

/// Lines tried one at a time, at most, when adding every comment at once fails.
const MAX_SINGLE_TRIES: usize = 200;

/// What adding suppression comments to one source did.
#[derive(Debug, Clone)]
pub struct AddIgnoreOutcome {
    /// The text with the comments (the input's when none was added).
    pub text: String,
    /// Findings the added comments suppress.
    pub suppressed: usize,
    /// Findings left in place because the API server rejects the object for them.
    pub rejections: usize,
    /// The report of `text`: what no comment could suppress.
    pub report: FileReport,
}

/// Adds a suppression comment for every finding of `source` that starts on a line.
pub fn add_ignore_comments(source: &SourceText, options: &CheckOptions) -> AddIgnoreOutcome {
    let before = validate_source(source, options);
    let original = source.text.as_str();
    let rejections = before.findings.iter().filter(|f| is_rejection(f)).count();
    let unchanged = |report: FileReport| AddIgnoreOutcome {
        text: original.to_string(),
        suppressed: 0,
        rejections,
        report,
    };
    if source.not_utf8.is_some() || looks_like_json(original) {
        return unchanged(before);
    }
    let wanted = rules_by_line(&before.findings);
    if wanted.is_empty() {
        return unchanged(before);
    }
    let all = with_comments(original, &wanted);
    if let Some(outcome) = checked(source, options, &before, all, &wanted) {
        return AddIgnoreOutcome {
            rejections,
            ..outcome
        };
    }
    // One line at a time, keeping each comment that passes on its own.
    let mut kept: BTreeMap<u32, Vec<&'static str>> = BTreeMap::new();
    let mut best: Option<AddIgnoreOutcome> = None;
    for (line, rules) in wanted.iter().take(MAX_SINGLE_TRIES) {
        let mut trial = kept.clone();
        trial.insert(*line, rules.clone());
        let text = with_comments(original, &trial);
        if let Some(outcome) = checked(source, options, &before, text, &trial) {
            kept = trial;
            best = Some(outcome);
        }
    }
    best.map_or_else(
        || unchanged(before),
        |outcome| AddIgnoreOutcome {
            rejections,
            ..outcome
        },
    )
}

/// Whether `finding` means the API server (or the YAML reader before it) rejects the object: an
/// error of the reading or API-validation rules. A comment would make CI pass while
/// `kubectl apply` still fails, so `--add-ignore` leaves these in place (as ruff's
/// `--add-noqa` leaves syntax errors).
pub fn is_rejection(finding: &Finding) -> bool {
    // The reading rules are PL0xx and the API-validation rules PL1xx (`rules::Group::of_id`).
    finding.severity == crate::finding::Severity::Error
        && matches!(finding.rule.code.as_bytes().get(2), Some(b'0' | b'1'))
}

/// `text` with the comments for `wanted` added, if the result holds the same data and reports
/// exactly the findings of `before` not on those lines.
fn checked(
    source: &SourceText,
    options: &CheckOptions,
    before: &FileReport,
    text: String,
    wanted: &BTreeMap<u32, Vec<&'static str>>,
) -> Option<AddIgnoreOutcome> {
    if !same_data(source.text.as_str(), &text) {
        return None;
    }
    let changed = SourceText {
        text: std::sync::Arc::new(text.clone()),
        ..source.clone()
    };
    let report = validate_source(&changed, options);
    let expected: Vec<(&str, &str)> = before
        .findings
        .iter()
        .filter(|finding| !is_wanted(finding, wanted))
        .map(|finding| (finding.rule.code, finding.message.as_str()))
        .collect();
    let remaining: Vec<(&str, &str)> = report
        .findings
        .iter()
        .map(|finding| (finding.rule.code, finding.message.as_str()))
        .collect();
    if remaining != expected {
        return None;
    }
    let suppressed = before.findings.len() - expected.len();
    Some(AddIgnoreOutcome {
        text,
        suppressed,
        rejections: 0,
        report,
    })
}

/// Whether a comment in `wanted` covers `finding`.
fn is_wanted(finding: &Finding, wanted: &BTreeMap<u32, Vec<&'static str>>) -> bool {
    finding.span.is_some_and(|span| {
        wanted
            .get(&span.start.line)
            .is_some_and(|rules| rules.contains(&finding.rule.code))
    })
}

/// The rule codes to suppress on each line (1-based), sorted and once each.
fn rules_by_line(findings: &[Finding]) -> BTreeMap<u32, Vec<&'static str>> {
    let mut lines: BTreeMap<u32, Vec<&'static str>> = BTreeMap::new();
    for finding in findings.iter().filter(|finding| !is_rejection(finding)) {
        let Some(span) = finding.span else { continue };
        let rules = lines.entry(span.start.line).or_default();
        if !rules.contains(&finding.rule.code) {
            rules.push(finding.rule.code);
        }
    }
    for rules in lines.values_mut() {
        rules.sort_unstable();
    }
    lines
}

/// `text` with a suppression comment naming `rules` at the end of each of `lines`.
fn with_comments(text: &str, lines: &BTreeMap<u32, Vec<&'static str>>) -> String {
    let mut out = String::with_capacity(text.len() + lines.len() * 32);
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        match lines.get(&number) {
            Some(rules) => out.push_str(&commented(line, rules)),
            None => out.push_str(line),
        }
    }
    out
}

/// One line (with its line break) with a suppression of `rules`.
fn commented(line: &str, rules: &[&str]) -> String {
    let (body, ending) = match line.strip_suffix("\r\n") {
        Some(body) => (body, "\r\n"),
        None => match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        },
    };
    let Some(hash) = comment_start(body) else {
        return format!("{body}  # {MARKER}{}]{ending}", rules.join(", "));
    };
    let (code, comment) = body.split_at(hash);
    let text = comment.trim_start_matches('#').trim_start();
    if let Some(rest) = text.strip_prefix(MARKER)
        && let Some((inside, after)) = rest.split_once(']')
    {
        let mut keys: Vec<&str> = inside
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .collect();
        for rule in rules {
            if !keys.contains(rule) {
                keys.push(rule);
            }
        }
        return format!("{code}# {MARKER}{}]{after}{ending}", keys.join(", "));
    }
    format!("{code}# {MARKER}{}] {text}{ending}", rules.join(", "))
}

/// Whether `text` is JSON (no comments there), judged by its first character.
fn looks_like_json(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with(['{', '['])
}

/// Whether two texts hold the same documents with the same values (comments and layout aside).
fn same_data(before: &str, after: &str) -> bool {
    let (before, after) = (parse_stream(before), parse_stream(after));
    before.len() == after.len()
        && before
            .iter()
            .zip(&after)
            .all(|(a, b)| match (&a.root, &b.root) {
                (Some(a), Some(b)) => same_node(a, b),
                (None, None) => true,
                _ => false,
            })
}

fn same_node(a: &Node<'_>, b: &Node<'_>) -> bool {
    match (a.kind(), b.kind()) {
        (NodeKind::Scalar(a, form_a), NodeKind::Scalar(b, form_b)) => a == b && form_a == form_b,
        (NodeKind::Sequence(a), NodeKind::Sequence(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_node(a, b))
        }
        (NodeKind::Mapping(a), NodeKind::Mapping(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| same_node(ka, kb) && same_node(va, vb))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_goes_at_the_end_of_the_line_or_joins_the_one_there() {
        assert_eq!(
            commented("  restartPolicy: always\n", &["PL104"]),
            "  restartPolicy: always  # podlife: ignore[PL104]\n"
        );
        assert_eq!(
            commented("  x: 1   # keep this\r\n", &["PL104", "PL105"]),
            "  x: 1   # podlife: ignore[PL104, PL105] keep this\r\n"
        );
        assert_eq!(
            commented(
                "  x: 1 # podlife: ignore[PL306] on purpose\n",
                &["PL104", "PL306"]
            ),
            "  x: 1 # podlife: ignore[PL306, PL104] on purpose\n"
        );
        assert_eq!(
            commented("  x: \"a # b\"", &["PL104"]),
            "  x: \"a # b\"  # podlife: ignore[PL104]"
        );
    }

    #[test]
    fn data_is_compared_without_comments() {
        assert!(same_data("a: 1 # x\nb: [1, 2]\n", "a: 1\nb: [1, 2]  # y\n"));
        assert!(!same_data("a: \"x\n  y\"\n", "a: \"x  # z\n  y\"\n"));
        assert!(!same_data("a: 1\n", "a: 1\n---\nb: 2\n"));
    }
}
