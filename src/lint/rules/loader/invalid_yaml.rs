//! PL001 `invalid-yaml`: the input is not valid YAML or JSON.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// the input is not valid YAML or JSON.
pub static RULE: Rule = Rule {
    id: "PL001",
    name: "invalid-yaml",
    severity: Severity::Error,
    summary: "the input is not valid YAML or JSON",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports text that does not parse as YAML (or JSON, which podlife reads as YAML): a syntax error, a tab used for indentation, text that is not valid UTF-8. The finding points at the place the parser stopped; the rest of that file cannot be read.

## Why
`kubectl apply` rejects the whole file, so nothing in it reaches the cluster.

## Example
```yaml
spec:
  containers:
  - name: app
	image: nginx   # a tab before `image`
```

## How to fix
Fix the syntax at the reported position. Indent with spaces, never tabs; close every `[` and `{`; save the file as UTF-8.

## Kubernetes reference
YAML 1.2 specification; `sigs.k8s.io/yaml`, which `kubectl` uses to read manifests.
"#,
};
