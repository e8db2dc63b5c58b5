//! Finding Go template actions (`{{ … }}`, Helm) where YAML structure or an unquoted value
//! would be: the sign that an input is a template to render, not a manifest (PL013).
//!
//! The YAML the parser reads decides. Text that parses, with no mapping key that is itself a
//! mapping (what `{{ x }}` in a structural place parses as), holds its actions only inside
//! scalar values: Argo's `{{inputs.parameters.x}}` in a quoted, folded or multi-line string is
//! data, and the file is a manifest. Only for text that does not parse does a line scan find
//! where the template is: a line that starts with an action (`{{- if … }}`, `{{ include … }}`),
//! or an unquoted value or list item that does (`name: {{ .Release.Name }}`,
//! `- {{ .Values.arg }}`); actions inside quoted strings, block scalars and comments are left
//! alone there too.

use crate::yaml::lines::starts_block_scalar;
use crate::yaml::source::{Pos, TreeProblemKind, for_each_document};

/// The first template action in a structural place, if any.
pub fn first_template_action(text: &str) -> Option<Pos> {
    // Every source passes here: most have no `{{` at all, which one fast search tells.
    if !text.contains("{{") {
        return None;
    }
    let at = scan_for_action(text)?;
    (!parses_with_actions_as_data(text)).then_some(at)
}

/// Whether every document of `text` parses with no syntax error and no mapping used as a key:
/// then every `{{ … }}` in it sits inside a scalar (or a comment).
fn parses_with_actions_as_data(text: &str) -> bool {
    let mut clean = true;
    for_each_document(text, |document| {
        clean &= !document.problems.iter().any(|problem| {
            matches!(
                problem.kind,
                TreeProblemKind::Syntax | TreeProblemKind::ComplexKey
            )
        });
    });
    clean
}

/// The line scan: the first action where YAML structure or a plain value starts.
fn scan_for_action(text: &str) -> Option<Pos> {
    // Indentation of the key whose block scalar the following lines belong to, if any.
    let mut block_scalar_of: Option<usize> = None;
    let mut index = 0u32;
    for (number, line) in text.lines().enumerate() {
        let line_chars = u32::try_from(line.chars().count() + 1).unwrap_or(u32::MAX);
        let indent = line.len() - line.trim_start_matches(' ').len();
        let content = line.trim_start_matches(' ');
        if let Some(owner) = block_scalar_of {
            if content.is_empty() || indent > owner {
                index = index.saturating_add(line_chars);
                continue;
            }
            block_scalar_of = None;
        }
        let column = structural_action(content).map(|at| indent + at);
        if let Some(column) = column {
            let prefix_chars = line.get(..column).map_or(0, |p| p.chars().count());
            let prefix = u32::try_from(prefix_chars).unwrap_or(u32::MAX);
            return Some(Pos {
                index: index.saturating_add(prefix),
                line: u32::try_from(number + 1).unwrap_or(u32::MAX),
                column: prefix.saturating_add(1),
            });
        }
        if starts_block_scalar(content) {
            block_scalar_of = Some(indent);
        }
        index = index.saturating_add(line_chars);
    }
    None
}

/// Where in `content` (a line without its indentation) an action sits in a structural place.
fn structural_action(content: &str) -> Option<usize> {
    if content.starts_with('#') {
        return None;
    }
    let has_action = |at: usize| {
        content
            .get(at..)
            .is_some_and(|rest| rest.starts_with("{{") && rest.contains("}}"))
    };
    if has_action(0) {
        return Some(0);
    }
    let mut offset = 0;
    let mut rest = content;
    while let Some(after) = rest.strip_prefix("- ") {
        offset += 2 + (after.len() - after.trim_start().len());
        rest = after.trim_start();
        if has_action(offset) {
            return Some(offset);
        }
    }
    let value_start = rest.find(": ").map(|colon| colon + 2)?;
    let value = rest.get(value_start..)?;
    let at = offset + value_start + (value.len() - value.trim_start().len());
    has_action(at).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Option<(u32, u32)> {
        first_template_action(text).map(|pos| (pos.line, pos.column))
    }

    #[test]
    fn parameters_inside_strings_of_a_file_that_parses_are_data() {
        // A quoted scalar whose continuation line starts with an action and holds `": "`.
        let quoted = "args:\n  - \"python run.py --x\n    {{inputs.parameters.x}}: {{inputs.parameters.y}}\"\n";
        assert_eq!(at(quoted), None);
        // A folded scalar whose lines start with actions.
        let folded = "args:\n  - >-\n    run\n  - --name\n  - >\n    {{workflow.name}}\n";
        assert_eq!(at(folded), None);
        // A plain multi-line scalar continued on a line that starts with an action.
        let plain = "command: [sh, -c]\nargs:\n  - echo a\n    {{inputs.parameters.msg}} done\n";
        assert_eq!(at(plain), None);
        let single = "a: 'x\n  {{y}}: z'\n";
        assert_eq!(at(single), None);
    }

    #[test]
    fn a_template_that_parses_with_a_mapping_key_is_still_a_template() {
        // `{{ x }}` where a value goes parses as a mapping whose key is a mapping.
        assert_eq!(at("metadata:\n  name: {{ .Release.Name }}\n"), Some((2, 9)));
        assert_eq!(at("args:\n  - {{ .Values.arg }}\n"), Some((2, 5)));
    }

    #[test]
    fn actions_where_yaml_structure_or_a_plain_value_goes_are_found() {
        assert_eq!(at("metadata:\n  name: {{ .Release.Name }}\n"), Some((2, 9)));
        assert_eq!(
            at("spec:\n{{- if .Values.x }}\n  a: 1\n{{- end }}\n"),
            Some((2, 1))
        );
        assert_eq!(at("args:\n  - {{ .Values.arg }}\n"), Some((2, 5)));
        assert_eq!(at("- - {{ x }}\n"), Some((1, 5)));
    }

    #[test]
    fn actions_in_quotes_block_scalars_and_comments_are_data() {
        assert_eq!(at("image: \"{{ .Values.image }}\"\n"), None);
        assert_eq!(at("a: '{{ x }}'\n"), None);
        assert_eq!(at("# {{ .Values.x }}\nname: web\n"), None);
        assert_eq!(
            at(
                "data:\n  tpl: |\n    {{ range .Items }}\n    name: {{ .Name }}\n    {{ end }}\nkind: ConfigMap\n"
            ),
            None
        );
        assert_eq!(
            at("data:\n  tpl: >-\n    {{ x }}\nb: {{ y }}\n"),
            Some((4, 4))
        );
        assert_eq!(
            at("text: a {{ b }} c\n"),
            None,
            "inside a plain scalar, not at its start"
        );
    }
}
