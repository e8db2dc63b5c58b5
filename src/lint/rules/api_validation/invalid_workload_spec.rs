//! PL178 `invalid-workload-spec`: an `apps/v1` workload's counts or update strategy are rejected by the API server.

use crate::finding::{Finding, Severity};
use crate::k8s::cluster::{Defaulting, Gate};
use crate::k8s::model::IntOrString;
use crate::k8s::workload::apps::{AppsKind, AppsSpec, RollingUpdate, UpdateStrategy};
use crate::lint::rules::api_validation::helpers::claim_template;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::int_or_percent;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// an `apps/v1` workload's counts or update strategy are rejected by the API server.
pub static RULE: Rule = Rule {
    id: "PL178",
    name: "invalid-workload-spec",
    severity: Severity::Error,
    summary: "an `apps/v1` workload's replicas, timings or update strategy are rejected by the API server",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates the `spec` of a Deployment, ReplicaSet, StatefulSet or DaemonSet (`apps/v1`) beside its selector and pod template, as the API server does after applying its defaults (docs/workloads.md):

- counts that must not be negative: `replicas`, `minReadySeconds`, `revisionHistoryLimit`, `progressDeadlineSeconds`, a StatefulSet's `updateStrategy.rollingUpdate.partition` and `ordinals.start`; a Deployment's `progressDeadlineSeconds` must be greater than its `minReadySeconds`;
- a Deployment's `strategy`: `Recreate` or `RollingUpdate`; no `rollingUpdate` with `Recreate`; `maxSurge` and `maxUnavailable` a count or a percentage, not both zero, `maxUnavailable` at most 100%;
- a DaemonSet's `updateStrategy`: `RollingUpdate` or `OnDelete`; `maxSurge` and `maxUnavailable` at most 100%, exactly one of them non-zero (after defaulting: an unset `maxUnavailable` is 1, so `maxSurge` alone needs `maxUnavailable: 0`);
- a StatefulSet's `podManagementPolicy` (`OrderedReady`, `Parallel`), `updateStrategy` (`RollingUpdate`, `OnDelete`; `rollingUpdate` only with `RollingUpdate`; `maxUnavailable` not 0 and at most 100%, where the MaxUnavailableStatefulSet gate keeps it), `persistentVolumeClaimRetentionPolicy` (`Retain`, `Delete`), from Kubernetes 1.33 a `serviceName` that is a DNS label, and from 1.34 `volumeClaimTemplates` that are valid claims (`accessModes`, a `storage` request, …) with a name (the volume each pod gets).

A string that is not a percentage (`maxSurge: abc`) is reported, and counts as 0 where the API server compares with zero, as it does.

## Why
The API server rejects the workload, and `kubectl apply` fails: nothing of it reaches the cluster.

## Example
```yaml
kind: DaemonSet
spec:
  updateStrategy:
    rollingUpdate:
      maxSurge: 1        # maxUnavailable defaults to 1: both non-zero
```

## How to fix
Follow the finding's help: a count of 0 or more, a percentage such as `25%`, one of the supported values, or for a DaemonSet surge `maxUnavailable: 0`.

## Kubernetes reference
`pkg/apis/apps/validation/validation.go`: `ValidateDeploymentSpec`, `ValidateDeploymentStrategy`, `ValidateRollingUpdateDeployment`, `ValidateReplicaSetSpec`, `ValidateStatefulSetSpec`, `validateRollingUpdateStatefulSet`, `ValidateDaemonSetSpec`, `ValidateDaemonSetUpdateStrategy`, `ValidateRollingUpdateDaemonSet`, `ValidatePositiveIntOrPercent`, `IsNotMoreThan100Percent`; defaults in `pkg/apis/apps/v1/defaults.go`; `pkg/registry/apps/statefulset/strategy.go` (`maxUnavailable` dropped while MaxUnavailableStatefulSet is off).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(written) = &context.object.workload else {
        return;
    };
    let spec = match context.defaulting {
        Defaulting::Applied => written.defaulted(&context.gates),
        Defaulting::Skipped => written.clone(),
    };
    let mut problems = Vec::new();
    let at = |field: &'static str| context.object_path("spec").child(field);
    let nonnegative = |problems: &mut Vec<Problem>, value: Option<i32>, field: &'static str| {
        if let Some(value) = value.filter(|value| *value < 0) {
            problems.push(negative(at(field), i64::from(value), field));
        }
    };
    match spec.kind {
        AppsKind::Deployment => {
            nonnegative(&mut problems, spec.replicas, "replicas");
            deployment_strategy(&spec, &at("strategy"), &mut problems);
            nonnegative(&mut problems, spec.min_ready_seconds, "minReadySeconds");
            nonnegative(&mut problems, spec.revision_history_limit, "revisionHistoryLimit");
            progress_deadline(&spec, &at("progressDeadlineSeconds"), &mut problems);
        }
        AppsKind::ReplicaSet => {
            nonnegative(&mut problems, spec.replicas, "replicas");
            nonnegative(&mut problems, spec.min_ready_seconds, "minReadySeconds");
        }
        AppsKind::StatefulSet => {
            stateful_set(context, &spec, &mut problems);
            nonnegative(&mut problems, spec.replicas, "replicas");
            nonnegative(&mut problems, spec.min_ready_seconds, "minReadySeconds");
            if let Some(start) = spec.ordinals.as_ref().and_then(|o| o.start).filter(|s| *s < 0) {
                problems.push(negative(at("ordinals").child("start"), i64::from(start), "ordinals.start"));
            }
            service_name(context, &spec, &at("serviceName"), &mut problems);
        }
        AppsKind::DaemonSet => {
            nonnegative(&mut problems, spec.min_ready_seconds, "minReadySeconds");
            daemon_set_strategy(&spec, spec_sets_unavailable(written), &at("updateStrategy"), &mut problems);
            nonnegative(&mut problems, spec.revision_history_limit, "revisionHistoryLimit");
        }
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// `ValidateNonnegativeField`.
fn negative(path: FieldPath, value: i64, field: &str) -> Problem {
    Problem::new(
        path,
        k8s_type::INVALID,
        Some(value.to_string()),
        format!("`{field}` is {value}: it must be 0 or more"),
        "must be greater than or equal to 0",
        "use 0 or a positive number",
    )
}

/// The value as a message shows it (`25%`, `3`).
fn shown(value: &IntOrString) -> String {
    value.to_string()
}

/// `ValidatePositiveIntOrPercent` on one field: a count of 0 or more, or a percentage.
fn int_or_percent(
    value: Option<&IntOrString>,
    path: &FieldPath,
    field: &'static str,
    problems: &mut Vec<Problem>,
) {
    let Some(value) = value else { return };
    if let Some(message) = int_or_percent::positive_problem(value) {
        problems.push(Problem::new(
            path.child(field),
            k8s_type::INVALID,
            Some(shown(value)),
            format!("`{field}` is `{}`: a count of 0 or more, or a percentage", shown(value)),
            message,
            "write a number of pods (`1`) or a percentage (`25%`)",
        ));
    }
}

/// `IsNotMoreThan100Percent` on one field: a percentage over 100 (counts are never capped).
fn at_most_100_percent(
    value: Option<&IntOrString>,
    path: &FieldPath,
    field: &'static str,
    problems: &mut Vec<Problem>,
) {
    if let Some(value) = value.filter(|v| int_or_percent::over_100_percent(v)) {
        problems.push(Problem::new(
            path.child(field),
            k8s_type::INVALID,
            Some(shown(value)),
            format!("`{field}` is `{}`: at most 100%", shown(value)),
            "must not be greater than 100%",
            "use a percentage of 100% or less",
        ));
    }
}

/// `ValidateDeploymentStrategy` and `ValidateRollingUpdateDeployment`.
fn deployment_strategy(spec: &AppsSpec, path: &FieldPath, problems: &mut Vec<Problem>) {
    let Some(UpdateStrategy {
        strategy_type,
        rolling_update,
    }) = &spec.strategy
    else {
        return;
    };
    match (strategy_type.as_deref(), rolling_update) {
        (Some("Recreate"), Some(_)) => problems.push(
            Problem::new(
                path.child("rollingUpdate"),
                k8s_type::FORBIDDEN,
                None,
                "a `Recreate` strategy has `rollingUpdate`",
                "may not be specified when strategy `type` is 'Recreate'",
                "remove `rollingUpdate`, or make the type `RollingUpdate`",
            )
            .on_key(),
        ),
        (Some("Recreate"), None) => {}
        (Some("RollingUpdate"), Some(rolling)) => {
            let path = path.child("rollingUpdate");
            let RollingUpdate {
                max_unavailable,
                max_surge,
                ..
            } = rolling;
            int_or_percent(max_unavailable.as_ref(), &path, "maxUnavailable", problems);
            int_or_percent(max_surge.as_ref(), &path, "maxSurge", problems);
            let zero = |value: &Option<IntOrString>| {
                value.as_ref().is_none_or(|v| int_or_percent::value(v) == 0)
            };
            if zero(max_unavailable) && zero(max_surge) {
                problems.push(Problem::new(
                    path.child("maxUnavailable"),
                    k8s_type::INVALID,
                    max_unavailable.as_ref().map(shown),
                    "`maxUnavailable` and `maxSurge` are both 0: the rollout could never replace a pod",
                    "may not be 0 when `maxSurge` is 0",
                    "let one of them be at least 1 (`maxSurge: 1`)",
                ));
            }
            at_most_100_percent(max_unavailable.as_ref(), &path, "maxUnavailable", problems);
        }
        (Some("RollingUpdate"), None) => {}
        (other, _) => problems.push(unsupported(path, other, &["Recreate", "RollingUpdate"])),
    }
}

/// An update strategy `type` no controller knows (`FieldValueNotSupported` at the strategy).
fn unsupported(path: &FieldPath, written: Option<&str>, supported: &[&str]) -> Problem {
    let written = written.unwrap_or("");
    let quoted: Vec<String> = supported.iter().map(|value| format!("\"{value}\"")).collect();
    Problem::new(
        path.clone(),
        k8s_type::NOT_SUPPORTED,
        Some(written.to_string()),
        format!("unknown update strategy type `{}`", crate::text::clip(written)),
        format!("supported values: {}", quoted.join(", ")),
        format!("use one of {}", supported.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")),
    )
    .pointing_at(path.child("type"))
}

/// A Deployment's `progressDeadlineSeconds`: not negative, and greater than `minReadySeconds`.
fn progress_deadline(spec: &AppsSpec, path: &FieldPath, problems: &mut Vec<Problem>) {
    let Some(deadline) = spec.progress_deadline_seconds else {
        return;
    };
    if deadline < 0 {
        problems.push(negative(path.clone(), i64::from(deadline), "progressDeadlineSeconds"));
    }
    let min_ready = spec.min_ready_seconds.unwrap_or(0);
    if deadline <= min_ready {
        problems.push(Problem::new(
            path.clone(),
            k8s_type::INVALID,
            Some(deadline.to_string()),
            format!("`progressDeadlineSeconds` ({deadline}) is not greater than `minReadySeconds` ({min_ready}): the rollout would time out before a pod could count as available"),
            "must be greater than minReadySeconds",
            format!("raise `progressDeadlineSeconds` above {min_ready}, or lower `minReadySeconds`"),
        ));
    }
}

/// `ValidateDaemonSetUpdateStrategy` and `ValidateRollingUpdateDaemonSet`.
fn daemon_set_strategy(
    spec: &AppsSpec,
    written_unavailable: bool,
    path: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    let Some(UpdateStrategy {
        strategy_type,
        rolling_update,
    }) = &spec.strategy
    else {
        return;
    };
    match (strategy_type.as_deref(), rolling_update) {
        (Some("OnDelete" | "RollingUpdate"), None) => {}
        (Some("OnDelete"), Some(_)) => {}
        (Some("RollingUpdate"), Some(rolling)) => {
            let path = path.child("rollingUpdate");
            let max_unavailable = rolling.max_unavailable.as_ref();
            let max_surge = rolling.max_surge.as_ref();
            int_or_percent(max_unavailable, &path, "maxUnavailable", problems);
            int_or_percent(max_surge, &path, "maxSurge", problems);
            at_most_100_percent(max_unavailable, &path, "maxUnavailable", problems);
            at_most_100_percent(max_surge, &path, "maxSurge", problems);
            let non_zero = |value: Option<&IntOrString>| value.is_some_and(|v| int_or_percent::value(v) != 0);
            match (non_zero(max_unavailable), non_zero(max_surge)) {
                (true, true) => problems.push(Problem::new(
                    path.child("maxSurge"),
                    k8s_type::INVALID,
                    max_surge.map(shown),
                    format!(
                        "a DaemonSet surges or takes nodes' pods down, not both: `maxSurge` is {} and `maxUnavailable` is {}{}",
                        max_surge.map(shown).unwrap_or_default(),
                        max_unavailable.map(shown).unwrap_or_default(),
                        if written_unavailable { "" } else { " (its default)" }
                    ),
                    "may not be set when maxUnavailable is non-zero",
                    "set `maxUnavailable: 0` to surge, or remove `maxSurge`",
                )),
                (false, false) => problems.push(Problem::new(
                    path.child("maxUnavailable"),
                    k8s_type::REQUIRED,
                    max_unavailable.map(shown),
                    "`maxUnavailable` and `maxSurge` are both 0: the DaemonSet could never update a node's pod",
                    "cannot be 0 when maxSurge is 0",
                    "set `maxUnavailable: 1` (or a percentage), or `maxSurge: 1`",
                )),
                _ => {}
            }
        }
        (other, _) => problems.push(unsupported(path, other, &["RollingUpdate", "OnDelete"])),
    }
}

/// Whether a DaemonSet spec as written sets `maxUnavailable` (else the default 1 stands).
fn spec_sets_unavailable(spec: &AppsSpec) -> bool {
    spec.strategy
        .as_ref()
        .and_then(|s| s.rolling_update.as_ref())
        .is_some_and(|r| r.max_unavailable.is_some())
}

/// A StatefulSet's `podManagementPolicy`, `updateStrategy` and claim retention policy.
fn stateful_set(context: &PodContext<'_>, spec: &AppsSpec, problems: &mut Vec<Problem>) {
    let at = |field: &'static str| context.object_path("spec").child(field);
    match spec.pod_management_policy.as_deref() {
        None | Some("OrderedReady" | "Parallel") => {}
        Some("") => problems.push(Problem::new(
            at("podManagementPolicy"),
            k8s_type::REQUIRED,
            None,
            "`podManagementPolicy` is empty",
            "Required value",
            "use `OrderedReady` or `Parallel`",
        )),
        Some(other) => problems.push(Problem::new(
            at("podManagementPolicy"),
            k8s_type::INVALID,
            Some(other.to_string()),
            format!("unknown `podManagementPolicy` `{}`", crate::text::clip(other)),
            "must be 'OrderedReady' or 'Parallel'",
            "use `OrderedReady` or `Parallel`",
        )),
    }
    if let Some(UpdateStrategy {
        strategy_type,
        rolling_update,
    }) = &spec.strategy
    {
        let path = at("updateStrategy");
        match (strategy_type.as_deref(), rolling_update) {
            (Some("OnDelete"), Some(_)) => problems.push(
                Problem::new(
                    path.child("rollingUpdate"),
                    k8s_type::INVALID,
                    None,
                    "an `OnDelete` update strategy has `rollingUpdate`",
                    "only allowed for updateStrategy 'RollingUpdate'",
                    "remove `rollingUpdate`, or make the type `RollingUpdate`",
                )
                .on_key(),
            ),
            (Some("OnDelete" | "RollingUpdate"), None) => {}
            (Some("RollingUpdate"), Some(rolling)) => {
                stateful_rolling_update(context, rolling, &path.child("rollingUpdate"), problems);
            }
            (Some("") | None, _) if context.defaulting == Defaulting::Skipped => {}
            (other, _) => problems.push(
                Problem::new(
                    path.clone(),
                    k8s_type::INVALID,
                    other.map(str::to_string),
                    format!("unknown update strategy type `{}`", crate::text::clip(other.unwrap_or(""))),
                    "must be 'RollingUpdate' or 'OnDelete'",
                    "use `RollingUpdate` or `OnDelete`",
                )
                .pointing_at(path.child("type")),
            ),
        }
    }
    if let Some(retention) = &spec.claim_retention {
        for (value, field) in [
            (&retention.when_deleted, "whenDeleted"),
            (&retention.when_scaled, "whenScaled"),
        ] {
            let Some(value) = value.as_deref().filter(|v| !matches!(*v, "Retain" | "Delete")) else {
                continue;
            };
            let mut problem = Problem::new(
                at("persistentVolumeClaimRetentionPolicy").child(field),
                k8s_type::NOT_SUPPORTED,
                Some(value.to_string()),
                format!("unknown claim retention policy `{}`", crate::text::clip(value)),
                "supported values: \"Retain\", \"Delete\"",
                "use `Retain` or `Delete`",
            );
            problem.replacement = ["Retain", "Delete"]
                .into_iter()
                .find(|supported| supported.eq_ignore_ascii_case(value))
                .map(str::to_string);
            problems.push(problem);
        }
    }
    claim_templates(context, spec, problems);
}

/// From 1.34, each of `volumeClaimTemplates` is a claim the API server would accept
/// (`ValidatePersistentVolumeClaimSpec`), and its name the name of the volume it becomes in
/// each pod (first among the pod's volumes).
fn claim_templates(context: &PodContext<'_>, spec: &AppsSpec, problems: &mut Vec<Problem>) {
    if context.gates.version().minor() < 34 {
        return;
    }
    let at = context.object_path("spec").child("volumeClaimTemplates");
    for (index, template) in spec.claim_templates.iter().flatten().enumerate() {
        let template_at = at.index(index);
        claim_template::spec_problems(&template.spec.clone().unwrap_or_default(), &template_at.child("spec"), problems);
        let named = template.metadata.as_ref().and_then(|m| m.name.as_deref()).is_some_and(|name| !name.is_empty());
        if !named {
            let volume = context.object_path("spec.template.spec.volumes").index(index);
            for field in ["name", "persistentVolumeClaim.claimName"] {
                problems.push(
                    Problem::new(volume.join(&FieldPath::parse_static(field)), k8s_type::REQUIRED, None, "a claim template without `metadata.name`: the volume it becomes in each pod has no name", "Required value", "name the claim template (its name is the volume containers mount)")
                        .pointing_at(template_at.clone())
                        .on_key(),
                );
            }
        }
    }
}

/// `validateRollingUpdateStatefulSet`: `partition`, and `maxUnavailable` where the gate keeps it.
fn stateful_rolling_update(
    context: &PodContext<'_>,
    rolling: &RollingUpdate,
    path: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    if let Some(partition) = rolling.partition.filter(|p| *p < 0) {
        problems.push(negative(path.child("partition"), i64::from(partition), "partition"));
    }
    // Dropped before validation while the gate is off (`PrepareForCreate`).
    let kept = context.gates.enabled(Gate::MaxUnavailableStatefulSet);
    let Some(value) = rolling.max_unavailable.as_ref().filter(|_| kept) else {
        return;
    };
    int_or_percent(Some(value), path, "maxUnavailable", problems);
    if int_or_percent::value(value) == 0 {
        problems.push(Problem::new(
            path.child("maxUnavailable"),
            k8s_type::INVALID,
            Some(shown(value)),
            format!(
                "`maxUnavailable` is `{}`, which counts as 0: no pod could ever be updated",
                shown(value)
            ),
            "cannot be 0",
            "use 1 or more, or leave it out (1)",
        ));
    }
    at_most_100_percent(Some(value), path, "maxUnavailable", problems);
}

/// From 1.33, a StatefulSet's `serviceName`, when set, is a DNS label (`ValidateDNS1123Label`).
fn service_name(context: &PodContext<'_>, spec: &AppsSpec, path: &FieldPath, problems: &mut Vec<Problem>) {
    if context.gates.version().minor() < 33 {
        return;
    }
    let Some(name) = spec.service_name.as_deref().filter(|name| !name.is_empty()) else {
        return;
    };
    for message in crate::k8s::names::dns1123_label(name) {
        problems.push(Problem::new(
            path.clone(),
            k8s_type::INVALID,
            Some(name.to_string()),
            format!("`serviceName` `{}` is not a DNS label", crate::text::clip(name)),
            message,
            "name the headless Service with lowercase letters, digits and `-`, at most 63 characters",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn errors(kind: &str, spec: &str, minor: u8, settings: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: apps/v1\nkind: {kind}\nmetadata: {{name: w}}\nspec:\n{spec}  selector: {{matchLabels: {{app: w}}}}\n  template:\n    metadata: {{labels: {{app: w}}}}\n    spec: {{containers: [{{name: c, image: i}}]}}\n"
        );
        k8s_errors_in(&RULE, &text, gates(minor, settings))
    }

    #[test]
    fn a_valid_workload_of_each_kind_passes_with_its_defaults() {
        for kind in ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"] {
            assert_eq!(errors(kind, "", 34, ""), [], "{kind}");
        }
    }

    /// `TestValidateDeployment`'s cases, in our words.
    #[test]
    fn deployment_counts_and_strategy() {
        assert_eq!(errors("Deployment", "  replicas: -1\n", 34, ""), [at("spec.replicas", "FieldValueInvalid")]);
        assert_eq!(
            errors("Deployment", "  strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}\n", 34, ""),
            [at("spec.strategy.rollingUpdate", "FieldValueForbidden")]
        );
        assert_eq!(
            errors("Deployment", "  strategy: {type: Blue}\n", 34, ""),
            [at("spec.strategy", "FieldValueNotSupported")]
        );
        assert_eq!(
            errors("Deployment", "  strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}\n", 34, ""),
            [at("spec.strategy.rollingUpdate.maxUnavailable", "FieldValueInvalid")]
        );
        // "0%" and "0" count as zero; a garbage string is reported and counts as zero.
        assert_eq!(
            errors("Deployment", "  strategy: {rollingUpdate: {maxSurge: \"0%\", maxUnavailable: abc}}\n", 34, ""),
            [
                at("spec.strategy.rollingUpdate.maxUnavailable", "FieldValueInvalid"),
                at("spec.strategy.rollingUpdate.maxUnavailable", "FieldValueInvalid"),
            ]
        );
        // -1 is not zero: only the sign.
        assert_eq!(
            errors("Deployment", "  strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: -1}}\n", 34, ""),
            [at("spec.strategy.rollingUpdate.maxUnavailable", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("Deployment", "  strategy: {rollingUpdate: {maxUnavailable: 110%}}\n", 34, ""),
            [at("spec.strategy.rollingUpdate.maxUnavailable", "FieldValueInvalid")]
        );
        // A Deployment's surge is not capped.
        assert_eq!(errors("Deployment", "  strategy: {rollingUpdate: {maxSurge: 200%}}\n", 34, ""), []);
        assert_eq!(
            errors("Deployment", "  minReadySeconds: 600\n", 34, ""),
            [at("spec.progressDeadlineSeconds", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("Deployment", "  progressDeadlineSeconds: -1\n", 34, ""),
            [
                at("spec.progressDeadlineSeconds", "FieldValueInvalid"),
                at("spec.progressDeadlineSeconds", "FieldValueInvalid"),
            ]
        );
        assert_eq!(errors("Deployment", "  revisionHistoryLimit: 0\n", 34, ""), []);
    }

    /// `TestValidateDaemonSetUpdateStrategy` and the defaulting that makes `maxSurge` alone fail.
    #[test]
    fn daemonset_surge_or_unavailable() {
        assert_eq!(
            errors("DaemonSet", "  updateStrategy: {rollingUpdate: {maxSurge: 1}}\n", 34, ""),
            [at("spec.updateStrategy.rollingUpdate.maxSurge", "FieldValueInvalid")]
        );
        assert_eq!(errors("DaemonSet", "  updateStrategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}\n", 34, ""), []);
        assert_eq!(
            errors("DaemonSet", "  updateStrategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}\n", 34, ""),
            [at("spec.updateStrategy.rollingUpdate.maxUnavailable", "FieldValueRequired")]
        );
        // One mistake, one error: a surge over 100% is not also "may not be set".
        assert_eq!(
            errors("DaemonSet", "  updateStrategy: {rollingUpdate: {maxSurge: 200%, maxUnavailable: 0}}\n", 34, ""),
            [at("spec.updateStrategy.rollingUpdate.maxSurge", "FieldValueInvalid")]
        );
        assert_eq!(errors("DaemonSet", "  updateStrategy: {type: OnDelete, rollingUpdate: {maxSurge: 5}}\n", 34, ""), []);
        assert_eq!(
            errors("DaemonSet", "  updateStrategy: {type: Sometimes}\n", 34, ""),
            [at("spec.updateStrategy", "FieldValueNotSupported")]
        );
    }

    /// `TestValidateStatefulSet`'s cases, in our words, with the release and gate differences.
    #[test]
    fn statefulset_policies_strategy_and_service_name() {
        assert_eq!(
            errors("StatefulSet", "  podManagementPolicy: Sometimes\n", 34, ""),
            [at("spec.podManagementPolicy", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("StatefulSet", "  updateStrategy: {type: OnDelete, rollingUpdate: {partition: 1}}\n", 34, ""),
            [at("spec.updateStrategy.rollingUpdate", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("StatefulSet", "  updateStrategy: {rollingUpdate: {partition: -1}}\n", 34, ""),
            [at("spec.updateStrategy.rollingUpdate.partition", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("StatefulSet", "  updateStrategy: {type: Blue}\n", 34, ""),
            [at("spec.updateStrategy", "FieldValueInvalid")]
        );
        // maxUnavailable: dropped (never judged) while the gate is off, judged when it is on.
        let zero = "  updateStrategy: {rollingUpdate: {maxUnavailable: 0}}\n";
        assert_eq!(errors("StatefulSet", zero, 34, ""), []);
        assert_eq!(
            errors("StatefulSet", zero, 34, "MaxUnavailableStatefulSet=true"),
            [at("spec.updateStrategy.rollingUpdate.maxUnavailable", "FieldValueInvalid")]
        );
        assert_eq!(
            errors("StatefulSet", "  persistentVolumeClaimRetentionPolicy: {whenDeleted: Keep}\n", 34, ""),
            [at("spec.persistentVolumeClaimRetentionPolicy.whenDeleted", "FieldValueNotSupported")]
        );
        assert_eq!(
            errors("StatefulSet", "  ordinals: {start: -1}\n", 34, ""),
            [at("spec.ordinals.start", "FieldValueInvalid")]
        );
        // serviceName is a DNS label from 1.33 on, never checked before.
        let dotted = "  serviceName: my.service\n";
        assert_eq!(errors("StatefulSet", dotted, 32, ""), []);
        assert_eq!(errors("StatefulSet", dotted, 33, ""), [at("spec.serviceName", "FieldValueInvalid")]);
        assert_eq!(errors("StatefulSet", "  serviceName: \"\"\n", 34, ""), []);
    }

    /// From 1.34 a StatefulSet's claim templates are validated as claims (kubernetes#132211).
    #[test]
    fn claim_templates_are_claims_from_1_34() {
        let good = "  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n";
        assert_eq!(errors("StatefulSet", good, 34, ""), []);
        let no_modes = "  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {resources: {requests: {storage: 1Gi}}}\n";
        assert_eq!(errors("StatefulSet", no_modes, 33, ""), []);
        assert_eq!(errors("StatefulSet", no_modes, 34, ""), [at("spec.volumeClaimTemplates[0].spec.accessModes", "FieldValueRequired")]);
        let unnamed = "  volumeClaimTemplates:\n  - spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n";
        let mut found = errors("StatefulSet", unnamed, 34, "");
        found.sort();
        assert_eq!(
            found,
            [at("spec.template.spec.volumes[0].name", "FieldValueRequired"), at("spec.template.spec.volumes[0].persistentVolumeClaim.claimName", "FieldValueRequired")]
        );
    }

    #[test]
    fn other_api_versions_and_kinds_are_not_judged() {
        let text = "apiVersion: apps.kruise.io/v1beta1\nkind: StatefulSet\nmetadata: {name: w}\nspec:\n  replicas: -1\n  template:\n    spec: {containers: [{name: c, image: i}]}\n";
        assert_eq!(k8s_errors_in(&RULE, text, gates(34, "")), []);
    }
}
