//! PL181 `invalid-job-spec`: a Job's counts, completion mode or per-index limits are rejected by the API server.

use crate::finding::{Finding, Severity};
use crate::k8s::names;
use crate::k8s::workload::job::JobSpecFields;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a Job's counts, completion mode or per-index limits are rejected by the API server.
pub static RULE: Rule = Rule {
    id: "PL181",
    name: "invalid-job-spec",
    severity: Severity::Error,
    summary: "a Job's counts, completion mode, per-index limits, `managedBy` or `podReplacementPolicy` are rejected by the API server",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates the spec of a `batch/v1` Job, and the job template of a CronJob, as `validateJobSpec` does (docs/workloads.md):

- `parallelism`, `completions`, `activeDeadlineSeconds`, `backoffLimit`, `ttlSecondsAfterFinished`, `backoffLimitPerIndex` and `maxFailedIndexes` are not negative (0 is allowed);
- `maxFailedIndexes` needs `backoffLimitPerIndex`;
- `completionMode` is `NonIndexed` or `Indexed`; `Indexed` needs `completions` (a Job given neither `completions` nor `parallelism` is defaulted to 1 of each; a CronJob's job template is not defaulted), `parallelism` and `maxFailedIndexes` at most 100,000, `maxFailedIndexes` at most `completions`, and above 100,000 completions with `backoffLimitPerIndex`, `maxFailedIndexes` set and both at most 10,000;
- `backoffLimitPerIndex`, `maxFailedIndexes` and `successPolicy` require `completionMode: Indexed`.

- `managedBy` (from 1.30) is a domain-prefixed path (`example.com/controller`) of at most 63 characters;
- `podReplacementPolicy` is `TerminatingOrFailed` or `Failed`, and only `Failed` beside a `podFailurePolicy`;
- an `Indexed` Job's last pod, `<name>-<completions - 1>`, is named by a DNS label.

Fields whose feature gate is off are dropped first (PL136), as the API server does. The template's `restartPolicy` is PL130's, the pod failure policy PL182's, the success policy PL183's.

## Why
The API server rejects the Job (or the CronJob): nothing runs.

## Example
```yaml
kind: Job
spec:
  completionMode: Indexed
  parallelism: 4          # no completions: required for Indexed
  backoffLimitPerIndex: 1
```

## How to fix
Give `completions` with `Indexed`, use `backoffLimitPerIndex`, `maxFailedIndexes` and `successPolicy` only with `completionMode: Indexed`, and counts of 0 or more.

## Kubernetes reference
`pkg/apis/batch/validation/validation.go`: `validateJobSpec`, `ValidateJobTemplateSpec`; defaults in `pkg/apis/batch/v1/defaults.go` (`SetDefaults_Job`).
"#,
};

/// The most `completions`, `parallelism` and `maxFailedIndexes` an Indexed Job may have.
const MAX_INDEXED: i32 = 100_000;
/// With more completions than [`MAX_INDEXED`] and a per-index backoff limit: the most
/// `parallelism` and `maxFailedIndexes`.
const MAX_WITH_PER_INDEX_LIMIT: i32 = 10_000;
/// The longest `managedBy`.
const MAX_MANAGED_BY: usize = 63;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(written) = &context.object.job_spec else {
        return;
    };
    let (stored, _) = written.stored(&context.gates);
    let spec = &stored;
    let at = |field: &'static str| context.object_path(spec.at).child(field);
    let mut problems = Vec::new();
    let mut invalid = |field: &'static str, value: String, message: String, label: String, help: &str| {
        problems.push(Problem::new(at(field), k8s_type::INVALID, Some(value), message, label, help));
    };
    for (field, value) in counts(spec) {
        if let Some(value) = value.filter(|value| *value < 0) {
            invalid(
                field,
                value.to_string(),
                format!("`{field}` is {value}: it must be 0 or more"),
                "must be greater than or equal to 0".into(),
                "use 0 or a positive number",
            );
        }
    }
    let mut required = Vec::new();
    if spec.max_failed_indexes.is_some() && spec.backoff_limit_per_index.is_none() {
        required.push((
            at("backoffLimitPerIndex"),
            "`maxFailedIndexes` without `backoffLimitPerIndex`",
            "when maxFailedIndexes is specified",
            "add `backoffLimitPerIndex`, or remove `maxFailedIndexes`",
        ));
    }
    let (completions, parallelism) = spec.counts();
    match spec.completion_mode.as_deref() {
        None | Some("NonIndexed") => {
            for (field, value) in [
                ("backoffLimitPerIndex", spec.backoff_limit_per_index),
                ("maxFailedIndexes", spec.max_failed_indexes),
            ] {
                if let Some(value) = value {
                    invalid(
                        field,
                        value.to_string(),
                        format!("`{field}` is set on a Job whose completion mode is not `Indexed`"),
                        "requires indexed completion mode".into(),
                        "set `completionMode: Indexed`, or remove it",
                    );
                }
            }
        }
        Some("Indexed") => indexed(spec, (completions, parallelism), &at, &mut invalid, &mut required),
        Some(other) => {
            let mut problem = Problem::new(
                at("completionMode"),
                k8s_type::NOT_SUPPORTED,
                Some(other.to_string()),
                format!("unknown `completionMode` `{}`", crate::text::clip(other)),
                "supported values: \"NonIndexed\", \"Indexed\"",
                "use `NonIndexed` (the default) or `Indexed`",
            );
            problem.replacement = ["NonIndexed", "Indexed"]
                .into_iter()
                .find(|supported| supported.eq_ignore_ascii_case(other))
                .map(str::to_string);
            problems.push(problem);
        }
    }
    if spec.success_policy.is_some() && spec.completion_mode.as_deref() != Some("Indexed") {
        problems.push(
            Problem::new(
                at("successPolicy"),
                k8s_type::INVALID,
                None,
                "`successPolicy` is set on a Job whose completion mode is not `Indexed`",
                "requires indexed completion mode",
                "set `completionMode: Indexed`, or remove `successPolicy`",
            )
            .on_key(),
        );
    }
    if let Some(managed_by) = &spec.managed_by {
        managed_by_problems(managed_by, at("managedBy"), &mut problems);
    }
    if let Some(policy) = &spec.pod_replacement_policy {
        replacement_policy_problem(policy, spec.pod_failure_policy.is_some(), at("podReplacementPolicy"), &mut problems);
    }
    if spec.defaulted && spec.completion_mode.as_deref() == Some("Indexed") {
        indexed_hostname_problem(context, completions, &mut problems);
    }
    problems.extend(required.into_iter().map(|(path, message, label, help): (FieldPath, &str, &str, &str)| {
        Problem::new(path, k8s_type::REQUIRED, None, message, label, help)
            .pointing_at(context.object_path(spec.at))
            .on_key()
    }));
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// The counts that may not be negative, by field.
fn counts(spec: &JobSpecFields) -> [(&'static str, Option<i64>); 7] {
    [
        ("parallelism", spec.parallelism.map(i64::from)),
        ("completions", spec.completions.map(i64::from)),
        ("activeDeadlineSeconds", spec.active_deadline_seconds),
        ("backoffLimit", spec.backoff_limit.map(i64::from)),
        ("ttlSecondsAfterFinished", spec.ttl_seconds_after_finished.map(i64::from)),
        ("backoffLimitPerIndex", spec.backoff_limit_per_index.map(i64::from)),
        ("maxFailedIndexes", spec.max_failed_indexes.map(i64::from)),
    ]
}

/// `managedBy`: a domain-prefixed path (`example.com/controller`) of at most 63 characters
/// (`validateJobSpec`, with `IsDomainPrefixedPath`).
fn managed_by_problems(value: &str, at: FieldPath, problems: &mut Vec<Problem>) {
    let help = "name the controller as `<domain>/<name>` (`kueue.x-k8s.io/multikueue`), or remove `managedBy` to let the Job controller run it";
    let shown = crate::text::clip(value);
    if value.is_empty() {
        problems.push(Problem::new(at.clone(), k8s_type::REQUIRED, None, "`managedBy` is empty", "Required value", help));
    } else {
        match value.split_once('/') {
            Some((host, path)) if !host.is_empty() && !path.is_empty() => {
                for reason in names::dns1123_subdomain(host) {
                    problems.push(Problem::new(at.clone(), k8s_type::INVALID, Some(host.to_string()), format!("`managedBy` `{shown}`: its domain is no DNS subdomain"), reason, help));
                }
                if !path.chars().all(|c| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c)) {
                    problems.push(Problem::new(at.clone(), k8s_type::INVALID, Some(path.to_string()), format!("`managedBy` `{shown}`: its path holds a character a path may not"), "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')", help));
                }
            }
            _ => problems.push(Problem::new(at.clone(), k8s_type::INVALID, Some(value.to_string()), format!("`managedBy` `{shown}` is no domain-prefixed path"), "must be a domain-prefixed path (such as \"acme.io/foo\")", help)),
        }
    }
    if value.len() > MAX_MANAGED_BY {
        problems.push(Problem::new(at, k8s_type::TOO_LONG, None, format!("`managedBy` is {} characters: at most {MAX_MANAGED_BY}", value.len()), format!("may not be more than {MAX_MANAGED_BY} bytes"), help));
    }
}

