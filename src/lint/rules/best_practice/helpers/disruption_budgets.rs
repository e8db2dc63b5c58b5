//! The PodDisruptionBudgets of a run, as PL447 reads them: each budget's namespace and pod
//! selector, whether a pod template's labels are selected, and the budgets that select no pod
//! (no selector, one the API server rejects), kept so that a finding can name them.
//!
//! Reading a budget never fails and never reports: a budget is not a pod, and podlife does not
//! validate it. One that cannot select anything is set aside with the reason, and PL447's
//! findings in its namespace say so in their note.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::k8s::decode::decode;
use crate::k8s::scheduling::LabelSelector;
use crate::lint::rules::api_validation::helpers::label_selector::selector_problems;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, Node, NodeKind};
use crate::yaml::stream::for_each_document_naming;

/// The word every budget's text holds (`kind: PodDisruptionBudget`): a source or piece without
/// it holds no budget and is not parsed.
pub const KIND: &str = "PodDisruptionBudget";


/// Every budget read in a run, in input order.
#[derive(Debug, Default)]
pub struct DisruptionBudgets {
    /// The budgets that select pods.
    budgets: Vec<DisruptionBudget>,
    /// The positions in `budgets` of those with `matchLabels`, by their first pair: a template
    /// selected by one of them has that pair.
    by_first_label: HashMap<(String, String), Vec<usize>>,
    /// The positions of those without `matchLabels` (expressions only, or an empty selector).
    without_labels: Vec<usize>,
    /// The budgets that select no pod, with why.
    ignored: Vec<IgnoredBudget>,
}

/// A budget that selects pods.
#[derive(Debug)]
struct DisruptionBudget {
    /// `metadata.namespace`, `None` when not written.
    namespace: Option<String>,
    /// `spec.selector` (an empty one selects every pod of the namespace).
    selector: LabelSelector,
}

/// A budget that selects no pod, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredBudget {
    /// `metadata.name`, or empty.
    pub name: String,
    /// `metadata.namespace`, `None` when not written.
    pub namespace: Option<String>,
    /// Where it is: `file:line:column`.
    pub place: String,
    /// Why it selects no pod, a sentence part (`` its `spec.selector` … ``).
    pub reason: String,
}

impl IgnoredBudget {
    /// `` PodDisruptionBudget `web` (pdb.yaml:4:3) selects no pod: <reason> ``.
    pub fn describe(&self) -> String {
        let name = if self.name.is_empty() {
            String::new()
        } else {
            format!(" `{}`", self.name)
        };
        format!(
            "{KIND}{name} ({}) selects no pod: {}",
            self.place, self.reason
        )
    }
}

/// Whether two objects may be in the same namespace: an object without `metadata.namespace`
/// goes to the namespace it is applied to, which the manifest does not say, so it may share
/// any; two written namespaces must be equal.
pub fn same_namespace(one: Option<&str>, other: Option<&str>) -> bool {
    match (one, other) {
        (Some(one), Some(other)) => one == other,
        _ => true,
    }
}

impl DisruptionBudgets {
    /// Reads the budgets of one source's text (`file` names it in notes). Only the parts of
    /// the text that name the kind are parsed; a source without it costs one search.
    pub fn read_text(&mut self, file: &Arc<str>, text: &str) {
        let lines = LineIndex::new(text);
        for_each_document_naming(text, KIND, |document| {
            self.read_document(file, &lines, document);
        });
    }

    /// Reads the budgets of one parsed document (an object, or a `List`'s items).
    pub fn read_document(&mut self, file: &Arc<str>, lines: &LineIndex<'_>, document: &Document<'_>) {
        if let Some(root) = &document.root {
            let place = |offset: u32| {
                let pos = lines.pos(offset);
                format!("{file}:{}:{}", pos.line, pos.column)
            };
            self.read_object(&place, root, 0);
        }
    }

