//! The API server's checks of the in-tree and network volume sources (`gitRepo`, cloud disks,
//! NFS, iSCSI, Ceph, Gluster, Fibre Channel, flex volumes, …): required fields, formats and
//! ranges, at the paths `validateVolumeSource` reports them (some are not the field's name:
//! `gcePersistentDisk` is reported as `persistentDisk`, `iscsi.initiatorName` as
//! `initiatorname`).

use crate::k8s::names;
use crate::k8s::volume_source::InTreeSource;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::yaml::field_path::FieldPath;

/// The problems of source `key` (the first source of the volume at `volume`) with contents
/// `source`: written at `volume.<key>`, reported at Kubernetes' path for it.
pub fn in_tree_problems(
    key: &str,
    source: &InTreeSource,
    volume: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    let reported = match key {
        "gcePersistentDisk" => "persistentDisk",
        other => other,
    };
    let at = volume.child(reported.to_string());
    let written = &volume.child(key.to_string());
    let mut out = Checks {
        at: &at,
        written,
        problems,
    };
    for (field, value, what) in required_fields(key, source) {
        out.required(value, field, what);
    }
    match key {
        "gitRepo" => {
            let directory = source.directory.as_deref().unwrap_or("");
            for reason in names::local_descending_path(directory) {
                out.invalid(
                    "directory",
                    directory,
                    reason,
                    "keep `directory` relative, without `..`",
                );
            }
        }
        "gcePersistentDisk" | "awsElasticBlockStore" => {
            let partition = source.partition.unwrap_or(0);
            if !(0..=255).contains(&partition) {
                out.invalid(
                    "partition",
                    &partition.to_string(),
                    "must be between 0 and 255, inclusive".to_string(),
                    "give a partition number from 0 to 255 (0: the whole disk)",
                );
            }
        }
        "nfs" => {
            let path = source.path.as_deref().unwrap_or("");
            if !path.starts_with('/') {
                out.invalid(
                    "path",
                    path,
                    "must be an absolute path".to_string(),
                    "write the export's absolute path (`/exports/data`)",
                );
            }
        }
        "iscsi" => iscsi_problems(source, &mut out),
        "flocker" => flocker_problems(source, &mut out),
        "rbd" | "cephfs" => {
            if source.monitors.as_deref().unwrap_or_default().is_empty() {
                let span = out.span("monitors", source.monitors.is_some());
                out.problems.push(
                    Problem::new(
                        at.child("monitors"),
                        k8s_type::REQUIRED,
                        None,
                        "the volume's `monitors` is empty",
                        "required",
                        "list the Ceph monitors (`10.0.0.1:6789`)",
                    )
                    .pointing_at(span),
                );
            }
            if key == "rbd" {
                out.required(source.image.as_deref(), "image", "the RBD image's name");
            }
        }
        "cinder" => out.secret_name(source),
        "quobyte" => quobyte_problems(source, &mut out),
        "fc" => fc_problems(source, &mut out),
        "flexVolume" => flex_problems(source, &mut out),
        "azureDisk" => azure_disk_problems(source, &mut out),
        "storageos" => storageos_problems(source, &mut out),
        _ => {}
    }
}

