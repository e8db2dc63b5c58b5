//! PL401 `privilege-escalation-allowed`: a container that does not set `allowPrivilegeEscalation: false`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that does not set `allowPrivilegeEscalation: false`.
pub static RULE: Rule = Rule {
    id: "PL401",
    name: "privilege-escalation-allowed",
    severity: Severity::Warning,
    summary: "a container may gain more privileges than its process started with",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose `securityContext.allowPrivilegeEscalation` is not `false`. The field exists only on containers; unset means allowed. Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
Unless it is `false`, the container's processes run without the `no_new_privs` flag, so a setuid binary in the image (or one the process writes) can raise them to root inside the container, and file capabilities take effect. A short-lived init or defer container runs the same way as the app.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  securityContext:
    runAsNonRoot: true
```

## How to fix
Add `allowPrivilegeEscalation: false` to each container's `securityContext`. It cannot be combined with `privileged: true` or an added `CAP_SYS_ADMIN` (the API server rejects that), which are worse anyway (PL400, PL406). There is no automatic fix: a program that needs a setuid helper (`ping` on old images, `sudo`) stops working.

## Peer checks
kube-linter `privilege-escalation-container`; Polaris `privilegeEscalationAllowed`.

## Kubernetes reference
Pod Security Standards, Restricted profile ("Privilege Escalation"); `SecurityContext.allowPrivilegeEscalation` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        match security.own().and_then(|own| own.allow_privilege_escalation) {
            Some(false) => {}
            Some(true) => findings.push(
                RULE.finding(who() + " allows privilege escalation")
                    .at(security.container_field("allowPrivilegeEscalation"))
                    .label("setuid binaries may raise the process to root")
                    .help("set `allowPrivilegeEscalation: false`"),
            ),
            None => findings.push(
                RULE.finding(who() + " does not set `allowPrivilegeEscalation: false`")
                .at(security.container_field("allowPrivilegeEscalation"))
                .pointing_at(security.name_path())
                .label("privilege escalation allowed by default")
                .help("add `allowPrivilegeEscalation: false` to its `securityContext`"),
            ),
        }
    }
}
