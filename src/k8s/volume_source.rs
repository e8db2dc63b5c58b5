//! A volume's source as podlife reads it: which sources are set (in the order the API server
//! checks them) and the parts of the common ones that validation looks into.

use serde::{Deserialize, Serialize};

use crate::k8s::model::{
    ObjectFieldSelector, ObjectMeta, QuantityValue, ResourceFieldSelector, ResourceList,
};
use crate::k8s::scheduling::LabelSelector;

/// A volume's fields: its name, then every source in the order `validateVolumeSource` checks
/// them (the first one set is the volume's source, each later one is an error).
pub const VOLUME_FIELDS: [&str; 31] = [
    "name",
    "emptyDir",
    "hostPath",
    "gitRepo",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "secret",
    "nfs",
    "iscsi",
    "glusterfs",
    "flocker",
    "persistentVolumeClaim",
    "rbd",
    "cinder",
    "cephfs",
    "quobyte",
    "downwardAPI",
    "fc",
    "flexVolume",
    "configMap",
    "azureFile",
    "vsphereVolume",
    "photonPersistentDisk",
    "portworxVolume",
    "azureDisk",
    "storageos",
    "projected",
    "scaleIO",
    "csi",
    "ephemeral",
    "image",
];

/// Every volume source, in the API server's order.
pub const SOURCES: &[&str] = VOLUME_FIELDS.split_at(1).1;

// Each source is one bit of `VolumeSource::set`.
const _: () = assert!(SOURCES.len() <= u32::BITS as usize);

/// The sources of one volume that podlife looks into; `set` has bit `i` for `SOURCES[i]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct VolumeSource {
    /// Which sources are set, by position in [`SOURCES`].
    #[serde(skip)]
    pub set: u32,
    #[serde(skip)]
    pub empty_dir: Option<Box<EmptyDirSource>>,
    #[serde(skip)]
    pub host_path: Option<Box<HostPathSource>>,
    #[serde(skip)]
    pub secret: Option<Box<SecretSource>>,
    #[serde(skip)]
    pub config_map: Option<Box<ConfigMapSource>>,
    #[serde(skip)]
    pub persistent_volume_claim: Option<Box<ClaimSource>>,
    #[serde(skip)]
    pub downward_api: Option<Box<DownwardApiSource>>,
    #[serde(skip)]
    pub projected: Option<Box<ProjectedSource>>,
    #[serde(skip)]
    pub csi: Option<Box<CsiSource>>,
    #[serde(skip)]
    pub ephemeral: Option<Box<EphemeralSource>>,
    #[serde(skip)]
    pub image: Option<Box<ImageSource>>,
    /// The other sources set (NFS, iSCSI, cloud disks, …), by position in [`SOURCES`].
    #[serde(skip)]
    pub in_tree: Vec<(usize, InTreeSource)>,
}

impl VolumeSource {
    /// The position of `key` in [`SOURCES`], if it is a source.
    pub fn position(key: &str) -> Option<usize> {
        SOURCES.iter().position(|source| *source == key)
    }

    /// Whether source `key` is set.
    pub fn has(&self, key: &str) -> bool {
        Self::position(key).is_some_and(|bit| self.set & (1 << bit) != 0)
    }

    /// The contents of source `key` when it is one of the [`InTreeSource`] kinds.
    pub fn in_tree(&self, key: &str) -> Option<&InTreeSource> {
        let position = Self::position(key)?;
        self.in_tree
            .iter()
            .find(|(at, _)| *at == position)
            .map(|(_, source)| source)
    }

    /// The sources set, in the API server's order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        SOURCES
            .iter()
            .enumerate()
            .filter(|(bit, _)| self.set & (1 << bit) != 0)
            .map(|(_, key)| *key)
    }
}

/// The sources whose contents are read as an [`InTreeSource`].
pub const IN_TREE_SOURCES: [&str; 20] = [
    "gitRepo",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "nfs",
    "iscsi",
    "glusterfs",
    "flocker",
    "rbd",
    "cinder",
    "cephfs",
    "quobyte",
    "fc",
    "flexVolume",
    "azureFile",
    "vsphereVolume",
    "photonPersistentDisk",
    "portworxVolume",
    "azureDisk",
    "storageos",
    "scaleIO",
];

/// The fields the API server checks in the in-tree and network sources ([`IN_TREE_SOURCES`]),
/// by JSON name: no two of those sources give one name different types, so one struct reads
/// them all and each check looks at its source's fields (the names themselves are checked
/// against each source's schema).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InTreeSource {
    // gitRepo
    pub repository: Option<String>,
    pub directory: Option<String>,
    // gcePersistentDisk, awsElasticBlockStore, photonPersistentDisk
    pub pd_name: Option<String>,
    pub partition: Option<i32>,
    #[serde(rename = "volumeID")]
    pub volume_id: Option<String>,
    #[serde(rename = "pdID")]
    pub pd_id: Option<String>,
    // nfs, glusterfs, cephfs
    pub server: Option<String>,
    pub path: Option<String>,
    pub endpoints: Option<String>,
    // iscsi, fc
    pub target_portal: Option<String>,
    pub iqn: Option<String>,
    pub lun: Option<i32>,
    #[serde(rename = "chapAuthDiscovery")]
    pub discovery_chap_auth: Option<bool>,
    #[serde(rename = "chapAuthSession")]
    pub session_chap_auth: Option<bool>,
    pub initiator_name: Option<String>,
    #[serde(rename = "targetWWNs")]
    pub target_wwns: Option<Vec<String>>,
    pub wwids: Option<Vec<String>>,
    // iscsi, cinder, storageos, rbd, cephfs, flexVolume, scaleIO
    pub secret_ref: Option<NameRef>,
    // flocker
    pub dataset_name: Option<String>,
    #[serde(rename = "datasetUUID")]
    pub dataset_uuid: Option<String>,
    // rbd, cephfs
    pub monitors: Option<Vec<String>>,
    pub image: Option<String>,
    // quobyte
    pub registry: Option<String>,
    pub tenant: Option<String>,
    pub volume: Option<String>,
    // flexVolume
    pub driver: Option<String>,
    pub options: Option<std::collections::BTreeMap<String, String>>,
    // azureFile, azureDisk
    pub secret_name: Option<String>,
    pub share_name: Option<String>,
    pub disk_name: Option<String>,
    #[serde(rename = "diskURI")]
    pub disk_uri: Option<String>,
    pub caching_mode: Option<String>,
    pub kind: Option<String>,
    // vsphereVolume
    pub volume_path: Option<String>,
    // storageos, scaleIO
    pub volume_name: Option<String>,
    pub volume_namespace: Option<String>,
    pub gateway: Option<String>,
    pub system: Option<String>,
}

