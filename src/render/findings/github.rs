//! The `github` format: GitHub Actions workflow commands that annotate the pull request.

use std::io::Write;

use crate::lint::finding::{Finding, Severity};

/// Writes one `::error`/`::warning`/`::notice` command per finding.
pub fn write_findings(out: &mut dyn Write, findings: &[&Finding]) -> std::io::Result<()> {
    for finding in findings {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let mut properties = format!("file={}", escape_property(&finding.file));
        if let Some(span) = finding.span {
            properties.push_str(&format!(
                ",line={},col={}",
                span.start.line, span.start.column
            ));
            if span.end.line >= span.start.line {
                properties.push_str(&format!(
                    ",endLine={},endColumn={}",
                    span.end.line, span.end.column
                ));
            }
        }
        properties.push_str(&format!(
            ",title={}",
            escape_property(&format!("{} {}", finding.rule.code, finding.rule.name))
        ));
        let mut message = finding.message.clone();
        if let Some(help) = &finding.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        if let Some(note) = &finding.note {
            message.push_str(&format!("\nnote: {note}"));
        }
        writeln!(out, "::{command} {properties}::{}", escape_data(&message))?;
    }
    Ok(())
}

/// Escapes a workflow command's message (`%`, CR, LF).
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value (also `:` and `,`).
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_the_actions_toolkit() {
        assert_eq!(escape_data("50%\nnext"), "50%25%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }
}
