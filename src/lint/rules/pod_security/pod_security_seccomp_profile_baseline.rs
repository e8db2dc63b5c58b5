//! PL509 `pod-security-seccomp-profile-baseline`: Pod Security check `seccompProfile_baseline` (baseline, from v1.0): a seccomp profile other than the runtime default or a localhost profile.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{name_of, visited};
use crate::k8s::model::SecurityProfile;
use crate::lint::rules::pod_security::helpers::setters::Setters;
use crate::lint::rules::pod_security::helpers::wording::{Sorted, join_quote, key_quoted_value, pluralize};
use crate::yaml::field_path::FieldPath;

/// A seccomp profile other than the runtime default or a localhost profile.
pub static RULE: Rule = Rule {
    id: "PL509",
    name: "pod-security-seccomp-profile-baseline",
    severity: Severity::Error,
    summary: "a seccomp profile other than the runtime default or a localhost profile",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `seccompProfile_baseline` (level `baseline`; in `restricted` from v1.19 the stricter `seccompProfile_restricted`, PL526, takes its place). Up to policy v1.18 it reads the legacy annotations: `seccomp.security.alpha.kubernetes.io/pod` and `container.seccomp.security.alpha.kubernetes.io/<container>` must be `runtime/default`, `docker/default` or `localhost/<profile>`. From v1.19 it reads the fields instead: the pod's and each container's `securityContext.seccompProfile.type`, where written, must be `RuntimeDefault` or `Localhost` (a profile with no `type` counts as the empty type).

## Why
`Unconfined` turns off the system-call filter, leaving the whole kernel interface open to the container.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  securityContext:
    seccompProfile:
      type: Unconfined
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Set `type: RuntimeDefault` (or a `Localhost` profile), or remove the profile at `baseline`.

## Versions
- v1.0: the annotations.
- v1.19: the `seccompProfile` fields (annotations no longer read).

## Same ground
PL407 `seccomp-not-restricted` (best practice); PL175 checks the annotations' validity.

## Kubernetes reference
Pod Security Standards, Baseline, "Seccomp"; `policy/check_seccompProfile_baseline.go`.
"#,
};

/// The admission library's `seccompProfile_baseline` check, version by version.
pub static CHECK: Check = Check {
    id: "seccompProfile_baseline",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
        Variant { since: 19, check: v1_19, overrides: &[] },
    ],
    help: "set `seccompProfile.type` to `RuntimeDefault` or `Localhost`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

const POD_ANNOTATION: &str = "seccomp.security.alpha.kubernetes.io/pod";
const CONTAINER_ANNOTATION_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";

fn valid_annotation(value: &str) -> bool {
    value == "runtime/default" || value == "docker/default" || value.starts_with("localhost/")
}

/// Whether a `seccompProfile.type` is allowed (`RuntimeDefault`, `Localhost`).
pub(in crate::lint::rules) fn valid_type(kind: Option<&str>) -> bool {
    matches!(kind, Some("RuntimeDefault" | "Localhost"))
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let annotations = context.pod.metadata.annotations.as_ref()?;
    let mut forbidden = Sorted::new();
    let mut places = Vec::new();
    let at = FieldPath::root().children(&["metadata", "annotations"]);
    let mut look = |key: String| {
        if let Some(value) = annotations.get(&key)
            && !valid_annotation(value)
        {
            forbidden.insert(key_quoted_value(&key, value));
            places.push(at.key(&key));
        }
    };
    look(POD_ANNOTATION.to_string());
    for (_, _, container) in visited(context) {
        look(format!("{CONTAINER_ANNOTATION_PREFIX}{}", name_of(container)));
    }
    if forbidden.is_empty() {
        return None;
    }
    let listed: Vec<String> = forbidden.into_iter().collect();
    Violation::at_places(
        "seccompProfile",
        format!(
            "forbidden {} {}",
            pluralize("annotation", "annotations", listed.len()),
            listed.join(", ")
        ),
        places,
    )
}

/// The profiles the pod and its containers set to a forbidden type: who set them (`pod`,
/// `containers "a", "b"`) and where, and the types (also `seccompProfile_restricted`'s first
/// test, PL526).
pub(in crate::lint::rules) struct ExplicitlyBad<'p> {
    pub setters: Setters<'p>,
    pub types: Sorted,
    /// Whether the pod's own profile has an allowed type.
    pub pod_set: bool,
}

/// The pod's and containers' profiles with a forbidden type.
pub(in crate::lint::rules) fn explicitly_bad<'p>(context: &PodContext<'p>) -> ExplicitlyBad<'p> {
    let mut setters = Setters::default();
    let mut types = Sorted::new();
    let forbidden = |profile: Option<&'p SecurityProfile>| {
        profile
            .filter(|profile| !valid_type(profile.kind.as_deref()))
            .map(|profile| profile.kind.clone().unwrap_or_default())
    };
    setters.containers(
        context,
        &["securityContext", "seccompProfile", "type"],
        |container| forbidden(container.security_context.as_ref()?.seccomp_profile.as_ref()),
        |kind| {
            types.insert(kind);
        },
    );
    let pod = context.pod.spec.security_context.as_ref().and_then(|s| s.seccomp_profile.as_ref());
    if let Some(kind) = forbidden(pod) {
        setters.pod(FieldPath::root().children(&["spec", "securityContext", "seccompProfile", "type"]));
        types.insert(kind);
    }
    ExplicitlyBad {
        setters,
        types,
        pod_set: pod.is_some_and(|profile| valid_type(profile.kind.as_deref())),
    }
}

impl ExplicitlyBad<'_> {
    /// The violation they make, if any.
    pub fn violation(self) -> Option<Violation> {
        if self.setters.is_empty() {
            return None;
        }
        let detail = format!(
            "{} must not set securityContext.seccompProfile.type to {}",
            self.setters.joined(),
            join_quote(&self.types)
        );
        Violation::at_places("seccompProfile", detail, self.setters.places)
    }
}

fn v1_19(context: &PodContext<'_>) -> Option<Violation> {
    explicitly_bad(context).violation()
}
