//! PL174 `invalid-topology-spread`: a topology spread constraint the API server rejects:
//! `maxSkew`, `topologyKey`, `whenUnsatisfiable`, `minDomains`, the node inclusion policies,
//! `matchLabelKeys`, its selector, or a repeated {topologyKey, whenUnsatisfiable}.

use crate::k8s::cluster::Gate;
use crate::k8s::scheduling::{LabelSelector, TopologySpreadConstraint};
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::api_validation::helpers::label_selector::{
    label_key_problems, match_label_keys_problems, selector_problems, with_label_keys,
};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a topology spread constraint the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL174",
    name: "invalid-topology-spread",
    severity: Severity::Error,
    summary: "a topology spread constraint with `maxSkew` below 1, no `topologyKey`, an unknown `whenUnsatisfiable` or policy, a misused `minDomains` or `matchLabelKeys`, an invalid selector, or repeated",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each of `spec.topologySpreadConstraints` as the API server does: `maxSkew` at least 1; `topologyKey` set; `whenUnsatisfiable` `DoNotSchedule` or `ScheduleAnyway`; no two constraints with the same `topologyKey` and `whenUnsatisfiable`; `minDomains`, when set, at least 1 and only with `DoNotSchedule`; `nodeAffinityPolicy` and `nodeTaintsPolicy` `Honor` or `Ignore`; `labelSelector` a valid label selector; `matchLabelKeys` label keys, only with a `labelSelector`, and not also in it. From 1.34 (MatchLabelKeysInPodTopologySpreadSelectorMerge) the API server first adds a Pod's own label values for `matchLabelKeys` to the selector and then reports a key the selector also names at the constraint (`topologySpreadConstraints[0][1]`); before, or with the gate off, at `matchLabelKeys[1]`, whatever the pod's labels. `minDomains`, `nodeAffinityPolicy`/`nodeTaintsPolicy` and `matchLabelKeys` exist while MinDomainsInPodTopologySpread, NodeInclusionPolicyInPodTopologySpread and MatchLabelKeysInPodTopologySpread are on (their defaults in every release podlife knows); turned off, the API server drops them (PL136) and they are not checked.

## Why
The API server rejects the pod (`spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`). Spread constraints keep replicas apart across zones and nodes; a broken one is found only at deploy time.

## Example
```yaml
topologySpreadConstraints:
- maxSkew: 0
  topologyKey: topology.kubernetes.io/zone
  whenUnsatisfiable: ScheduleAnyway
  minDomains: 3
```

## How to fix
Use `maxSkew: 1` or more, `whenUnsatisfiable: DoNotSchedule` with `minDomains`, one constraint per topology key and action, and name a label key either in the selector or in `matchLabelKeys`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateTopologySpreadConstraints`, `ValidateMaxSkew`, `ValidateTopologyKey`, `ValidateWhenUnsatisfiable`, `ValidateSpreadConstraintNotRepeat`, `validateMinDomains`, `validateNodeInclusionPolicy`, `validateMatchLabelKeysInTopologySpread`, `validateMatchLabelKeysAndMismatchLabelKeys`; `ValidateLabelSelector` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueNotSupported`, `FieldValueDuplicate`, `FieldValueForbidden`).
"#,
};

