//! White space and comments go-yaml (kubectl's reader) reads where saphyr-parser refuses them: a
//! tab right after a mapping's `:` (`key:<TAB>value`), tabs at the start of a quoted scalar's
//! continuation line, and a comment right after a token (`"x"#c`, `[a]#c`). The document is
//! re-read with those tabs, or that comment, written as spaces: one space for each character,
//! so every position stays, and none of them is part of a value.

/// saphyr-parser's message for a tab after `:`.
pub(crate) const AFTER_COLON: &str = "':' must be followed by a valid YAML whitespace";
/// saphyr-parser's message for a tab indenting a quoted scalar's continuation line (it gives it
/// nowhere else).
pub(crate) const INDENTING_QUOTED: &str = "tab cannot be used as indentation";
/// saphyr-parser's message for a `#` right after a token; go-yaml starts a comment there.
pub(crate) const UNSEPARATED_COMMENT: &str =
    "comments must be separated from other tokens by whitespace";

/// saphyr-parser's message for a byte order mark after the stream's start.
pub(crate) const BYTE_ORDER_MARK: &str = "a byte order mark must not appear inside a document";

/// For a byte order mark at byte `at` that opens the line right after a `---` line, where
/// kubectl's reader starts a stream of its own and skips it (files joined with their marks):
/// writes it as a space, and gives the lines after it (0-based) to pad by one space each, so
/// that the document keeps its shape. None for a mark anywhere else (go-yaml reads it as part
/// of the text there).
pub(crate) fn byte_order_mark_as_space(
    text: &mut String,
    at: usize,
) -> Option<Vec<(usize, usize)>> {
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    let previous = before.get(..line_start.checked_sub(1)?)?;
    let previous = previous.rsplit('\n').next().unwrap_or(previous);
    if line_start != at || !previous.starts_with("---") || !text.get(at..)?.starts_with('\u{feff}')
    {
        return None;
    }
    text.replace_range(at..at + '\u{feff}'.len_utf8(), " ");
    let line = text.get(..at)?.matches('\n').count();
    let lines = text.split_inclusive('\n').count();
    Some((line + 1..lines).map(|line| (line, 1)).collect())
}

/// NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR: line breaks to go-yaml, characters to YAML 1.2.
pub(crate) fn is_go_line_break(ch: char) -> bool {
    matches!(ch, '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whether `text` holds NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR: one search for their first
/// bytes, which ASCII text never has.
pub(crate) fn has_go_line_breaks(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr2_iter(0xc2, 0xe2, bytes).any(|at| match bytes.get(at..at + 3) {
        Some([0xc2, 0x85, ..] | [0xe2, 0x80, 0xa8 | 0xa9]) => true,
        _ => bytes.get(at..at + 2) == Some(&[0xc2, 0x85]),
    })
}

/// A flow scalar's value (plain or quoted) as go-yaml folds the NEL, LINE SEPARATOR and
/// PARAGRAPH SEPARATOR written in it, which it reads as line breaks: the blanks around a run
/// of them go; a run opened by NEL is a space when alone, else its later breaks (NEL as a line
/// feed); a run opened by a separator keeps it and its later breaks. None when the value has
/// none of them.
pub(crate) fn fold_go_line_breaks(value: &str) -> Option<String> {
    if !value.chars().any(is_go_line_break) {
        return None;
    }
    let as_break = |ch: char| if ch == '\u{85}' { '\n' } else { ch };
    let mut folded = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(ch) = chars.next() {
        if !is_go_line_break(ch) {
            folded.push(ch);
            continue;
        }
        while folded.ends_with([' ', '\t']) {
            folded.pop();
        }
        let mut later = Vec::new();
        loop {
            while chars.next_if(|&c| c == ' ' || c == '\t').is_some() {}
            match chars.next_if(|&c| is_go_line_break(c)) {
                Some(next) => later.push(as_break(next)),
                None => break,
            }
        }
        if ch == '\u{85}' && later.is_empty() {
            folded.push(' ');
        } else {
            if ch != '\u{85}' {
                folded.push(ch);
            }
            folded.extend(later);
        }
    }
    Some(folded)
}

/// A block scalar's value as go-yaml reads the NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR
/// written in it: each ends a line, so up to `indent` spaces after it are that line's
/// indentation, not content; NEL itself is a line feed (a space in a folded scalar), the
/// separators stay. None when the value has none of them.
pub(crate) fn fold_go_line_breaks_in_block(
    value: &str,
    indent: usize,
    folded: bool,
) -> Option<String> {
    if !value.chars().any(is_go_line_break) {
        return None;
    }
    let mut read = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(ch) = chars.next() {
        if !is_go_line_break(ch) {
            read.push(ch);
            continue;
        }
        read.push(match ch {
            '\u{85}' if folded => ' ',
            '\u{85}' => '\n',
            separator => separator,
        });
        for _ in 0..indent {
            if chars.next_if_eq(&' ').is_none() {
                break;
            }
        }
    }
    Some(read)
}

/// Whether [`spaces_for`] repairs an error with this message.
pub(crate) fn repairs(info: &str) -> bool {
    [AFTER_COLON, INDENTING_QUOTED, UNSEPARATED_COMMENT].contains(&info)
}

/// Writes as spaces what the error at byte `at` of `text` is about: the tabs between the `:`
/// before it and `at` (after a colon), the tabs opening its line (in a quoted scalar), or the
/// comment from `at` to the end of its line; whether there was any.
pub(crate) fn spaces_for(text: &mut String, info: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    if info == UNSEPARATED_COMMENT {
        if bytes.get(at) != Some(&b'#') {
            return false;
        }
        let end = at
            + bytes
                .get(at..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| b != b'\n' && b != b'\r')
                .count();
        // One space per character, so the parser's character positions stay; the re-read
        // documents own their text, so their byte offsets may move.
        let Some(comment) = text.get(at..end) else {
            return false;
        };
        let spaces = " ".repeat(comment.chars().count());
        text.replace_range(at..end, &spaces);
        return true;
    }
    let range = if info == AFTER_COLON {
        let before = bytes.get(..at).unwrap_or_default();
        let blanks = before
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let colon = at - blanks;
        if colon == 0 || bytes.get(colon - 1) != Some(&b':') {
            return false;
        }
        colon..at
    } else if info == INDENTING_QUOTED {
        let line = bytes
            .get(..at)
            .and_then(|before| before.iter().rposition(|&b| b == b'\n'))
            .map_or(0, |newline| newline + 1);
        let end = line
            + bytes
                .get(line..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
        line..end
    } else {
        return false;
    };
    if !bytes
        .get(range.clone())
        .is_some_and(|blanks| blanks.contains(&b'\t'))
    {
        return false;
    }
    let mut edited = std::mem::take(text).into_bytes();
    for byte in edited.get_mut(range).into_iter().flatten() {
        if *byte == b'\t' {
            *byte = b' ';
        }
    }
    // ASCII for ASCII: still UTF-8.
    *text = String::from_utf8(edited).unwrap_or_default();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cases read beside go-yaml (kubectl's reader), in double-quoted scalars.
    #[test]
    fn go_line_breaks_fold_as_go_yaml_folds_them() {
        for (value, read) in [
            ("x  \u{85}  y", "x y"),
            ("x\u{2028}\u{2028}y", "x\u{2028}\u{2028}y"),
            ("x\u{85}\u{85}y", "x\ny"),
            ("x\u{2028}\u{85}y", "x\u{2028}\ny"),
            ("x\u{85}\u{2028}y", "x\u{2028}y"),
            ("x\u{2028}  y", "x\u{2028}y"),
        ] {
            assert_eq!(
                fold_go_line_breaks(value).as_deref(),
                Some(read),
                "{value:?}"
            );
        }
        assert_eq!(fold_go_line_breaks("plain"), None);
        // In a block scalar the break ends a line: the next line's indentation goes.
        assert_eq!(
            fold_go_line_breaks_in_block("keep\u{2028}  this\u{85}   more\n", 2, false).as_deref(),
            Some("keep\u{2028}this\n more\n")
        );
    }

    #[test]
    fn only_the_tabs_the_error_is_about_become_spaces() {
        let mut text = "a:\t\tb\nc:\td\n".to_string();
        assert!(spaces_for(&mut text, AFTER_COLON, 4));
        assert_eq!(text, "a:  b\nc:\td\n");
        let mut quoted = "a: \"x\n\t y\"\nb:\tc\n".to_string();
        assert!(spaces_for(&mut quoted, INDENTING_QUOTED, 6));
        assert_eq!(quoted, "a: \"x\n  y\"\nb:\tc\n");
        let mut none = "a: b\n".to_string();
        assert!(!spaces_for(&mut none, AFTER_COLON, 3));
        assert!(!spaces_for(&mut none, "other", 3));
        let mut comment = "a: \"x\"#c d\nb: [y]#z\n".to_string();
        assert!(spaces_for(&mut comment, UNSEPARATED_COMMENT, 6));
        assert_eq!(comment, "a: \"x\"    \nb: [y]#z\n");
        assert!(!spaces_for(&mut comment, UNSEPARATED_COMMENT, 3));
        let mut wide = "a: \"x\"#é ü\nb: c\n".to_string();
        assert!(spaces_for(&mut wide, UNSEPARATED_COMMENT, 6));
        assert_eq!(wide, "a: \"x\"    \nb: c\n");
    }
}
