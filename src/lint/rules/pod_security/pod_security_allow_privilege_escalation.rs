//! PL520 `pod-security-allow-privilege-escalation`: Pod Security check `allowPrivilegeEscalation` (restricted, from v1.8): a container does not set allowPrivilegeEscalation to false.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited, os_is_windows};
use crate::finding::Applicability;
use crate::lint::rules::pod_security::helpers::edits::set_field;
use crate::lint::rules::pod_security::helpers::wording;

/// A container does not set allowPrivilegeEscalation to false.
pub static RULE: Rule = Rule {
    id: "PL520",
    name: "pod-security-allow-privilege-escalation",
    severity: Severity::Error,
    summary: "a container does not set allowPrivilegeEscalation to false",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `allowPrivilegeEscalation` (level `restricted`, from policy v1.8): every container must set `securityContext.allowPrivilegeEscalation: false`; unset counts as allowed. Windows pods (`spec.os.name: windows`) are not checked from policy v1.25 (the field is Linux-only).

## Why
Unless it is `false`, a process in the container can gain privileges through setuid binaries and file capabilities.

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
      runAsNonRoot: true
```

## How to fix
Set `allowPrivilegeEscalation: false` in each container's `securityContext`. `--fix --unsafe-fixes` writes it (unsafe: a program that relies on a setuid helper stops working).

## Versions
- v1.8: added.
- v1.25: Windows pods skipped.

## Same ground
PL401 `privilege-escalation-allowed` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted, "Privilege Escalation"; `policy/check_allowPrivilegeEscalation.go`.
"#,
};

/// The admission library's `allowPrivilegeEscalation` check, version by version.
pub static CHECK: Check = Check {
    id: "allowPrivilegeEscalation",
    level: Level::Restricted,
    versions: &[
        Variant { since: 8, check: v1_8, overrides: &[] },
        Variant { since: 25, check: v1_25, overrides: &[] },
    ],
    help: "set `securityContext.allowPrivilegeEscalation: false` in each container named",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_8(context: &PodContext<'_>) -> Option<Violation> {
    let mut containers = Vec::new();
    let mut places = Vec::new();
    let mut edits = Vec::new();
    let mut pointing = None;
    for (list, index, container) in visited(context) {
        let security = container.security_context.as_ref();
        let allowed = security.and_then(|s| s.allow_privilege_escalation);
        if allowed == Some(false) {
            continue;
        }
        containers.push(name_of(container));
        let path = container_field(context, list, index, &["securityContext", "allowPrivilegeEscalation"]);
        let written = usize::from(security.is_some()) + usize::from(allowed.is_some());
        let base = container_field(context, list, index, &[]);
        edits.push(set_field(&base, &["securityContext", "allowPrivilegeEscalation"], written, "false"));
        if places.is_empty() && allowed.is_none() {
            pointing = Some(container_field(context, list, index, &["name"]));
        }
        places.push(path);
    }
    if containers.is_empty() {
        return None;
    }
    Violation::at_places(
        "allowPrivilegeEscalation != false",
        format!(
            "{} must set securityContext.allowPrivilegeEscalation=false",
            wording::containers(&containers)
        ),
        places,
    )
    .map(|violation| violation.pointing_at(pointing).fixed(Applicability::Unsafe, edits))
}

fn v1_25(context: &PodContext<'_>) -> Option<Violation> {
    if os_is_windows(context) {
        return None;
    }
    v1_8(context)
}
