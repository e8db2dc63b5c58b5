//! PL182 `invalid-pod-failure-policy`: a Job's `podFailurePolicy` has a rule the API server rejects.

use crate::finding::{Finding, Severity};
use crate::k8s::cluster::Gate;
use crate::k8s::names;
use crate::k8s::workload::job::{JobSpecFields, OnExitCodes, OnPodCondition, PodFailurePolicyRule};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a Job's `podFailurePolicy` has a rule the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL182",
    name: "invalid-pod-failure-policy",
    severity: Severity::Error,
    summary: "a Job's `podFailurePolicy` has a rule the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates a `batch/v1` Job's `podFailurePolicy` (and a CronJob's job template's) as `validatePodFailurePolicy` does (docs/workloads.md):

- at most 20 rules; each with an `action` of `FailJob`, `Ignore`, `Count` or `FailIndex` (`FailIndex` needs `backoffLimitPerIndex`), and exactly one of `onExitCodes` and `onPodConditions`;
- `onExitCodes`: an `operator` of `In` or `NotIn`, a `containerName` (if any) naming one of the template's containers or init containers, and 1 to 255 `values`, unique and in increasing order, without 0 under `In` (in a longer list, only the first 255 are judged one by one);
- `onPodConditions`: at most 20, each with a `type` that is a qualified name and a `status` of `True`, `False` or `Unknown` (a Job's empty status is defaulted to `True`; a CronJob's job template is defaulted so only from Kubernetes 1.34);
- the pod template's `restartPolicy` must be `Never`.

Where the JobPodFailurePolicy gate is off the policy is dropped (PL136), and without JobBackoffLimitPerIndex its `FailIndex` rules are.

## Why
The API server rejects the Job (or the CronJob): nothing runs.

## Example
```yaml
kind: Job
spec:
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {operator: In, values: [0, 42]}   # 0 never matches: rejected under In
  template:
    spec:
      restartPolicy: OnFailure                      # must be Never with a pod failure policy
```

## How to fix
Give each rule one action and one kind of requirement; list exit codes once each, in increasing order; use `restartPolicy: Never`.

## Kubernetes reference
`pkg/apis/batch/validation/validation.go`: `validatePodFailurePolicy`, `validatePodFailurePolicyRule`, `validatePodFailurePolicyRuleOnExitCodes`, `validatePodFailurePolicyRuleOnPodConditions`, and the restart policy check of `validateJobSpec`; defaults in `pkg/apis/batch/v1/defaults.go`.
"#,
};

