//! PL137 `invalid-restart-policy-rules`: a container's `restartPolicyRules` are malformed, or
//! used without a container `restartPolicy`, or on a sidecar.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container's `restartPolicyRules` are malformed or misplaced.
pub static RULE: Rule = Rule {
    id: "PL137",
    name: "invalid-restart-policy-rules",
    severity: Severity::Error,
    summary: "a container's `restartPolicyRules` are malformed or misplaced",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `restartPolicyRules` (Kubernetes 1.34+, feature gate `ContainerRestartRules`) on init and app containers: the container must set its own `restartPolicy`; a sidecar (`restartPolicy: Always` init container) may not have rules; at most 20 rules; each rule's `action` is `Restart`; `exitCodes` is required, its `operator` is `In` or `NotIn`, with at most 255 `values`.

## Why
The API server rejects the pod (`spec.containers[0].restartPolicyRules[0].exitCodes: Required value: must be specified`, `…restartPolicy: Required value: must specify restartPolicy when restart rules are used`).

## Example
```yaml
containers:
- name: worker
  image: example/worker:1.0
  restartPolicyRules:
  - action: Restart
    exitCodes: {operator: In, values: [42]}
```

## How to fix
Give the container a `restartPolicy` (the rules are exceptions to it), write `action: Restart` and an `exitCodes` selector with `In` or `NotIn`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerRestartPolicy`, `validateInitContainerRestartPolicy` (`FieldValueRequired`, `FieldValueForbidden`, `FieldValueNotSupported`, `FieldValueTooMany`). Before 1.34 the field does not exist (PL135); with the gate off it is dropped (PL136).
"#,
};

/// `maxContainerRestartRules`.
const MAX_RULES: usize = 20;
/// `maxContainerRestartRuleExitCodes`.
const MAX_EXIT_CODES: usize = 255;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        if !matches!(list, ContainerList::Init | ContainerList::App) {
            continue;
        }
        let Some(rules) = container.restart_policy_rules.as_deref() else {
            continue;
        };
        if rules.is_empty() {
            continue;
        }
        let who = Who::new(list, container, index);
        let base = context.container_path(list, index);
        let mut problems = Vec::new();
        match container.restart_policy.as_deref() {
            None => problems.push(
                Problem::new(
                    base.child("restartPolicy"),
                    k8s_type::REQUIRED,
                    None,
                    format!("{who} has `restartPolicyRules` but no `restartPolicy`"),
                    "must specify restartPolicy when restart rules are used",
                    "add the container's own `restartPolicy` (`Never`, `OnFailure` or `Always`); the rules are exceptions to it",
                )
                .pointing_at(base.child("restartPolicyRules"))
                .on_key(),
            ),
            Some("Always")
                if list == ContainerList::Init
                    && !context.gates.enabled(Gate::RestartAllContainersOnContainerExits) =>
            {
                problems.push(
                Problem::new(
                    base.child("restartPolicyRules"),
                    k8s_type::FORBIDDEN,
                    None,
                    format!("sidecar {who} has `restartPolicyRules`"),
                    "restartPolicyRules are not allowed for init containers with restart policy Always",
                    "remove them: a sidecar always restarts",
                )
                .on_key(),
                );
            }
            Some(_) => {}
        }
        if rules.len() > MAX_RULES {
            problems.push(
                Problem::new(
                    base.child("restartPolicyRules"),
                    k8s_type::TOO_MANY,
                    Some(rules.len().to_string()),
                    format!("{who} has {} restart rules", rules.len()),
                    format!("must have at most {MAX_RULES} items"),
                    "merge rules: one rule can list many exit codes",
                )
                .on_key(),
            );
        }
        for (rule_index, rule) in rules.iter().enumerate() {
            rule_problems(context, &who, &base, rule_index, rule, &mut problems);
        }
        findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
    }
}

/// One rule's errors: its action, its exit-code selector.
fn rule_problems(
    context: &PodContext<'_>,
    who: &Who<'_>,
    base: &crate::yaml::field_path::FieldPath,
    rule_index: usize,
    rule: &crate::k8s::model::ContainerRestartRule,
    problems: &mut Vec<Problem>,
) {
    {
        {
            let at = base.child("restartPolicyRules").index(rule_index);
            let action = rule.action.as_deref().unwrap_or("");
            let all_containers = context.gates.enabled(Gate::RestartAllContainersOnContainerExits);
            let supported = if all_containers {
                "supported values: `Restart`, `RestartAllContainers`"
            } else {
                "supported values: `Restart`"
            };
            if action != "Restart" && !(all_containers && action == "RestartAllContainers") {
                problems.push(Problem::new(
                    at.child("action"),
                    k8s_type::NOT_SUPPORTED,
                    Some(action.to_string()),
                    format!("restart rule #{} of {who} has action `{action}`", rule_index + 1),
                    supported,
                    "write `action: Restart`",
                ));
            }
            let Some(exit_codes) = &rule.exit_codes else {
                problems.push(
                    Problem::new(
                        at.child("exitCodes"),
                        k8s_type::REQUIRED,
                        None,
                        format!("restart rule #{} of {who} has no `exitCodes`", rule_index + 1),
                        "must be specified",
                        "add `exitCodes: {operator: In, values: [...]}`",
                    )
                    .pointing_at(at.clone())
                    .on_key(),
                );
                return;
            };
            let operator = exit_codes.operator.as_deref().unwrap_or("");
            if !matches!(operator, "In" | "NotIn") {
                problems.push(Problem::new(
                    at.child("exitCodes").child("operator"),
                    k8s_type::NOT_SUPPORTED,
                    Some(operator.to_string()),
                    format!("restart rule #{} of {who} has operator `{operator}`", rule_index + 1),
                    "supported values: `In`, `NotIn`",
                    "use `In` or `NotIn`",
                ));
            }
            let values = exit_codes.values.as_deref().unwrap_or_default();
            if values.len() > MAX_EXIT_CODES {
                problems.push(
                    Problem::new(
                        at.child("exitCodes").child("values"),
                        k8s_type::TOO_MANY,
                        Some(values.len().to_string()),
                        format!("restart rule #{} of {who} lists {} exit codes", rule_index + 1, values.len()),
                        format!("must have at most {MAX_EXIT_CODES} items"),
                        "exit codes are 0–255: use `NotIn` with the few that should not restart",
                    )
                    .on_key(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn k8s_errors(rule: &'static Rule, text: &str, _: bool) -> Vec<(String, &'static str)> {
        k8s_errors_in(rule, text, gates(35, ""))
    }

    fn pod(list: &str, container: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: Never\n  {list}:\n  - name: c\n    image: image\n{container}{}",
            if list == "containers" { "" } else { "  containers:\n  - {name: app, image: image}\n" }
        )
    }

    // validateContainerRestartPolicy / validateInitContainerRestartPolicy, case by case.
    #[test]
    fn k7_restart_rules_follow_validate_container_restart_policy() {
        type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
        let cases: [Case<'_>; 7] = [
            ("containers", "    restartPolicy: Never\n    restartPolicyRules:\n    - {action: Restart, exitCodes: {operator: In, values: [42]}}\n", &[]),
            ("containers", "    restartPolicyRules:\n    - {action: Restart, exitCodes: {operator: In, values: [42]}}\n", &[("spec.containers[0].restartPolicy", "FieldValueRequired")]),
            ("initContainers", "    restartPolicy: Always\n    restartPolicyRules:\n    - {action: Restart, exitCodes: {operator: In, values: [42]}}\n", &[("spec.initContainers[0].restartPolicyRules", "FieldValueForbidden")]),
            ("initContainers", "    restartPolicy: Never\n    restartPolicyRules:\n    - {action: Restart, exitCodes: {operator: NotIn, values: [0]}}\n", &[]),
            ("containers", "    restartPolicy: Never\n    restartPolicyRules:\n    - {action: Stop, exitCodes: {operator: In, values: [1]}}\n", &[("spec.containers[0].restartPolicyRules[0].action", "FieldValueNotSupported")]),
            ("containers", "    restartPolicy: Never\n    restartPolicyRules:\n    - {action: Restart}\n", &[("spec.containers[0].restartPolicyRules[0].exitCodes", "FieldValueRequired")]),
            ("containers", "    restartPolicy: Never\n    restartPolicyRules:\n    - {action: Restart, exitCodes: {operator: Equals, values: [1]}}\n", &[("spec.containers[0].restartPolicyRules[0].exitCodes.operator", "FieldValueNotSupported")]),
        ];
        for (list, container, expected) in cases {
            let text = pod(list, container);
            let want: Vec<(String, &str)> = expected.iter().map(|(p, t)| ((*p).to_string(), *t)).collect();
            assert_eq!(k8s_errors(&RULE, &text, false), want, "{text}");
        }
    }

    #[test]
    fn k7_too_many_rules_and_exit_codes() {
        let rule = "    - {action: Restart, exitCodes: {operator: In, values: [1]}}\n".repeat(21);
        let text = pod("containers", &format!("    restartPolicy: Never\n    restartPolicyRules:\n{rule}"));
        assert_eq!(k8s_errors(&RULE, &text, false), [("spec.containers[0].restartPolicyRules".to_string(), "FieldValueTooMany")]);
        let values: Vec<String> = (0..256).map(|v| v.to_string()).collect();
        let text = pod("containers", &format!("    restartPolicy: Never\n    restartPolicyRules:\n    - {{action: Restart, exitCodes: {{operator: NotIn, values: [{}]}}}}\n", values.join(", ")));
        assert_eq!(k8s_errors(&RULE, &text, false), [("spec.containers[0].restartPolicyRules[0].exitCodes.values".to_string(), "FieldValueTooMany")]);
    }

    // AllowRestartAllContainers (RestartAllContainersOnContainerExits, beta on from 1.36): the
    // `RestartAllContainers` action, and rules on sidecars.
    #[test]
    fn k7_restart_all_containers_from_1_36() {
        let sidecar = pod(
            "initContainers",
            "    restartPolicy: Always\n    restartPolicyRules:\n    - {action: RestartAllContainers, exitCodes: {operator: In, values: [3]}}\n",
        );
        assert!(k8s_errors_in(&RULE, &sidecar, gates(36, "")).is_empty());
        assert_eq!(
            k8s_errors_in(&RULE, &sidecar, gates(35, "")),
            [
                ("spec.initContainers[0].restartPolicyRules".to_string(), "FieldValueForbidden"),
                ("spec.initContainers[0].restartPolicyRules[0].action".to_string(), "FieldValueNotSupported"),
            ]
        );
    }
}
