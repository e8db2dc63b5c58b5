//! Suppression comments: `# podlife: ignore[PL306] reason` turns rules off for one line, or for the node the next line starts.
//!
//! At the end of a line, the comment covers findings that start on that line. On a line of its
//! own, it covers the next line that holds YAML and every line indented deeper under it: a whole
//! container, probe or list item. Inside the brackets, entries are rule IDs, names, ID prefixes
//! or `ALL`, separated by commas; the text after `]` is the reason. Unlike the
//! `podlife.dev/ignore` annotation, a comment changes nothing in the deployed object and can
//! point at one container.

use crate::lint::settings::suppression::{SuppressionEntry, parse_entries};
use crate::yaml::lines::{comment_start, starts_block_scalar};
use crate::yaml::source::{Pos, Span};

/// What a suppression comment starts with, after `#` and spaces.
pub const MARKER: &str = "podlife: ignore[";

/// One suppression comment.
#[derive(Debug, Clone, PartialEq)]
pub struct CommentSuppression {
    /// The first and last line it covers (1-based, inclusive).
    pub lines: (u32, u32),
    /// Where the comment is.
    pub span: Span,
    /// Its entries (the reason, if any, on each).
    pub entries: Vec<SuppressionEntry>,
}

impl CommentSuppression {
    /// Whether a finding starting on `line` is covered.
    pub fn covers(&self, line: u32) -> bool {
        (self.lines.0..=self.lines.1).contains(&line)
    }
}

/// Every suppression comment in `text`, in order. Text inside block scalars is not YAML and is
/// not read for comments.
pub fn read(text: &str) -> Vec<CommentSuppression> {
    if !text.contains(MARKER) {
        return Vec::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut block_scalar_of: Option<usize> = None;
    let mut index = 0usize;
    for (number, line) in lines.iter().enumerate() {
        let line_start = index;
        index += line.len() + 1;
        let indent = indentation(line);
        let content = line.get(indent..).unwrap_or_default();
        if let Some(owner) = block_scalar_of {
            if content.is_empty() || indent > owner {
                continue;
            }
            block_scalar_of = None;
        }
        if starts_block_scalar(content) {
            block_scalar_of = Some(indent);
        }
        let Some(hash) = comment_start(line) else {
            continue;
        };
        let comment = line.get(hash + 1..).unwrap_or_default().trim_start();
        let Some(rest) = comment.strip_prefix(MARKER) else {
            continue;
        };
        let Some((inside, reason)) = rest.split_once(']') else {
            continue;
        };
        let reason = reason.trim();
        let mut entries = parse_entries(inside);
        if !reason.is_empty() {
            for entry in &mut entries {
                entry.reason.get_or_insert_with(|| reason.to_string());
            }
        }
        let own_line = hash == indent;
        let line_number = u32::try_from(number + 1).unwrap_or(u32::MAX);
        let covered = if own_line {
            next_node(&lines, number + 1)
        } else {
            Some((line_number, line_number))
        };
        let Some(covered) = covered else {
            continue;
        };
        let column = u32::try_from(line.get(..hash).map_or(0, |p| p.chars().count()) + 1)
            .unwrap_or(u32::MAX);
        let start = Pos {
            index: u32::try_from(line_start + hash).unwrap_or(u32::MAX),
            line: line_number,
            column,
        };
        let end = Pos {
            index: u32::try_from(line_start + line.len()).unwrap_or(u32::MAX),
            line: line_number,
            column: u32::try_from(line.chars().count() + 1).unwrap_or(u32::MAX),
        };
        found.push(CommentSuppression {
            lines: covered,
            span: Span { start, end },
            entries,
        });
    }
    found
}

fn indentation(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The lines of the node that starts on the first line from `from` (0-based) that holds YAML:
/// that line and every following line indented deeper (blank and comment lines included), as
/// 1-based inclusive numbers. A list item's node is what its `- ` holds.
fn next_node(lines: &[&str], from: usize) -> Option<(u32, u32)> {
    let is_yaml = |line: &&str| {
        let content = line.trim_start_matches(' ');
        !content.is_empty() && !content.starts_with('#')
    };
    let (offset, first) = lines
        .get(from..)?
        .iter()
        .enumerate()
        .find(|(_, l)| is_yaml(l))?;
    let start = from + offset;
    let indent = indentation(first);
    let mut last = start;
    for (position, line) in lines.iter().enumerate().skip(start + 1) {
        if !is_yaml(line) {
            continue;
        }
        if indentation(line) <= indent || line.trim_start_matches(' ').starts_with("---") {
            break;
        }
        last = position;
    }
    let number = |at: usize| u32::try_from(at + 1).unwrap_or(u32::MAX);
    Some((number(start), number(last)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_comment_covers_its_line_and_an_own_line_comment_the_next_node() {
        let text = "spec:\n  containers:\n  # podlife: ignore[PL306, PL311] probes match on purpose\n  - name: a\n    image: x:latest\n\n    readinessProbe: {}\n  - name: b # podlife: ignore[liveness-probe-kills-slow-start]\n    image: y\n";
        let found = read(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].lines, (4, 7), "the whole first item");
        assert_eq!(found[0].entries.len(), 2);
        assert_eq!(
            found[0].entries[1].reason.as_deref(),
            Some("probes match on purpose")
        );
        assert_eq!(
            (found[0].span.start.line, found[0].span.start.column),
            (3, 3)
        );
        assert_eq!(found[1].lines, (8, 8));
        assert!(found[1].entries[0].selector.is_ok());
    }

    #[test]
    fn markers_in_strings_and_block_scalars_are_not_comments() {
        let text = "a: \"# podlife: ignore[PL306]\"\nscript: |\n  # podlife: ignore[PL306]\n  echo\nb: 1\n";
        assert!(read(text).is_empty());
        assert!(read("name: x\n").is_empty());
    }
}
