//! The `human` format: rustc-style diagnostics with a source snippet (via miette), then a summary.

use std::fmt;
use std::io::Write;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};

use crate::lint::finding::{Finding, Severity};
use crate::text::escape_control;
use crate::yaml::line_index::LineIndex;

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
    source: Option<Excerpt>,
    span: Option<SourceSpan>,
    help: Option<String>,
    message: String,
    label: Option<String>,
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
            self.finding.severity, self.finding.rule.code, self.message
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
        self.source
            .as_ref()
            .map(|source| source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.label.clone(),
            span,
        ))))
    }
}

/// Longest source line shown whole in a snippet, in characters; longer lines (minified JSON,
/// a huge scalar) are shown as a window around the finding, with `…` where text is left out.
const MAX_LINE_CHARS: usize = 200;
/// Characters of context kept before the finding in a clipped line.
const WINDOW_BEFORE: usize = 40;
/// Width of the window of a clipped line, in characters.
const WINDOW_CHARS: usize = 120;

/// The lines around a finding as miette will show them: the line before, the finding's line
/// and two after (the second only tells miette whether the file goes on), each escaped, and
/// each line too long to show clipped to a window around the finding.
fn excerpt(
    index: &LineIndex<'_>,
    name: &str,
    span: crate::yaml::source::Span,
) -> (Excerpt, SourceSpan) {
    let (start, end) = index.range(span);
    let line = index.line_of(start);
    let first = line.saturating_sub(1);
    let last = (line + 2).min(index.line_count().saturating_sub(1));
    let line_start = index.line_start(line).unwrap_or(0);
    let start_char = index
        .text()
        .get(line_start..start)
        .map_or(0, |before| before.chars().count());
    let span_chars = index
        .text()
        .get(start..end)
        .map_or(0, |inside| inside.chars().count());
    let long = (first..=last).any(|at| index.line(at).chars().count() > MAX_LINE_CHARS);
    let window = long.then(|| {
        let from = start_char.saturating_sub(WINDOW_BEFORE);
        (from, from + WINDOW_CHARS)
    });
    let mut text = String::new();
    let mut label = (0, 0);
    for at in first..=last {
        let source = index.line(at);
        let target = (at == line).then_some((start_char, start_char + span_chars));
        let clip = window.filter(|_| source.chars().count() > MAX_LINE_CHARS);
        let (shown, local) = show_line(source, clip, target);
        if let Some((from, to)) = local {
            label = (text.len() + from, text.len() + to);
        }
        text.push_str(&shown);
    }
    let excerpt = Excerpt {
        name: name.to_string(),
        text,
        first_line: first,
        label_start: label.0,
        column: start - line_start,
    };
    (excerpt, SourceSpan::new(label.0.into(), label.1 - label.0))
}

/// One source line as shown: control characters escaped, cut to `window` (in characters) with
/// `…` marks; `target` (a character range) comes back as a byte range in the shown text.
fn show_line(
    line: &str,
    window: Option<(usize, usize)>,
    target: Option<(usize, usize)>,
) -> (String, Option<(usize, usize)>) {
    let (body, newline) = match line.strip_suffix("\r\n") {
        Some(body) => (body, "\r\n"),
        None => match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        },
    };
    let count = body.chars().count();
    let (from, to) = window.map_or((0, count), |(from, to)| (from.min(count), to.min(count)));
    let mut shown = String::with_capacity(body.len().min(4 * WINDOW_CHARS) + 8);
    if from > 0 {
        shown.push('…');
    }
    let mut local = (None, None);
    for (index, ch) in body.chars().enumerate().skip(from).take(to - from) {
        if let Some((start, end)) = target {
            if index == start {
                local.0 = Some(shown.len());
            }
            if index == end {
                local.1 = Some(shown.len());
            }
        }
        crate::text::push_escaped(&mut shown, ch);
    }
    let body_end = shown.len();
    if to < count {
        shown.push('…');
    }
    shown.push_str(newline);
    let local = target.map(|(start, _)| {
        let begin = local.0.unwrap_or(if start < from {
            usize::from(from > 0) * '…'.len_utf8()
        } else {
            body_end
        });
        let finish = local.1.unwrap_or(body_end).max(begin);
        (begin, finish)
    });
    (shown, local)
}

