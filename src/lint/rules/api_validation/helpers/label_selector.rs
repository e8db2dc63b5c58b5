//! Label keys, label values, label selectors and node selector requirements as the API server
//! checks them (`ValidateLabelName`, `ValidateLabels`, `ValidateLabelSelector`,
//! `ValidateNodeSelectorRequirement`), shared by the affinity and topology spread rules.

use std::collections::BTreeMap;

use crate::k8s::names;
use crate::k8s::scheduling::{LabelSelector, SelectorRequirement};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::yaml::field_path::FieldPath;

/// `ValidateLabelName`: `key` is a qualified name, one `Invalid` per reason at `at`.
pub fn label_key_problems(key: &str, at: &FieldPath, what: &str, problems: &mut Vec<Problem>) {
    for reason in names::qualified_name(key) {
        problems.push(Problem::new(
            at.clone(),
            k8s_type::INVALID,
            Some(key.to_string()),
            if key.is_empty() { format!("the {what} is empty") } else { format!("{what} `{key}` is not a valid label key") },
            reason,
            "use a label key: `name` or `prefix.example.com/name`, letters, digits, `-`, `_` and `.`",
        ));
    }
}

/// `IsValidLabelValue` for `value`, one `Invalid` per reason at `at`.
pub fn label_value_problems(value: &str, at: &FieldPath, what: &str, problems: &mut Vec<Problem>) {
    for reason in names::label_value(value) {
        problems.push(Problem::new(
            at.clone(),
            k8s_type::INVALID,
            Some(value.to_string()),
            format!("{what} `{value}` is not a valid label value"),
            reason,
            "use at most 63 letters, digits, `-`, `_` and `.`, beginning and ending with a letter or digit",
        ));
    }
}

/// Which operators a requirement may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operators {
    /// A label selector's: `In`, `NotIn`, `Exists`, `DoesNotExist`.
    Label,
    /// A node selector's: those and `Gt`, `Lt` (one value each).
    Node,
}

/// `ValidateLabelSelectorRequirement` / `ValidateNodeSelectorRequirement`: the operator and its
/// values, the key, and (when `check_values`) each value a label value.
pub fn requirement_problems(
    requirement: &SelectorRequirement,
    at: &FieldPath,
    operators: Operators,
    check_values: bool,
    problems: &mut Vec<Problem>,
) {
    let operator = requirement.operator.as_deref().unwrap_or("");
    let values = requirement.values();
    match operator {
        "In" | "NotIn" if values.is_empty() => problems.push(
            Problem::new(
                at.child("values"),
                k8s_type::REQUIRED,
                None,
                format!("`operator: {operator}` has no `values`"),
                "must be specified when `operator` is 'In' or 'NotIn'",
                "list the values to match",
            )
            .pointing_at(at.child("operator")),
        ),
        "Exists" | "DoesNotExist" if !values.is_empty() => problems.push(
            Problem::new(
                at.child("values"),
                k8s_type::FORBIDDEN,
                None,
                format!("`operator: {operator}` has `values`"),
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                "remove `values`: the operator only looks at the key",
            )
            .on_key(),
        ),
        "Gt" | "Lt" if operators == Operators::Node && values.len() != 1 => problems.push(
            Problem::new(
                at.child("values"),
                k8s_type::REQUIRED,
                None,
                format!(
                    "`operator: {operator}` needs exactly one value, not {}",
                    values.len()
                ),
                "must be specified single value when `operator` is 'Lt' or 'Gt'",
                "give one integer to compare the node label with",
            )
            .pointing_at(at.child("operator")),
        ),
        "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
        "Gt" | "Lt" if operators == Operators::Node => {}
        _ => {
            let supported = match operators {
                Operators::Label => "`In`, `NotIn`, `Exists` or `DoesNotExist`",
                Operators::Node => "`In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`",
            };
            problems.push(
                Problem::new(
                    at.child("operator"),
                    k8s_type::INVALID,
                    Some(operator.to_string()),
                    format!("`{operator}` is not a selector operator"),
                    "not a valid selector operator",
                    format!("use {supported}"),
                )
                .pointing_at(if operator.is_empty() {
                    at.clone()
                } else {
                    at.child("operator")
                }),
            );
        }
    }
    let key = requirement.key.as_deref().unwrap_or("");
    label_key_problems(key, &at.child("key"), "selector key", problems);
    if check_values {
        for (index, value) in values.iter().enumerate() {
            label_value_problems(
                value,
                &at.child("values").index(index),
                "selector value",
                problems,
            );
        }
    }
}

