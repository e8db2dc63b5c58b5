//! PL508 `pod-security-selinux-options`: Pod Security check `seLinuxOptions` (baseline, from v1.0): an SELinux type, user or role a pod may not choose.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::k8s::model::SeLinuxOptions;
use crate::lint::rules::pod_security::helpers::wording::{self, Sorted, join_quote, pluralize};
use crate::yaml::field_path::FieldPath;

/// An SELinux type, user or role a pod may not choose.
pub static RULE: Rule = Rule {
    id: "PL508",
    name: "pod-security-selinux-options",
    severity: Severity::Error,
    summary: "an SELinux type, user or role a pod may not choose",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `seLinuxOptions` (level `baseline`, so `restricted` too): in the pod's and each container's `securityContext.seLinuxOptions`, `type` must be unset or one of `container_t`, `container_init_t`, `container_kvm_t` (and `container_engine_t` from policy v1.31), and `user` and `role` must be unset.

## Why
The SELinux type decides what the container's processes may touch on the node; choosing another type, user or role can lift the confinement the runtime applies.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  securityContext:
    seLinuxOptions:
      type: spc_t
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove the type, user and role (the runtime chooses); `level` may stay.

## Versions
- v1.0: types `container_t`, `container_init_t`, `container_kvm_t`.
- v1.31: also `container_engine_t`.

## Same ground
None of the best-practice rules.

## Kubernetes reference
Pod Security Standards, Baseline, "SELinux"; `policy/check_seLinuxOptions.go`.
"#,
};

/// The admission library's `seLinuxOptions` check, version by version.
pub static CHECK: Check = Check {
    id: "seLinuxOptions",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
        Variant { since: 31, check: v1_31, overrides: &[] },
    ],
    help: "remove `type`, `user` and `role` from `seLinuxOptions` (or use an allowed type)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

const TYPES_1_0: &[&str] = &["", "container_t", "container_init_t", "container_kvm_t"];
const TYPES_1_31: &[&str] = &["", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"];

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    options(context, TYPES_1_0)
}

fn v1_31(context: &PodContext<'_>) -> Option<Violation> {
    options(context, TYPES_1_31)
}

/// What is wrong with the options written at `path`: (type, user, role) problems.
struct Found {
    types: Sorted,
    user: bool,
    role: bool,
    places: Vec<FieldPath>,
}

impl Found {
    /// Records `options` (written at `path`); whether they are forbidden.
    fn read(&mut self, options: &SeLinuxOptions, path: &FieldPath, allowed: &[&str]) -> bool {
        let mut valid = true;
        let kind = options.kind.as_deref().unwrap_or("");
        if !allowed.contains(&kind) {
            valid = false;
            self.types.insert(kind.to_string());
            self.places.push(path.child("type"));
        }
        if options.user.as_deref().is_some_and(|user| !user.is_empty()) {
            valid = false;
            self.user = true;
            self.places.push(path.child("user"));
        }
        if options.role.as_deref().is_some_and(|role| !role.is_empty()) {
            valid = false;
            self.role = true;
            self.places.push(path.child("role"));
        }
        valid
    }
}

fn options(context: &PodContext<'_>, allowed: &[&str]) -> Option<Violation> {
    let mut found = Found { types: Sorted::new(), user: false, role: false, places: Vec::new() };
    let mut setters = Vec::new();
    let pod = context.pod.spec.security_context.as_ref().and_then(|s| s.se_linux_options.as_ref());
    if let Some(options) = pod
        && !found.read(options.get(), &FieldPath::root().children(&["spec", "securityContext", "seLinuxOptions"]), allowed)
    {
        setters.push("pod".to_string());
    }
    let mut containers = Vec::new();
    for (list, index, container) in visited(context) {
        let own = container.security_context.as_ref().and_then(|s| s.se_linux_options.as_ref());
        if let Some(options) = own
            && !found.read(options.get(), &container_field(context, list, index, &["securityContext", "seLinuxOptions"]), allowed)
        {
            containers.push(name_of(container));
        }
    }
    if !containers.is_empty() {
        setters.push(wording::containers(&containers));
    }
    if setters.is_empty() {
        return None;
    }
    let mut data = Vec::new();
    if !found.types.is_empty() {
        data.push(format!(
            "{} {}",
            pluralize("type", "types", found.types.len()),
            join_quote(&found.types)
        ));
    }
    if found.user {
        data.push("user may not be set".to_string());
    }
    if found.role {
        data.push("role may not be set".to_string());
    }
    Violation::at_places(
        "seLinuxOptions",
        format!(
            "{} set forbidden securityContext.seLinuxOptions: {}",
            setters.join(" and "),
            data.join("; ")
        ),
        found.places,
    )
}
