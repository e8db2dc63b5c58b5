//! Reading sources into objects: a document's pods and the reading findings (PL0xx: syntax,
//! duplicate keys, not an object, wrong types, unknown fields, invalid quantities and annotation
//! JSON), and a source's documents a piece per core in order. Every command reads through here.

mod argo_template_defaults;
mod argo_workflows;
pub mod container_bound;
pub mod in_order;
mod legacy_annotations;
mod object_reader;
mod operator_defaults;
pub mod placeholders;
pub mod read_source;
pub mod reading_findings;
pub mod rendered_sources;
pub mod template_markers;

use std::sync::Arc;

use crate::finding::{Finding, ObjectRef, PathEdit};
use crate::k8s::workload::PodObject;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, Lookup, Node, NodeKind, Pos, Span, TreeProblemKind};

pub(crate) use object_reader::ObjectReader;

/// What one document held.
#[derive(Debug, Default)]
pub struct DocumentObjects {
    /// Pods found.
    pub pods: Vec<PodObject>,
    /// Loader findings, located.
    pub findings: Vec<Finding>,
    /// Objects of kinds that hold no pod.
    pub skipped: usize,
    /// Whether the document was empty.
    pub empty: bool,
    /// Whether the document is plainly no Kubernetes object (not a mapping, or a mapping with
    /// no `kind` and none of `metadata`, `spec`, `containers`: a Compose file, a Helm chart's
    /// `Chart.yaml` or `values.yaml`, a CI workflow); its one PL004 finding says so, and
    /// validation skips and counts it instead of reporting it.
    pub not_kubernetes: bool,
}

/// Resolves a rule's finding: object-relative path, span in the document, file, object
/// (`object`, the pod's [`ObjectRef`], shared by all its findings).
pub fn locate(
    pod: &PodObject,
    object: &Arc<ObjectRef>,
    root: Option<&Node<'_>>,
    lines: &LineIndex<'_>,
    mut finding: Finding,
) -> Finding {
    locate_from(pod, object, root, None, lines, &mut finding);
    finding
}

/// [`locate`] in place (a finding is a few hundred bytes, and a pod's findings are located
/// where its checks put them), with the pod's spec found in `root` once for all its findings
/// when `spec` is given (`PodObject::spec_lookup`): each is placed without walking from the
/// document's root.
pub fn locate_from(
    pod: &PodObject,
    object: &Arc<ObjectRef>,
    root: Option<&Node<'_>>,
    spec: Option<Lookup<'_, '_>>,
    lines: &LineIndex<'_>,
    finding: &mut Finding,
) {
    finding.file = pod.file.clone();
    finding.object = Some(Arc::clone(object));
    if let Some(fix) = finding.fix.as_mut()
        && !fix.elsewhere.is_empty()
    {
        let resolved =
            root.and_then(|root| resolve_path_edits(pod, root, spec, lines, &fix.elsewhere));
        match resolved {
            Some(edits) => fix.elsewhere = edits,
            // A fix that cannot be placed is no fix.
            None => finding.fix = None,
        }
    }
    for related in &mut finding.related {
        related.span = root
            .and_then(|root| {
                pod.offsets_of_pod_path(root, &related.path, crate::yaml::source::Target::Value)
            })
            .map(|at| lines.span(at));
        related.path = pod.object_relative(&related.path);
    }
    // Only where to point: once located, nothing reads it.
    let span_path = finding.span_path.take();
    if let Some(pod_path) = finding.path.take() {
        if finding.span.is_none() {
            let shown = span_path.as_deref().unwrap_or(&pod_path);
            finding.span = root
                .and_then(|root| pod.offsets_of_pod_path_from(root, spec, shown, finding.target))
                .map(|at| lines.span(at));
        }
        finding.path = Some(pod.object_relative(&pod_path));
    }
}

