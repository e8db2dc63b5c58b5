//! The `short` format: one grep-friendly line per finding.

use std::fmt::Write as _;
use std::io::Write;

use crate::finding::Finding;
use crate::render::findings::in_parallel;

/// Writes `file:line:col: severity[ID] message` for each finding (drawn on every core), and
/// ` (source: TEMPLATE)` after the message of one from rendered output that names its template.
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

/// Draws the line of each finding into `out`.
pub fn draw_findings<'f>(out: &mut String, findings: impl IntoIterator<Item = &'f Finding>) {
    for finding in findings {
        let (line, column) = finding
            .span
            .map_or((1, 1), |span| (span.start.line, span.start.column));
        // Writing to a string cannot fail.
        let _ = write!(
            out,
            "{}:{line}:{column}: {}[{}] {}",
            finding.file, finding.severity, finding.rule.code, finding.message
        );
        if let Some(source) = &finding.source {
            let _ = write!(out, " (source: {source})");
        }
        out.push('\n');
    }
}
