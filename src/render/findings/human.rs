//! The `human` format: rustc-style diagnostics with a source snippet (via miette), then a summary.
//! Without colour, the common case is drawn from miette's cached headers and footers and a
//! snippet drawn directly (`human_wrap`, `human_snippet`), to the byte what miette draws.

use std::borrow::Cow;
use std::fmt;
use std::io::Write;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};

use super::human_recent::{Place, RecentSnippets};
use super::human_snippet::{self, Snippet};
pub use super::human_wrap::WrappedParts;
use super::in_parallel;

use crate::finding::{Finding, Severity};
use crate::text::{escape_control, has_control_bytes, push_decimal, push_escaped_str};
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
    source: Option<Excerpt<'f>>,
    span: Option<SourceSpan>,
    help: Option<String>,
    message: String,
    label: Option<String>,
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
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
        Some(miette_severity(self.finding.severity))
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
fn excerpt<'n>(
    file: &SourceFile<'n>,
    span: crate::yaml::source::Span,
    text: &'n mut String,
) -> (Excerpt<'n>, SourceSpan) {
    let index = &file.index;
    let (start, end) = index.range(span);
    // The span's own line, unless the span points past the text (then the line it lands on).
    let own = span.start.line.saturating_sub(1) as usize;
    let on_own = index.line_start(own).is_some_and(|from| from <= start)
        && index.line_start(own + 1).is_none_or(|next| start < next);
    let line = if on_own { own } else { index.line_of(start) };
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
    let too_long =
        |line: &str| line.len() > MAX_LINE_CHARS && line.chars().count() > MAX_LINE_CHARS;
    let long = (first..=last).any(|at| too_long(index.line(at)));
    let window = long.then(|| {
        let from = start_char.saturating_sub(WINDOW_BEFORE);
        (from, from + WINDOW_CHARS)
    });
    text.clear();
    let mut label = (0, 0);
    let mut ends = LineEnds::default();
    for at in first..=last {
        let source = index.line(at);
        let target = (at == line).then_some((start_char, start_char + span_chars));
        let clip = window.filter(|_| too_long(source));
        let base = text.len();
        if let Some((from, to)) = show_line(text, source, clip, target, file.traits.plain) {
            label = (base + from, base + to);
        }
        ends.push(text.len());
    }
    let excerpt = Excerpt {
        name: file.name,
        text,
        ends,
        // No control character to escape (a carriage return is one), and no tab.
        clean: file.traits.plain && file.traits.tabless,
        first_line: first,
        label_start: label.0,
        column: start - line_start,
    };
    (excerpt, SourceSpan::new(label.0.into(), label.1 - label.0))
}

/// One source line as shown, added to `out`: control characters escaped, cut to `window` (in
/// characters) with `…` marks; `target` (a character range) comes back as a byte range in the
/// shown line. `plain` says the line is known to hold no control character.
fn show_line(
    out: &mut String,
    line: &str,
    window: Option<(usize, usize)>,
    target: Option<(usize, usize)>,
    plain: bool,
) -> Option<(usize, usize)> {
    let (body, newline) = match line.strip_suffix("\r\n") {
        Some(body) => (body, "\r\n"),
        None => match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        },
    };
    if window.is_none() && (plain || !has_control_bytes(body.as_bytes())) {
        // Shown as it is: the target's characters are found where they are.
        // In ASCII a character is a byte.
        let ascii = target.is_some() && body.is_ascii();
        let byte_at = |at: usize| {
            if ascii {
                at.min(body.len())
            } else {
                body.char_indices().nth(at).map_or(body.len(), |(at, _)| at)
            }
        };
        let local = target.map(|(start, end)| {
            let begin = byte_at(start);
            (begin, byte_at(end).max(begin))
        });
        out.push_str(line);
        return local;
    }
    let (shown, local) = show_line_escaped(body, newline, window, target);
    out.push_str(&shown);
    local
}

