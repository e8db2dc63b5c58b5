//! The `spec` of the `apps/v1` workloads (Deployment, ReplicaSet, StatefulSet, DaemonSet) beside
//! their pod template, as written, and as the API server defaults it before validating
//! (`pkg/apis/apps/v1/defaults.go`; docs/workloads.md).

use serde::Deserialize;

use crate::k8s::cluster::{FeatureGates, Gate};
use crate::k8s::model::IntOrString;

/// Which `apps/v1` kind a spec belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppsKind {
    /// `Deployment`.
    Deployment,
    /// `ReplicaSet`.
    ReplicaSet,
    /// `StatefulSet`.
    StatefulSet,
    /// `DaemonSet`.
    DaemonSet,
}

impl AppsKind {
    /// The kind of an `apps/v1` object, if it is one of the four.
    pub fn of(api_version: &str, kind: &str) -> Option<AppsKind> {
        if api_version != "apps/v1" {
            return None;
        }
        match kind {
            "Deployment" => Some(AppsKind::Deployment),
            "ReplicaSet" => Some(AppsKind::ReplicaSet),
            "StatefulSet" => Some(AppsKind::StatefulSet),
            "DaemonSet" => Some(AppsKind::DaemonSet),
            _ => None,
        }
    }

    /// The kind's name.
    pub fn as_str(self) -> &'static str {
        match self {
            AppsKind::Deployment => "Deployment",
            AppsKind::ReplicaSet => "ReplicaSet",
            AppsKind::StatefulSet => "StatefulSet",
            AppsKind::DaemonSet => "DaemonSet",
        }
    }

    /// The field that holds its update strategy (`strategy` or `updateStrategy`); a
    /// ReplicaSet has none.
    pub fn strategy_field(self) -> Option<&'static str> {
        match self {
            AppsKind::Deployment => Some("strategy"),
            AppsKind::StatefulSet | AppsKind::DaemonSet => Some("updateStrategy"),
            AppsKind::ReplicaSet => None,
        }
    }
}

/// `rollingUpdate` of any of the three strategies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct RollingUpdate {
    /// `maxUnavailable` (Deployment, DaemonSet, StatefulSet).
    pub max_unavailable: Option<IntOrString>,
    /// `maxSurge` (Deployment, DaemonSet).
    pub max_surge: Option<IntOrString>,
    /// `partition` (StatefulSet).
    pub partition: Option<i32>,
}

/// `strategy` (Deployment) or `updateStrategy` (StatefulSet, DaemonSet).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct UpdateStrategy {
    /// `type`.
    #[serde(rename = "type")]
    pub strategy_type: Option<String>,
    /// `rollingUpdate`.
    pub rolling_update: Option<RollingUpdate>,
}

/// A StatefulSet's `persistentVolumeClaimRetentionPolicy`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct ClaimRetentionPolicy {
    /// `whenDeleted`.
    pub when_deleted: Option<String>,
    /// `whenScaled`.
    pub when_scaled: Option<String>,
}

/// A StatefulSet's `ordinals`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
#[serde(default)]
pub struct Ordinals {
    /// `start`.
    pub start: Option<i32>,
}

/// One of a StatefulSet's `volumeClaimTemplates`: a whole PersistentVolumeClaim, of which the
/// controller uses the metadata and spec.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct StatefulClaimTemplate {
    /// `apiVersion`, as a claim may carry it.
    pub api_version: Option<crate::k8s::model::Opaque>,
    /// `kind`.
    pub kind: Option<crate::k8s::model::Opaque>,
    /// `metadata`.
    pub metadata: Option<crate::k8s::model::ObjectMeta>,
    /// `spec`.
    pub spec: Option<crate::k8s::volume_source::ClaimSpec>,
    /// `status`, which a live object shows.
    pub status: Option<crate::k8s::model::Opaque>,
}