/// Places a fix's path edits in the document: each becomes an edit of a span; `None` when
/// one cannot be placed (a missing entry, a flow-style mapping to insert into).
fn resolve_path_edits<'n, 'a>(
    pod: &PodObject,
    root: &'n Node<'a>,
    spec: Option<Lookup<'n, 'a>>,
    lines: &LineIndex<'_>,
    edits: &[PathEdit],
) -> Option<Vec<PathEdit>> {
    let span = |node: &Node<'_>| lines.span(node.at);
    // Walked on from the pod's spec when the path is under it (most are).
    let lookup = |path: &FieldPath| {
        pod.lookup_pod_path_from(root, spec, path)
            .unwrap_or_else(|| root.lookup(&pod.object_path.join(&pod.object_relative(path))))
    };
    let line_start = |line: u32| Pos {
        index: 0,
        line,
        column: 1,
    };
    let mut placed = Vec::new();
    for edit in edits {
        match edit {
            PathEdit::At(..) => placed.push(edit.clone()),
            PathEdit::DeleteEntry(path) => {
                let mut full = pod.object_path.join(&pod.object_relative(path));
                // The only entry of its mapping: the enclosing entry goes instead.
                let segments = full.segments();
                if let Some((_, parent)) = segments.split_last() {
                    let parent = FieldPath::from(parent.to_vec());
                    let found = root.lookup(&parent);
                    if found.complete
                        && found.key.is_some()
                        && matches!(found.value.kind(), NodeKind::Mapping(entries) if entries.len() == 1)
                    {
                        full = parent;
                    }
                }
                let found = root.lookup(&full);
                let key = found.key.filter(|_| found.complete)?;
                let end = span(found.value).end;
                let end = if end.column == 1 {
                    end
                } else {
                    line_start(end.line + 1)
                };
                placed.push(PathEdit::At(
                    Span {
                        start: line_start(span(key).start.line),
                        end,
                    },
                    String::new(),
                ));
            }
            PathEdit::InsertFirst(path, text) => {
                let found = lookup(path);
                let NodeKind::Mapping(entries) = found.value.kind() else {
                    return None;
                };
                let (first, first_value) = entries.first().filter(|_| found.complete)?;
                let first_at = span(first).start;
                let indent = " ".repeat(first_at.column.saturating_sub(1) as usize);
                let mut inserted = String::with_capacity(text.len() * 2);
                for line in text.lines() {
                    inserted.push_str(&indent);
                    inserted.push_str(line);
                    inserted.push('\n');
                }
                let at = match found.key {
                    // A flow mapping (`spec: {…}`) starts on its key's line: no block to
                    // insert into.
                    Some(key) if first_at.line == span(key).start.line => return None,
                    Some(_) => line_start(first_at.line),
                    // A sequence item (`- name: app`): its first entry shares the dash's
                    // line, so the lines go after that entry, when its value is one line.
                    None => {
                        let one_line = matches!(first_value.kind(), NodeKind::Scalar(..))
                            && span(first_value).end.line == first_at.line;
                        if !one_line || found.value.at.start != first.at.start {
                            return None;
                        }
                        line_start(first_at.line + 1)
                    }
                };
                placed.push(PathEdit::At(Span { start: at, end: at }, inserted));
            }
            PathEdit::Replace(path, text) => {
                let found = lookup(path);
                if !found.complete || found.key.is_none() {
                    return None;
                }
                placed.push(PathEdit::At(span(found.value), text.clone()));
            }
        }
    }
    Some(placed)
}

/// Reads the pods of one parsed document; `lines` indexes the whole text the document was
/// parsed from (one index per file, shared by its documents: a position is found without
/// scanning the text from its start).
pub fn read_document(
    file: &Arc<str>,
    lines: &LineIndex<'_>,
    document: &Document<'_>,
) -> DocumentObjects {
    read_document_with(file, lines, document, PodTemplateTable::built_in())
}