/// `show_line` character by character, each escaped as needed.
fn show_line_escaped(
    body: &str,
    newline: &str,
    window: Option<(usize, usize)>,
    target: Option<(usize, usize)>,
) -> (String, Option<(usize, usize)>) {
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
struct Excerpt<'n> {
    name: &'n str,
    text: &'n str,
    /// Where each line of `text` ends.
    ends: LineEnds,
    /// Whether `text` is known to hold no tab and no carriage return.
    clean: bool,
    /// The 0-based line number of the excerpt's first line.
    first_line: usize,
    /// Where the finding starts in `text`.
    label_start: usize,
    /// The finding's column in its source line, 0-based, in bytes.
    column: usize,
}

impl miette::SourceCode for Excerpt<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 && span.offset() == self.label_start {
            self.column
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            escape_control(self.name).into_owned(),
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
    let index = LineIndex::new(text);
    let file = SourceFile::new(name, text, &index, TextTraits::of(text));
    // Without colour the common case is drawn directly, with miette's headers and helps
    // wrapped once per cache: one cache per drawing task, kept from window to window.
    let plain = !style.color;
    in_parallel::write_chunks(
        out,
        findings,
        || plain.then(|| WrappedParts::new(style.width)),
        |wrapped, _, chunk, drawn| {
            draw_findings(drawn, &file, chunk, style, wrapped.as_mut());
            Ok(())
        },
    )
}

/// The file the findings are in.
pub struct SourceFile<'t> {
    name: &'t str,
    text: &'t str,
    index: &'t LineIndex<'t>,
    traits: TextTraits,
}

impl<'t> SourceFile<'t> {
    /// The file `name` holding `text`, its lines indexed by `index`, with `traits` looked at
    /// once per file.
    pub fn new(name: &'t str, text: &'t str, index: &'t LineIndex<'t>, traits: TextTraits) -> Self {
        SourceFile {
            name,
            text,
            index,
            traits,
        }
    }
}

/// What a file's text holds that changes how its lines are shown: looked at once per file,
/// not per snippet line.
#[derive(Debug, Clone, Copy)]
pub struct TextTraits {
    /// No control character (`text::has_control_bytes`): lines are shown as they are.
    pub plain: bool,
    /// No tab: columns are counted a character each.
    pub tabless: bool,
}

impl TextTraits {
    /// The traits of `text`.
    pub fn of(text: &str) -> Self {
        TextTraits {
            plain: !has_control_bytes(text.as_bytes()),
            tabless: !text.as_bytes().contains(&b'\t'),
        }
    }
}

/// Where each line of an excerpt ends in its text, after its newline if it has one.
#[derive(Debug, Default, Clone, Copy)]
struct LineEnds {
    ends: [usize; human_snippet::MAX_LINES],
    count: usize,
}

impl LineEnds {
    fn push(&mut self, end: usize) {
        if let Some(slot) = self.ends.get_mut(self.count) {
            *slot = end;
            self.count += 1;
        }
    }

    fn as_slice(&self) -> &[usize] {
        self.ends.get(..self.count).unwrap_or_default()
    }
}

/// Draws `findings` of `file` into `out`, the bytes [`write_file_findings`] writes for them:
/// for a piece of a file drawn on the core that checked it. `wrapped` is the drawing task's
/// cache of wrapped headers and helps (for `style.width`), used without colour.
pub fn draw_file_findings(
    out: &mut String,
    file: &SourceFile<'_>,
    findings: &[Finding],
    style: HumanStyle,
    wrapped: Option<&mut WrappedParts>,
) {
    let findings: Vec<&Finding> = findings.iter().collect();
    draw_findings(out, file, &findings, style, wrapped);
}

/// Buffers a drawing task reuses from finding to finding.
#[derive(Default)]
struct Scratch {
    /// The lines of a snippet.
    excerpt: String,
    /// A header's text.
    display: String,
    /// The snippets drawn lately in the common case.
    recent: RecentSnippets,
}