/// `podReplacementPolicy`: `TerminatingOrFailed` or `Failed`, and only `Failed` beside a pod
/// failure policy (`validatePodReplacementPolicy`).
fn replacement_policy_problem(value: &str, with_failure_policy: bool, at: FieldPath, problems: &mut Vec<Problem>) {
    let supported: &[&str] = if with_failure_policy { &["Failed"] } else { &["Failed", "TerminatingOrFailed"] };
    if supported.contains(&value) {
        return;
    }
    let shown = crate::text::clip(value);
    let message = if with_failure_policy && value == "TerminatingOrFailed" {
        "`podReplacementPolicy: TerminatingOrFailed` beside a `podFailurePolicy`: only `Failed` is allowed with one".to_string()
    } else {
        format!("unknown `podReplacementPolicy` `{shown}`")
    };
    let label = format!("supported values: {}", supported.iter().map(|value| format!("\"{value}\"")).collect::<Vec<_>>().join(", "));
    let mut problem = Problem::new(at, k8s_type::NOT_SUPPORTED, Some(value.to_string()), message, label, "use `Failed` (a pod is replaced once it has failed) or, without a pod failure policy, `TerminatingOrFailed`");
    problem.replacement = supported.iter().find(|supported| supported.eq_ignore_ascii_case(value)).map(|value| (*value).to_string());
    problems.push(problem);
}

