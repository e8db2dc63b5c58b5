//! PL011 `no-objects`: an input holds no Kubernetes objects.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// an input holds no Kubernetes objects.
pub static RULE: Rule = Rule {
    id: "PL011",
    name: "no-objects",
    severity: Severity::Warning,
    summary: "an input holds no Kubernetes objects",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a file (or standard input) that holds no object at all: empty, only comments, or only empty documents. A directory given as input in which no Kubernetes object is found is reported the same way (`no Kubernetes objects under DIR`): the walk reads no file there (none, or every one hidden, ignored or excluded), or only files that hold no Kubernetes object (a Helm chart's `Chart.yaml` and `values.yaml`) and nothing else is reported.

On standard input (`-`, or a pipe) it is an error whatever the rule's level says by default: a
generator that failed and printed nothing (`helm template … | podlife validate -`) must fail the
CI step, not pass it.

## Why
An empty manifest in a CI directory usually means a templating step produced nothing, which is worth noticing before it is applied.

## Example
```yaml
# nothing but a comment
```

## How to fix
Remove the empty file, or fix the step that generates it.

## Kubernetes reference
`kubectl apply -f` on such a file does nothing (`error: no objects passed to apply`).
"#,
};