/// The most rules, and the most condition patterns in one rule.
const MAX_RULES: usize = 20;
/// The most exit codes in one rule.
const MAX_EXIT_CODES: usize = 255;
/// The actions a rule may take.
const ACTIONS: [&str; 4] = ["Count", "FailIndex", "FailJob", "Ignore"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(written) = &context.object.job_spec else {
        return;
    };
    let (spec, _) = written.stored(&context.gates);
    let Some(policy) = &spec.pod_failure_policy else {
        return;
    };
    let at = context.object_path(spec.at).child("podFailurePolicy");
    let mut problems = Vec::new();
    let per_index = context.gates.enabled(Gate::JobBackoffLimitPerIndex);
    // Without per-index limits, `FailIndex` rules were taken out before validation.
    let kept = policy
        .rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| per_index || rule.action.as_deref() != Some("FailIndex"));
    if kept.clone().count() > MAX_RULES {
        problems.push(too_many(at.child("rules"), kept.clone().count(), MAX_RULES, "rules"));
    }
    let containers: Vec<&str> = context
        .object
        .pod
        .spec
        .containers
        .iter()
        .chain(&context.object.pod.spec.init_containers)
        .flatten()
        .filter_map(|container| container.name.as_deref())
        .collect();
    // A Job's empty condition status is defaulted to `True`; a CronJob's template's from 1.34.
    let status_defaulted = spec.defaulted || context.gates.version().minor() >= 34;
    for (index, rule) in kept {
        let rule_at = at.child("rules").index(index);
        check_rule(rule, &spec, &rule_at, &containers, status_defaulted, &mut problems);
    }
    let template = context.object_path(spec.at).join(&FieldPath::parse_static("template.spec.restartPolicy"));
    if context.pod.spec.restart_policy.as_deref() == Some("OnFailure") {
        problems.push(Problem::new(
            template,
            k8s_type::INVALID,
            Some("OnFailure".into()),
            "`restartPolicy: OnFailure` beside a `podFailurePolicy`: the policy judges failed pods, so they must not be restarted in place",
            "only \"Never\" is supported when podFailurePolicy is specified",
            "set the pod template's `restartPolicy: Never` (the Job controller then replaces a failed pod, counted against `backoffLimit`)",
        ));
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// One rule: its action, and exactly one of its two kinds of requirement.
fn check_rule(
    rule: &PodFailurePolicyRule,
    spec: &JobSpecFields,
    at: &FieldPath,
    containers: &[&str],
    status_defaulted: bool,
    problems: &mut Vec<Problem>,
) {
    match rule.action.as_deref().unwrap_or("") {
        "" => problems.push(
            Problem::new(at.child("action"), k8s_type::REQUIRED, None, "a pod failure policy rule without `action`", "valid values: [\"Count\" \"FailIndex\" \"FailJob\" \"Ignore\"]", "add `action:` (`FailJob`, `Ignore`, `Count` or `FailIndex`)")
                .pointing_at(at.clone())
                .on_key(),
        ),
        "FailIndex" if spec.backoff_limit_per_index.is_none() => problems.push(Problem::new(
            at.child("action"),
            k8s_type::INVALID,
            Some("FailIndex".into()),
            "a `FailIndex` rule in a Job without `backoffLimitPerIndex`",
            "requires the backoffLimitPerIndex to be set",
            "set `backoffLimitPerIndex` (with `completionMode: Indexed`), or use `FailJob`",
        )),
        action if ACTIONS.contains(&action) => {}
        action => problems.push(not_supported(at.child("action"), "action", action, &ACTIONS, Some("a pod failure policy rule"))),
    }
    if let Some(codes) = &rule.on_exit_codes {
        exit_codes(codes, &at.child("onExitCodes"), containers, problems);
    }
    let conditions = rule.on_pod_conditions.as_deref().unwrap_or_default();
    if !conditions.is_empty() {
        pod_conditions(conditions, &at.child("onPodConditions"), status_defaulted, problems);
    }
    let shape = match (rule.on_exit_codes.is_some(), conditions.is_empty()) {
        (true, false) => Some(("a pod failure policy rule has both `onExitCodes` and `onPodConditions`", "specifying both OnExitCodes and OnPodConditions is not supported", "split it into two rules")),
        (false, true) => Some(("a pod failure policy rule has neither `onExitCodes` nor `onPodConditions`", "specifying one of OnExitCodes and OnPodConditions is required", "add `onExitCodes` or `onPodConditions`: what the rule matches")),
        _ => None,
    };
    if let Some((message, label, help)) = shape {
        problems.push(Problem::new(at.clone(), k8s_type::INVALID, None, message, label, help).on_key());
    }
}

/// `onExitCodes`: the operator, the container, and the values.
fn exit_codes(codes: &OnExitCodes, at: &FieldPath, containers: &[&str], problems: &mut Vec<Problem>) {
    match codes.operator.as_deref().unwrap_or("") {
        "" => problems.push(
            Problem::new(at.child("operator"), k8s_type::REQUIRED, None, "`onExitCodes` without `operator`", "valid values: [\"In\" \"NotIn\"]", "add `operator: In` or `operator: NotIn`")
                .pointing_at(at.clone())
                .on_key(),
        ),
        "In" | "NotIn" => {}
        operator => problems.push(not_supported(at.child("operator"), "operator", operator, &["In", "NotIn"], Some("`onExitCodes`"))),
    }
    if let Some(name) = codes.container_name.as_deref().filter(|name| !containers.contains(name)) {
        problems.push(Problem::new(
            at.child("containerName"),
            k8s_type::INVALID,
            Some(name.to_string()),
            format!("`onExitCodes.containerName` `{}` names no container of the pod template", crate::text::clip(name)),
            "must be one of the container or initContainer names in the pod template",
            "name one of the template's containers or init containers, or remove `containerName` to match any",
        ));
    }
    let values = codes.values.as_deref().unwrap_or_default();
    if values.is_empty() {
        problems.push(Problem::new(at.child("values"), k8s_type::INVALID, Some("[]".into()), "`onExitCodes` lists no exit codes", "at least one value is required", "list the exit codes the rule is about").pointing_at(at.clone()).on_key());
    }
    if values.len() > MAX_EXIT_CODES {
        problems.push(too_many(at.child("values"), values.len(), MAX_EXIT_CODES, "exit codes"));
    }
    let operator_in = codes.operator.as_deref() == Some("In");
    // Past the 255 allowed, the list is already rejected (TooMany): its values are judged one
    // by one only up to there, so a huge list gives one finding, not one per value.
    let judged = values.get(..MAX_EXIT_CODES).unwrap_or(values);
    let mut seen = std::collections::HashSet::with_capacity(judged.len());
    for (index, &value) in judged.iter().enumerate() {
        let value_at = || at.child("values").index(index);
        if operator_in && value == 0 {
            problems.push(Problem::new(value_at(), k8s_type::INVALID, Some("0".into()), "exit code 0 under `operator: In`: a pod that succeeded is never judged by the policy", "must not be 0 for the In operator", "remove 0"));
        }
        if !seen.insert(value) {
            problems.push(Problem::new(value_at(), k8s_type::DUPLICATE, Some(value.to_string()), format!("exit code {value} is listed twice"), "Duplicate value", "list each exit code once"));
        }
    }
    if values.windows(2).any(|pair| matches!(pair, [a, b] if a > b)) {
        problems.push(Problem::new(at.child("values"), k8s_type::INVALID, Some(format!("[{}]", values.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))), "the exit codes of `onExitCodes` are not in increasing order", "must be ordered", "sort the exit codes").on_key());
    }
}

