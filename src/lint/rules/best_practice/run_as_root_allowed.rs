//! PL402 `run-as-root-allowed`: a container that may run as root (no `runAsNonRoot: true`, no non-zero `runAsUser`).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that may run as root.
pub static RULE: Rule = Rule {
    id: "PL402",
    name: "run-as-root-allowed",
    severity: Severity::Warning,
    summary: "a container may run as root",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), that may run as user 0: its effective `runAsNonRoot` is not `true` and its effective `runAsUser` is unset or 0. Effective means the container's `securityContext` field, else the pod's `spec.securityContext` (the kubelet's rule). `runAsUser: 0` is reported even with `runAsNonRoot: true` (the kubelet then refuses to start the container). Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
Without either setting, the image's `USER` decides, and most images run as root. Root in a container is root on the node's files it can reach (mounted volumes, a host path) and one kernel bug away from the node. `runAsNonRoot: true` makes the kubelet refuse to start a container whose user is 0, so an image that changes its `USER` fails loudly instead of silently running as root. Init containers are often the forgotten ones: they run the same image tools as root before the app starts.

## Example
```yaml
spec:
  initContainers:
  - name: migrate
    image: example/migrate:2.0
  containers:
  - name: app
    image: example/app:1.4
    securityContext:
      runAsNonRoot: true
```

## How to fix
Set `runAsNonRoot: true` in the pod's `securityContext` (it then covers every container, init and ephemeral ones included) and, if the image has no numeric non-root `USER`, a non-zero `runAsUser`.

## Peer checks
kube-linter `run-as-non-root`; kube-score `container-security-context-user-group-id` (in part); Polaris `runAsRootAllowed`.

## Kubernetes reference
Pod Security Standards, Restricted profile ("Running as Non-root"); `PodSecurityContext.runAsNonRoot` and `SecurityContext.runAsNonRoot` in the Pod API reference; the kubelet's `verifyRunAsNonRoot`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    let mut pod_root_reported = false;
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        let user = security.run_as_user();
        if let Some(root) = user.as_ref().filter(|user| user.value == 0) {
            if root.from_pod {
                if pod_root_reported {
                    continue;
                }
                pod_root_reported = true;
            }
            let subject = if root.from_pod { "the pod".to_string() } else { who() };
            findings.push(
                RULE.finding(format!("{subject} runs as root (`runAsUser: 0`)"))
                    .at(root.path.clone())
                    .label("user 0")
                    .help("use a non-zero `runAsUser` and set `runAsNonRoot: true`"),
            );
            continue;
        }
        let non_root = security.run_as_non_root().is_some_and(|setting| setting.value);
        if non_root || user.is_some() {
            continue;
        }
        findings.push(
            RULE.finding(who() + " may run as root: no `runAsNonRoot: true` and no `runAsUser`")
            .at(security.container_field("runAsNonRoot"))
            .pointing_at(security.name_path())
            .label("the image's `USER` decides")
            .help("set `runAsNonRoot: true` in the pod's `securityContext` (it covers every container)"),
        );
    }
}
