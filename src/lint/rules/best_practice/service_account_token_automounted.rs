//! PL416 `service-account-token-automounted`: a pod that does not set `automountServiceAccountToken: false`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A pod that does not set `automountServiceAccountToken: false`.
pub static RULE: Rule = Rule {
    id: "PL416",
    name: "service-account-token-automounted",
    severity: Severity::Warning,
    summary: "a pod mounts its service account's API token (no `automountServiceAccountToken: false`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod whose `spec.automountServiceAccountToken` is not `false`. podlife sees only the pod: a ServiceAccount with `automountServiceAccountToken: false` also stops the mount when the pod says nothing, so name this rule in `ignore` (or suppress it per object) when your service accounts say it. Off by default, in the `best-practice` group.

## Why
Unless turned off, the kubelet mounts an API token into every container of the pod, of every kind (init, native sidecar, app, ephemeral, defer). Most applications never call the Kubernetes API; for them the token only serves whoever gets code execution in any of the pod's containers.

## Example
```yaml
spec:
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Set `automountServiceAccountToken: false` in the pod spec. A pod that calls the API can mount a projected token into the one container that needs it.

## Peer checks
Polaris `automountServiceAccountToken`.

## Kubernetes reference
Kubernetes docs "Configure Service Accounts for Pods" (opt out of API credential automounting).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let path = context.pod_path("spec.automountServiceAccountToken");
    match context.pod.spec.automount_service_account_token {
        Some(false) => {}
        Some(true) => findings.push(
            RULE.finding("the pod mounts its service account's API token")
                .at(path)
                .label("`automountServiceAccountToken: true`")
                .help("set `automountServiceAccountToken: false` unless the pod calls the API"),
        ),
        None => findings.push(
            RULE.finding(
                "the pod does not set `automountServiceAccountToken: false`: its containers get an API token",
            )
            .at(path)
            .pointing_at(context.pod_path("spec"))
            .on_key()
            .label("a token is mounted unless the service account says otherwise")
            .help("set `automountServiceAccountToken: false` unless the pod calls the API"),
        ),
    }
}
