//! What a Job's controller reads besides the pod template: `backoffLimit`,
//! `activeDeadlineSeconds`, `podFailurePolicy`, `completions` and `parallelism`.

use std::borrow::Cow;

use serde::Deserialize;

use crate::k8s::cluster::dropped_fields::{Removal, RemovedField};
use crate::k8s::cluster::{FeatureGates, Gate};
use crate::yaml::field_path::FieldPath;

/// A Job's (or a CronJob's job template's) controller settings, as written or defaulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobControl {
    /// `backoffLimit` (default 6).
    pub backoff_limit: i64,
    /// `activeDeadlineSeconds`, counted from the Job's start.
    pub active_deadline_seconds: Option<i64>,
    /// `podFailurePolicy.rules`, in order.
    pub pod_failure_rules: Vec<PodFailureRule>,
    /// `completions` (default 1).
    pub completions: i64,
    /// `parallelism` (default 1).
    pub parallelism: i64,
}

/// A `batch/v1` CronJob's own spec fields, as written (`None`: absent, or of the wrong type,
/// which reading reported).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CronSpec {
    /// `schedule`.
    pub schedule: Option<String>,
    /// Whether `schedule` is written, readable or not (one of the wrong type is PL005's).
    pub schedule_written: bool,
    /// `timeZone`.
    pub time_zone: Option<String>,
    /// `concurrencyPolicy`.
    pub concurrency_policy: Option<String>,
    /// `startingDeadlineSeconds`.
    pub starting_deadline_seconds: Option<i64>,
    /// `successfulJobsHistoryLimit`.
    pub successful_jobs_history_limit: Option<i32>,
    /// `failedJobsHistoryLimit`.
    pub failed_jobs_history_limit: Option<i32>,
}

/// The fields of a `batch/v1` Job's spec (or a CronJob's `jobTemplate.spec`) that
/// `validateJobSpec` judges by themselves, as written (`None`: absent, or of the wrong type).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JobSpecFields {
    /// Where the spec is: `spec`, or a CronJob's `spec.jobTemplate.spec`.
    pub at: &'static str,
    /// Whether the API server defaults it (a Job's; a CronJob's job template is not).
    pub defaulted: bool,
    /// `parallelism`.
    pub parallelism: Option<i32>,
    /// `completions`.
    pub completions: Option<i32>,
    /// `activeDeadlineSeconds`.
    pub active_deadline_seconds: Option<i64>,
    /// `backoffLimit`.
    pub backoff_limit: Option<i32>,
    /// `ttlSecondsAfterFinished`.
    pub ttl_seconds_after_finished: Option<i32>,
    /// `backoffLimitPerIndex`.
    pub backoff_limit_per_index: Option<i32>,
    /// `maxFailedIndexes`.
    pub max_failed_indexes: Option<i32>,
    /// `completionMode`.
    pub completion_mode: Option<String>,
    /// `successPolicy`.
    pub success_policy: Option<SuccessPolicy>,
    /// `podFailurePolicy`.
    pub pod_failure_policy: Option<PodFailurePolicy>,
    /// `podReplacementPolicy`.
    pub pod_replacement_policy: Option<String>,
    /// `managedBy`.
    pub managed_by: Option<String>,
    /// `manualSelector`.
    pub manual_selector: Option<bool>,
    /// Whether `selector` is written (a CronJob's job template may not: it is generated).
    pub selector_written: bool,
}

impl JobControl {
    /// What the Job controller reads of `spec`: written values, else `batch/v1`'s defaults (a
    /// condition pattern's empty status is `True`).
    pub fn of(spec: &JobSpecFields) -> JobControl {
        let rules = spec
            .pod_failure_policy
            .iter()
            .flat_map(|policy| &policy.rules);
        JobControl {
            backoff_limit: spec.backoff_limit.map_or(DEFAULT_BACKOFF_LIMIT, i64::from),
            active_deadline_seconds: spec.active_deadline_seconds,
            pod_failure_rules: rules.map(PodFailureRule::of).collect(),
            completions: spec.completions.map_or(1, i64::from),
            parallelism: spec.parallelism.map_or(1, i64::from),
        }
    }
}

