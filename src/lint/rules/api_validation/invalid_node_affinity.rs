//! PL171 `invalid-node-affinity`: node affinity the API server rejects: no required terms,
//! operators without the values they need, label keys and values, `matchFields` other than
//! `metadata.name`, preferred weights outside 1–100.

use crate::k8s::names;
use crate::k8s::scheduling::{NodeSelectorTerm, SelectorRequirement};
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::label_selector::{Operators, requirement_problems};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// node affinity the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL171",
    name: "invalid-node-affinity",
    severity: Severity::Error,
    summary: "node affinity with no required term, an operator without the values it needs, an invalid key or value, a bad `matchFields` or a weight outside 1–100",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.affinity.nodeAffinity` as the API server does. `requiredDuringSchedulingIgnoredDuringExecution` has at least one of `nodeSelectorTerms`. In each term's `matchExpressions`, `In` and `NotIn` need values, `Exists` and `DoesNotExist` take none, `Gt` and `Lt` take exactly one, no other operator exists, and the `key` is a label key; from Kubernetes 1.33 the values of a required term are label values too (a preferred term may hold any value). `matchFields` may only use the key `metadata.name`, with `In` or `NotIn` and exactly one value, a valid node name. Each preferred term has a `weight` from 1 to 100.

## Why
The API server rejects the pod (`spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term`). Node affinity decides where the pod may run; a mistake here is found only at deploy time, and a weight of 0 (left out) is refused rather than ignored.

## Example
```yaml
affinity:
  nodeAffinity:
    preferredDuringSchedulingIgnoredDuringExecution:
    - preference:
        matchExpressions:
        - {key: topology.kubernetes.io/zone, operator: Exists, values: [eu-west-1a]}
