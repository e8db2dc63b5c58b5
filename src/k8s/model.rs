//! The permissive typed pod: every field the lifecycle touches, enum-like values kept as strings.
//!
//! Optional everywhere, so a bad value is a finding with a span rather than a decode failure.
//! Fields podlife does not reason about are [`Opaque`] (accepted, not looked at) or, where they
//! are objects with known fields (affinity, volume sources, …), [`Checked`]: not modelled, but
//! a typo in their field names is reported. Field names follow the Kubernetes API (`camelCase` in YAML).

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::k8s::decode::{OPAQUE, RAW_SCALAR};
use crate::k8s::field_schema::{self as shape, Checked, Schemed, Shape};
use crate::k8s::quantity::{Quantity, QuantityError};
use crate::k8s::scheduling::{Affinity, HostAlias, Toleration, TopologySpreadConstraint};
use crate::k8s::volume_source::VolumeSource;

/// A value podlife accepts but does not model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Opaque;

impl<'de> Deserialize<'de> for Opaque {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OpaqueVisitor;
        impl<'de> Visitor<'de> for OpaqueVisitor {
            type Value = Opaque;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_unit<E>(self) -> Result<Opaque, E> {
                Ok(Opaque)
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Opaque, D::Error> {
                de::IgnoredAny::deserialize(d).map(|_| Opaque)
            }
        }
        deserializer.deserialize_newtype_struct(OPAQUE, OpaqueVisitor)
    }
}

/// A resource quantity as written: parsed, or kept with its error for the rules to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuantityValue {
    /// A valid quantity.
    Valid(Quantity),
    /// Text that is not a quantity.
    Invalid {
        /// The text as written.
        text: String,
        /// Why it is not a quantity.
        error: QuantityError,
    },
}

impl QuantityValue {
    /// The quantity, if valid.
    pub fn valid(&self) -> Option<&Quantity> {
        match self {
            QuantityValue::Valid(quantity) => Some(quantity),
            QuantityValue::Invalid { .. } => None,
        }
    }

    fn from_text(text: &str) -> Self {
        match text.parse::<Quantity>() {
            Ok(quantity) => QuantityValue::Valid(quantity),
            Err(error) => QuantityValue::Invalid {
                text: text.to_string(),
                error,
            },
        }
    }
}

impl From<Quantity> for QuantityValue {
    fn from(quantity: Quantity) -> Self {
        QuantityValue::Valid(quantity)
    }
}

impl Serialize for QuantityValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            QuantityValue::Valid(quantity) => serializer.collect_str(quantity),
            QuantityValue::Invalid { text, .. } => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for QuantityValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct QuantityVisitor;
        impl<'de> Visitor<'de> for QuantityVisitor {
            type Value = QuantityValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a quantity")
            }
            fn visit_str<E>(self, text: &str) -> Result<QuantityValue, E> {
                Ok(QuantityValue::from_text(text))
            }
            fn visit_i64<E>(self, value: i64) -> Result<QuantityValue, E> {
                Ok(QuantityValue::from_text(&value.to_string()))
            }
            fn visit_u64<E>(self, value: u64) -> Result<QuantityValue, E> {
                Ok(QuantityValue::from_text(&value.to_string()))
            }
            fn visit_f64<E>(self, value: f64) -> Result<QuantityValue, E> {
                Ok(QuantityValue::from_text(&value.to_string()))
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<QuantityValue, D::Error> {
                d.deserialize_any(self)
            }
        }
        deserializer.deserialize_newtype_struct(RAW_SCALAR, QuantityVisitor)
    }
}

/// A resource list: resource name → quantity, sorted by name.
pub type ResourceList = BTreeMap<String, QuantityValue>;

/// An int-or-string value (ports).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum IntOrString {
    /// A number.
    Int(i64),
    /// A string (for ports, a named port).
    Str(String),
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntOrString::Int(value) => write!(f, "{value}"),
            IntOrString::Str(text) => f.write_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IntOrStringVisitor;
        impl Visitor<'_> for IntOrStringVisitor {
            type Value = IntOrString;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer or a string")
            }
            fn visit_i64<E>(self, value: i64) -> Result<IntOrString, E> {
                Ok(IntOrString::Int(value))
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<IntOrString, E> {
                i64::try_from(value)
                    .map(IntOrString::Int)
                    .map_err(|_| E::custom("number too large"))
            }
            fn visit_str<E>(self, text: &str) -> Result<IntOrString, E> {
                Ok(IntOrString::Str(text.to_string()))
            }
        }
        deserializer.deserialize_any(IntOrStringVisitor)
    }
}