impl PodFailureRule {
    /// A written rule, for matching: what is missing matches nothing.
    fn of(rule: &PodFailurePolicyRule) -> PodFailureRule {
        PodFailureRule {
            action: rule.action.clone().unwrap_or_default(),
            on_exit_codes: rule
                .on_exit_codes
                .as_ref()
                .map(|codes| ExitCodesRequirement {
                    container_name: codes.container_name.clone(),
                    operator_in: codes.operator.as_deref() == Some("In"),
                    values: codes
                        .values
                        .iter()
                        .flatten()
                        .map(|v| i64::from(*v))
                        .collect(),
                }),
            on_pod_conditions: rule
                .on_pod_conditions
                .iter()
                .flatten()
                .map(|pattern| {
                    (
                        pattern.condition_type.clone().unwrap_or_default(),
                        pattern.status.clone().unwrap_or_else(|| "True".into()),
                    )
                })
                .collect(),
        }
    }
}

impl JobSpecFields {
    /// `completions` and `parallelism` as validation sees them: a Job given neither runs one pod
    /// (`SetDefaults_Job`); a CronJob's job template is not defaulted.
    pub fn counts(&self) -> (Option<i32>, Option<i32>) {
        match (self.completions, self.parallelism) {
            (None, None) if self.defaulted => (Some(1), Some(1)),
            pair => pair,
        }
    }

    /// The spec the API server of `gates`' release validates, and what it took out (paths
    /// relative to the object): a Job's gated fields are cleared where their gate is off, and
    /// `managedBy` and `successPolicy` are unknown before 1.30 (`PrepareForCreate` in
    /// `pkg/registry/batch/job/strategy.go`). A CronJob's job template keeps them all.
    pub fn stored(&self, gates: &FeatureGates) -> (Cow<'_, JobSpecFields>, Vec<RemovedField>) {
        // Copied only when the release takes something out: most Jobs lose nothing.
        let mut spec = Cow::Borrowed(self);
        let mut removed = Vec::new();
        if !self.defaulted {
            return (spec, removed);
        }
        let minor = gates.version().minor();
        let at = FieldPath::root()
            .child(super::OBJECT_ROOT)
            .join(&FieldPath::parse_static(self.at));
        let mut record = |field: &'static str, since: u8, gate: Gate| {
            let removal = if minor < since {
                Removal::NotInRelease { since }
            } else if gates.enabled(gate) {
                return false;
            } else {
                Removal::Dropped(gate)
            };
            removed.push(RemovedField {
                path: at.child(field),
                removal,
            });
            true
        };
        if spec.pod_failure_policy.is_some()
            && record("podFailurePolicy", 0, Gate::JobPodFailurePolicy)
        {
            spec.to_mut().pod_failure_policy = None;
        }
        if spec.managed_by.is_some() && record("managedBy", 30, Gate::JobManagedBy) {
            spec.to_mut().managed_by = None;
        }
        if spec.success_policy.is_some() && record("successPolicy", 30, Gate::JobSuccessPolicy) {
            spec.to_mut().success_policy = None;
        }
        if spec.backoff_limit_per_index.is_some()
            && record("backoffLimitPerIndex", 0, Gate::JobBackoffLimitPerIndex)
        {
            spec.to_mut().backoff_limit_per_index = None;
        }
        if spec.max_failed_indexes.is_some()
            && record("maxFailedIndexes", 0, Gate::JobBackoffLimitPerIndex)
        {
            spec.to_mut().max_failed_indexes = None;
        }
        if spec.pod_replacement_policy.is_some()
            && record("podReplacementPolicy", 0, Gate::JobPodReplacementPolicy)
        {
            spec.to_mut().pod_replacement_policy = None;
        }
        // Without per-index limits, the API server also takes out the `FailIndex` rules. They
        // stay in the list, so that the others keep their indexes; their checks skip them.
        if !gates.enabled(Gate::JobBackoffLimitPerIndex)
            && let Some(policy) = &spec.pod_failure_policy
        {
            let rules = at.child("podFailurePolicy").child("rules");
            for (index, rule) in policy.rules.iter().enumerate() {
                if rule.action.as_deref() == Some("FailIndex") {
                    removed.push(RemovedField {
                        path: rules.index(index),
                        removal: Removal::Removed(Gate::JobBackoffLimitPerIndex),
                    });
                }
            }
        }
        (spec, removed)
    }
}

