//! The field names of the API types podlife checks but does not model, as the Kubernetes API
//! spells them (`k8s.io/api/core/v1/types.go`, `apimachinery/pkg/apis/meta/v1/types.go`).
//!
//! One static per Go struct, named after it; a field whose value podlife does not look into
//! (a scalar, a map of free keys such as `matchLabels`) is [`ANY`]. The names are the union of
//! Kubernetes 1.34 to master (November 2026): fields of releases since gone (`workloadRef`,
//! 1.35) and fields behind gates not yet released (`defaultUser`, `evictionResponders`) are
//! accepted, so that no manifest valid for some current cluster gets a false warning.

use super::{Schema, Shape, shapes};

shapes! {
    /// `securityContext.seLinuxOptions` (pod and container).
    SeLinuxOptions => &SE_LINUX_OPTIONS;
    /// `spec.affinity`.
    Affinity => &AFFINITY;
    /// `spec.hostAliases`.
    HostAliases => &HOST_ALIASES;
    /// `spec.imagePullSecrets`.
    ImagePullSecrets => &LOCAL_OBJECT_REFERENCES;
    /// `spec.tolerations`.
    Tolerations => &TOLERATIONS;
    /// `spec.topologySpreadConstraints`.
    TopologySpreadConstraints => &TOPOLOGY_SPREAD_CONSTRAINTS;
    /// `spec.workloadRef` (Kubernetes 1.35 only).
    WorkloadReference => &WORKLOAD_REFERENCE;
    /// `spec.schedulingGroup` (1.36 on).
    PodSchedulingGroup => &POD_SCHEDULING_GROUP;
    /// `spec.evictionResponders` (after 1.36).
    EvictionResponders => &EVICTION_RESPONDERS;
    /// `spec.volumes[]`.
    VolumeShape => &VOLUME;
    /// `metadata.ownerReferences`.
    OwnerReferences => &OWNER_REFERENCES;
}

/// Any value; its keys, if any, are data.
pub static ANY: Schema = Schema::Any;

// --- meta/v1 ---------------------------------------------------------------------------------

pub static LABEL_SELECTOR_REQUIREMENT: Schema =
    Schema::Fields(&[("key", &ANY), ("operator", &ANY), ("values", &ANY)]);
pub static LABEL_SELECTOR: Schema = Schema::Fields(&[
    ("matchLabels", &ANY),
    (
        "matchExpressions",
        &Schema::List(&LABEL_SELECTOR_REQUIREMENT),
    ),
]);
pub static OWNER_REFERENCE: Schema = Schema::Fields(&[
    ("apiVersion", &ANY),
    ("kind", &ANY),
    ("name", &ANY),
    ("uid", &ANY),
    ("controller", &ANY),
    ("blockOwnerDeletion", &ANY),
]);
pub static OWNER_REFERENCES: Schema = Schema::List(&OWNER_REFERENCE);
pub static OBJECT_META: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("generateName", &ANY),
    ("namespace", &ANY),
    ("selfLink", &ANY),
    ("uid", &ANY),
    ("resourceVersion", &ANY),
    ("generation", &ANY),
    ("creationTimestamp", &ANY),
    ("deletionTimestamp", &ANY),
    ("deletionGracePeriodSeconds", &ANY),
    ("labels", &ANY),
    ("annotations", &ANY),
    ("ownerReferences", &OWNER_REFERENCES),
    ("finalizers", &ANY),
    ("managedFields", &ANY),
]);

// --- scheduling --------------------------------------------------------------------------------

pub static NODE_SELECTOR_REQUIREMENT: Schema =
    Schema::Fields(&[("key", &ANY), ("operator", &ANY), ("values", &ANY)]);
pub static NODE_SELECTOR_TERM: Schema = Schema::Fields(&[
    (
        "matchExpressions",
        &Schema::List(&NODE_SELECTOR_REQUIREMENT),
    ),
    ("matchFields", &Schema::List(&NODE_SELECTOR_REQUIREMENT)),
]);
pub static NODE_SELECTOR: Schema =
    Schema::Fields(&[("nodeSelectorTerms", &Schema::List(&NODE_SELECTOR_TERM))]);
