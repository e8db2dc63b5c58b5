//! Text inside SVG (and other XML) documents: markup characters escaped, control characters from input shown as `\u{…}`.

use std::fmt::Write as _;

/// `text` safe to place in an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            super::escape("a<b & \"c\"\u{1b}[2J\n"),
            "a&lt;b &amp; &quot;c&quot;\\u{1b}[2J\\u{a}"
        );
    }
}
