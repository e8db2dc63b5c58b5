//! PL501 `pod-security-capabilities-baseline`: Pod Security check `capabilities_baseline` (baseline, from v1.0): a container adds a capability beyond the runtime's default set.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::lint::rules::pod_security::helpers::wording::{self, Sorted, join_quote};

/// A container adds a capability beyond the runtime's default set.
pub static RULE: Rule = Rule {
    id: "PL501",
    name: "pod-security-capabilities-baseline",
    severity: Severity::Error,
    summary: "a container adds a capability beyond the runtime's default set",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `capabilities_baseline` (level `baseline`; in `restricted` from v1.22 the stricter `capabilities_restricted`, PL521, takes its place): every capability in a container's `securityContext.capabilities.add` must be one of the runtime's defaults: `AUDIT_WRITE`, `CHOWN`, `DAC_OVERRIDE`, `FOWNER`, `FSETID`, `KILL`, `MKNOD`, `NET_BIND_SERVICE`, `SETFCAP`, `SETGID`, `SETPCAP`, `SETUID`, `SYS_CHROOT`. Names are compared as written (`CAP_SYS_ADMIN` is not `SYS_ADMIN`, and is forbidden too).

## Why
Capabilities such as `SYS_ADMIN`, `NET_ADMIN` or `SYS_PTRACE` give a container powers over the node's kernel that escape its isolation.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  containers:
  - name: app
    image: example/app:1.4
    securityContext:
      capabilities:
        add: [NET_ADMIN]
```

## How to fix
Remove the capability, or move the work that needs it to a namespace whose level allows it (`privileged`).

## Versions
- v1.0: the default set above.

## Same ground
PL406 `dangerous-capability-added` (best practice) reports the dangerous ones.

## Kubernetes reference
Pod Security Standards, Baseline, "Capabilities"; `policy/check_capabilities_baseline.go`.
"#,
};

/// The admission library's `capabilities_baseline` check, version by version.
pub static CHECK: Check = Check {
    id: "capabilities_baseline",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove the capabilities outside the default set from `securityContext.capabilities.add`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

/// The capabilities a container may add at baseline.
const ALLOWED: [&str; 13] = [
    "AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD",
    "NET_BIND_SERVICE", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT",
];

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut containers = Vec::new();
    let mut added = Sorted::new();
    let mut places = Vec::new();
    for (list, index, container) in visited(context) {
        let Some(capabilities) = container
            .security_context
            .as_ref()
            .and_then(|security| security.capabilities.as_ref())
        else {
            continue;
        };
        let mut bad = false;
        for (i, capability) in capabilities.add.iter().flatten().enumerate() {
            if !ALLOWED.contains(&capability.as_str()) {
                bad = true;
                added.insert(capability.clone());
                places.push(container_field(context, list, index, &["securityContext", "capabilities", "add"]).index(i));
            }
        }
        if bad {
            containers.push(name_of(container));
        }
    }
    if containers.is_empty() {
        return None;
    }
    Violation::at_places(
        "non-default capabilities",
        format!(
            "{} must not include {} in securityContext.capabilities.add",
            wording::containers(&containers),
            join_quote(&added)
        ),
        places,
    )
}
