//! PL006 `unknown-field`: a field that Kubernetes does not know.

use crate::lint::finding::Severity;
use crate::lint::rules::Rule;

/// a field that Kubernetes does not know.
pub static RULE: Rule = Rule {
    id: "PL006",
    name: "unknown-field",
    severity: Severity::Warning,
    summary: "a field that Kubernetes does not know",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a key that is not a field of the object at that place, with the closest known field when there is one.

## Why
The API server drops unknown fields (or rejects them with `--validate=strict`, the default in kubectl since 1.25 warns or fails). A typo such as `imagePullPolicy` spelled `imagePulPolicy` silently does nothing.

## Example
```yaml
containers:
- name: app
  image: nginx
  imagePulPolicy: Always   # typo
```

## How to fix
Fix the spelling (see the help), or remove the field.

## Kubernetes reference
`kubectl apply --validate=strict`; server-side field validation (`fieldValidation=Strict`).
"#,
};
