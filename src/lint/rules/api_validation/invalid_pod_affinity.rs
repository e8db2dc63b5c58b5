//! PL172 `invalid-pod-affinity`: a pod affinity or anti-affinity term the API server rejects:
//! its selectors, namespaces, `topologyKey`, `matchLabelKeys`/`mismatchLabelKeys`, or a weight.

use std::collections::BTreeMap;

use crate::k8s::names;
use crate::k8s::scheduling::{PodAffinity, PodAffinityTerm};
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::label_selector::{
    label_key_problems, match_label_keys_problems, selector_problems, with_label_keys,
};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a pod affinity term the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL172",
    name: "invalid-pod-affinity",
    severity: Severity::Error,
    summary: "a pod (anti-)affinity term with an invalid selector, namespace or `topologyKey`, misused `matchLabelKeys`/`mismatchLabelKeys`, or a weight outside 1–100",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks every term of `spec.affinity.podAffinity` and `podAntiAffinity`, required and preferred, as the API server does: `labelSelector` and `namespaceSelector` are valid label selectors (label keys and values; `In`/`NotIn` with values, `Exists`/`DoesNotExist` without, no other operator); each of `namespaces` is a DNS label; `topologyKey` is set and is a label key; `matchLabelKeys` and `mismatchLabelKeys` are label keys, need a `labelSelector`, do not share a key, and a `matchLabelKeys` key is not also in the selector (for a Pod, whose own label value the API server adds to the selector); preferred terms have a `weight` from 1 to 100. `matchLabelKeys` and `mismatchLabelKeys` exist while MatchLabelKeysInPodAffinity is on (from 1.31 by default); otherwise the API server drops them (PL136).

## Why
The API server rejects the pod (`spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty`). Anti-affinity is how replicas are spread over nodes and zones; a broken term is found only at deploy time.

## Example
```yaml
affinity:
  podAntiAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
    - labelSelector:
        matchLabels: {app: web}
      matchLabelKeys: [app]
```