/// `emptyDir`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EmptyDirSource {
    pub size_limit: Option<QuantityValue>,
}

/// `hostPath`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct HostPathSource {
    pub path: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// `secret`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SecretSource {
    pub secret_name: Option<String>,
    pub default_mode: Option<i64>,
    pub items: Option<Vec<KeyToPath>>,
}

/// `configMap`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ConfigMapSource {
    pub name: Option<String>,
    pub default_mode: Option<i64>,
    pub items: Option<Vec<KeyToPath>>,
}

/// `items[]` of a secret or config map: a key written to a file.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct KeyToPath {
    pub key: Option<String>,
    pub path: Option<String>,
    pub mode: Option<i64>,
}

/// `persistentVolumeClaim`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ClaimSource {
    pub claim_name: Option<String>,
}

/// `downwardAPI` (volume or projection).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DownwardApiSource {
    pub default_mode: Option<i64>,
    pub items: Option<Vec<DownwardApiFile>>,
}

/// `downwardAPI.items[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DownwardApiFile {
    pub path: Option<String>,
    pub mode: Option<i64>,
    pub field_ref: Option<ObjectFieldSelector>,
    pub resource_field_ref: Option<ResourceFieldSelector>,
}

/// `projected`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProjectedSource {
    pub default_mode: Option<i64>,
    pub sources: Option<Vec<Projection>>,
}

/// `projected.sources[]`: one of its fields.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Projection {
    pub secret: Option<ProjectedKeys>,
    pub config_map: Option<ProjectedKeys>,
    #[serde(rename = "downwardAPI")]
    pub downward_api: Option<DownwardApiSource>,
    pub service_account_token: Option<TokenProjection>,
    pub cluster_trust_bundle: Option<ClusterTrustBundleProjection>,
    pub pod_certificate: Option<PodCertificateProjection>,
}

/// `projected.sources[].secret` / `.configMap`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ProjectedKeys {
    pub name: Option<String>,
    pub items: Option<Vec<KeyToPath>>,
}

/// `projected.sources[].serviceAccountToken`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TokenProjection {
    pub path: Option<String>,
    pub expiration_seconds: Option<i64>,
}

/// `projected.sources[].clusterTrustBundle`: a bundle by name, or by signer and labels.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ClusterTrustBundleProjection {
    pub name: Option<String>,
    pub signer_name: Option<String>,
    pub label_selector: Option<LabelSelector>,
    pub path: Option<String>,
}

/// `projected.sources[].podCertificate`: a key pair the kubelet generates and a certificate
/// for it that a signer issues, written into the volume.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodCertificateProjection {
    pub signer_name: Option<String>,
    pub key_type: Option<String>,
    pub max_expiration_seconds: Option<i64>,
    pub credential_bundle_path: Option<String>,
    pub key_path: Option<String>,
    pub certificate_chain_path: Option<String>,
    pub user_annotations: Option<std::collections::BTreeMap<String, String>>,
}

/// `csi`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CsiSource {
    pub driver: Option<String>,
    pub node_publish_secret_ref: Option<NameRef>,
}

/// A reference by `name`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct NameRef {
    pub name: Option<String>,
}

/// `ephemeral`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EphemeralSource {
    pub volume_claim_template: Option<ClaimTemplate>,
}

/// `ephemeral.volumeClaimTemplate`: the claim's metadata and spec.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ClaimTemplate {
    pub metadata: Option<ObjectMeta>,
    pub spec: Option<ClaimSpec>,
}

/// A `PersistentVolumeClaimSpec`, the parts validation looks into.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ClaimSpec {
    pub access_modes: Option<Vec<String>>,
    pub selector: Option<LabelSelector>,
    pub resources: Option<ClaimResources>,
    pub volume_name: Option<String>,
    pub storage_class_name: Option<String>,
    pub volume_mode: Option<String>,
    pub data_source: Option<TypedReference>,
    pub data_source_ref: Option<TypedReference>,
    pub volume_attributes_class_name: Option<String>,
}

/// A claim's `resources`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ClaimResources {
    pub limits: Option<ResourceList>,
    pub requests: Option<ResourceList>,
}

/// `dataSource` / `dataSourceRef`: a typed reference (`namespace` only in the latter).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TypedReference {
    pub api_group: Option<String>,
    pub kind: Option<String>,
    pub name: Option<String>,
    pub namespace: Option<String>,
}

/// `image`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ImageSource {
    pub reference: Option<String>,
    pub pull_policy: Option<String>,
}