/// The spec fields of an `apps/v1` workload that its validation reads beside the selector and
/// the template. Each is `None` when absent (or unreadable: reading reported it).
#[derive(Debug, Clone, PartialEq)]
pub struct AppsSpec {
    /// The kind.
    pub kind: AppsKind,
    /// `replicas` (not a DaemonSet's).
    pub replicas: Option<i32>,
    /// `minReadySeconds`.
    pub min_ready_seconds: Option<i32>,
    /// `revisionHistoryLimit` (not a ReplicaSet's).
    pub revision_history_limit: Option<i32>,
    /// A Deployment's `progressDeadlineSeconds`.
    pub progress_deadline_seconds: Option<i32>,
    /// `strategy` or `updateStrategy`.
    pub strategy: Option<UpdateStrategy>,
    /// A StatefulSet's `podManagementPolicy`.
    pub pod_management_policy: Option<String>,
    /// A StatefulSet's `serviceName`.
    pub service_name: Option<String>,
    /// A StatefulSet's `ordinals`.
    pub ordinals: Option<Ordinals>,
    /// A StatefulSet's `persistentVolumeClaimRetentionPolicy`.
    pub claim_retention: Option<ClaimRetentionPolicy>,
    /// A StatefulSet's `volumeClaimTemplates`.
    pub claim_templates: Option<Vec<StatefulClaimTemplate>>,
}

impl AppsSpec {
    /// An empty spec of `kind`.
    pub fn new(kind: AppsKind) -> AppsSpec {
        AppsSpec {
            kind,
            replicas: None,
            min_ready_seconds: None,
            revision_history_limit: None,
            progress_deadline_seconds: None,
            strategy: None,
            pod_management_policy: None,
            service_name: None,
            ordinals: None,
            claim_retention: None,
            claim_templates: None,
        }
    }

