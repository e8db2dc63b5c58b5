//! Reading YAML line by line, without parsing: where a comment starts and whether a line opens a block scalar.

/// Whether a line (without its indentation) ends by opening a block scalar (`key: |`, `- >-`,
/// `key: |2+`): the lines indented under it are text, not YAML.
pub fn starts_block_scalar(content: &str) -> bool {
    let code = content
        .get(..comment_start(content).unwrap_or(content.len()))
        .unwrap_or(content);
    let code = code.trim_end();
    let (before, indicator) = code.rsplit_once(' ').unwrap_or(("", code));
    let mut chars = indicator.chars();
    let is_indicator = matches!(chars.next(), Some('|' | '>'))
        && chars.all(|c| matches!(c, '-' | '+') || c.is_ascii_digit());
    is_indicator && (before.is_empty() || before.ends_with(':') || before.ends_with('-'))
}

/// The byte index of the `#` that starts a comment on `line`, if any: at the start of the
/// line or after whitespace, and not inside a quoted scalar (`'…'` with `''` for a quote,
/// `"…"` with `\"`).
pub fn comment_start(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut previous = ' ';
    let mut characters = line.char_indices().peekable();
    while let Some((index, character)) = characters.next() {
        match quote {
            Some('"') => {
                if escaped {
                    escaped = false;
                } else if character == '\\' {
                    escaped = true;
                } else if character == '"' {
                    quote = None;
                }
            }
            Some(_) => {
                if character == '\'' {
                    // `''` is a quote inside a single-quoted scalar.
                    if characters.peek().is_some_and(|(_, next)| *next == '\'') {
                        characters.next();
                    } else {
                        quote = None;
                    }
                }
            }
            None => match character {
                '#' if previous.is_whitespace() => return Some(index),
                '"' | '\'' if matches!(previous, ' ' | '\t' | ':' | '-' | '[' | '{' | ',') => {
                    quote = Some(character);
                }
                _ => {}
            },
        }
        previous = character;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_start_after_whitespace_outside_quotes() {
        assert_eq!(comment_start("# whole line"), Some(0));
        assert_eq!(comment_start("name: web # trailing"), Some(10));
        assert_eq!(comment_start("image: nginx#1"), None, "no space before `#`");
        assert_eq!(comment_start("a: \"x # y\" # z"), Some(11));
        assert_eq!(comment_start("a: 'it''s # y' # z"), Some(15));
        assert_eq!(comment_start("a: \"\\\" # y\""), None);
        assert_eq!(
            comment_start("a: don't # z"),
            Some(9),
            "an apostrophe in a plain word"
        );
    }

    #[test]
    fn block_scalar_headers() {
        assert!(starts_block_scalar("script: |"));
        assert!(starts_block_scalar("- >-"));
        assert!(starts_block_scalar("data: |2+ # note"));
        assert!(!starts_block_scalar("name: a|b"));
        assert!(!starts_block_scalar("cmd: echo >"));
    }
}