/// `onPodConditions`: how many, and each pattern's type and status.
fn pod_conditions(conditions: &[OnPodCondition], at: &FieldPath, status_defaulted: bool, problems: &mut Vec<Problem>) {
    if conditions.len() > MAX_RULES {
        problems.push(too_many(at.clone(), conditions.len(), MAX_RULES, "condition patterns"));
    }
    for (index, condition) in conditions.iter().enumerate() {
        let pattern = at.index(index);
        let kind = condition.condition_type.as_deref().unwrap_or("");
        for reason in names::qualified_name(kind) {
            problems.push(Problem::new(pattern.child("type"), k8s_type::INVALID, Some(kind.to_string()), format!("pod condition type `{}` is no qualified name", crate::text::clip(kind)), reason, "name a pod condition type (`DisruptionTarget`, `ConfigIssue`, `example.com/Custom`)").pointing_at(pattern.clone()));
        }
        match condition.status.as_deref().unwrap_or("") {
            "" if status_defaulted => {}
            "" => problems.push(
                Problem::new(pattern.child("status"), k8s_type::REQUIRED, None, "a pod condition pattern without `status` in a CronJob's job template: before Kubernetes 1.34 it is not defaulted", "valid values: [\"False\" \"True\" \"Unknown\"]", "add `status: \"True\"`")
                    .pointing_at(pattern.clone())
                    .on_key(),
            ),
            "True" | "False" | "Unknown" => {}
            status => problems.push(not_supported(pattern.child("status"), "status", status, &["False", "True", "Unknown"], Some("a pod condition pattern"))),
        }
    }
}

