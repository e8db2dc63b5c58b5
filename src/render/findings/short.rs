//! The `short` format: one grep-friendly line per finding.

use std::io::Write;

use crate::lint::finding::Finding;

/// Writes `file:line:col: severity[ID] message` for each finding.
pub fn write_findings(out: &mut dyn Write, findings: &[&Finding]) -> std::io::Result<()> {
    for finding in findings {
        let (line, column) = finding
            .span
            .map_or((1, 1), |span| (span.start.line, span.start.column));
        writeln!(
            out,
            "{}:{line}:{column}: {}[{}] {}",
            finding.file, finding.severity, finding.rule.code, finding.message
        )?;
    }
    Ok(())
}
