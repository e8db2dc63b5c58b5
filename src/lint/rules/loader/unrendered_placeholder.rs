//! PL014 `unrendered-placeholder`: a value that is an environment-variable placeholder
//! (`$NAME`, `${NAME}`, as `envsubst` fills in), so a check on it was skipped.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// a value holds an unrendered `$NAME` placeholder.
pub static RULE: Rule = Rule {
    id: "PL014",
    name: "unrendered-placeholder",
    severity: Severity::Warning,
    summary: "a value holds an environment-variable placeholder (`$NAME`, `${NAME}`), so its checks were skipped",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports a value that a check found wrong but that holds a shell-style placeholder, `$NAME` or `${NAME}` (with `${NAME:-default}` and the other `envsubst` forms), instead of that check's finding, and names the check that was skipped. Kubernetes' own `$(NAME)` expansion in `command`, `args` and `env` is not a placeholder.

## Why
Many published manifests are meant for `envsubst < pod.yaml | kubectl apply -f -`: `serviceAccountName: $KSA_NAME` is not a service account name until it is rendered. Reporting the unrendered text as invalid would bury real findings; passing it silently would hide that the check never ran. podlife says which check it skipped.

## Example
```yaml
spec:
  serviceAccountName: ${KSA_NAME}
```

## How to fix
Render the file and check the result: `envsubst < pod.yaml | podlife validate -`. A pipeline that applies files as they are can make this an error: `--severity PL014=error`.

## Kubernetes reference
None: the API server receives the rendered text. Unrendered, it rejects the value as the skipped check says.
"#,
};
