//! Finding Go template actions (`{{ … }}`, Helm) where YAML structure or an unquoted value
//! would be: the sign that an input is a template to render, not a manifest (PL013).
//!
//! Only places a rendered manifest cannot hold such text count: a line that starts with an
//! action (`{{- if … }}`, `{{ include … }}`), or an unquoted value or list item that does
//! (`name: {{ .Release.Name }}`, `- {{ .Values.arg }}`). Actions inside quoted strings, block
//! scalars (a ConfigMap holding a template) and comments are data and are left alone.

use crate::yaml::lines::starts_block_scalar;
use crate::yaml::source::Pos;

/// The first template action in a structural place, if any.
pub fn first_template_action(text: &str) -> Option<Pos> {
    // Every source passes here: most have no `{{` at all, which one fast search tells.
    if !text.contains("{{") {
        return None;
    }
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
