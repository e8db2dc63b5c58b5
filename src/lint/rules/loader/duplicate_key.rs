//! PL002 `duplicate-key`: a mapping has the same key twice.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a mapping has the same key twice.
pub static RULE: Rule = Rule {
    id: "PL002",
    name: "duplicate-key",
    severity: Severity::Error,
    summary: "a mapping has the same key twice",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a key that appears twice in the same mapping. podlife keeps the first value and reports the second.

## Why
Kubernetes' decoder rejects duplicate keys (`mapping key "image" already defined`), and where a tool silently keeps one of them, which one wins differs between tools.

## Example
```yaml
containers:
- name: app
  image: nginx:1.27
  image: nginx:1.28   # duplicate
```

## How to fix
Delete one of the two entries.

## Kubernetes reference
`sigs.k8s.io/yaml` strict decoding, used by `kubectl apply` and the API server.
"#,
};
