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
Reports text that kubectl cannot read: a YAML syntax error, text that is not valid UTF-8, and what kubectl's reader (go-yaml, through `sigs.k8s.io/yaml`) refuses where YAML 1.2 reads on: a tab used for indentation, a control character, content after `---` on its line, a `%YAML`/`%TAG` directive, a `?` or a leading `:` in an unquoted value inside `[…]`/`{…}`, a mapping key that is not a scalar. A stream that starts with `{` is read as JSON values one after another, as kubectl reads it. A document after a `...` line with no `---` before it is reported too: kubectl never reads it. The finding points at the place reading stopped; the broken document is lost and reading goes on at the next `---` line.

## Why
`kubectl apply` stops at the first document it cannot read: that object, and the ones after it in the file, never reach the cluster.

## Example
```yaml
spec:
  containers:
  - name: app
	image: nginx   # a tab before `image`
  - name: proxy
    args: [--upstream=http://app?retry=1]   # go-yaml ends the value at `?`
```

## How to fix
Fix the text at the reported position. Indent with spaces, never tabs; close every `[` and `{`; quote values holding `?` inside `[…]`; save the file as UTF-8.

## Kubernetes reference
`sigs.k8s.io/yaml` and apimachinery's YAML-or-JSON decoder, which `kubectl` reads manifests with; docs/validate.md, "YAML as kubectl reads it", lists every difference from YAML 1.2.
"#,
};
