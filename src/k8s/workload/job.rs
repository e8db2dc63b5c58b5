//! What a Job's controller reads besides the pod template: `backoffLimit`,
//! `activeDeadlineSeconds`, `podFailurePolicy`, `completions` and `parallelism`.

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
    /// Whether `jobTemplate.spec.selector` is written (the controller generates it).
    pub job_template_selector: bool,
    /// `jobTemplate.spec.manualSelector`.
    pub manual_selector: Option<bool>,
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
    /// Whether `successPolicy` is written.
    pub success_policy: bool,
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
