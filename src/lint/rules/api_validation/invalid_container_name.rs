//! PL100 `invalid-container-name`: a container name is not a DNS-1123 label.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container name is not a DNS-1123 label.
pub static RULE: Rule = Rule {
    id: "PL100",
    name: "invalid-container-name",
    severity: Severity::Error,
    summary: "a container name is not a DNS-1123 label",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an init, app, ephemeral or defer container whose `name` is not a DNS-1123 label: at most 63 lowercase letters, digits and `-`, starting and ending with a letter or digit.

## Why
The API server rejects the pod (`spec.containers[0].name: Invalid value: "Web_App": a lowercase RFC 1123 label must consist of …`). Container names become parts of DNS names, log paths and status keys.

## Example
```yaml
containers:
- name: Web_App      # uppercase and `_`
  image: nginx:1.27
```

## How to fix
Rename the container with lowercase letters, digits and `-`, e.g. `web-app`, and update any reference to it (`kubectl logs -c`, `targetContainerName`).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerCommon` → `ValidateDNS1123Label` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let Some(name) = container.name.as_deref().filter(|name| !name.is_empty()) else {
            continue;
        };
        let Some(reason) = names::dns1123_label(name).into_iter().next() else {
            continue;
        };
        let suggestion = suggest_label(name);
        let help = if suggestion.is_empty() || suggestion == name {
            "use lowercase letters, digits and `-`, at most 63 characters".to_string()
        } else {
            format!(
                "rename it, e.g. `{suggestion}` (lowercase letters, digits and `-`, at most 63 characters)"
            )
        };
        findings.push(
            Problem::new(
                context.container_path(list, index).child("name"),
                k8s_type::INVALID,
                Some(name.to_string()),
                format!(
                    "{} name `{}` is not a valid DNS-1123 label",
                    list.noun(),
                    crate::text::clip(name)
                ),
                reason,
                help,
            )
            .into_finding(&RULE),
        );
    }
}

/// A DNS-1123 label close to `name`: lowercase, other characters as `-`, trimmed, at most 63.
fn suggest_label(name: &str) -> String {
    let mapped: String = name
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                '-'
            }
        })
        .collect();
    let mut label = String::new();
    for c in mapped.chars() {
        if !(c == '-' && label.ends_with('-')) {
            label.push(c);
        }
    }
    let label: String = label.trim_matches('-').chars().take(63).collect();
    label.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateContainers: "name > 63 characters", "name not a DNS label".
    #[test]
    fn k7_2_names_must_be_dns_labels() {
        let long = "a".repeat(64);
        for name in [long.as_str(), "a.b.c"] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - {{name: \"{name}\", image: image}}\n"
            );
            assert_eq!(
                k8s_errors(&RULE, &text, false),
                [("spec.containers[0].name".to_string(), "FieldValueInvalid")]
            );
        }
    }

    #[test]
    fn suggestion_is_a_label() {
        assert_eq!(suggest_label("Web_App"), "web-app");
        assert_eq!(suggest_label("a.b.c"), "a-b-c");
        assert_eq!(suggest_label("--x--"), "x");
        assert!(names::dns1123_label(&suggest_label(&"A".repeat(80))).is_empty());
    }
}