/// `findings` drawn one after the other, each followed by a blank line: the common case
/// drawn directly when `wrapped` is given (never with colour), else everything by miette (the
/// reference the tests compare with).
fn draw_findings(
    out: &mut String,
    file: &SourceFile<'_>,
    findings: &[&Finding],
    style: HumanStyle,
    mut wrapped: Option<&mut WrappedParts>,
) {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let mut scratch = Scratch::default();
    for finding in findings {
        let wrapped = wrapped.as_deref_mut().filter(|_| !style.color);
        draw_finding(out, file, finding, &handler, wrapped, &mut scratch);
    }
}

fn draw_finding(
    out: &mut String,
    file: &SourceFile<'_>,
    finding: &Finding,
    handler: &GraphicalReportHandler,
    wrapped: Option<&mut WrappedParts>,
    scratch: &mut Scratch,
) {
    let Scratch {
        excerpt: lines,
        display,
        recent,
    } = scratch;
    let (name, text) = (file.name, file.text);
    let source = match finding.span.filter(|_| !text.is_empty()) {
        Some(span) => SnippetSource::Place {
            file,
            span,
            lines,
            recent,
        },
        None => SnippetSource::None,
    };
    let start = out.len();
    draw_diagnostic(out, finding, source, handler, wrapped, display);
    if let Some(source) = &finding.source {
        name_source_in_location(out, start, source);
    }
    if finding.span.is_some() && text.is_empty() {
        let span = finding.span.unwrap_or_default();
        out.push_str("  at ");
        push_escaped_str(out, name);
        out.push(':');
        push_decimal(out, span.start.line as usize);
        out.push(':');
        push_decimal(out, span.start.column as usize);
        if let Some(source) = &finding.source {
            out.push_str(" source: ");
            push_escaped_str(out, source);
        }
        out.push('\n');
    }
    if let Some(note) = &finding.note {
        out.push_str("  note: ");
        push_escaped_str(out, note);
        out.push('\n');
    }
    if let Some(path) = &finding.path
        && !path.is_root()
    {
        // Written whole, then checked once: escaped again only if it holds a control character.
        out.push_str("  path: ");
        let start = out.len();
        path.write_pieces(|piece| {
            out.push_str(piece);
            Ok::<(), std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {});
        if let Some(written) = out.get(start..)
            && has_control_bytes(written.as_bytes())
        {
            display.clear();
            display.push_str(written);
            out.truncate(start);
            push_escaped_str(out, display);
        }
        out.push('\n');
    }
    out.push('\n');
}

/// Names the template a rendered document came from at the end of the location line
/// (`╭─[<stdin>:50:5] source: web/templates/web.yaml`) of the diagnostic drawn from `start`.
fn name_source_in_location(out: &mut String, start: usize, source: &str) {
    let Some(drawn) = out.get(start..) else {
        return;
    };
    let Some(end) = drawn
        .find("╭─[")
        .and_then(|top| Some(top + drawn.get(top..)?.find("]\n")? + 1))
    else {
        return;
    };
    let mut named = String::from(" source: ");
    push_escaped_str(&mut named, source);
    out.insert_str(start + end, &named);
}

/// Where a diagnostic's snippet comes from.
enum SnippetSource<'f, 'n> {
    /// No snippet.
    None,
    /// An excerpt already cut, and the label's span in it (the tests').
    #[cfg(test)]
    Cut(Excerpt<'n>, SourceSpan),
    /// A place in a file: its lines are cut when drawn, and in the common case a snippet
    /// drawn lately at the same place is copied from `recent`.
    Place {
        file: &'f SourceFile<'n>,
        span: crate::yaml::source::Span,
        lines: &'n mut String,
        recent: &'f mut RecentSnippets,
    },
}

/// The diagnostic of `finding` (header, snippet of `source`, footer): drawn here in the common
/// case when `wrapped` is given, else by miette.
fn draw_diagnostic(
    out: &mut String,
    finding: &Finding,
    mut source: SnippetSource<'_, '_>,
    handler: &GraphicalReportHandler,
    wrapped: Option<&mut WrappedParts>,
    display: &mut String,
) -> bool {
    let message = escape_control(&finding.message);
    let help = finding.help.as_ref().map(escaped);
    let label = finding.label.as_ref().map(escaped);
    let drawn = wrapped.is_some_and(|wrapped| {
        let snippet = |out: &mut String| write_plain_snippet(out, &mut source, label.as_deref());
        draw_plain(
            out,
            wrapped,
            finding,
            &message,
            help.as_deref(),
            snippet,
            display,
        )
    });
    if !drawn {
        let (source, span) = match source {
            SnippetSource::None => (None, None),
            #[cfg(test)]
            SnippetSource::Cut(excerpt, span) => (Some(excerpt), Some(span)),
            SnippetSource::Place {
                file, span, lines, ..
            } => {
                let (excerpt, span) = excerpt(file, span, lines);
                (Some(excerpt), Some(span))
            }
        };
        let rendered = Rendered {
            finding,
            source,
            span,
            help: help.map(std::borrow::Cow::into_owned),
            message: message.into_owned(),
            label: label.map(std::borrow::Cow::into_owned),
        };
        let start = out.len();
        if handler.render_report(out, &rendered).is_err() {
            out.truncate(start);
            out.push_str(&format!("{rendered}\n"));
        }
    }
    drawn
}

/// Writes the snippet of `source` with `label` as miette would draw it without colour and
/// returns true (nothing to write without a snippet), or writes nothing and returns false
/// outside the common case. A place's drawing is kept for the next finding there.
fn write_plain_snippet(
    out: &mut String,
    source: &mut SnippetSource<'_, '_>,
    label: Option<&str>,
) -> bool {
    match source {
        SnippetSource::None => true,
        #[cfg(test)]
        SnippetSource::Cut(excerpt, span) => {
            human_snippet::write_plain(out, &snippet_of(excerpt, *span, label)).is_some()
        }
        SnippetSource::Place {
            file,
            span,
            lines,
            recent,
        } => {
            // A label of several lines is never the common case.
            let one_line = label.is_none_or(|label| !label.contains('\n'));
            let place = Place {
                span: *span,
                labelled: label.is_some(),
            };
            if one_line && recent.write(out, place, label) {
                return true;
            }
            let (excerpt, label_span) = excerpt(file, *span, lines);
            let start = out.len();
            let Some(drawn) =
                human_snippet::write_plain(out, &snippet_of(&excerpt, label_span, label))
            else {
                return false;
            };
            let label = drawn
                .label
                .map(|label| label.start - start..label.end - start);
            recent.keep(place, out.get(start..).unwrap_or_default(), label);
            true
        }
    }
}

/// A snippet as `excerpt` would cut it, for the tests that compare both ways of drawing.
#[cfg(test)]
pub(super) struct TestExcerpt<'t> {
    pub name: &'t str,
    pub text: &'t str,
    pub first_line: usize,
    pub column: usize,
    pub span: (usize, usize),
}

/// `finding` with `excerpt` drawn without colour `width` wide: the common-case drawing (if
/// taken), miette's, and whether the common case was taken.
#[cfg(test)]
pub(super) fn draw_both_ways(
    finding: &Finding,
    excerpt: Option<&TestExcerpt<'_>>,
    width: usize,
) -> (String, String, bool) {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(width)
        .with_links(false);
    let source = || {
        excerpt.map(|e| {
            let mut ends = LineEnds::default();
            let mut end = 0;
            for line in e.text.split_inclusive('\n') {
                end += line.len();
                ends.push(end);
            }
            let source = Excerpt {
                name: e.name,
                text: e.text,
                ends,
                clean: !e.text.contains(['\t', '\r']),
                first_line: e.first_line,
                label_start: e.span.0,
                column: e.column,
            };
            (
                source,
                SourceSpan::new(e.span.0.into(), e.span.1 - e.span.0),
            )
        })
    };
    let cut = || match source() {
        Some((excerpt, span)) => SnippetSource::Cut(excerpt, span),
        None => SnippetSource::None,
    };
    let mut plain = String::new();
    let taken = draw_diagnostic(
        &mut plain,
        finding,
        cut(),
        &handler,
        Some(&mut WrappedParts::new(width)),
        &mut String::new(),
    );
    let mut reference = String::new();
    draw_diagnostic(
        &mut reference,
        finding,
        cut(),
        &handler,
        None,
        &mut String::new(),
    );
    (plain, reference, taken)
}

/// The snippet of `excerpt` with `label` on `span`.
fn snippet_of<'s>(
    excerpt: &'s Excerpt<'_>,
    span: SourceSpan,
    label: Option<&'s str>,
) -> Snippet<'s> {
    Snippet {
        name: excerpt.name,
        text: excerpt.text,
        ends: excerpt.ends.as_slice(),
        clean: excerpt.clean,
        first_line: excerpt.first_line,
        column: excerpt.column,
        span: (span.offset(), span.offset() + span.len()),
        label,
    }
}

