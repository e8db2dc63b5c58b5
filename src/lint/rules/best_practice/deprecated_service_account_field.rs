//! PL422 `deprecated-service-account-field`: a pod that uses `serviceAccount`, the deprecated alias of `serviceAccountName`.

use crate::finding::{Applicability, Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod that uses `serviceAccount`.
pub static RULE: Rule = Rule {
    id: "PL422",
    name: "deprecated-service-account-field",
    severity: Severity::Warning,
    summary: "a pod uses `serviceAccount`, the deprecated alias of `serviceAccountName`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod spec with `serviceAccount`. Off by default, in the `best-practice` group.

## Why
`serviceAccount` has been deprecated since Kubernetes 1.0 in favour of `serviceAccountName`. The API server copies it into `serviceAccountName` when that is empty, and ignores it otherwise: with both set, a reader can believe the wrong one.

## Example
```yaml
spec:
  serviceAccount: builder
```

## How to fix
Rename the field to `serviceAccountName` (or remove it when `serviceAccountName` is set to the same name). `--fix` renames it when `serviceAccountName` is absent: the API server then reads the same account from either name, so the fix is safe. With both fields set it changes nothing: which one to keep is the author's choice.

## Peer checks
kube-linter `deprecated-service-account-field`.

## Kubernetes reference
`PodSpec.serviceAccount` in the Pod API reference ("DeprecatedServiceAccount").
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let Some(account) = spec.service_account.as_deref() else {
        return;
    };
    let help = match spec.service_account_name.as_deref() {
        Some(name) if name != account => format!(
            "remove it: `serviceAccountName` (`{name}`) is the one used"
        ),
        Some(_) => "remove it: `serviceAccountName` names the same account".to_string(),
        None => "rename it to `serviceAccountName`".to_string(),
    };
    let finding = RULE
        .finding("the pod uses the deprecated `serviceAccount`")
        .at(context.pod_path("spec.serviceAccount"))
        .on_key()
        .label("deprecated alias of `serviceAccountName`")
        .help(help);
    findings.push(if spec.service_account_name.is_none() {
        finding.fixed_by(Applicability::Safe, "serviceAccountName")
    } else {
        finding
    });
}
