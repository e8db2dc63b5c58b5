//! The human format's snippet drawn directly for the common case — one label within one line
//! of plain text, no colour — exactly as miette's `GraphicalReportHandler` draws it; anything
//! else (colour, tabs, carriage returns, wide or combining characters before the label's end,
//! a label of several lines, a span miette would not place on the line) is left to miette,
//! which stays the reference: the tests compare both on generated snippets byte for byte.
//!
//! What miette (7.6, one label, one line of context each side) draws, and what this mirrors:
//! `read_span` shows the label's line with the line before and after it; the gutter is as wide
//! as the last line number shown; the underline runs from the label's first to its last column,
//! with `┬` (or `▲` for an empty label span) at its middle and the label text hung below it.

use std::ops::Range;

use crate::text::{decimal_width, push_decimal, push_escaped_str};

/// An excerpt as `human::excerpt` cuts it: the lines shown, and where the label is in them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Snippet<'s> {
    /// The file name shown in the snippet's top line.
    pub name: &'s str,
    /// The excerpt's lines, each ending in `\n` but perhaps the last.
    pub text: &'s str,
    /// Where each line ends in `text` (an empty last line ends where the one before does).
    pub ends: &'s [usize],
    /// Whether `text` is known to hold no tab and no carriage return.
    pub clean: bool,
    /// The 0-based line number of the excerpt's first line in the file.
    pub first_line: usize,
    /// The finding's column in its source line, 0-based, in bytes (shown in the top line).
    pub column: usize,
    /// The label's byte range in `text`.
    pub span: (usize, usize),
    /// The label's text.
    pub label: Option<&'s str>,
}

/// One line of the excerpt: where it starts, its text without the newline, and whether a
/// newline ends it.
#[derive(Debug, Clone, Copy)]
struct Line<'s> {
    offset: usize,
    body: &'s str,
    newline: bool,
}

impl Line<'_> {
    /// The line's length as miette counts it: its newline included.
    fn length(self) -> usize {
        self.body.len() + usize::from(self.newline)
    }
}

/// Most lines an excerpt holds (the line before, the finding's, two after).
pub(super) const MAX_LINES: usize = 4;

/// A snippet [`write_plain`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DrawnSnippet {
    /// Where the label's text went in the output, if the snippet has a label.
    pub label: Option<Range<usize>>,
}

/// Writes the snippet miette would draw for `snippet` without colour, or writes nothing and
/// returns `None` when the snippet is outside the common case.
pub(super) fn write_plain(out: &mut String, snippet: &Snippet<'_>) -> Option<DrawnSnippet> {
    let plan = plan(snippet)?;
    Some(DrawnSnippet {
        label: draw(out, snippet, &plan),
    })
}

/// What `draw` needs once the case is known to be common.
struct Plan<'s> {
    lines: [Option<Line<'s>>; MAX_LINES],
    /// The label's line, as an index into `lines`.
    at: usize,
    /// The first and last line shown, as indices into `lines`.
    shown: (usize, usize),
    /// The label's first and last column (the last exclusive) on its line.
    columns: (usize, usize),
}

fn plan<'s>(snippet: &Snippet<'s>) -> Option<Plan<'s>> {
    let text = snippet.text;
    if !snippet.clean && (text.as_bytes().contains(&b'\r') || text.as_bytes().contains(&b'\t'))
        || snippet.label.is_some_and(|label| label.contains('\n'))
    {
        return None;
    }
    let mut lines = [None; MAX_LINES];
    let mut count = 0;
    let mut offset = 0;
    // The lines as `str::split_inclusive` would cut them: an empty last line is none.
    for &end in snippet.ends {
        let Some(piece) = text.get(offset..end).filter(|piece| !piece.is_empty()) else {
            continue;
        };
        let slot = lines.get_mut(count)?;
        let body = piece.strip_suffix('\n');
        *slot = Some(Line {
            offset,
            body: body.unwrap_or(piece),
            newline: body.is_some(),
        });
        count += 1;
        offset += piece.len();
    }
    let (start, end) = snippet.span;
    // The line miette puts the label on: it starts there and ends before the newline.
    let at = lines.iter().flatten().position(|line| {
        line.offset <= start
            && start < line.offset + line.length()
            && end <= line.offset + line.body.len()
    })?;
    let line = lines.get(at).copied().flatten()?;
    // miette finds the end of the label's context by the label's last byte; an empty span at
    // the very start of an empty first line makes that byte the newline itself, and miette
    // then shows one more line after it.
    if line.newline && end.saturating_sub(1) >= line.offset + line.body.len() {
        return None;
    }
    let before = line.body.get(..start - line.offset)?;
    let inside = line.body.get(start - line.offset..end - line.offset)?;
    let first = one_column_chars(before)?;
    let last = first + one_column_chars(inside)?;
    let end_column = if start == end {
        first + 1
    } else {
        last.max(first + 1)
    };
    Some(Plan {
        lines,
        at,
        shown: (at.saturating_sub(1), (at + 1).min(count - 1)),
        columns: (first, end_column),
    })
}