/// `metadata`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ObjectMeta {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotations: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    /// The seed's initializers, in either spelling (see [`Initializers`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initializers: Option<Initializers>,
    /// The seed's `initialized` flag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initialized: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    #[serde(skip_serializing)]
    pub resource_version: Option<Opaque>,
    #[serde(skip_serializing)]
    pub generation: Option<Opaque>,
    #[serde(skip_serializing)]
    pub owner_references: Option<Checked<shape::OwnerReferences>>,
    #[serde(skip_serializing)]
    pub finalizers: Option<Opaque>,
    #[serde(skip_serializing)]
    pub managed_fields: Option<Opaque>,
    #[serde(skip_serializing)]
    pub self_link: Option<Opaque>,
}

/// Pending initializers (seed: initializers-proposal.md), read from either spelling.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Initializers {
    /// Names still to act, in order.
    pub pending: Vec<String>,
    /// Whether the alpha API form (`pending: [{name}]`) was used.
    pub alpha_form: bool,
    /// The alpha form's `result`, if any.
    pub has_result: bool,
}

impl<'de> Deserialize<'de> for Initializers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Named {
            name: Option<String>,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Entry {
            Name(String),
            Named(Named),
        }
        struct InitializersVisitor;
        impl<'de> Visitor<'de> for InitializersVisitor {
            type Value = Initializers;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`pending: [{name: …}]`, a mapping of names, or a list of names")
            }
            fn visit_unit<E>(self) -> Result<Initializers, E> {
                Ok(Initializers::default())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Initializers, A::Error> {
                let mut pending = Vec::new();
                while let Some(name) = seq.next_element::<String>()? {
                    pending.push(name);
                }
                Ok(Initializers {
                    pending,
                    ..Initializers::default()
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Initializers, A::Error> {
                let mut result = Initializers::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "pending" => {
                            result.alpha_form = true;
                            let entries: Vec<Entry> = map.next_value()?;
                            for entry in entries {
                                match entry {
                                    Entry::Name(name) => result.pending.push(name),
                                    Entry::Named(Named { name }) => {
                                        result.pending.push(name.unwrap_or_default());
                                    }
                                }
                            }
                        }
                        "result" => {
                            result.alpha_form = true;
                            result.has_result = true;
                            map.next_value::<de::IgnoredAny>()?;
                        }
                        _ => {
                            map.next_value::<de::IgnoredAny>()?;
                            result.pending.push(key);
                        }
                    }
                }
                Ok(result)
            }
        }
        deserializer.deserialize_any(InitializersVisitor)
    }
}

