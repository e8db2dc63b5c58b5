//! The `junit` format: JUnit XML for CI dashboards — a test suite per file, a test case per pod.
//!
//! A pod's test case fails when it has error findings (one `<failure>` listing them all, in the
//! `short` format); its warnings and notes go to `<system-out>`. Findings that belong to no pod
//! (a syntax error, an empty file) form a test case named after the file. No timestamps or
//! durations: the same input gives the same bytes.

use std::io::Write;

use crate::finding::{FailedInput, Finding, ObjectRef, Severity};
use crate::lint::validate::FileReport;

/// One test case: a name and its findings.
struct Case<'f> {
    name: String,
    findings: Vec<&'f Finding>,
}

impl Case<'_> {
    fn errors(&self) -> impl Iterator<Item = &&Finding> {
        self.findings
            .iter()
            .filter(|finding| finding.severity == Severity::Error)
    }

    fn failed(&self) -> bool {
        self.errors().next().is_some()
    }
}

fn cases<'f>(file: &'f FileReport) -> Vec<Case<'f>> {
    let mut cases: Vec<Case<'f>> = case_names(&file.pods)
        .into_iter()
        .map(|name| Case {
            name,
            findings: Vec::new(),
        })
        .collect();
    let mut file_level = Vec::new();
    for finding in &file.findings {
        let position = finding
            .object
            .as_ref()
            .filter(|object| !object.kind.is_empty())
            .and_then(|object| file.pods.iter().position(|pod| pod == &**object));
        match position.and_then(|position| cases.get_mut(position)) {
            Some(case) => case.findings.push(finding),
            None => file_level.push(finding),
        }
    }
    if !file_level.is_empty() || cases.is_empty() {
        cases.push(Case {
            name: file.name.to_string(),
            findings: file_level,
        });
    }
    cases
}

/// `Deployment default/web` (a custom resource's pod adds its template's path: `RayCluster
/// ml/rc spec.workerGroupSpecs[0].template`), with the document number when two pods would
/// share a name.
fn case_names(pods: &[ObjectRef]) -> Vec<String> {
    let plain = |pod: &ObjectRef| {
        let name = pod.name.as_deref().unwrap_or("<unnamed>");
        let object = match &pod.namespace {
            Some(namespace) => format!("{} {namespace}/{name}", pod.kind),
            None => format!("{} {name}", pod.kind),
        };
        match &pod.template {
            Some(template) => format!("{object} {template}"),
            None => object,
        }
    };
    let names: Vec<String> = pods.iter().map(plain).collect();
    names
        .iter()
        .zip(pods)
        .map(|(name, pod)| {
            if names.iter().filter(|other| *other == name).count() > 1 {
                format!("{name} (document {})", pod.document + 1)
            } else {
                name.clone()
            }
        })
        .collect()
}

fn line(finding: &Finding) -> String {
    let (line, column) = finding
        .span
        .map_or((1, 1), |span| (span.start.line, span.start.column));
    let mut text = format!(
        "{}:{line}:{column}: {}[{}] {}",
        finding.file, finding.severity, finding.rule.code, finding.message
    );
    if let Some(source) = &finding.source {
        text.push_str(&format!(" (source: {source})"));
    }
    if let Some(tag) = &finding.pod_security {
        text.push_str(&format!(
            "\n  pod security: {}:{} {}, check {}",
            tag.level.as_str(),
            tag.version_text(),
            tag.mode.as_str(),
            tag.check
        ));
    }
    if let Some(help) = &finding.help {
        text.push_str(&format!("\n  help: {help}"));
    }
    if let Some(note) = &finding.note {
        text.push_str(&format!("\n  note: {note}"));
    }
    text
}

