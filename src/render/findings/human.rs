//! The `human` format: rustc-style diagnostics with a source snippet (via miette), then a summary.

use std::fmt;
use std::io::Write;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan,
};

use crate::lint::finding::{Finding, Severity};
use crate::yaml::source::Pos;

/// How to render.
#[derive(Debug, Clone, Copy)]
pub struct HumanStyle {
    /// Use colour.
    pub color: bool,
    /// Wrap width.
    pub width: usize,
}

struct Rendered<'f> {
    finding: &'f Finding,
    source: NamedSource<Arc<str>>,
    span: Option<SourceSpan>,
    help: Option<String>,
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.finding.message)
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.finding.severity, self.finding.rule.code, self.finding.message
        )
    }
}

impl std::error::Error for Rendered<'_> {}

impl Diagnostic for Rendered<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.span.map(|_| &self.source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.finding.label.clone(),
            span,
        ))))
    }
}

/// Byte offsets of line starts, to turn (line, column) into a byte offset.
struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        LineIndex { text, starts }
    }

    fn offset(&self, pos: Pos) -> usize {
        let line = (pos.line.max(1) - 1) as usize;
        let Some(&start) = self.starts.get(line) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let line_text = &self.text[start..end];
        let column = (pos.column.max(1) - 1) as usize;
        start
            + line_text
                .char_indices()
                .nth(column)
                .map_or(line_text.trim_end_matches('\n').len(), |(at, _)| at)
    }

    /// The span from start to end, kept on the start's line.
    fn span(&self, span: crate::yaml::source::Span) -> SourceSpan {
        let start = self.offset(span.start);
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |at| start + at);
        let end = if span.end.line == span.start.line {
            self.offset(span.end).min(line_end)
        } else {
            line_end
        };
        let end = end.max(start);
        let length = end - start;
        SourceSpan::new(start.into(), length)
    }
}

/// Writes every finding of one file as a diagnostic.
pub fn write_file_findings(
    out: &mut dyn Write,
    name: &str,
    text: &Arc<str>,
    findings: &[&Finding],
    style: HumanStyle,
) -> std::io::Result<()> {
    if findings.is_empty() {
        return Ok(());
    }
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let index = LineIndex::new(text);
    for finding in findings {
        let help = finding.help.clone();
        let rendered = Rendered {
            finding,
            source: NamedSource::new(name, text.clone()),
            span: finding
                .span
                .filter(|_| !text.is_empty())
                .map(|span| index.span(span)),
            help,
        };
        let mut buffer = String::new();
        if handler.render_report(&mut buffer, &rendered).is_err() {
            buffer = format!("{rendered}\n");
        }
        if finding.span.is_some() && text.is_empty() {
            let span = finding.span.unwrap_or_default();
            buffer.push_str(&format!(
                "  at {name}:{}:{}\n",
                span.start.line, span.start.column
            ));
        }
        out.write_all(buffer.as_bytes())?;
        if let Some(note) = &finding.note {
            writeln!(out, "  note: {note}")?;
        }
        if let Some(path) = &finding.path
            && !path.is_root()
        {
            writeln!(out, "  path: {path}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index_maps_characters_to_bytes() {
        let text = "a: é\nb: x\n";
        let index = LineIndex::new(text);
        assert_eq!(
            index.offset(Pos {
                index: 0,
                line: 2,
                column: 4
            }),
            9
        );
        assert_eq!(
            index.offset(Pos {
                index: 0,
                line: 1,
                column: 4
            }),
            3
        );
        assert_eq!(
            index.offset(Pos {
                index: 0,
                line: 9,
                column: 1
            }),
            text.len()
        );
    }
}