## How to fix
Set `topologyKey` (`kubernetes.io/hostname`, `topology.kubernetes.io/zone`), give preferred terms a `weight`, and name a key either in the selector or in `matchLabelKeys`, not both.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePodAffinity`, `validatePodAntiAffinity`, `validatePodAffinityTerm`, `validateWeightedPodAffinityTerms`, `ValidatePodAffinityTermSelector`, `validateMatchLabelKeysAndMismatchLabelKeys`, `validateLabelKeys`; `ValidateLabelSelector` in `apimachinery/pkg/apis/meta/v1/validation`; the pod strategy's `applyMatchLabelKeysAndMismatchLabelKeys` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(affinity) = context.pod.spec.affinity.as_ref().map(|a| &a.0) else { return };
    // The pod strategy adds the pod's own label values to the selector before validating (a
    // Pod only: a template's labels are not the pod's yet).
    let labels = (context.object.kind == "Pod").then_some(context.pod.metadata.labels.as_ref()).flatten();
    let mut problems = Vec::new();
    for (field, side) in [("podAffinity", &affinity.pod_affinity), ("podAntiAffinity", &affinity.pod_anti_affinity)] {
        if let Some(side) = side {
            side_problems(side, &FieldPath::root().child("spec").child("affinity").child(field), labels, &mut problems);
        }
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

fn side_problems(side: &PodAffinity, at: &FieldPath, labels: Option<&BTreeMap<String, String>>, problems: &mut Vec<Problem>) {
    let required = at.child("requiredDuringSchedulingIgnoredDuringExecution");
    for (index, term) in side.required_during_scheduling_ignored_during_execution.iter().flatten().enumerate() {
        term_problems(term, &required.index(index), labels, problems);
    }
    let preferred = at.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (index, weighted) in side.preferred_during_scheduling_ignored_during_execution.iter().flatten().enumerate() {
        let at = preferred.index(index);
        let weight = weighted.weight.unwrap_or(0);
        if !(1..=100).contains(&weight) {
            let span = if weighted.weight.is_some() { at.child("weight") } else { at.clone() };
            problems.push(
                Problem::new(at.child("weight"), k8s_type::INVALID, Some(weight.to_string()), format!("preferred pod affinity term has `weight: {weight}`"), "must be in the range 1-100", "give the term a weight from 1 to 100")
                    .pointing_at(span),
            );
        }
        let term = weighted.pod_affinity_term.clone().unwrap_or_default();
        term_problems(&term, &at.child("podAffinityTerm"), labels, problems);
    }
}

/// `validatePodAffinityTerm`, on the term as the API server has it after adding the pod's
/// label values for `matchLabelKeys` (`In`) and `mismatchLabelKeys` (`NotIn`).
fn term_problems(term: &PodAffinityTerm, at: &FieldPath, labels: Option<&BTreeMap<String, String>>, problems: &mut Vec<Problem>) {
    let match_keys = term.match_label_keys.as_deref().unwrap_or_default();
    let mismatch_keys = term.mismatch_label_keys.as_deref().unwrap_or_default();
    let selector = term.label_selector.as_ref().map(|selector| with_label_keys(selector, match_keys, mismatch_keys, labels));
    if let Some(selector) = &selector {
        selector_problems(selector, &at.child("labelSelector"), problems);
    }
    if let Some(namespaces) = &term.namespace_selector {
        selector_problems(namespaces, &at.child("namespaceSelector"), problems);
    }
    for (index, namespace) in term.namespaces.iter().flatten().enumerate() {
        for reason in names::dns1123_label(namespace) {
            // Kubernetes reports every namespace at `namespace`.
            problems.push(
                Problem::new(at.child("namespace"), k8s_type::INVALID, Some(namespace.clone()), format!("`{namespace}` is not a valid namespace name"), reason, "use the namespace's name (a DNS label)")
                    .pointing_at(at.child("namespaces").index(index)),
            );
        }
    }
    match_label_keys_problems(at, match_keys, mismatch_keys, selector.as_ref(), problems);
    let topology_key = term.topology_key.as_deref().unwrap_or("");
    let topology_span = if term.topology_key.is_some() { at.child("topologyKey") } else { at.clone() };
    if topology_key.is_empty() {
        problems.push(
            Problem::new(at.child("topologyKey"), k8s_type::REQUIRED, None, "the pod affinity term has no `topologyKey`", "can not be empty", "set `topologyKey`: `kubernetes.io/hostname` (per node) or `topology.kubernetes.io/zone` (per zone)")
                .pointing_at(topology_span.clone()),
        );
    }
    let before = problems.len();
    label_key_problems(topology_key, &at.child("topologyKey"), "topology key", problems);
    for problem in problems.iter_mut().skip(before) {
        problem.span_path = Some(topology_span.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates, k8s_errors_in};

    fn errors_in(minor: u8, kind: &str, affinity: &str) -> Vec<(String, &'static str)> {
        let text = match kind {
            "Pod" => format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p, labels: {{app: web, tier: front}}}}\nspec:\n  affinity: {affinity}\n  containers:\n  - {{name: c, image: image}}\n"),
            _ => format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: d}}\nspec:\n  selector: {{matchLabels: {{app: web}}}}\n  template:\n    metadata: {{labels: {{app: web, tier: front}}}}\n    spec:\n      affinity: {affinity}\n      containers:\n      - {{name: c, image: image}}\n"),
        };
        let mut found: Vec<(String, &'static str)> = k8s_errors_in(&RULE, &text, gates(minor, ""))
            .into_iter()
            .map(|(path, k8s_type)| (path.replacen("spec.template.spec.", "spec.", 1).replacen("spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]", "term", 1), k8s_type))
            .collect();
        found.sort();
        found
    }

    fn term(body: &str) -> String {
        format!("{{podAntiAffinity: {{requiredDuringSchedulingIgnoredDuringExecution: [{body}]}}}}")
    }

    fn errors(body: &str) -> Vec<(String, &'static str)> {
        errors_in(37, "Pod", &term(body))
    }

    fn at(path: &str, k8s_type: &'static str) -> (String, &'static str) {
        (path.to_string(), k8s_type)
    }

    const INVALID: &str = "FieldValueInvalid";

    // TestValidatePod / TestValidateAffinity pod (anti-)affinity rows.
    #[test]
    fn k7_validate_pod_affinity_terms() {
        for ok in [
            "{labelSelector: {matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}",
            "{labelSelector: {matchExpressions: [{key: app, operator: NotIn, values: [db]}]}, namespaces: [ns], topologyKey: zone}",
            "{labelSelector: {}, namespaceSelector: {matchExpressions: [{key: team, operator: Exists}]}, topologyKey: zone}",
            "{labelSelector: {matchLabels: {role: x}}, matchLabelKeys: [app], mismatchLabelKeys: [tier], topologyKey: zone}",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let rows: Vec<(&str, Vec<(String, &str)>)> = vec![
            ("{labelSelector: {matchExpressions: [{key: app, operator: In}]}, topologyKey: zone}", vec![at("term.labelSelector.matchExpressions[0].values", "FieldValueRequired")]),
            ("{labelSelector: {matchExpressions: [{key: app, operator: Exists, values: [a]}]}, topologyKey: zone}", vec![at("term.labelSelector.matchExpressions[0].values", "FieldValueForbidden")]),
            ("{labelSelector: {matchExpressions: [{key: app, operator: Gt, values: [\"1\"]}]}, topologyKey: zone}", vec![at("term.labelSelector.matchExpressions[0].operator", INVALID)]),
            ("{labelSelector: {matchLabels: {\"bad key!\": web}}, topologyKey: zone}", vec![at("term.labelSelector.matchLabels", INVALID)]),
            ("{labelSelector: {matchLabels: {app: \"bad value!\"}}, topologyKey: zone}", vec![at("term.labelSelector.matchLabels", INVALID)]),
            ("{labelSelector: {matchExpressions: [{key: app, operator: In, values: [\"bad value!\"]}]}, topologyKey: zone}", vec![at("term.labelSelector.matchExpressions[0].values[0]", INVALID)]),
            ("{namespaceSelector: {matchExpressions: [{key: team, operator: In}]}, topologyKey: zone}", vec![at("term.namespaceSelector.matchExpressions[0].values", "FieldValueRequired")]),
            ("{labelSelector: {}, namespaces: [Bad_NS], topologyKey: zone}", vec![at("term.namespace", INVALID)]),
            // An empty topologyKey: Required, and not a qualified name (twice).
            ("{labelSelector: {}}", vec![at("term.topologyKey", "FieldValueRequired"), at("term.topologyKey", INVALID), at("term.topologyKey", INVALID)]),
            ("{labelSelector: {}, topologyKey: \"a/b/c\"}", vec![at("term.topologyKey", INVALID)]),
            ("{matchLabelKeys: [app], topologyKey: zone}", vec![at("term.matchLabelKeys", "FieldValueForbidden")]),
            ("{mismatchLabelKeys: [app], topologyKey: zone}", vec![at("term.mismatchLabelKeys", "FieldValueForbidden")]),
            ("{labelSelector: {}, matchLabelKeys: [\"/simple\"], topologyKey: zone}", vec![at("term.matchLabelKeys[0]", INVALID)]),
            ("{labelSelector: {}, matchLabelKeys: [app], mismatchLabelKeys: [app], topologyKey: zone}", vec![at("term.matchLabelKeys[0]", INVALID), at("term[0]", INVALID)]),
            // The pod's own `app` value joins the selector, which already names `app`.
            ("{labelSelector: {matchLabels: {app: web}}, matchLabelKeys: [app], topologyKey: zone}", vec![at("term[0]", INVALID)]),
            ("{labelSelector: {matchExpressions: [{key: tier, operator: Exists}]}, matchLabelKeys: [app, tier], topologyKey: zone}", vec![at("term[1]", INVALID)]),
        ];
        for (body, expected) in rows {
            let mut expected = expected;
            expected.sort();
            assert_eq!(errors(body), expected, "{body}");
        }
        let weighted = "{podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, podAffinityTerm: {labelSelector: {}, topologyKey: zone}}]}}";
        assert_eq!(errors_in(37, "Pod", weighted), [at("spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight", INVALID)]);
    }

    // A template's labels are not merged into the selector: only a key already in it counts.
    #[test]
    fn match_label_keys_in_a_template_and_before_the_gate() {
        let body = "{labelSelector: {matchLabels: {app: web}}, matchLabelKeys: [app], topologyKey: zone}";
        assert!(errors_in(37, "Deployment", &term(body)).is_empty());
        // 1.30: MatchLabelKeysInPodAffinity is off and the API server drops the keys.
        assert!(errors_in(30, "Pod", &term(body)).is_empty());
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p, labels: {{app: web}}}}\nspec:\n  affinity: {}\n  containers:\n  - {{name: c, image: image}}\n", term(body));
        let dropped: Vec<String> = all_findings_in(&pod, false, gates(30, ""))
            .into_iter()
            .filter(|finding| finding.rule.code == "PL136")
            .filter_map(|finding| finding.path.map(|path| path.to_string()))
            .collect();
        assert_eq!(dropped, ["spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys"]);
        assert_eq!(errors_in(31, "Pod", &term(body)).len(), 1);
    }
}