/// Writes the JUnit XML document for the files validated.
/// An input that could not be read is a suite of one errored test case, so a CI report never
/// shows "0 tests, 0 errors" for it.
pub fn write_report(
    out: &mut dyn Write,
    files: &[&FileReport],
    failed_inputs: &[FailedInput],
) -> std::io::Result<()> {
    let suites: Vec<(&FileReport, Vec<Case<'_>>)> =
        files.iter().map(|file| (*file, cases(file))).collect();
    let tests: usize =
        suites.iter().map(|(_, cases)| cases.len()).sum::<usize>() + failed_inputs.len();
    let errors = failed_inputs.len();
    let failures: usize = suites
        .iter()
        .map(|(_, cases)| cases.iter().filter(|case| case.failed()).count())
        .sum();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="podlife" tests="{tests}" failures="{failures}" errors="{errors}">"#
    )?;
    for failed in failed_inputs {
        let name = escape(&failed.path);
        writeln!(
            out,
            r#"  <testsuite name="{name}" tests="1" failures="0" errors="1" skipped="0">"#
        )?;
        writeln!(out, r#"    <testcase name="read" classname="{name}">"#)?;
        writeln!(
            out,
            r#"      <error message="{}" type="unreadable-input"/>"#,
            escape(&failed.error)
        )?;
        writeln!(out, "    </testcase>")?;
        writeln!(out, "  </testsuite>")?;
    }
    for (file, cases) in &suites {
        let failed = cases.iter().filter(|case| case.failed()).count();
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{failed}" errors="0" skipped="0">"#,
            escape(&file.name),
            cases.len()
        )?;
        for case in cases {
            write!(
                out,
                r#"    <testcase name="{}" classname="{}""#,
                escape(&case.name),
                escape(&file.name)
            )?;
            if case.findings.is_empty() {
                writeln!(out, "/>")?;
                continue;
            }
            writeln!(out, ">")?;
            let errors: Vec<&&Finding> = case.errors().collect();
            if let Some(first) = errors.first() {
                let message = if errors.len() == 1 {
                    first.message.clone()
                } else {
                    format!("{} errors; first: {}", errors.len(), first.message)
                };
                let body: Vec<String> = errors.iter().map(|finding| line(finding)).collect();
                writeln!(
                    out,
                    r#"      <failure message="{}" type="{}">{}</failure>"#,
                    escape(&message),
                    first.rule.code,
                    escape_text(&body.join("\n"))
                )?;
            }
            let others: Vec<String> = case
                .findings
                .iter()
                .filter(|finding| finding.severity != Severity::Error)
                .map(|finding| line(finding))
                .collect();
            if !others.is_empty() {
                writeln!(
                    out,
                    "      <system-out>{}</system-out>",
                    escape_text(&others.join("\n"))
                )?;
            }
            writeln!(out, "    </testcase>")?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

/// Escapes text for XML content (quotes and newlines stay as they are).
fn escape_text(text: &str) -> String {
    escape(text)
        .replace("&#10;", "\n")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
}

/// Escapes text for XML attributes and content; a character XML 1.0 cannot hold (a C0 control
/// but tab, newline and return; U+FFFE, U+FFFF) is written as `\u{…}`, never dropped, so the
/// document is always well-formed and nothing is lost. Other controls (DEL, C1) are shown the
/// same way, as every text output shows them.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\n' => escaped.push_str("&#10;"),
            '\t' | '\r' => escaped.push(c),
            c if c.is_control() || !crate::text::is_xml_char(c) => {
                escaped.push_str(&crate::text::escape_code(u32::from(c)));
            }
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_shows_what_xml_cannot_hold() {
        assert_eq!(
            escape("a<b & \"c\"\u{1}\nd"),
            "a&lt;b &amp; &quot;c&quot;\\u{1}&#10;d"
        );
        assert_eq!(escape("x\u{fffe}\u{ffff}y"), "x\\u{fffe}\\u{ffff}y");
    }

    #[test]
    fn duplicate_pod_names_get_their_document() {
        let pod = |document| ObjectRef {
            kind: "Pod".into(),
            namespace: None,
            name: Some("web".into()),
            document,
            template: None,
        };
        assert_eq!(
            case_names(&[pod(0), pod(1)]),
            vec!["Pod web (document 1)", "Pod web (document 2)"]
        );
    }
}