/// `spec` of a pod.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub init_containers: Option<Vec<Container>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub containers: Option<Vec<Container>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ephemeral_containers: Option<Vec<Container>>,
    /// Seed: defer containers, run at termination.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_containers: Option<Vec<Container>>,
    /// Seed (podlife's field name): `PreExit` or `PostExit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_trigger: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_container_grace_period_extension: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_container_grace_period_extension_interval: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_container_grace_period_extension_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pre_pull_defer_images: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overhead: Option<ResourceList>,
    /// Pod-level resources (gate PodLevelResources).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volumes: Option<Vec<Volume>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheduling_gates: Option<Vec<SchedulingGate>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority_class_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readiness_gates: Option<Vec<ReadinessGate>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_network: Option<bool>,
    #[serde(skip_serializing)]
    pub affinity: Option<Schemed<shape::Affinity, Affinity>>,
    #[serde(skip_serializing)]
    pub automount_service_account_token: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dns_config: Option<PodDnsConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dns_policy: Option<String>,
    #[serde(skip_serializing)]
    pub enable_service_links: Option<Opaque>,
    #[serde(skip_serializing)]
    pub host_aliases: Option<Schemed<shape::HostAliases, Vec<HostAlias>>>,
    #[serde(rename = "hostIPC", skip_serializing)]
    pub host_ipc: Option<bool>,
    #[serde(rename = "hostPID", skip_serializing)]
    pub host_pid: Option<bool>,
    #[serde(skip_serializing)]
    pub host_users: Option<bool>,
    #[serde(skip_serializing)]
    pub hostname: Option<String>,
    #[serde(skip_serializing)]
    pub hostname_override: Option<String>,
    #[serde(skip_serializing)]
    pub image_pull_secrets: Option<Checked<shape::ImagePullSecrets>>,
    #[serde(skip_serializing)]
    pub node_selector: Option<Opaque>,
    #[serde(skip_serializing)]
    pub os: Option<PodOs>,
    #[serde(skip_serializing)]
    pub preemption_policy: Option<String>,
    #[serde(skip_serializing)]
    pub resource_claims: Option<Vec<PodResourceClaim>>,
    #[serde(skip_serializing)]
    pub runtime_class_name: Option<String>,
    #[serde(skip_serializing)]
    pub scheduler_name: Option<String>,
    #[serde(skip_serializing)]
    pub security_context: Option<Box<PodSecurityContext>>,
    #[serde(skip_serializing)]
    pub service_account: Option<String>,
    #[serde(skip_serializing)]
    pub service_account_name: Option<String>,
    #[serde(rename = "setHostnameAsFQDN", skip_serializing)]
    pub set_hostname_as_fqdn: Option<bool>,
    #[serde(skip_serializing)]
    pub share_process_namespace: Option<bool>,
    #[serde(skip_serializing)]
    pub subdomain: Option<String>,
    #[serde(skip_serializing)]
    pub tolerations: Option<Schemed<shape::Tolerations, Vec<Toleration>>>,
    #[serde(skip_serializing)]
    pub topology_spread_constraints:
        Option<Schemed<shape::TopologySpreadConstraints, Vec<TopologySpreadConstraint>>>,
    /// Kubernetes 1.35 only (alpha); replaced by `schedulingGroup`.
    #[serde(skip_serializing)]
    pub workload_ref: Option<Checked<shape::WorkloadReference>>,
    #[serde(skip_serializing)]
    pub scheduling_group: Option<Checked<shape::PodSchedulingGroup>>,
    #[serde(skip_serializing)]
    pub eviction_responders: Option<Checked<shape::EvictionResponders>>,
}

/// A container of any kind (init, app, ephemeral, defer).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct Container {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_pull_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub working_dir: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ports: Option<Vec<ContainerPort>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub env: Option<Vec<EnvVar>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub env_from: Option<Vec<EnvFromSource>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resize_policy: Option<Vec<ContainerResizePolicy>>,
    /// Container-level restart policy: `Always` makes an init container a sidecar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_policy_rules: Option<Vec<ContainerRestartRule>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Box<Probe>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Box<Probe>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Box<Probe>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lifecycle: Option<Box<Lifecycle>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume_mounts: Option<Vec<VolumeMount>>,
    #[serde(skip_serializing)]
    pub volume_devices: Option<Vec<VolumeDevice>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination_message_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination_message_policy: Option<String>,
    #[serde(skip_serializing)]
    pub security_context: Option<Box<SecurityContext>>,
    #[serde(skip_serializing)]
    pub stdin: Option<Opaque>,
    #[serde(skip_serializing)]
    pub stdin_once: Option<Opaque>,
    #[serde(skip_serializing)]
    pub tty: Option<Opaque>,
    /// Ephemeral containers only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_container_name: Option<String>,
}

impl Container {
    /// The name, or `""`.
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("")
    }

    /// Whether this init container is a native sidecar (`restartPolicy: Always`).
    pub fn is_sidecar(&self) -> bool {
        self.restart_policy.as_deref() == Some("Always")
    }
}

/// `ports[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ContainerPort {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_port: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_port: Option<i64>,
    #[serde(rename = "hostIP", skip_serializing_if = "Option::is_none")]
    pub host_ip: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}

/// `env[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct EnvVar {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Boxed: most variables have none, and an env list stays small.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_from: Option<Box<EnvVarSource>>,
}

/// `env[].valueFrom`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct EnvVarSource {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_map_key_ref: Option<KeySelector>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_key_ref: Option<KeySelector>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_key_ref: Option<FileKeySelector>,
}