/// Reads the pods of one parsed document, with custom resources' pod templates found through
/// `templates` (the built-in table plus a configuration's `podTemplates:`).
pub fn read_document_with(
    file: &Arc<str>,
    lines: &LineIndex<'_>,
    document: &Document<'_>,
    templates: &PodTemplateTable,
) -> DocumentObjects {
    let mut objects = DocumentObjects::default();
    for problem in &document.problems {
        let rule = match problem.kind {
            TreeProblemKind::Syntax | TreeProblemKind::BadMerge | TreeProblemKind::ComplexKey => {
                &reading_findings::INVALID_YAML
            }
            TreeProblemKind::DuplicateKey => &reading_findings::DUPLICATE_KEY,
            TreeProblemKind::TooDeep
            | TreeProblemKind::AliasBomb
            | TreeProblemKind::UnknownAnchor => &reading_findings::INPUT_TOO_COMPLEX,
        };
        let mut finding = rule.finding(problem.message.clone()).spanned(problem.span);
        let prefix = |pos: Pos| -> String {
            lines
                .line_text(pos.line)
                .chars()
                .take(pos.column.saturating_sub(1) as usize)
                .collect()
        };
        if let (TreeProblemKind::DuplicateKey, Some(extent)) = (problem.kind, problem.extent)
            // Only a block entry whose key begins its line is removed by lines.
            && prefix(extent.start).chars().all(|c| c == ' ')
        {
            // Remove the lines of the entry kubectl drops, keeping the last: what podlife checked.
            // A block value ends where the next entry starts (after its indentation): the
            // lines end before that line; otherwise after the value's own last line.
            let line = if prefix(extent.end).trim().is_empty() {
                extent.end.line
            } else {
                extent.end.line + 1
            };
            let end = Pos {
                index: 0,
                line,
                column: 1,
            };
            let lines = Span {
                start: Pos {
                    index: 0,
                    line: extent.start.line,
                    column: 1,
                },
                end,
            };
            finding = finding.fixed_elsewhere(
                crate::finding::Applicability::Unsafe,
                vec![PathEdit::At(lines, String::new())],
            );
        }
        finding.file = file.clone();
        finding.object = Some(Arc::new(ObjectRef {
            kind: String::new(),
            namespace: None,
            name: None,
            document: document.index,
            template: None,
        }));
        objects.findings.push(finding);
    }
    let Some(root) = &document.root else {
        objects.empty = document.problems.is_empty();
        return objects;
    };
    if root.is_null() {
        objects.empty = true;
        return objects;
    }
    let mut reader = ObjectReader {
        file,
        lines,
        document: document.index,
        root,
        objects: &mut objects,
        templates,
    };
    reader.read_object(root, &FieldPath::root(), 0);
    objects
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::workload::{InitContainerSource, LEGACY_INIT_ANNOTATIONS};
    use crate::yaml::source::{Target, parse_stream};

    fn objects(text: &str) -> Vec<DocumentObjects> {
        let file: Arc<str> = Arc::from("test.yaml");
        parse_stream(text)
            .iter()
            .map(|document| read_document(&file, &LineIndex::new(text), document))
            .collect()
    }

    /// The duplicate-key fix of a document far into a file is placed on its own lines: the
    /// file's one line index answers for every document (no walk from the start per problem).
    #[test]
    fn duplicate_keys_deep_in_a_file_get_their_own_lines_removed() {
        let document = |n: usize| {
            format!(
                "apiVersion: v1\r\nkind: Pod\r\nmetadata: {{name: p{n}}}\r\nspec:\r\n  containers:\r\n  - name: a\r\n    image: x:1\r\n    image: x:2\r\n"
            )
        };
        let text = (0..300).map(document).collect::<Vec<_>>().join("---\r\n");
        let found = objects(&text);
        assert_eq!(found.len(), 300);
        for (n, objects) in found.iter().enumerate() {
            let [finding] = objects.findings.as_slice() else {
                panic!("document {n}: {:?}", objects.findings);
            };
            assert_eq!(finding.rule.code, "PL002");
            let fix = finding.fix.as_ref().expect("a fix");
            let [PathEdit::At(span, replacement)] = fix.elsewhere.as_slice() else {
                panic!("{:?}", fix.elsewhere);
            };
            let dropped = u32::try_from(n * 9 + 7).expect("line");
            assert_eq!((span.start.line, span.start.column), (dropped, 1));
            assert_eq!((span.end.line, span.end.column), (dropped + 1, 1));
            assert!(replacement.is_empty());
        }
    }

    #[test]
    fn knative_names_unnamed_containers_as_knative_does() {
        let names = |containers: &str, init: &str| -> Vec<String> {
            let text = format!(
                "apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata: {{name: s}}\nspec:\n  template:\n    spec:\n      containers: {containers}\n      initContainers: {init}\n"
            );
            let found = objects(&text);
            let pod = &found[0].pods[0];
            pod.pod
                .init_containers()
                .iter()
                .chain(pod.pod.spec.containers.iter().flatten())
                .map(|c| c.name.clone().unwrap_or_default())
                .collect()
        };
        assert_eq!(names("[{image: a}]", "[]"), ["user-container"]);
        assert_eq!(
            names("[{image: a}, {image: b}]", "[{image: c}]"),
            ["init-container", "user-container-0", "user-container-1"]
        );
        assert_eq!(
            names("[{image: a}, {name: user-container-0, image: b}]", "[]"),
            ["user-container-1", "user-container-0"],
            "a suffix another container uses is skipped"
        );
        assert_eq!(
            names("[{image: a}]", "[{name: user-container, image: c}]"),
            ["user-container", "user-container-0"],
            "the plain name is taken"
        );
    }

    #[test]
    fn every_pod_bearing_kind_is_found_with_its_template_path() {
        let text = crate::input::examples::find("job")
            .expect("job example")
            .text;
        let found = objects(text);
        let pod = &found[0].pods[0];
        assert_eq!(pod.kind, "Job");
        assert_eq!(pod.spec_path.to_string(), "spec.template.spec");
        assert_eq!(pod.pod.init_containers().len(), 2);
        let cronjob = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      parallelism: 3\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: a, image: busybox:1.36}]\n";
        let found = objects(cronjob);
        let pod = &found[0].pods[0];
        assert_eq!(
            pod.spec_path.to_string(),
            "spec.jobTemplate.spec.template.spec"
        );
        assert_eq!(pod.scale.parallelism, Some(3));
        assert_eq!(
            pod.object_relative(&FieldPath::parse("spec.containers[0].image"))
                .to_string(),
            "spec.jobTemplate.spec.template.spec.containers[0].image"
        );
    }

    #[test]
    fn a_pod_template_keeps_its_pod_in_template_not_spec() {
        let text = "apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate:\n  spec: {containers: [{name: a, image: x:1}]}\nspec: {}\n";
        let found = objects(text);
        assert_eq!(found[0].pods.len(), 1);
        let unknown: Vec<String> = found[0]
            .findings
            .iter()
            .filter(|finding| finding.rule.code == "PL006")
            .filter_map(|finding| finding.path.as_ref().map(ToString::to_string))
            .collect();
        assert_eq!(unknown, ["spec"]);
    }

    /// A pod-relative path is found where its object-relative path is, built or not: in a
    /// List's item, a CronJob's template, the object's own fields, present or missing.
    #[test]
    fn spans_of_pod_paths_are_the_spans_of_their_object_paths() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: c}\n  spec:\n    schedule: '* * * * *'\n    jobTemplate:\n      spec:\n        template:\n          metadata: {labels: {app: c}}\n          spec:\n            containers:\n            - name: a\n              image: busybox:1.36\n              resources: {limits: {memory: 1Gi}}\n";
        let documents = parse_stream(text);
        let file: Arc<str> = Arc::from("test.yaml");
        let found = read_document(&file, &LineIndex::new(text), &documents[0]);
        let pod = &found.pods[0];
        let root = documents[0].root.as_ref().expect("a root");
        for path in [
            "spec.containers[0].image",
            "spec.containers[0].name",
            "spec.containers[0].resources.limits[memory]",
            "spec.containers[0].resources.requests[cpu]",
            "spec.containers[3].image",
            "spec.securityContext.runAsNonRoot",
            "metadata.labels[app]",
            "metadata.annotations",
            "$object.spec.schedule",
            "$object.spec.replicas",
            "kind",
            "",
        ] {
            let pod_path = FieldPath::parse(path);
            for target in [Target::Value, Target::Key] {
                assert_eq!(
                    pod.offsets_of_pod_path(root, &pod_path, target),
                    pod.offsets_of(root, &pod.object_relative(&pod_path), target),
                    "{path} {target:?}"
                );
            }
        }
    }

    #[test]
    fn list_items_are_objects_of_their_own() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec: {containers: [{name: a, image: x:1}]}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n";
        let found = objects(text);
        assert_eq!(found[0].pods.len(), 1);
        assert_eq!(found[0].skipped, 1);
        assert_eq!(found[0].pods[0].object_path.to_string(), "items[0]");
    }

    #[test]
    fn legacy_annotation_init_containers_are_read_and_located() {
        let text = crate::input::examples::find("legacy-annotation")
            .expect("example")
            .text;
        let documents = parse_stream(text);
        let file: Arc<str> = Arc::from("test.yaml");
        let found = read_document(&file, &LineIndex::new(text), &documents[0]);
        let pod = &found.pods[0];
        assert_eq!(
            pod.init_source,
            InitContainerSource::Annotation {
                key: LEGACY_INIT_ANNOTATIONS[0].to_string()
            }
        );
        assert_eq!(pod.pod.init_containers()[0].name(), "install");
        let finding = crate::lint::rules::CONTAINER_IMAGE_REQUIRED
            .finding("probe")
            .at(FieldPath::root()
                .child("metadata")
                .child("annotations")
                .key(LEGACY_INIT_ANNOTATIONS[0])
                .index(0)
                .child("image"));
        let located = locate(
            pod,
            &Arc::new(pod.object_ref()),
            documents[0].root.as_ref(),
            &LineIndex::new(text),
            finding,
        );
        let span = located.span.expect("located");
        let line = text
            .lines()
            .nth(span.start.line as usize - 1)
            .expect("line");
        assert!(line.contains("\"image\": \"busybox:1.36\""), "{line}");
        let column = span.start.column as usize - 1;
        assert_eq!(&line[column..column + 14], "\"busybox:1.36\"");
    }
}
