//! Writing a JSON value as block-style YAML, for help texts that show a manifest fragment.
//!
//! Kubernetes style: sequence items at their key's indentation, two spaces per level, strings
//! plain where YAML reads them back as the same string and JSON-quoted otherwise.

use crate::yaml::source::{Node, NodeKind, Resolved, ScalarForm, resolve_plain};

/// The node as YAML lines at `indent` spaces, each ending in a newline. Mapping order is kept.
pub fn to_yaml(node: &Node<'_>, indent: usize) -> String {
    let mut out = String::new();
    match node.kind() {
        NodeKind::Mapping(entries) if !entries.is_empty() => {
            write_mapping(&mut out, entries, indent);
        }
        NodeKind::Sequence(items) if !items.is_empty() => write_sequence(&mut out, items, indent),
        _ => {
            out.push_str(&" ".repeat(indent));
            out.push_str(&inline(node));
            out.push('\n');
        }
    }
    out
}

fn write_mapping(out: &mut String, entries: &[(Node<'_>, Node<'_>)], indent: usize) {
    for (key, value) in entries {
        out.push_str(&" ".repeat(indent));
        out.push_str(&inline(key));
        out.push(':');
        match value.kind() {
            NodeKind::Mapping(inner) if !inner.is_empty() => {
                out.push('\n');
                write_mapping(out, inner, indent + 2);
            }
            NodeKind::Sequence(items) if !items.is_empty() => {
                out.push('\n');
                write_sequence(out, items, indent);
            }
            _ => {
                out.push(' ');
                out.push_str(&inline(value));
                out.push('\n');
            }
        }
    }
}

fn write_sequence(out: &mut String, items: &[Node<'_>], indent: usize) {
    for item in items {
        let nested = to_yaml(item, indent + 2);
        // Put the dash in the first line's indentation.
        out.push_str(&" ".repeat(indent));
        out.push_str("- ");
        out.push_str(nested.get(indent + 2..).unwrap_or(""));
    }
}

/// A scalar or an empty collection, written on one line.
fn inline(node: &Node<'_>) -> String {
    match node.kind() {
        NodeKind::Scalar(text, ScalarForm::Plain) => text.to_string(),
        NodeKind::Scalar(text, ScalarForm::Text) => string(text),
        NodeKind::Sequence(_) => "[]".to_string(),
        NodeKind::Mapping(_) => "{}".to_string(),
    }
}

/// A string, plain when YAML reads it back unchanged, else JSON-quoted (valid YAML).
pub fn string(text: &str) -> String {
    let plain = !text.is_empty()
        && !text.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@` ".contains(c))
        && !text.ends_with([' ', ':'])
        && !text.contains(": ")
        && !text.contains(" #")
        && !text.contains(['\n', '\t', '\r'])
        && !text.chars().any(char::is_control)
        && resolve_plain(text) == Resolved::Str;
    if plain {
        text.to_string()
    } else {
        serde_json::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_kubernetes_style_blocks_in_source_order() {
        let json = r#"{"initContainers": [{"name": "install", "image": "busybox:1.36",
            "command": ["wget", "-O", "/work-dir/index.html"], "ports": [{"containerPort": 80}],
            "volumeMounts": [{"name": "workdir", "mountPath": "/work-dir"}], "env": [],
            "securityContext": {"runAsUser": 1000, "privileged": false}}]}"#;
        let documents = crate::yaml::source::parse_stream(json);
        let root = documents[0].root.as_ref().unwrap();
        assert_eq!(
            to_yaml(root, 0),
            "initContainers:\n\
             - name: install\n  \
               image: busybox:1.36\n  \
               command:\n  \
               - wget\n  \
               - \"-O\"\n  \
               - /work-dir/index.html\n  \
               ports:\n  \
               - containerPort: 80\n  \
               volumeMounts:\n  \
               - name: workdir\n    \
                 mountPath: /work-dir\n  \
               env: []\n  \
               securityContext:\n    \
                 runAsUser: 1000\n    \
                 privileged: false\n"
        );
    }

    #[test]
    fn quotes_strings_yaml_would_read_differently() {
        for (text, written) in [
            ("true", "\"true\""),
            ("8080", "\"8080\""),
            ("", "\"\""),
            ("a: b", "\"a: b\""),
            ("line\nbreak", "\"line\\nbreak\""),
            ("- x", "\"- x\""),
            ("nginx:1.27", "nginx:1.27"),
            ("sh -c 'x'", "sh -c 'x'"),
        ] {
            assert_eq!(string(text), written, "{text:?}");
        }
    }
}
