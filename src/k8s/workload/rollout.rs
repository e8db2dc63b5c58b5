//! What a workload's controller reads for a rollout besides the pod template: replicas, the
//! update strategy (`maxSurge`, `maxUnavailable`, `partition`), `minReadySeconds`,
//! `progressDeadlineSeconds`, `paused` and `podManagementPolicy`, defaulted as the API server
//! does (`pkg/apis/apps/v1/defaults.go`) and checked as its validation does; a StatefulSet's
//! `maxUnavailable` only where the `MaxUnavailableStatefulSet` gate keeps it.

use crate::k8s::cluster::{FeatureGates, Gate};
use crate::yaml::field_path::FieldPath;
use crate::yaml::scalar::{Resolved, resolve_plain};
use crate::yaml::source::{Node, NodeKind, Offsets, ScalarForm};

/// The default `progressDeadlineSeconds` of an `apps/v1` Deployment.
pub const DEFAULT_PROGRESS_DEADLINE_SECONDS: i64 = 600;

/// An `IntOrString` that holds a count or a percentage (`maxSurge: 25%`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntOrPercent {
    /// A number of pods.
    Int(i64),
    /// A percentage of the desired pods.
    Percent(i64),
}

impl IntOrPercent {
    /// As written: `3` or `25%`.
    pub fn describe(self) -> String {
        match self {
            IntOrPercent::Int(value) => value.to_string(),
            IntOrPercent::Percent(value) => format!("{value}%"),
        }
    }

    /// Whether it is zero (`0` or `0%`).
    pub fn is_zero(self) -> bool {
        matches!(self, IntOrPercent::Int(0) | IntOrPercent::Percent(0))
    }
}

/// The workload kinds podlife rolls out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkloadKind {
    /// `apps/v1` Deployment.
    Deployment,
    /// `apps/v1` StatefulSet.
    StatefulSet,
    /// `apps/v1` DaemonSet.
    DaemonSet,
}

impl WorkloadKind {
    /// The kind's name.
    pub fn as_str(self) -> &'static str {
        match self {
            WorkloadKind::Deployment => "Deployment",
            WorkloadKind::StatefulSet => "StatefulSet",
            WorkloadKind::DaemonSet => "DaemonSet",
        }
    }

    /// The kind of a built-in object, if podlife rolls it out.
    pub fn of(kind: &str) -> Option<WorkloadKind> {
        match kind {
            "Deployment" => Some(WorkloadKind::Deployment),
            "StatefulSet" => Some(WorkloadKind::StatefulSet),
            "DaemonSet" => Some(WorkloadKind::DaemonSet),
            _ => None,
        }
    }
}

/// The update strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// A Deployment's or DaemonSet's `RollingUpdate`.
    RollingUpdate {
        /// `maxSurge` (Deployment default 25%, DaemonSet default 0).
        max_surge: IntOrPercent,
        /// `maxUnavailable` (Deployment default 25%, DaemonSet default 1).
        max_unavailable: IntOrPercent,
    },
    /// A Deployment's `Recreate`.
    Recreate,
    /// A StatefulSet's `RollingUpdate`.
    OrderedRollingUpdate {
        /// `partition`: ordinals below it keep the old revision (default 0).
        partition: i64,
        /// `maxUnavailable` where the `MaxUnavailableStatefulSet` gate is on (default 1);
        /// `None` with the gate off: the API server drops the field and the controller
        /// replaces one pod at a time.
        max_unavailable: Option<IntOrPercent>,
    },
    /// A StatefulSet's or DaemonSet's `OnDelete`: the controller replaces nothing.
    OnDelete,
}

impl Strategy {
    /// The strategy's `type`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::RollingUpdate { .. } | Strategy::OrderedRollingUpdate { .. } => {
                "RollingUpdate"
            }
            Strategy::Recreate => "Recreate",
            Strategy::OnDelete => "OnDelete",
        }
    }
}

/// A StatefulSet's `podManagementPolicy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodManagement {
    /// `OrderedReady` (the default): one pod at a time, in ordinal order.
    OrderedReady,
    /// `Parallel`: create and delete without waiting.
    Parallel,
}

