//! PL526 `pod-security-seccomp-profile-restricted`: Pod Security check `seccompProfile_restricted` (restricted, from v1.19): no seccomp profile, or one other than the runtime default or a localhost profile.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited, os_is_windows};
use crate::finding::{Applicability, PathEdit};
use crate::lint::rules::pod_security::helpers::edits::set_field;
use crate::lint::rules::pod_security::helpers::wording;
use crate::lint::rules::pod_security::pod_security_seccomp_profile_baseline::explicitly_bad;
use crate::yaml::field_path::FieldPath;

/// No seccomp profile, or one other than the runtime default or a localhost profile.
pub static RULE: Rule = Rule {
    id: "PL526",
    name: "pod-security-seccomp-profile-restricted",
    severity: Severity::Error,
    summary: "no seccomp profile, or one other than the runtime default or a localhost profile",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `seccompProfile_restricted` (level `restricted`, from policy v1.19, where it takes the place of `seccompProfile_baseline`, PL509): the pod's `securityContext.seccompProfile.type` must be `RuntimeDefault` or `Localhost`, or every container must set one of them itself; no profile written anywhere may have another type. Windows pods (`spec.os.name: windows`) are not checked from policy v1.25 (the field is Linux-only).

## Why
Without a profile the container may run `Unconfined` (the kubelet's default unless `SeccompDefault` is on), with every system call open.

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
Set `seccompProfile: {type: RuntimeDefault}` in the pod's `securityContext`. `--fix --unsafe-fixes` writes it, or turns a forbidden type into `RuntimeDefault` (unsafe: a program that uses a system call the default profile blocks fails).

## Versions
- v1.19: added.
- v1.25: Windows pods skipped.

## Same ground
PL407 `seccomp-not-restricted` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted, "Seccomp"; `policy/check_seccompProfile_restricted.go`.
"#,
};

/// The admission library's `seccompProfile_restricted` check, version by version.
pub static CHECK: Check = Check {
    id: "seccompProfile_restricted",
    level: Level::Restricted,
    versions: &[
        Variant { since: 19, check: v1_19, overrides: &["seccompProfile_baseline"] },
        Variant { since: 25, check: v1_25, overrides: &["seccompProfile_baseline"] },
    ],
    help: "set `seccompProfile.type: RuntimeDefault` in the pod's `securityContext`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_19(context: &PodContext<'_>) -> Option<Violation> {
    let bad = explicitly_bad(context);
    let pod_security = context.pod.spec.security_context.as_ref();
    let pod_written = pod_security.is_some_and(|s| s.seccomp_profile.is_some());
    let pod_set = bad.pod_set;
    let mut implicit = Vec::new();
    let mut implicit_places = Vec::new();
    for (list, index, container) in visited(context) {
        let own = container.security_context.as_ref().and_then(|s| s.seccomp_profile.as_ref());
        if own.is_none() && !pod_set {
            implicit.push(name_of(container));
            implicit_places.push((
                container_field(context, list, index, &["securityContext", "seccompProfile"]),
                container_field(context, list, index, &["name"]),
            ));
        }
    }
    let type_edits: Vec<PathEdit> = bad
        .setters
        .places
        .iter()
        .map(|path| PathEdit::Replace(path.clone(), "RuntimeDefault".to_string()))
        .collect();
    let pod_edit = (!implicit.is_empty() && !pod_written).then(|| {
        set_field(
            &FieldPath::root().child("spec"),
            &["securityContext", "seccompProfile"],
            usize::from(pod_security.is_some()),
            "{type: RuntimeDefault}",
        )
    });
    let mut edits = type_edits;
    edits.extend(pod_edit);
    if let Some(violation) = bad.violation() {
        return Some(violation.fixed(Applicability::Unsafe, edits));
    }
    let (at, name) = implicit_places.first()?.clone();
    let mut violation = Violation::new(
        "seccompProfile",
        format!(
            "pod or {} must set securityContext.seccompProfile.type to \"RuntimeDefault\" or \"Localhost\"",
            wording::containers(&implicit)
        ),
        at,
    )
    .pointing_at(Some(name));
    violation.others = implicit_places.into_iter().skip(1).map(|(path, _)| path).collect();
    Some(violation.fixed(Applicability::Unsafe, edits))
}

fn v1_25(context: &PodContext<'_>) -> Option<Violation> {
    if os_is_windows(context) {
        return None;
    }
    v1_19(context)
}
