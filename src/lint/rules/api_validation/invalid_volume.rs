//! PL153 `invalid-volume`: a pod volume the API server rejects: its name, not exactly one
//! source, or the contents of its source (host path, secret, config map, claim, downward API,
//! projected, CSI, ephemeral, image, and the in-tree and network sources).

use crate::k8s::names;
use crate::k8s::volume_source::{DownwardApiFile, KeyToPath, ProjectedSource, Projection, VolumeSource};
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::api_validation::helpers::certificate_projections::{cluster_trust_bundle_problems, pod_certificate_paths, pod_certificate_problems};
use crate::lint::rules::api_validation::helpers::claim_template::claim_template_problems;
use crate::lint::rules::api_validation::helpers::in_tree_volumes::in_tree_problems;
use crate::lint::rules::api_validation::helpers::downward_api::{Consumer, field_ref_problems, resource_field_problems};
use crate::lint::rules::api_validation::helpers::token_projections::tokens_without_account;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a volume the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL153",
    name: "invalid-volume",
    severity: Severity::Error,
    summary: "a volume without a valid unique name or exactly one source, or a source with missing or invalid contents",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.volumes`: each `name` is a unique DNS label; each volume has exactly one source (a second one is reported where Kubernetes does, in its own order of sources). The first source is checked as the API server does for the common kinds: `hostPath.path` required and without `..`, its `type` a known one; `secret.secretName`, `configMap.name` and `persistentVolumeClaim.claimName` required; `items` with a `key` and a relative `path` without `..`; modes between 0 and 0777; `downwardAPI` files with a path and exactly one of `fieldRef` (a pod `metadata` field: `name`, `namespace`, `uid`, `labels`, `annotations`, or one label or annotation) and `resourceFieldRef` (a container, a `limits.`/`requests.` resource and a divisor it supports); `projected` sources with one kind each, names, token lifetimes of at least 10 minutes, `clusterTrustBundle` with exactly one of `name` (a bundle name: `<signer with : for />:<name>` or a DNS subdomain) and `signerName` (with a `labelSelector` only beside it) and a `path`; `podCertificate` with a valid `signerName` (`<domain>/<name>`: a domain of at least two DNS labels, path elements that are DNS subdomains, at most 571 bytes), a `keyType` of `RSA3072`, `RSA4096`, `ECDSAP256`, `ECDSAP384`, `ECDSAP521` or `ED25519`, a `maxExpirationSeconds` from 3600 up to 7862400 (91 days; 86400 for a `kubernetes.io` signer), `userAnnotations` with domain-prefixed keys and at most 256 KiB, and at least one of `credentialBundlePath`, `keyPath` and `certificateChainPath`; no two files at one path; `csi.driver` a valid driver name; `ephemeral.volumeClaimTemplate` required, its `metadata` only `labels` (valid) and `annotations`, its `spec` with `accessModes` (supported values, `ReadWriteOncePod` alone), a `resources.requests.storage` greater than zero, a valid `storageClassName`, `volumeMode` `Block` or `Filesystem`, a valid `selector`, and `dataSource`/`dataSourceRef` with a `name`, a `kind` (a core kind only `PersistentVolumeClaim`), a valid `apiGroup` and naming one object, and in a Pod the claim's name `<pod>-<volume>` a valid object name; an `image` volume's `reference` (in a Pod) and `pullPolicy`; `emptyDir.sizeLimit` not negative; and the in-tree and network sources: the fields each requires (`nfs.server` and an absolute `nfs.path`, `iscsi.targetPortal` and `iqn`, `rbd`/`cephfs` monitors, `glusterfs.endpoints`, cloud disk names and IDs, …), iSCSI names (IQN, EUI or NAA formats, also `initiatorName`), LUNs and partitions from 0 to 255, CHAP authentication with a `secretRef`, `fc` with `targetWWNs` (and a `lun`) or `wwids`, `flocker` with one dataset, `quobyte` registries as `host:port`, flex volume options outside `kubernetes.io`/`k8s.io`, Azure disk caching modes, kinds and URIs (after defaulting: `kind: Shared` wants an `https://` URI), StorageOS names. In a Pod whose `name` is known, a `persistentVolumeClaim` volume may not name the claim one of the pod's own ephemeral volumes creates (`<pod name>-<volume name>`).

## Why
The API server rejects the pod (`spec.volumes[0].secret.secretName: Required value`, `spec.volumes[1].hostPath: Forbidden: may not specify more than 1 volume type`). Volume mistakes hide in long manifests (`items` paths, modes written in decimal) and surface only at deploy time.

## Example
```yaml
volumes:
- name: config
  configMap:
    items:
    - key: app.yaml
      path: ../app.yaml
```

## How to fix
Name the object the volume reads (`configMap.name`, `secret.secretName`, `persistentVolumeClaim.claimName`), keep file paths relative and inside the volume, give each volume one source, and write modes in octal (`0644`) or as their decimal value (420).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateVolumes`, `validateVolumeSource` and the per-source validators, `validateKeyToPath`, `validateLocalDescendingPath`, `ValidateLocalNonReservedPath`, `validateDownwardAPIVolumeFile`, `validateProjectionSources` with `ValidateSignerName`, `ValidateClusterTrustBundleName` and `ValidateUserAnnotations`, `ValidateCSIDriverName`, `validateEphemeralVolumeSource` with `ValidatePersistentVolumeClaimTemplate`, `ValidateTemplateObjectMeta` and `ValidatePersistentVolumeClaimSpec` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueDuplicate`, `FieldValueForbidden`, `FieldValueNotSupported`, `FieldValueTooLong`). Also `validateGitRepoVolumeSource`, `validateGCEPersistentDiskVolumeSource`, `validateNFSVolumeSource`, `validateISCSIVolumeSource`, `validateFCVolumeSource`, `validateFlockerVolumeSource`, `validateQuobyteVolumeSource`, `validateFlexVolumeSource`, `validateAzureDisk` and the other per-source validators; some report under another name than the field's (`persistentDisk`, `initiatorname`, `cephfs`).
"#,
};

