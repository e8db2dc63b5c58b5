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