/// `valueFrom.fieldRef`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ObjectFieldSelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_path: Option<String>,
}

/// `valueFrom.resourceFieldRef`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ResourceFieldSelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divisor: Option<QuantityValue>,
}

/// `valueFrom.configMapKeyRef` / `secretKeyRef`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct KeySelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// `valueFrom.fileKeyRef` (EnvFiles).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct FileKeySelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// `envFrom[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct EnvFromSource {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_map_ref: Option<EnvSourceRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<EnvSourceRef>,
}

/// `envFrom[].configMapRef` / `secretRef`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct EnvSourceRef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// `restartPolicyRules[]` (ContainerRestartRules).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ContainerRestartRule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

/// `restartPolicyRules[].exitCodes`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ContainerRestartRuleOnExitCodes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operator: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<i64>>,
}

/// `spec.securityContext`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodSecurityContext {
    #[serde(skip_serializing)]
    pub se_linux_options: Option<Schemed<shape::SeLinuxOptions, SeLinuxOptions>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplemental_groups: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplemental_groups_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fs_group: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sysctls: Option<Vec<Sysctl>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fs_group_change_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SecurityProfile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<SecurityProfile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se_linux_change_policy: Option<String>,
}

/// A container's `securityContext`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct SecurityContext {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub privileged: Option<bool>,
    #[serde(skip_serializing)]
    pub se_linux_options: Option<Schemed<shape::SeLinuxOptions, SeLinuxOptions>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only_root_filesystem: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_privilege_escalation: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proc_mount: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SecurityProfile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<SecurityProfile>,
}

/// `securityContext.seLinuxOptions` (Pod Security's `seLinuxOptions` check reads them).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct SeLinuxOptions {
    pub user: Option<String>,
    pub role: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub level: Option<String>,
}

/// `securityContext.capabilities`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct Capabilities {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub add: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop: Option<Vec<String>>,
}

/// `securityContext.windowsOptions`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct WindowsSecurityContextOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gmsa_credential_spec_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gmsa_credential_spec: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_as_user_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_process: Option<bool>,
}

/// `seccompProfile` / `appArmorProfile`: a type and, for `Localhost`, a profile.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct SecurityProfile {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub localhost_profile: Option<String>,
}

/// `securityContext.sysctls[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct Sysctl {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// `volumeDevices[]`: a block volume exposed as a device.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct VolumeDevice {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_path: Option<String>,
}

/// `spec.os`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct PodOs {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// `spec.dnsConfig`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodDnsConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nameservers: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searches: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<PodDnsConfigOption>>,
}

/// `spec.dnsConfig.options[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodDnsConfigOption {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// `resources`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ResourceRequirements {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<ResourceList>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requests: Option<ResourceList>,
    #[serde(skip_serializing)]
    pub claims: Option<Vec<ResourceClaim>>,
}

/// `resources.claims[]`: a claim of the pod this container uses.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct ResourceClaim {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Kubernetes 1.31 on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
}

/// `spec.resourceClaims[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodResourceClaim {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Kubernetes 1.31 on (before: under `source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_claim_name: Option<String>,
    /// Kubernetes 1.31 on (before: under `source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_claim_template_name: Option<String>,
    /// Kubernetes 1.26 to 1.30 only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<ClaimSource>,
}

/// `spec.resourceClaims[].source` (Kubernetes 1.26 to 1.30).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ClaimSource {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_claim_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_claim_template_name: Option<String>,
}

/// `resizePolicy[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ContainerResizePolicy {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
}

/// A probe.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct Probe {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HttpGetAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TcpSocketAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GrpcAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_delay_seconds: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_seconds: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success_threshold: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_threshold: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
}

/// `exec`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ExecAction {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
}

/// `httpGet`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct HttpGetAction {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_headers: Option<Vec<HttpHeader>>,
}

/// `httpHeaders[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct HttpHeader {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// `tcpSocket`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TcpSocketAction {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
}

/// `grpc`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GrpcAction {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service: Option<String>,
}

/// `lifecycle`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct Lifecycle {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub post_start: Option<LifecycleHandler>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pre_stop: Option<LifecycleHandler>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_signal: Option<String>,
}