/// The fields a source requires that need nothing more than to be set, with what they hold.
fn required_fields<'s>(
    key: &str,
    source: &'s InTreeSource,
) -> Vec<(&'static str, Option<&'s str>, &'static str)> {
    let field = |value: &'s Option<String>| value.as_deref();
    match key {
        "gitRepo" => vec![(
            "repository",
            field(&source.repository),
            "the repository URL",
        )],
        "gcePersistentDisk" => vec![(
            "pdName",
            field(&source.pd_name),
            "the persistent disk's name",
        )],
        "awsElasticBlockStore" => {
            vec![("volumeID", field(&source.volume_id), "the EBS volume's ID")]
        }
        "nfs" => vec![
            (
                "server",
                field(&source.server),
                "the NFS server's host name or address",
            ),
            ("path", field(&source.path), "the exported path"),
        ],
        "glusterfs" => vec![
            (
                "endpoints",
                field(&source.endpoints),
                "the Endpoints object that lists the Gluster servers",
            ),
            ("path", field(&source.path), "the Gluster volume's name"),
        ],
        "cinder" => vec![(
            "volumeID",
            field(&source.volume_id),
            "the Cinder volume's ID",
        )],
        "flexVolume" => vec![(
            "driver",
            field(&source.driver),
            "the flex volume driver (`vendor/driver`)",
        )],
        "azureFile" => vec![
            (
                "secretName",
                field(&source.secret_name),
                "the Secret holding the storage account's name and key",
            ),
            (
                "shareName",
                field(&source.share_name),
                "the Azure file share",
            ),
        ],
        "azureDisk" => vec![
            ("diskName", field(&source.disk_name), "the data disk's name"),
            ("diskURI", field(&source.disk_uri), "the data disk's URI"),
        ],
        "vsphereVolume" => vec![(
            "volumePath",
            field(&source.volume_path),
            "the vSphere volume's path",
        )],
        "photonPersistentDisk" => vec![("pdID", field(&source.pd_id), "the Photon disk's ID")],
        "portworxVolume" => vec![(
            "volumeID",
            field(&source.volume_id),
            "the Portworx volume's ID",
        )],
        "scaleIO" => vec![
            (
                "gateway",
                field(&source.gateway),
                "the ScaleIO gateway's URL",
            ),
            ("system", field(&source.system), "the ScaleIO system's name"),
            (
                "volumeName",
                field(&source.volume_name),
                "the ScaleIO volume's name",
            ),
        ],
        _ => Vec::new(),
    }
}

/// `validateFlockerVolumeSource`.
fn flocker_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    let name = source.dataset_name.as_deref().unwrap_or("");
    let uuid = source.dataset_uuid.as_deref().unwrap_or("");
    if name.is_empty() && uuid.is_empty() {
        out.problems.push(
            Problem::new(
                out.at.clone(),
                k8s_type::REQUIRED,
                None,
                "the flocker volume names no dataset",
                "one of datasetName and datasetUUID is required",
                "give `datasetName` or `datasetUUID`",
            )
            .pointing_at(out.written.clone())
            .on_key(),
        );
    }
    if !name.is_empty() && !uuid.is_empty() {
        out.problems.push(
            Problem::new(
                out.at.clone(),
                k8s_type::INVALID,
                Some("resource".to_string()),
                "the flocker volume has both `datasetName` and `datasetUUID`",
                "datasetName and datasetUUID can not be specified simultaneously",
                "keep one of them",
            )
            .pointing_at(out.written.clone())
            .on_key(),
        );
    }
    if name.contains('/') {
        out.invalid(
            "datasetName",
            name,
            "must not contain '/'".to_string(),
            "use the dataset's name without `/`",
        );
    }
}

/// `validateFlexVolumeSource`: options outside the reserved namespaces.
fn flex_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    for key in source.options.iter().flatten().map(|(key, _)| key) {
        let namespace = key
            .split_once('/')
            .map_or(key.as_str(), |(namespace, _)| namespace);
        let normalized = format!(".{}", namespace.to_ascii_lowercase());
        if normalized.ends_with(".kubernetes.io") || normalized.ends_with(".k8s.io") {
            out.problems.push(
                Problem::new(
                    out.at.child("options").key(key),
                    k8s_type::INVALID,
                    Some(key.clone()),
                    format!("flex volume option `{key}` uses a reserved prefix"),
                    "kubernetes.io and k8s.io namespaces are reserved",
                    "name the option under your own domain",
                )
                .pointing_at(out.written.child("options").key(key))
                .on_key(),
            );
        }
    }
}

/// `validateStorageOSVolumeSource`.
fn storageos_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    match source.volume_name.as_deref().unwrap_or("") {
        "" => out.required(
            source.volume_name.as_deref(),
            "volumeName",
            "the StorageOS volume's name",
        ),
        name => {
            for reason in names::dns1123_label(name) {
                out.invalid(
                    "volumeName",
                    name,
                    reason,
                    "use a DNS label (lowercase letters, digits, `-`)",
                );
            }
        }
    }
    if let Some(namespace) = source.volume_namespace.as_deref().filter(|n| !n.is_empty()) {
        for reason in names::dns1123_label(namespace) {
            out.invalid(
                "volumeNamespace",
                namespace,
                reason,
                "use a DNS label (lowercase letters, digits, `-`)",
            );
        }
    }
    out.secret_name(source);
}