/// `podFailurePolicy` as written: every field optional, so that its validation can say what is
/// missing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct PodFailurePolicy {
    /// `rules`.
    pub rules: Vec<PodFailurePolicyRule>,
}

/// One of `podFailurePolicy.rules`, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PodFailurePolicyRule {
    /// `action`.
    pub action: Option<String>,
    /// `onExitCodes`.
    pub on_exit_codes: Option<OnExitCodes>,
    /// `onPodConditions`.
    pub on_pod_conditions: Option<Vec<OnPodCondition>>,
}

/// `onExitCodes`, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct OnExitCodes {
    /// `containerName`.
    pub container_name: Option<String>,
    /// `operator`.
    pub operator: Option<String>,
    /// `values`.
    pub values: Option<Vec<i32>>,
}

/// One of `onPodConditions`, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct OnPodCondition {
    /// `type`.
    #[serde(rename = "type")]
    pub condition_type: Option<String>,
    /// `status`.
    pub status: Option<String>,
}

/// `successPolicy`, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct SuccessPolicy {
    /// `rules`.
    pub rules: Vec<SuccessPolicyRule>,
}

/// One of `successPolicy.rules`, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SuccessPolicyRule {
    /// `succeededIndexes`: `0,2-4`.
    pub succeeded_indexes: Option<String>,
    /// `succeededCount`.
    pub succeeded_count: Option<i32>,
}

/// The defaults of `batch/v1` Jobs.
pub const DEFAULT_BACKOFF_LIMIT: i64 = 6;

/// One `podFailurePolicy` rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodFailureRule {
    /// `FailJob`, `Ignore`, `Count` or `FailIndex`.
    pub action: String,
    /// `onExitCodes`, if given.
    pub on_exit_codes: Option<ExitCodesRequirement>,
    /// `onPodConditions`: (type, status) pairs.
    pub on_pod_conditions: Vec<(String, String)>,
}

/// `onExitCodes`: a container (or any) and exit codes `In`/`NotIn` a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExitCodesRequirement {
    /// `containerName`, or every container.
    pub container_name: Option<String>,
    /// `operator: In` (else `NotIn`).
    pub operator_in: bool,
    /// `values`.
    pub values: Vec<i64>,
}

impl PodFailureRule {
    /// Whether the rule matches a failed pod whose containers exited with `exits` (name, code)
    /// and which has the conditions `conditions` (type, status): `podFailurePolicy` matching
    /// in `pkg/controller/job/pod_failure_policy.go` (`matchPodFailurePolicy`). Exit code 0 is
    /// never matched by `onExitCodes`.
    pub fn matches(&self, exits: &[(&str, i32)], conditions: &[(&str, &str)]) -> bool {
        if let Some(codes) = &self.on_exit_codes {
            return exits.iter().any(|(name, code)| {
                *code != 0
                    && codes
                        .container_name
                        .as_deref()
                        .is_none_or(|wanted| wanted == *name)
                    && codes.values.contains(&i64::from(*code)) == codes.operator_in
            });
        }
        self.on_pod_conditions.iter().any(|(kind, status)| {
            conditions
                .iter()
                .any(|(have_kind, have_status)| have_kind == kind && have_status == status)
        })
    }
}
