//! Code actions for the findings under the cursor: each finding's fix (preferred when safe) and a `# podlife: ignore[…]` comment that suppresses it on its line.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Position, Range, TextEdit,
    WorkspaceEdit,
};

use super::State;
use super::documents::{Encoding, position, range};
use crate::finding::{Applicability, Finding, PathEdit};
use crate::lint::settings::suppression::IGNORE_ANNOTATION;
use crate::yaml::line_index::LineIndex;
use crate::yaml::lines::comment_start;
use crate::yaml::source::{Node, NodeKind, Pos, ScalarForm, Span};

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

/// `edit`'s changes as versioned `documentChanges`: a client that takes them refuses them for
/// any other version of the document.
fn with_version(edit: WorkspaceEdit, version: i32) -> WorkspaceEdit {
    let edits = edit
        .changes
        .into_iter()
        .flatten()
        .map(|(uri, edits)| lsp_types::TextDocumentEdit {
            text_document: lsp_types::OptionalVersionedTextDocumentIdentifier {
                uri,
                version: Some(version),
            },
            edits: edits.into_iter().map(lsp_types::OneOf::Left).collect(),
        })
        .collect();
    WorkspaceEdit {
        document_changes: Some(lsp_types::DocumentChanges::Edits(edits)),
        ..WorkspaceEdit::default()
    }
}

/// The actions for `params.range` in the analysis of its document's current version: none
/// while the document has changed since its last check (their ranges would point into old
/// text, and a client would apply them to the new one). `versioned`: the client takes
/// versioned `documentChanges`.
pub fn actions(
    params: &CodeActionParams,
    state: &State,
    encoding: Encoding,
    versioned: bool,
) -> Vec<CodeActionOrCommand> {
    let uri = &params.text_document.uri;
    let Some(analysis) = state.analyses.get(uri) else {
        return Vec::new();
    };
    if state.documents.version(uri) != Some(analysis.version) {
        return Vec::new();
    }
    let version = versioned.then_some(analysis.version);
    let text = analysis.text.as_str();
    // One line index and one read of the documents per request, whatever the findings.
    let lines = LineIndex::new(text);
    let touching: Vec<(&Finding, Span, Range)> = analysis
        .findings
        .iter()
        .filter_map(|finding| {
            let span = finding.span?;
            let at = range(&lines, span, encoding);
            touches(&at, &params.range).then_some((finding, span, at))
        })
        .collect();
    let object_edits = object_suppressions(&lines, &touching, encoding);
    let mut actions = Vec::new();
    for (finding, span, at) in touching {
        if let Some(fix) = &finding.fix {
            let safe = fix.applicability == Applicability::Safe;
            let mut edits: Vec<TextEdit> = fix
                .replacement
                .iter()
                .map(|replacement| TextEdit {
                    range: at,
                    new_text: replacement.clone(),
                })
                .collect();
            for elsewhere in &fix.elsewhere {
                if let PathEdit::At(span, text_now) = elsewhere {
                    edits.push(TextEdit {
                        range: range(&lines, *span, encoding),
                        new_text: text_now.clone(),
                    });
                }
            }
            let what = match &fix.replacement {
                Some(replacement) => format!("write `{replacement}`"),
                None => crate::lint::rules::rule(finding.rule)
                    .and_then(crate::lint::rules::fix_of)
                    .map_or_else(String::new, |(_, what)| what.to_string()),
            };
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!(
                    "Fix {}: {what}{}",
                    finding.rule.code,
                    if safe { "" } else { " (unsafe)" }
                ),
                kind: Some(CodeActionKind::QUICKFIX),
                is_preferred: Some(safe),
                edit: Some(edit(uri, edits)),
                ..CodeAction::default()
            }));
        }
        actions.push(CodeActionOrCommand::CodeAction(suppress_on_line(
            uri,
            &lines,
            finding,
            span.start.line,
            encoding,
        )));
        let object_edit = finding
            .object
            .as_ref()
            .and_then(|object| object_edits.get(&(object.document, finding.rule.code)))
            .cloned()
            .flatten();
        if let Some(text_edit) = object_edit {
            let code = finding.rule.code;
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Suppress {code} for this object (podlife.dev/ignore)"),
                kind: Some(CodeActionKind::QUICKFIX),
                is_preferred: Some(false),
                edit: Some(edit(uri, vec![text_edit])),
                ..CodeAction::default()
            }));
        }
    }
    if let Some(version) = version {
        for action in &mut actions {
            if let CodeActionOrCommand::CodeAction(action) = action {
                action.edit = action.edit.take().map(|edit| with_version(edit, version));
            }
        }
    }
    actions
}

