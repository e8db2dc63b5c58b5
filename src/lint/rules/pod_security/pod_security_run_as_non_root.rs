//! PL524 `pod-security-run-as-non-root`: Pod Security check `runAsNonRoot` (restricted, from v1.0): containers may run as root.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited, in_user_namespace};
use crate::finding::{Applicability, PathEdit};
use crate::lint::rules::pod_security::helpers::edits::set_field;
use crate::lint::rules::pod_security::helpers::wording;
use crate::yaml::field_path::FieldPath;

/// Containers may run as root.
pub static RULE: Rule = Rule {
    id: "PL524",
    name: "pod-security-run-as-non-root",
    severity: Severity::Error,
    summary: "containers may run as root",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `runAsNonRoot` (level `restricted`, from v1.0): the pod's `securityContext.runAsNonRoot` must be `true`, or every container must set it `true` itself; no container (and not the pod) may set it `false`. From policy v1.35 a pod in its own user namespace (`hostUsers: false`) passes, since its root is not the node's.

## Why
With `runAsNonRoot: true` the kubelet refuses to start a container whose user is root, whatever the image says.

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
```

## How to fix
Set `runAsNonRoot: true` in the pod's `securityContext` (and a non-zero `runAsUser` if the image's user is root). `--fix --unsafe-fixes` writes it at the pod level, or turns an explicit `false` into `true` (unsafe: an image whose user is root then fails to start, `CreateContainerConfigError`).

## Versions
- v1.0: as above.
- v1.35: pods with `hostUsers: false` pass.

## Same ground
PL402 `run-as-root-allowed` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted, "Running as Non-root"; `policy/check_runAsNonRoot.go`.
"#,
};

/// The admission library's `runAsNonRoot` check, version by version.
pub static CHECK: Check = Check {
    id: "runAsNonRoot",
    level: Level::Restricted,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
        Variant { since: 35, check: v1_35, overrides: &[] },
    ],
    help: "set `runAsNonRoot: true` in the pod's `securityContext`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let pod_security = context.pod.spec.security_context.as_ref();
    let pod_value = pod_security.and_then(|s| s.run_as_non_root);
    let mut setters = Vec::new();
    let mut places = Vec::new();
    let mut edits = Vec::new();
    let pod_path = FieldPath::root().children(&["spec", "securityContext", "runAsNonRoot"]);
    if pod_value == Some(false) {
        setters.push("pod".to_string());
        places.push(pod_path.clone());
        edits.push(PathEdit::Replace(pod_path.clone(), "true".to_string()));
    }
    let mut explicit = Vec::new();
    let mut implicit = Vec::new();
    let mut implicit_places = Vec::new();
    for (list, index, container) in visited(context) {
        let own = container.security_context.as_ref().and_then(|s| s.run_as_non_root);
        let path = container_field(context, list, index, &["securityContext", "runAsNonRoot"]);
        match own {
            Some(false) => {
                explicit.push(name_of(container));
                edits.push(PathEdit::Replace(path.clone(), "true".to_string()));
                places.push(path);
            }
            Some(true) => {}
            None if pod_value != Some(true) => {
                implicit.push(name_of(container));
                implicit_places.push((path, container_field(context, list, index, &["name"])));
            }
            None => {}
        }
    }
    if !explicit.is_empty() {
        setters.push(wording::containers(&explicit));
    }
    if !setters.is_empty() {
        return Violation::at_places(
            "runAsNonRoot != true",
            format!("{} must not set securityContext.runAsNonRoot=false", setters.join(" and ")),
            places,
        )
        .map(|violation| violation.fixed(Applicability::Unsafe, edits));
    }
    let (at, name) = implicit_places.first()?.clone();
    let mut violation = Violation::new(
        "runAsNonRoot != true",
        format!(
            "pod or {} must set securityContext.runAsNonRoot=true",
            wording::containers(&implicit)
        ),
        at,
    )
    .pointing_at(Some(name));
    violation.others = implicit_places.into_iter().skip(1).map(|(path, _)| path).collect();
    let edit = set_field(
        &FieldPath::root().child("spec"),
        &["securityContext", "runAsNonRoot"],
        usize::from(pod_security.is_some()),
        "true",
    );
    Some(violation.fixed(Applicability::Unsafe, vec![edit]))
}

fn v1_35(context: &PodContext<'_>) -> Option<Violation> {
    if in_user_namespace(context) {
        return None;
    }
    v1_0(context)
}
