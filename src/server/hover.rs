//! Hover: on a finding, its rule's explanation; on a container, its requests and limits and what the pod as a whole asks for, with its QoS class.

use std::fmt::Write as _;

use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

use super::State;
use super::documents::{Encoding, offset, range};
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::objects::read_document_with;
use crate::resources::report::{Settings, analyse_pod};
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Target, for_each_document};

/// The hover at the position, if anything is there.
pub fn hover(params: &HoverParams, state: &State, encoding: Encoding) -> Option<Hover> {
    let uri = &params.text_document_position_params.text_document.uri;
    let position = params.text_document_position_params.position;
    let analysis = state.analyses.get(uri)?;
    let text = analysis.text.as_str();
    let index = LineIndex::new(text);
    let at = offset(&index, position, encoding);
    let finding = analysis.findings.iter().find(|finding| {
        finding.span.is_some_and(|span| {
            let (start, end) = index.byte_range(span);
            (start..=end).contains(&at)
        })
    });
    let (markdown, span) = match finding {
        Some(finding) => (explain(finding)?, finding.span),
        None => (container_at(text, &analysis.templates, &index, at)?, None),
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: span.map(|span| range(&index, span, encoding)),
    })
}

/// A finding with its rule's explanation.
fn explain(finding: &crate::finding::Finding) -> Option<String> {
    let rule = crate::lint::rules::rule(finding.rule)?;
    Some(format!(
        "**{}[{}]** {}\n\n{}",
        finding.severity,
        finding.rule.code,
        finding.message,
        crate::render::rules::rule_doc(rule)
    ))
}

/// What a container holding byte `at` asks for, and the pod's totals and QoS class.
fn container_at(
    text: &str,
    templates: &PodTemplateTable,
    index: &LineIndex<'_>,
    at: usize,
) -> Option<String> {
    let name = std::sync::Arc::from("hover");
    let mut found = None;
    for_each_document(text, |document| {
        if found.is_some() {
            return;
        }
        let Some(root) = document.root.as_ref() else {
            return;
        };
        let objects = read_document_with(&name, index, &document, templates);
        for object in &objects.pods {
            let lists = [
                ("spec.initContainers", object.pod.init_containers()),
                ("spec.containers", object.pod.containers()),
            ];
            for (list, containers) in lists {
                for (position, container) in containers.iter().enumerate() {
                    let path = object.object_relative(&FieldPath::parse(list).index(position));
                    let Some(offsets) = object.offsets_of(root, &path, Target::Value) else {
                        continue;
                    };
                    let span = index.span(offsets);
                    let (start, end) = index.byte_range(span);
                    if !(start..=end).contains(&at) {
                        continue;
                    }
                    let report = analyse_pod(object, span.start.line, &Settings::default());
                    let mut markdown = format!("**container `{}`**", container.name());
                    if let Some(own) = report
                        .resources
                        .containers
                        .iter()
                        .find(|c| c.name == container.name())
                    {
                        let _ = write!(
                            markdown,
                            "\n\nrequests: {}  \nlimits: {}",
                            list_of(&own.requests),
                            list_of(&own.limits)
                        );
                    }
                    let _ = write!(
                        markdown,
                        "\n\n**{}** asks the scheduler for {}; limits {}.  \nQoS class {}.",
                        report.title,
                        decided(
                            &report.resources.requests,
                            &report.resources.requests_decided_by
                        ),
                        decided(
                            &report.resources.limits,
                            &report.resources.limits_decided_by
                        ),
                        report.qos
                    );
                    found = Some(markdown);
                    return;
                }
            }
        }
    });
    found
}

fn list_of(values: &crate::resources::quantities::Quantities) -> String {
    if values.is_empty() {
        return "none".to_string();
    }
    values
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn decided(
    values: &crate::resources::quantities::Quantities,
    by: &std::collections::BTreeMap<String, crate::resources::decision::Decision>,
) -> String {
    if values.is_empty() {
        return "nothing".to_string();
    }
    values
        .iter()
        .map(|(name, value)| match by.get(name) {
            Some(decision) => format!("{name} {value} ({decision})"),
            None => format!("{name} {value}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
