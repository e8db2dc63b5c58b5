//! PL507 `pod-security-proc-mount`: Pod Security check `procMount` (baseline, from v1.0): a container unmasks /proc.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::in_user_namespace;
use crate::lint::rules::pod_security::helpers::setters::Setters;
use crate::lint::rules::pod_security::helpers::wording::{Sorted, join_quote};

/// A container unmasks /proc.
pub static RULE: Rule = Rule {
    id: "PL507",
    name: "pod-security-proc-mount",
    severity: Severity::Error,
    summary: "a container unmasks /proc",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `procMount` (level `baseline`): a container's `securityContext.procMount` must be unset or `Default`. From policy v1.35 a pod in its own user namespace (`hostUsers: false`) may set any value at `baseline`; `restricted` then runs `procMount_restricted` (PL522) instead, which allows none.

## Why
`Unmasked` exposes the parts of `/proc` the runtime hides, among them kernel interfaces a container should not reach.

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
      procMount: Unmasked
```

## How to fix
Remove `procMount`; a nested container runtime that needs it can run with `hostUsers: false` (policy v1.35 on, `baseline` only).

## Versions
- v1.0: `Default` or unset only.
- v1.35: any value when `hostUsers: false`.

## Same ground
PL420 `unsafe-proc-mount` (best practice).

## Kubernetes reference
Pod Security Standards, Baseline, "/proc Mount Type"; `policy/check_procMount_baseline.go`.
"#,
};

/// The admission library's `procMount` check, version by version.
pub static CHECK: Check = Check {
    id: "procMount",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: unmasked, overrides: &[] },
        Variant { since: 35, check: v1_35, overrides: &[] },
    ],
    help: "remove `securityContext.procMount` (or set it to `Default`)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

/// The library's `procMount_1_0`: any `procMount` other than `Default` is forbidden (also
/// `procMount_restricted`'s check, PL522).
pub(in crate::lint::rules) fn unmasked(context: &PodContext<'_>) -> Option<Violation> {
    let mut setters = Setters::default();
    let mut kinds = Sorted::new();
    setters.containers(
        context,
        &["securityContext", "procMount"],
        |container| {
            let mount = container.security_context.as_ref()?.proc_mount.as_ref()?;
            (mount.as_str() != "Default").then_some(mount)
        },
        |mount| {
            kinds.insert(mount.clone());
        },
    );
    if setters.is_empty() {
        return None;
    }
    let detail = format!(
        "{} must not set securityContext.procMount to {}",
        setters.joined(),
        join_quote(&kinds)
    );
    Violation::at_places("procMount", detail, setters.places)
}

fn v1_35(context: &PodContext<'_>) -> Option<Violation> {
    if in_user_namespace(context) {
        return None;
    }
    unmasked(context)
}
