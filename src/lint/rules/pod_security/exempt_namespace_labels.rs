//! PL531 `exempt-namespace-labels`: Pod Security labels on a namespace the cluster exempts.

use crate::finding::Severity;
use crate::lint::rules::{Origin, Rule};

/// Pod Security labels on a namespace the cluster exempts.
pub static RULE: Rule = Rule {
    id: "PL531",
    name: "exempt-namespace-labels",
    severity: Severity::Warning,
    summary: "a Namespace the admission configuration exempts sets a Pod Security level that will be ignored",
    origin: Origin::Namespace,
    docs: r#"## What it does
Reports a `v1` Namespace named in `podSecurity.exemptions.namespaces` (the cluster's admission configuration, as `.podlife.yaml` describes it) whose `pod-security.kubernetes.io/*` labels set a policy other than the cluster's defaults: the admission controller answers such a Namespace with the warning `namespace "kube-system" is exempt from Pod Security, and the policy (enforce=restricted:latest) will be ignored`, naming each labelled mode whose level is not `privileged`.

## Why
The labels say the namespace is protected; the exemption says it is not. Pods that break the level are admitted there anyway, which is rarely what whoever wrote the labels meant.

## Example
```yaml
# .podlife.yaml: podSecurity: {exemptions: {namespaces: [kube-system]}}
apiVersion: v1
kind: Namespace
metadata:
  name: kube-system
  labels:
    pod-security.kubernetes.io/enforce: restricted
```

## How to fix
Remove the labels (the namespace is exempt), or remove the exemption so that the labels apply.

## Kubernetes reference
`k8s.io/pod-security-admission`: `admission/admission.go` (`ValidateNamespace`, `exemptNamespaceWarning`).
"#,
};
