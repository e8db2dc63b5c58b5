//! PL523 `pod-security-restricted-volumes`: Pod Security check `restrictedVolumes` (restricted, from v1.0): a volume of a type the restricted level does not allow.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::wording::{Sorted, join_quote, pluralize};
use crate::yaml::field_path::FieldPath;

/// A volume of a type the restricted level does not allow.
pub static RULE: Rule = Rule {
    id: "PL523",
    name: "pod-security-restricted-volumes",
    severity: Severity::Error,
    summary: "a volume of a type the restricted level does not allow",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `restrictedVolumes` (level `restricted`, from v1.0, where it takes the place of `hostPathVolumes`, PL503): every volume must be a `configMap`, `csi`, `downwardAPI`, `emptyDir`, `ephemeral`, `image`, `persistentVolumeClaim`, `projected` or `secret` volume. Any other source (`hostPath`, `nfs`, `gitRepo`, the in-tree cloud disks, …) is reported by its name, and a volume with no known source as `unknown`.

## Why
The allowed types are the ones whose access the cluster controls (claims and CSI drivers go through storage classes and their own policy); the others reach the node or remote storage directly.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  volumes:
  - name: shared
    nfs: {server: nfs.example.com, path: /exports}
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Use a `persistentVolumeClaim` (an NFS-backed storage class, say) or a CSI volume instead.

## Versions
- v1.0: as above.

## Same ground
PL413 `host-path-volume` (best practice) reports `hostPath` only.

## Kubernetes reference
Pod Security Standards, Restricted, "Volume Types"; `policy/check_restrictedVolumes.go`.
"#,
};

/// The admission library's `restrictedVolumes` check, version by version.
pub static CHECK: Check = Check {
    id: "restrictedVolumes",
    level: Level::Restricted,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &["hostPathVolumes"] },
    ],
    help: "use a `persistentVolumeClaim`, CSI, `emptyDir` or projected volume instead",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

/// The sources the restricted level allows.
const ALLOWED: [&str; 9] = [
    "configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "image",
    "persistentVolumeClaim", "projected", "secret",
];

/// The forbidden sources, in the order the library names the first one a volume has.
const NAMED: [&str; 21] = [
    "hostPath", "gcePersistentDisk", "awsElasticBlockStore", "gitRepo", "nfs", "iscsi",
    "glusterfs", "rbd", "flexVolume", "cinder", "cephfs", "flocker", "fc", "azureFile",
    "vsphereVolume", "quobyte", "azureDisk", "photonPersistentDisk", "portworxVolume",
    "scaleIO", "storageos",
];

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let mut names = Vec::new();
    let mut kinds = Sorted::new();
    let mut places = Vec::new();
    for (index, volume) in context.pod.spec.volumes.iter().flatten().enumerate() {
        if ALLOWED.iter().any(|source| volume.source.has(source)) {
            continue;
        }
        let name = volume.name.as_deref().unwrap_or("");
        names.push(name);
        let path = FieldPath::root().children(&["spec", "volumes"]).index(index);
        match NAMED.iter().find(|source| volume.source.has(source)) {
            Some(source) => {
                kinds.insert((*source).to_string());
                places.push(path.child(*source));
            }
            None => {
                kinds.insert("unknown".to_string());
                places.push(path);
            }
        }
    }
    if names.is_empty() {
        return None;
    }
    Violation::at_places(
        "restricted volume types",
        format!(
            "{} {} {} {} {}",
            pluralize("volume", "volumes", names.len()),
            join_quote(&names),
            pluralize("uses", "use", names.len()),
            pluralize("restricted volume type", "restricted volume types", kinds.len()),
            join_quote(&kinds)
        ),
        places,
    )
}