pub static PREFERRED_SCHEDULING_TERM: Schema =
    Schema::Fields(&[("weight", &ANY), ("preference", &NODE_SELECTOR_TERM)]);
pub static NODE_AFFINITY: Schema = Schema::Fields(&[
    (
        "requiredDuringSchedulingIgnoredDuringExecution",
        &NODE_SELECTOR,
    ),
    (
        "preferredDuringSchedulingIgnoredDuringExecution",
        &Schema::List(&PREFERRED_SCHEDULING_TERM),
    ),
]);
pub static POD_AFFINITY_TERM: Schema = Schema::Fields(&[
    ("labelSelector", &LABEL_SELECTOR),
    ("namespaces", &ANY),
    ("topologyKey", &ANY),
    ("namespaceSelector", &LABEL_SELECTOR),
    ("matchLabelKeys", &ANY),
    ("mismatchLabelKeys", &ANY),
]);
pub static WEIGHTED_POD_AFFINITY_TERM: Schema =
    Schema::Fields(&[("weight", &ANY), ("podAffinityTerm", &POD_AFFINITY_TERM)]);
/// `PodAffinity` and `PodAntiAffinity` have the same fields.
pub static POD_AFFINITY: Schema = Schema::Fields(&[
    (
        "requiredDuringSchedulingIgnoredDuringExecution",
        &Schema::List(&POD_AFFINITY_TERM),
    ),
    (
        "preferredDuringSchedulingIgnoredDuringExecution",
        &Schema::List(&WEIGHTED_POD_AFFINITY_TERM),
    ),
]);
pub static AFFINITY: Schema = Schema::Fields(&[
    ("nodeAffinity", &NODE_AFFINITY),
    ("podAffinity", &POD_AFFINITY),
    ("podAntiAffinity", &POD_AFFINITY),
]);
pub static TOLERATION: Schema = Schema::Fields(&[
    ("key", &ANY),
    ("operator", &ANY),
    ("value", &ANY),
    ("effect", &ANY),
    ("tolerationSeconds", &ANY),
]);
pub static TOLERATIONS: Schema = Schema::List(&TOLERATION);
pub static TOPOLOGY_SPREAD_CONSTRAINT: Schema = Schema::Fields(&[
    ("maxSkew", &ANY),
    ("topologyKey", &ANY),
    ("whenUnsatisfiable", &ANY),
    ("labelSelector", &LABEL_SELECTOR),
    ("minDomains", &ANY),
    ("nodeAffinityPolicy", &ANY),
    ("nodeTaintsPolicy", &ANY),
    ("matchLabelKeys", &ANY),
]);
pub static TOPOLOGY_SPREAD_CONSTRAINTS: Schema = Schema::List(&TOPOLOGY_SPREAD_CONSTRAINT);
pub static WORKLOAD_REFERENCE: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("podGroup", &ANY),
    ("podGroupReplicaKey", &ANY),
]);
pub static POD_SCHEDULING_GROUP: Schema = Schema::Fields(&[("podGroupName", &ANY)]);
pub static EVICTION_RESPONDER: Schema = Schema::Fields(&[("name", &ANY), ("priority", &ANY)]);
pub static EVICTION_RESPONDERS: Schema = Schema::List(&EVICTION_RESPONDER);

// --- pod-level -----------------------------------------------------------------------------------

pub static LOCAL_OBJECT_REFERENCE: Schema = Schema::Fields(&[("name", &ANY)]);
pub static LOCAL_OBJECT_REFERENCES: Schema = Schema::List(&LOCAL_OBJECT_REFERENCE);
pub static POD_DNS_CONFIG_OPTION: Schema = Schema::Fields(&[("name", &ANY), ("value", &ANY)]);
pub static POD_DNS_CONFIG: Schema = Schema::Fields(&[
    ("nameservers", &ANY),
    ("searches", &ANY),
    ("options", &Schema::List(&POD_DNS_CONFIG_OPTION)),
]);
pub static HOST_ALIAS: Schema = Schema::Fields(&[("ip", &ANY), ("hostnames", &ANY)]);
pub static HOST_ALIASES: Schema = Schema::List(&HOST_ALIAS);

