//! PL139 `invalid-env-from`: an `envFrom[]` entry the API server rejects.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::api_validation::invalid_env_var_name::env_var_name_problems;
use crate::lint::rules::{Origin, PodContext, Rule};

/// an `envFrom[]` entry the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL139",
    name: "invalid-env-from",
    severity: Severity::Error,
    summary: "an `envFrom[]` entry the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each `envFrom[]` entry: exactly one of `configMapRef` or `secretRef`, with a `name` that is a valid object name (a lowercase DNS subdomain; a trailing `-` is tolerated, as for generated names), and a `prefix` that is a valid environment variable name prefix.

## Why
The API server rejects the pod (`spec.containers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef``, `…envFrom[0].configMapRef.name: Invalid value: "App_Config": a lowercase RFC 1123 subdomain must consist of …`). Note that Kubernetes reports the one-of errors at the list, `envFrom`, not at the entry; podlife points at the entry.

## Example
```yaml
envFrom:
- configMapRef: {name: App_Config}
  secretRef: {name: app-secrets}
```

## How to fix
One source per entry (add a second entry for the other), lowercase names with `-` and `.`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateEnvFrom`, `validateConfigMapEnvSource`, `validateSecretEnvSource` (`FieldValueRequired`, `FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let Some(entries) = container.env_from.as_deref().filter(|e| !e.is_empty()) else {
            continue;
        };
        let who = Who::new(list, container, index);
        let base = context.container_path(list, index).child("envFrom");
        for (entry_index, entry) in entries.iter().enumerate() {
            let at = base.index(entry_index);
            let mut problems = Vec::new();
            if let Some(prefix) = entry.prefix.as_deref().filter(|p| !p.is_empty()) {
                for reason in env_var_name_problems(context, prefix) {
                    problems.push(Problem::new(
                        at.child("prefix"),
                        k8s_type::INVALID,
                        Some(prefix.to_string()),
                        format!("`envFrom` prefix `{prefix}` of {who} is not valid"),
                        reason,
                        "use a prefix that is itself a valid variable name, e.g. `APP_`",
                    ));
                }
            }
            let sources = [
                ("configMapRef", entry.config_map_ref.as_ref()),
                ("secretRef", entry.secret_ref.as_ref()),
            ];
            let mut count = 0;
            for (field, source) in sources {
                let Some(source) = source else { continue };
                count += 1;
                let name = source.name.as_deref().unwrap_or("");
                if name.is_empty() {
                    problems.push(
                        Problem::new(
                            at.child(field).child("name"),
                            k8s_type::REQUIRED,
                            None,
                            format!("`envFrom` `{field}` of {who} has no `name`"),
                            "`name` is required",
                            "name the ConfigMap or Secret to read",
                        )
                        .pointing_at(at.child(field))
                        .on_key(),
                    );
                    continue;
                }
                for reason in crate::k8s::names::dns1123_subdomain(&mask_trailing_dash(name)) {
                    problems.push(Problem::new(
                        at.child(field).child("name"),
                        k8s_type::INVALID,
                        Some(name.to_string()),
                        format!("`envFrom` `{field}` of {who} names `{name}`, not a valid object name"),
                        reason,
                        "object names are lowercase letters, digits, `-` and `.`",
                    ));
                }
            }
            let (label, message) = match count {
                0 => (
                    "must specify one of: `configMapRef` or `secretRef`",
                    format!("`envFrom` entry #{} of {who} names no source", entry_index + 1),
                ),
                1 => {
                    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
                    continue;
                }
                _ => (
                    "may not have more than one field specified at a time",
                    format!("`envFrom` entry #{} of {who} names both a ConfigMap and a Secret", entry_index + 1),
                ),
            };
            problems.push(
                Problem::new(
                    base.clone(),
                    k8s_type::INVALID,
                    Some(String::new()),
                    message,
                    label,
                    "one source per entry: add another entry for the other",
                )
                .pointing_at(at.clone()),
            );
            findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
        }
    }
}

/// `maskTrailingDash`: a name ending in `-` (a `generateName` prefix) is checked with its last
/// two characters replaced by `a`.
fn mask_trailing_dash(name: &str) -> String {
    if name.len() > 1 && name.ends_with('-') {
        let cut: String = name.chars().take(name.chars().count().saturating_sub(2)).collect();
        format!("{cut}a")
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    fn errors(env_from: &str, minor: u8) -> Vec<(String, &'static str)> {
        let items: String = env_from.lines().fold(String::new(), |mut text, line| {
            text.push_str("    ");
            text.push_str(line);
            text.push('\n');
            text
        });
        let text = format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: image\n    envFrom:\n{items}"
        );
        let mut errors: Vec<(String, &'static str)> = all_findings_in(&text, true, gates(minor, ""))
            .into_iter()
            .filter(|f| f.rule.code == "PL139")
            .filter_map(|f| Some((f.path.as_ref()?.to_string().replace("spec.containers[0].envFrom", "field"), f.k8s_type()?)))
            .collect();
        errors.sort();
        errors
    }

    // TestValidateEnvFrom successCase (strict prefixes: 1.31) and TestRelaxedValidateEnvFrom.
    #[test]
    fn k7_test_validate_env_from_success() {
        let strict = "- configMapRef: {name: abc}\n- {prefix: pre_, configMapRef: {name: abc}}\n- {prefix: a.b, configMapRef: {name: abc}}\n- secretRef: {name: abc}\n- {prefix: pre_, secretRef: {name: abc}}\n- {prefix: a.b, secretRef: {name: abc}}";
        assert_eq!(errors(strict, 31), []);
        let relaxed = "- configMapRef: {name: abc}\n- {prefix: \"!\\\"#$%&'()\", configMapRef: {name: abc}}\n- {prefix: \"* +,-./0123456789\", configMapRef: {name: abc}}\n- secretRef: {name: abc}\n- {prefix: \":;<>?@\", secretRef: {name: abc}}\n- {prefix: \"[\\\\]^_`{}|~\", secretRef: {name: abc}}";
        assert_eq!(errors(relaxed, 33), []);
        // TestValidateEnvFrom updateErrorCase: the same prefixes under the strict rule.
        for prefix in ["\"!\\\"#$%&'()\"", "\"* +,-./0123456789\"", "\":;<>?@\"", "\"[\\\\]^_{}|~\""] {
            assert_eq!(
                errors(&format!("- {{prefix: {prefix}, secretRef: {{name: abc}}}}"), 31),
                [("field[0].prefix".to_string(), "FieldValueInvalid")],
                "{prefix}"
            );
        }
    }

    // TestValidateEnvFrom / TestRelaxedValidateEnvFrom errorCases.
    #[test]
    fn k7_test_validate_env_from_errors() {
        let rows: [(&str, &str, (&str, &str)); 8] = [
            ("zero-length name", "- configMapRef: {name: \"\"}", ("field[0].configMapRef.name", "FieldValueRequired")),
            ("invalid name", "- configMapRef: {name: \"$\"}", ("field[0].configMapRef.name", "FieldValueInvalid")),
            ("zero-length name", "- secretRef: {name: \"\"}", ("field[0].secretRef.name", "FieldValueRequired")),
            ("invalid name", "- secretRef: {name: \"&\"}", ("field[0].secretRef.name", "FieldValueInvalid")),
            ("no refs", "- {}", ("field", "FieldValueInvalid")),
            ("multiple refs", "- secretRef: {name: abc}\n  configMapRef: {name: abc}", ("field", "FieldValueInvalid")),
            ("invalid secret ref name", "- secretRef: {name: \"$%^&*#\"}", ("field[0].secretRef.name", "FieldValueInvalid")),
            ("invalid config ref name", "- configMapRef: {name: \"$%^&*#\"}", ("field[0].configMapRef.name", "FieldValueInvalid")),
        ];
        for (title, env_from, (path, kind)) in rows {
            for minor in [31, 33] {
                assert_eq!(errors(env_from, minor), [(path.to_string(), kind)], "{title} (1.{minor})");
            }
        }
        assert_eq!(errors("- {prefix: \"=abc\", configMapRef: {name: abc}}", 33), [("field[0].prefix".to_string(), "FieldValueInvalid")]);
        // maskTrailingDash: a generated-name prefix is a valid name.
        assert_eq!(errors("- configMapRef: {name: abc-}", 37), []);
    }
}
