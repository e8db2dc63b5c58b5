//! PL006 `unknown-field`: a field that Kubernetes does not know.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a field that Kubernetes does not know.
pub static RULE: Rule = Rule {
    id: "PL006",
    name: "unknown-field",
    severity: Severity::Error,
    summary: "a field that Kubernetes does not know",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a key that is not a field of the object at that place, with the closest known field when there is one.

## Why
`kubectl apply` asks the API server for strict field validation by default (`--validate=strict`; server-side field validation is GA since Kubernetes 1.27), so the object is rejected (`strict decoding error: unknown field`); Helm validates rendered manifests against the API's OpenAPI schema and refuses them too. Where the server is asked only to warn or ignore, the field is dropped: a typo such as `imagePullPolicy` spelled `imagePulPolicy` silently does nothing. `--severity PL006=warning` reports them as warnings instead.

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