/// `# podlife: ignore[RULE]` at the end of the finding's line; a comment already there becomes
/// the reason.
fn suppress_on_line(
    uri: &lsp_types::Uri,
    lines: &LineIndex<'_>,
    finding: &Finding,
    line: u32,
    encoding: Encoding,
) -> CodeAction {
    let line_index = line.saturating_sub(1);
    let content = lines.line(line_index as usize);
    let content = content.strip_suffix('\n').unwrap_or(content);
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

/// `podlife.dev/ignore: "RULE"` in the object's `metadata.annotations` (added to an existing
/// entry, or the annotation, or `annotations` itself), for an object that is its document's
/// root; block and flow `metadata` are both written in their own style. One read of the text
/// answers every finding: the edit per (document, rule), `None` where none can be written.
fn object_suppressions(
    lines: &LineIndex<'_>,
    findings: &[(&Finding, Span, Range)],
    encoding: Encoding,
) -> HashMap<(usize, &'static str), Option<TextEdit>> {
    let mut wanted: HashMap<usize, Vec<&'static str>> = HashMap::new();
    for (finding, _, _) in findings {
        if let Some(object) = &finding.object {
            wanted
                .entry(object.document)
                .or_default()
                .push(finding.rule.code);
        }
    }
    let mut edits = HashMap::new();
    if wanted.is_empty() {
        return edits;
    }
    crate::yaml::source::for_each_document(lines.text(), |document| {
        let Some(codes) = wanted.get(&document.index) else {
            return;
        };
        let metadata = document
            .root
            .as_ref()
            .and_then(|root| root.entry("metadata"));
        for &code in codes {
            let edit = metadata
                .and_then(|(key, metadata)| annotation_edit(lines, key, metadata, code, encoding));
            edits.insert((document.index, code), edit);
        }
    });
    edits
}

/// The position just before the last character of a span (a closing quote or brace).
fn before_last(pos: Pos) -> Pos {
    Pos {
        index: pos.index.saturating_sub(1),
        line: pos.line,
        column: pos.column.saturating_sub(1),
    }
}

fn insert(at: Position, new_text: String) -> TextEdit {
    TextEdit {
        range: Range { start: at, end: at },
        new_text,
    }
}

fn annotation_edit(
    lines: &LineIndex<'_>,
    metadata_key: &Node<'_>,
    metadata: &Node<'_>,
    code: &str,
    encoding: Encoding,
) -> Option<TextEdit> {
    let at = |pos| position(lines, pos, encoding);
    let span = |node: &Node<'_>| lines.span(node.at);
    let flow = span(metadata).start.line == span(metadata_key).start.line;
    let NodeKind::Mapping(entries) = metadata.kind() else {
        return None;
    };
    let entry = format!("{IGNORE_ANNOTATION}: \"{code}\"");
    if let Some((annotations_key, annotations)) = metadata.entry("annotations") {
        if let Some(value) = annotations.get(IGNORE_ANNOTATION) {
            // Add the rule to the entry's value, inside its quotes if it has them.
            let quoted = matches!(value.kind(), NodeKind::Scalar(_, ScalarForm::Text));
            let end = if quoted {
                before_last(span(value).end)
            } else {
                span(value).end
            };
            return Some(insert(at(end), format!(", {code}")));
        }
        let NodeKind::Mapping(existing) = annotations.kind() else {
            return None;
        };
        return match existing.first() {
            Some((first, _)) if span(first).start.line > span(annotations_key).start.line => {
                let first = span(first).start;
                let indent = " ".repeat(first.column.saturating_sub(1) as usize);
                let line = Position {
                    line: first.line.saturating_sub(1),
                    character: 0,
                };
                Some(insert(line, format!("{indent}{entry}\n")))
            }
            // `annotations: {a: b}` or `{}`: inside the braces.
            _ => {
                let separator = if existing.is_empty() { "" } else { ", " };
                Some(insert(
                    at(before_last(span(annotations).end)),
                    format!("{separator}{entry}"),
                ))
            }
        };
    }
    if flow {
        let separator = if entries.is_empty() { "" } else { ", " };
        return Some(insert(
            at(before_last(span(metadata).end)),
            format!("{separator}annotations: {{{entry}}}"),
        ));
    }
    let (first, _) = entries.first()?;
    let first = span(first).start;
    let indent = " ".repeat(first.column.saturating_sub(1) as usize);
    let line = Position {
        line: first.line.saturating_sub(1),
        character: 0,
    };
    Some(insert(
        line,
        format!("{indent}annotations:\n{indent}  {entry}\n"),
    ))
}
