//! The human format's wrapped header (`⚠ warning[PL…]: message`) and `help:` footer, drawn by
//! miette once per distinct text and reused: miette draws each from its text, the severity and
//! the width alone, and a run with many findings repeats few distinct ones, while wrapping
//! (Unicode line breaking) is the dearest part of a diagnostic. A text miette would leave on
//! one line (printable ASCII that fits the width: most of them) is drawn without asking it.

use std::collections::HashMap;
use std::fmt;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

/// Most texts of each kind kept; past it the cache starts over, so memory stays bounded
/// whatever the input.
const MAX_ENTRIES: usize = 4096;

/// Columns the header's indents take (`  ⚠ ` and `  │ `).
const HEADER_INDENT: usize = 4;
/// Columns the footer's indents take (`  help: ` and eight spaces).
const FOOTER_INDENT: usize = 8;

/// Headers and footers drawn so far, for one width, without colour.
pub struct WrappedParts {
    handler: GraphicalReportHandler,
    /// The width miette wraps at: two columns less than the terminal's.
    wrap_width: usize,
    /// The header's first indent by severity (advice, warning, error): `  ⚠ `.
    icons: [String; 3],
    /// Headers by severity (advice, warning, error), then by text.
    headers: [HashMap<String, String>; 3],
    footers: HashMap<String, String>,
    /// What miette draws for an empty message with no help: the part of a footer-only
    /// drawing that is not the footer.
    empty_header: Option<String>,
}

impl WrappedParts {
    /// A cache for diagnostics drawn `width` columns wide, without colour.
    pub fn new(width: usize) -> Self {
        let theme = GraphicalTheme::unicode_nocolor();
        let characters = &theme.characters;
        let icons = [&characters.advice, &characters.warning, &characters.error]
            .map(|icon| format!("  {icon} "));
        WrappedParts {
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(width)
                .with_links(false),
            wrap_width: width.saturating_sub(2),
            icons,
            headers: Default::default(),
            footers: HashMap::new(),
            empty_header: None,
        }
    }

    /// Writes the header miette draws for `text` (the diagnostic's display) at `severity`;
    /// false, with nothing written, if miette could not draw it.
    pub(super) fn write_header(
        &mut self,
        out: &mut String,
        severity: miette::Severity,
        text: &str,
    ) -> bool {
        let index = severity_index(severity);
        if let Some(icon) = self.icons.get(index)
            && self.fits_one_line(text, HEADER_INDENT)
        {
            out.push_str(icon);
            out.push_str(text);
            out.push('\n');
            return true;
        }
        self.header(index, severity, text)
            .map(|header| out.push_str(header))
            .is_some()
    }

    /// Writes the footer miette draws for `help`; false, with nothing written, if miette could
    /// not draw it.
    pub(super) fn write_footer(&mut self, out: &mut String, help: &str) -> bool {
        if self.fits_one_line(help, FOOTER_INDENT) {
            out.push_str("  help: ");
            out.push_str(help);
            out.push('\n');
            return true;
        }
        self.footer(help)
            .map(|footer| out.push_str(footer))
            .is_some()
    }

    /// Whether textwrap, as miette calls it, leaves `text` as it is on one line after an
    /// indent `indent` columns wide: printable ASCII (a column a character), no space at
    /// either end (it would trim one at the end), and no wider than the line.
    fn fits_one_line(&self, text: &str, indent: usize) -> bool {
        !text.is_empty()
            && text.len() <= self.wrap_width.saturating_sub(indent)
            && !text.starts_with(' ')
            && !text.ends_with(' ')
            && text.bytes().all(|byte| (b' '..=b'~').contains(&byte))
    }

    /// The header miette draws for `text` at `severity` (whose index in `headers` is `index`).
    fn header(&mut self, index: usize, severity: miette::Severity, text: &str) -> Option<&str> {
        let known = self.headers.get(index)?.contains_key(text);
        if !known {
            let drawn = self.draw(severity, text, None)?;
            let headers = self.headers.get_mut(index)?;
            if headers.len() >= MAX_ENTRIES {
                headers.clear();
            }
            headers.insert(text.to_string(), drawn);
        }
        self.headers.get(index)?.get(text).map(String::as_str)
    }

    /// The footer miette draws for `help`.
    fn footer(&mut self, help: &str) -> Option<&str> {
        if !self.footers.contains_key(help) {
            if self.empty_header.is_none() {
                self.empty_header = Some(self.draw(miette::Severity::Warning, "", None)?);
            }
            let whole = self.draw(miette::Severity::Warning, "", Some(help))?;
            let footer = whole
                .strip_prefix(self.empty_header.as_deref()?)?
                .to_string();
            if self.footers.len() >= MAX_ENTRIES {
                self.footers.clear();
            }
            self.footers.insert(help.to_string(), footer);
        }
        self.footers.get(help).map(String::as_str)
    }

    fn draw(&self, severity: miette::Severity, text: &str, help: Option<&str>) -> Option<String> {
        let mut drawn = String::new();
        self.handler
            .render_report(
                &mut drawn,
                &Parts {
                    severity,
                    text,
                    help,
                },
            )
            .ok()?;
        Some(drawn)
    }
}

fn severity_index(severity: miette::Severity) -> usize {
    match severity {
        miette::Severity::Advice => 0,
        miette::Severity::Warning => 1,
        miette::Severity::Error => 2,
    }
}

/// A diagnostic of a message and a help only: miette draws its header and its footer.
struct Parts<'t> {
    severity: miette::Severity,
    text: &'t str,
    help: Option<&'t str>,
}

impl fmt::Debug for Parts<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Display for Parts<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl std::error::Error for Parts<'_> {}

impl Diagnostic for Parts<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .map(|help| Box::new(help) as Box<dyn fmt::Display + 'a>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every prefix of a text with the words that break lines differently (hyphens, brackets,
    /// backticks, punctuation, runs of spaces), at widths around where it stops fitting.
    #[test]
    fn a_text_left_on_one_line_is_drawn_as_miette_draws_it() {
        let text = "warning[PL445]: Deployment `svc-00000` runs 12 replicas, with  no pod \
                    anti-affinity (or `topologySpreadConstraints`): x-1 --flag a/b é";
        let mut taken = 0;
        for width in [40, 41, 42, 60, 79, 80, 100] {
            let mut parts = WrappedParts::new(width);
            for end in 0..=text.len() {
                let Some(prefix) = text.get(..end) else {
                    continue;
                };
                for text in [
                    prefix.to_string(),
                    format!(" {prefix}"),
                    format!("{prefix} "),
                ] {
                    for severity in [
                        miette::Severity::Advice,
                        miette::Severity::Warning,
                        miette::Severity::Error,
                    ] {
                        let mut drawn = String::new();
                        assert!(parts.write_header(&mut drawn, severity, &text));
                        let reference = parts.draw(severity, &text, None).expect("draws");
                        assert_eq!(drawn, reference, "{width} {text:?}");
                    }
                    let mut drawn = String::new();
                    assert!(parts.write_footer(&mut drawn, &text) || text.is_empty());
                    let whole = parts.draw(miette::Severity::Warning, "", Some(&text));
                    let empty = parts.draw(miette::Severity::Warning, "", None);
                    let reference = whole
                        .zip(empty)
                        .and_then(|(whole, empty)| whole.strip_prefix(&empty).map(str::to_string));
                    if !text.is_empty() {
                        assert_eq!(Some(drawn), reference, "{width} {text:?}");
                    }
                    taken += usize::from(parts.fits_one_line(&text, HEADER_INDENT));
                }
            }
        }
        assert!(taken > 200, "one line taken {taken} times");
    }
}
