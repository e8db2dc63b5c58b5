//! PL522 `pod-security-proc-mount-restricted`: Pod Security check `procMount_restricted` (restricted, from v1.35): a container unmasks /proc, even in a user namespace.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container unmasks /proc, even in a user namespace.
pub static RULE: Rule = Rule {
    id: "PL522",
    name: "pod-security-proc-mount-restricted",
    severity: Severity::Error,
    summary: "a container unmasks /proc, even in a user namespace",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `procMount_restricted` (level `restricted`, from policy v1.35, where it takes the place of `procMount`, PL507): a container's `securityContext.procMount` must be unset or `Default`, whether or not the pod runs in its own user namespace. Before v1.35 `restricted` runs `procMount` itself, which was then just as strict.

## Why
`restricted` keeps the rule `baseline` relaxed for user-namespaced pods: an unmasked `/proc` is never needed by an ordinary workload.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  hostUsers: false
  containers:
  - name: app
    image: example/app:1.4
    securityContext:
      procMount: Unmasked
```

## How to fix
Remove `procMount` (or set it to `Default`).

## Versions
- v1.35: added (overrides `procMount`).

## Same ground
PL420 `unsafe-proc-mount` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted; `policy/check_procMount_restricted.go`.
"#,
};

/// The admission library's `procMount_restricted` check, version by version.
pub static CHECK: Check = Check {
    id: "procMount_restricted",
    level: Level::Restricted,
    versions: &[
        Variant { since: 35, check: v1_35, overrides: &["procMount"] },
    ],
    help: "remove `securityContext.procMount` (or set it to `Default`)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_35(context: &PodContext<'_>) -> Option<Violation> {
    super::pod_security_proc_mount::unmasked(context)
}