// --- security contexts ---------------------------------------------------------------------------

pub static SE_LINUX_OPTIONS: Schema = Schema::Fields(&[
    ("user", &ANY),
    ("role", &ANY),
    ("type", &ANY),
    ("level", &ANY),
]);

// --- downward API (volumes) ----------------------------------------------------------------------

pub static OBJECT_FIELD_SELECTOR: Schema =
    Schema::Fields(&[("apiVersion", &ANY), ("fieldPath", &ANY)]);
pub static RESOURCE_FIELD_SELECTOR: Schema = Schema::Fields(&[
    ("containerName", &ANY),
    ("resource", &ANY),
    ("divisor", &ANY),
]);

// --- volumes ---------------------------------------------------------------------------------------

pub static KEY_TO_PATH: Schema = Schema::Fields(&[
    ("key", &ANY),
    ("path", &ANY),
    ("mode", &ANY),
    ("user", &ANY),
]);
pub static KEYS_TO_PATHS: Schema = Schema::List(&KEY_TO_PATH);
pub static HOST_PATH_VOLUME_SOURCE: Schema = Schema::Fields(&[("path", &ANY), ("type", &ANY)]);
pub static EMPTY_DIR_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("medium", &ANY), ("sizeLimit", &ANY), ("mode", &ANY)]);
pub static GCE_PERSISTENT_DISK_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("pdName", &ANY),
    ("fsType", &ANY),
    ("partition", &ANY),
    ("readOnly", &ANY),
]);
pub static AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("volumeID", &ANY),
    ("fsType", &ANY),
    ("partition", &ANY),
    ("readOnly", &ANY),
]);
pub static GIT_REPO_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("repository", &ANY),
    ("revision", &ANY),
    ("directory", &ANY),
]);
pub static SECRET_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("secretName", &ANY),
    ("items", &KEYS_TO_PATHS),
    ("defaultMode", &ANY),
    ("optional", &ANY),
    ("defaultUser", &ANY),
]);
pub static NFS_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("server", &ANY), ("path", &ANY), ("readOnly", &ANY)]);
pub static ISCSI_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("targetPortal", &ANY),
    ("iqn", &ANY),
    ("lun", &ANY),
    ("iscsiInterface", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
    ("portals", &ANY),
    ("chapAuthDiscovery", &ANY),
    ("chapAuthSession", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
    ("initiatorName", &ANY),
]);
pub static GLUSTERFS_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("endpoints", &ANY), ("path", &ANY), ("readOnly", &ANY)]);
pub static PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("claimName", &ANY), ("readOnly", &ANY)]);
pub static RBD_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("monitors", &ANY),
    ("image", &ANY),
    ("fsType", &ANY),
    ("pool", &ANY),
    ("user", &ANY),
    ("keyring", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
    ("readOnly", &ANY),
]);
pub static FLEX_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("driver", &ANY),
    ("fsType", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
    ("readOnly", &ANY),
    ("options", &ANY),
]);
pub static CINDER_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("volumeID", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
]);
pub static CEPH_FS_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("monitors", &ANY),
    ("path", &ANY),
    ("user", &ANY),
    ("secretFile", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
    ("readOnly", &ANY),
]);
pub static FLOCKER_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("datasetName", &ANY), ("datasetUUID", &ANY)]);
pub static DOWNWARD_API_VOLUME_FILE: Schema = Schema::Fields(&[
    ("path", &ANY),
    ("fieldRef", &OBJECT_FIELD_SELECTOR),
    ("resourceFieldRef", &RESOURCE_FIELD_SELECTOR),
    ("mode", &ANY),
    ("user", &ANY),
]);
pub static DOWNWARD_API_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("items", &Schema::List(&DOWNWARD_API_VOLUME_FILE)),
    ("defaultMode", &ANY),
    ("defaultUser", &ANY),
]);
pub static FC_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("targetWWNs", &ANY),
    ("lun", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
    ("wwids", &ANY),
]);
pub static AZURE_FILE_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("secretName", &ANY),
    ("shareName", &ANY),
    ("readOnly", &ANY),
]);
pub static CONFIG_MAP_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("items", &KEYS_TO_PATHS),
    ("defaultMode", &ANY),
    ("optional", &ANY),
    ("defaultUser", &ANY),
]);
pub static VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("volumePath", &ANY),
    ("fsType", &ANY),
    ("storagePolicyName", &ANY),
    ("storagePolicyID", &ANY),
]);
pub static QUOBYTE_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("registry", &ANY),
    ("volume", &ANY),
    ("readOnly", &ANY),
    ("user", &ANY),
    ("group", &ANY),
    ("tenant", &ANY),
]);
pub static AZURE_DISK_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("diskName", &ANY),
    ("diskURI", &ANY),
    ("cachingMode", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
    ("kind", &ANY),
]);
pub static PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("pdID", &ANY), ("fsType", &ANY)]);
pub static SECRET_PROJECTION: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("items", &KEYS_TO_PATHS),
    ("optional", &ANY),
]);
pub static CONFIG_MAP_PROJECTION: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("items", &KEYS_TO_PATHS),
    ("optional", &ANY),
]);
pub static DOWNWARD_API_PROJECTION: Schema =
    Schema::Fields(&[("items", &Schema::List(&DOWNWARD_API_VOLUME_FILE))]);