    /// Reads a budget, or a `List`'s; `place` names where an offset of the file is.
    fn read_object(&mut self, place: &dyn Fn(u32) -> String, node: &Node<'_>, depth: usize) {
        let kind = node.get("kind").and_then(Node::as_str).unwrap_or("");
        if kind.ends_with("List") && depth < 2 {
            if let Some(NodeKind::Sequence(items)) = node.get("items").map(Node::kind) {
                for item in items {
                    self.read_object(place, item, depth + 1);
                }
            }
            return;
        }
        let api_version = node.get("apiVersion").and_then(Node::as_str).unwrap_or("");
        if kind != KIND || !api_version.starts_with("policy/") {
            return;
        }
        let text_at = |path: &str| {
            let found = node.lookup(&FieldPath::parse(path));
            if found.complete {
                found.value.as_str().map(str::to_string)
            } else {
                None
            }
        };
        let name = text_at("metadata.name").unwrap_or_default();
        let namespace = text_at("metadata.namespace").filter(|namespace| !namespace.is_empty());
        let mut ignore = |reason: String, offset: u32| {
            self.ignored.push(IgnoredBudget {
                name: name.clone(),
                namespace: namespace.clone(),
                place: place(offset),
                reason,
            });
        };
        let found = node.lookup(&FieldPath::parse("spec.selector"));
        if !found.complete || found.value.is_null() {
            ignore(
                "it has no `spec.selector`".to_string(),
                found.key.map_or(node.at.start, |key| key.at.start),
            );
            return;
        }
        let at = found
            .key
            .map_or(found.value.at.start, |key| key.at.start);
        let at_path = FieldPath::parse("spec.selector");
        let mut decoded = Vec::new();
        let selector: LabelSelector = match decode(found.value, &at_path, &mut decoded) {
            Ok(selector) => selector,
            Err(error) => {
                ignore(
                    format!("its `spec.selector` cannot be read ({})", error.message),
                    at,
                );
                return;
            }
        };
        if let Some(problem) = decoded.first() {
            ignore(
                format!("its `{}`: {}", problem.path, problem.message),
                problem.at.start,
            );
            return;
        }
        let mut problems = Vec::new();
        selector_problems(&selector, &at_path, &mut problems);
        if let Some(problem) = problems.first() {
            ignore(
                format!(
                    "the API server rejects its `{}`: {}",
                    problem.path, problem.message
                ),
                at,
            );
            return;
        }
        if selector.is_empty() && api_version == "policy/v1beta1" {
            ignore(
                "an empty `spec.selector` selects no pod in `policy/v1beta1` (it selects every pod of the namespace from `policy/v1`)".to_string(),
                at,
            );
            return;
        }
        let position = self.budgets.len();
        match selector
            .match_labels
            .as_ref()
            .and_then(|labels| labels.iter().next())
        {
            Some((key, value)) => self
                .by_first_label
                .entry((key.clone(), value.clone()))
                .or_default()
                .push(position),
            None => self.without_labels.push(position),
        }
        self.budgets.push(DisruptionBudget {
            namespace,
            selector,
        });
    }

    /// Adds the budgets of another source after these (input order).
    pub fn append(&mut self, other: DisruptionBudgets) {
        let shift = self.budgets.len();
        for (pair, positions) in other.by_first_label {
            self.by_first_label
                .entry(pair)
                .or_default()
                .extend(positions.into_iter().map(|position| position + shift));
        }
        self.without_labels
            .extend(other.without_labels.into_iter().map(|p| p + shift));
        self.budgets.extend(other.budgets);
        self.ignored.extend(other.ignored);
    }

    /// Whether a budget that may be in `namespace` selects pods with `labels`.
    pub fn covers(&self, namespace: Option<&str>, labels: &BTreeMap<String, String>) -> bool {
        let by_label = labels.iter().flat_map(|(key, value)| {
            self.by_first_label
                .get(&(key.clone(), value.clone()))
                .into_iter()
                .flatten()
        });
        self.without_labels
            .iter()
            .chain(by_label)
            .filter_map(|position| self.budgets.get(*position))
            .any(|budget| {
                same_namespace(budget.namespace.as_deref(), namespace)
                    && budget.selector.first_unmet(labels).is_none()
            })
    }

