//! PL116 `invalid-env-var-name`: an environment variable has no name or an invalid one.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// an environment variable has no name or an invalid one.
pub static RULE: Rule = Rule {
    id: "PL116",
    name: "invalid-env-var-name",
    severity: Severity::Error,
    summary: "an environment variable has no name or an invalid one",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an `env` entry without a `name`, or whose name the API server refuses: anything but printable ASCII, or an `=` sign.

## Why
The API server rejects the pod (`spec.containers[0].env[0].name: Required value`, `…name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`). Since Kubernetes 1.32 (`RelaxedEnvironmentVariableValidation`) any other printable character is allowed; clusters before 1.32 also refused names that are not C-like identifiers (`[-._a-zA-Z][-._a-zA-Z0-9]*`), and podlife says so in the help.

## Example
```yaml
env:
- name: LOG_LEVEL=debug    # the value went into the name
```

## How to fix
Put the value in `value:` and keep the name to letters, digits, `_`, `-` and `.`, starting with a letter: `name: LOG_LEVEL`, `value: debug`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateEnv`; `k8s.io/apimachinery/pkg/util/validation` `IsRelaxedEnvVarName`, `IsEnvVarName` (`FieldValueRequired`, `FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        for (env_index, var) in container.env.iter().flatten().enumerate() {
            let at = || {
                context
                    .container_path(list, index)
                    .child("env")
                    .index(env_index)
                    .child("name")
            };
            let name = var.name.as_deref().unwrap_or("");
            let problem = if name.is_empty() {
                Problem::new(
                    at(),
                    k8s_type::REQUIRED,
                    None,
                    format!(
                        "environment variable #{} of {who} has no `name`",
                        env_index + 1
                    ),
                    "`name` is required",
                    "add `name:`, e.g. `LOG_LEVEL`",
                )
            } else if let Some(reason) = env_var_name_problems(context, name).into_iter().next() {
                let help = match name.split_once('=') {
                    Some((key, value)) if names::env_var_name_strict(key).is_empty() => {
                        format!("write `name: {key}` and `value: \"{value}\"`")
                    }
                    _ => {
                        "use letters, digits, `_`, `-` and `.`, starting with a letter".to_string()
                    }
                };
                Problem::new(
                    at(),
                    k8s_type::INVALID,
                    Some(name.to_string()),
                    format!("environment variable name `{name}` of {who} is not valid"),
                    reason,
                    help,
                )
            } else {
                continue;
            };
            findings.push(problem.into_finding(&RULE));
        }
    }
}

/// `IsRelaxedEnvVarName` with `RelaxedEnvironmentVariableValidation` (on by default from
/// 1.32), else the strict `IsEnvVarName`.
pub(crate) fn env_var_name_problems(context: &PodContext<'_>, name: &str) -> Vec<String> {
    if context
        .gates
        .enabled(crate::k8s::cluster::Gate::RelaxedEnvironmentVariableValidation)
    {
        names::env_var_name(name)
    } else {
        names::env_var_name_strict(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(env: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: abc\n    image: image\n    env:\n{env}"
        )
    }

    // TestValidateEnv / TestRelaxedValidateEnv: "zero-length name", "illegal character"; the
    // relaxed success rows. TestValidateContainers "invalid env var name" (`ev!1`) is valid under
    // the relaxed rule the API server applies since 1.32 (a deviation from the strict unit test).
    #[test]
    fn k7_env_var_names() {
        assert_eq!(
            k8s_errors(&RULE, &pod("    - {name: \"\"}\n"), true),
            [(
                "spec.containers[0].env[0].name".to_string(),
                "FieldValueRequired"
            )]
        );
        assert_eq!(
            k8s_errors(&RULE, &pod("    - {name: \"=abc\"}\n"), true),
            [(
                "spec.containers[0].env[0].name".to_string(),
                "FieldValueInvalid"
            )]
        );
        for relaxed in [
            "'!\"#$%&''()'",
            "'* +,-./0123456789'",
            "':;<>?@'",
            "'[\\]^_`{}|~'",
            "ev!1",
        ] {
            let text = pod(&format!("    - {{name: {relaxed}, value: value}}\n"));
            assert!(k8s_errors(&RULE, &text, true).is_empty(), "{relaxed}");
        }
        for strict in ["abc", "ABC", "AbC_123", "a.b.c", "a-b-c"] {
            let text = pod(&format!("    - {{name: {strict}, value: value}}\n"));
            assert!(k8s_errors(&RULE, &text, true).is_empty(), "{strict}");
        }
    }
}