pub static SERVICE_ACCOUNT_TOKEN_PROJECTION: Schema = Schema::Fields(&[
    ("audience", &ANY),
    ("expirationSeconds", &ANY),
    ("path", &ANY),
    ("user", &ANY),
]);
pub static CLUSTER_TRUST_BUNDLE_PROJECTION: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("signerName", &ANY),
    ("labelSelector", &LABEL_SELECTOR),
    ("optional", &ANY),
    ("path", &ANY),
    ("user", &ANY),
]);
pub static POD_CERTIFICATE_PROJECTION: Schema = Schema::Fields(&[
    ("signerName", &ANY),
    ("keyType", &ANY),
    ("maxExpirationSeconds", &ANY),
    ("credentialBundlePath", &ANY),
    ("keyPath", &ANY),
    ("certificateChainPath", &ANY),
    ("userAnnotations", &ANY),
    ("user", &ANY),
]);
pub static VOLUME_PROJECTION: Schema = Schema::Fields(&[
    ("secret", &SECRET_PROJECTION),
    ("downwardAPI", &DOWNWARD_API_PROJECTION),
    ("configMap", &CONFIG_MAP_PROJECTION),
    ("serviceAccountToken", &SERVICE_ACCOUNT_TOKEN_PROJECTION),
    ("clusterTrustBundle", &CLUSTER_TRUST_BUNDLE_PROJECTION),
    ("podCertificate", &POD_CERTIFICATE_PROJECTION),
]);
pub static PROJECTED_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("sources", &Schema::List(&VOLUME_PROJECTION)),
    ("defaultMode", &ANY),
    ("defaultUser", &ANY),
]);
pub static PORTWORX_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("volumeID", &ANY), ("fsType", &ANY), ("readOnly", &ANY)]);
pub static SCALE_IO_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("gateway", &ANY),
    ("system", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
    ("sslEnabled", &ANY),
    ("protectionDomain", &ANY),
    ("storagePool", &ANY),
    ("storageMode", &ANY),
    ("volumeName", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
]);
pub static STORAGE_OS_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("volumeName", &ANY),
    ("volumeNamespace", &ANY),
    ("fsType", &ANY),
    ("readOnly", &ANY),
    ("secretRef", &LOCAL_OBJECT_REFERENCE),
]);
pub static CSI_VOLUME_SOURCE: Schema = Schema::Fields(&[
    ("driver", &ANY),
    ("readOnly", &ANY),
    ("fsType", &ANY),
    ("volumeAttributes", &ANY),
    ("nodePublishSecretRef", &LOCAL_OBJECT_REFERENCE),
]);
pub static TYPED_LOCAL_OBJECT_REFERENCE: Schema =
    Schema::Fields(&[("apiGroup", &ANY), ("kind", &ANY), ("name", &ANY)]);
