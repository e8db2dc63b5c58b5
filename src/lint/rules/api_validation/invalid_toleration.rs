//! PL170 `invalid-toleration`: a toleration the API server rejects: its key, operator, value,
//! effect, or `tolerationSeconds` without `NoExecute`.

use crate::k8s::cluster::Gate;
use crate::k8s::scheduling::Toleration;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::api_validation::helpers::label_selector::label_key_problems;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a toleration the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL170",
    name: "invalid-toleration",
    severity: Severity::Error,
    summary: "a toleration with an invalid key, operator, value or effect, or `tolerationSeconds` without `effect: NoExecute`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each of `spec.tolerations` as the API server does: a `key`, when given, is a label key; an empty `key` needs `operator: Exists` (tolerate every taint); `operator` is `Equal` (also when unset) or `Exists`, or `Lt` or `Gt` with the TaintTolerationComparisonOperators feature gate (alpha from 1.35, off by default); with `Equal` the `value` is a label value, with `Exists` there is no `value`, with `Lt` or `Gt` it is a whole number in canonical form (no `+`, no leading zeros, not `-0`) that fits 64 bits; `effect`, when given, is `NoSchedule`, `PreferNoSchedule` or `NoExecute`; and `tolerationSeconds` only goes with `effect: NoExecute`.

## Why
The API server rejects the pod (`spec.tolerations[0].operator: Invalid value: "bar": value must be empty when `operator` is 'Exists'`). A toleration is how a pod gets onto tainted nodes (dedicated pools, GPU nodes) and how long it stays on a node going away; a mistake here is found only when the workload is deployed.

## Example
```yaml
tolerations:
- key: dedicated
  operator: Exists
  value: gpu
- key: node.kubernetes.io/unreachable
  effect: NoSchedule
  tolerationSeconds: 300
```