    /// The spec as the API server of `gates`' release stores it: `SetDefaults_Deployment`,
    /// `_ReplicaSet`, `_StatefulSet`, `_DaemonSet`. What it fills in, each default only where
    /// its conditions hold (a Deployment's `rollingUpdate` only for type `RollingUpdate`, a
    /// StatefulSet's only when the type was empty).
    pub fn defaulted(&self, gates: &FeatureGates) -> AppsSpec {
        let mut spec = self.clone();
        let percent = |text: &str| Some(IntOrString::Str(text.to_string()));
        match spec.kind {
            AppsKind::Deployment => {
                spec.replicas.get_or_insert(1);
                let strategy = spec.strategy.get_or_insert_with(UpdateStrategy::default);
                if strategy.strategy_type.as_deref().is_none_or(str::is_empty) {
                    strategy.strategy_type = Some("RollingUpdate".into());
                }
                if strategy.strategy_type.as_deref() == Some("RollingUpdate") {
                    let rolling = strategy
                        .rolling_update
                        .get_or_insert_with(RollingUpdate::default);
                    if rolling.max_unavailable.is_none() {
                        rolling.max_unavailable = percent("25%");
                    }
                    if rolling.max_surge.is_none() {
                        rolling.max_surge = percent("25%");
                    }
                }
                spec.revision_history_limit.get_or_insert(10);
                spec.progress_deadline_seconds.get_or_insert(600);
            }
            AppsKind::ReplicaSet => {
                spec.replicas.get_or_insert(1);
            }
            AppsKind::DaemonSet => {
                let strategy = spec.strategy.get_or_insert_with(UpdateStrategy::default);
                if strategy.strategy_type.as_deref().is_none_or(str::is_empty) {
                    strategy.strategy_type = Some("RollingUpdate".into());
                }
                if strategy.strategy_type.as_deref() == Some("RollingUpdate") {
                    let rolling = strategy
                        .rolling_update
                        .get_or_insert_with(RollingUpdate::default);
                    rolling.max_unavailable.get_or_insert(IntOrString::Int(1));
                    rolling.max_surge.get_or_insert(IntOrString::Int(0));
                }
                spec.revision_history_limit.get_or_insert(10);
            }
            AppsKind::StatefulSet => {
                if spec
                    .pod_management_policy
                    .as_deref()
                    .is_none_or(str::is_empty)
                {
                    spec.pod_management_policy = Some("OrderedReady".into());
                }
                let strategy = spec.strategy.get_or_insert_with(UpdateStrategy::default);
                if strategy.strategy_type.as_deref().is_none_or(str::is_empty) {
                    strategy.strategy_type = Some("RollingUpdate".into());
                    strategy
                        .rolling_update
                        .get_or_insert_with(RollingUpdate::default);
                }
                if strategy.strategy_type.as_deref() == Some("RollingUpdate")
                    && let Some(rolling) = strategy.rolling_update.as_mut()
                {
                    rolling.partition.get_or_insert(0);
                    if gates.enabled(Gate::MaxUnavailableStatefulSet) {
                        rolling.max_unavailable.get_or_insert(IntOrString::Int(1));
                    }
                }
                let retention = spec
                    .claim_retention
                    .get_or_insert_with(ClaimRetentionPolicy::default);
                for policy in [&mut retention.when_deleted, &mut retention.when_scaled] {
                    if policy.as_deref().is_none_or(str::is_empty) {
                        *policy = Some("Retain".into());
                    }
                }
                spec.replicas.get_or_insert(1);
                spec.revision_history_limit.get_or_insert(10);
            }
        }
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolling(spec: &AppsSpec) -> Option<&RollingUpdate> {
        spec.strategy.as_ref()?.rolling_update.as_ref()
    }

    #[test]
    fn an_empty_deployment_gets_every_default() {
        let spec = AppsSpec::new(AppsKind::Deployment).defaulted(&FeatureGates::default());
        assert_eq!(spec.replicas, Some(1));
        assert_eq!(spec.revision_history_limit, Some(10));
        assert_eq!(spec.progress_deadline_seconds, Some(600));
        let rolling = rolling(&spec).expect("rollingUpdate");
        assert_eq!(rolling.max_surge, Some(IntOrString::Str("25%".into())));
        assert_eq!(
            rolling.max_unavailable,
            Some(IntOrString::Str("25%".into()))
        );
    }

    #[test]
    fn recreate_keeps_what_was_written_and_each_rolling_value_defaults_alone() {
        let mut written = AppsSpec::new(AppsKind::Deployment);
        written.strategy = Some(UpdateStrategy {
            strategy_type: Some("Recreate".into()),
            rolling_update: None,
        });
        let spec = written.defaulted(&FeatureGates::default());
        assert_eq!(rolling(&spec), None);
        let mut written = AppsSpec::new(AppsKind::Deployment);
        written.strategy = Some(UpdateStrategy {
            strategy_type: None,
            rolling_update: Some(RollingUpdate {
                max_surge: Some(IntOrString::Int(5)),
                ..RollingUpdate::default()
            }),
        });
        let spec = written.defaulted(&FeatureGates::default());
        let rolling = rolling(&spec).expect("rollingUpdate");
        assert_eq!(rolling.max_surge, Some(IntOrString::Int(5)));
        assert_eq!(
            rolling.max_unavailable,
            Some(IntOrString::Str("25%".into()))
        );
    }

    /// A DaemonSet given only `maxSurge` is defaulted to `maxUnavailable: 1`, which its
    /// validation then rejects: the user must write `maxUnavailable: 0`.
    #[test]
    fn a_daemonset_with_only_max_surge_gets_max_unavailable_one() {
        let mut written = AppsSpec::new(AppsKind::DaemonSet);
        written.strategy = Some(UpdateStrategy {
            strategy_type: None,
            rolling_update: Some(RollingUpdate {
                max_surge: Some(IntOrString::Int(1)),
                ..RollingUpdate::default()
            }),
        });
        let spec = written.defaulted(&FeatureGates::default());
        let rolling = rolling(&spec).expect("rollingUpdate");
        assert_eq!(rolling.max_unavailable, Some(IntOrString::Int(1)));
        assert_eq!(spec.replicas, None);
    }

    /// A StatefulSet's `rollingUpdate` is made only when the type was empty: an explicit
    /// `type: RollingUpdate` alone gets no partition.
    #[test]
    fn a_statefulset_gets_rolling_update_only_for_an_empty_type() {
        let spec = AppsSpec::new(AppsKind::StatefulSet).defaulted(&FeatureGates::default());
        assert_eq!(rolling(&spec).and_then(|r| r.partition), Some(0));
        assert_eq!(spec.pod_management_policy.as_deref(), Some("OrderedReady"));
        let retention = spec.claim_retention.expect("retention");
        assert_eq!(retention.when_deleted.as_deref(), Some("Retain"));
        assert_eq!(retention.when_scaled.as_deref(), Some("Retain"));
        let mut written = AppsSpec::new(AppsKind::StatefulSet);
        written.strategy = Some(UpdateStrategy {
            strategy_type: Some("RollingUpdate".into()),
            rolling_update: None,
        });
        assert_eq!(rolling(&written.defaulted(&FeatureGates::default())), None);
    }
}
