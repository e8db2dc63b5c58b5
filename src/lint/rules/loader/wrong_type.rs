//! PL005 `wrong-type`: a field has a value of the wrong type.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a field has a value of the wrong type.
pub static RULE: Rule = Rule {
    id: "PL005",
    name: "wrong-type",
    severity: Severity::Error,
    summary: "a field has a value of the wrong type",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a value whose type does not match the field: a list where a mapping is expected (`containers: {}`), a number where a string is expected (`value: 8080`), a quoted number for an integer (`containerPort: "80"`), a number that overflows. Scalars that can still be read are read (and reported); a value that cannot be read stops the checks of that pod.

## Why
The API server decodes JSON strictly: `cannot unmarshal number into Go struct field EnvVar.value of type string`. YAML makes it easy to write `8080` or `yes` where a string is needed.

## Example
```yaml
env:
- name: PORT
  value: 8080     # must be a string
```

## How to fix
Quote strings that look like numbers or booleans (`"8080"`, `"yes"`); write integers without quotes; use a list or a mapping as the field requires.

## Kubernetes reference
Kubernetes API conventions (types of each field); `encoding/json` strict decoding in the API server.
"#,
};