## How to fix
With `operator: Exists` leave out `value` (or use `Equal` to match one value); give `tolerationSeconds` only with `effect: NoExecute`, the only effect that evicts.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateTolerations`, `validateTaintEffect`, `ValidateLabelName` (`FieldValueInvalid`, `FieldValueNotSupported`).
"#,
};

const OPERATORS: [&str; 2] = ["Equal", "Exists"];
const COMPARING_OPERATORS: [&str; 4] = ["Equal", "Exists", "Lt", "Gt"];

/// What is wrong with the `value` of an `Lt` or `Gt` toleration: a decimal integer in canonical
/// form (`content.IsDecimalInteger`), then one that fits 64 bits (`strconv.ParseInt`, whose
/// error is the message); both can be reported.
fn comparison_value_problems(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let digits = value.strip_prefix('-').unwrap_or(value);
    if value.is_empty() {
        problems.push("must be non-empty".to_string());
    } else if digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || (digits.len() > 1 && digits.starts_with('0'))
        || value == "-0"
    {
        problems.push("must be a valid decimal integer in canonical form".to_string());
    }
    if let Err(error) = value.parse::<i64>() {
        let why = match error.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => "value out of range",
            _ => "invalid syntax",
        };
        problems.push(format!("strconv.ParseInt: parsing {value:?}: {why}"));
    }
    problems
}
const EFFECTS: [&str; 3] = ["NoSchedule", "PreferNoSchedule", "NoExecute"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(tolerations) = &context.pod.spec.tolerations else { return };
    let at = FieldPath::root().child("spec").child("tolerations");
    let comparisons = context.gates.enabled(Gate::TaintTolerationComparisonOperators);
    let mut problems = Vec::new();
    for (index, toleration) in tolerations.get().iter().enumerate() {
        toleration_problems(toleration, &at.index(index), comparisons, &mut problems);
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// `ValidateTolerations` for one entry, in Kubernetes' order; `comparisons`: whether `Lt` and
/// `Gt` are allowed (TaintTolerationComparisonOperators).
fn toleration_problems(toleration: &Toleration, at: &FieldPath, comparisons: bool, problems: &mut Vec<Problem>) {
    let key = toleration.key.as_deref().unwrap_or("");
    let operator = toleration.operator.as_deref().unwrap_or("");
    let value = toleration.value.as_deref().unwrap_or("");
    let effect = toleration.effect.as_deref().unwrap_or("");
    let operator_span = if toleration.operator.is_some() { at.child("operator") } else { at.clone() };
    if !key.is_empty() {
        label_key_problems(key, &at.child("key"), "toleration key", problems);
    } else if operator != "Exists" {
        problems.push(
            Problem::new(at.child("operator"), k8s_type::INVALID, Some(operator.to_string()), "a toleration without `key` must use `operator: Exists`", "operator must be Exists when `key` is empty, which means \"match all values and all keys\"", "name the taint's `key`, or write `operator: Exists` to tolerate every taint")
                .pointing_at(operator_span.clone()),
        );
    }
    if let Some(seconds) = toleration.toleration_seconds
        && effect != "NoExecute"
    {
        let span = if toleration.effect.is_some() { at.child("effect") } else { at.child("tolerationSeconds") };
        problems.push(
            Problem::new(at.child("effect"), k8s_type::INVALID, Some(effect.to_string()), format!("`tolerationSeconds: {seconds}` needs `effect: NoExecute`"), "effect must be 'NoExecute' when `tolerationSeconds` is set", "set `effect: NoExecute` (only eviction has a time limit), or remove `tolerationSeconds`")
                .pointing_at(span),
        );
    }
    let value_span = if toleration.value.is_some() { at.child("value") } else { at.clone() };
    match operator {
        "" | "Equal" => {
            let reasons = crate::k8s::names::label_value(value);
            if !reasons.is_empty() {
                problems.push(
                    Problem::new(at.child("operator"), k8s_type::INVALID, Some(value.to_string()), format!("toleration value `{value}` is not a valid label value"), reasons.join(";"), "use the taint's value: at most 63 letters, digits, `-`, `_` and `.`")
                        .pointing_at(value_span),
                );
            }
        }
        "Exists" => {
            if !value.is_empty() {
                problems.push(
                    Problem::new(at.child("operator"), k8s_type::INVALID, Some(value.to_string()), "a toleration with `operator: Exists` has a `value`", "value must be empty when `operator` is 'Exists'", "remove `value` to tolerate any value, or use `operator: Equal`")
                        .pointing_at(value_span),
                );
            }
        }
        "Lt" | "Gt" if comparisons => {
            for reason in comparison_value_problems(value) {
                problems.push(
                    Problem::new(at.child("value"), k8s_type::INVALID, Some(value.to_string()), format!("toleration `operator: {operator}` compares numbers, and `value: {value}` is not a whole number"), reason, "write the number the taint's value is compared with, in plain digits (`5`, `-3`)")
                        .pointing_at(value_span.clone()),
                );
            }
        }
        // The source's message lists `Lt` and `Gt` as supported even with the gate off.
        "Lt" | "Gt" => {
            let mut problem = not_supported(at.child("operator"), "operator", operator, &COMPARING_OPERATORS, Some("a toleration"));
            problem.help = "`Lt` and `Gt` need the TaintTolerationComparisonOperators feature gate (alpha from 1.35): say your cluster enables it with `--feature-gates`, or use `Equal` or `Exists`".to_string();
            problems.push(problem);
        }
        _ => problems.push(not_supported(at.child("operator"), "operator", operator, &OPERATORS, Some("a toleration"))),
    }
    if !effect.is_empty() && !EFFECTS.contains(&effect) {
        problems.push(not_supported(at.child("effect"), "effect", effect, &EFFECTS, Some("a toleration")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors, k8s_errors_in};

    fn errors(toleration: &str) -> Vec<(String, &'static str)> {
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  tolerations: [{toleration}]\n  containers:\n  - {{name: c, image: image}}\n");
        k8s_errors(&RULE, &pod, false)
    }

    fn at(field: &str, k8s_type: &'static str) -> (String, &'static str) {
        (format!("spec.tolerations[0].{field}"), k8s_type)
    }

    // ValidateTolerations, as TestValidatePod and TestValidateTolerations exercise it.
    #[test]
    fn k7_validate_tolerations() {
        for ok in [
            "{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}",
            "{key: dedicated, value: gpu}",
            "{key: example.com/spot, operator: Exists, effect: PreferNoSchedule}",
            "{operator: Exists}",
            "{operator: Exists, effect: NoExecute, tolerationSeconds: 60}",
            "{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}",
            "{key: k, operator: Equal, value: \"\"}",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let invalid = "FieldValueInvalid";
        let rows: [(&str, &[(String, &str)]); 8] = [
            ("{key: nospecialchars^=@, operator: Equal, value: bar, effect: NoSchedule}", &[at("key", invalid)]),
            ("{key: foo, operator: In, value: bar}", &[at("operator", "FieldValueNotSupported")]),
            ("{key: foo, operator: Exists, value: bar}", &[at("operator", invalid)]),
            ("{operator: Equal, value: bar}", &[at("operator", invalid)]),
            ("{value: bar}", &[at("operator", invalid)]),
            ("{key: foo, operator: Exists, effect: NoSchedule, tolerationSeconds: 20}", &[at("effect", invalid)]),
            ("{key: foo, value: \"bad value\"}", &[at("operator", invalid)]),
            ("{key: foo, operator: Exists, effect: NoAdmit}", &[at("effect", "FieldValueNotSupported")]),
        ];
        for (toleration, expected) in rows {
            assert_eq!(errors(toleration), expected, "{toleration}");
        }
        // `Lt` and `Gt`: not supported unless the cluster enables TaintTolerationComparisonOperators.
        let pod = |toleration: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  tolerations: [{toleration}]\n  containers:\n  - {{name: c, image: image}}\n");
        let with = gates(37, "TaintTolerationComparisonOperators=true");
        let off = k8s_errors_in(&RULE, &pod("{key: gpu-count, operator: Gt, value: \"4\"}"), gates(37, ""));
        assert_eq!(off, [at("operator", "FieldValueNotSupported")]);
        for ok in ["{key: k, operator: Gt, value: \"4\"}", "{key: k, operator: Lt, value: \"-3\"}", "{key: k, operator: Lt, value: \"0\"}"] {
            assert!(k8s_errors_in(&RULE, &pod(ok), with).is_empty(), "{ok}");
        }
        for (value, count) in [("\"\"", 2), ("\"04\"", 1), ("\"-0\"", 1), ("\"+4\"", 1), ("\"abc\"", 2), ("\"99999999999999999999\"", 1)] {
            let errors = k8s_errors_in(&RULE, &pod(&format!("{{key: k, operator: Gt, value: {value}}}")), with);
            assert_eq!(errors, vec![at("value", invalid); count], "{value}");
        }
        assert_eq!(comparison_value_problems("abc"), ["must be a valid decimal integer in canonical form", "strconv.ParseInt: parsing \"abc\": invalid syntax"]);
        assert_eq!(comparison_value_problems("99999999999999999999"), ["strconv.ParseInt: parsing \"99999999999999999999\": value out of range"]);
        // An empty key with a bad operator: two errors at `operator`.
        let mut two = errors("{operator: Bogus}");
        two.sort();
        assert_eq!(two, [at("operator", invalid), at("operator", "FieldValueNotSupported")]);
    }
}