/// Problems of one source, with where they are reported and where they are written.
struct Checks<'a> {
    at: &'a FieldPath,
    written: &'a FieldPath,
    problems: &'a mut Vec<Problem>,
}

impl Checks<'_> {
    /// Points at the field when it is written, else at the source.
    fn span(&self, field: &str, set: bool) -> FieldPath {
        if set {
            self.written.child(field.to_string())
        } else {
            self.written.clone()
        }
    }

    fn required(&mut self, value: Option<&str>, field: &str, what: &str) {
        if value.unwrap_or("").is_empty() {
            let span = self.span(field, value.is_some());
            self.problems.push(
                Problem::new(
                    self.at.child(field.to_string()),
                    k8s_type::REQUIRED,
                    None,
                    format!("the volume's `{field}` is missing"),
                    "required",
                    format!("give `{field}`: {what}"),
                )
                .pointing_at(span),
            );
        }
    }

    fn invalid(&mut self, field: &str, value: &str, label: String, help: &str) {
        let span = self.written.child(field.to_string());
        self.problems.push(
            Problem::new(
                self.at.child(field.to_string()),
                k8s_type::INVALID,
                Some(value.to_string()),
                format!("the volume's `{field}: {value}` is not valid"),
                label,
                help,
            )
            .pointing_at(span),
        );
    }

    /// A `secretRef`, when given, names its Secret.
    fn secret_name(&mut self, source: &InTreeSource) {
        if let Some(secret) = &source.secret_ref
            && secret.name.as_deref().unwrap_or("").is_empty()
        {
            let span = self.written.child("secretRef");
            self.problems.push(
                Problem::new(
                    self.at.child("secretRef").child("name"),
                    k8s_type::REQUIRED,
                    None,
                    "the volume's `secretRef` names no Secret",
                    "required",
                    "give `secretRef.name`",
                )
                .pointing_at(span),
            );
        }
    }
}

/// `validateISCSIVolumeSource`.
fn iscsi_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    out.required(
        source.target_portal.as_deref(),
        "targetPortal",
        "the target's `host:port`",
    );
    match source.iqn.as_deref().unwrap_or("") {
        "" => out.required(
            source.iqn.as_deref(),
            "iqn",
            "the target's iSCSI qualified name (`iqn.2001-04.com.example:storage`)",
        ),
        iqn => {
            if let Some(reason) = iscsi_name_problem(iqn) {
                out.invalid("iqn", iqn, reason.to_string(), "write an IQN (`iqn.2001-04.com.example:storage`), an EUI (`eui.` and 16 letters or digits) or an NAA (`naa.` and 32)");
            }
        }
    }
    let lun = source.lun.unwrap_or(0);
    if !(0..=255).contains(&lun) {
        out.invalid(
            "lun",
            &lun.to_string(),
            "must be between 0 and 255, inclusive".to_string(),
            "give a LUN from 0 to 255",
        );
    }
    let chap = source.discovery_chap_auth == Some(true) || source.session_chap_auth == Some(true);
    if chap && source.secret_ref.is_none() {
        let span = out.written.clone();
        out.problems.push(
            Problem::new(
                out.at.child("secretRef"),
                k8s_type::REQUIRED,
                None,
                "CHAP authentication without a `secretRef`",
                "required",
                "name the Secret holding the CHAP credentials in `secretRef`",
            )
            .pointing_at(span)
            .on_key(),
        );
    }
    if let Some(initiator) = &source.initiator_name
        && let Some(reason) = iscsi_name_problem(initiator)
    {
        let span = out.written.child("initiatorName");
        out.problems.push(
            Problem::new(
                out.at.child("initiatorname"),
                k8s_type::INVALID,
                Some(initiator.clone()),
                format!("the volume's `initiatorName: {initiator}` is not valid"),
                reason,
                "write an IQN, EUI or NAA name",
            )
            .pointing_at(span),
        );
    }
}

