//! PL002 `duplicate-key`: a mapping has the same key twice.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a mapping has the same key twice.
pub static RULE: Rule = Rule {
    id: "PL002",
    name: "duplicate-key",
    severity: Severity::Warning,
    summary: "a mapping has the same key twice",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a key that appears twice in the same mapping, and a merge key (`<<`) that overrides a key written before it. podlife keeps what kubectl keeps: the last value.

## Why
kubectl reads manifests with go-yaml, which keeps the last of two values silently; the API server then never sees the first one (kubectl sends the object it decoded, as JSON). Other readers disagree: kustomize, Flux and every tool built on `yaml.v3` reject the file (`mapping key "image" already defined`), and YAML's merge-key rule keeps a written key over a merged one where go-yaml lets a later `<<` override it. A repeated key is almost always an editing slip, and which value was meant is not knowable.

## Example
```yaml
containers:
- name: app
  image: nginx:1.27
  image: nginx:1.28   # duplicate: kubectl applies this one
```

## How to fix
Delete the entry you did not mean.

## Kubernetes reference
`sigs.k8s.io/yaml` (`YAMLToJSON`, go-yaml v2), as kubectl's resource builder reads a manifest.
"#,
};