/// How many columns `text` takes when every character of it takes one (printable ASCII and the
/// `…` that marks a clipped line); `None` for any other character, whose width miette judges
/// by Unicode tables.
fn one_column_chars(text: &str) -> Option<usize> {
    if crate::text::is_printable_ascii(text.as_bytes()) {
        return Some(text.len());
    }
    let mut columns = 0;
    for ch in text.chars() {
        if !(ch == ' ' || ch.is_ascii_graphic() || ch == '…') {
            return None;
        }
        columns += 1;
    }
    Some(columns)
}

/// Draws the snippet; returns where the label's text went in `out`.
fn draw(out: &mut String, snippet: &Snippet<'_>, plan: &Plan<'_>) -> Option<Range<usize>> {
    let mut label_text = None;
    let (from, to) = plan.shown;
    let number = |index: usize| snippet.first_line + index + 1;
    // The gutter is as wide as the last line number shown.
    let width = decimal_width(number(to));
    push_spaces(out, width + 2);
    out.push_str("╭─[");
    push_escaped_str(out, snippet.name);
    out.push(':');
    push_decimal(out, number(plan.at));
    out.push(':');
    push_decimal(out, snippet.column + 1);
    out.push_str("]\n");
    for (index, line) in plan.lines.iter().enumerate() {
        let Some(line) = line.filter(|_| (from..=to).contains(&index)) else {
            continue;
        };
        // ` {number:>width$} │ {body}`: a number is padded on the left.
        let shown = number(index);
        out.push(' ');
        push_spaces(out, width.saturating_sub(decimal_width(shown)));
        push_decimal(out, shown);
        out.push_str(" │ ");
        out.push_str(line.body);
        out.push('\n');
        if index != plan.at {
            continue;
        }
        let (first, last) = plan.columns;
        let middle = usize::midpoint(first, last);
        let mark = if snippet.span.0 == snippet.span.1 {
            "▲"
        } else if snippet.label.is_some() {
            "┬"
        } else {
            "─"
        };
        push_gutter(out, width);
        push_spaces(out, first);
        push_rules(out, middle - first);
        out.push_str(mark);
        push_rules(out, last - middle - 1);
        out.push('\n');
        if let Some(label) = snippet.label {
            push_gutter(out, width);
            push_spaces(out, middle);
            out.push_str("╰── ");
            label_text = Some(out.len()..out.len() + label.len());
            out.push_str(label);
            out.push('\n');
        }
    }
    push_spaces(out, width + 2);
    out.push_str("╰────\n");
    label_text
}

/// The empty gutter of an underline or a label line: ` {"":width$} · `.
fn push_gutter(out: &mut String, width: usize) {
    out.push(' ');
    push_spaces(out, width);
    out.push_str(" · ");
}

/// Sixteen spaces and sixteen `─`: the runs gutters, indents and underlines are cut from.
const SPACES: &str = "                ";
const RULES: &str = "────────────────";

fn push_spaces(out: &mut String, count: usize) {
    push_repeated(out, SPACES, 1, count);
}

fn push_rules(out: &mut String, count: usize) {
    push_repeated(out, RULES, '─'.len_utf8(), count);
}