/// What is wrong with an iSCSI name (IQN, EUI or NAA), as `validateISCSIVolumeSource` words it.
fn iscsi_name_problem(name: &str) -> Option<&'static str> {
    let format = if name.starts_with("iqn") {
        is_iqn(name)
    } else if let Some(rest) = name.strip_prefix("eui") {
        is_hex_name(rest, 16)
    } else if let Some(rest) = name.strip_prefix("naa") {
        is_hex_name(rest, 32)
    } else {
        return Some("must be valid format starting with iqn, eui, or naa");
    };
    (!format).then_some("must be valid format")
}

/// `eui.` / `naa.` then `digits` letters or digits (any one character stands for the dot).
fn is_hex_name(rest: &str, digits: usize) -> bool {
    let mut chars = rest.chars();
    chars.next().is_some_and(|c| c != '\n') && {
        let tail = chars.as_str();
        tail.len() == digits && tail.bytes().all(|b| b.is_ascii_alphanumeric())
    }
}

/// Whether `iqn.YYYY-MM.<domain>:<name>` ends the text (the API server's pattern is not
/// anchored at the start).
fn is_iqn(name: &str) -> bool {
    name.match_indices("iqn.").any(|(start, _)| {
        let rest = name.get(start + 4..).unwrap_or("");
        let bytes = rest.as_bytes();
        let date = bytes.len() > 8
            && bytes
                .get(..4)
                .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            && bytes.get(4) == Some(&b'-')
            && bytes
                .get(5..7)
                .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            && bytes.get(7) == Some(&b'.');
        if !date {
            return false;
        }
        let tail = rest.get(8..).unwrap_or("");
        let domain_end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
            .unwrap_or(tail.len());
        let suffix = tail.get(domain_end..).unwrap_or("");
        domain_end > 0
            && suffix.strip_prefix(':').is_some_and(|s| {
                !s.is_empty()
                    && !s.contains([',', ';', '*', '&', '$', '|', ' ', '\t', '\n', '\r', '\u{c}'])
            })
    })
}

/// `validateQuobyteVolumeSource`.
fn quobyte_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    let registry = source.registry.as_deref().unwrap_or("");
    if registry.is_empty() {
        let span = out.span("registry", source.registry.is_some());
        out.problems.push(
            Problem::new(
                out.at.child("registry"),
                k8s_type::REQUIRED,
                None,
                "the volume's `registry` is missing",
                "must be a host:port pair or multiple pairs separated by commas",
                "give the registry as `host:port` (several separated by commas)",
            )
            .pointing_at(span),
        );
    } else if source.tenant.as_deref().unwrap_or("").len() >= 65 {
        let span = out.written.child("tenant");
        out.problems.push(
            Problem::new(
                out.at.child("tenant"),
                k8s_type::REQUIRED,
                None,
                "the volume's `tenant` is too long",
                "must be a UUID and may not exceed a length of 64 characters",
                "give the tenant's UUID",
            )
            .pointing_at(span),
        );
    } else {
        for pair in registry.split(',') {
            if !is_host_port(pair) {
                out.invalid(
                    "registry",
                    registry,
                    "must be a host:port pair or multiple pairs separated by commas".to_string(),
                    "write each registry as `host:port`",
                );
            }
        }
    }
    out.required(
        source.volume.as_deref(),
        "volume",
        "the Quobyte volume's name",
    );
}

/// Whether Go's `net.SplitHostPort` accepts `text`: `host:port` or `[host]:port`.
fn is_host_port(text: &str) -> bool {
    let Some(colon) = text.rfind(':') else {
        return false;
    };
    let (host, port) = (
        text.get(..colon).unwrap_or(""),
        text.get(colon + 1..).unwrap_or(""),
    );
    let host_ok = match host.strip_prefix('[') {
        Some(inner) => inner
            .strip_suffix(']')
            .is_some_and(|h| !h.contains(['[', ']'])),
        None => !host.contains([':', '[', ']']),
    };
    host_ok && !port.contains(['[', ']'])
}