const ACTIONS: [&str; 2] = ["DoNotSchedule", "ScheduleAnyway"];
const POLICIES: [&str; 2] = ["Honor", "Ignore"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(constraints) = &context.pod.spec.topology_spread_constraints else { return };
    let constraints = constraints.get();
    let at = FieldPath::root().child("spec").child("topologySpreadConstraints");
    let merge = context.gates.enabled(Gate::MatchLabelKeysInPodTopologySpreadSelectorMerge);
    let labels = (merge && context.object.kind == "Pod").then_some(context.pod.metadata.labels.as_ref()).flatten();
    let mut problems = Vec::new();
    for (index, constraint) in constraints.iter().enumerate() {
        let at = at.index(index);
        let rest = constraints.get(index + 1..).unwrap_or_default();
        constraint_problems(constraint, rest, &at, merge, labels, &mut problems);
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

fn constraint_problems(
    constraint: &TopologySpreadConstraint,
    rest: &[TopologySpreadConstraint],
    at: &FieldPath,
    merge: bool,
    labels: Option<&std::collections::BTreeMap<String, String>>,
    problems: &mut Vec<Problem>,
) {
    let span = |field: &str, set: bool| if set { at.child(field.to_string()) } else { at.clone() };
    let max_skew = constraint.max_skew.unwrap_or(0);
    if max_skew <= 0 {
        problems.push(
            Problem::new(at.child("maxSkew"), k8s_type::INVALID, Some(max_skew.to_string()), format!("`maxSkew: {max_skew}` allows no spread"), "must be greater than zero", "use `maxSkew: 1` (as even as possible) or more")
                .pointing_at(span("maxSkew", constraint.max_skew.is_some())),
        );
    }
    let topology_key = constraint.topology_key.as_deref().unwrap_or("");
    if topology_key.is_empty() {
        problems.push(
            Problem::new(at.child("topologyKey"), k8s_type::REQUIRED, None, "the topology spread constraint has no `topologyKey`", "can not be empty", "set `topologyKey`: `topology.kubernetes.io/zone` or `kubernetes.io/hostname`")
                .pointing_at(span("topologyKey", constraint.topology_key.is_some())),
        );
    }
    let action = constraint.when_unsatisfiable.as_deref().unwrap_or("");
    if !ACTIONS.contains(&action) {
        problems.push(not_supported(at.child("whenUnsatisfiable"), "whenUnsatisfiable", action, &ACTIONS, Some("a topology spread constraint")).pointing_at(span("whenUnsatisfiable", constraint.when_unsatisfiable.is_some())));
    }
    let same = |other: &TopologySpreadConstraint| other.topology_key.as_deref().unwrap_or("") == topology_key && other.when_unsatisfiable.as_deref().unwrap_or("") == action;
    if rest.iter().any(same) {
        problems.push(
            Problem::new(at.child("{topologyKey, whenUnsatisfiable}"), k8s_type::DUPLICATE, Some(format!("{{{topology_key}, {action}}}")), format!("a later constraint also spreads over `{topology_key}` with `{action}`"), "duplicate {topologyKey, whenUnsatisfiable}", "merge the two constraints, or give them different keys or actions")
                .pointing_at(span("topologyKey", constraint.topology_key.is_some())),
        );
    }
    if let Some(min_domains) = constraint.min_domains {
        if min_domains <= 0 {
            problems.push(Problem::new(at.child("minDomains"), k8s_type::INVALID, Some(min_domains.to_string()), format!("`minDomains: {min_domains}` is not positive"), "must be greater than zero", "use 1 or more, or remove `minDomains`"));
        }
        if action != "DoNotSchedule" {
            problems.push(Problem::new(at.child("minDomains"), k8s_type::INVALID, Some(min_domains.to_string()), format!("`minDomains` with `whenUnsatisfiable: {action}`"), format!("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {action}"), "use `whenUnsatisfiable: DoNotSchedule`, or remove `minDomains`"));
        }
    }
    for (field, policy) in [("nodeAffinityPolicy", &constraint.node_affinity_policy), ("nodeTaintsPolicy", &constraint.node_taints_policy)] {
        if let Some(policy) = policy.as_deref().filter(|p| !POLICIES.contains(p)) {
            problems.push(not_supported(at.child(field), field, policy, &POLICIES, Some("a topology spread constraint")));
        }
    }
    let keys = constraint.match_label_keys.as_deref().unwrap_or_default();
    let selector = constraint.label_selector.as_ref().map(|selector| with_label_keys(selector, keys, &[], labels));
    if merge {
        match_label_keys_problems(at, keys, &[], selector.as_ref(), problems);
    } else if !keys.is_empty() {
        // `validateMatchLabelKeysInTopologySpread`.
        let keys_at = at.child("matchLabelKeys");
        if selector.is_none() {
            problems.push(Problem::new(keys_at.clone(), k8s_type::FORBIDDEN, None, "`matchLabelKeys` without a `labelSelector`", "must not be specified when labelSelector is not set", "add a `labelSelector`, or remove `matchLabelKeys`").on_key());
        }
        let in_selector: Vec<&str> = selector.iter().flat_map(LabelSelector::keys).collect();
        for (index, key) in keys.iter().enumerate() {
            label_key_problems(key, &keys_at.index(index), "label key", problems);
            if in_selector.contains(&key.as_str()) {
                problems.push(Problem::new(keys_at.index(index), k8s_type::INVALID, Some(key.clone()), format!("`{key}` is both in `matchLabelKeys` and in the `labelSelector`"), "exists in both matchLabelKeys and labelSelector", format!("remove `{key}` from the selector: `matchLabelKeys` already selects the pod's own value")));
            }
        }
    }
    if let Some(selector) = &selector {
        selector_problems(selector, &at.child("labelSelector"), problems);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn errors_in(minor: u8, constraints: &str) -> Vec<(String, &'static str)> {
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p, labels: {{app: web}}}}\nspec:\n  topologySpreadConstraints: {constraints}\n  containers:\n  - {{name: c, image: image}}\n");
        let mut found: Vec<(String, &'static str)> = k8s_errors_in(&RULE, &pod, gates(minor, ""))
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("spec.topologySpreadConstraints", "tsc", 1), k8s_type))
            .collect();
        found.sort();
        found
    }

    fn errors(constraints: &str) -> Vec<(String, &'static str)> {
        errors_in(37, constraints)
    }

    fn at(path: &str, k8s_type: &'static str) -> (String, &'static str) {
        (path.to_string(), k8s_type)
    }

    const OK: &str = "maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule";

    // TestValidateTopologySpreadConstraints rows.
    #[test]
    fn k7_validate_topology_spread_constraints() {
        for ok in [
            format!("[{{{OK}}}]"),
            format!("[{{{OK}, minDomains: 3, nodeAffinityPolicy: Honor, nodeTaintsPolicy: Ignore}}]"),
            format!("[{{{OK}, labelSelector: {{matchLabels: {{tier: db}}}}, matchLabelKeys: [app]}}]"),
            format!("[{{{OK}}}, {{maxSkew: 2, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway}}]"),
        ] {
            assert!(errors(&ok).is_empty(), "{ok}: {:?}", errors(&ok));
        }
        let invalid = "FieldValueInvalid";
        let rows: Vec<(String, Vec<(String, &str)>)> = vec![
            ("[{maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}]".into(), vec![at("tsc[0].maxSkew", invalid)]),
            ("[{maxSkew: 1, whenUnsatisfiable: DoNotSchedule}]".into(), vec![at("tsc[0].topologyKey", "FieldValueRequired")]),
            ("[{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: NotAnAction}]".into(), vec![at("tsc[0].whenUnsatisfiable", "FieldValueNotSupported")]),
            (format!("[{{{OK}}}, {{{OK}}}]"), vec![at("tsc[0].{topologyKey, whenUnsatisfiable}", "FieldValueDuplicate")]),
            (format!("[{{{OK}, minDomains: -1}}]"), vec![at("tsc[0].minDomains", invalid)]),
            ("[{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, minDomains: 2}]".into(), vec![at("tsc[0].minDomains", invalid)]),
            (format!("[{{{OK}, nodeAffinityPolicy: Sometimes}}]"), vec![at("tsc[0].nodeAffinityPolicy", "FieldValueNotSupported")]),
            (format!("[{{{OK}, nodeTaintsPolicy: honor}}]"), vec![at("tsc[0].nodeTaintsPolicy", "FieldValueNotSupported")]),
            (format!("[{{{OK}, matchLabelKeys: [app]}}]"), vec![at("tsc[0].matchLabelKeys", "FieldValueForbidden")]),
            (format!("[{{{OK}, labelSelector: {{}}, matchLabelKeys: [\"/simple\"]}}]"), vec![at("tsc[0].matchLabelKeys[0]", invalid)]),
            (format!("[{{{OK}, labelSelector: {{matchExpressions: [{{key: app, operator: In}}]}}}}]"), vec![at("tsc[0].labelSelector.matchExpressions[0].values", "FieldValueRequired")]),
            // The pod's `app: web` joins the selector, which already names `app`.
            (format!("[{{{OK}, labelSelector: {{matchLabels: {{app: web}}}}, matchLabelKeys: [app]}}]"), vec![at("tsc[0][0]", invalid)]),
        ];
        for (constraints, expected) in rows {
            assert_eq!(errors(&constraints), expected, "{constraints}");
        }
    }

    // Before 1.34 (no selector merge) the overlap is reported at `matchLabelKeys[i]`.
    #[test]
    fn match_label_keys_overlap_before_the_selector_merge() {
        let constraint = format!("[{{{OK}, labelSelector: {{matchExpressions: [{{key: app, operator: Exists}}]}}, matchLabelKeys: [app]}}]");
        assert_eq!(errors_in(33, &constraint), [at("tsc[0].matchLabelKeys[0]", "FieldValueInvalid")]);
        assert_eq!(errors_in(34, &constraint), [at("tsc[0][0]", "FieldValueInvalid")]);
    }
}
