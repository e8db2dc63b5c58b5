//! PL417 `default-service-account`: a pod that runs as its namespace's `default` service account.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod that runs as the `default` service account.
pub static RULE: Rule = Rule {
    id: "PL417",
    name: "default-service-account",
    severity: Severity::Warning,
    summary: "a pod runs as its namespace's `default` service account",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod whose `serviceAccountName` (or the deprecated `serviceAccount`) is unset or `default`. Off by default, in the `best-practice` group.

## Why
Every pod of the namespace that names no service account shares `default`: a permission granted to it for one workload is granted to all, and audit logs cannot tell them apart. A service account per workload keeps its RBAC to what that workload needs.

## Example
```yaml
spec:
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Create a ServiceAccount for the workload and name it in `serviceAccountName`.

## Peer checks
kube-linter `default-service-account`.

## Kubernetes reference
Kubernetes docs "Service Accounts" (default service accounts); "RBAC Good Practices".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let named = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_string)
    };
    let (name, field) = match (named(&spec.service_account_name), named(&spec.service_account)) {
        (Some(name), _) => (Some(name), "serviceAccountName"),
        (None, Some(name)) => (Some(name), "serviceAccount"),
        (None, None) => (None, "serviceAccountName"),
    };
    let path = context.pod_path("spec").child(field);
    match name.as_deref() {
        Some("default") => findings.push(
            RULE.finding("the pod runs as the `default` service account")
                .at(path)
                .label("shared by every pod of the namespace that names none")
                .help("create a service account for this workload and name it here"),
        ),
        Some(_) => {}
        None => findings.push(
            RULE.finding("the pod names no service account: it runs as `default`")
                .at(path)
                .pointing_at(context.pod_path("spec"))
                .on_key()
                .label("no `serviceAccountName`")
                .help("create a service account for this workload and name it in `serviceAccountName`"),
        ),
    }
}