/// `ValidateLabelSelector` (label values checked): `matchLabels` keys and values (reported at
/// `matchLabels` itself, as Kubernetes does), then each of `matchExpressions`.
pub fn selector_problems(selector: &LabelSelector, at: &FieldPath, problems: &mut Vec<Problem>) {
    let labels_at = at.child("matchLabels");
    for (key, value) in selector.match_labels.iter().flatten() {
        let before = problems.len();
        label_key_problems(key, &labels_at, "`matchLabels` key", problems);
        label_value_problems(value, &labels_at, "`matchLabels` value", problems);
        for problem in problems.iter_mut().skip(before) {
            problem.span_path = Some(labels_at.key(key));
        }
    }
    for (index, requirement) in selector.match_expressions.iter().flatten().enumerate() {
        requirement_problems(
            requirement,
            &at.child("matchExpressions").index(index),
            Operators::Label,
            true,
            problems,
        );
    }
}

/// `validateMatchLabelKeysAndMismatchLabelKeys` for the term or constraint at `at`, on its
/// selector as the API server has it after [`with_label_keys`]: the keys need a selector and
/// are label keys; a `matchLabelKeys` key the selector already had when its expression comes
/// is reported at `at[i]` (Kubernetes indexes the term's own path); a key in both lists is
/// reported at `matchLabelKeys[i]`.
pub fn match_label_keys_problems(
    at: &FieldPath,
    match_keys: &[String],
    mismatch_keys: &[String],
    selector: Option<&LabelSelector>,
    problems: &mut Vec<Problem>,
) {
    label_keys_problems(
        &at.child("matchLabelKeys"),
        "matchLabelKeys",
        match_keys,
        selector.is_some(),
        problems,
    );
    label_keys_problems(
        &at.child("mismatchLabelKeys"),
        "mismatchLabelKeys",
        mismatch_keys,
        selector.is_some(),
        problems,
    );
    if let Some(selector) = selector {
        let mut seen: Vec<&str> = selector
            .match_labels
            .iter()
            .flatten()
            .map(|(key, _)| key.as_str())
            .collect();
        for expression in selector.match_expressions.iter().flatten() {
            let key = expression.key.as_deref().unwrap_or("");
            // Go keeps the last index of a key given twice.
            if let Some(index) = match_keys.iter().rposition(|k| k == key)
                && seen.contains(&key)
            {
                problems.push(
                    Problem::new(at.index(index), k8s_type::INVALID, Some(key.to_string()), format!("`{key}` is both in `matchLabelKeys` and in the `labelSelector`"), "exists in both matchLabelKeys and labelSelector", format!("remove `{key}` from the selector: `matchLabelKeys` already selects the pod's own value"))
                        .pointing_at(at.child("matchLabelKeys").index(index)),
                );
            }
            seen.push(key);
        }
    }
    for (index, key) in match_keys.iter().enumerate() {
        if mismatch_keys.contains(key) {
            problems.push(Problem::new(
                at.child("matchLabelKeys").index(index),
                k8s_type::INVALID,
                Some(key.clone()),
                format!("`{key}` is both in `matchLabelKeys` and in `mismatchLabelKeys`"),
                "exists in both matchLabelKeys and mismatchLabelKeys",
                "keep the key in one of the two lists",
            ));
        }
    }
}

