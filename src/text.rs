//! Plain-text helpers every layer may use: clipping a value for a message, and the closest
//! known name for a "did you mean".

use std::borrow::Cow;

/// Shortens a value for a message.
pub fn clip(text: &str) -> Cow<'_, str> {
    const MAX: usize = 40;
    if text.chars().count() <= MAX && !text.contains('\n') {
        Cow::Borrowed(text)
    } else {
        let short: String = text
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(MAX)
            .collect();
        Cow::Owned(format!("{short}…"))
    }
}

/// `text` with every control character but newline and tab written as `\u{…}`, so text from
/// input cannot move the cursor, clear the screen or retitle the terminal (cf. CVE-2021-25743).
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        push_escaped(&mut out, ch);
    }
    Cow::Owned(out)
}

/// Whether XML 1.0 can hold `ch` at all (its `Char` production: tab, newline, carriage return,
/// and everything from U+0020 but U+FFFE and U+FFFF; Rust strings hold no surrogates).
pub fn is_xml_char(ch: char) -> bool {
    matches!(ch, '\t' | '\n' | '\r') || (ch >= ' ' && ch != '\u{fffe}' && ch != '\u{ffff}')
}

/// Whether text output writes `ch` escaped: every control character but newline and tab.
pub fn is_escaped(ch: char) -> bool {
    ch.is_control() && ch != '\n' && ch != '\t'
}

/// Appends `ch` to `out`, as `\u{…}` when [`is_escaped`].
pub fn push_escaped(out: &mut String, ch: char) {
    if is_escaped(ch) {
        out.push_str(&escape_code(u32::from(ch)));
    } else {
        out.push(ch);
    }
}

/// The escape text output writes for the character with code `code`: `\u{1b}`.
pub fn escape_code(code: u32) -> String {
    format!("\\u{{{code:x}}}")
}

/// The known name closest to `name`, if it is close enough to be a likely typo.
///
/// A candidate whose length differs from `name`'s by more than the allowed distance cannot be
/// close, so it is not compared: a 100 KB key costs one count, not 100 KB × every candidate.
pub fn closest<'f>(name: &str, candidates: &[&'f str]) -> Option<&'f str> {
    let allowed = |candidate: &str| (candidate.chars().count() / 3).max(1);
    let length = name.chars().count();
    let lower = name.to_ascii_lowercase();
    candidates
        .iter()
        .filter(|candidate| length.abs_diff(candidate.chars().count()) <= allowed(candidate))
        .map(|candidate| {
            (
                strsim::levenshtein(&lower, &candidate.to_ascii_lowercase()),
                *candidate,
            )
        })
        .filter(|(distance, candidate)| *distance <= allowed(candidate))
        .min()
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_likely_typo_gets_its_closest_name() {
        assert_eq!(
            closest("imagePullPolcy", &["image", "imagePullPolicy"]),
            Some("imagePullPolicy")
        );
        assert_eq!(closest("IMAGE", &["image"]), Some("image"));
        assert_eq!(closest("command", &["image", "imagePullPolicy"]), None);
        assert_eq!(closest(&"i".repeat(100_000), &["image"]), None);
    }

    #[test]
    fn long_or_multi_line_values_are_clipped() {
        assert_eq!(clip("short"), "short");
        assert_eq!(clip("a\nb"), "a…");
        assert_eq!(clip(&"x".repeat(50)).chars().count(), 41);
    }
}
