//! PL521 `pod-security-capabilities-restricted`: Pod Security check `capabilities_restricted` (restricted, from v1.22): a container does not drop ALL capabilities, or adds one other than NET_BIND_SERVICE.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited, os_is_windows};
use crate::finding::Applicability;
use crate::lint::rules::pod_security::helpers::edits::set_field;
use crate::lint::rules::pod_security::helpers::wording::{self, Sorted, join_quote};

/// A container does not drop ALL capabilities, or adds one other than NET_BIND_SERVICE.
pub static RULE: Rule = Rule {
    id: "PL521",
    name: "pod-security-capabilities-restricted",
    severity: Severity::Error,
    summary: "a container does not drop ALL capabilities, or adds one other than NET_BIND_SERVICE",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `capabilities_restricted` (level `restricted`, from policy v1.22, where it takes the place of `capabilities_baseline`, PL501): every container must list `ALL` in `securityContext.capabilities.drop`, and may add only `NET_BIND_SERVICE`. Windows pods (`spec.os.name: windows`) are not checked from policy v1.25 (the field is Linux-only).

## Why
Dropping everything and adding back only what is needed leaves a compromised process with no kernel privileges to abuse.

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
      capabilities:
        add: [NET_RAW]
```

## How to fix
Add `drop: ["ALL"]` to each container's `securityContext.capabilities` and remove added capabilities other than `NET_BIND_SERVICE`. `--fix --unsafe-fixes` writes `drop: ["ALL"]` when nothing forbidden is added (unsafe: a process that needed a default capability, `CHOWN` say, loses it).

## Versions
- v1.22: added.
- v1.25: Windows pods skipped.

## Same ground
PL405 `capabilities-not-dropped` and PL406 `dangerous-capability-added` (best practice).

## Kubernetes reference
Pod Security Standards, Restricted, "Capabilities"; `policy/check_capabilities_restricted.go`.
"#,
};

/// The admission library's `capabilities_restricted` check, version by version.
pub static CHECK: Check = Check {
    id: "capabilities_restricted",
    level: Level::Restricted,
    versions: &[
        Variant { since: 22, check: v1_22, overrides: &["capabilities_baseline"] },
        Variant { since: 25, check: v1_25, overrides: &["capabilities_baseline"] },
    ],
    help: "drop `ALL` capabilities and add back only `NET_BIND_SERVICE`",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_22(context: &PodContext<'_>) -> Option<Violation> {
    let mut missing_drop = Vec::new();
    let mut adding = Vec::new();
    let mut forbidden = Sorted::new();
    let mut places = Vec::new();
    let mut edits = Vec::new();
    let mut pointing = None;
    for (list, index, container) in visited(context) {
        let security = container.security_context.as_ref();
        let capabilities = security.and_then(|s| s.capabilities.as_ref());
        let drop = capabilities.and_then(|c| c.drop.as_ref());
        let drops_all = drop.is_some_and(|drop| drop.iter().any(|c| c == "ALL"));
        if !drops_all {
            missing_drop.push(name_of(container));
            let base = container_field(context, list, index, &[]);
            let fields = ["securityContext", "capabilities", "drop"];
            let written = usize::from(security.is_some())
                + usize::from(capabilities.is_some())
                + usize::from(drop.is_some());
            edits.push(set_field(&base, &fields, written, "[\"ALL\"]"));
            if places.is_empty() && drop.is_none() {
                pointing = Some(container_field(context, list, index, &["name"]));
            }
            places.push(container_field(context, list, index, &fields));
        }
        let mut adds = false;
        for (i, capability) in capabilities.and_then(|c| c.add.as_ref()).into_iter().flatten().enumerate() {
            if capability != "NET_BIND_SERVICE" {
                adds = true;
                forbidden.insert(capability.clone());
                places.push(container_field(context, list, index, &["securityContext", "capabilities", "add"]).index(i));
            }
        }
        if adds {
            adding.push(name_of(container));
        }
    }
    let mut details = Vec::new();
    if !missing_drop.is_empty() {
        details.push(format!(
            "{} must set securityContext.capabilities.drop=[\"ALL\"]",
            wording::containers(&missing_drop)
        ));
    }
    if !adding.is_empty() {
        details.push(format!(
            "{} must not include {} in securityContext.capabilities.add",
            wording::containers(&adding),
            join_quote(&forbidden)
        ));
    }
    if details.is_empty() {
        return None;
    }
    // Only dropping is certain: removing added capabilities is the author's choice.
    let edits = if adding.is_empty() { edits } else { Vec::new() };
    Violation::at_places("unrestricted capabilities", details.join("; "), places)
        .map(|violation| violation.pointing_at(pointing).fixed(Applicability::Unsafe, edits))
}

fn v1_25(context: &PodContext<'_>) -> Option<Violation> {
    if os_is_windows(context) {
        return None;
    }
    v1_22(context)
}
