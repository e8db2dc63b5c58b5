//! PL012 `unused-suppression`: a `podlife.dev/ignore` entry that suppressed nothing.

use crate::lint::finding::Severity;
use crate::lint::rules::{Origin, Rule};

/// a `podlife.dev/ignore` entry that suppressed nothing.
pub static RULE: Rule = Rule {
    id: "PL012",
    name: "unused-suppression",
    severity: Severity::Warning,
    summary: "a `podlife.dev/ignore` entry suppressed nothing",
    origin: Origin::Configuration,
    docs: r#"## What it does
Reports an entry of the `podlife.dev/ignore` annotation that names no known rule, or whose rules found nothing in that object. Entries for rules that configuration has turned off are not reported.

## Why
A suppression outlives the problem it silenced: once the manifest is fixed, the stale entry would hide the next, unrelated finding of that rule. An unknown key is usually a typo, and then the finding it meant to silence is still reported.

## Example
```yaml
metadata:
  annotations:
    podlife.dev/ignore: "PL311: pinned by digest upstream"   # nothing fires PL311 here
```

## How to fix
Remove the entry (or the whole annotation). For a typo, use the rule ID or name the help suggests; `podlife rules` lists them.

## Kubernetes reference
None: the annotation is podlife's (`podlife.dev/ignore`). Kubernetes stores annotations as-is.
"#,
};