/// `postStart` / `preStop`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct LifecycleHandler {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HttpGetAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TcpSocketAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sleep: Option<SleepAction>,
}

/// `sleep`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct SleepAction {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<i64>,
}

/// `volumeMounts[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct VolumeMount {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mount_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(skip_serializing)]
    pub sub_path_expr: Option<Opaque>,
    #[serde(skip_serializing)]
    pub mount_propagation: Option<String>,
    #[serde(skip_serializing)]
    pub recursive_read_only: Option<String>,
}

/// `volumes[]`: the name and the source (its field names are checked against the schema; the
/// parts validation looks into are typed in [`VolumeSource`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Volume {
    /// The volume's name.
    pub name: Option<String>,
    /// Its source.
    #[serde(skip)]
    pub source: VolumeSource,
}

impl Volume {
    /// Whether its source is `emptyDir`.
    pub fn is_empty_dir(&self) -> bool {
        self.source.has("emptyDir")
    }

    /// Whether its source is a claim (`persistentVolumeClaim` or `ephemeral`), the only sources
    /// a block device (`volumeDevices`) may use.
    pub fn is_claim(&self) -> bool {
        self.source.has("persistentVolumeClaim") || self.source.has("ephemeral")
    }

    /// Whether its source is `image` (an OCI image or artifact, gate ImageVolume).
    pub fn is_image(&self) -> bool {
        self.source.has("image")
    }
}

impl<'de> Deserialize<'de> for Volume {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct VolumeVisitor;
        impl<'de> Visitor<'de> for VolumeVisitor {
            type Value = Volume;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a volume")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<Volume, D::Error> {
                // As a struct, so that paths name its fields (`spec.volumes[0].hostPath.path`).
                deserializer.deserialize_struct(
                    "Volume",
                    &crate::k8s::volume_source::VOLUME_FIELDS,
                    self,
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Volume, A::Error> {
                let mut volume = Volume::default();
                let source = &mut volume.source;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "name" {
                        volume.name = map.next_value()?;
                        continue;
                    }
                    if let Some(bit) = VolumeSource::position(&key) {
                        source.set |= 1 << bit;
                    }
                    match key.as_str() {
                        "emptyDir" => source.empty_dir = map.next_value()?,
                        "hostPath" => source.host_path = map.next_value()?,
                        "secret" => source.secret = map.next_value()?,
                        "configMap" => source.config_map = map.next_value()?,
                        "persistentVolumeClaim" => {
                            source.persistent_volume_claim = map.next_value()?;
                        }
                        "downwardAPI" => source.downward_api = map.next_value()?,
                        "projected" => source.projected = map.next_value()?,
                        "csi" => source.csi = map.next_value()?,
                        "ephemeral" => source.ephemeral = map.next_value()?,
                        "image" => source.image = map.next_value()?,
                        key if crate::k8s::volume_source::IN_TREE_SOURCES.contains(&key) => {
                            let contents: Option<crate::k8s::volume_source::InTreeSource> =
                                map.next_value()?;
                            if let Some(bit) = VolumeSource::position(key) {
                                source.in_tree.push((bit, contents.unwrap_or_default()));
                            }
                        }
                        _ => {
                            map.next_value::<Opaque>()?;
                        }
                    }
                }
                Ok(volume)
            }
        }
        // Through the schema's newtype: the decoder checks the source's field names first.
        deserializer.deserialize_newtype_struct(shape::VolumeShape::NEWTYPE, VolumeVisitor)
    }
}

/// `schedulingGates[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct SchedulingGate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// `readinessGates[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ReadinessGate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_type: Option<String>,
}

/// `status` of a pod.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditions: Option<Vec<PodCondition>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(rename = "hostIP", skip_serializing_if = "Option::is_none")]
    pub host_ip: Option<String>,
    #[serde(rename = "hostIPs", skip_serializing_if = "Option::is_none")]
    pub host_ips: Option<Vec<PodIp>>,
    #[serde(rename = "podIP", skip_serializing_if = "Option::is_none")]
    pub pod_ip: Option<String>,
    #[serde(rename = "podIPs", skip_serializing_if = "Option::is_none")]
    pub pod_ips: Option<Vec<PodIp>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nominated_node_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qos_class: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub init_container_statuses: Option<Vec<ContainerStatus>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_statuses: Option<Vec<ContainerStatus>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ephemeral_container_statuses: Option<Vec<ContainerStatus>>,
    /// Seed: statuses of defer containers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defer_container_statuses: Option<Vec<ContainerStatus>>,
    #[serde(skip_serializing)]
    pub resize: Option<Opaque>,
    #[serde(skip_serializing)]
    pub resource_claim_statuses: Option<Opaque>,
    #[serde(skip_serializing)]
    pub observed_generation: Option<Opaque>,
    #[serde(skip_serializing)]
    pub extended_resource_claim_status: Option<Opaque>,
}