```

## How to fix
Give each preferred term a `weight` (1–100); drop `values` from `Exists`/`DoesNotExist` or use `In`; give `Gt`/`Lt` one integer; select nodes by name only with `matchFields: [{key: metadata.name, operator: In, values: [node-1]}]`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateNodeAffinity`, `ValidateNodeSelector`, `ValidateNodeSelectorTerm`, `ValidateNodeSelectorRequirement`, `ValidateNodeFieldSelectorRequirement`, `ValidatePreferredSchedulingTerms` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(node) = context.pod.spec.affinity.as_ref().and_then(|a| a.get().node_affinity.as_ref()) else { return };
    let at = FieldPath::root().child("spec").child("affinity").child("nodeAffinity");
    let mut problems = Vec::new();
    // Label values of required terms are checked from 1.33 (`AllowInvalidLabelValueInRequiredNodeAffinity`
    // is false for a new object).
    let check_values = context.gates.version().minor() >= 33;
    if let Some(required) = &node.required_during_scheduling_ignored_during_execution {
        let at = at.child("requiredDuringSchedulingIgnoredDuringExecution");
        let terms = required.node_selector_terms.as_deref().unwrap_or_default();
        if terms.is_empty() {
            let span = if required.node_selector_terms.is_some() { at.child("nodeSelectorTerms") } else { at.clone() };
            problems.push(
                Problem::new(at.child("nodeSelectorTerms"), k8s_type::REQUIRED, None, "required node affinity has no `nodeSelectorTerms`", "must have at least one node selector term", "add a term (`- matchExpressions: [...]`), or remove `requiredDuringSchedulingIgnoredDuringExecution`")
                    .pointing_at(span),
            );
        }
        for (index, term) in terms.iter().enumerate() {
            term_problems(term, &at.child("nodeSelectorTerms").index(index), check_values, &mut problems);
        }
    }
    let at = at.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (index, preferred) in node.preferred_during_scheduling_ignored_during_execution.iter().flatten().enumerate() {
        let weight = preferred.weight.unwrap_or(0);
        if !(1..=100).contains(&weight) {
            let span = if preferred.weight.is_some() { at.index(index).child("weight") } else { at.index(index) };
            problems.push(
                Problem::new(at.index(index).child("weight"), k8s_type::INVALID, Some(weight.to_string()), format!("preferred node affinity term has `weight: {weight}`"), "must be in the range 1-100", "give the term a weight from 1 to 100")
                    .pointing_at(span),
            );
        }
        if let Some(preference) = &preferred.preference {
            // A preferred term may hold any value: it can still match on a one-node cluster.
            term_problems(preference, &at.index(index).child("preference"), false, &mut problems);
        }
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// `ValidateNodeSelectorTerm`.
fn term_problems(term: &NodeSelectorTerm, at: &FieldPath, check_values: bool, problems: &mut Vec<Problem>) {
    for (index, requirement) in term.match_expressions.iter().flatten().enumerate() {
        requirement_problems(requirement, &at.child("matchExpressions").index(index), Operators::Node, check_values, problems);
    }
    for (index, requirement) in term.match_fields.iter().flatten().enumerate() {
        field_requirement_problems(requirement, &at.child("matchFields").index(index), problems);
    }
}

/// `ValidateNodeFieldSelectorRequirement`: only `metadata.name`, `In`/`NotIn` with one value.
fn field_requirement_problems(requirement: &SelectorRequirement, at: &FieldPath, problems: &mut Vec<Problem>) {
    let operator = requirement.operator.as_deref().unwrap_or("");
    let values = requirement.values();
    match operator {
        "In" | "NotIn" => {
            if values.len() != 1 {
                problems.push(
                    Problem::new(at.child("values"), k8s_type::REQUIRED, None, format!("`matchFields` with `operator: {operator}` has {} values", values.len()), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector", "give exactly one node name")
                        .pointing_at(at.child("operator")),
                );
            }
        }
        _ => problems.push(
            Problem::new(at.child("operator"), k8s_type::INVALID, Some(operator.to_string()), format!("`{operator}` is not an operator `matchFields` supports"), "not a valid selector operator", "use `In` or `NotIn`")
                .pointing_at(if requirement.operator.is_some() { at.child("operator") } else { at.clone() }),
        ),
    }
    let key = requirement.key.as_deref().unwrap_or("");
    if key != "metadata.name" {
        problems.push(
            Problem::new(at.child("key"), k8s_type::INVALID, Some(key.to_string()), format!("`matchFields` key `{key}` is not a node field selector"), "not a valid field selector key", "use `key: metadata.name` (the only node field affinity can select on), or `matchExpressions` for labels")
                .pointing_at(if requirement.key.is_some() { at.child("key") } else { at.clone() }),
        );
        return;
    }
    for (index, value) in values.iter().enumerate() {
        for reason in names::dns1123_subdomain(value) {
            problems.push(Problem::new(at.child("values").index(index), k8s_type::INVALID, Some(value.clone()), format!("`{value}` is not a valid node name"), reason, "use the node's name as `kubectl get nodes` prints it"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn errors_in(minor: u8, node_affinity: &str) -> Vec<(String, &'static str)> {
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  affinity:\n    nodeAffinity: {node_affinity}\n  containers:\n  - {{name: c, image: image}}\n");
        let mut found: Vec<(String, &'static str)> = k8s_errors_in(&RULE, &pod, gates(minor, ""))
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("spec.affinity.nodeAffinity.", "", 1), k8s_type))
            .collect();
        found.sort();
        found
    }

    fn errors(node_affinity: &str) -> Vec<(String, &'static str)> {
        errors_in(37, node_affinity)
    }

    fn required(expression: &str) -> String {
        format!("{{requiredDuringSchedulingIgnoredDuringExecution: {{nodeSelectorTerms: [{{matchExpressions: [{expression}]}}]}}}}")
    }

    fn fields(expression: &str) -> String {
        format!("{{requiredDuringSchedulingIgnoredDuringExecution: {{nodeSelectorTerms: [{{matchFields: [{expression}]}}]}}}}")
    }

    fn at(path: &str, k8s_type: &'static str) -> (String, &'static str) {
        (path.to_string(), k8s_type)
    }

    const TERM: &str = "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]";

    // TestValidatePod / TestValidateAffinity node-affinity rows.
    #[test]
    fn k7_validate_node_affinity() {
        for ok in [
            required("{key: kubernetes.io/hostname, operator: In, values: [node-1, node-2]}").as_str(),
            &required("{key: disk, operator: Exists}"),
            &required("{key: cores, operator: Gt, values: [\"4\"]}"),
            &fields("{key: metadata.name, operator: NotIn, values: [node-1]}"),
            "{preferredDuringSchedulingIgnoredDuringExecution: [{weight: 10, preference: {matchExpressions: [{key: zone, operator: In, values: [\"not a label value!\"]}]}}]}",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let invalid = "FieldValueInvalid";
        let rows: Vec<(String, Vec<(String, &str)>)> = vec![
            (required("{key: disk, operator: In}"), vec![at(&format!("{TERM}.matchExpressions[0].values"), "FieldValueRequired")]),
            (required("{key: disk, operator: DoesNotExist, values: [ssd]}"), vec![at(&format!("{TERM}.matchExpressions[0].values"), "FieldValueForbidden")]),
            (required("{key: cores, operator: Lt, values: [\"1\", \"2\"]}"), vec![at(&format!("{TERM}.matchExpressions[0].values"), "FieldValueRequired")]),
            (required("{key: disk, operator: Like, values: [ssd]}"), vec![at(&format!("{TERM}.matchExpressions[0].operator"), invalid)]),
            (required("{key: invalid key ___@#, operator: Exists}"), vec![at(&format!("{TERM}.matchExpressions[0].key"), invalid)]),
            (required("{key: disk, operator: In, values: [\"-bad-\"]}"), vec![at(&format!("{TERM}.matchExpressions[0].values[0]"), invalid)]),
            (fields("{key: metadata.name, operator: In, values: [a, b]}"), vec![at(&format!("{TERM}.matchFields[0].values"), "FieldValueRequired")]),
            (fields("{key: metadata.name, operator: Exists}"), vec![at(&format!("{TERM}.matchFields[0].operator"), invalid)]),
            (fields("{key: metadata.namespace, operator: In, values: [a]}"), vec![at(&format!("{TERM}.matchFields[0].key"), invalid)]),
            (fields("{key: metadata.name, operator: In, values: [Node_1]}"), vec![at(&format!("{TERM}.matchFields[0].values[0]"), invalid)]),
            ("{requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: []}}".to_string(), vec![at("requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", "FieldValueRequired")]),
            ("{requiredDuringSchedulingIgnoredDuringExecution: {}}".to_string(), vec![at("requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", "FieldValueRequired")]),
            ("{preferredDuringSchedulingIgnoredDuringExecution: [{weight: 199, preference: {matchExpressions: [{key: a, operator: Exists}]}}]}".to_string(), vec![at("preferredDuringSchedulingIgnoredDuringExecution[0].weight", invalid)]),
            ("{preferredDuringSchedulingIgnoredDuringExecution: [{preference: {}}]}".to_string(), vec![at("preferredDuringSchedulingIgnoredDuringExecution[0].weight", invalid)]),
        ];
        for (affinity, expected) in rows {
            assert_eq!(errors(&affinity), expected, "{affinity}");
        }
    }

    // Required terms' values are label values from 1.33 on.
    #[test]
    fn required_values_are_label_values_from_1_33() {
        let bad = required("{key: disk, operator: In, values: [\"-bad-\"]}");
        assert!(errors_in(32, &bad).is_empty());
        assert_eq!(errors_in(33, &bad).len(), 1);
    }
}
