//! The pod's placement fields as validation reads them: tolerations, node and pod affinity,
//! topology spread constraints, label selectors and host aliases.
//!
//! Their field names are checked against `field_schema` (see [`Schemed`]); these types hold
//! only the values the API server's validation looks at, enum-like ones as strings.
//!
//! [`Schemed`]: crate::k8s::field_schema::Schemed

use std::collections::BTreeMap;

use serde::Deserialize;

/// `tolerations[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Toleration {
    pub key: Option<String>,
    pub operator: Option<String>,
    pub value: Option<String>,
    pub effect: Option<String>,
    pub toleration_seconds: Option<i64>,
}

/// A `LabelSelector` (`metav1`): labels that must match, and expressions.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LabelSelector {
    pub match_labels: Option<BTreeMap<String, String>>,
    pub match_expressions: Option<Vec<SelectorRequirement>>,
}

impl LabelSelector {
    /// The keys of `matchLabels`, then of `matchExpressions`, in that order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        let labels = self
            .match_labels
            .iter()
            .flatten()
            .map(|(key, _)| key.as_str());
        let expressions = self
            .match_expressions
            .iter()
            .flatten()
            .map(|expression| expression.key.as_deref().unwrap_or(""));
        labels.chain(expressions)
    }

    /// The first of its requirements that `labels` fail, written as a sentence part
    /// (`` `app: web` `` or `` `tier In [a, b]` ``); `None` when the labels match.
    pub fn first_unmet(&self, labels: &BTreeMap<String, String>) -> Option<String> {
        for (key, value) in self.match_labels.iter().flatten() {
            if labels.get(key) != Some(value) {
                return Some(format!("`{key}: {value}`"));
            }
        }
        for expression in self.match_expressions.iter().flatten() {
            let key = expression.key.as_deref().unwrap_or("");
            let operator = expression.operator.as_deref().unwrap_or("");
            let values = expression.values();
            let met = match operator {
                "In" => labels.get(key).is_some_and(|value| values.contains(value)),
                "NotIn" => labels.get(key).is_none_or(|value| !values.contains(value)),
                "Exists" => labels.contains_key(key),
                "DoesNotExist" => !labels.contains_key(key),
                _ => false,
            };
            if !met {
                return Some(if values.is_empty() {
                    format!("`{key} {operator}`")
                } else {
                    format!("`{key} {operator} [{}]`", values.join(", "))
                });
            }
        }
        None
    }

    /// Whether it has no requirement at all (selects everything).
    pub fn is_empty(&self) -> bool {
        self.match_labels.as_ref().is_none_or(BTreeMap::is_empty)
            && self.match_expressions.as_ref().is_none_or(Vec::is_empty)
    }
}

/// A `matchExpressions[]` entry of a label selector or of a node selector term (the two have the
/// same fields; the node one also has `Gt` and `Lt`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct SelectorRequirement {
    pub key: Option<String>,
    pub operator: Option<String>,
    pub values: Option<Vec<String>>,
}

impl SelectorRequirement {
    /// Its values (none when unset).
    pub fn values(&self) -> &[String] {
        self.values.as_deref().unwrap_or_default()
    }
}

/// `affinity`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Affinity {
    pub node_affinity: Option<NodeAffinity>,
    pub pod_affinity: Option<PodAffinity>,
    pub pod_anti_affinity: Option<PodAffinity>,
}

/// `affinity.nodeAffinity`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeAffinity {
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    pub preferred_during_scheduling_ignored_during_execution: Option<Vec<PreferredSchedulingTerm>>,
}

/// A node selector: terms, any of which may match.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeSelector {
    pub node_selector_terms: Option<Vec<NodeSelectorTerm>>,
}

/// One node selector term: label expressions and field expressions.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeSelectorTerm {
    pub match_expressions: Option<Vec<SelectorRequirement>>,
    pub match_fields: Option<Vec<SelectorRequirement>>,
}

/// `preferredDuringSchedulingIgnoredDuringExecution[]` of node affinity.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PreferredSchedulingTerm {
    pub weight: Option<i32>,
    pub preference: Option<NodeSelectorTerm>,
}

/// `podAffinity` or `podAntiAffinity` (the same fields).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodAffinity {
    pub required_during_scheduling_ignored_during_execution: Option<Vec<PodAffinityTerm>>,
    pub preferred_during_scheduling_ignored_during_execution: Option<Vec<WeightedPodAffinityTerm>>,
}

/// A pod affinity term: which pods, in which namespaces, on which topology.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodAffinityTerm {
    pub label_selector: Option<LabelSelector>,
    pub namespaces: Option<Vec<String>>,
    pub topology_key: Option<String>,
    pub namespace_selector: Option<LabelSelector>,
    pub match_label_keys: Option<Vec<String>>,
    pub mismatch_label_keys: Option<Vec<String>>,
}

/// `preferredDuringSchedulingIgnoredDuringExecution[]` of pod (anti-)affinity.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WeightedPodAffinityTerm {
    pub weight: Option<i32>,
    pub pod_affinity_term: Option<PodAffinityTerm>,
}

/// `topologySpreadConstraints[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TopologySpreadConstraint {
    pub max_skew: Option<i32>,
    pub topology_key: Option<String>,
    pub when_unsatisfiable: Option<String>,
    pub label_selector: Option<LabelSelector>,
    pub min_domains: Option<i32>,
    pub node_affinity_policy: Option<String>,
    pub node_taints_policy: Option<String>,
    pub match_label_keys: Option<Vec<String>>,
}

/// `hostAliases[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct HostAlias {
    pub ip: Option<String>,
    pub hostnames: Option<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_string(), (*value).to_string()))
            .collect()
    }

    fn requirement(key: &str, operator: &str, values: &[&str]) -> SelectorRequirement {
        SelectorRequirement {
            key: Some(key.to_string()),
            operator: Some(operator.to_string()),
            values: Some(values.iter().map(|v| (*v).to_string()).collect()),
        }
    }

    #[test]
    fn a_selector_names_the_first_requirement_the_labels_fail() {
        let selector = LabelSelector {
            match_labels: Some(labels(&[("app", "web")])),
            match_expressions: Some(vec![
                requirement("track", "NotIn", &["canary"]),
                requirement("tier", "In", &["front", "edge"]),
                requirement("legacy", "DoesNotExist", &[]),
                requirement("team", "Exists", &[]),
            ]),
        };
        let good = labels(&[("app", "web"), ("tier", "edge"), ("team", "a")]);
        assert_eq!(selector.first_unmet(&good), None);
        let wrong_app = labels(&[("app", "website"), ("tier", "edge"), ("team", "a")]);
        assert_eq!(
            selector.first_unmet(&wrong_app).as_deref(),
            Some("`app: web`")
        );
        let canary = labels(&[("app", "web"), ("track", "canary"), ("tier", "edge")]);
        assert_eq!(
            selector.first_unmet(&canary).as_deref(),
            Some("`track NotIn [canary]`")
        );
        let no_team = labels(&[("app", "web"), ("tier", "front")]);
        assert_eq!(
            selector.first_unmet(&no_team).as_deref(),
            Some("`team Exists`")
        );
        assert!(LabelSelector::default().is_empty());
        assert!(!selector.is_empty());
    }
}