/// `status.podIPs[]` / `hostIPs[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct PodIp {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
}

/// `status.conditions[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct PodCondition {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub condition_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_probe_time: Option<String>,
    #[serde(skip_serializing)]
    pub observed_generation: Option<Opaque>,
}

/// A container's status.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ContainerStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<ContainerState>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_state: Option<ContainerState>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    #[serde(rename = "imageID", skip_serializing_if = "Option::is_none")]
    pub image_id: Option<String>,
    #[serde(rename = "containerID", skip_serializing_if = "Option::is_none")]
    pub container_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocated_resources: Option<ResourceList>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    #[serde(skip_serializing)]
    pub volume_mounts: Option<Opaque>,
    #[serde(skip_serializing)]
    pub user: Option<Opaque>,
    #[serde(skip_serializing)]
    pub allocated_resources_status: Option<Opaque>,
    #[serde(skip_serializing)]
    pub stop_signal: Option<Opaque>,
}

/// `state` / `lastState`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct ContainerState {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting: Option<StateWaiting>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running: Option<StateRunning>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terminated: Option<StateTerminated>,
}

/// `state.waiting`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct StateWaiting {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `state.running`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct StateRunning {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<String>,
}

/// `state.terminated`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct StateTerminated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signal: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<String>,
    #[serde(rename = "containerID", skip_serializing_if = "Option::is_none")]
    pub container_id: Option<String>,
}

/// A pod as podlife sees it: metadata, spec, status.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Pod {
    /// `metadata` (of the pod template, for workloads).
    pub metadata: ObjectMeta,
    /// The pod spec.
    pub spec: PodSpec,
    /// `status`, if the document has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PodStatus>,
}

impl Pod {
    /// The initializers still to act on the pod (docs/semantics.md I1: either spelling).
    pub fn pending_initializers(&self) -> Vec<String> {
        self.metadata
            .initializers
            .as_ref()
            .map(|initializers| initializers.pending.clone())
            .unwrap_or_default()
    }

    /// Init containers as given (spec, or the legacy annotation once merged by the loader).
    pub fn init_containers(&self) -> &[Container] {
        self.spec.init_containers.as_deref().unwrap_or(&[])
    }

    /// App containers.
    pub fn containers(&self) -> &[Container] {
        self.spec.containers.as_deref().unwrap_or(&[])
    }

    /// Defer containers (seed).
    pub fn defer_containers(&self) -> &[Container] {
        self.spec.defer_containers.as_deref().unwrap_or(&[])
    }

    /// Ephemeral containers.
    pub fn ephemeral_containers(&self) -> &[Container] {
        self.spec.ephemeral_containers.as_deref().unwrap_or(&[])
    }

    /// Every container, mutable, with its list's field name (`initContainers`, `containers`,
    /// `ephemeralContainers`, `deferContainers`) and its index there, in that order.
    pub fn all_containers_mut(
        &mut self,
    ) -> impl Iterator<Item = (&'static str, usize, &mut Container)> {
        let spec = &mut self.spec;
        let lists = [
            ("initContainers", spec.init_containers.as_mut()),
            ("containers", spec.containers.as_mut()),
            ("ephemeralContainers", spec.ephemeral_containers.as_mut()),
            ("deferContainers", spec.defer_containers.as_mut()),
        ];
        lists.into_iter().flat_map(|(list, containers)| {
            containers
                .into_iter()
                .flatten()
                .enumerate()
                .map(move |(index, container)| (list, index, container))
        })
    }

    /// The pod's restart policy, defaulted to `Always`.
    pub fn restart_policy(&self) -> &str {
        self.spec.restart_policy.as_deref().unwrap_or("Always")
    }
}
