//! PL530 `invalid-pod-security-label`: a Namespace's Pod Security label the API server refuses.

use crate::finding::Severity;
use crate::lint::rules::{Origin, Rule};

/// A Namespace's Pod Security label the API server refuses.
pub static RULE: Rule = Rule {
    id: "PL530",
    name: "invalid-pod-security-label",
    severity: Severity::Error,
    summary: "a Namespace's Pod Security label holds no level or version",
    origin: Origin::Namespace,
    docs: r#"## What it does
Reports a `v1` Namespace whose Pod Security label holds no string (a list, a mapping), or whose `pod-security.kubernetes.io/enforce`, `warn` or `audit` label is not `privileged`, `baseline` or `restricted` (exactly: no other case, no spaces), or whose `…-version` label is not `latest` or `v1.N` (`N` without leading zeros). It runs on every Namespace object in the run, whether or not a level applies elsewhere.

## Why
The Pod Security admission controller refuses to create such a Namespace (and to change one to such labels): `metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "Restricted": must be one of privileged, baseline, restricted`. Where a Namespace with such labels exists already, an unreadable `enforce` level counts as `restricted` (it fails closed), unreadable `warn` and `audit` levels count as `privileged`, and an unreadable version as `latest`: podlife checks the objects of the namespace the same way.

## Example
```yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    pod-security.kubernetes.io/enforce: Restricted
    pod-security.kubernetes.io/enforce-version: "1.30"
```

## How to fix
Write the level in lower case and the version as `v1.30` (or `latest`). `--fix` rewrites a level whose only mistake is its case, and a version written without its `v` (both safe: the meaning is certain).

## Kubernetes reference
`k8s.io/pod-security-admission`: `api/helpers.go` (`ParseLevel`, `ParseVersion`, `PolicyToEvaluate`) and `admission/admission.go` (`ValidateNamespace`).
"#,
};
