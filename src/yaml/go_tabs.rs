//! Tabs go-yaml (kubectl's reader) takes as white space where saphyr-parser refuses them: right
//! after a mapping's `:` (`key:<TAB>value`), and at the start of a quoted scalar's continuation
//! line. The document is re-read with those tabs written as spaces: one byte for one, so every
//! position stays, and neither place keeps the character in a value.

/// saphyr-parser's message for a tab after `:`.
pub(crate) const AFTER_COLON: &str = "':' must be followed by a valid YAML whitespace";
/// saphyr-parser's message for a tab indenting a quoted scalar's continuation line (it gives it
/// nowhere else).
pub(crate) const INDENTING_QUOTED: &str = "tab cannot be used as indentation";

/// Writes as spaces the tabs the error at byte `at` of `text` is about: those between the `:`
/// before it and `at` (after a colon), or those opening its line (in a quoted scalar); whether
/// there were any.
pub(crate) fn spaces_for_tabs(text: &mut String, info: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
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
        assert!(spaces_for_tabs(&mut text, AFTER_COLON, 4));
        assert_eq!(text, "a:  b\nc:\td\n");
        let mut quoted = "a: \"x\n\t y\"\nb:\tc\n".to_string();
        assert!(spaces_for_tabs(&mut quoted, INDENTING_QUOTED, 6));
        assert_eq!(quoted, "a: \"x\n  y\"\nb:\tc\n");
        let mut none = "a: b\n".to_string();
        assert!(!spaces_for_tabs(&mut none, AFTER_COLON, 3));
        assert!(!spaces_for_tabs(&mut none, "other", 3));
    }
}
