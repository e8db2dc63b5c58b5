//! The Kubernetes feature gates podlife consults, one row per gate with its stage and default in
//! every release podlife knows (from `pkg/features/kube_features.go`), and `--feature-gates`
//! written in Kubernetes' own `Name=bool,Name=bool` syntax.

use std::fmt;

use super::kubernetes_version::KubernetesVersion;

/// A gate podlife consults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Gate {
    /// Native sidecars: `restartPolicy: Always` on init containers.
    SidecarContainers,
    /// In-place resize; with it, `resizePolicy` on sidecars (`AllowSidecarResizePolicy`).
    InPlacePodVerticalScaling,
    /// Pod-level `spec.resources`.
    PodLevelResources,
    /// `restartPolicy` and `restartPolicyRules` on regular containers.
    ContainerRestartRules,
    /// The `sleep` lifecycle handler.
    PodLifecycleSleepAction,
    /// `sleep: {seconds: 0}`.
    PodLifecycleSleepActionAllowZero,
    /// The kubelet's `crashLoopBackOff.maxContainerRestartPeriod`.
    KubeletCrashLoopBackOffMax,
    /// Crash-loop back-off of 1 s doubling to 60 s instead of 10 s to 300 s.
    ReduceDefaultCrashLoopBackOffDecay,
    /// Env var names: any printable ASCII but `=`.
    RelaxedEnvironmentVariableValidation,
    /// `env[].valueFrom.fileKeyRef`.
    EnvFiles,
    /// `lifecycle.stopSignal`.
    ContainerStopSignals,
    /// `spec.hostnameOverride`.
    HostnameOverride,
    /// `dnsConfig.searches` may hold `_` and be `.`.
    RelaxedDNSSearchValidation,
    /// Restart rules may say `RestartAllContainers`, also on sidecars.
    RestartAllContainersOnContainerExits,
    /// `spec.resourceClaims` and containers' `resources.claims` (Dynamic Resource Allocation).
    DynamicResourceAllocation,
    /// `spec.hostUsers` (user namespaces).
    UserNamespacesSupport,
    /// `securityContext.supplementalGroupsPolicy`.
    SupplementalGroupsPolicy,
    /// `securityContext.procMount` other than `Default`.
    ProcMountType,
    /// `volumeMounts[].recursiveReadOnly`.
    RecursiveReadOnlyMounts,
    /// `securityContext.seLinuxChangePolicy`.
    SELinuxChangePolicy,
    /// `volumes[].image`.
    ImageVolume,
    /// `seLinuxChangePolicy: MountOption` (without it only `Recursive` is valid).
    SELinuxMount,
    /// `spec.schedulingGates`.
    PodSchedulingReadiness,
    /// Pod affinity terms' `matchLabelKeys` and `mismatchLabelKeys`.
    MatchLabelKeysInPodAffinity,
    /// The API server merges topology spread `matchLabelKeys` into the `labelSelector`.
    MatchLabelKeysInPodTopologySpreadSelectorMerge,
    /// `projected.sources[].clusterTrustBundle`.
    ClusterTrustBundleProjection,
    /// `projected.sources[].podCertificate`.
    PodCertificateRequest,
    /// Topology spread constraints' `minDomains`.
    MinDomainsInPodTopologySpread,
    /// Topology spread constraints' `nodeAffinityPolicy` and `nodeTaintsPolicy`.
    NodeInclusionPolicyInPodTopologySpread,
    /// Topology spread constraints' `matchLabelKeys`.
    MatchLabelKeysInPodTopologySpread,
    /// A StatefulSet's `updateStrategy.rollingUpdate.maxUnavailable`.
    MaxUnavailableStatefulSet,
    /// A Job's `podFailurePolicy`.
    JobPodFailurePolicy,
    /// A Job's `backoffLimitPerIndex`, `maxFailedIndexes` and `FailIndex` rules.
    JobBackoffLimitPerIndex,
    /// A Job's `podReplacementPolicy`.
    JobPodReplacementPolicy,
    /// A Job's `successPolicy`.
    JobSuccessPolicy,
    /// A Job's `managedBy`.
    JobManagedBy,
    /// IP addresses in legacy fields (`hostAliases[].ip`, `dnsConfig.nameservers`) held to the
    /// strict form: no leading zeros, no IPv4-mapped IPv6.
    StrictIPCIDRValidation,
    /// Tolerations may compare numbers: `operator: Lt` and `Gt`.
    TaintTolerationComparisonOperators,
}

/// How far a gate has come in a release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Off by default, may be turned on.
    Alpha,
    /// Usually on by default.
    Beta,
    /// On and locked: it can no longer be turned off.
    Ga,
}