const MODE_MESSAGE: &str = "must be a number between 0 and 0777 (octal), both inclusive";

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let mut problems = Vec::new();
    let mut valid_names: Vec<&str> = Vec::new();
    let is_pod = context.object.kind == "Pod";
    // The claims the pod's ephemeral volumes create, when the pod's name is known: no
    // `persistentVolumeClaim` volume may name one.
    let created: Vec<String> = match context.pod.metadata.name.as_deref().filter(|n| is_pod && !n.is_empty()) {
        Some(pod_name) => context.pod.spec.volumes.iter().flatten().filter(|volume| volume.source.ephemeral.is_some()).map(|volume| format!("{pod_name}-{}", volume.name.as_deref().unwrap_or(""))).collect(),
        None => Vec::new(),
    };
    // Without admission (`--no-defaulting`) nothing names the `default` account (PL185).
    if context.defaulting == crate::k8s::cluster::Defaulting::Skipped {
        for path in tokens_without_account(context) {
            problems.push(Problem::new(path, k8s_type::FORBIDDEN, None, "a projected service account token in a pod that names no service account", "must not be specified when serviceAccountName is not set", "name the account the token is for (`serviceAccountName:`)").on_key());
        }
    }
    for (index, volume) in context.pod.spec.volumes.iter().flatten().enumerate() {
        let at = FieldPath::root().child("spec").child("volumes").index(index);
        let before = problems.len();
        source_problems(&volume.source, &at, is_pod, &mut problems);
        let name = volume.name.as_deref().unwrap_or("");
        // The claim an ephemeral volume creates is named `<pod>-<volume>` (Pods only: a
        // template's pods are named later).
        if volume.source.keys().next() == Some("ephemeral")
            && let Some(pod_name) = context.pod.metadata.name.as_deref().filter(|n| is_pod && !n.is_empty() && !name.is_empty())
        {
            let claim = format!("{pod_name}-{name}");
            for reason in names::dns1123_subdomain(&claim) {
                problems.push(invalid(at.child("name"), name, &format!("the claim of ephemeral volume `{name}` would be named `{claim}`, not a valid name"), &format!("PVC name \"{claim}\": {reason}"), "shorten the pod's or the volume's name (the claim's name is both joined by `-`, at most 253 characters)"));
            }
        }
        if let Some(claim) = volume.source.persistent_volume_claim.as_ref().and_then(|claim| claim.claim_name.as_deref())
            && created.iter().any(|created| created == claim)
        {
            problems.push(invalid(at.child("persistentVolumeClaim").child("claimName"), claim, &format!("claim `{claim}` is the one this pod's ephemeral volume creates"), "must not reference a PVC that gets created for an ephemeral volume", "mount the ephemeral volume itself by its name, or name another claim"));
        }
        // The iSCSI initiator names its session `<volume>:<portal>`, at most 64 characters.
        if let Some(iscsi) = volume.source.in_tree("iscsi").filter(|iscsi| iscsi.initiator_name.is_some()) {
            let session = format!("{name}:{}", iscsi.target_portal.as_deref().unwrap_or(""));
            if session.len() > 64 {
                problems.push(invalid(at.child("name"), name, &format!("`{session}` (volume name and iSCSI portal) is {} characters long", session.len()), "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.", "shorten the volume's name").pointing_at(at.child("name")));
            }
        }
        if name.is_empty() {
            problems.push(Problem::new(at.child("name"), k8s_type::REQUIRED, None, format!("volume #{} has no `name`", index + 1), "required", "name the volume; mounts refer to it by this name").pointing_at(at.clone()));
        } else {
            for reason in names::dns1123_label(name) {
                problems.push(Problem::new(at.child("name"), k8s_type::INVALID, Some(name.to_string()), format!("volume name `{name}` is not a valid DNS label"), reason, "use lowercase letters, digits and `-`, at most 63 characters"));
            }
        }
        if !name.is_empty() && valid_names.contains(&name) {
            problems.push(Problem::new(at.child("name"), k8s_type::DUPLICATE, Some(name.to_string()), format!("volume `{name}` is declared twice"), "duplicate volume name", "give each volume its own name"));
        }
        // `ValidateVolumes` keeps only a volume without errors.
        if problems.len() == before {
            valid_names.push(name);
        }
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

/// The spelling Kubernetes uses for a second source in its `Forbidden` path.
fn conflict_key(key: &str) -> &str {
    match key {
        "cephfs" => "cephFS",
        "downwardAPI" => "downwarAPI",
        other => other,
    }
}

/// `validateVolumeSource`: one source, and the first one's contents.
fn source_problems(source: &VolumeSource, at: &FieldPath, is_pod: bool, problems: &mut Vec<Problem>) {
    let mut keys = source.keys();
    let Some(first) = keys.next() else {
        problems.push(Problem::new(at.clone(), k8s_type::REQUIRED, None, "the volume has no source", "must specify a volume type", "add a source: `emptyDir: {}`, `configMap:`, `secret:`, `persistentVolumeClaim:`, …"));
        return;
    };
    for extra in keys {
        problems.push(
            Problem::new(at.child(conflict_key(extra)), k8s_type::FORBIDDEN, None, format!("the volume has a second source, `{extra}`, beside `{first}`"), "may not specify more than 1 volume type", "split it into two volumes, or remove one source")
                .pointing_at(at.child(extra))
                .on_key(),
        );
    }
    let required = |path: FieldPath, what: &str, help: &str| Problem::new(path, k8s_type::REQUIRED, None, format!("the volume's {what} is missing"), "required", help.to_string());
    match first {
        "emptyDir" => {
            if let Some(limit) = source.empty_dir.as_ref().and_then(|e| e.size_limit.as_ref()).and_then(|q| q.valid())
                && limit.is_negative()
            {
                problems.push(Problem::new(at.child("emptyDir").child("sizeLimit"), k8s_type::FORBIDDEN, Some(limit.to_string()), "`emptyDir.sizeLimit` is negative", "SizeLimit field must be a valid resource quantity", "give a positive size (`1Gi`), or remove the limit"));
            }
        }
        "hostPath" => {
            let host = source.host_path.clone().unwrap_or_default();
            let base = at.child("hostPath");
            match host.path.as_deref().unwrap_or("") {
                "" => problems.push(required(base.child("path"), "`hostPath.path`", "give the path on the node")),
                path => {
                    if names::has_backsteps(path) {
                        problems.push(invalid(base.child("path"), path, "`hostPath.path` steps out with `..`", "must not contain '..'", "write the path without `..`"));
                    }
                    const TYPES: [&str; 8] = ["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"];
                    if let Some(kind) = host.kind.as_deref().filter(|k| !TYPES.contains(k)) {
                        problems.push(not_supported(base.child("type"), "hostPath.type", kind, &TYPES[1..], None));
                    }
                }
            }
        }
        "secret" => {
            let secret = source.secret.clone().unwrap_or_default();
            let base = at.child("secret");
            if secret.secret_name.as_deref().unwrap_or("").is_empty() {
                problems.push(required(base.child("secretName"), "`secret.secretName`", "name the Secret to mount"));
            }
            mode_problem(base.child("defaultMode"), secret.default_mode, problems);
            items_problems(secret.items.as_deref(), &base.child("items"), problems);
        }
        "configMap" => {
            let config_map = source.config_map.clone().unwrap_or_default();
            let base = at.child("configMap");
            if config_map.name.as_deref().unwrap_or("").is_empty() {
                problems.push(required(base.child("name"), "`configMap.name`", "name the ConfigMap to mount"));
            }
            mode_problem(base.child("defaultMode"), config_map.default_mode, problems);
            items_problems(config_map.items.as_deref(), &base.child("items"), problems);
        }
        "persistentVolumeClaim" => {
            let claim = source.persistent_volume_claim.clone().unwrap_or_default();
            if claim.claim_name.as_deref().unwrap_or("").is_empty() {
                problems.push(required(at.child("persistentVolumeClaim").child("claimName"), "`persistentVolumeClaim.claimName`", "name the PersistentVolumeClaim to mount"));
            }
        }
        "downwardAPI" => {
            let downward = source.downward_api.clone().unwrap_or_default();
            let base = at.child("downwardAPI");
            mode_problem(base.child("defaultMode"), downward.default_mode, problems);
            for file in downward.items.iter().flatten() {
                downward_file_problems(file, &base, problems);
            }
        }
        "projected" => projected_problems(source.projected.as_deref(), &at.child("projected"), problems),
        "csi" => csi_problems(source, &at.child("csi"), problems),
        "ephemeral" => match source.ephemeral.as_ref().and_then(|e| e.volume_claim_template.as_ref()) {
            None => problems.push(required(at.child("ephemeral").child("volumeClaimTemplate"), "`ephemeral.volumeClaimTemplate`", "give the claim template the volume is created from")),
            Some(template) => claim_template_problems(template, &at.child("ephemeral").child("volumeClaimTemplate"), problems),
        }
        "image" => {
            let image = source.image.clone().unwrap_or_default();
            let base = at.child("image");
            if is_pod && image.reference.as_deref().unwrap_or("").is_empty() {
                problems.push(required(base.child("reference"), "`image.reference`", "name the image or artifact to mount"));
            }
            // Unset, defaulting fills it in.
            if let Some(policy) = image.pull_policy.as_deref().filter(|p| !["Always", "IfNotPresent", "Never"].contains(p)) {
                problems.push(not_supported(base.child("pullPolicy"), "image.pullPolicy", policy, &["Always", "IfNotPresent", "Never"], None));
            }
        }
        key => {
            if let Some(contents) = source.in_tree(key) {
                in_tree_problems(key, contents, at, problems);
            }
        }
    }
}

fn invalid(path: FieldPath, value: &str, message: &str, label: &str, help: &str) -> Problem {
    Problem::new(path, k8s_type::INVALID, Some(value.to_string()), message, label, help)
}

fn mode_problem(path: FieldPath, mode: Option<i64>, problems: &mut Vec<Problem>) {
    if let Some(mode) = mode.filter(|m| !(0..=0o777).contains(m)) {
        problems.push(Problem::new(path, k8s_type::INVALID, Some(mode.to_string()), format!("file mode {mode} is out of range"), MODE_MESSAGE, "write the mode in octal with a leading 0 (`0644`), or as its decimal value (420)"));
    }
}

/// `ValidateLocalNonReservedPath` on a file the volume writes.
fn path_problems(path: &str, at: &FieldPath, problems: &mut Vec<Problem>) {
    for reason in names::local_non_reserved_path(path) {
        let (message, help) = match reason.as_str() {
            "must be a relative path" => (format!("`{path}` is an absolute path"), "write the path relative to the volume's root"),
            "must not contain '..'" => (format!("`{path}` steps out with `..`"), "keep the path inside the volume"),
            _ => (format!("`{path}` starts with `..`"), "names starting with `..` are reserved for the kubelet's atomic writer"),
        };
        problems.push(invalid(at.clone(), path, &message, &reason, help));
    }
}

/// `validateKeyToPath` for each of `items`.
fn items_problems(items: Option<&[KeyToPath]>, at: &FieldPath, problems: &mut Vec<Problem>) {
    for (index, item) in items.unwrap_or_default().iter().enumerate() {
        let entry = at.index(index);
        if item.key.as_deref().unwrap_or("").is_empty() {
            problems.push(Problem::new(entry.child("key"), k8s_type::REQUIRED, None, "an item has no `key`", "required", "name the key to write").pointing_at(entry.clone()));
        }
        match item.path.as_deref().unwrap_or("") {
            "" => problems.push(Problem::new(entry.child("path"), k8s_type::REQUIRED, None, "an item has no `path`", "required", "give the file's path in the volume").pointing_at(entry.clone())),
            path => path_problems(path, &entry.child("path"), problems),
        }
        mode_problem(entry.child("mode"), item.mode, problems);
    }
}

/// `validateDownwardAPIVolumeFile`: errors sit at `base` (Kubernetes names no item index).
fn downward_file_problems(file: &DownwardApiFile, base: &FieldPath, problems: &mut Vec<Problem>) {
    match file.path.as_deref().unwrap_or("") {
        "" => problems.push(Problem::new(base.child("path"), k8s_type::REQUIRED, None, "a downward API file has no `path`", "required", "give the file's path in the volume")),
        path => path_problems(path, &base.child("path"), problems),
    }
    let name = file.path.as_deref().unwrap_or("");
    if let Some(field_ref) = &file.field_ref {
        field_ref_problems(field_ref, &base.child("fieldRef"), name, Consumer::Volume, problems);
    }
    if let Some(resource) = &file.resource_field_ref {
        resource_field_problems(resource, &base.child("resourceFieldRef"), name, Consumer::Volume, problems);
    }
    match (&file.field_ref, &file.resource_field_ref) {
        (Some(_), Some(_)) => problems.push(Problem::new(base.clone(), k8s_type::INVALID, None, "a downward API file has both `fieldRef` and `resourceFieldRef`", "fieldRef and resourceFieldRef can not be specified simultaneously", "keep one of them")),
        (None, None) => problems.push(Problem::new(base.clone(), k8s_type::REQUIRED, None, "a downward API file has neither `fieldRef` nor `resourceFieldRef`", "one of fieldRef and resourceFieldRef is required", "say which pod field or container resource to write")),
        _ => {}
    }
    mode_problem(base.child("mode"), file.mode, problems);
}

/// `validateProjectionSources`.
fn projected_problems(projected: Option<&ProjectedSource>, base: &FieldPath, problems: &mut Vec<Problem>) {
    let Some(projected) = projected else { return };
    mode_problem(base.child("defaultMode"), projected.default_mode, problems);
    let mut paths: Vec<&str> = Vec::new();
    for (index, projection) in projected.sources.iter().flatten().enumerate() {
        projection_problems(projection, &base.child("sources").index(index), base, problems);
        // What each file is reported with when its path is taken: the object's name for a
        // secret's or config map's item, the path itself otherwise.
        let key_paths = [&projection.secret, &projection.config_map]
            .into_iter()
            .flatten()
            .flat_map(|keys| {
                let name = keys.name.as_deref().unwrap_or("");
                keys.items.iter().flatten().filter_map(move |item| item.path.as_deref().map(|path| (path, name)))
            });
        let file_paths = projection
            .downward_api
            .iter()
            .flat_map(|d| d.items.iter().flatten())
            .filter_map(|file| file.path.as_deref())
            .map(|path| (path, path));
        let bundle_path = projection.cluster_trust_bundle.iter().map(|bundle| {
            let path = bundle.path.as_deref().unwrap_or("");
            (path, path)
        });
        let certificate_paths = projection
            .pod_certificate
            .iter()
            .flat_map(pod_certificate_paths)
            .map(|(_, path)| (path, path));
        let filled = key_paths.chain(file_paths).filter(|(path, _)| !path.is_empty());
        // A bundle's path counts even when empty.
        for (path, reported) in filled.chain(bundle_path).chain(certificate_paths) {
            if paths.contains(&path) {
                problems.push(invalid(base.clone(), reported, &format!("two files of the projected volume are written at `{path}`"), "conflicting duplicate paths", "give each file its own path"));
            } else {
                paths.push(path);
            }
        }
    }
}

/// One `projected.sources[]` entry.
fn projection_problems(projection: &Projection, at: &FieldPath, base: &FieldPath, problems: &mut Vec<Problem>) {
    for (field, keys) in [("secret", &projection.secret), ("configMap", &projection.config_map)] {
        let Some(keys) = keys else { continue };
        if keys.name.as_deref().unwrap_or("").is_empty() {
            problems.push(Problem::new(at.child(field).child("name"), k8s_type::REQUIRED, None, format!("a projected `{field}` names no object"), "required", format!("name the {} to project", if field == "secret" { "Secret" } else { "ConfigMap" })).pointing_at(at.child(field)));
        }
        items_problems(keys.items.as_deref(), &at.child(field).child("items"), problems);
    }
    if let Some(downward) = &projection.downward_api {
        for file in downward.items.iter().flatten() {
            downward_file_problems(file, &at.child("downwardAPI"), problems);
        }
    }
    if let Some(token) = &projection.service_account_token {
        let at = at.child("serviceAccountToken");
        // Defaulted to an hour.
        let seconds = token.expiration_seconds.unwrap_or(3600);
        if seconds < 600 {
            problems.push(invalid(at.child("expirationSeconds"), &seconds.to_string(), "the token lives less than 10 minutes", "may not specify a duration less than 10 minutes", "use at least 600 seconds (the kubelet refreshes the token before it expires)"));
        } else if seconds > 1 << 32 {
            problems.push(invalid(at.child("expirationSeconds"), &seconds.to_string(), "the token's lifetime is too long", "may not specify a duration larger than 2^32 seconds", "use a shorter lifetime"));
        }
        match token.path.as_deref().unwrap_or("") {
            // Kubernetes reports the token's path at the projected volume.
            "" => problems.push(Problem::new(base.child("path"), k8s_type::REQUIRED, None, "a service account token projection has no `path`", "required", "give the token file's path in the volume").pointing_at(at.clone())),
            path => path_problems(path, &base.child("path"), problems),
        }
    }
    if let Some(bundle) = &projection.cluster_trust_bundle {
        cluster_trust_bundle_problems(bundle, &at.child("clusterTrustBundle"), path_problems, problems);
    }
    if let Some(certificate) = &projection.pod_certificate {
        pod_certificate_problems(certificate, &at.child("podCertificate"), path_problems, problems);
    }
    let kinds = [
        projection.secret.is_some(),
        projection.config_map.is_some(),
        projection.downward_api.is_some(),
        projection.service_account_token.is_some(),
        projection.cluster_trust_bundle.is_some(),
        projection.pod_certificate.is_some(),
    ];
    if kinds.iter().filter(|set| **set).count() > 1 {
        problems.push(Problem::new(at.clone(), k8s_type::FORBIDDEN, None, "a projected source names more than one kind", "may not specify more than 1 volume type per source", "split it into one entry per kind"));
    }
}

/// `ValidateCSIDriverName` and the node-publish secret.
fn csi_problems(source: &VolumeSource, base: &FieldPath, problems: &mut Vec<Problem>) {
    let csi = source.csi.clone().unwrap_or_default();
    match csi.driver.as_deref().unwrap_or("") {
        "" => problems.push(Problem::new(base.child("driver"), k8s_type::REQUIRED, None, "the CSI volume names no `driver`", "required", "name the CSI driver (`ebs.csi.aws.com`)")),
        driver if driver.len() > 63 => problems.push(Problem::new(base.child("driver"), k8s_type::TOO_LONG, None, format!("CSI driver name `{driver}` is {} characters long", driver.len()), "may not be more than 63 bytes", "use the driver's registered name")),
        driver => {
            for reason in names::dns1123_subdomain(&driver.to_ascii_lowercase()) {
                problems.push(invalid(base.child("driver"), driver, &format!("`{driver}` is not a valid CSI driver name"), &reason, "use the driver's registered name (a DNS subdomain)"));
            }
        }
    }
    if let Some(secret) = &csi.node_publish_secret_ref {
        match secret.name.as_deref().unwrap_or("") {
            "" => problems.push(Problem::new(base.child("nodePublishSecretRef").child("name"), k8s_type::REQUIRED, None, "`nodePublishSecretRef` names no Secret", "required", "name the Secret").pointing_at(base.child("nodePublishSecretRef"))),
            name => {
                for reason in names::dns1123_subdomain(name) {
                    // Kubernetes reports it at `csi.name`.
                    problems.push(invalid(base.child("name"), name, &format!("`nodePublishSecretRef.name: {name}` is not a valid Secret name"), &reason, "use the Secret's real (lowercase) name").pointing_at(base.child("nodePublishSecretRef").child("name")));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors, k8s_errors_in};

    /// A pod with the volumes `volumes` (YAML list items, indented by 2).
    fn pod(volumes: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  volumes:\n{volumes}  containers:\n  - {{name: c, image: image}}\n")
    }

    /// `(path below spec.volumes[0], type)` of each error for one volume.
    fn errors(volume: &str) -> Vec<(String, &'static str)> {
        k8s_errors(&RULE, &pod(&format!("  - {volume}\n")), false)
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("spec.volumes[0]", "field", 1), k8s_type))
            .collect()
    }

    /// [`errors`] with the feature gates `settings` set (in 1.37).
    fn errors_with(volume: &str, settings: &str) -> Vec<(String, &'static str)> {
        k8s_errors_in(&RULE, &pod(&format!("  - {volume}\n")), gates(37, settings))
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("spec.volumes[0]", "field", 1), k8s_type))
            .collect()
    }

    fn at(path: &str, k8s_type: &'static str) -> (String, &'static str) {
        (path.to_string(), k8s_type)
    }

    const INVALID: &str = "FieldValueInvalid";
    const REQUIRED: &str = "FieldValueRequired";
    const NOT_SUPPORTED: &str = "FieldValueNotSupported";
    const TOO_LONG: &str = "FieldValueTooLong";
    const FORBIDDEN: &str = "FieldValueForbidden";

    // TestValidateVolumes: names and one-of.
    #[test]
    fn k7_validate_volumes_names_and_sources() {
        for name in ["empty", "123", "empty-123", "123-empty"] {
            assert!(errors(&format!("{{name: \"{name}\", emptyDir: {{}}}}")).is_empty(), "{name}");
        }
        assert_eq!(errors("{name: \"\", emptyDir: {}}"), [at("field.name", REQUIRED)]);
        assert_eq!(errors(&format!("{{name: {}, emptyDir: {{}}}}", "a".repeat(64))), [at("field.name", INVALID)]);
        assert_eq!(errors("{name: a.b.c, emptyDir: {}}"), [at("field.name", INVALID)]);
        assert_eq!(errors("{name: Not a DNS label!, emptyDir: {}}").first(), Some(&at("field.name", INVALID)));
        assert_eq!(errors("{name: x, emptyDir: {}, hostPath: {path: /mnt/path}}"), [at("field.hostPath", "FieldValueForbidden")]);
        // Kubernetes' test runs without defaulting; `SetDefaults_Volume` makes it an emptyDir.
        let sourceless = pod("  - {name: x}\n");
        assert_eq!(k8s_errors(&RULE, &sourceless, true), [at("spec.volumes[0]", REQUIRED)]);
        assert_eq!(errors("{name: x}"), []);
        // The source checked is the first in Kubernetes' order, not in the file's.
        assert_eq!(errors("{name: x, configMap: {name: c}, secret: {}}"), [at("field.configMap", "FieldValueForbidden"), at("field.secret.secretName", REQUIRED)]);
        assert_eq!(errors("{name: x, emptyDir: {}, downwardAPI: {}}"), [at("field.downwarAPI", "FieldValueForbidden")]);
        // Two volumes named alike: one Duplicate.
        let two = pod("  - {name: abc, emptyDir: {}}\n  - {name: abc, emptyDir: {}}\n");
        assert_eq!(k8s_errors(&RULE, &two, false), [at("spec.volumes[1].name", "FieldValueDuplicate")]);
    }

    // TestValidateVolumes: HostPath, Secret, ConfigMap, DownwardAPI, Projected and Image rows;
    // TestValidateCSIVolumeSource.
    #[test]
    fn k7_validate_volume_sources() {
        for ok in [
            "{name: x, hostPath: {path: /mnt/path, type: Directory}}",
            "{name: x, hostPath: {path: /mnt/path, type: Socket}}",
            "{name: x, secret: {secretName: s, defaultMode: 0644, items: [{key: k, path: dir/filename, mode: 0400}]}}",
            "{name: x, configMap: {name: c, items: [{key: k, path: filename}]}}",
            "{name: x, downwardAPI: {items: [{path: labels, fieldRef: {fieldPath: metadata.labels}}, {path: path/with/embedded..dotdot, fieldRef: {fieldPath: metadata.name}}]}}",
            "{name: x, image: {reference: quay.io/my/artifact:v1, pullPolicy: IfNotPresent}}",
            "{name: x, csi: {driver: io.kubernetes.storage.csi.flex, nodePublishSecretRef: {name: foobar}}}",
            "{name: x, persistentVolumeClaim: {claimName: data}}",
            "{name: x, projected: {sources: [{serviceAccountToken: {path: token, expirationSeconds: 600}}, {configMap: {name: ca}}]}}",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let rows: [(&str, &[(&str, &str)]); 21] = [
            ("{name: x, hostPath: {path: /mnt/path, type: invalid}}", &[("field.hostPath.type", "FieldValueNotSupported")]),
            ("{name: x, hostPath: {path: /mnt/path/..}}", &[("field.hostPath.path", INVALID)]),
            ("{name: x, hostPath: {}}", &[("field.hostPath.path", REQUIRED)]),
            ("{name: x, secret: {secretName: s, items: [{key: k}]}}", &[("field.secret.items[0].path", REQUIRED)]),
            ("{name: x, secret: {secretName: s, items: [{key: k, path: ../foo}]}}", &[("field.secret.items[0].path", INVALID)]),
            ("{name: x, secret: {secretName: s, items: [{key: k, path: foo/../bar}]}}", &[("field.secret.items[0].path", INVALID)]),
            ("{name: x, secret: {secretName: s, defaultMode: 01000}}", &[("field.secret.defaultMode", INVALID)]),
            ("{name: x, secret: {secretName: s, defaultMode: -1}}", &[("field.secret.defaultMode", INVALID)]),
            ("{name: x, configMap: {name: c, items: [{key: k, path: ../foo}]}}", &[("field.configMap.items[0].path", INVALID)]),
            ("{name: x, configMap: {name: c, defaultMode: 01000}}", &[("field.configMap.defaultMode", INVALID)]),
            ("{name: x, downwardAPI: {items: [{path: a, mode: 01000, fieldRef: {fieldPath: metadata.name}}]}}", &[("field.downwardAPI.mode", INVALID)]),
            ("{name: x, downwardAPI: {items: [{fieldRef: {fieldPath: metadata.name}}]}}", &[("field.downwardAPI.path", REQUIRED)]),
            ("{name: x, downwardAPI: {items: [{path: /absolutepath, fieldRef: {fieldPath: metadata.name}}]}}", &[("field.downwardAPI.path", INVALID)]),
            ("{name: x, downwardAPI: {items: [{path: ../../passwd, fieldRef: {fieldPath: metadata.name}}]}}", &[("field.downwardAPI.path", INVALID)]),
            ("{name: x, downwardAPI: {items: [{path: ..badFileName, fieldRef: {fieldPath: metadata.name}}]}}", &[("field.downwardAPI.path", INVALID)]),
            ("{name: x, downwardAPI: {items: [{path: a, fieldRef: {fieldPath: metadata.name}, resourceFieldRef: {containerName: c, resource: limits.cpu}}]}}", &[("field.downwardAPI", INVALID)]),
            ("{name: x, downwardAPI: {defaultMode: -1}}", &[("field.downwardAPI.defaultMode", INVALID)]),
            ("{name: x, projected: {sources: [{secret: {name: foo}}, {secret: {name: foo}, downwardAPI: {}}]}}", &[("field.projected.sources[1]", "FieldValueForbidden")]),
            ("{name: x, projected: {sources: [{secret: {}}, {secret: {}, downwardAPI: {}}]}}", &[("field.projected.sources[0].secret.name", REQUIRED), ("field.projected.sources[1].secret.name", REQUIRED), ("field.projected.sources[1]", "FieldValueForbidden")]),
            ("{name: x, image: {}}", &[("field.image.reference", REQUIRED)]),
            ("{name: x, image: {reference: r, pullPolicy: wrong}}", &[("field.image.pullPolicy", "FieldValueNotSupported")]),
        ];
        for (volume, expected) in rows {
            // Findings come in file order; compare the sets.
            let mut expected: Vec<(String, &str)> = expected.iter().map(|(p, t)| (p.to_string(), *t)).collect();
            let mut found = errors(volume);
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{volume}");
        }
        for (driver, k8s_type) in [("\"\"", REQUIRED), ("io_kubernetes_storage_csi_flex", INVALID), ("comgooglestoragecsigcepd/", INVALID), (&"g".repeat(65), "FieldValueTooLong")] {
            assert_eq!(errors(&format!("{{name: x, csi: {{driver: {driver}}}}}")), [at("field.csi.driver", k8s_type)], "{driver}");
        }
        assert_eq!(errors("{name: x, csi: {driver: d, nodePublishSecretRef: {name: \"\"}}}"), [at("field.csi.nodePublishSecretRef.name", REQUIRED)]);
        assert_eq!(errors("{name: x, persistentVolumeClaim: {}}"), [at("field.persistentVolumeClaim.claimName", REQUIRED)]);
        assert_eq!(errors("{name: x, ephemeral: {}}"), [at("field.ephemeral.volumeClaimTemplate", REQUIRED)]);
        assert_eq!(errors("{name: x, projected: {sources: [{serviceAccountToken: {path: t, expirationSeconds: 599}}]}}"), [at("field.projected.sources[0].serviceAccountToken.expirationSeconds", INVALID)]);
        assert_eq!(errors("{name: x, projected: {sources: [{serviceAccountToken: {}}]}}"), [at("field.projected.path", REQUIRED)]);
        assert_eq!(errors("{name: x, projected: {sources: [{configMap: {name: a, items: [{key: k, path: p}]}}, {secret: {name: b, items: [{key: k, path: p}]}}]}}"), [at("field.projected", INVALID)]);
        assert_eq!(errors("{name: x, emptyDir: {sizeLimit: -1Gi}}"), [at("field.emptyDir.sizeLimit", "FieldValueForbidden")]);
    }

    // TestValidateVolumes "valid DownwardAPI" and "hugepages-downwardAPI-enabled"; the volume
    // field paths of validVolumeDownwardAPIFieldPathExpressions; a resourceFieldRef in a volume
    // names its container.
    #[test]
    fn k7_downward_api_volume_selectors() {
        let file = |item: &str| errors(&format!("{{name: x, downwardAPI: {{items: [{{path: f, {item}}}]}}}}"));
        for ok in [
            "fieldRef: {fieldPath: metadata.labels}",
            "fieldRef: {fieldPath: metadata.annotations}",
            "fieldRef: {fieldPath: \"metadata.labels['test.example.com/key']\"}",
            "fieldRef: {fieldPath: \"metadata.annotations['TEST.EXAMPLE.COM/key']\"}",
            "fieldRef: {apiVersion: v1, fieldPath: metadata.uid}",
            "resourceFieldRef: {containerName: c, resource: limits.memory, divisor: 1Mi}",
            "resourceFieldRef: {containerName: c, resource: requests.hugepages-2Mi}",
        ] {
            assert!(file(ok).is_empty(), "{ok}: {:?}", file(ok));
        }
        assert_eq!(file("fieldRef: {fieldPath: status.podIP}"), [at("field.downwardAPI.fieldRef.fieldPath", "FieldValueNotSupported")]);
        assert_eq!(file("fieldRef: {fieldPath: spec.nodeName}"), [at("field.downwardAPI.fieldRef.fieldPath", "FieldValueNotSupported")]);
        assert_eq!(file("fieldRef: {fieldPath: status.phaze}"), [at("field.downwardAPI.fieldRef.fieldPath", INVALID)]);
        assert_eq!(file("resourceFieldRef: {resource: limits.cpu}"), [at("field.downwardAPI.resourceFieldRef.containerName", REQUIRED)]);
        assert_eq!(file("resourceFieldRef: {containerName: c, resource: limits.cpu, divisor: 1Mi}"), [at("field.downwardAPI.resourceFieldRef.divisor", INVALID)]);
    }

    #[test]
    fn an_image_volume_in_a_template_may_leave_its_reference_to_the_controller() {
        let text = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n      volumes: [{name: model, image: {}}]\n      containers: [{name: c, image: i}]\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
    }

    // TestValidateVolumes "ClusterTrustBundle" rows (validateProjectionSources).
    #[test]
    fn k7_cluster_trust_bundle_projections() {
        // The API server drops the source unless ClusterTrustBundleProjection is on (off by
        // default); validation itself is not gated.
        let gated = |volume: &str| errors_with(volume, "ClusterTrustBundleProjection=true");
        let bundle = |body: &str| gated(&format!("{{name: x, projected: {{sources: [{{clusterTrustBundle: {body}}}]}}}}"));
        for ok in [
            "{name: foo, path: ca.pem}",
            "{signerName: example.com/foo, labelSelector: {matchLabels: {version: live}}, path: ca.pem}",
            "{signerName: example.com/foo, path: ca.pem}",
        ] {
            assert!(bundle(ok).is_empty(), "{ok}: {:?}", bundle(ok));
        }
        let src = "field.projected.sources[0].clusterTrustBundle";
        let rows: [(&str, &[(String, &str)]); 10] = [
            ("{name: foo, signerName: example.com/foo, path: ca.pem}", &[at(src, INVALID)]),
            ("{path: ca.pem}", &[at(src, REQUIRED)]),
            // An empty name is required and not a DNS subdomain; an empty signer is reported
            // twice, once by the projection and once by the signer name's own check.
            ("{name: \"\", path: ca.pem}", &[at(&format!("{src}.name"), INVALID), at(&format!("{src}.name"), REQUIRED)]),
            ("{signerName: \"\", path: ca.pem}", &[at(&format!("{src}.signerName"), REQUIRED), at(&format!("{src}.signerName"), REQUIRED)]),
            ("{name: \"example.com:foo:Bad\", path: ca.pem}", &[at(&format!("{src}.name"), INVALID)]),
            ("{signerName: example.com/foo/bar, path: ca.pem}", &[at(&format!("{src}.signerName"), INVALID)]),
            ("{name: foo, path: ..ca.pem}", &[at(&format!("{src}.path"), INVALID)]),
            ("{name: foo, labelSelector: {}, path: ca.pem}", &[at(&format!("{src}.labelSelector"), INVALID)]),
            ("{signerName: example.com/foo, labelSelector: {matchExpressions: [{key: v, operator: In}]}, path: ca.pem}", &[at(&format!("{src}.labelSelector.matchExpressions[0].values"), REQUIRED)]),
            ("{name: foo, path: /etc/ca.pem}", &[at(&format!("{src}.path"), INVALID)]),
        ];
        for (body, expected) in rows {
            assert_eq!(bundle(body), expected, "{body}");
        }
        assert_eq!(bundle("{name: foo}"), [at(&format!("{src}.path"), REQUIRED)]);
        // A bundle's path and a secret item's path collide.
        let both = gated("{name: x, projected: {sources: [{secret: {name: s, items: [{key: k, path: ca.pem}]}}, {clusterTrustBundle: {name: foo, path: ca.pem}}]}}");
        assert_eq!(both, [at("field.projected", INVALID)]);
    }

    // validateProjectionSources for `podCertificate` (PodCertificateRequest): a valid signer, one
    // of six key types, a lifetime from an hour to the signer's most, valid user annotations, at
    // least one file, each a path inside the volume and not taken by another file.
    #[test]
    fn k7_pod_certificate_projection() {
        let gated = |volume: &str| errors_with(volume, "PodCertificateRequest=true");
        let certificate = |body: &str| gated(&format!("{{name: x, projected: {{sources: [{{podCertificate: {body}}}]}}}}"));
        for ok in [
            "{signerName: example.com/foo, keyType: ED25519, credentialBundlePath: credbundle.pem}",
            "{signerName: example.com/foo, keyType: RSA3072, maxExpirationSeconds: 3600, credentialBundlePath: b.pem}",
            "{signerName: example.com/foo, keyType: ECDSAP384, maxExpirationSeconds: 7862400, keyPath: key.pem, certificateChainPath: certificates.pem}",
            "{signerName: kubernetes.io/kube-apiserver-client-pod, keyType: ECDSAP256, maxExpirationSeconds: 86400, credentialBundlePath: b.pem}",
            "{signerName: example.com/foo, keyType: ED25519, keyPath: key.pem, certificateChainPath: chain.pem, userAnnotations: {test.domain/attribute: test-value}}",
        ] {
            assert!(certificate(ok).is_empty(), "{ok}: {:?}", certificate(ok));
        }
        let src = "field.projected.sources[0].podCertificate";
        let signer = format!("{src}.signerName");
        let annotations = format!("{src}.userAnnotations");
        let lifetime = format!("{src}.maxExpirationSeconds");
        let long_prefix = format!("{{signerName: example.com/foo, keyType: ED25519, credentialBundlePath: b.pem, userAnnotations: {{{}/foo: v}}}}", "a".repeat(254));
        let rows: Vec<(&str, Vec<(String, &str)>)> = vec![
            ("{keyType: ED25519, credentialBundlePath: b.pem}", vec![at(&signer, REQUIRED)]),
            ("{signerName: example.com/foo/invalid, keyType: ED25519, credentialBundlePath: b.pem}", vec![at(&signer, INVALID)]),
            ("{signerName: localhost/foo, keyType: ED25519, credentialBundlePath: b.pem}", vec![at(&signer, INVALID)]),
            ("{signerName: example.com/foo, keyType: BAD, credentialBundlePath: b.pem}", vec![at(&format!("{src}.keyType"), NOT_SUPPORTED)]),
            ("{signerName: example.com/foo, keyType: ED25519}", vec![at(src, REQUIRED)]),
            ("{signerName: example.com/foo, keyType: ED25519, keyPath: same.pem, certificateChainPath: same.pem}", vec![at("field.projected", INVALID)]),
            ("{signerName: example.com/foo, credentialBundlePath: /absolute.pem}", vec![at(&format!("{src}.keyType"), NOT_SUPPORTED), at(&format!("{src}.credentialBundlePath"), INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, keyPath: /absolute.pem, certificateChainPath: c.pem}", vec![at(&format!("{src}.keyPath"), INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, keyPath: k.pem, certificateChainPath: ../c.pem}", vec![at(&format!("{src}.certificateChainPath"), INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, maxExpirationSeconds: 3599, credentialBundlePath: b.pem}", vec![at(&lifetime, INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, maxExpirationSeconds: 7862401, credentialBundlePath: b.pem}", vec![at(&lifetime, INVALID)]),
            ("{signerName: kubernetes.io/foo, keyType: ED25519, maxExpirationSeconds: 86401, credentialBundlePath: b.pem}", vec![at(&lifetime, INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, credentialBundlePath: b.pem, userAnnotations: {only/one/slash: bar}}", vec![at(&annotations, INVALID)]),
            ("{signerName: example.com/foo, keyType: ED25519, credentialBundlePath: b.pem, userAnnotations: {purpose: bar}}", vec![at(&annotations, INVALID)]),
            (long_prefix.as_str(), vec![at(&annotations, INVALID)]),
        ];
        for (body, expected) in rows {
            assert_eq!(certificate(body), expected, "{body}");
        }
        let big = format!("{{signerName: example.com/foo, keyType: ED25519, credentialBundlePath: b.pem, userAnnotations: {{domain/a: {}}}}}", "d".repeat(262_144));
        assert_eq!(certificate(&big), [at(&annotations, TOO_LONG)]);
        // A certificate file and a secret item at one path collide.
        let both = gated("{name: x, projected: {sources: [{secret: {name: s, items: [{key: k, path: tls.pem}]}}, {podCertificate: {signerName: example.com/foo, keyType: ED25519, credentialBundlePath: tls.pem}}]}}");
        assert_eq!(both, [at("field.projected", INVALID)]);
        // Without the gate the source is dropped (PL136) and nothing inside it is checked.
        let dropped = k8s_errors_in(&RULE, &pod("  - {name: x, projected: {sources: [{podCertificate: {keyType: BAD}}]}}\n"), gates(36, ""));
        assert!(dropped.is_empty(), "{dropped:?}");
        // GA and on in 1.37: kept and validated by default.
        let kept = k8s_errors_in(&RULE, &pod("  - {name: x, projected: {sources: [{podCertificate: {signerName: example.com/foo, keyType: BAD, credentialBundlePath: b.pem}}]}}\n"), gates(37, ""));
        assert!(!kept.is_empty());
        // Not locked there: off, dropped again.
        let dropped = k8s_errors_in(&RULE, &pod("  - {name: x, projected: {sources: [{podCertificate: {keyType: BAD}}]}}\n"), gates(37, "PodCertificateRequest=false"));
        assert!(dropped.is_empty(), "{dropped:?}");
    }

    // ValidateVolumes for a Pod: an ephemeral volume's claim `<pod>-<volume>` must be a valid
    // object name.
    #[test]
    fn k7_ephemeral_claim_name() {
        let pod = |pod_name: &str, volume: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: {pod_name}}}\nspec:\n  volumes:\n  - {{name: {volume}, ephemeral: {{volumeClaimTemplate: {{spec: {CLAIM_SPEC}}}}}}}\n  containers:\n  - {{name: c, image: image}}\n");
        assert!(k8s_errors(&RULE, &pod("web", "scratch"), false).is_empty());
        let long = "p".repeat(250);
        assert_eq!(k8s_errors(&RULE, &pod(&long, "scratch"), false), [at("spec.volumes[0].name", INVALID)]);
        // A template's pods are named later: not checked.
        let template = format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {long}}}\nspec:\n  selector: {{matchLabels: {{app: d}}}}\n  template:\n    metadata: {{labels: {{app: d}}}}\n    spec:\n      volumes: [{{name: scratch, ephemeral: {{volumeClaimTemplate: {{spec: {CLAIM_SPEC}}}}}}}]\n      containers: [{{name: c, image: i}}]\n");
        assert!(k8s_errors(&RULE, &template, false).is_empty());
        assert_eq!(errors("{name: x, ephemeral: {}}"), [at("field.ephemeral.volumeClaimTemplate", REQUIRED)]);
    }

    // ValidateVolumes: a `persistentVolumeClaim` volume may not name the claim one of the
    // pod's own ephemeral volumes creates (`<pod>-<volume>`), when the pod's name is known.
    #[test]
    fn k7_claim_of_own_ephemeral_volume() {
        let pod = |meta: &str, claim: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{{meta}}}\nspec:\n  volumes:\n  - {{name: scratch, ephemeral: {{volumeClaimTemplate: {{spec: {CLAIM_SPEC}}}}}}}\n  - {{name: data, persistentVolumeClaim: {{claimName: {claim}}}}}\n  containers:\n  - {{name: c, image: image}}\n");
        assert_eq!(k8s_errors(&RULE, &pod("name: web", "web-scratch"), false), [at("spec.volumes[1].persistentVolumeClaim.claimName", INVALID)]);
        assert!(k8s_errors(&RULE, &pod("name: web", "web-data"), false).is_empty());
        assert!(k8s_errors(&RULE, &pod("name: web", "other-scratch"), false).is_empty());
        // Without a name (generateName) the claim's name is not known yet: not checked.
        assert!(k8s_errors(&RULE, &pod("generateName: web-", "web-scratch"), false).is_empty());
    }

    /// A claim spec the API server accepts.
    const CLAIM_SPEC: &str = "{accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}";

    /// The errors for an ephemeral volume whose claim template is `template`, paths below it.
    fn template_errors(template: &str) -> Vec<(String, &'static str)> {
        errors(&format!("{{name: x, ephemeral: {{volumeClaimTemplate: {template}}}}}"))
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("field.ephemeral.volumeClaimTemplate", "t", 1), k8s_type))
            .collect()
    }

    // ValidatePersistentVolumeClaimTemplate: ValidateTemplateObjectMeta and
    // ValidatePersistentVolumeClaimSpec, as validateEphemeralVolumeSource calls them.
    #[test]
    fn k7_ephemeral_claim_template() {
        assert_eq!(template_errors(&format!("{{spec: {CLAIM_SPEC}}}")), []);
        let with = |extra: &str| template_errors(&format!("{{spec: {{accessModes: [ReadWriteOnce], resources: {{requests: {{storage: 1Gi}}}}, {extra}}}}}"));
        // An empty spec: access modes and the storage request are required; the latter is
        // reported at `resources[storage]`.
        assert_eq!(template_errors("{spec: {}}"), [at("t.spec.accessModes", REQUIRED), at("t.spec.resources[storage]", REQUIRED)]);
        assert_eq!(template_errors("{}"), [at("t.spec.accessModes", REQUIRED), at("t.spec.resources[storage]", REQUIRED)]);
        assert_eq!(template_errors("{spec: {accessModes: [ReadWriteOnce], resources: {limits: {storage: 1Gi}}}}"), [at("t.spec.resources[storage]", REQUIRED)]);
        // Access modes: each one supported; ReadWriteOncePod alone.
        assert_eq!(template_errors("{spec: {accessModes: [ReadWriteOnce, WriteOnce], resources: {requests: {storage: 1Gi}}}}"), [at("t.spec.accessModes", NOT_SUPPORTED)]);
        assert_eq!(template_errors("{spec: {accessModes: [ReadWriteOncePod, ReadOnlyMany], resources: {requests: {storage: 1Gi}}}}"), [at("t.spec.accessModes", FORBIDDEN)]);
        assert_eq!(template_errors("{spec: {accessModes: [ReadWriteOncePod, Bad], resources: {requests: {storage: 1Gi}}}}"), [at("t.spec.accessModes", NOT_SUPPORTED)]);
        for mode in ["ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"] {
            assert_eq!(template_errors(&format!("{{spec: {{accessModes: [{mode}], resources: {{requests: {{storage: 1Gi}}}}}}}}")), [], "{mode}");
        }
        // The storage request is greater than zero.
        for size in ["0", "0Gi", "-1Gi"] {
            assert_eq!(template_errors(&format!("{{spec: {{accessModes: [ReadWriteOnce], resources: {{requests: {{storage: \"{size}\"}}}}}}}}")), [at("t.spec.resources[storage]", INVALID)], "{size}");
        }
        // Class name, volume mode, selector.
        assert_eq!(with("storageClassName: Fast_SSD"), [at("t.spec.storageClassName", INVALID)]);
        assert_eq!(with("storageClassName: fast-ssd"), []);
        assert_eq!(with("volumeMode: Raw"), [at("t.spec.volumeMode", NOT_SUPPORTED)]);
        assert_eq!(with("volumeMode: Block"), []);
        assert_eq!(with("selector: {matchLabels: {\"bad key!\": x}}"), [at("t.spec.selector.matchLabels", INVALID)]);
        // Data sources: name and kind; a core kind is only a claim; API groups are DNS names;
        // dataSource and dataSourceRef name one object.
        assert_eq!(with("dataSource: {kind: PersistentVolumeClaim, name: src}"), []);
        assert_eq!(with("dataSource: {apiGroup: snapshot.storage.k8s.io, kind: VolumeSnapshot, name: snap}"), []);
        assert_eq!(with("dataSource: {}"), [at("t.spec.dataSource.kind", REQUIRED), at("t.spec.dataSource.name", REQUIRED), at("t.spec.dataSource", INVALID)]);
        assert_eq!(with("dataSourceRef: {kind: VolumeSnapshot, name: snap}"), [at("t.spec.dataSourceRef", INVALID)]);
        assert_eq!(with("dataSourceRef: {apiGroup: Snapshot_Group, kind: VolumeSnapshot, name: snap}"), [at("t.spec.dataSourceRef.apiGroup", INVALID)]);
        assert_eq!(with("dataSource: {kind: PersistentVolumeClaim, name: a}, dataSourceRef: {kind: PersistentVolumeClaim, name: a}"), []);
        assert_eq!(with("dataSource: {kind: PersistentVolumeClaim, name: a}, dataSourceRef: {kind: PersistentVolumeClaim, name: b}"), [at("t.spec", INVALID)]);
        // Metadata: labels and annotations only; labels are checked at `labels`.
        assert_eq!(template_errors(&format!("{{metadata: {{labels: {{app: web}}, annotations: {{note: x}}}}, spec: {CLAIM_SPEC}}}")), []);
        assert_eq!(template_errors(&format!("{{metadata: {{labels: {{\"bad key!\": \"bad value!\"}}}}, spec: {CLAIM_SPEC}}}")), [at("t.metadata.labels", INVALID), at("t.metadata.labels", INVALID)]);
        assert_eq!(template_errors(&format!("{{metadata: {{name: claim, namespace: ns}}, spec: {CLAIM_SPEC}}}")), [at("t.metadata.name", FORBIDDEN), at("t.metadata.namespace", FORBIDDEN)]);
        // Also in a workload's template: the claim is created with each pod.
        let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n      volumes: [{name: scratch, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [RWO], resources: {requests: {storage: 1Gi}}}}}}]\n      containers: [{name: c, image: i}]\n";
        assert_eq!(k8s_errors(&RULE, deployment, false), [at("spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes", NOT_SUPPORTED)]);
    }

    // TestValidateVolumes rows of the in-tree and network sources.
    #[test]
    fn k7_in_tree_volume_sources() {
        for ok in [
            "{name: x, gitRepo: {repository: my-repo, directory: sub}}",
            "{name: x, gcePersistentDisk: {pdName: my-pd, partition: 1}}",
            "{name: x, awsElasticBlockStore: {volumeID: vol-1}}",
            "{name: x, nfs: {server: nfs.example.com, path: /exports}}",
            "{name: x, iscsi: {targetPortal: \"127.0.0.1:3260\", iqn: \"iqn.2015-02.example.com:test\", lun: 1, initiatorName: \"iqn.2015-02.example.com:init\"}}",
            "{name: x, iscsi: {targetPortal: \"127.0.0.1\", iqn: eui.0123456789ABCDEF, chapAuthSession: true, secretRef: {name: chap}}}",
            "{name: x, glusterfs: {endpoints: glusterfs-cluster, path: vol}}",
            "{name: x, flocker: {datasetName: data}}",
            "{name: x, rbd: {monitors: [\"10.0.0.1:6789\"], image: img}}",
            "{name: x, cinder: {volumeID: v}}",
            "{name: x, cephfs: {monitors: [\"10.0.0.1:6789\"]}}",
            "{name: x, quobyte: {registry: \"registry:7861\", volume: vol}}",
            "{name: x, fc: {targetWWNs: [some_wwn], lun: 1}}",
            "{name: x, fc: {wwids: [some_wwid]}}",
            "{name: x, flexVolume: {driver: kubernetes.io/blue, options: {myoption: v, example.com/opt: v}}}",
            "{name: x, azureFile: {secretName: key, shareName: share}}",
            "{name: x, azureDisk: {diskName: foo, diskURI: \"https://blob/vhds/bar.vhd\"}}",
            "{name: x, azureDisk: {diskName: foo, diskURI: /subscriptions/s/resourcegroups/g/providers/microsoft.compute/disks/d, kind: Managed}}",
            "{name: x, vsphereVolume: {volumePath: \"[datastore] vol.vmdk\"}}",
            "{name: x, photonPersistentDisk: {pdID: id}}",
            "{name: x, portworxVolume: {volumeID: id}}",
            "{name: x, storageos: {volumeName: vol, volumeNamespace: ns}}",
            "{name: x, scaleIO: {gateway: http://gw, system: sys, volumeName: vol}}",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let rows: [(&str, &[(&str, &str)]); 28] = [
            ("{name: x, gitRepo: {directory: sub}}", &[("field.gitRepo.repository", REQUIRED)]),
            ("{name: x, gitRepo: {repository: r, directory: ../dot}}", &[("field.gitRepo.directory", INVALID)]),
            ("{name: x, gcePersistentDisk: {partition: 256}}", &[("field.persistentDisk.pdName", REQUIRED), ("field.persistentDisk.partition", INVALID)]),
            ("{name: x, awsElasticBlockStore: {volumeID: v, partition: -1}}", &[("field.awsElasticBlockStore.partition", INVALID)]),
            ("{name: x, nfs: {path: /exports}}", &[("field.nfs.server", REQUIRED)]),
            ("{name: x, nfs: {server: s}}", &[("field.nfs.path", REQUIRED), ("field.nfs.path", INVALID)]),
            ("{name: x, nfs: {server: s, path: exports}}", &[("field.nfs.path", INVALID)]),
            ("{name: x, iscsi: {iqn: \"iqn.2015-02.example.com:test\"}}", &[("field.iscsi.targetPortal", REQUIRED)]),
            ("{name: x, iscsi: {targetPortal: p}}", &[("field.iscsi.iqn", REQUIRED)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: iqn.2015-02.example.com}}", &[("field.iscsi.iqn", INVALID)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: eui.0123}}", &[("field.iscsi.iqn", INVALID)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: foo}}", &[("field.iscsi.iqn", INVALID)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: naa.0123, lun: 300}}", &[("field.iscsi.iqn", INVALID), ("field.iscsi.lun", INVALID)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: eui.0123456789ABCDEF, chapAuthDiscovery: true}}", &[("field.iscsi.secretRef", REQUIRED)]),
            ("{name: x, iscsi: {targetPortal: p, iqn: eui.0123456789ABCDEF, initiatorName: iqn.2015-02.example.com}}", &[("field.iscsi.initiatorname", INVALID)]),
            ("{name: x, glusterfs: {path: vol}}", &[("field.glusterfs.endpoints", REQUIRED)]),
            ("{name: x, flocker: {}}", &[("field.flocker", REQUIRED)]),
            ("{name: x, flocker: {datasetName: a, datasetUUID: b}}", &[("field.flocker", INVALID)]),
            ("{name: x, flocker: {datasetName: a/b}}", &[("field.flocker.datasetName", INVALID)]),
            ("{name: x, rbd: {image: i}}", &[("field.rbd.monitors", REQUIRED)]),
            ("{name: x, cephfs: {user: u}}", &[("field.cephfs.monitors", REQUIRED)]),
            ("{name: x, quobyte: {registry: registry, volume: v}}", &[("field.quobyte.registry", INVALID)]),
            ("{name: x, fc: {}}", &[("field.fc.targetWWNs", REQUIRED)]),
            ("{name: x, fc: {targetWWNs: [w], wwids: [i], lun: 1}}", &[("field.fc.targetWWNs", INVALID)]),
            ("{name: x, fc: {targetWWNs: [w]}}", &[("field.fc.lun", REQUIRED)]),
            ("{name: x, flexVolume: {driver: d, options: {k8s.io/opt: v}}}", &[("field.flexVolume.options[k8s.io/opt]", INVALID)]),
            ("{name: x, azureDisk: {diskName: foo, diskURI: vhds/bar.vhd}}", &[("field.azureDisk.diskURI", "FieldValueNotSupported")]),
            ("{name: x, storageos: {volumeName: Vol_1, secretRef: {}}}", &[("field.storageos.volumeName", INVALID), ("field.storageos.secretRef.name", REQUIRED)]),
        ];
        for (volume, expected) in rows {
            let mut expected: Vec<(String, &str)> = expected.iter().map(|(p, t)| (p.to_string(), *t)).collect();
            let mut found = errors(volume);
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{volume}");
        }
        // Without defaulting an Azure disk has no kind, and its URI is not checked.
        let raw = pod("  - {name: x, azureDisk: {diskName: foo, diskURI: vhds/bar.vhd}}\n");
        assert!(k8s_errors(&RULE, &raw, true).is_empty());
        // `<volume>:<portal>` over 64 characters with an initiator name.
        let long = format!("{{name: {}, iscsi: {{targetPortal: \"127.0.0.1:3260\", iqn: eui.0123456789ABCDEF, initiatorName: eui.0123456789ABCDEF}}}}", "v".repeat(60));
        assert_eq!(errors(&long), [at("field.name", INVALID)]);
    }
}
