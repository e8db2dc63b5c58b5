//! The human format's wrapped header (`⚠ warning[PL…]: message`) and `help:` footer, drawn by
//! miette once per distinct shape of text and reused: miette draws each from its text, the
//! severity and the width alone, and a run with many findings repeats few distinct ones, while
//! wrapping (Unicode line breaking) is the dearest part of a diagnostic. A text miette would
//! leave on one line (printable ASCII that fits the width: most of them) is drawn without
//! asking it.
//!
//! Texts that differ only in which ASCII letters and digits they hold (a message naming
//! `svc-00001` and one naming `svc-00002`) wrap alike: every ASCII letter is one column wide
//! and of one line-breaking class, every ASCII digit likewise, and hyphens split words between
//! any two of them. So a text's drawing is its shape's (each ASCII letter made `a`, each digit
//! `0`), with the text's own letters and digits put back in order; a drawing whose letters and
//! digits do not match the text's one for one is not used, and the text is drawn itself.

use std::collections::{BTreeMap, HashMap};
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
    drawer: Drawer,
    /// The width miette wraps at: two columns less than the terminal's.
    wrap_width: usize,
    /// The header's first indent by severity (advice, warning, error): `  ⚠ `.
    icons: [String; 3],
    /// Headers by severity (advice, warning, error).
    headers: [Drawings; 3],
    footers: Drawings,
    /// Footers of helps the code spells, by the help's address and length: a `'static` text
    /// never moves or changes, so where it is names it, and no byte of it need be read again.
    /// Ordered, not hashed: a few dozen numbers are found in a few comparisons.
    static_footers: BTreeMap<(usize, usize), String>,
    /// The shape of the text being looked up.
    shape: String,
}

/// What miette is asked to draw with.
struct Drawer {
    handler: GraphicalReportHandler,
    /// What miette draws for an empty message with no help: the part of a footer-only
    /// drawing that is not the footer.
    empty_header: Option<String>,
}

/// Drawings of one kind (a severity's headers, or footers) kept for reuse.
#[derive(Default)]
struct Drawings {
    /// By the text drawn: a text met again is copied whole.
    texts: HashMap<String, String>,
    /// By the shape of the text drawn, for texts of that shape met later.
    shapes: HashMap<String, String>,
}