/// Draws the diagnostic miette would draw without colour from the cached header and footer
/// and the directly drawn snippet; false, with nothing written, outside the common case.
fn draw_plain(
    out: &mut String,
    wrapped: &mut WrappedParts,
    finding: &Finding,
    message: &str,
    help: Option<&str>,
    snippet: impl FnOnce(&mut String) -> bool,
    display: &mut String,
) -> bool {
    let start = out.len();
    display.clear();
    display.push_str(finding.severity.as_str());
    display.push('[');
    display.push_str(finding.rule.code);
    display.push_str("]: ");
    display.push_str(message);
    let drawn = wrapped.write_header(out, miette_severity(finding.severity), display)
        && snippet(out)
        && match (&finding.help, help) {
            // A help the code spells is drawn once per place it is spelt.
            (Some(Cow::Borrowed(own)), _) => wrapped.write_static_footer(out, own),
            (_, Some(help)) => wrapped.write_footer(out, help),
            (_, None) => true,
        };
    if !drawn {
        out.truncate(start);
    }
    drawn
}

/// `text` as shown: a text the code spells (a `'static` string, no input in it) as it is,
/// any other with its control characters escaped.
// The `Cow` itself is asked: its variant says whether the text is the code's own.
#[allow(clippy::ptr_arg)]
fn escaped<'t>(text: &'t Cow<'static, str>) -> Cow<'t, str> {
    match text {
        Cow::Borrowed(own) => {
            debug_assert!(!has_control_bytes(own.as_bytes()), "{own:?}");
            Cow::Borrowed(own)
        }
        Cow::Owned(text) => escape_control(text),
    }
}

