//! PL418 `secret-in-env-value`: an environment variable whose name says secret and whose value is written in the manifest.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// Words in a variable's name that say it holds a secret.
const SECRET_WORDS: [&str; 10] = [
    "PASSWORD",
    "PASSWD",
    "SECRET",
    "TOKEN",
    "API_KEY",
    "APIKEY",
    "PRIVATE_KEY",
    "ACCESS_KEY",
    "CREDENTIAL",
    "AUTH_KEY",
];

/// Endings of names that hold where a secret is, not the secret.
const REFERENCE_ENDINGS: [&str; 8] = [
    "_FILE", "_PATH", "_DIR", "_NAME", "_REF", "_URL", "_ENDPOINT", "_HEADER",
];

/// An environment variable whose name says secret, with a literal `value`.
pub static RULE: Rule = Rule {
    id: "PL418",
    name: "secret-in-env-value",
    severity: Severity::Warning,
    summary: "a secret-looking environment variable has its value written in the manifest",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `env[]` entry, in every container of any kind (init, native sidecar, app, ephemeral, defer), whose name contains `PASSWORD`, `PASSWD`, `SECRET`, `TOKEN`, `API_KEY`, `APIKEY`, `PRIVATE_KEY`, `ACCESS_KEY`, `CREDENTIAL` or `AUTH_KEY` (any case) and whose `value` is written out. Not reported: names ending in `_FILE`, `_PATH`, `_DIR`, `_NAME`, `_REF`, `_URL`, `_ENDPOINT` or `_HEADER` (they say where a secret is), empty values, switches (`0`, `1`, `true`, `false`, `yes`, `no`, `on`, `off`: `MYSQL_ALLOW_EMPTY_PASSWORD: "1"`), values that are paths (`/…`), and values made only of `$(VAR)` references. The value itself is never printed. Off by default, in the `best-practice` group.

## Why
A value in the manifest is in the repository's history, in every rendered chart, in `kubectl get -o yaml` for whoever may read the workload, and in the API server's storage unencrypted. A Secret has its own RBAC, can be encrypted at rest, and can be rotated without a new manifest.

## Example
```yaml
env:
- name: DB_PASSWORD
  value: hunter2
```

## How to fix
```yaml
env:
- name: DB_PASSWORD
  valueFrom:
    secretKeyRef: {name: db, key: password}
```
Or mount the Secret as a file and point a `_FILE` variable at it.

## Peer checks
kube-linter `env-var-secret`; Polaris `sensitiveContainerEnvVar`.

## Kubernetes reference
Kubernetes docs "Secrets" (using Secrets as environment variables); "Good practices for Kubernetes Secrets".
"#,
};

/// Whether a variable name says it holds a secret.
fn looks_secret(name: &str) -> bool {
    let upper = name.to_ascii_uppercase().replace(['-', '.'], "_");
    SECRET_WORDS.iter().any(|word| upper.contains(word))
        && !REFERENCE_ENDINGS.iter().any(|ending| upper.ends_with(ending))
}

/// Whether a value is a switch, not a secret (`MYSQL_ALLOW_EMPTY_PASSWORD: "1"`).
fn is_switch(value: &str) -> bool {
    matches!(
        value.to_ascii_lowercase().as_str(),
        "0" | "1" | "true" | "false" | "yes" | "no" | "on" | "off"
    )
}

/// Whether a value is only `$(VAR)` references (and the text between them is empty).
fn only_references(value: &str) -> bool {
    let mut rest = value.trim();
    if rest.is_empty() {
        return false;
    }
    while let Some(after) = rest.strip_prefix("$(") {
        let Some(end) = after.find(')') else {
            return false;
        };
        rest = after.get(end + 1..).unwrap_or("").trim_start();
    }
    rest.is_empty()
}

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        for (position, variable) in container.env.iter().flatten().enumerate() {
            let (Some(name), Some(value)) = (variable.name.as_deref(), variable.value.as_deref())
            else {
                continue;
            };
            let value = value.trim();
            if !looks_secret(name) || value.is_empty() || value.starts_with('/') || is_switch(value) || only_references(value) {
                continue;
            }
            findings.push(
                RULE.finding(format!(
                    "{} has `{name}` written in the manifest",
                    list.describe_container(container, index)
                ))
                .at(context
                    .container_path(list, index)
                    .child("env")
                    .index(position)
                    .child("value"))
                .label("a secret in plain text")
                .help("read it from a Secret: `valueFrom: {secretKeyRef: {name: …, key: …}}`"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values_that_are_not_secrets_pass() {
        assert!(looks_secret("DB_PASSWORD"));
        assert!(looks_secret("github-token"));
        assert!(!looks_secret("PASSWORD_FILE"));
        assert!(!looks_secret("TOKEN_URL"));
        assert!(!looks_secret("LOG_LEVEL"));
        assert!(is_switch("1") && is_switch("True"));
        assert!(only_references("$(DB_PASSWORD)"));
        assert!(only_references("$(A) $(B)"));
        assert!(!only_references("x$(A)"));
        assert!(!only_references("$(A"));
    }
}