/// `validateLabelKeys`: keys need a selector, and each is a label key.
fn label_keys_problems(
    at: &FieldPath,
    field: &str,
    keys: &[String],
    has_selector: bool,
    problems: &mut Vec<Problem>,
) {
    if keys.is_empty() {
        return;
    }
    if !has_selector {
        problems.push(
            Problem::new(
                at.clone(),
                k8s_type::FORBIDDEN,
                None,
                format!("`{field}` without a `labelSelector`"),
                "must not be specified when labelSelector is not set",
                format!("add a `labelSelector`, or remove `{field}`"),
            )
            .on_key(),
        );
        return;
    }
    for (index, key) in keys.iter().enumerate() {
        label_key_problems(key, &at.index(index), "label key", problems);
    }
}

/// The selector with `key In [value]` for each of `match_keys` and `key NotIn [value]` for each
/// of `mismatch_keys` that the pod's `labels` have, appended as the pod strategy does for a
/// Pod before validating it (`applyMatchLabelKeysAndMismatchLabelKeys`); unchanged without
/// labels (a pod template).
pub fn with_label_keys(
    selector: &LabelSelector,
    match_keys: &[String],
    mismatch_keys: &[String],
    labels: Option<&BTreeMap<String, String>>,
) -> LabelSelector {
    let mut merged = selector.clone();
    let Some(labels) = labels else { return merged };
    let added = match_keys
        .iter()
        .map(|key| (key, "In"))
        .chain(mismatch_keys.iter().map(|key| (key, "NotIn")))
        .filter_map(|(key, operator)| {
            labels.get(key).map(|value| SelectorRequirement {
                key: Some(key.clone()),
                operator: Some(operator.to_string()),
                values: Some(vec![value.clone()]),
            })
        });
    let mut added = added.peekable();
    if added.peek().is_some() {
        merged
            .match_expressions
            .get_or_insert_with(Vec::new)
            .extend(added);
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(problems: &[Problem]) -> Vec<(String, &'static str)> {
        problems
            .iter()
            .map(|p| (p.path.to_string(), p.k8s_type))
            .collect()
    }

    fn requirement(key: &str, operator: &str, values: &[&str]) -> SelectorRequirement {
        SelectorRequirement {
            key: Some(key.to_string()),
            operator: Some(operator.to_string()),
            values: Some(values.iter().map(ToString::to_string).collect()),
        }
    }

    #[test]
    fn operators_and_their_values() {
        let at = FieldPath::parse("x");
        type Case = (
            SelectorRequirement,
            Operators,
            &'static [(&'static str, &'static str)],
        );
        let cases: [Case; 8] = [
            (requirement("k", "In", &["a"]), Operators::Label, &[]),
            (
                requirement("k", "In", &[]),
                Operators::Label,
                &[("x.values", "FieldValueRequired")],
            ),
            (
                requirement("k", "Exists", &["a"]),
                Operators::Label,
                &[("x.values", "FieldValueForbidden")],
            ),
            (
                requirement("k", "Gt", &["1"]),
                Operators::Label,
                &[("x.operator", "FieldValueInvalid")],
            ),
            (requirement("k", "Gt", &["1"]), Operators::Node, &[]),
            (
                requirement("k", "Lt", &["1", "2"]),
                Operators::Node,
                &[("x.values", "FieldValueRequired")],
            ),
            (
                requirement("k", "In", &["a b"]),
                Operators::Label,
                &[("x.values[0]", "FieldValueInvalid")],
            ),
            (
                requirement("k/1/2", "In", &["a"]),
                Operators::Label,
                &[("x.key", "FieldValueInvalid")],
            ),
        ];
        for (requirement, operators, expected) in cases {
            let mut problems = Vec::new();
            requirement_problems(&requirement, &at, operators, true, &mut problems);
            let expected: Vec<(String, &str)> =
                expected.iter().map(|(p, t)| (p.to_string(), *t)).collect();
            assert_eq!(types(&problems), expected, "{requirement:?}");
        }
    }

    #[test]
    fn label_values_allow_empty_and_reject_long_or_odd_ones() {
        assert!(names::label_value("").is_empty());
        assert!(names::label_value("My_value-1.2").is_empty());
        assert_eq!(names::label_value(&"a".repeat(64)).len(), 1);
        assert_eq!(names::label_value("-a").len(), 1);
        assert_eq!(names::label_value("a/b").len(), 1);
    }
}
