//! The escape go-yaml (kubectl's reader) accepts in a double-quoted scalar that YAML 1.2 does
//! not: `\'`, read as `'`. saphyr-parser rejects it; the document is then re-read with each
//! `\'` of the offending scalar written as an escape the document does not use otherwise (same
//! length, so every position stays), and that escape's character is turned back into `'`.

use crate::yaml::source::{Node, NodeKind};

/// saphyr-parser's message for an escape it does not know.
pub(crate) const UNKNOWN_ESCAPE: &str =
    "while parsing a quoted scalar, found unknown escape character";

/// Escapes that stand in for `\'`: the letter and the character it reads as.
const STAND_INS: [(u8, char); 6] = [
    (b'a', '\u{7}'),
    (b'e', '\u{1b}'),
    (b'v', '\u{b}'),
    (b'b', '\u{8}'),
    (b'f', '\u{c}'),
    (b'0', '\0'),
];

/// An escape `text` never uses, nor the character it reads as: what stands in for `\'`.
pub(crate) fn stand_in(text: &str) -> Option<(u8, char)> {
    STAND_INS.iter().copied().find(|&(letter, read)| {
        !text.contains(read)
            && !text
                .as_bytes()
                .windows(2)
                .any(|pair| pair == [b'\\', letter])
    })
}

/// Where the double-quoted scalar that opens at byte `open` of `text` escapes `escaped` (`\'`,
/// `\/`): the escaped byte's offsets, up to the closing quote; none when no scalar opens there.
pub(crate) fn escapes_of(text: &[u8], open: usize, escaped: u8) -> Vec<usize> {
    let mut found = Vec::new();
    if text.get(open) != Some(&b'"') {
        return found;
    }
    let mut at = open + 1;
    while let Some(&byte) = text.get(at) {
        match byte {
            b'\\' => {
                if text.get(at + 1) == Some(&escaped) {
                    found.push(at + 1);
                }
                at += 2;
            }
            b'"' => break,
            _ => at += 1,
        }
    }
    found
}

/// Writes each `\'` of the double-quoted scalar that opens at byte `open` of `text` as `\`
/// followed by `letter`; whether there was one.
pub(crate) fn stand_in_for_quotes(text: &mut String, open: usize, letter: u8) -> bool {
    let replaced = escapes_of(text.as_bytes(), open, b'\'');
    if replaced.is_empty() {
        return false;
    }
    let mut edited = std::mem::take(text).into_bytes();
    for at in &replaced {
        if let Some(byte) = edited.get_mut(*at) {
            *byte = letter;
        }
    }
    // An ASCII byte replaced an ASCII byte: still UTF-8.
    *text = String::from_utf8(edited).unwrap_or_default();
    true
}

/// Turns the stand-in's character back into `'` in every scalar of `node`.
pub(crate) fn restore_quotes(node: &mut Node<'_>, read: char) {
    match node.kind_mut() {
        NodeKind::Scalar(text, _) => {
            if text.contains(read) {
                *text = text.replace(read, "'").into();
            }
        }
        NodeKind::Sequence(items) => items.iter_mut().for_each(|item| restore_quotes(item, read)),
        NodeKind::Mapping(entries) => entries.iter_mut().for_each(|(key, value)| {
            restore_quotes(key, read);
            restore_quotes(value, read);
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stand_in_is_an_escape_the_text_does_not_use() {
        assert_eq!(stand_in(r#"a: "it\'s""#), Some((b'a', '\u{7}')));
        assert_eq!(stand_in(r#"a: "\a \'""#), Some((b'e', '\u{1b}')));
        assert_eq!(stand_in("a: \"\u{7}\\'\""), Some((b'e', '\u{1b}')));
    }

    #[test]
    fn only_unescaped_quotes_of_the_one_scalar_are_stood_in_for() {
        let mut text = r#"a: "it\'s \\'x" b: "c\'d""#.to_string();
        assert!(stand_in_for_quotes(&mut text, 3, b'a'));
        assert_eq!(text, r#"a: "it\as \\'x" b: "c\'d""#);
        assert!(!stand_in_for_quotes(&mut text, 0, b'a'));
        let mut none = r#""plain \n""#.to_string();
        assert!(!stand_in_for_quotes(&mut none, 0, b'a'));
    }
}