impl Stage {
    /// `alpha`, `beta`, `GA`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Alpha => "alpha",
            Stage::Beta => "beta",
            Stage::Ga => "GA",
        }
    }
}

/// A gate's spec from a release on: `{Version: "1.minor", Default, PreRelease, LockToDefault}`.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The first release of this spec.
    pub since: u8,
    /// The stage.
    pub stage: Stage,
    /// On unless set otherwise.
    pub default: bool,
    /// `LockToDefault`: setting it to the other value is an error.
    pub locked: bool,
}

/// One row of the table.
#[derive(Debug)]
pub struct GateRow {
    /// Which gate.
    pub gate: Gate,
    /// Its name as `--feature-gates` spells it.
    pub name: &'static str,
    /// What podlife does differently with it on.
    pub effect: &'static str,
    /// Its specs, oldest first (the gate is unknown before the first).
    pub specs: &'static [Spec],
    /// The release whose source no longer has the gate: from then on the behaviour is always
    /// that of its last (GA, locked) spec, and naming the gate is an error.
    pub removed_in: Option<u8>,
}

const fn spec(since: u8, stage: Stage, default: bool) -> Spec {
    Spec {
        since,
        stage,
        default,
        locked: matches!(stage, Stage::Ga),
    }
}

/// A GA spec that is on but not yet locked: the release before `LockToDefault`.
const fn ga_unlocked(since: u8) -> Spec {
    Spec {
        since,
        stage: Stage::Ga,
        default: true,
        locked: false,
    }
}

use Stage::{Alpha, Beta, Ga};