/// `validateFCVolumeSource`.
fn fc_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    let wwns = source.target_wwns.as_deref().unwrap_or_default();
    let wwids = source.wwids.as_deref().unwrap_or_default();
    if wwns.is_empty() && wwids.is_empty() {
        let span = out.written.clone();
        out.problems.push(
            Problem::new(
                out.at.child("targetWWNs"),
                k8s_type::REQUIRED,
                None,
                "the Fibre Channel volume names no target",
                "must specify either targetWWNs or wwids, but not both",
                "give `targetWWNs` (with `lun`) or `wwids`",
            )
            .pointing_at(span)
            .on_key(),
        );
    }
    if !wwns.is_empty() && !wwids.is_empty() {
        out.invalid(
            "targetWWNs",
            &wwns.join(", "),
            "targetWWNs and wwids can not be specified simultaneously".to_string(),
            "keep `targetWWNs` (with `lun`) or `wwids`",
        );
    }
    if !wwns.is_empty() {
        match source.lun {
            None => {
                let span = out.written.child("targetWWNs");
                out.problems.push(
                    Problem::new(
                        out.at.child("lun"),
                        k8s_type::REQUIRED,
                        None,
                        "`targetWWNs` without a `lun`",
                        "lun is required if targetWWNs is specified",
                        "give the `lun` (0–255)",
                    )
                    .pointing_at(span)
                    .on_key(),
                );
            }
            Some(lun) if !(0..=255).contains(&lun) => out.invalid(
                "lun",
                &lun.to_string(),
                "must be between 0 and 255, inclusive".to_string(),
                "give a LUN from 0 to 255",
            ),
            Some(_) => {}
        }
    }
}

/// `validateAzureDisk`, on the defaulted source (`cachingMode: ReadWrite`, `kind: Shared`).
fn azure_disk_problems(source: &InTreeSource, out: &mut Checks<'_>) {
    const CACHING: [&str; 3] = ["None", "ReadOnly", "ReadWrite"];
    const KINDS: [&str; 3] = ["Dedicated", "Managed", "Shared"];
    if let Some(mode) = source
        .caching_mode
        .as_deref()
        .filter(|m| !CACHING.contains(m))
    {
        out.problems.push(not_supported(
            out.at.child("cachingMode"),
            "cachingMode",
            mode,
            &CACHING,
            Some("an Azure disk"),
        ));
    }
    if let Some(kind) = source.kind.as_deref().filter(|k| !KINDS.contains(k)) {
        out.problems.push(not_supported(
            out.at.child("kind"),
            "kind",
            kind,
            &KINDS,
            Some("an Azure disk"),
        ));
    }
    let uri = source.disk_uri.as_deref().unwrap_or("");
    let expected = match source.kind.as_deref() {
        Some("Managed") if !uri.starts_with("/subscriptions/") => Some(
            "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}",
        ),
        Some(kind) if kind != "Managed" && !uri.starts_with("https://") => {
            Some("https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd")
        }
        _ => None,
    };
    if let Some(expected) = expected {
        let span = out.span("diskURI", source.disk_uri.is_some());
        let kind = source.kind.as_deref().unwrap_or("");
        out.problems.push(
            Problem::new(
                out.at.child("diskURI"),
                k8s_type::NOT_SUPPORTED,
                Some(uri.to_string()),
                format!("`diskURI: {uri}` does not fit an Azure disk of kind `{kind}`"),
                format!("supported values: \"{expected}\""),
                format!("give a URI of the form `{expected}`, or set the `kind` that matches it"),
            )
            .pointing_at(span),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iscsi_names() {
        for ok in [
            "iqn.2015-02.example.com:test",
            "iqn.2001-04.com.example:storage:disk1",
            "eui.02004567A425678D",
            "naa.60060160a4d4e23f8fa11ad1c0ac2d5c",
        ] {
            assert_eq!(iscsi_name_problem(ok), None, "{ok}");
        }
        for bad in [
            "iqn.2015-02.example.com",
            "iqn.20-02.example.com:x",
            "iqn.2015-02.example.com:a b",
            "eui.0123",
            "naa.0123",
            "foo",
        ] {
            assert!(iscsi_name_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(
            iscsi_name_problem("foo"),
            Some("must be valid format starting with iqn, eui, or naa")
        );
    }

    #[test]
    fn host_port_pairs_as_go_splits_them() {
        for ok in ["registry:7861", "[::1]:7861", ":7861", "host:"] {
            assert!(is_host_port(ok), "{ok}");
        }
        for bad in ["registry", "a:b:c", "[::1]x:7861"] {
            assert!(!is_host_port(bad), "{bad}");
        }
    }
}
