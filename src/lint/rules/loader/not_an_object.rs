//! PL004 `not-an-object`: a document is not a Kubernetes object.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a document is not a Kubernetes object.
pub static RULE: Rule = Rule {
    id: "PL004",
    name: "not-an-object",
    severity: Severity::Error,
    summary: "a document is not a Kubernetes object",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a document that looks like a Kubernetes object but has no `kind` or no `apiVersion`, and an item of a `List` that is not a mapping. A document that is plainly no Kubernetes object (not a mapping and no list of objects, or a mapping with no `kind` and none of `metadata`, `spec`, `containers`: a Compose file, a Helm `Chart.yaml` or `values.yaml`, a CI workflow) is not reported but skipped and counted, walked or named.

## Why
Every Kubernetes object is a mapping with `apiVersion` and `kind`; `kubectl` refuses anything else (`Object 'Kind' is missing`).

## Example
```yaml
apiVersion: v1
metadata:
  name: web      # no `kind`
```

## How to fix
Add the missing `apiVersion` and `kind`, or remove the stray document (a list at the top level, a bare string).

## Kubernetes reference
`k8s.io/apimachinery/pkg/runtime` decoding: `Object 'Kind' is missing in ...`.
"#,
};
