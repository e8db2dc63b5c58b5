//! Code actions for the findings under the cursor: each finding's fix (preferred when safe) and a `# podlife: ignore[…]` comment that suppresses it on its line.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Position, Range, TextEdit,
    WorkspaceEdit,
};

use super::State;
use super::documents::{Encoding, range};
use crate::lint::finding::{Applicability, Finding};
use crate::yaml::lines::comment_start;

/// Whether two ranges share a position (a cursor is an empty range).
fn touches(a: &Range, b: &Range) -> bool {
    (a.start.line, a.start.character) <= (b.end.line, b.end.character)
        && (b.start.line, b.start.character) <= (a.end.line, a.end.character)
}

fn edit(uri: &lsp_types::Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The actions for `params.range` in the last analysis of its document.
pub fn actions(
    params: &CodeActionParams,
    state: &State,
    encoding: Encoding,
) -> Vec<CodeActionOrCommand> {
    let uri = &params.text_document.uri;
    let Some(analysis) = state.analyses.get(uri) else {
        return Vec::new();
    };
    let text = analysis.text.as_str();
    let mut actions = Vec::new();
    for finding in &analysis.findings {
        let Some(span) = finding.span else {
            continue;
        };
        let at = range(text, span, encoding);
        if !touches(&at, &params.range) {
            continue;
        }
        if let Some(fix) = &finding.fix {
            let safe = fix.applicability == Applicability::Safe;
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!(
                    "Fix {}: write `{}`{}",
                    finding.rule.code,
                    fix.replacement,
                    if safe { "" } else { " (unsafe)" }
                ),
                kind: Some(CodeActionKind::QUICKFIX),
                is_preferred: Some(safe),
                edit: Some(edit(
                    uri,
                    vec![TextEdit {
                        range: at,
                        new_text: fix.replacement.clone(),
                    }],
                )),
                ..CodeAction::default()
            }));
        }
        actions.push(CodeActionOrCommand::CodeAction(suppress_on_line(
            uri,
            text,
            finding,
            span.start.line,
            encoding,
        )));
    }
    actions
}

/// `# podlife: ignore[RULE]` at the end of the finding's line; a comment already there becomes
/// the reason.
fn suppress_on_line(
    uri: &lsp_types::Uri,
    text: &str,
    finding: &Finding,
    line: u32,
    encoding: Encoding,
) -> CodeAction {
    let line_index = line.saturating_sub(1);
    let content = text
        .split('\n')
        .nth(line_index as usize)
        .unwrap_or_default();
    let content = content.strip_suffix('\r').unwrap_or(content);
    let width = |part: &str| -> u32 {
        let units: usize = part
            .chars()
            .map(|c| match encoding {
                Encoding::Utf16 => c.len_utf16(),
                Encoding::Utf8 => c.len_utf8(),
            })
            .sum();
        u32::try_from(units).unwrap_or(u32::MAX)
    };
    let marker = format!("podlife: ignore[{}]", finding.rule.code);
    let text_edit = match comment_start(content) {
        Some(hash) => {
            let after = content.get(hash + 1..).unwrap_or_default();
            let skip = after.len() - after.trim_start().len();
            let at = Position {
                line: line_index,
                character: width(content.get(..hash + 1 + skip).unwrap_or_default()),
            };
            TextEdit {
                range: Range { start: at, end: at },
                new_text: format!("{marker} "),
            }
        }
        None => {
            let at = Position {
                line: line_index,
                character: width(content),
            };
            TextEdit {
                range: Range { start: at, end: at },
                new_text: format!(" # {marker}"),
            }
        }
    };
    CodeAction {
        title: format!("Suppress {} on this line", finding.rule.code),
        kind: Some(CodeActionKind::QUICKFIX),
        is_preferred: Some(false),
        edit: Some(edit(uri, vec![text_edit])),
        ..CodeAction::default()
    }
}