impl WrappedParts {
    /// A cache for diagnostics drawn `width` columns wide, without colour.
    pub fn new(width: usize) -> Self {
        let theme = GraphicalTheme::unicode_nocolor();
        let characters = &theme.characters;
        let icons = [&characters.advice, &characters.warning, &characters.error]
            .map(|icon| format!("  {icon} "));
        WrappedParts {
            drawer: Drawer {
                handler: GraphicalReportHandler::new_themed(theme)
                    .with_width(width)
                    .with_links(false),
                empty_header: None,
            },
            wrap_width: width.saturating_sub(2),
            icons,
            headers: Default::default(),
            footers: Drawings::default(),
            static_footers: BTreeMap::new(),
            shape: String::new(),
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
        let Some(headers) = self.headers.get_mut(index) else {
            return false;
        };
        headers.write(out, text, "", &mut self.shape, |text| {
            self.drawer.draw(severity, text, None)
        })
    }

    /// Writes the footer miette draws for `help`; false, with nothing written, if miette could
    /// not draw it.
    pub(super) fn write_footer(&mut self, out: &mut String, help: &str) -> bool {
        if self.fits_one_line(help, FOOTER_INDENT) {
            out.push_str(FOOTER_START);
            out.push_str(help);
            out.push('\n');
            return true;
        }
        // The footer's own word (`help:`) is no letter of the help.
        self.footers
            .write(out, help, FOOTER_START, &mut self.shape, |help| {
                self.drawer.draw_footer(help)
            })
    }

    /// [`WrappedParts::write_footer`] of a help the code spells (most helps): its drawing is
    /// kept by where the text is, so a help met again is one lookup of its address.
    pub(super) fn write_static_footer(&mut self, out: &mut String, help: &'static str) -> bool {
        let address = (help.as_ptr().addr(), help.len());
        if let Some(drawn) = self.static_footers.get(&address) {
            out.push_str(drawn);
            return true;
        }
        let start = out.len();
        if !self.write_footer(out, help) {
            return false;
        }
        if self.static_footers.len() >= MAX_ENTRIES {
            self.static_footers.clear();
        }
        let drawn = out.get(start..).unwrap_or_default().to_string();
        self.static_footers.insert(address, drawn);
        true
    }

    /// Whether textwrap, as miette calls it, leaves `text` as it is on one line after an
    /// indent `indent` columns wide: printable ASCII (a column a character), no space at
    /// either end (it would trim one at the end), and no wider than the line.
    fn fits_one_line(&self, text: &str, indent: usize) -> bool {
        !text.is_empty()
            && text.len() <= self.wrap_width.saturating_sub(indent)
            && !text.starts_with(' ')
            && !text.ends_with(' ')
            && crate::text::is_printable_ascii(text.as_bytes())
    }

    #[cfg(test)]
    fn draw(&self, severity: miette::Severity, text: &str, help: Option<&str>) -> Option<String> {
        self.drawer.draw(severity, text, help)
    }

    #[cfg(test)]
    fn draw_footer(&mut self, help: &str) -> Option<String> {
        self.drawer.draw_footer(help)
    }
}

impl Drawings {
    /// Writes the drawing of `text`: the one kept for it, else its shape's with its own
    /// letters and digits (after `prefix`, the drawing's start that is not the text's), else
    /// `draw`'s of the text itself. False, with nothing written, if `draw` could not draw.
    fn write(
        &mut self,
        out: &mut String,
        text: &str,
        prefix: &str,
        shape: &mut String,
        mut draw: impl FnMut(&str) -> Option<String>,
    ) -> bool {
        if let Some(drawn) = self.texts.get(text) {
            out.push_str(drawn);
            return true;
        }
        shape_of(text, shape);
        if !self.shapes.contains_key(shape.as_str()) {
            let Some(drawn) = draw(shape) else {
                return false;
            };
            insert_bounded(&mut self.shapes, shape.clone(), drawn);
        }
        let start = out.len();
        let filled = self
            .shapes
            .get(shape.as_str())
            .and_then(|drawn| drawn.strip_prefix(prefix))
            .is_some_and(|rest| {
                out.push_str(prefix);
                fill_in(out, rest, text)
            });
        if !filled {
            out.truncate(start);
            let Some(drawn) = draw(text) else {
                return false;
            };
            out.push_str(&drawn);
        }
        let drawn = out.get(start..).unwrap_or_default().to_string();
        insert_bounded(&mut self.texts, text.to_string(), drawn);
        true
    }
}

/// Adds an entry to `map`, emptied first when full: memory stays bounded whatever the input.
fn insert_bounded(map: &mut HashMap<String, String>, key: String, value: String) {
    if map.len() >= MAX_ENTRIES {
        map.clear();
    }
    map.insert(key, value);
}

impl Drawer {
    /// The footer miette draws for `help`: its drawing of a diagnostic with an empty message
    /// and that help, less its drawing of the empty message alone.
    fn draw_footer(&mut self, help: &str) -> Option<String> {
        if self.empty_header.is_none() {
            self.empty_header = Some(self.draw(miette::Severity::Warning, "", None)?);
        }
        let whole = self.draw(miette::Severity::Warning, "", Some(help))?;
        whole
            .strip_prefix(self.empty_header.as_deref()?)
            .map(str::to_string)
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

/// How a footer starts: miette's `help:` and a space.
const FOOTER_START: &str = "  help: ";

/// Writes `text`'s shape to `shape`: each ASCII letter made `a`, each ASCII digit `0`. Byte by
/// byte: an ASCII byte in UTF-8 is always its own character.
fn shape_of(text: &str, shape: &mut String) {
    let mut bytes = std::mem::take(shape).into_bytes();
    bytes.clear();
    bytes.extend(text.bytes().map(|byte| match byte {
        b'a'..=b'z' | b'A'..=b'Z' => b'a',
        b'0'..=b'9' => b'0',
        other => other,
    }));
    // ASCII put for ASCII leaves UTF-8 as it was.
    *shape = String::from_utf8(bytes)
        .unwrap_or_else(|not_utf8| String::from_utf8_lossy(not_utf8.as_bytes()).into_owned());
}

/// Adds `drawn` (a drawing of `text`'s shape) to `out` with `text`'s own ASCII letters and
/// digits in place of the shape's, in order; false, with nothing written, unless they match one
/// for one (each letter for an `a`, each digit for a `0`, none left over). Byte by byte, as
/// [`shape_of`] made the shape.
fn fill_in(out: &mut String, drawn: &str, text: &str) -> bool {
    let mut own = text.bytes().filter(u8::is_ascii_alphanumeric);
    let mut filled = Vec::with_capacity(drawn.len());
    for placeholder in drawn.bytes() {
        if !placeholder.is_ascii_alphanumeric() {
            filled.push(placeholder);
            continue;
        }
        match own.next() {
            Some(letter) if letter.is_ascii_alphabetic() && placeholder == b'a' => {
                filled.push(letter);
            }
            Some(digit) if digit.is_ascii_digit() && placeholder == b'0' => filled.push(digit),
            _ => return false,
        }
    }
    if own.next().is_some() {
        return false;
    }
    match String::from_utf8(filled) {
        Ok(filled) => {
            out.push_str(&filled);
            true
        }
        Err(_) => false,
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

    /// A help the code spells is drawn as any help is, the first time and when met again.
    #[test]
    fn a_help_the_code_spells_is_drawn_as_any_help_is_each_time() {
        const HELPS: [&str; 4] = [
            "set `imagePullPolicy: Always`",
            "add `topologySpreadConstraints` over `kubernetes.io/hostname`, or a preferred \
             `podAntiAffinity` term on the template's labels",
            "  spaced  ",
            "x",
        ];
        for width in [30, 60, 100] {
            let mut parts = WrappedParts::new(width);
            let mut reference = WrappedParts::new(width);
            for _ in 0..2 {
                for help in HELPS {
                    let (mut drawn, mut expected) = (String::new(), String::new());
                    assert!(parts.write_static_footer(&mut drawn, help));
                    assert!(reference.write_footer(&mut expected, help));
                    assert_eq!(drawn, expected, "{width} {help:?}");
                }
            }
            assert_eq!(parts.static_footers.len(), HELPS.len());
        }
    }

    /// `text` with each ASCII letter and digit replaced by another of its kind, as `pick`
    /// chooses: the same shape, other letters.
    fn relettered(text: &str, pick: &[u8]) -> String {
        text.chars()
            .zip(pick.iter().cycle())
            .map(|(ch, &pick)| match ch {
                'a'..='z' => char::from(b'a' + pick % 26),
                'A'..='Z' => char::from(b'A' + pick % 26),
                '0'..='9' => char::from(b'0' + pick % 10),
                other => other,
            })
            .collect()
    }

    /// Texts of one shape drawn from one cache, each against miette's drawing of the text
    /// itself: hyphens between letters and digits (`svc-00001`), brackets, backticks, runs of
    /// spaces, words longer than the line, and characters outside ASCII.
    #[test]
    fn texts_of_one_shape_are_drawn_as_miette_draws_each() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};
        use std::sync::atomic::{AtomicUsize, Ordering};
        let text = "[a-zA-Z0-9 `\\-]{0,30}( |-|`|\\(|\\)|/|:|é|漢|--|[a-z]{30,45})[a-zA-Z0-9 `.,\\-]{0,90}";
        let strategy = (
            text,
            proptest::collection::vec(any::<u8>(), 1..8),
            30usize..100,
        );
        let shaped = AtomicUsize::new(0);
        TestRunner::new(Config::with_cases(400))
            .run(&strategy, |(text, pick, width)| {
                let mut parts = WrappedParts::new(width);
                let other = relettered(&text, &pick);
                for text in [&text, &other] {
                    for severity in [miette::Severity::Warning, miette::Severity::Error] {
                        let mut drawn = String::new();
                        prop_assert!(parts.write_header(&mut drawn, severity, text));
                        prop_assert_eq!(&drawn, &parts.draw(severity, text, None).expect("draws"));
                    }
                    let mut drawn = String::new();
                    let wrote = parts.write_footer(&mut drawn, text);
                    prop_assert_eq!(wrote.then_some(drawn), parts.draw_footer(text));
                }
                // Neither header fits one line: both were drawn from one shape's drawing
                // (the second from the exact-text cache if relettering left it unchanged).
                if !parts.fits_one_line(&text, HEADER_INDENT) {
                    shaped.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            })
            .expect("drawn alike");
        let shaped = shaped.load(Ordering::Relaxed);
        assert!(
            shaped > 100,
            "a shape drawn once served two texts {shaped} times"
        );
    }
}