    /// The budgets that may be in `namespace` and select no pod, in input order.
    pub fn ignored_in<'b>(
        &'b self,
        namespace: Option<&'b str>,
    ) -> impl Iterator<Item = &'b IgnoredBudget> + 'b {
        self.ignored
            .iter()
            .filter(move |budget| same_namespace(budget.namespace.as_deref(), namespace))
    }

    /// How many budgets select pods.
    pub fn len(&self) -> usize {
        self.budgets.len()
    }

    /// Whether none does.
    pub fn is_empty(&self) -> bool {
        self.budgets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> DisruptionBudgets {
        let mut budgets = DisruptionBudgets::default();
        budgets.read_text(&Arc::from("pdb.yaml"), text);
        budgets
    }

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_string(), (*value).to_string()))
            .collect()
    }

    const WEB: &str = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web, namespace: shop}\nspec:\n  maxUnavailable: 1\n  selector:\n    matchLabels: {app: web}\n    matchExpressions:\n    - {key: tier, operator: In, values: [front, edge]}\n    - {key: canary, operator: DoesNotExist}\n";

    #[test]
    fn labels_and_expressions_must_all_hold() {
        let budgets = read(WEB);
        assert_eq!(budgets.len(), 1);
        let shop = Some("shop");
        assert!(budgets.covers(shop, &labels(&[("app", "web"), ("tier", "edge")])));
        assert!(!budgets.covers(shop, &labels(&[("app", "web"), ("tier", "back")])));
        assert!(!budgets.covers(shop, &labels(&[("app", "web")])));
        assert!(!budgets.covers(
            shop,
            &labels(&[("app", "web"), ("tier", "edge"), ("canary", "yes")])
        ));
        assert!(!budgets.covers(shop, &labels(&[("app", "api"), ("tier", "edge")])));
    }

    #[test]
    fn namespaces_written_on_both_sides_must_be_equal() {
        let budgets = read(WEB);
        let pod = labels(&[("app", "web"), ("tier", "front")]);
        assert!(!budgets.covers(Some("other"), &pod));
        assert!(budgets.covers(None, &pod), "a workload without a namespace");
        let anywhere = read(&WEB.replace(", namespace: shop", ""));
        assert!(anywhere.covers(Some("other"), &pod), "a budget without one");
    }

    #[test]
    fn not_in_and_exists_read_as_the_api_server_does() {
        let budgets = read(
            "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: x}\nspec:\n  selector:\n    matchExpressions:\n    - {key: app, operator: Exists}\n    - {key: track, operator: NotIn, values: [canary]}\n",
        );
        assert!(budgets.covers(None, &labels(&[("app", "a")])));
        assert!(budgets.covers(None, &labels(&[("app", "a"), ("track", "stable")])));
        assert!(!budgets.covers(None, &labels(&[("app", "a"), ("track", "canary")])));
        assert!(!budgets.covers(None, &labels(&[("track", "stable")])));
    }

    #[test]
    fn an_empty_selector_selects_every_pod_from_policy_v1_and_none_before() {
        let v1 = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: all}\nspec: {selector: {}}\n";
        assert!(read(v1).covers(Some("any"), &labels(&[])));
        let beta = read(&v1.replace("policy/v1", "policy/v1beta1"));
        assert!(beta.is_empty());
        let ignored: Vec<String> = beta.ignored_in(None).map(IgnoredBudget::describe).collect();
        assert_eq!(
            ignored,
            [
                "PodDisruptionBudget `all` (pdb.yaml:4:8) selects no pod: an empty `spec.selector` selects no pod in `policy/v1beta1` (it selects every pod of the namespace from `policy/v1`)"
            ]
        );
    }

    #[test]
    fn a_budget_that_cannot_select_is_set_aside_with_why() {
        let text = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: none}\nspec: {maxUnavailable: 1}\n---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: typo, namespace: shop}\nspec:\n  selector:\n    matchExpressions:\n    - {key: app, operator: Inn, values: [web]}\n---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: list}\nspec:\n  selector: [app]\n";
        let budgets = read(text);
        assert!(budgets.is_empty());
        let reasons: Vec<String> = budgets
            .ignored_in(Some("shop"))
            .map(|budget| format!("{} {}", budget.place, budget.reason))
            .collect();
        assert_eq!(reasons.len(), 3, "{reasons:#?}");
        assert_eq!(reasons[0], "pdb.yaml:4:1 it has no `spec.selector`");
        assert!(
            reasons[1].starts_with(
                "pdb.yaml:10:3 the API server rejects its `spec.selector.matchExpressions[0]"
            ),
            "{}",
            reasons[1]
        );
        assert!(reasons[2].starts_with("pdb.yaml:18:3 its `spec.selector` cannot be read (expected a mapping of fields, found a list)"), "{}", reasons[2]);
        assert_eq!(
            budgets.ignored_in(Some("other")).count(),
            2,
            "not the one in `shop`"
        );
    }

    #[test]
    fn lists_and_other_kinds() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: policy/v1\n  kind: PodDisruptionBudget\n  metadata: {name: a}\n  spec: {selector: {matchLabels: {app: a}}}\n- apiVersion: example.com/v1\n  kind: PodDisruptionBudget\n  spec: {selector: {matchLabels: {app: b}}}\n";
        let budgets = read(text);
        assert_eq!(
            budgets.len(),
            1,
            "a kind of the same name in another group is no budget"
        );
        assert!(budgets.covers(None, &labels(&[("app", "a")])));
        assert!(!budgets.covers(None, &labels(&[("app", "b")])));
    }

    #[test]
    fn a_large_source_is_read_in_pieces_as_a_whole() {
        let filler = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: filler}\ndata: {text: \"................................................................................................\"}\n";
        let mut text = String::new();
        for index in 0..12_000 {
            if index % 4000 == 3999 {
                text.push_str(&WEB.replace("app: web", &format!("app: web{index}")));
            } else {
                text.push_str(filler);
            }
            text.push_str("---\n");
        }
        assert!(text.len() > crate::yaml::stream::SEARCHED_IN_PIECES_FROM);
        let budgets = read(&text);
        assert_eq!(budgets.len(), 3);
        for index in [3999, 7999, 11_999] {
            assert!(budgets.covers(
                Some("shop"),
                &labels(&[("app", &format!("web{index}")), ("tier", "front")])
            ));
        }
    }

    #[test]
    fn appending_keeps_each_budget_findable() {
        let mut first = read(WEB);
        first.append(read(&WEB.replace("app: web", "app: api")));
        first.append(read("apiVersion: policy/v1\nkind: PodDisruptionBudget\nspec: {selector: {matchExpressions: [{key: job, operator: Exists}]}}\n"));
        assert_eq!(first.len(), 3);
        assert!(first.covers(Some("shop"), &labels(&[("app", "api"), ("tier", "front")])));
        assert!(first.covers(Some("shop"), &labels(&[("app", "web"), ("tier", "front")])));
        assert!(first.covers(Some("x"), &labels(&[("job", "1")])));
    }
}
