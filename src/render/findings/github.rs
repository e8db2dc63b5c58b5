//! The `github` format: GitHub Actions workflow commands that annotate the pull request.

use std::io::Write;

use crate::finding::{Finding, Severity};
use crate::render::findings::in_parallel;
use crate::text::push_decimal;

/// Writes one `::error`/`::warning`/`::notice` command per finding (drawn on every core).
pub fn write_findings(out: &mut dyn Write, findings: &[&Finding]) -> std::io::Result<()> {
    in_parallel::write_chunks(
        out,
        findings,
        || (),
        |(), _, chunk, buffer| {
            draw_findings(buffer, chunk.iter().copied());
            Ok(())
        },
    )
}

/// Draws the command of each finding into `out`.
pub fn draw_findings<'f>(out: &mut String, findings: impl IntoIterator<Item = &'f Finding>) {
    for finding in findings {
        write_command(out, finding);
    }
}

fn write_command(out: &mut String, finding: &Finding) {
    out.push_str(match finding.severity {
        Severity::Error => "::error file=",
        Severity::Warning => "::warning file=",
        Severity::Info => "::notice file=",
    });
    push_property(out, &finding.file);
    if let Some(span) = finding.span {
        out.push_str(",line=");
        push_decimal(out, span.start.line as usize);
        out.push_str(",col=");
        push_decimal(out, span.start.column as usize);
        if span.end.line >= span.start.line {
            out.push_str(",endLine=");
            push_decimal(out, span.end.line as usize);
            out.push_str(",endColumn=");
            push_decimal(out, span.end.column as usize);
        }
    }
    out.push_str(",title=");
    push_property(out, finding.rule.code);
    push_property(out, " ");
    push_property(out, finding.rule.name);
    if let Some(tag) = &finding.pod_security {
        // `(restricted:v1.37 enforce, check allowPrivilegeEscalation)`
        push_property(out, " (");
        push_property(out, tag.level.as_str());
        push_property(out, ":");
        push_property(out, &tag.version_text());
        push_property(out, " ");
        push_property(out, tag.mode.as_str());
        push_property(out, ", check ");
        push_property(out, tag.check);
        push_property(out, ")");
    }
    out.push_str("::");
    push_data(out, &finding.message);
    if let Some(source) = &finding.source {
        push_data(out, "\nsource: ");
        push_data(out, source);
    }
    if let Some(help) = &finding.help {
        push_data(out, "\nhelp: ");
        push_data(out, help);
    }
    if let Some(note) = &finding.note {
        push_data(out, "\nnote: ");
        push_data(out, note);
    }
    out.push('\n');
}

/// Appends a workflow command's message, escaped (`%`, CR, LF).
fn push_data(out: &mut String, text: &str) {
    push_escaped(out, text, false);
}

/// Appends a workflow command's property value, escaped (also `:` and `,`).
fn push_property(out: &mut String, text: &str) {
    push_escaped(out, text, true);
}

fn push_escaped(out: &mut String, text: &str, property: bool) {
    let special = |byte: u8| {
        matches!(byte, b'%' | b'\r' | b'\n') || (property && matches!(byte, b':' | b','))
    };
    let mut rest = text;
    while let Some(at) = rest.bytes().position(special) {
        out.push_str(rest.get(..at).unwrap_or_default());
        out.push_str(match rest.as_bytes().get(at) {
            Some(b'%') => "%25",
            Some(b'\r') => "%0D",
            Some(b'\n') => "%0A",
            Some(b':') => "%3A",
            _ => "%2C",
        });
        rest = rest.get(at + 1..).unwrap_or_default();
    }
    out.push_str(rest);
}

/// Escapes a workflow command's message (`%`, CR, LF).
#[cfg(test)]
fn escape_data(text: &str) -> String {
    let mut out = String::new();
    push_data(&mut out, text);
    out
}

/// Escapes a workflow command's property value (also `:` and `,`).
#[cfg(test)]
fn escape_property(text: &str) -> String {
    let mut out = String::new();
    push_property(&mut out, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_the_actions_toolkit() {
        assert_eq!(escape_data("50%\nnext"), "50%25%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
        // The replacements in turn, as the toolkit makes them: nothing is escaped twice.
        for text in ["", "%0A", "a%\r\n:,b", "é:漢,%\n", "::,,%%"] {
            let data = text
                .replace('%', "%25")
                .replace('\r', "%0D")
                .replace('\n', "%0A");
            assert_eq!(escape_data(text), data);
            assert_eq!(
                escape_property(text),
                data.replace(':', "%3A").replace(',', "%2C")
            );
        }
    }
}