fn miette_severity(severity: Severity) -> miette::Severity {
    match severity {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
        Severity::Info => miette::Severity::Advice,
    }
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
    use crate::finding::RuleId;
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

    #[test]
    fn control_characters_in_the_path_are_escaped() {
        let text = "metadata: {}\n";
        let index = LineIndex::new(text);
        let file = SourceFile::new("f.yaml", text, &index, TextTraits::of(text));
        let mut finding =
            Finding::new(RULE, Severity::Warning, "unknown field").spanned(at(1, 1, 8));
        finding.path = Some(
            crate::yaml::field_path::FieldPath::root()
                .child("metadata")
                .key("a\u{1b}[2Jb"),
        );
        let style = HumanStyle {
            color: false,
            width: 100,
        };
        for wrapped in [Some(&mut WrappedParts::new(100)), None] {
            let mut shown = String::new();
            draw_findings(&mut shown, &file, &[&finding], style, wrapped);
            assert!(
                shown.contains("  path: metadata[a\\u{1b}[2Jb]\n"),
                "{shown}"
            );
            assert!(!shown.contains('\u{1b}'), "{shown}");
        }
    }

    /// A file's findings drawn as `validate` draws them and all by miette.
    fn both_ways(text: &str, findings: &[Finding], width: usize) -> (String, String) {
        let references: Vec<&Finding> = findings.iter().collect();
        let index = LineIndex::new(text);
        let file = SourceFile::new("f.yaml", text, &index, TextTraits::of(text));
        let style = HumanStyle {
            color: false,
            width,
        };
        let mut drawn = String::new();
        let wrapped = Some(&mut WrappedParts::new(width));
        draw_findings(&mut drawn, &file, &references, style, wrapped);
        let mut reference = String::new();
        draw_findings(&mut reference, &file, &references, style, None);
        (drawn, reference)
    }

    #[test]
    fn a_file_past_one_chunk_is_written_whole_and_in_order() {
        let mut text = String::new();
        for at in 0..700 {
            text.push_str(&format!("key{at}: value\n"));
        }
        // Past two windows, the last one partly filled.
        let count =
            2 * in_parallel::CHUNK * in_parallel::TASKS_PER_THREAD * rayon::current_num_threads()
                + in_parallel::CHUNK
                + 5;
        let findings: Vec<Finding> = (0..count)
            .map(|at| {
                let line = u32::try_from(at % 700 + 1).expect("small");
                Finding::new(RULE, Severity::Warning, format!("finding {at}"))
                    .spanned(at_span(line, 1, 3))
                    .label("here")
                    .help("a help that is the same for every finding")
            })
            .collect();
        let references: Vec<&Finding> = findings.iter().collect();
        let mut out = Vec::new();
        let style = HumanStyle {
            color: false,
            width: 100,
        };
        write_file_findings(&mut out, "f.yaml", &text, &references, style).expect("memory");
        let index = LineIndex::new(&text);
        let file = SourceFile::new("f.yaml", &text, &index, TextTraits::of(&text));
        let mut reference = String::new();
        draw_findings(&mut reference, &file, &references, style, None);
        assert_eq!(String::from_utf8(out).expect("utf-8"), reference);
    }

    fn at_span(line: u32, column: u32, length: u32) -> Span {
        at(line, column, length)
    }

    proptest! {
        #[test]
        fn findings_draw_as_miette_draws_them(
            lines in proptest::collection::vec(
                prop_oneof![
                    6 => "[a-z0-9 :\"-]{0,40}",
                    1 => "[a-z ]{150,260}",
                    1 => "[a-z é漢\u{1b}\u{85}\t\r]{0,20}",
                ],
                0..14,
            ),
            crlf in any::<bool>(),
            spans in proptest::collection::vec(
                (0u32..16, 0u32..300, prop_oneof![Just(0u32), 0u32..400]),
                1..5,
            ),
            label in proptest::option::of("[a-z `\n]{0,30}"),
            message in "[a-z `é\u{1b}]{1,200}",
            help in proptest::option::of("[a-z `]{1,200}"),
            width in 40usize..=200,
        ) {
            let text = lines.join(if crlf { "\r\n" } else { "\n" });
            let findings: Vec<Finding> = spans
                .into_iter()
                .map(|(line, column, length)| {
                    let mut finding = Finding::new(RULE, Severity::Warning, message.clone())
                        .spanned(at(line, column, length));
                    finding.label = label.clone().map(Into::into);
                    finding.help = help.clone().map(Into::into);
                    finding
                })
                .collect();
            let (drawn, reference) = both_ways(&text, &findings, width);
            prop_assert_eq!(drawn, reference);
        }

        /// Many findings at a few places, each with its own label or none: the snippets copied
        /// from a place drawn before are the ones miette draws.
        #[test]
        fn findings_at_few_places_with_their_own_labels_draw_as_miette_draws_them(
            lines in proptest::collection::vec("[a-z0-9 :\"-]{0,30}|[a-z é]{0,12}", 1..8),
            places in proptest::collection::vec((0u32..9, 0u32..30, 0u32..12), 1..4),
            findings in proptest::collection::vec(
                (0usize..4, proptest::option::of("[a-z `\u{1b}]{0,20}|[a-z]{0,5}\n[a-z]{0,5}")),
                1..40,
            ),
        ) {
            let text = lines.join("\n");
            let findings: Vec<Finding> = findings
                .into_iter()
                .map(|(place, label)| {
                    let (line, column, length) = places[place % places.len()];
                    let mut finding = Finding::new(RULE, Severity::Warning, "a finding")
                        .spanned(at(line, column, length));
                    finding.label = label.map(Into::into);
                    finding
                })
                .collect();
            let (drawn, reference) = both_ways(&text, &findings, 100);
            prop_assert_eq!(drawn, reference);
        }

        #[test]
        fn a_line_without_escapes_is_shown_as_escaping_would_show_it(
            body in "[a-z :é漢…\u{200b}]{0,50}",
            newline in prop_oneof![Just(""), Just("\n"), Just("\r\n")],
            target in proptest::option::of((0usize..60, 0usize..60)),
        ) {
            let target = target.map(|(start, end)| (start, end.max(start)));
            let line = format!("{body}{newline}");
            let mut shown = String::new();
            let local = show_line(&mut shown, &line, None, target, false);
            let mut known = String::new();
            let plain = !body.chars().any(crate::text::is_escaped);
            prop_assert_eq!(show_line(&mut known, &line, None, target, plain), local);
            prop_assert_eq!(&known, &shown);
            prop_assert_eq!((shown, local), show_line_escaped(&body, newline, None, target));
        }

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

        /// What the writer takes without looking again (`PieceDrawer::escapes_its_input`):
        /// control characters in the file's name, its lines, a finding's message, label, help,
        /// note and path all come out escaped, drawn directly and by miette, with a snippet
        /// and without one (an empty file names the place on an `at` line).
        #[test]
        fn no_control_character_from_input_is_drawn_unescaped(
            name in "[a-z.\u{1b}\u{7}\u{85}\u{9b}]{1,12}",
            lines in proptest::collection::vec("[a-z: é\u{1b}\u{0}\u{7f}\u{85}\u{9b}\t\r]{0,60}", 0..5),
            field in "[a-z \u{1b}\u{8}\u{7f}\u{9b}\n\t]{0,30}",
            which in 0usize..6,
            span in (0u32..6, 0u32..70, 0u32..20),
            width in 40usize..=120,
        ) {
            let text = lines.join("\n");
            let mut finding = Finding::new(RULE, Severity::Warning, "a finding")
                .spanned(at(span.0, span.1, span.2))
                .label("here")
                .help("a help");
            let hostile = field.clone();
            match which {
                0 => finding.message = hostile,
                1 => finding.label = Some(hostile.into()),
                2 => finding.help = Some(hostile.into()),
                3 => finding.note = Some(hostile.into()),
                4 => finding.path = Some(crate::yaml::field_path::FieldPath::root().child("spec").key(&field)),
                _ => finding.span = None,
            }
            let index = LineIndex::new(&text);
            let file = SourceFile::new(&name, &text, &index, TextTraits::of(&text));
            let style = HumanStyle { color: false, width };
            for wrapped in [Some(&mut WrappedParts::new(width)), None] {
                let mut shown = String::new();
                draw_findings(&mut shown, &file, &[&finding, &finding], style, wrapped);
                prop_assert!(!has_control_bytes(shown.as_bytes()), "{:?}", shown);
            }
            let drawer = super::super::as_they_come::PieceDrawer::new(
                super::super::as_they_come::LineFormat::Human(style),
            );
            prop_assert!(drawer.escapes_its_input());
            let mut shown = String::new();
            drawer
                .draw(&file, &[finding.clone(), finding], &mut shown)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(!has_control_bytes(shown.as_bytes()), "{:?}", shown);
        }
    }
}
