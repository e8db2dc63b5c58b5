//! The findings on a document's Namespace objects: the Pod Security labels the API server
//! refuses (PL530), each located at its value with the repair when it is certain, and the
//! labels of a namespace the cluster exempts (PL531).

use std::sync::Arc;

use crate::finding::{Applicability, Finding, ObjectRef, PathEdit};
use crate::k8s::pod_security::namespace_policy::{LABEL_PREFIX, policy_from_labels};
use crate::k8s::pod_security::namespace_policy::label_key;
use crate::k8s::pod_security::{Level, Mode, Policy, PolicyVersion};
use crate::lint::rules::pod_security::helpers::policy::PodSecuritySetup;
use crate::lint::rules::{EXEMPT_NAMESPACE_LABELS, INVALID_POD_SECURITY_LABEL};
use crate::lint::rules::pod_security::helpers::namespaces::{for_each_namespace, pod_security_labels};
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, Node, NodeKind};

/// The refused labels of every Namespace in `document` (of `file`, its lines indexed by
/// `lines`), and (`exemptions`: the cluster's setup, when PL531 runs) the labels of a
/// Namespace the cluster exempts.
pub fn label_findings(
    file: &Arc<str>,
    lines: &LineIndex<'_>,
    document: &Document<'_>,
    refused: bool,
    exemptions: Option<&PodSecuritySetup>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let Some(root) = &document.root else {
        return findings;
    };
    for_each_namespace(root, |namespace| {
        let labels: Vec<(&str, &str)> = pod_security_labels(namespace).collect();
        let unreadable = unreadable_labels(namespace);
        if labels.is_empty() && unreadable.is_empty() {
            return;
        }
        let label = |key: &str| labels.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        let (_, problems) = policy_from_labels(label, Policy::default());
        let name = namespace
            .get("metadata")
            .and_then(|metadata| metadata.get("name"))
            .and_then(Node::as_scalar)
            .map(str::to_string);
        let object = Arc::new(ObjectRef {
            kind: "Namespace".to_string(),
            namespace: None,
            name,
            document: document.index,
            template: None,
        });
        let values = namespace
            .get("metadata")
            .and_then(|metadata| metadata.get("labels"));
        if let Some(setup) = exemptions
            && problems.is_empty()
            && let Some(finding) = exempt_labels(setup, namespace, &label, lines)
        {
            let mut finding = finding;
            finding.file = file.clone();
            finding.object = Some(Arc::clone(&object));
            findings.push(finding);
        }
        if !refused {
            return;
        }
        for (key, value) in unreadable {
            let mut finding = INVALID_POD_SECURITY_LABEL
                .finding(format!(
                    "Pod Security label `{}` holds {}; a label's value is a string",
                    crate::text::clip(key),
                    value.describe()
                ))
                .label("not a string")
                .k8s("FieldValueInvalid", None)
                .help("write the level or version as a string (`restricted`, `v1.30`)");
            finding.path = Some(
                FieldPath::root()
                    .children(&["metadata", "labels"])
                    .key(key),
            );
            finding.span = Some(lines.span(value.at));
            finding.file = file.clone();
            finding.object = Some(Arc::clone(&object));
            findings.push(finding);
        }
        for problem in problems {
            let value_node = values.and_then(|labels| labels.get(&problem.label));
            let mut finding = INVALID_POD_SECURITY_LABEL
                .finding(format!(
                    "Pod Security label `{}: {}` {}",
                    problem.label,
                    crate::text::clip(&problem.value),
                    problem.expected
                ))
                .label(problem.expected)
                .k8s("FieldValueInvalid", Some(problem.value.clone()))
                .note(fallback_note(&problem.label))
                .help("write a level in lower case (`restricted`) and a version as `v1.30` or `latest`");
            finding.path = Some(
                FieldPath::root()
                    .children(&["metadata", "labels"])
                    .key(&problem.label),
            );
            if let Some(node) = value_node {
                let span = lines.span(node.at);
                finding.span = Some(span);
                if let Some(repair) = certain_repair(&problem.label, &problem.value) {
                    finding = finding.fixed_elsewhere(
                        Applicability::Safe,
                        vec![PathEdit::At(span, repair)],
                    );
                }
            }
            finding.file = file.clone();
            finding.object = Some(Arc::clone(&object));
            findings.push(finding);
        }
    });
    findings
}

