//! PL503 `pod-security-host-path-volumes`: Pod Security check `hostPathVolumes` (baseline, from v1.0): a volume mounts a path of the node.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::wording::{join_quote, pluralize};
use crate::yaml::field_path::FieldPath;

/// A volume mounts a path of the node.
pub static RULE: Rule = Rule {
    id: "PL503",
    name: "pod-security-host-path-volumes",
    severity: Severity::Error,
    summary: "a volume mounts a path of the node",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `hostPathVolumes` (level `baseline`; in `restricted` the wider `restrictedVolumes`, PL523, takes its place): no volume may be a `hostPath` volume.

## Why
A `hostPath` volume exposes the node's files to the container: its credentials, its runtime's socket, other pods' data.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  volumes:
  - name: logs
    hostPath: {path: /var/log}
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Use an `emptyDir`, a `persistentVolumeClaim`, a `configMap`/`secret`/`projected` volume or a CSI driver instead.

## Versions
- v1.0: as above.

## Same ground
PL413 `host-path-volume` (best practice).

## Kubernetes reference
Pod Security Standards, Baseline, "HostPath Volumes"; `policy/check_hostPathVolumes.go`.
"#,
};

/// The admission library's `hostPathVolumes` check, version by version.
pub static CHECK: Check = Check {
    id: "hostPathVolumes",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "replace the `hostPath` volumes (an `emptyDir`, a claim, a CSI volume)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut names = Vec::new();
    let mut places = Vec::new();
    for (index, volume) in context.pod.spec.volumes.iter().flatten().enumerate() {
        if volume.source.has("hostPath") {
            let name = volume.name.as_deref().unwrap_or("");
            names.push(name);
            places.push(FieldPath::root().children(&["spec", "volumes"]).index(index).child("hostPath"));
        }
    }
    if names.is_empty() {
        return None;
    }
    Violation::at_places(
        "hostPath volumes",
        format!("{} {}", pluralize("volume", "volumes", names.len()), join_quote(&names)),
        places,
    )
}
