//! The 2016 init-container annotations (seed; SEMANTICS A1): `pod.*.kubernetes.io/init-containers`
//! and `…/init-container-statuses`, read as strict JSON with spans moved into the annotation text.

use crate::k8s::decode::{DecodeError, DecodeProblem, decode};
use crate::k8s::model::{Container, ContainerStatus, PodStatus};
use crate::k8s::workload::{
    InitContainerSource, LEGACY_INIT_ANNOTATIONS, LEGACY_INIT_STATUS_ANNOTATIONS,
    LegacyInitContainers, PodObject,
};
use crate::objects::ObjectReader;
use crate::objects::reading_findings;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Node, Pos, TreeProblemKind};

impl ObjectReader<'_, '_> {
    pub(crate) fn read_legacy_init(
        &mut self,
        object: &mut PodObject,
        problems: &mut Vec<DecodeProblem>,
        errors: &mut Vec<DecodeError>,
    ) {
        let Some(annotations) = object.pod.metadata.annotations.clone() else {
            return;
        };
        for key in LEGACY_INIT_ANNOTATIONS {
            let Some(json) = annotations.get(key) else {
                continue;
            };
            let containers: Vec<Container> = self
                .read_annotation_json(
                    object,
                    key,
                    json,
                    ("containers", "spec.initContainers"),
                    problems,
                    errors,
                )
                .unwrap_or_default();
            if object.legacy_init.is_some() {
                continue;
            }
            let conflicts_with_spec = object
                .pod
                .spec
                .init_containers
                .as_ref()
                .is_some_and(|c| !c.is_empty());
            if !conflicts_with_spec {
                object.pod.spec.init_containers = Some(containers.clone());
                object.init_source = InitContainerSource::Annotation {
                    key: key.to_string(),
                };
            }
            object.legacy_init = Some(LegacyInitContainers {
                key: key.to_string(),
                containers,
                conflicts_with_spec,
            });
        }
        // SEMANTICS A1: the status annotations are read the same way, when the pod's status
        // has no init container statuses of its own.
        for key in LEGACY_INIT_STATUS_ANNOTATIONS {
            let Some(json) = annotations.get(key) else {
                continue;
            };
            let statuses: Option<Vec<ContainerStatus>> = self.read_annotation_json(
                object,
                key,
                json,
                ("container statuses", "status.initContainerStatuses"),
                problems,
                errors,
            );
            let status = object.pod.status.get_or_insert_with(PodStatus::default);
            if let Some(statuses) = statuses
                && status.init_container_statuses.is_none()
            {
                status.init_container_statuses = Some(statuses);
            }
        }
    }

    /// Reads a JSON annotation (strict JSON, as Kubernetes reads it) into `T`, with findings and
    /// later rule findings pointing into the annotation's text.
    fn read_annotation_json<T: serde::de::DeserializeOwned>(
        &mut self,
        object: &mut PodObject,
        key: &str,
        json: &str,
        (what, replacement): (&str, &str),
        problems: &mut Vec<DecodeProblem>,
        errors: &mut Vec<DecodeError>,
    ) -> Option<T> {
        let annotation_path = object.metadata_path.child("annotations").key(key);
        let value_node = self.root.lookup(&object.object_path.join(&annotation_path));
        let (origin, indent) = embedded_origin(self.lines, value_node.value);
        if let Err(error) = serde_json::from_str::<serde::de::IgnoredAny>(json) {
            // Kubernetes reads the annotation as strict JSON; YAML would accept more.
            let line = u32::try_from(error.line()).unwrap_or(1).max(1);
            let column = u32::try_from(error.column()).unwrap_or(1).max(1);
            let at = Pos {
                index: 0,
                line,
                column,
            };
            let span = crate::yaml::source::Span::at(at).relative_to(origin, indent);
            let message = format!(
                "in annotation `{key}`: invalid JSON: {}",
                json_error_message(&error)
            );
            let mut finding = reading_findings::INVALID_YAML
                .finding(message)
                .spanned(span);
            finding.path = Some(annotation_path);
            finding.file = self.file.clone();
            finding.object = Some(object.object_ref().into());
            finding.help = Some(
                format!(
                    "the annotation must hold a JSON array of {what}; better, move them to `{replacement}`"
                )
                .into(),
            );
            self.objects.findings.push(finding);
            object.incomplete = true;
            return None;
        }
        let mut documents = crate::yaml::source::parse_stream(json);
        let document = documents.first_mut()?;
        for problem in &document.problems {
            let rule = match problem.kind {
                TreeProblemKind::DuplicateKey => &reading_findings::DUPLICATE_KEY,
                _ => &reading_findings::INVALID_YAML,
            };
            let message = format!("in annotation `{key}`: {}", problem.message);
            let mut finding = rule
                .finding(message)
                .spanned(problem.span.relative_to(origin, indent));
            finding.path = Some(annotation_path.clone());
            finding.file = self.file.clone();
            finding.object = Some(object.object_ref().into());
            self.objects.findings.push(finding);
        }
        let mut tree = document.root.take().map(Node::into_owned)?;
        tree.relocate(&LineIndex::new(json), self.lines, origin, indent);
        let prefix = object.object_path.join(&annotation_path);
        let decoded = match decode::<T>(&tree, &prefix, problems) {
            Ok(decoded) => Some(decoded),
            Err(error) => {
                errors.push(error);
                object.incomplete = true;
                None
            }
        };
        object.annotation_trees.push((key.to_string(), tree));
        decoded
    }
}

/// Where text embedded in a scalar starts in the file, and the indentation of its later lines.
fn embedded_origin(lines: &LineIndex<'_>, node: &Node<'_>) -> (Pos, u32) {
    let start = lines.pos(node.at.start);
    let first = lines
        .line_text(start.line)
        .chars()
        .nth(start.column.saturating_sub(1) as usize);
    match first {
        Some('"' | '\'') => (
            Pos {
                index: start.index + 1,
                line: start.line,
                column: start.column + 1,
            },
            start.column,
        ),
        Some('|' | '>') => {
            let next = lines.line_text(start.line.saturating_add(1));
            let indent = next.len() - next.trim_start().len();
            let indent = u32::try_from(indent).unwrap_or(0);
            (
                Pos {
                    index: start.index,
                    line: start.line + 1,
                    column: indent + 1,
                },
                indent,
            )
        }
        _ => (start, start.column.saturating_sub(1)),
    }
}

/// serde_json's message without its " at line L column C" suffix (the span says where).
fn json_error_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::objects::read_document;
    use crate::yaml::line_index::LineIndex;
    use crate::yaml::source::parse_stream;

    /// SEMANTICS A1: the init-container status annotations are read like the containers.
    #[test]
    fn a1_legacy_init_container_statuses_are_read() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    pod.alpha.kubernetes.io/init-container-statuses: '[{\"name\":\"setup\",\"restartCount\":2}]'\nspec:\n  containers: [{name: a, image: x:1}]\n";
        let file: Arc<str> = Arc::from("t.yaml");
        let documents = parse_stream(text);
        let found = read_document(&file, &LineIndex::new(text), &documents[0]);
        let status = found.pods[0].pod.status.as_ref().expect("status");
        let statuses = status
            .init_container_statuses
            .as_ref()
            .expect("init statuses");
        assert_eq!(statuses[0].name.as_deref(), Some("setup"));
        assert_eq!(statuses[0].restart_count, Some(2));
    }
}
