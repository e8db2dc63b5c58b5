//! PL012 `unused-suppression`: a suppression entry (annotation or comment) that suppressed nothing.

use crate::finding::Severity;
use crate::lint::rules::{Origin, Rule};

/// a suppression entry that suppressed nothing.
pub static RULE: Rule = Rule {
    id: "PL012",
    name: "unused-suppression",
    severity: Severity::Warning,
    summary: "a suppression entry (`podlife.dev/ignore`, `# podlife: ignore[…]`) suppressed nothing",
    origin: Origin::Configuration,
    docs: r#"## What it does
Reports an entry of the `podlife.dev/ignore` annotation, or of a `# podlife: ignore[…]` comment, that names no known rule, or whose rules found nothing in that object (for a comment: on the lines it covers). Entries for rules that configuration has turned off are not reported.

## Why
A suppression outlives the problem it silenced: once the manifest is fixed, the stale entry would hide the next, unrelated finding of that rule. An unknown key is usually a typo, and then the finding it meant to silence is still reported.

## Example
```yaml
metadata:
  annotations:
    podlife.dev/ignore: "PL311: pinned by digest upstream"   # nothing fires PL311 here
spec:
  containers:
  - name: app
    image: nginx:1.27 # podlife: ignore[PL311]              # nor here
```

## How to fix
Remove the entry (or the whole annotation or comment). For a typo, use the rule ID or name the help suggests; `podlife rules` lists them.

## Kubernetes reference
None: the annotation and the comment are podlife's. Kubernetes stores annotations as-is and never sees comments.
"#,
};
