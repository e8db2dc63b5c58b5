//! PL007 `invalid-quantity`: a resource quantity is not valid.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a resource quantity is not valid.
pub static RULE: Rule = Rule {
    id: "PL007",
    name: "invalid-quantity",
    severity: Severity::Error,
    summary: "a resource quantity is not valid",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a resource quantity that Kubernetes cannot parse, such as `1GiB`, `500mb` or `1.5.0`, with the valid spelling when it is a common slip.

## Why
The API server rejects the pod: `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`.

## Example
```yaml
resources:
  limits:
    memory: 1GiB    # not a Kubernetes unit
```

## How to fix
Use Kubernetes suffixes: binary `Ki Mi Gi Ti Pi Ei`, decimal `k M G T P E`, milli `m`, or an exponent (`1e3`).

## Kubernetes reference
`k8s.io/apimachinery/pkg/api/resource` (`ParseQuantity`).
"#,
};
