//! PL500 `pod-security-app-armor-profile`: Pod Security check `appArmorProfile` (baseline, from v1.0): an AppArmor profile other than the runtime default or a localhost profile.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::lint::rules::pod_security::helpers::wording::{self, Sorted, join_quote, key_quoted_value, pluralize};
use crate::yaml::field_path::FieldPath;

/// An AppArmor profile other than the runtime default or a localhost profile.
pub static RULE: Rule = Rule {
    id: "PL500",
    name: "pod-security-app-armor-profile",
    severity: Severity::Error,
    summary: "an AppArmor profile other than the runtime default or a localhost profile",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `appArmorProfile` (level `baseline`, so `restricted` too): the pod's and each container's `securityContext.appArmorProfile.type` must be `RuntimeDefault` or `Localhost`, and a legacy annotation `container.apparmor.security.beta.kubernetes.io/<container>` must be empty, `runtime/default` or `localhost/<profile>`. A profile written with no `type` counts as the empty type, which is forbidden.

## Why
`Unconfined` removes the AppArmor confinement the runtime would otherwise apply, so a compromised process may use everything the kernel allows the container's user.

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
      appArmorProfile:
        type: Unconfined
```

## How to fix
Remove the profile (the runtime's default applies) or set `type: RuntimeDefault`, or a `Localhost` profile loaded on the nodes.

## Versions
- v1.0: as above (the field exists from Kubernetes 1.30; before, only the annotation).

## Same ground
PL408 `apparmor-unconfined` (best practice) reports the same `Unconfined` profiles.

## Kubernetes reference
Pod Security Standards, Baseline, "AppArmor"; `policy/check_appArmorProfile.go` of `k8s.io/pod-security-admission`.
"#,
};

/// The admission library's `appArmorProfile` check, version by version.
pub static CHECK: Check = Check {
    id: "appArmorProfile",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove the AppArmor profile or set its `type` to `RuntimeDefault` or `Localhost`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

const ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";

fn allowed_type(kind: Option<&str>) -> bool {
    matches!(kind, Some("RuntimeDefault" | "Localhost"))
}

fn allowed_annotation(value: &str) -> bool {
    value.is_empty() || value == "runtime/default" || value.starts_with("localhost/")
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut setters: Vec<String> = Vec::new();
    let mut values = Sorted::new();
    let mut places = Vec::new();
    let pod_profile = context
        .pod
        .spec
        .security_context
        .as_ref()
        .and_then(|security| security.app_armor_profile.as_ref());
    if let Some(profile) = pod_profile
        && !allowed_type(profile.kind.as_deref())
    {
        setters.push("pod".to_string());
        let kind = profile.kind.clone().unwrap_or_default();
        places.push(FieldPath::root().children(&["spec", "securityContext", "appArmorProfile", "type"]));
        values.insert(kind);
    }
    let mut containers = Vec::new();
    for (list, index, container) in visited(context) {
        let Some(profile) = container
            .security_context
            .as_ref()
            .and_then(|security| security.app_armor_profile.as_ref())
        else {
            continue;
        };
        if !allowed_type(profile.kind.as_deref()) {
            containers.push(name_of(container));
            let kind = profile.kind.clone().unwrap_or_default();
            places.push(container_field(context, list, index, &["securityContext", "appArmorProfile", "type"]));
            values.insert(kind);
        }
    }
    if !containers.is_empty() {
        setters.push(wording::containers(&containers));
    }
    let mut annotations = Vec::new();
    for (key, value) in context.pod.metadata.annotations.iter().flatten() {
        if key.starts_with(ANNOTATION_PREFIX) && !allowed_annotation(value) {
            annotations.push(key_quoted_value(key, value));
            places.push(FieldPath::root().children(&["metadata", "annotations"]).key(key));
        }
    }
    let mut listed: Vec<String> = values.into_iter().collect();
    if !annotations.is_empty() {
        annotations.sort();
        setters.push(pluralize("annotation", "annotations", annotations.len()).to_string());
        listed.extend(annotations);
    }
    if setters.is_empty() {
        return None;
    }
    Violation::at_places(
        pluralize("forbidden AppArmor profile", "forbidden AppArmor profiles", listed.len()),
        format!(
            "{} must not set AppArmor profile type to {}",
            setters.join(" and "),
            join_quote(&listed)
        ),
        places,
    )
}
