//! The human format's wrapped header (`⚠ warning[PL…]: message`) and `help:` footer, drawn by
//! miette once per distinct text and reused: miette draws each from its text, the severity and
//! the width alone, and a run with many findings repeats few distinct ones, while wrapping
//! (Unicode line breaking) is the dearest part of a diagnostic.

use std::collections::HashMap;
use std::fmt;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

/// Most texts of each kind kept; past it the cache starts over, so memory stays bounded
/// whatever the input.
const MAX_ENTRIES: usize = 4096;

/// Headers and footers drawn so far, for one width, without colour.
pub(super) struct WrappedParts {
    handler: GraphicalReportHandler,
    /// Headers by severity (advice, warning, error), then by text.
    headers: [HashMap<String, String>; 3],
    footers: HashMap<String, String>,
    /// What miette draws for an empty message with no help: the part of a footer-only
    /// drawing that is not the footer.
    empty_header: Option<String>,
}

impl WrappedParts {
    /// A cache for diagnostics drawn `width` columns wide, without colour.
    pub(super) fn new(width: usize) -> Self {
        WrappedParts {
            handler: GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                .with_width(width)
                .with_links(false),
            headers: Default::default(),
            footers: HashMap::new(),
            empty_header: None,
        }
    }

    /// The header miette draws for `text` (the diagnostic's display) at `severity`.
    pub(super) fn header(&mut self, severity: miette::Severity, text: &str) -> Option<&str> {
        let index = match severity {
            miette::Severity::Advice => 0,
            miette::Severity::Warning => 1,
            miette::Severity::Error => 2,
        };
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
    pub(super) fn footer(&mut self, help: &str) -> Option<&str> {
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