/// A workload's rollout settings, as written or defaulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolloutControl {
    /// The kind.
    pub kind: WorkloadKind,
    /// `spec.replicas` (default 1); a DaemonSet has none (its nodes decide).
    pub replicas: i64,
    /// The update strategy.
    pub strategy: Strategy,
    /// `spec.minReadySeconds` (default 0).
    pub min_ready_seconds: i64,
    /// A Deployment's `spec.progressDeadlineSeconds` (default 600).
    pub progress_deadline_seconds: Option<i64>,
    /// A Deployment's `spec.paused`.
    pub paused: bool,
    /// A StatefulSet's `spec.podManagementPolicy`.
    pub pod_management: PodManagement,
    /// Fields written but not acted on in this cluster (a note each, never silently dropped).
    pub unused: Vec<UnusedField>,
}

/// A field the workload sets that the cluster ignores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnusedField {
    /// The object-relative path (`spec.updateStrategy.rollingUpdate.maxUnavailable`).
    pub path: &'static str,
    /// The value as written.
    pub value: String,
    /// Why it is ignored and what happens instead.
    pub why: String,
}

/// A rollout setting the API server would reject, or podlife cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ControlError {
    /// The object-relative path (`spec.strategy.rollingUpdate.maxSurge`).
    pub path: String,
    /// Where the value is.
    pub at: Offsets,
    /// What is wrong, rustc style.
    pub message: String,
}

/// Reads the rollout settings of a Deployment, StatefulSet or DaemonSet object, for a cluster
/// with `gates`.
pub fn read(
    node: &Node<'_>,
    kind: WorkloadKind,
    gates: &FeatureGates,
) -> Result<RolloutControl, Vec<ControlError>> {
    let mut reader = Reader {
        node,
        errors: Vec::new(),
        unused: Vec::new(),
    };
    let replicas = match kind {
        WorkloadKind::DaemonSet => 0,
        _ => reader.count("spec.replicas").unwrap_or(1),
    };
    let min_ready_seconds = reader.count("spec.minReadySeconds").unwrap_or(0);
    let (strategy, progress_deadline_seconds, paused, pod_management) = match kind {
        WorkloadKind::Deployment => (
            reader.deployment_strategy(),
            Some(
                reader
                    .count("spec.progressDeadlineSeconds")
                    .unwrap_or(DEFAULT_PROGRESS_DEADLINE_SECONDS),
            ),
            reader.boolean("spec.paused").unwrap_or(false),
            PodManagement::OrderedReady,
        ),
        WorkloadKind::StatefulSet => (
            reader.stateful_strategy(gates),
            None,
            false,
            match reader.text("spec.podManagementPolicy").as_deref() {
                None | Some("OrderedReady") => PodManagement::OrderedReady,
                Some("Parallel") => PodManagement::Parallel,
                Some(other) => {
                    reader.error(
                        "spec.podManagementPolicy",
                        format!(
                            "unsupported value `{}`: supported values are `OrderedReady`, `Parallel`",
                            crate::text::clip(other)
                        ),
                    );
                    PodManagement::OrderedReady
                }
            },
        ),
        WorkloadKind::DaemonSet => (
            reader.daemon_strategy(),
            None,
            false,
            PodManagement::OrderedReady,
        ),
    };
    if let (Some(deadline), Strategy::RollingUpdate { .. } | Strategy::Recreate) =
        (progress_deadline_seconds, strategy)
        && deadline <= min_ready_seconds
        && reader.present("spec.progressDeadlineSeconds")
    {
        reader.error(
            "spec.progressDeadlineSeconds",
            "must be greater than `minReadySeconds`".to_string(),
        );
    }
    if reader.errors.is_empty() {
        Ok(RolloutControl {
            kind,
            replicas,
            strategy,
            min_ready_seconds,
            progress_deadline_seconds,
            paused,
            pod_management,
            unused: reader.unused,
        })
    } else {
        Err(reader.errors)
    }
}

struct Reader<'n, 'a> {
    node: &'n Node<'a>,
    errors: Vec<ControlError>,
    unused: Vec<UnusedField>,
}