/// Every gate podlife consults, as `pkg/features/kube_features.go` declares it
/// (`defaultVersionedKubernetesFeatureGates`), for the releases podlife knows.
pub static GATES: &[GateRow] = &[
    GateRow {
        gate: Gate::SidecarContainers,
        name: "SidecarContainers",
        effect: "init containers may set `restartPolicy: Always` (native sidecars); off, the API server drops the field",
        specs: &[
            spec(28, Alpha, false),
            spec(29, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::InPlacePodVerticalScaling,
        name: "InPlacePodVerticalScaling",
        effect: "`resizePolicy` is kept, and allowed on sidecars from 1.33 (`AllowSidecarResizePolicy`); off, the API server drops it",
        specs: &[
            spec(27, Alpha, false),
            spec(33, Beta, true),
            spec(35, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::PodLevelResources,
        name: "PodLevelResources",
        effect: "pod-level `spec.resources` is kept and counts in requests, limits and QoS; off, the API server drops it",
        specs: &[spec(32, Alpha, false), spec(34, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ContainerRestartRules,
        name: "ContainerRestartRules",
        effect: "regular containers may set `restartPolicy` and `restartPolicyRules`; off, the API server drops them",
        specs: &[spec(34, Alpha, false), spec(35, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::PodLifecycleSleepAction,
        name: "PodLifecycleSleepAction",
        effect: "lifecycle hooks may `sleep`; off, the API server drops the handler",
        specs: &[
            spec(29, Alpha, false),
            spec(30, Beta, true),
            spec(34, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::PodLifecycleSleepActionAllowZero,
        name: "PodLifecycleSleepActionAllowZero",
        effect: "`sleep: {seconds: 0}` is valid",
        specs: &[
            spec(32, Alpha, false),
            spec(33, Beta, true),
            spec(34, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::KubeletCrashLoopBackOffMax,
        name: "KubeletCrashLoopBackOffMax",
        effect: "the simulated kubelet caps crash-loop back-off at its `maxContainerRestartPeriod` (300 s unless a scenario sets `kubelet.crashLoopBackOff.max`), even with the reduced decay",
        specs: &[spec(32, Alpha, false), spec(35, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ReduceDefaultCrashLoopBackOffDecay,
        name: "ReduceDefaultCrashLoopBackOffDecay",
        effect: "the simulated kubelet's crash-loop back-off starts at 1 s and is capped at 60 s",
        specs: &[spec(33, Alpha, false)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::RelaxedEnvironmentVariableValidation,
        name: "RelaxedEnvironmentVariableValidation",
        effect: "env var names may be any printable ASCII but `=`; off, a C identifier-like name",
        specs: &[
            spec(30, Alpha, false),
            spec(32, Beta, true),
            spec(34, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::EnvFiles,
        name: "EnvFiles",
        effect: "`env[].valueFrom.fileKeyRef`; off, the API server drops it",
        specs: &[spec(34, Alpha, false), spec(35, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ContainerStopSignals,
        name: "ContainerStopSignals",
        effect: "`lifecycle.stopSignal`; off, the API server drops it",
        specs: &[spec(33, Alpha, false)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::HostnameOverride,
        name: "HostnameOverride",
        effect: "`spec.hostnameOverride`; off, the API server drops it",
        specs: &[
            spec(34, Alpha, false),
            spec(35, Beta, true),
            spec(37, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::RelaxedDNSSearchValidation,
        name: "RelaxedDNSSearchValidation",
        effect: "`dnsConfig.searches` may contain `_` and be `.`; off, each must be a DNS subdomain",
        specs: &[
            spec(32, Alpha, false),
            spec(33, Beta, true),
            spec(34, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::RestartAllContainersOnContainerExits,
        name: "RestartAllContainersOnContainerExits",
        effect: "restart rules may use `action: RestartAllContainers`, also on sidecars",
        specs: &[spec(35, Alpha, false), spec(36, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::DynamicResourceAllocation,
        name: "DynamicResourceAllocation",
        effect: "`spec.resourceClaims` and containers' `resources.claims` are kept; off, the API server drops them",
        specs: &[
            spec(26, Alpha, false),
            spec(32, Beta, false),
            // GA in 1.34 but not yet locked; locked from 1.35.
            ga_unlocked(34),
            spec(35, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::UserNamespacesSupport,
        name: "UserNamespacesSupport",
        effect: "`spec.hostUsers` is kept; off, the API server drops it",
        specs: &[
            spec(25, Alpha, false),
            spec(30, Beta, false),
            spec(33, Beta, true),
            spec(36, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::SupplementalGroupsPolicy,
        name: "SupplementalGroupsPolicy",
        effect: "`securityContext.supplementalGroupsPolicy` is kept; off, the API server drops it",
        specs: &[
            spec(31, Alpha, false),
            spec(33, Beta, true),
            spec(35, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ProcMountType,
        name: "ProcMountType",
        effect: "`securityContext.procMount` is kept; off, the API server sets it to `Default`",
        specs: &[
            spec(12, Alpha, false),
            spec(31, Beta, false),
            spec(33, Beta, true),
            spec(36, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::RecursiveReadOnlyMounts,
        name: "RecursiveReadOnlyMounts",
        effect: "`volumeMounts[].recursiveReadOnly` is kept; off, the API server drops it",
        specs: &[
            spec(30, Alpha, false),
            spec(31, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::SELinuxChangePolicy,
        name: "SELinuxChangePolicy",
        effect: "`securityContext.seLinuxChangePolicy` is kept; off, the API server drops it",
        specs: &[
            spec(32, Alpha, false),
            spec(33, Beta, true),
            spec(36, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ImageVolume,
        name: "ImageVolume",
        effect: "`image` volumes are kept; off, the API server removes them and their mounts",
        specs: &[
            spec(31, Alpha, false),
            spec(33, Beta, false),
            spec(35, Beta, true),
            spec(36, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::SELinuxMount,
        name: "SELinuxMount",
        effect: "`seLinuxChangePolicy` may be `MountOption`; off, only `Recursive` is valid",
        specs: &[
            spec(30, Alpha, false),
            spec(33, Beta, false),
            // GA in 1.37 but not yet locked (`LockToDefault` from 1.38).
            ga_unlocked(37),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::PodSchedulingReadiness,
        name: "PodSchedulingReadiness",
        effect: "`spec.schedulingGates` is kept; off (possible only in 1.29), the API server drops it",
        specs: &[
            spec(26, Alpha, false),
            spec(27, Beta, true),
            spec(30, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::MatchLabelKeysInPodAffinity,
        name: "MatchLabelKeysInPodAffinity",
        effect: "pod affinity terms keep `matchLabelKeys` and `mismatchLabelKeys` (a Pod's own label values join its selector); off, the API server drops them",
        specs: &[
            spec(29, Alpha, false),
            spec(31, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::MatchLabelKeysInPodTopologySpreadSelectorMerge,
        name: "MatchLabelKeysInPodTopologySpreadSelectorMerge",
        effect: "a Pod's topology spread `matchLabelKeys` join its `labelSelector` before validation, which then checks them as for pod affinity; off, a key may not be in both at all",
        specs: &[spec(34, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::ClusterTrustBundleProjection,
        name: "ClusterTrustBundleProjection",
        effect: "`clusterTrustBundle` sources of projected volumes are kept; off, the API server drops them",
        specs: &[
            spec(29, Alpha, false),
            spec(33, Beta, false),
            // GA in 1.37 but not yet locked (`LockToDefault` from 1.38).
            ga_unlocked(37),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::PodCertificateRequest,
        name: "PodCertificateRequest",
        effect: "`podCertificate` sources of projected volumes are kept; off, the API server drops them",
        specs: &[
            spec(34, Alpha, false),
            spec(35, Beta, false),
            // GA in 1.37 but not yet locked (`LockToDefault` from 1.38).
            ga_unlocked(37),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::MinDomainsInPodTopologySpread,
        name: "MinDomainsInPodTopologySpread",
        effect: "topology spread constraints keep `minDomains` (PL174 checks it); off (possible only in 1.29), the API server drops it",
        specs: &[
            spec(24, Alpha, false),
            spec(25, Beta, false),
            spec(27, Beta, true),
            spec(30, Ga, true),
        ],
        removed_in: Some(32),
    },
    GateRow {
        gate: Gate::NodeInclusionPolicyInPodTopologySpread,
        name: "NodeInclusionPolicyInPodTopologySpread",
        effect: "topology spread constraints keep `nodeAffinityPolicy` and `nodeTaintsPolicy` (PL174 checks them); off (possible before 1.33), the API server drops them",
        specs: &[
            spec(25, Alpha, false),
            spec(26, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::MatchLabelKeysInPodTopologySpread,
        name: "MatchLabelKeysInPodTopologySpread",
        effect: "topology spread constraints keep `matchLabelKeys` (PL174 checks them); off, the API server drops them",
        specs: &[spec(25, Alpha, false), spec(27, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::MaxUnavailableStatefulSet,
        name: "MaxUnavailableStatefulSet",
        effect: "a StatefulSet keeps `updateStrategy.rollingUpdate.maxUnavailable` and `rollout` replaces up to that many pods at once; off, the API server drops it and the controller replaces one pod at a time",
        // Beta on in 1.35.0 to 1.35.3, turned off from 1.35.4 (a regression with `Parallel`,
        // kubernetes#137904) and on again in 1.37; podlife reads a minor release as its
        // latest patch.
        specs: &[
            spec(24, Alpha, false),
            spec(35, Beta, false),
            spec(37, Beta, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::JobPodFailurePolicy,
        name: "JobPodFailurePolicy",
        effect: "a Job keeps `podFailurePolicy` (PL181 checks it); off (possible before 1.31), the API server drops it",
        specs: &[
            spec(25, Alpha, false),
            spec(26, Beta, true),
            spec(31, Ga, true),
        ],
        removed_in: Some(33),
    },
    GateRow {
        gate: Gate::JobBackoffLimitPerIndex,
        name: "JobBackoffLimitPerIndex",
        effect: "a Job keeps `backoffLimitPerIndex`, `maxFailedIndexes` and `FailIndex` rules; off (possible before 1.33), the API server drops them",
        specs: &[
            spec(28, Alpha, false),
            spec(29, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::JobPodReplacementPolicy,
        name: "JobPodReplacementPolicy",
        effect: "a Job keeps `podReplacementPolicy`; off (possible before 1.34), the API server drops it",
        specs: &[
            spec(28, Alpha, false),
            spec(29, Beta, true),
            spec(34, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::JobSuccessPolicy,
        name: "JobSuccessPolicy",
        effect: "a Job keeps `successPolicy` (PL181 checks it); off (by default in 1.30), the API server drops it",
        specs: &[
            spec(30, Alpha, false),
            spec(31, Beta, true),
            spec(33, Ga, true),
        ],
        removed_in: Some(37),
    },
    GateRow {
        gate: Gate::JobManagedBy,
        name: "JobManagedBy",
        effect: "a Job keeps `managedBy` (PL181 checks it); off (by default in 1.30 and 1.31), the API server drops it",
        specs: &[
            spec(30, Alpha, false),
            spec(32, Beta, true),
            spec(35, Ga, true),
        ],
        removed_in: None,
    },
    GateRow {
        gate: Gate::StrictIPCIDRValidation,
        name: "StrictIPCIDRValidation",
        effect: "`hostAliases[].ip` and `dnsConfig.nameservers` may not have leading zeros (`010.0.0.1`) or be IPv4-mapped IPv6 (`::ffff:1.2.3.4`); off, both are accepted",
        specs: &[spec(33, Alpha, false), spec(36, Beta, true)],
        removed_in: None,
    },
    GateRow {
        gate: Gate::TaintTolerationComparisonOperators,
        name: "TaintTolerationComparisonOperators",
        effect: "tolerations may use `operator: Lt` or `Gt` with a whole-number `value`; off, those operators are not supported",
        specs: &[spec(35, Alpha, false)],
        removed_in: None,
    },
];

impl GateRow {
    /// The spec in force in `version`, or `None` when the gate does not exist there.
    pub fn spec_in(&self, version: KubernetesVersion) -> Option<Spec> {
        if self
            .removed_in
            .is_some_and(|removed| version.minor() >= removed)
        {
            return None;
        }
        self.specs
            .iter()
            .rev()
            .find(|spec| spec.since <= version.minor())
            .copied()
    }

    /// Whether the release no longer has the gate because its feature is always on.
    pub fn always_on_in(&self, version: KubernetesVersion) -> bool {
        self.removed_in
            .is_some_and(|removed| version.minor() >= removed)
    }

    /// "beta, on by default in Kubernetes 1.33" for `version`.
    pub fn describe_in(&self, version: KubernetesVersion) -> String {
        match self.spec_in(version) {
            None if self.always_on_in(version) => {
                format!("always on in Kubernetes {version} (the gate was removed)")
            }
            None => format!("not in Kubernetes {version}"),
            Some(spec) => format!(
                "{}, {} by default{} in Kubernetes {version}",
                spec.stage.as_str(),
                if spec.default { "on" } else { "off" },
                if spec.locked { " and locked" } else { "" }
            ),
        }
    }
}

/// The row of a gate.
pub fn row(gate: Gate) -> Option<&'static GateRow> {
    GATES.iter().find(|row| row.gate == gate)
}

/// One `--feature-gates` value: `Name=bool` pairs in the order given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GateSettings(Vec<(String, bool)>);

impl GateSettings {
    /// Parses `Name=bool,Name=bool` as Kubernetes does (`k8s.io/component-base/cli/flag`
    /// `MapStringBool`): empty items are skipped, names and values are trimmed, values are Go
    /// booleans. Whether a name exists is decided per release, by [`FeatureGates::resolve`].
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut settings = Vec::new();
        for item in text.split(',') {
            if item.trim().is_empty() {
                continue;
            }
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "malformed pair `{item}`, expect string=bool (e.g. `PodLevelResources=false`)"
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(enabled) = parse_go_bool(value) else {
                return Err(format!(
                    "invalid value of {name}={value}, err: strconv.ParseBool: parsing {value:?}: invalid syntax"
                ));
            };
            settings.push((name.to_string(), enabled));
        }
        Ok(GateSettings(settings))
    }

    /// Settings from pairs (a configuration file's `featureGates:` mapping).
    pub fn from_pairs(pairs: Vec<(String, bool)>) -> Self {
        GateSettings(pairs)
    }

    /// The pairs in order.
    pub fn pairs(&self) -> &[(String, bool)] {
        &self.0
    }
}

/// Go's `strconv.ParseBool`.
pub fn parse_go_bool(text: &str) -> Option<bool> {
    match text {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

/// The feature gates in effect: each known gate on or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureGates {
    version: KubernetesVersion,
    /// By position in [`GATES`].
    enabled: [bool; GATE_COUNT],
}

const GATE_COUNT: usize = 38;

impl Default for FeatureGates {
    fn default() -> Self {
        FeatureGates::defaults(KubernetesVersion::NEWEST)
    }
}

impl FeatureGates {
    /// The defaults of `version` (a gate that does not exist there is off).
    pub fn defaults(version: KubernetesVersion) -> Self {
        let mut enabled = [false; GATE_COUNT];
        for (slot, row) in enabled.iter_mut().zip(GATES) {
            *slot =
                row.always_on_in(version) || row.spec_in(version).is_some_and(|spec| spec.default);
        }
        FeatureGates { version, enabled }
    }

    /// The defaults of `version` with every `--feature-gates` value applied in order (later
    /// wins), as `featuregate.SetFromMap` does: `AllAlpha`/`AllBeta` set every alpha/beta gate
    /// not named explicitly; a gate unknown in that release, or set against its lock, is an error.
    pub fn resolve(version: KubernetesVersion, settings: &[&GateSettings]) -> Result<Self, String> {
        let mut gates = FeatureGates::defaults(version);
        let pairs: Vec<&(String, bool)> = settings.iter().flat_map(|s| &s.0).collect();
        let explicit = |name: &str| pairs.iter().rev().find(|(n, _)| n == name).map(|(_, v)| *v);
        for (name, value) in &pairs {
            if matches!(name.as_str(), "AllAlpha" | "AllBeta") {
                continue;
            }
            let Some(row) = GATES.iter().find(|row| row.name == name) else {
                return Err(unknown_gate(name, version));
            };
            let Some(spec) = row.spec_in(version) else {
                if row.always_on_in(version) {
                    return Err(format!(
                        "unrecognized feature gate: {name} (removed in 1.{}: the feature is always on from then)",
                        row.removed_in.unwrap_or_default()
                    ));
                }
                return Err(format!(
                    "unrecognized feature gate: {name} (it is not in Kubernetes {version}; it starts in 1.{})",
                    row.specs.first().map_or(0, |s| s.since)
                ));
            };
            if spec.locked && *value != spec.default {
                return Err(format!(
                    "cannot set feature gate {name} to {value}, feature is locked to {} (GA in Kubernetes {version})",
                    spec.default
                ));
            }
        }
        let all_alpha = explicit("AllAlpha");
        let all_beta = explicit("AllBeta");
        for (slot, row) in gates.enabled.iter_mut().zip(GATES) {
            let Some(spec) = row.spec_in(version) else {
                continue;
            };
            let group = match spec.stage {
                Stage::Alpha => all_alpha,
                Stage::Beta => all_beta,
                Stage::Ga => None,
            };
            *slot = explicit(row.name).or(group).unwrap_or(spec.default);
        }
        Ok(gates)
    }

    /// Whether `gate` is on.
    pub fn enabled(&self, gate: Gate) -> bool {
        // GATES lists the gates in the enum's order (a test holds it to that).
        self.enabled.get(gate as usize).copied().unwrap_or(false)
    }

    /// The same gates with `gate` set (for tests and callers that override one).
    #[must_use]
    pub fn with(mut self, gate: Gate, on: bool) -> Self {
        if let Some(position) = GATES.iter().position(|row| row.gate == gate)
            && let Some(slot) = self.enabled.get_mut(position)
        {
            *slot = on;
        }
        self
    }

    /// The release these gates belong to.
    pub fn version(&self) -> KubernetesVersion {
        self.version
    }

    /// Every gate that exists in the release, by name, with its value (sorted by name).
    pub fn values(&self) -> Vec<(&'static str, bool)> {
        let mut values: Vec<(&'static str, bool)> = GATES
            .iter()
            .zip(self.enabled)
            .filter(|(row, _)| row.spec_in(self.version).is_some())
            .map(|(row, on)| (row.name, on))
            .collect();
        values.sort_unstable();
        values
    }

    /// The gates whose value differs from the release's default, by name.
    pub fn changed(&self) -> Vec<(&'static str, bool)> {
        let defaults = FeatureGates::defaults(self.version);
        GATES
            .iter()
            .zip(self.enabled.iter().zip(defaults.enabled))
            .filter(|(_, (on, default))| **on != *default)
            .map(|(row, (on, _))| (row.name, *on))
            .collect()
    }
}

fn unknown_gate(name: &str, version: KubernetesVersion) -> String {
    let known: Vec<&str> = GATES
        .iter()
        .filter(|row| row.spec_in(version).is_some())
        .map(|row| row.name)
        .collect();
    let hint = crate::text::closest(name, &known)
        .map(|close| format!("did you mean {close}? "))
        .unwrap_or_default();
    format!(
        "unrecognized feature gate: {name} ({hint}podlife consults: {}; and AllAlpha, AllBeta)",
        known.join(", ")
    )
}

impl fmt::Display for FeatureGates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .values()
            .iter()
            .map(|(name, on)| format!("{name}={on}"))
            .collect();
        f.write_str(&pairs.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates_in(minor: u8, values: &[&str]) -> Result<FeatureGates, String> {
        let settings = values
            .iter()
            .map(|v| GateSettings::parse(v))
            .collect::<Result<Vec<_>, _>>()?;
        let version = KubernetesVersion::new(minor).ok_or("version")?;
        FeatureGates::resolve(version, &settings.iter().collect::<Vec<_>>())
    }

    fn gates(values: &[&str]) -> Result<FeatureGates, String> {
        gates_in(KubernetesVersion::NEWEST.minor(), values)
    }

    #[test]
    fn table_has_one_row_per_gate_with_specs_in_order() {
        assert_eq!(GATES.len(), GATE_COUNT);
        for (position, row) in GATES.iter().enumerate() {
            assert_eq!(
                GATES.iter().position(|other| other.gate == row.gate),
                Some(position),
                "{}",
                row.name
            );
            assert_eq!(
                row.gate as usize, position,
                "{} is out of the enum's order",
                row.name
            );
            assert!(!row.specs.is_empty(), "{}", row.name);
            for pair in row.specs.windows(2) {
                assert!(pair[0].since < pair[1].since, "{}", row.name);
            }
            assert!(super::row(row.gate).is_some_and(|found| std::ptr::eq(found, row)));
        }
    }

    #[test]
    fn every_gate_has_a_row_in_the_documented_table() {
        let doc = include_str!("../../../docs/feature-gates.md");
        for row in GATES {
            let stages: Vec<String> = row
                .specs
                .iter()
                .map(|spec| {
                    let value = match (spec.stage, spec.locked, spec.default) {
                        (Stage::Ga, true, _) => "locked",
                        (Stage::Ga, false, _) => "on, not locked",
                        (_, _, true) => "on",
                        (_, _, false) => "off",
                    };
                    let stage = if spec.stage == Stage::Ga {
                        "GA"
                    } else {
                        spec.stage.as_str()
                    };
                    format!("{stage} 1.{} ({value})", spec.since)
                })
                .collect();
            let removed = row
                .removed_in
                .map(|minor| format!("; removed in 1.{minor}"))
                .unwrap_or_default();
            let expected = format!("\n| {} | {}{removed} | ", row.name, stages.join(", "));
            assert!(
                doc.contains(&expected),
                "docs/feature-gates.md has no row {expected:?}"
            );
        }
    }

    #[test]
    fn a_gate_exists_from_its_alpha_until_its_removal() {
        // PodSchedulingReadiness is beta in 1.29: it may be turned off there, not from 1.30.
        let off = gates_in(29, &["PodSchedulingReadiness=false"]).unwrap();
        assert!(!off.enabled(Gate::PodSchedulingReadiness));
        assert!(
            gates_in(29, &[])
                .unwrap()
                .enabled(Gate::PodSchedulingReadiness)
        );
        let locked = gates_in(30, &["PodSchedulingReadiness=false"]).unwrap_err();
        assert!(locked.contains("locked to true"), "{locked}");
        // SELinuxMount: alpha from 1.30, beta and still off from 1.33, GA and on in 1.37 but
        // not locked there; unknown in 1.29.
        assert!(gates_in(29, &["SELinuxMount=true"]).is_err());
        assert!(!gates_in(36, &[]).unwrap().enabled(Gate::SELinuxMount));
        assert!(
            gates_in(33, &["SELinuxMount=true"])
                .unwrap()
                .enabled(Gate::SELinuxMount)
        );
        assert!(gates_in(37, &[]).unwrap().enabled(Gate::SELinuxMount));
        assert!(
            !gates_in(37, &["SELinuxMount=false"])
                .unwrap()
                .enabled(Gate::SELinuxMount)
        );
        // Removed gates are errors, whatever the value.
        assert!(gates_in(37, &["PodLifecycleSleepAction=true"]).is_err());
        assert!(gates_in(37, &["JobSuccessPolicy=true"]).is_err());
        assert!(gates_in(36, &["JobSuccessPolicy=true"]).is_ok());
        // PodCertificateRequest starts in 1.34, ClusterTrustBundleProjection in 1.29; both are
        // beta and off until 1.36, so either value is accepted, and GA, on and not locked in
        // 1.37.
        let early = gates_in(33, &["PodCertificateRequest=true"]).unwrap_err();
        assert!(early.contains("it starts in 1.34"), "{early}");
        let on = gates_in(
            35,
            &["PodCertificateRequest=true,ClusterTrustBundleProjection=true"],
        )
        .unwrap();
        assert!(on.enabled(Gate::PodCertificateRequest));
        assert!(on.enabled(Gate::ClusterTrustBundleProjection));
        assert!(
            !gates_in(29, &[])
                .unwrap()
                .enabled(Gate::ClusterTrustBundleProjection)
        );
        let released = gates_in(37, &[]).unwrap();
        assert!(released.enabled(Gate::PodCertificateRequest));
        assert!(released.enabled(Gate::ClusterTrustBundleProjection));
        let off = gates_in(
            37,
            &["PodCertificateRequest=false,ClusterTrustBundleProjection=false"],
        )
        .unwrap();
        assert!(!off.enabled(Gate::PodCertificateRequest));
        // StrictIPCIDRValidation: alpha off from 1.33, beta on from 1.36.
        assert!(gates_in(32, &["StrictIPCIDRValidation=true"]).is_err());
        assert!(
            !gates_in(35, &[])
                .unwrap()
                .enabled(Gate::StrictIPCIDRValidation)
        );
        assert!(
            gates_in(36, &[])
                .unwrap()
                .enabled(Gate::StrictIPCIDRValidation)
        );
        // TaintTolerationComparisonOperators: alpha and off from 1.35.
        assert!(gates_in(34, &["TaintTolerationComparisonOperators=true"]).is_err());
        assert!(
            gates_in(37, &["TaintTolerationComparisonOperators=true"])
                .unwrap()
                .enabled(Gate::TaintTolerationComparisonOperators)
        );
    }

    #[test]
    fn max_unavailable_statefulset_is_off_until_1_37() {
        // Alpha from 1.24, beta off from 1.35 (turned off in 1.35.4), beta on from 1.37.
        for minor in 29..=36 {
            assert!(
                !gates_in(minor, &[])
                    .unwrap()
                    .enabled(Gate::MaxUnavailableStatefulSet),
                "1.{minor}"
            );
        }
        assert!(
            gates_in(37, &[])
                .unwrap()
                .enabled(Gate::MaxUnavailableStatefulSet)
        );
        // Never locked: either way in every release podlife knows.
        assert!(
            gates_in(29, &["MaxUnavailableStatefulSet=true"])
                .unwrap()
                .enabled(Gate::MaxUnavailableStatefulSet)
        );
        assert!(
            !gates_in(37, &["MaxUnavailableStatefulSet=false"])
                .unwrap()
                .enabled(Gate::MaxUnavailableStatefulSet)
        );
        // AllAlpha reaches it where it is alpha, AllBeta where it is beta.
        assert!(
            gates_in(34, &["AllAlpha=true"])
                .unwrap()
                .enabled(Gate::MaxUnavailableStatefulSet)
        );
        assert!(
            gates_in(36, &["AllBeta=true"])
                .unwrap()
                .enabled(Gate::MaxUnavailableStatefulSet)
        );
    }

    #[test]
    fn defaults_follow_the_release() {
        let in_1_31 = FeatureGates::defaults(KubernetesVersion::new(31).unwrap());
        assert!(in_1_31.enabled(Gate::SidecarContainers));
        assert!(!in_1_31.enabled(Gate::PodLevelResources));
        assert!(!in_1_31.enabled(Gate::InPlacePodVerticalScaling));
        let in_1_29 = FeatureGates::defaults(KubernetesVersion::new(29).unwrap());
        assert!(!in_1_29.enabled(Gate::PodLifecycleSleepAction));
        let in_1_34 = FeatureGates::defaults(KubernetesVersion::new(34).unwrap());
        assert!(in_1_34.enabled(Gate::PodLevelResources));
        assert_eq!(gates(&[]), Ok(FeatureGates::default()));
    }

    #[test]
    fn kubernetes_syntax_is_accepted() {
        let off = |v: &str| !gates(&[v]).unwrap().enabled(Gate::PodLevelResources);
        assert!(off("PodLevelResources=false"));
        assert!(off(" PodLevelResources = F ,"));
        assert!(!off("PodLevelResources=1"));
        assert!(!off(""));
    }

    #[test]
    fn later_values_win() {
        let result = gates(&["PodLevelResources=false", "PodLevelResources=true"]).unwrap();
        assert!(result.enabled(Gate::PodLevelResources));
        let result = gates(&["PodLevelResources=true,PodLevelResources=false"]).unwrap();
        assert!(!result.enabled(Gate::PodLevelResources));
    }

    #[test]
    fn all_beta_and_all_alpha_set_their_stage_only() {
        let result = gates_in(33, &["AllBeta=false"]).unwrap();
        assert!(!result.enabled(Gate::InPlacePodVerticalScaling));
        assert!(result.enabled(Gate::SidecarContainers), "GA in 1.33");
        let result = gates_in(33, &["AllBeta=false,InPlacePodVerticalScaling=true"]).unwrap();
        assert!(result.enabled(Gate::InPlacePodVerticalScaling));
        let result = gates_in(33, &["AllAlpha=true"]).unwrap();
        assert!(result.enabled(Gate::PodLevelResources));
        assert!(result.enabled(Gate::ReduceDefaultCrashLoopBackOffDecay));
    }

    #[test]
    fn errors_name_the_problem() {
        let unknown = gates(&["PodLevelResource=true"]).unwrap_err();
        assert!(
            unknown.starts_with(
                "unrecognized feature gate: PodLevelResource (did you mean PodLevelResources?"
            ),
            "{unknown}"
        );
        let too_early = gates_in(31, &["PodLevelResources=true"]).unwrap_err();
        assert!(
            too_early.contains("not in Kubernetes 1.31; it starts in 1.32"),
            "{too_early}"
        );
        let locked = gates_in(34, &["PodLifecycleSleepAction=false"]).unwrap_err();
        assert!(locked.contains("locked to true"), "{locked}");
        let malformed = gates(&["PodLevelResources"]).unwrap_err();
        assert!(malformed.starts_with("malformed pair `PodLevelResources`"));
        let bad_bool = gates(&["PodLevelResources=yes"]).unwrap_err();
        assert!(bad_bool.starts_with("invalid value of PodLevelResources=yes"));
    }

    #[test]
    fn changed_lists_only_what_differs_from_the_release() {
        let result = gates_in(33, &["PodLevelResources=true,SidecarContainers=true"]).unwrap();
        assert_eq!(result.changed(), [("PodLevelResources", true)]);
    }
}