/// `count` copies of the piece `run` holds sixteen of, each `width` bytes long, added a run at
/// a time.
fn push_repeated(out: &mut String, run: &str, width: usize, count: usize) {
    out.reserve(width * count);
    let mut left = count;
    while left > 0 {
        let take = left.min(16);
        out.push_str(run.get(..take * width).unwrap_or_default());
        left -= take;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    use super::super::human::{TestExcerpt, draw_both_ways};
    use crate::finding::{Finding, RuleId, Severity};

    const RULE: RuleId = RuleId {
        code: "PL416",
        name: "automount_service_account_token",
    };

    fn finding(
        severity: Severity,
        message: &str,
        label: Option<&str>,
        help: Option<&str>,
    ) -> Finding {
        let mut finding = Finding::new(RULE, severity, message);
        finding.label = label.map(|label| label.to_string().into());
        finding.help = help.map(|help| help.to_string().into());
        finding
    }

    /// Draws both ways and insists they agree; returns whether the common case was taken.
    fn agree(finding: &Finding, excerpt: Option<&TestExcerpt<'_>>, width: usize) -> bool {
        let (plain, reference, taken) = draw_both_ways(finding, excerpt, width);
        assert_eq!(plain, reference, "taken: {taken}");
        taken
    }

    #[test]
    fn the_common_case_is_drawn_directly_and_as_miette_draws_it() {
        let text = "  annotations: {}\nspec:\n  containers: []\n  volumes: []\n";
        let span = (18, 22);
        for (first_line, label) in [
            (0, Some("a token is mounted")),
            (8, None),
            (98, Some("")),
            (1234, Some("x")),
        ] {
            let excerpt = TestExcerpt {
                name: "pods.yaml",
                text,
                first_line,
                column: 0,
                span,
            };
            let finding = finding(Severity::Warning, "a message", label, Some("a help"));
            assert!(agree(&finding, Some(&excerpt), 100), "{first_line}");
        }
    }

    #[test]
    fn line_numbers_gaining_a_digit_widen_the_gutter_alike() {
        let text = "a: 1\nbb: 2\nccc: 3\n";
        for first_line in [7, 8, 9, 97, 98, 99, 998] {
            for span in [
                (5, 7),
                (5, 5),
                (9, 10),
                (0, 1),
                (11, 14),
                (14, 17),
                (17, 17),
            ] {
                let excerpt = TestExcerpt {
                    name: "f.yaml",
                    text,
                    first_line,
                    column: 3,
                    span,
                };
                let finding = finding(Severity::Error, "m", Some("here"), None);
                agree(&finding, Some(&excerpt), 80);
            }
        }
    }

    #[test]
    fn what_the_common_case_leaves_to_miette_still_renders_alike() {
        let cases = [
            ("a\tb: 1\n", (3, 4)),
            ("a: 1\r\nb: 2\r\n", (6, 7)),
            ("漢字: 1\n", (8, 9)),
            ("e\u{301}: 1\n", (5, 6)),
            ("\na: 1\n", (0, 0)),
            ("\na: 1\nb: 2\nc: 3\n", (0, 0)),
            ("a: 1\nb: 2", (9, 9)),
            ("a: 1\n", (5, 5)),
            ("a: 1\nb: 2\n", (2, 8)),
            ("a: 1\n", (3, 40)),
        ];
        for (text, span) in cases {
            let excerpt = TestExcerpt {
                name: "f.yaml",
                text,
                first_line: 0,
                column: 0,
                span,
            };
            for label in [None, Some("one"), Some("two\nlines")] {
                let finding = finding(Severity::Info, "m", label, Some("h"));
                agree(&finding, Some(&excerpt), 60);
            }
        }
    }

    /// A line of an excerpt: mostly plain YAML-like text, sometimes long (clipped lines are
    /// longer than 200 characters before clipping), sometimes the characters miette measures
    /// differently (tabs, wide, zero-width and combining characters, carriage returns).
    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            6 => "[a-z0-9 :\"-]{0,40}",
            1 => "[a-z ]{100,230}",
            1 => "[a-z é漢\u{200b}\u{301}\t\r…·{}\\\\]{0,16}",
            1 => Just(String::new()),
        ]
    }

    fn words(short: usize, long: usize) -> impl Strategy<Value = String> {
        prop_oneof![
            4 => proptest::string::string_regex(&format!("[a-z `:=-]{{1,{short}}}"))
                .unwrap_or_else(|_| unreachable!()),
            2 => proptest::string::string_regex(&format!("[a-z `]{{{short},{long}}}"))
                .unwrap_or_else(|_| unreachable!()),
            1 => proptest::string::string_regex(&format!("[a-zé漢 `\u{200b}-]{{1,{long}}}"))
                .unwrap_or_else(|_| unreachable!()),
            1 => Just("averyveryverylongwordthatcannotbreakanywhereatallinthisnarrowterminal".to_string()),
        ]
    }

    fn case() -> impl Strategy<Value = Case> {
        (
            proptest::collection::vec(line(), 1..5),
            any::<bool>(),
            any::<bool>(),
            prop_oneof![0usize..3, 7usize..11, 97usize..101, Just(9998usize)],
            0usize..300,
            (
                0usize..300,
                prop_oneof![Just(0usize), 0usize..60],
                0usize..4,
            ),
            (
                proptest::option::of(prop_oneof![
                    4 => words(12, 40),
                    1 => "[a-z]{0,5}\n[a-z]{0,5}",
                ]),
                words(40, 250),
                proptest::option::of(words(40, 250)),
            ),
            (40usize..=200, 0usize..3),
        )
            .prop_map(
                |(lines, crlf, final_newline, first_line, column, span, texts, shape)| {
                    let mut text = lines.join(if crlf { "\r\n" } else { "\n" });
                    if final_newline {
                        text.push('\n');
                    }
                    // The span as a character range within the text (miette itself panics on
                    // a span past the end of its source; `excerpt` never makes one).
                    let starts: Vec<usize> = text
                        .char_indices()
                        .map(|(at, _)| at)
                        .chain([text.len()])
                        .collect();
                    let pick = |at: usize| starts.get(at % starts.len()).copied().unwrap_or(0);
                    // Mostly anywhere, else where lines start and end (edges miette treats
                    // apart).
                    let line_starts: Vec<usize> = std::iter::once(0)
                        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
                        .collect();
                    let start = match span.2 {
                        0 | 1 => pick(span.0),
                        2 => line_starts
                            .get(span.0 % line_starts.len())
                            .copied()
                            .unwrap_or(0),
                        _ => text
                            .match_indices('\n')
                            .map(|(at, _)| at)
                            .nth(span.0 % 4)
                            .unwrap_or(text.len()),
                    };
                    let end = if span.1 == 0 {
                        start
                    } else {
                        pick(starts.partition_point(|&at| at < start) + span.1)
                    };
                    let (label, message, help) = texts;
                    let (width, severity) = shape;
                    Case {
                        text,
                        first_line,
                        column,
                        span: (start, end.max(start)),
                        label,
                        message,
                        help,
                        width,
                        severity,
                    }
                },
            )
    }

    #[derive(Debug, Clone)]
    struct Case {
        text: String,
        first_line: usize,
        column: usize,
        span: (usize, usize),
        label: Option<String>,
        message: String,
        help: Option<String>,
        width: usize,
        severity: usize,
    }

    #[test]
    fn the_direct_drawing_equals_miettes_byte_for_byte() {
        let taken = AtomicUsize::new(0);
        let cases = 1500;
        let mut runner = TestRunner::new(Config {
            cases,
            ..Config::default()
        });
        let result = runner.run(&case(), |case| {
            let severity = [Severity::Info, Severity::Warning, Severity::Error]
                .get(case.severity)
                .copied()
                .unwrap_or(Severity::Error);
            let finding = finding(
                severity,
                &case.message,
                case.label.as_deref(),
                case.help.as_deref(),
            );
            let excerpt = TestExcerpt {
                name: "dir/pods.yaml",
                text: &case.text,
                first_line: case.first_line,
                column: case.column,
                span: case.span,
            };
            let (plain, reference, drawn) = draw_both_ways(&finding, Some(&excerpt), case.width);
            prop_assert_eq!(plain, reference);
            if drawn {
                taken.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        });
        if let Err(error) = result {
            panic!("{error}");
        }
        // The comparison means something only if the common case comes up often.
        let taken = taken.load(Ordering::Relaxed);
        assert!(
            taken * 4 > cases as usize,
            "common case taken {taken} times"
        );
    }

    #[test]
    fn findings_without_a_snippet_draw_alike() {
        for help in [None, Some("set `automountServiceAccountToken: false`")] {
            let finding = finding(Severity::Warning, "no snippet here", None, help);
            assert!(agree(&finding, None, 100));
        }
    }
}