/// The lines a snippet shows, as miette's source: it reports the real line numbers, and the
/// real column (in bytes, as miette counts) for the finding's own position.
struct Excerpt {
    name: String,
    text: String,
    /// The 0-based line number of the excerpt's first line.
    first_line: usize,
    /// Where the finding starts in `text`.
    label_start: usize,
    /// The finding's column in its source line, 0-based, in bytes.
    column: usize,
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 && span.offset() == self.label_start {
            self.column
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
}

/// Writes every finding of one file as a diagnostic. The file's lines are indexed once, and
/// each finding shows only the lines around it, so N findings cost O(N + bytes).
pub fn write_file_findings(
    out: &mut dyn Write,
    name: &str,
    text: &str,
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
        let (source, span) = match finding.span.filter(|_| !text.is_empty()) {
            Some(span) => {
                let (excerpt, label) = excerpt(&index, name, span);
                (Some(excerpt), Some(label))
            }
            None => (None, None),
        };
        let rendered = Rendered {
            finding,
            source,
            span,
            help: finding
                .help
                .as_deref()
                .map(|help| escape_control(help).into_owned()),
            message: escape_control(&finding.message).into_owned(),
            label: finding
                .label
                .as_deref()
                .map(|label| escape_control(label).into_owned()),
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
            writeln!(out, "  note: {}", escape_control(note))?;
        }
        if let Some(path) = &finding.path
            && !path.is_root()
        {
            writeln!(out, "  path: {}", escape_control(&path.to_string()))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::Pos;

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

#[cfg(test)]
mod snippet_tests {
    use super::*;
    use crate::lint::finding::RuleId;
    use crate::yaml::source::Pos;
    use crate::yaml::source::Span;
    use proptest::prelude::*;

    const RULE: RuleId = RuleId {
        code: "PL006",
        name: "unknown_field",
    };

    fn render(text: &str, spans: &[Span]) -> String {
        let findings: Vec<Finding> = spans
            .iter()
            .map(|span| {
                Finding::new(RULE, Severity::Warning, "unknown field `bogus`")
                    .spanned(*span)
                    .label("here")
            })
            .collect();
        let references: Vec<&Finding> = findings.iter().collect();
        let mut out = Vec::new();
        let style = HumanStyle {
            color: false,
            width: 100,
        };
        write_file_findings(&mut out, "f.json", text, &references, style)
            .expect("writes to memory");
        String::from_utf8(out).expect("utf-8")
    }

    fn at(line: u32, column: u32, length: u32) -> Span {
        let pos = |column| Pos {
            index: 0,
            line,
            column,
        };
        Span {
            start: pos(column),
            end: pos(column + length),
        }
    }

    #[test]
    fn a_finding_past_column_65535_renders_a_clipped_window() {
        let text = format!("{{\"a\": \"{}\", \"bogus\": 1}}\n", "x".repeat(70_000));
        let column = u32::try_from(text.find("\"bogus\"").expect("key") + 1).expect("small");
        let shown = render(&text, &[at(1, column, 7)]);
        assert!(shown.contains(&format!("[f.json:1:{column}]")), "{shown}");
        assert!(shown.contains("…x"), "{shown}");
        assert!(shown.contains("\"bogus\": 1}"), "{shown}");
        assert!(
            shown.lines().all(|line| line.chars().count() < 300),
            "{shown}"
        );
    }

    #[test]
    fn spans_outside_the_text_still_render() {
        let shown = render("a: 1\n", &[at(9, 9, 3), at(1, 99, 1), at(1, 1, 999)]);
        assert_eq!(shown.matches("warning[PL006]").count(), 3, "{shown}");
    }

    #[test]
    fn control_characters_in_the_snippet_are_escaped() {
        let shown = render("name: \"c\u{1b}[2J\"\n", &[at(1, 7, 6)]);
        assert!(shown.contains("c\\u{1b}[2J"), "{shown}");
        assert!(!shown.contains('\u{1b}'), "{shown}");
    }

    proptest! {
        #[test]
        fn no_span_makes_the_renderer_panic(
            lines in proptest::collection::vec("[a-z: é\u{1b}\t\"]{0,300}", 0..6),
            spans in proptest::collection::vec((0u32..8, 0u32..400, 0u32..400), 0..6),
        ) {
            let text = lines.join("\n");
            let spans: Vec<Span> = spans.into_iter().map(|(l, c, n)| at(l, c, n)).collect();
            let shown = render(&text, &spans);
            prop_assert_eq!(shown.matches("warning[PL006]").count(), spans.len());
        }
    }
}