pub static TYPED_OBJECT_REFERENCE: Schema = Schema::Fields(&[
    ("apiGroup", &ANY),
    ("kind", &ANY),
    ("name", &ANY),
    ("namespace", &ANY),
]);
pub static VOLUME_RESOURCE_REQUIREMENTS: Schema =
    Schema::Fields(&[("limits", &ANY), ("requests", &ANY)]);
pub static PERSISTENT_VOLUME_CLAIM_SPEC: Schema = Schema::Fields(&[
    ("accessModes", &ANY),
    ("selector", &LABEL_SELECTOR),
    ("resources", &VOLUME_RESOURCE_REQUIREMENTS),
    ("volumeName", &ANY),
    ("storageClassName", &ANY),
    ("volumeMode", &ANY),
    ("dataSource", &TYPED_LOCAL_OBJECT_REFERENCE),
    ("dataSourceRef", &TYPED_OBJECT_REFERENCE),
    ("volumeAttributesClassName", &ANY),
]);
pub static PERSISTENT_VOLUME_CLAIM_TEMPLATE: Schema = Schema::Fields(&[
    ("metadata", &OBJECT_META),
    ("spec", &PERSISTENT_VOLUME_CLAIM_SPEC),
]);
pub static EPHEMERAL_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("volumeClaimTemplate", &PERSISTENT_VOLUME_CLAIM_TEMPLATE)]);
pub static IMAGE_VOLUME_SOURCE: Schema =
    Schema::Fields(&[("reference", &ANY), ("pullPolicy", &ANY)]);
/// `Volume`: the name and exactly one source (`VolumeSource` is inlined).
pub static VOLUME: Schema = Schema::Fields(&[
    ("name", &ANY),
    ("hostPath", &HOST_PATH_VOLUME_SOURCE),
    ("emptyDir", &EMPTY_DIR_VOLUME_SOURCE),
    ("gcePersistentDisk", &GCE_PERSISTENT_DISK_VOLUME_SOURCE),
    (
        "awsElasticBlockStore",
        &AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE,
    ),
    ("gitRepo", &GIT_REPO_VOLUME_SOURCE),
    ("secret", &SECRET_VOLUME_SOURCE),
    ("nfs", &NFS_VOLUME_SOURCE),
    ("iscsi", &ISCSI_VOLUME_SOURCE),
    ("glusterfs", &GLUSTERFS_VOLUME_SOURCE),
    (
        "persistentVolumeClaim",
        &PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE,
    ),
    ("rbd", &RBD_VOLUME_SOURCE),
    ("flexVolume", &FLEX_VOLUME_SOURCE),
    ("cinder", &CINDER_VOLUME_SOURCE),
    ("cephfs", &CEPH_FS_VOLUME_SOURCE),
    ("flocker", &FLOCKER_VOLUME_SOURCE),
    ("downwardAPI", &DOWNWARD_API_VOLUME_SOURCE),
    ("fc", &FC_VOLUME_SOURCE),
    ("azureFile", &AZURE_FILE_VOLUME_SOURCE),
    ("configMap", &CONFIG_MAP_VOLUME_SOURCE),
    ("vsphereVolume", &VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE),
    ("quobyte", &QUOBYTE_VOLUME_SOURCE),
    ("azureDisk", &AZURE_DISK_VOLUME_SOURCE),
    (
        "photonPersistentDisk",
        &PHOTON_PERSISTENT_DISK_VOLUME_SOURCE,
    ),
    ("projected", &PROJECTED_VOLUME_SOURCE),
    ("portworxVolume", &PORTWORX_VOLUME_SOURCE),
    ("scaleIO", &SCALE_IO_VOLUME_SOURCE),
    ("storageos", &STORAGE_OS_VOLUME_SOURCE),
    ("csi", &CSI_VOLUME_SOURCE),
    ("ephemeral", &EPHEMERAL_VOLUME_SOURCE),
    ("image", &IMAGE_VOLUME_SOURCE),
]);