/// An `Indexed` Job's pods are named and hostnamed `<job>-<index>`: the last one must be a DNS
/// label (`ValidateJob`).
fn indexed_hostname_problem(context: &PodContext<'_>, completions: Option<i32>, problems: &mut Vec<Problem>) {
    let (Some(name), Some(completions)) = (context.object.own_metadata().name.as_deref(), completions.filter(|c| *c > 0)) else {
        return;
    };
    let hostname = format!("{name}-{}", completions - 1);
    if names::dns1123_label(&hostname).is_empty() {
        return;
    }
    problems.push(Problem::new(
        context.object_path("metadata.name"),
        k8s_type::INVALID,
        Some(name.to_string()),
        format!("the pods of this Indexed Job are named `{}`: not a DNS label", crate::text::clip(&hostname)),
        format!("will not able to create pod with invalid DNS label: {hostname}"),
        "shorten the name (the pods add `-<index>`) and keep to lowercase letters, digits and `-`",
    ));
}

/// What `Indexed` asks: `completions`, and the limits on `parallelism` and `maxFailedIndexes`.
fn indexed(
    spec: &JobSpecFields,
    (completions, parallelism): (Option<i32>, Option<i32>),
    at: &dyn Fn(&'static str) -> FieldPath,
    invalid: &mut dyn FnMut(&'static str, String, String, String, &str),
    required: &mut Vec<(FieldPath, &'static str, &'static str, &'static str)>,
) {
    if completions.is_none() {
        required.push((
            at("completions"),
            "an `Indexed` Job without `completions`",
            "when completion mode is Indexed",
            "set `completions`: one index per completion",
        ));
    }
    let max_failed = spec.max_failed_indexes;
    if let Some(parallelism) = parallelism.filter(|p| *p > MAX_INDEXED) {
        invalid("parallelism", parallelism.to_string(), format!("`parallelism` is {parallelism}: at most {MAX_INDEXED} for an `Indexed` Job"), format!("must be less than or equal to {MAX_INDEXED} when completion mode is Indexed"), "lower `parallelism`");
    }
    if let (Some(completions), Some(failed)) = (completions, max_failed)
        && failed > completions
    {
        invalid("maxFailedIndexes", failed.to_string(), format!("`maxFailedIndexes` ({failed}) is above `completions` ({completions})"), "must be less than or equal to completions".into(), "lower `maxFailedIndexes` to at most `completions`");
    }
    if let Some(failed) = max_failed.filter(|f| *f > MAX_INDEXED) {
        invalid("maxFailedIndexes", failed.to_string(), format!("`maxFailedIndexes` is {failed}: at most {MAX_INDEXED}"), format!("must be less than or equal to {MAX_INDEXED}"), "lower `maxFailedIndexes`");
    }
    if completions.is_some_and(|c| c > MAX_INDEXED) && spec.backoff_limit_per_index.is_some() {
        let tail = format!("must be less than or equal to {MAX_WITH_PER_INDEX_LIMIT} when completions are above {MAX_INDEXED} and used with backoff limit per index");
        if max_failed.is_none() {
            required.push((
                at("maxFailedIndexes"),
                "more than 100,000 completions with a per-index backoff limit need `maxFailedIndexes`",
                "must be specified when completions is above 100000",
                "set `maxFailedIndexes` (at most 10000)",
            ));
        }
        if let Some(parallelism) = parallelism.filter(|p| *p > MAX_WITH_PER_INDEX_LIMIT) {
            invalid("parallelism", parallelism.to_string(), format!("`parallelism` is {parallelism}: at most {MAX_WITH_PER_INDEX_LIMIT} with this many completions and a per-index backoff limit"), tail.clone(), "lower `parallelism`");
        }
        if let Some(failed) = max_failed.filter(|f| *f > MAX_WITH_PER_INDEX_LIMIT) {
            invalid("maxFailedIndexes", failed.to_string(), format!("`maxFailedIndexes` is {failed}: at most {MAX_WITH_PER_INDEX_LIMIT} with this many completions and a per-index backoff limit"), tail, "lower `maxFailedIndexes`");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn job(spec: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n{spec}  template:\n    spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n"
        );
        let mut found = k8s_errors_in(&RULE, &text, gates(34, ""));
        found.sort();
        found
    }

    /// `TestValidateJob`'s cases for these fields, in our words.
    #[test]
    fn counts_modes_and_per_index_limits() {
        assert_eq!(job(""), []);
        assert_eq!(job("  parallelism: 0\n  completions: 0\n  backoffLimit: 0\n"), []);
        assert_eq!(job("  parallelism: -1\n"), [at("spec.parallelism", "FieldValueInvalid")]);
        assert_eq!(job("  ttlSecondsAfterFinished: -1\n"), [at("spec.ttlSecondsAfterFinished", "FieldValueInvalid")]);
        assert_eq!(job("  completionMode: Sometimes\n"), [at("spec.completionMode", "FieldValueNotSupported")]);
        // Indexed: completions required unless the defaults give them.
        assert_eq!(job("  completionMode: Indexed\n"), []);
        assert_eq!(job("  completionMode: Indexed\n  parallelism: 3\n"), [at("spec.completions", "FieldValueRequired")]);
        assert_eq!(
            job("  completionMode: Indexed\n  completions: 2\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 3\n"),
            [at("spec.maxFailedIndexes", "FieldValueInvalid")]
        );
        assert_eq!(
            job("  backoffLimitPerIndex: 1\n  maxFailedIndexes: 1\n"),
            [at("spec.backoffLimitPerIndex", "FieldValueInvalid"), at("spec.maxFailedIndexes", "FieldValueInvalid")]
        );
        assert_eq!(
            job("  completionMode: Indexed\n  completions: 5\n  maxFailedIndexes: 1\n"),
            [at("spec.backoffLimitPerIndex", "FieldValueRequired")]
        );
        assert_eq!(
            job("  completionMode: Indexed\n  completions: 200000\n  parallelism: 20000\n  backoffLimitPerIndex: 1\n"),
            [at("spec.maxFailedIndexes", "FieldValueRequired"), at("spec.parallelism", "FieldValueInvalid")]
        );
        assert_eq!(job("  successPolicy: {rules: [{succeededCount: 1}]}\n"), [at("spec.successPolicy", "FieldValueInvalid")]);
    }

    /// `TestValidateJob`'s `managedBy` and `podReplacementPolicy` cases, in our words.
    #[test]
    fn managed_by_and_replacement_policy() {
        assert_eq!(job("  managedBy: example.com/foo\n"), []);
        assert_eq!(job(&format!("  managedBy: example.com/{}\n", "x".repeat(60))), [at("spec.managedBy", "FieldValueTooLong")]);
        assert_eq!(job("  managedBy: invalid custom controller name\n"), [at("spec.managedBy", "FieldValueInvalid")]);
        assert_eq!(job("  managedBy: Example.com/foo\n"), [at("spec.managedBy", "FieldValueInvalid")]);
        assert_eq!(job("  managedBy: \"\"\n"), [at("spec.managedBy", "FieldValueRequired")]);
        assert_eq!(job("  podReplacementPolicy: TerminatingOrFailed\n"), []);
        assert_eq!(job("  podReplacementPolicy: Failed\n"), []);
        assert_eq!(job("  podReplacementPolicy: Sometimes\n"), [at("spec.podReplacementPolicy", "FieldValueNotSupported")]);
        assert_eq!(
            job("  podReplacementPolicy: TerminatingOrFailed\n  podFailurePolicy: {rules: []}\n"),
            [at("spec.podReplacementPolicy", "FieldValueNotSupported")]
        );
    }

    /// The API server of 1.30 and 1.31 drops `managedBy` (its gate is alpha); 1.29 has no such
    /// field.
    #[test]
    fn gated_fields_are_judged_only_where_kept() {
        let text = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  managedBy: bad\n  template:\n    spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(k8s_errors_in(&RULE, text, gates(31, "")), []);
        assert_eq!(k8s_errors_in(&RULE, text, gates(31, "JobManagedBy=true")), [at("spec.managedBy", "FieldValueInvalid")]);
        assert_eq!(k8s_errors_in(&RULE, text, gates(32, "")), [at("spec.managedBy", "FieldValueInvalid")]);
        let reported = |minor: u8| -> Vec<&'static str> {
            crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings_in(text, false, gates(minor, ""))
                .iter()
                .filter(|finding| finding.path.as_ref().is_some_and(|path| path.to_string() == "spec.managedBy"))
                .map(|finding| finding.rule.code)
                .collect()
        };
        assert_eq!(reported(29), ["PL135"]);
        assert_eq!(reported(30), ["PL136"]);
        assert_eq!(reported(32), ["PL181"]);
    }

    /// An Indexed Job's last pod is named `<job>-<completions - 1>`: a DNS label.
    #[test]
    fn indexed_pod_hostnames_are_dns_labels() {
        let named = |name: &str| {
            let text = format!("apiVersion: batch/v1\nkind: Job\nmetadata: {{name: {name}}}\nspec:\n  completionMode: Indexed\n  completions: 10\n  template:\n    spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n");
            k8s_errors_in(&RULE, &text, gates(34, ""))
        };
        assert_eq!(named(&"a".repeat(61)), []);
        assert_eq!(named(&"a".repeat(62)), [at("metadata.name", "FieldValueInvalid")]);
        assert_eq!(named("a.b"), [at("metadata.name", "FieldValueInvalid")]);
    }

    /// A CronJob's job template is judged too, and is not defaulted.
    #[test]
    fn a_cronjob_template_is_judged_undefaulted() {
        let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      completionMode: Indexed\n      template:\n        spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(
            k8s_errors_in(&RULE, text, gates(34, "")),
            [at("spec.jobTemplate.spec.completions", "FieldValueRequired")]
        );
    }
}
