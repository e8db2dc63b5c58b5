//! PL424 `secret-as-env-var`: a container that reads a Secret into environment variables (`secretKeyRef`, `envFrom.secretRef`).

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that reads a Secret into environment variables.
pub static RULE: Rule = Rule {
    id: "PL424",
    name: "secret-as-env-var",
    severity: Severity::Warning,
    summary: "a container reads a Secret into environment variables instead of files",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports each `env[]` entry with `valueFrom.secretKeyRef`, and each `envFrom[]` entry with `secretRef` (the whole Secret as variables), in every container of any kind (init, native sidecar, app, ephemeral, defer). Off by default, in the `best-practice` group.

## Why
A variable is copied into every process the container starts and inherited by their children, shows in `/proc/<pid>/environ`, in crash dumps and in the logs of programs that print their environment, and is fixed when the container starts: a rotated Secret reaches the process only on a restart. A Secret mounted as a volume is a file only the container's user may read, updated in place by the kubelet (unless mounted with `subPath`). CIS Kubernetes Benchmark 5.4.1 prefers files.

## Example
```yaml
env:
- name: DB_PASSWORD
  valueFrom:
    secretKeyRef: {name: db, key: password}
```

## How to fix
Mount the Secret and read the file (many images accept a `_FILE` variable for this):
```yaml
env:
- name: DB_PASSWORD_FILE
  value: /run/secrets/db/password
volumeMounts:
- name: db
  mountPath: /run/secrets/db
  readOnly: true
```
with a `secret` volume named `db`. Software that reads its secret only from the environment suppresses the finding with a reason.

## Peer checks
kube-linter `read-secret-from-env-var`.

## Kubernetes reference
Kubernetes docs "Secrets" (using Secrets as files, and as environment variables); "Good practices for Kubernetes Secrets".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        let path = || context.container_path(list, index);
        for (position, variable) in container.env.iter().flatten().enumerate() {
            let Some(reference) = variable
                .value_from
                .as_ref()
                .and_then(|source| source.secret_key_ref.as_ref())
            else {
                continue;
            };
            let name = variable.name.as_deref().unwrap_or("");
            let secret = reference.name.as_deref().unwrap_or("");
            findings.push(
                RULE.finding(format!(
                    "{} reads Secret `{secret}` into the variable `{name}`",
                    who()
                ))
                .at(path()
                    .child("env")
                    .index(position)
                    .child("valueFrom")
                    .child("secretKeyRef"))
                .on_key()
                .label("a secret in the environment")
                .help("mount the Secret as a volume and read the file"),
            );
        }
        for (position, source) in container.env_from.iter().flatten().enumerate() {
            let Some(reference) = source.secret_ref.as_ref() else {
                continue;
            };
            let secret = reference.name.as_deref().unwrap_or("");
            findings.push(
                RULE.finding(format!(
                    "{} reads every key of Secret `{secret}` into variables",
                    who()
                ))
                .at(path().child("envFrom").index(position).child("secretRef"))
                .on_key()
                .label("a whole Secret in the environment")
                .help("mount the Secret as a volume and read its files"),
            );
        }
    }
}
