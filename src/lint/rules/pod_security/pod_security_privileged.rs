//! PL506 `pod-security-privileged`: Pod Security check `privileged` (baseline, from v1.0): a container runs privileged.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::finding::{Applicability, PathEdit};
use crate::lint::rules::pod_security::helpers::setters::Setters;

/// A container runs privileged.
pub static RULE: Rule = Rule {
    id: "PL506",
    name: "pod-security-privileged",
    severity: Severity::Error,
    summary: "a container runs privileged",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `privileged` (level `baseline`, so `restricted` too): no container may set `securityContext.privileged: true`.

## Why
A privileged container has every capability and every device of the node, and no confinement: it is root on the node in all but name.

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
      privileged: true
```

## How to fix
Remove `privileged` (or set it to `false`) and grant the one capability the work needs, if the level allows it. `--fix --unsafe-fixes` sets it to `false`: the container loses what it was given, so check that it still works.

## Versions
- v1.0: as above.

## Same ground
PL400 `privileged-container` (best practice).

## Kubernetes reference
Pod Security Standards, Baseline, "Privileged Containers"; `policy/check_privileged.go`.
"#,
};

/// The admission library's `privileged` check, version by version.
pub static CHECK: Check = Check {
    id: "privileged",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove `securityContext.privileged` or set it to `false`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut setters = Setters::default();
    setters.containers(
        context,
        &["securityContext", "privileged"],
        |container| (container.security_context.as_ref()?.privileged == Some(true)).then_some(()),
        |()| {},
    );
    if setters.is_empty() {
        return None;
    }
    let edits = setters
        .places
        .iter()
        .map(|path| PathEdit::Replace(path.clone(), "false".to_string()))
        .collect();
    let detail = format!("{} must not set securityContext.privileged=true", setters.joined());
    Violation::at_places("privileged", detail, setters.places)
        .map(|violation| violation.fixed(Applicability::Unsafe, edits))
}