/// `FieldValueTooMany` for a list of `count` `what` at `at`, of which `most` are allowed.
fn too_many(at: FieldPath, count: usize, most: usize, what: &str) -> Problem {
    Problem::new(at, k8s_type::TOO_MANY, Some(count.to_string()), format!("{count} {what}: at most {most}"), format!("must have at most {most} items"), "merge or drop some").on_key()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn job(policy: &str, restart: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  podFailurePolicy:\n    rules:\n{policy}  template:\n    spec:\n      restartPolicy: {restart}\n      initContainers: [{{name: def, image: i}}]\n      containers: [{{name: abc, image: i}}]\n"
        );
        let mut found = k8s_errors_in(&RULE, &text, gates(34, ""));
        found.sort();
        found
    }

    const RULES: &str = "spec.podFailurePolicy.rules";

    /// `TestValidateJob`'s accepted pod failure policy, in our words.
    #[test]
    fn the_accepted_policy_passes() {
        let policy = "    - {action: Ignore, onPodConditions: [{type: DisruptionTarget, status: \"True\"}]}\n    - {action: FailJob, onPodConditions: [{type: CustomConditionType, status: \"False\"}]}\n    - {action: Count, onExitCodes: {containerName: abc, operator: In, values: [1, 2, 3]}}\n    - {action: Ignore, onExitCodes: {containerName: def, operator: In, values: [4]}}\n    - {action: FailJob, onExitCodes: {operator: NotIn, values: [5, 6, 7]}}\n    - {action: Ignore, onPodConditions: [{type: DisruptionTarget}]}\n";
        assert_eq!(job(policy, "Never"), []);
    }

    /// `TestValidateJob`'s rejected pod failure policies, in our words.
    #[test]
    fn the_rejected_policies() {
        let one = |rule: &str| job(&format!("    - {rule}\n"), "Never");
        assert_eq!(one("{action: FailJob}"), [at(&format!("{RULES}[0]"), "FieldValueInvalid")]);
        assert_eq!(one("{action: FailJob, onExitCodes: {operator: In, values: [11, 11]}}"), [at(&format!("{RULES}[0].onExitCodes.values[1]"), "FieldValueDuplicate")]);
        assert_eq!(
            one("{action: FailJob, onExitCodes: {operator: In, values: [12, 13, 13, 13]}}"),
            [at(&format!("{RULES}[0].onExitCodes.values[2]"), "FieldValueDuplicate"), at(&format!("{RULES}[0].onExitCodes.values[3]"), "FieldValueDuplicate")]
        );
        assert_eq!(one("{action: FailJob, onExitCodes: {operator: In, values: [19, 11]}}"), [at(&format!("{RULES}[0].onExitCodes.values"), "FieldValueInvalid")]);
        assert_eq!(one("{action: FailJob, onExitCodes: {operator: In, values: []}}"), [at(&format!("{RULES}[0].onExitCodes.values"), "FieldValueInvalid")]);
        assert_eq!(one("{onExitCodes: {operator: In, values: [1]}}"), [at(&format!("{RULES}[0].action"), "FieldValueRequired")]);
        assert_eq!(one("{action: Fail, onExitCodes: {operator: In, values: [1]}}"), [at(&format!("{RULES}[0].action"), "FieldValueNotSupported")]);
        assert_eq!(one("{action: FailJob, onExitCodes: {values: [1]}}"), [at(&format!("{RULES}[0].onExitCodes.operator"), "FieldValueRequired")]);
        assert_eq!(
            one("{action: FailJob, onExitCodes: {operator: In, values: [1]}, onPodConditions: [{type: Ready}]}"),
            [at(&format!("{RULES}[0]"), "FieldValueInvalid")]
        );
        assert_eq!(
            one("{action: Ignore, onExitCodes: {operator: In, values: [1, 0, 2]}}"),
            [at(&format!("{RULES}[0].onExitCodes.values"), "FieldValueInvalid"), at(&format!("{RULES}[0].onExitCodes.values[1]"), "FieldValueInvalid")]
        );
        assert_eq!(one("{action: Ignore, onExitCodes: {operator: NotIn, values: [0, 2]}}"), []);
        assert_eq!(one("{action: FailJob, onExitCodes: {containerName: xyz, operator: In, values: [1]}}"), [at(&format!("{RULES}[0].onExitCodes.containerName"), "FieldValueInvalid")]);
        assert_eq!(one("{action: FailIndex, onExitCodes: {operator: In, values: [1]}}"), [at(&format!("{RULES}[0].action"), "FieldValueInvalid")]);
        assert_eq!(one("{action: Ignore, onPodConditions: [{type: \"\"}]}").len(), 2);
        assert_eq!(one("{action: Ignore, onPodConditions: [{type: Ready, status: Maybe}]}"), [at(&format!("{RULES}[0].onPodConditions[0].status"), "FieldValueNotSupported")]);
    }

    #[test]
    fn lists_are_bounded() {
        let rules = (1..=21).map(|code| format!("    - {{action: FailJob, onExitCodes: {{operator: In, values: [{code}]}}}}\n")).collect::<Vec<_>>().concat();
        assert_eq!(job(&rules, "Never"), [at(RULES, "FieldValueTooMany")]);
        let codes: Vec<String> = (1..=256).map(|code| code.to_string()).collect();
        let many = format!("    - {{action: FailJob, onExitCodes: {{operator: In, values: [{}]}}}}\n", codes.join(", "));
        assert_eq!(job(&many, "Never"), [at(&format!("{RULES}[0].onExitCodes.values"), "FieldValueTooMany")]);
        let patterns: Vec<String> = (0..21).map(|index| format!("{{type: Custom{index}}}")).collect();
        let conditions = format!("    - {{action: FailJob, onPodConditions: [{}]}}\n", patterns.join(", "));
        assert_eq!(job(&conditions, "Never"), [at(&format!("{RULES}[0].onPodConditions"), "FieldValueTooMany")]);
    }

    /// A list far past the limit is one TooMany (and its order), not a finding per value.
    #[test]
    fn a_huge_list_is_judged_one_by_one_only_up_to_the_limit() {
        let codes: Vec<String> = (0..5_000).map(|code| (code % 10 + 1).to_string()).collect();
        let many = format!("    - {{action: FailJob, onExitCodes: {{operator: In, values: [{}]}}}}\n", codes.join(", "));
        let found = job(&many, "Never");
        assert!(found.contains(&at(&format!("{RULES}[0].onExitCodes.values"), "FieldValueTooMany")));
        assert!(found.len() <= MAX_EXIT_CODES + 2, "{}", found.len());
    }

    #[test]
    fn on_failure_restarts_are_refused_beside_a_policy() {
        let rule = "    - {action: FailJob, onExitCodes: {operator: In, values: [1]}}\n";
        assert_eq!(job(rule, "OnFailure"), [at("spec.template.spec.restartPolicy", "FieldValueInvalid")]);
        assert_eq!(job("      []\n", "OnFailure"), [at("spec.template.spec.restartPolicy", "FieldValueInvalid")]);
    }

    /// A CronJob's job template gets its condition statuses defaulted only from 1.34.
    #[test]
    fn a_cronjob_condition_status_is_defaulted_from_1_34() {
        let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      podFailurePolicy:\n        rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget}]}]\n      template:\n        spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(k8s_errors_in(&RULE, text, gates(34, "")), []);
        assert_eq!(
            k8s_errors_in(&RULE, text, gates(33, "")),
            [at("spec.jobTemplate.spec.podFailurePolicy.rules[0].onPodConditions[0].status", "FieldValueRequired")]
        );
    }

    /// Without JobBackoffLimitPerIndex, `FailIndex` rules are dropped before validation.
    #[test]
    fn fail_index_rules_go_with_their_gate() {
        let rule = "    - {action: FailIndex, onExitCodes: {operator: In, values: [1]}}\n";
        let text = format!("apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  podFailurePolicy:\n    rules:\n{rule}  template:\n    spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n");
        assert_eq!(k8s_errors_in(&RULE, &text, gates(31, "JobBackoffLimitPerIndex=false")), []);
        assert_eq!(k8s_errors_in(&RULE, &text, gates(31, "")).len(), 1);
    }
}