/// PL531 for a Namespace the cluster exempts whose labels set a policy other than its defaults:
/// the admission controller's warning, naming each labelled mode that is not `privileged`.
fn exempt_labels<'l>(
    setup: &PodSecuritySetup,
    namespace: &Node<'_>,
    label: &dyn Fn(&str) -> Option<&'l str>,
    lines: &LineIndex<'_>,
) -> Option<Finding> {
    let metadata = namespace.get("metadata")?;
    let name = metadata.get("name").and_then(Node::as_scalar)?;
    if !setup.exempt_namespaces.iter().any(|exempt| exempt == name) {
        return None;
    }
    let (policy, _) = policy_from_labels(label, setup.defaults);
    if policy.fully_privileged() || policy.equivalent(&setup.defaults) {
        return None;
    }
    let ignored: Vec<String> = Mode::ALL
        .into_iter()
        .filter(|&mode| {
            policy.get(mode).level != Level::Privileged
                && (label(label_key(mode, false)).is_some() || label(label_key(mode, true)).is_some())
        })
        .map(|mode| format!("{}={}", mode.as_str(), policy.get(mode)))
        .collect();
    if ignored.is_empty() {
        return None;
    }
    let mut finding = EXEMPT_NAMESPACE_LABELS
        .finding(format!(
            "namespace \"{}\" is exempt from Pod Security, and the policy ({}) will be ignored",
            crate::text::clip(name),
            ignored.join(", ")
        ))
        .label("exempt: its pods are not checked")
        .help("remove the labels, or the exemption (`podSecurity.exemptions.namespaces`)");
    finding.path = Some(FieldPath::root().children(&["metadata", "labels"]));
    finding.span = metadata
        .entry("labels")
        .map(|(key, _)| lines.span(key.at));
    Some(finding)
}

/// The Pod Security labels of a Namespace whose value is no scalar (a list, a mapping): no
/// label can hold one, so the API server refuses the Namespace.
fn unreadable_labels<'n, 'a>(namespace: &'n Node<'a>) -> Vec<(&'n str, &'n Node<'a>)> {
    let Some(NodeKind::Mapping(entries)) = namespace
        .get("metadata")
        .and_then(|metadata| metadata.get("labels"))
        .map(Node::kind)
    else {
        return Vec::new();
    };
    entries
        .iter()
        .filter_map(|(key, value)| Some((key.as_scalar()?, value)))
        .filter(|(key, value)| key.starts_with(LABEL_PREFIX) && value.as_scalar().is_none())
        .collect()
}

/// How the admission controller reads the label it refuses, for a Namespace that has it.
fn fallback_note(label: &str) -> &'static str {
    let mode = label.strip_prefix(LABEL_PREFIX).unwrap_or(label);
    if mode.ends_with("-version") {
        "the API server refuses the Namespace; where one exists with it, the version reads as `latest`"
    } else if mode == "enforce" {
        "the API server refuses the Namespace; where one exists with it, `enforce` reads as `restricted` (it fails closed)"
    } else {
        "the API server refuses the Namespace; where one exists with it, the level reads as `privileged` (warn and audit fail open)"
    }
}

/// The value the label certainly means: a level in another case, a version without its `v`.
fn certain_repair(label: &str, value: &str) -> Option<String> {
    if label.ends_with("-version") {
        let with_v = format!("v{}", value.trim());
        return PolicyVersion::parse(&with_v).ok().map(|_| with_v);
    }
    let lower = value.trim().to_ascii_lowercase();
    Level::parse(&lower).ok().map(|level| level.as_str().to_string())
}
