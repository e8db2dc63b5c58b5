//! A volume's source as podlife reads it: which sources are set (in the order the API server
//! checks them) and the parts of the common ones that validation looks into.

use serde::{Deserialize, Serialize};

use crate::k8s::model::{ObjectFieldSelector, Opaque, QuantityValue, ResourceFieldSelector};
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

    /// The sources set, in the API server's order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        SOURCES
            .iter()
            .enumerate()
            .filter(|(bit, _)| self.set & (1 << bit) != 0)
            .map(|(_, key)| *key)
    }
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
    pub pod_certificate: Option<Opaque>,
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
    pub volume_claim_template: Option<Opaque>,
}

/// `image`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ImageSource {
    pub reference: Option<String>,
    pub pull_policy: Option<String>,
}
