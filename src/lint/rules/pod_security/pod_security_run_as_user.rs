//! PL525 `pod-security-run-as-user`: Pod Security check `runAsUser` (restricted, from v1.23): the pod or a container sets runAsUser to 0.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::in_user_namespace;
use crate::lint::rules::pod_security::helpers::setters::Setters;
use crate::yaml::field_path::FieldPath;

/// The pod or a container sets runAsUser to 0.
pub static RULE: Rule = Rule {
    id: "PL525",
    name: "pod-security-run-as-user",
    severity: Severity::Error,
    summary: "the pod or a container sets runAsUser to 0",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `runAsUser` (level `restricted`, from policy v1.23): neither the pod's nor any container's `securityContext.runAsUser` may be `0`. From policy v1.35 a pod in its own user namespace (`hostUsers: false`) passes, since its root is not the node's.

## Why
User 0 is root; `runAsNonRoot` alone does not stop a manifest from asking for it explicitly.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  securityContext:
    runAsNonRoot: true
  containers:
  - name: app
    image: example/app:1.4
    securityContext:
      runAsUser: 0
```

## How to fix
Use a non-zero user ID (and build the image so that the program runs as it).

## Versions
- v1.23: added.
- v1.35: pods with `hostUsers: false` pass.

## Same ground
PL403 `low-user-id` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted, "Running as Non-root user"; `policy/check_runAsUser.go`.
"#,
};

/// The admission library's `runAsUser` check, version by version.
pub static CHECK: Check = Check {
    id: "runAsUser",
    level: Level::Restricted,
    versions: &[
        Variant { since: 23, check: v1_23, overrides: &[] },
        Variant { since: 35, check: v1_35, overrides: &[] },
    ],
    help: "use a non-zero `runAsUser`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_23(context: &PodContext<'_>) -> Option<Violation> {
    let mut setters = Setters::default();
    setters.containers(
        context,
        &["securityContext", "runAsUser"],
        |container| (container.security_context.as_ref()?.run_as_user == Some(0)).then_some(()),
        |()| {},
    );
    if context.pod.spec.security_context.as_ref().and_then(|s| s.run_as_user) == Some(0) {
        setters.pod(FieldPath::root().children(&["spec", "securityContext", "runAsUser"]));
    }
    if setters.is_empty() {
        return None;
    }
    let detail = format!("{} must not set runAsUser=0", setters.joined());
    Violation::at_places("runAsUser=0", detail, setters.places)
}

fn v1_35(context: &PodContext<'_>) -> Option<Violation> {
    if in_user_namespace(context) {
        return None;
    }
    v1_23(context)
}
