//! Text inside SVG (and other XML) documents: markup characters escaped, control characters and the characters XML 1.0 forbids (U+FFFE, U+FFFF) shown as `\u{…}`, so the document is always well-formed.

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
            c if c.is_control() || !crate::text::is_xml_char(c) => {
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
        assert_eq!(
            super::escape("x\u{fffe}\u{ffff}\u{0}y"),
            "x\\u{fffe}\\u{ffff}\\u{0}y"
        );
    }
}