impl Reader<'_, '_> {
    fn found(&self, path: &str) -> Option<&Node<'_>> {
        let found = self.node.lookup(&FieldPath::parse(path));
        (found.complete && !found.value.is_null()).then_some(found.value)
    }

    fn present(&self, path: &str) -> bool {
        self.found(path).is_some()
    }

    fn error(&mut self, path: &str, message: String) {
        let found = self.node.lookup(&FieldPath::parse(path));
        self.errors.push(ControlError {
            path: path.to_string(),
            at: found.value.at,
            message,
        });
    }

    /// A non-negative integer field.
    fn count(&mut self, path: &str) -> Option<i64> {
        let value = self.found(path)?;
        match value.kind() {
            NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
                Resolved::Int(number) if (0..=i64::from(i32::MAX)).contains(&number) => {
                    Some(number)
                }
                Resolved::Int(_) => {
                    self.error(path, "must be between 0 and 2147483647".to_string());
                    None
                }
                _ => {
                    let shown = value.describe();
                    self.error(path, format!("expected an integer, found {shown}"));
                    None
                }
            },
            _ => {
                let shown = value.describe();
                self.error(path, format!("expected an integer, found {shown}"));
                None
            }
        }
    }

    fn boolean(&mut self, path: &str) -> Option<bool> {
        let value = self.found(path)?;
        if let NodeKind::Scalar(text, ScalarForm::Plain) = value.kind()
            && let Resolved::Bool(flag) = resolve_plain(text)
        {
            return Some(flag);
        }
        let shown = value.describe();
        self.error(path, format!("expected a boolean, found {shown}"));
        None
    }

    fn text(&mut self, path: &str) -> Option<String> {
        let value = self.found(path)?;
        match value.as_scalar() {
            Some(text) => Some(text.to_string()),
            None => {
                let shown = value.describe();
                self.error(path, format!("expected a string, found {shown}"));
                None
            }
        }
    }

    /// An `IntOrString` count or percentage (`ValidatePositiveIntOrPercent`); `at_most_100`
    /// for a `maxUnavailable` (`IsNotMoreThan100Percent`).
    fn int_or_percent(&mut self, path: &str, at_most_100: bool) -> Option<IntOrPercent> {
        let value = self.found(path)?;
        let parsed = match value.kind() {
            NodeKind::Scalar(text, form) => match (form, resolve_plain(text)) {
                (ScalarForm::Plain, Resolved::Int(number)) => Some(IntOrPercent::Int(number)),
                _ => text
                    .strip_suffix('%')
                    .and_then(|digits| digits.parse::<i64>().ok())
                    .map(IntOrPercent::Percent),
            },
            _ => None,
        };
        let Some(parsed) = parsed else {
            let shown = value.describe();
            self.error(
                path,
                format!("expected an integer or a percentage (`25%`), found {shown}"),
            );
            return None;
        };
        match parsed {
            IntOrPercent::Int(number) | IntOrPercent::Percent(number) if number < 0 => {
                self.error(path, "must be greater than or equal to 0".to_string());
                None
            }
            IntOrPercent::Int(number) if number > i64::from(i32::MAX) => {
                self.error(path, "must be at most 2147483647".to_string());
                None
            }
            IntOrPercent::Percent(number) if at_most_100 && number > 100 => {
                self.error(path, "must not be greater than 100%".to_string());
                None
            }
            IntOrPercent::Percent(number) if number > 1_000_000 => {
                self.error(path, "must be at most 1000000%".to_string());
                None
            }
            _ => Some(parsed),
        }
    }

    /// `spec.strategy` (`ValidateDeploymentStrategy`, `ValidateRollingUpdateDeployment`).
    fn deployment_strategy(&mut self) -> Strategy {
        let kind = self.text("spec.strategy.type");
        let rolling = self.present("spec.strategy.rollingUpdate");
        match kind.as_deref() {
            Some("Recreate") => {
                if rolling {
                    self.error(
                        "spec.strategy.rollingUpdate",
                        "may not be specified when strategy `type` is `Recreate`".to_string(),
                    );
                }
                Strategy::Recreate
            }
            None | Some("RollingUpdate") => {
                let max_surge = self
                    .int_or_percent("spec.strategy.rollingUpdate.maxSurge", false)
                    .unwrap_or(IntOrPercent::Percent(25));
                let max_unavailable = self
                    .int_or_percent("spec.strategy.rollingUpdate.maxUnavailable", true)
                    .unwrap_or(IntOrPercent::Percent(25));
                if max_surge.is_zero() && max_unavailable.is_zero() {
                    self.error(
                        "spec.strategy.rollingUpdate.maxUnavailable",
                        "may not be 0 when `maxSurge` is 0".to_string(),
                    );
                }
                Strategy::RollingUpdate {
                    max_surge,
                    max_unavailable,
                }
            }
            Some(other) => {
                self.error(
                    "spec.strategy.type",
                    format!(
                        "unsupported value `{}`: supported values are `Recreate`, `RollingUpdate`",
                        crate::text::clip(other)
                    ),
                );
                Strategy::Recreate
            }
        }
    }

    /// `spec.updateStrategy` of a StatefulSet (`ValidateStatefulSetUpdateStrategy`,
    /// `validateRollingUpdateStatefulSet`).
    fn stateful_strategy(&mut self, gates: &FeatureGates) -> Strategy {
        match self.text("spec.updateStrategy.type").as_deref() {
            Some("OnDelete") => Strategy::OnDelete,
            None | Some("RollingUpdate") => Strategy::OrderedRollingUpdate {
                partition: self
                    .count("spec.updateStrategy.rollingUpdate.partition")
                    .unwrap_or(0),
                max_unavailable: self.stateful_max_unavailable(gates),
            },
            Some(other) => {
                self.error(
                    "spec.updateStrategy.type",
                    format!(
                        "unsupported value `{}`: supported values are `OnDelete`, `RollingUpdate`",
                        crate::text::clip(other)
                    ),
                );
                Strategy::OnDelete
            }
        }
    }

    /// A StatefulSet's `maxUnavailable`: with the `MaxUnavailableStatefulSet` gate on, checked
    /// (a count or a percentage, not 0, at most 100%) and defaulted to 1; with it off, the API
    /// server drops it (`dropStatefulSetDisabledFields`) before validation, so a value written
    /// is only noted.
    fn stateful_max_unavailable(&mut self, gates: &FeatureGates) -> Option<IntOrPercent> {
        const PATH: &str = "spec.updateStrategy.rollingUpdate.maxUnavailable";
        if !gates.enabled(Gate::MaxUnavailableStatefulSet) {
            if let Some(value) = self.found(PATH) {
                let value = value.as_scalar().map_or_else(
                    || value.describe(),
                    |text| crate::text::clip(text).to_string(),
                );
                self.unused.push(UnusedField {
                    path: PATH,
                    value,
                    why: format!(
                        "the `MaxUnavailableStatefulSet` feature gate is off in Kubernetes {}: the API server drops it and the controller replaces one pod at a time",
                        gates.version()
                    ),
                });
            }
            return None;
        }
        let value = self
            .int_or_percent(PATH, true)
            .unwrap_or(IntOrPercent::Int(1));
        if value.is_zero() {
            self.error(PATH, "cannot be 0".to_string());
        }
        Some(value)
    }

    /// `spec.updateStrategy` of a DaemonSet (`ValidateRollingUpdateDaemonSet`).
    fn daemon_strategy(&mut self) -> Strategy {
        match self.text("spec.updateStrategy.type").as_deref() {
            Some("OnDelete") => Strategy::OnDelete,
            None | Some("RollingUpdate") => {
                const SURGE: &str = "spec.updateStrategy.rollingUpdate.maxSurge";
                const UNAVAILABLE: &str = "spec.updateStrategy.rollingUpdate.maxUnavailable";
                let surge = self.int_or_percent(SURGE, true);
                let unavailable = self.int_or_percent(UNAVAILABLE, true);
                // A value already reported is not judged again against the other one.
                let unreadable = (surge.is_none() && self.present(SURGE))
                    || (unavailable.is_none() && self.present(UNAVAILABLE));
                let max_surge = surge.unwrap_or(IntOrPercent::Int(0));
                let max_unavailable = unavailable.unwrap_or(IntOrPercent::Int(1));
                // In the DaemonSet's own words: exactly one of them is non-zero.
                match (max_surge.is_zero(), max_unavailable.is_zero()) {
                    _ if unreadable => {}
                    (true, true) => {
                        self.error(UNAVAILABLE, "cannot be 0 when maxSurge is 0".to_string());
                    }
                    (false, false) => self.error(
                        SURGE,
                        "may not be set when maxUnavailable is non-zero".to_string(),
                    ),
                    _ => {}
                }
                Strategy::RollingUpdate {
                    max_surge,
                    max_unavailable,
                }
            }
            Some(other) => {
                self.error(
                    "spec.updateStrategy.type",
                    format!(
                        "unsupported value `{}`: supported values are `OnDelete`, `RollingUpdate`",
                        crate::text::clip(other)
                    ),
                );
                Strategy::OnDelete
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::line_index::LineIndex;

    fn control(text: &str, kind: WorkloadKind) -> Result<RolloutControl, Vec<ControlError>> {
        let mut documents = crate::yaml::source::parse_stream(text);
        let root = documents.remove(0).root.expect("root");
        read(&root, kind, &FeatureGates::default())
    }

    fn control_in(
        text: &str,
        minor: u8,
        settings: &[&str],
    ) -> Result<RolloutControl, Vec<ControlError>> {
        let version = crate::k8s::cluster::KubernetesVersion::new(minor).expect("known release");
        let settings: Vec<crate::k8s::cluster::GateSettings> = settings
            .iter()
            .map(|text| crate::k8s::cluster::GateSettings::parse(text).expect("settings"))
            .collect();
        let refs: Vec<&crate::k8s::cluster::GateSettings> = settings.iter().collect();
        let gates = FeatureGates::resolve(version, &refs).expect("gates");
        let mut documents = crate::yaml::source::parse_stream(text);
        let root = documents.remove(0).root.expect("root");
        read(&root, WorkloadKind::StatefulSet, &gates)
    }

    #[test]
    fn a_deployment_defaults_to_25_percent_and_600_seconds() {
        let read = control("spec: {}\n", WorkloadKind::Deployment).expect("valid");
        assert_eq!(read.replicas, 1);
        assert_eq!(
            read.strategy,
            Strategy::RollingUpdate {
                max_surge: IntOrPercent::Percent(25),
                max_unavailable: IntOrPercent::Percent(25)
            }
        );
        assert_eq!(read.progress_deadline_seconds, Some(600));
    }

    #[test]
    fn counts_and_percentages_are_read_and_checked() {
        let text = "spec:\n  replicas: 4\n  strategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: '50%'}\n";
        let read = control(text, WorkloadKind::Deployment).expect("valid");
        assert_eq!(
            read.strategy,
            Strategy::RollingUpdate {
                max_surge: IntOrPercent::Int(1),
                max_unavailable: IntOrPercent::Percent(50)
            }
        );
        let bad = "spec:\n  strategy:\n    rollingUpdate: {maxSurge: abc, maxUnavailable: 150%}\n";
        let errors = control(bad, WorkloadKind::Deployment).expect_err("invalid");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(errors[0].path, "spec.strategy.rollingUpdate.maxSurge");
        assert_eq!(LineIndex::new(bad).pos(errors[0].at.start).line, 3);
        assert!(errors[1].message.contains("100%"));
        let zero = "spec:\n  strategy:\n    rollingUpdate: {maxSurge: 0, maxUnavailable: 0%}\n";
        let errors = control(zero, WorkloadKind::Deployment).expect_err("both zero");
        assert!(errors[0].message.contains("may not be 0"));
    }

    /// `ValidateRollingUpdateDaemonSet` in its own words, one error per mistake.
    #[test]
    fn a_daemonset_surges_or_takes_pods_down_and_says_so_as_the_api_server_does() {
        let daemon = |rolling: &str| {
            control(
                &format!("spec:\n  updateStrategy:\n    rollingUpdate: {rolling}\n"),
                WorkloadKind::DaemonSet,
            )
        };
        let both_zero = daemon("{maxSurge: 0, maxUnavailable: 0}").expect_err("both zero");
        assert_eq!(both_zero.len(), 1);
        assert_eq!(
            both_zero[0].path,
            "spec.updateStrategy.rollingUpdate.maxUnavailable"
        );
        assert_eq!(both_zero[0].message, "cannot be 0 when maxSurge is 0");
        // `maxUnavailable` defaults to 1: a surge alone sets both.
        let both = daemon("{maxSurge: 1}").expect_err("both set");
        assert_eq!(both.len(), 1);
        assert_eq!(both[0].path, "spec.updateStrategy.rollingUpdate.maxSurge");
        assert_eq!(
            both[0].message,
            "may not be set when maxUnavailable is non-zero"
        );
        assert!(daemon("{maxSurge: 1, maxUnavailable: 0}").is_ok());
        // A surge over 100% is that one error, not also "cannot be 0".
        let over = daemon("{maxSurge: 200%, maxUnavailable: 0}").expect_err("over 100%");
        assert_eq!(over.len(), 1, "{over:?}");
        assert!(over[0].message.contains("100%"));
    }

    #[test]
    fn recreate_with_rolling_update_settings_is_rejected() {
        let text = "spec:\n  strategy:\n    type: Recreate\n    rollingUpdate: {maxSurge: 1}\n";
        let errors = control(text, WorkloadKind::Deployment).expect_err("invalid");
        assert_eq!(errors[0].path, "spec.strategy.rollingUpdate");
    }

    #[test]
    fn a_statefulset_reads_partition_and_policy() {
        let text = "spec:\n  replicas: 5\n  podManagementPolicy: Parallel\n  updateStrategy:\n    rollingUpdate: {partition: 2}\n";
        let read = control(text, WorkloadKind::StatefulSet).expect("valid");
        assert_eq!(read.pod_management, PodManagement::Parallel);
        assert_eq!(
            read.strategy,
            Strategy::OrderedRollingUpdate {
                partition: 2,
                max_unavailable: Some(IntOrPercent::Int(1))
            }
        );
    }

    #[test]
    fn statefulset_max_unavailable_is_read_where_its_gate_is_on() {
        let text = "spec:\n  updateStrategy:\n    rollingUpdate: {maxUnavailable: 40%}\n";
        // 1.37: the gate is beta and on.
        let on = control_in(text, 37, &[]).expect("valid");
        assert_eq!(
            on.strategy,
            Strategy::OrderedRollingUpdate {
                partition: 0,
                max_unavailable: Some(IntOrPercent::Percent(40))
            }
        );
        assert!(on.unused.is_empty());
        // 1.36: off by default; the field is dropped, and said to be.
        let off = control_in(text, 36, &[]).expect("valid");
        assert_eq!(
            off.strategy,
            Strategy::OrderedRollingUpdate {
                partition: 0,
                max_unavailable: None
            }
        );
        assert_eq!(off.unused.len(), 1);
        assert_eq!(
            off.unused[0].path,
            "spec.updateStrategy.rollingUpdate.maxUnavailable"
        );
        assert_eq!(off.unused[0].value, "40%");
        assert!(off.unused[0].why.contains("Kubernetes 1.36"), "{off:?}");
        // Turned on by --feature-gates.
        let turned_on = control_in(text, 36, &["MaxUnavailableStatefulSet=true"]).expect("valid");
        assert!(turned_on.unused.is_empty());
        // Without the field nothing is noted, and the gate on defaults it to 1.
        let bare = control_in("spec: {}\n", 37, &[]).expect("valid");
        assert_eq!(
            bare.strategy,
            Strategy::OrderedRollingUpdate {
                partition: 0,
                max_unavailable: Some(IntOrPercent::Int(1))
            }
        );
        assert!(
            control_in("spec: {}\n", 36, &[])
                .expect("valid")
                .unused
                .is_empty()
        );
    }

    #[test]
    fn statefulset_max_unavailable_of_zero_is_rejected_only_where_it_is_kept() {
        let zero = "spec:\n  updateStrategy:\n    rollingUpdate: {maxUnavailable: 0%}\n";
        let errors = control_in(zero, 37, &[]).expect_err("invalid");
        assert_eq!(
            errors[0].path,
            "spec.updateStrategy.rollingUpdate.maxUnavailable"
        );
        assert_eq!(errors[0].message, "cannot be 0");
        assert_eq!(LineIndex::new(zero).pos(errors[0].at.start).line, 3);
        let over = "spec:\n  updateStrategy:\n    rollingUpdate: {maxUnavailable: 101%}\n";
        assert!(control_in(over, 37, &[]).is_err());
        // Dropped before validation where the gate is off.
        assert!(control_in(zero, 36, &[]).is_ok());
    }
}
