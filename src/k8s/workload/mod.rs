//! Pod-bearing objects: which kinds hold a pod, where its template is, and reading them from a document.
//!
//! A document yields zero or more [`PodObject`]s (a `List` yields one per item) plus the
//! loader's findings (not an object, wrong types, unknown fields, invalid annotation JSON). Each
//! pod remembers the paths of its spec and metadata in the file, so a rule's pod-relative path
//! (`spec.initContainers[1].name`) becomes the object's real path and line.

mod legacy_annotations;
mod object_reader;

use std::sync::Arc;

use crate::k8s::model::{Container, Pod};
use crate::lint::finding::{Finding, ObjectRef, Target};
use crate::lint::rules;
use crate::yaml::field_path::{FieldPath, Segment};
use crate::yaml::source::{Document, Node, TreeProblemKind};

pub(crate) use object_reader::ObjectReader;

/// The annotations that held init containers before `spec.initContainers` (seed).
pub const LEGACY_INIT_ANNOTATIONS: [&str; 2] = [
    "pod.beta.kubernetes.io/init-containers",
    "pod.alpha.kubernetes.io/init-containers",
];

/// The annotations that held init container statuses before `status.initContainerStatuses`.
pub const LEGACY_INIT_STATUS_ANNOTATIONS: [&str; 2] = [
    "pod.beta.kubernetes.io/init-container-statuses",
    "pod.alpha.kubernetes.io/init-container-statuses",
];

/// Where a pod's init containers were read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InitContainerSource {
    /// `spec.initContainers` (or none at all).
    Spec,
    /// A legacy annotation, by key.
    Annotation {
        /// The annotation key.
        key: String,
    },
}

/// Init containers found in a legacy annotation.
#[derive(Debug, Clone)]
pub struct LegacyInitContainers {
    /// The annotation key.
    pub key: String,
    /// The containers it holds (empty if its JSON could not be read).
    pub containers: Vec<Container>,
    /// Whether `spec.initContainers` was also set (the spec wins).
    pub conflicts_with_spec: bool,
}

/// How many pods a workload asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scale {
    /// `spec.replicas` (Deployment, StatefulSet, ReplicaSet, ReplicationController).
    pub replicas: Option<i64>,
    /// `parallelism` (Job, CronJob's job template).
    pub parallelism: Option<i64>,
    /// `completions` (Job, CronJob's job template).
    pub completions: Option<i64>,
}

/// A pod found in a document: a Pod, or the pod template of a workload.
#[derive(Debug, Clone)]
pub struct PodObject {
    /// The file, as named on the command line.
    pub file: Arc<str>,
    /// The document's index in the file.
    pub document: usize,
    /// `apiVersion` of the object.
    pub api_version: String,
    /// `kind` of the object.
    pub kind: String,
    /// The object's namespace.
    pub namespace: Option<String>,
    /// The object's name.
    pub name: Option<String>,
    /// Path of the object in its document (`items[2]` in a List, else empty).
    pub object_path: FieldPath,
    /// Object-relative path of the pod spec (`spec.template.spec`).
    pub spec_path: FieldPath,
    /// Object-relative path of the pod metadata (`spec.template.metadata`).
    pub metadata_path: FieldPath,
    /// The pod.
    pub pod: Pod,
    /// Where the init containers came from.
    pub init_source: InitContainerSource,
    /// Init containers from a legacy annotation, when there was one.
    pub legacy_init: Option<LegacyInitContainers>,
    /// Parsed legacy annotations, for locating findings inside them.
    pub(crate) annotation_trees: Vec<(String, Node<'static>)>,
    /// Names of a StatefulSet's `volumeClaimTemplates`: the controller adds them to each pod's
    /// volumes, so containers may mount them.
    pub volume_claim_templates: Vec<String>,
    /// Replicas, parallelism, completions.
    pub scale: Scale,
    /// Whether part of the pod could not be decoded (checks that need it are skipped).
    pub incomplete: bool,
}

impl PodObject {
    /// The object reference findings carry.
    pub fn object_ref(&self) -> ObjectRef {
        ObjectRef {
            kind: self.kind.clone(),
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            document: self.document,
        }
    }

    /// A display name: `Deployment default/web`.
    pub fn display_name(&self) -> String {
        let name = self.name.as_deref().unwrap_or("<unnamed>");
        match &self.namespace {
            Some(namespace) => format!("{} {namespace}/{name}", self.kind),
            None => format!("{} {name}", self.kind),
        }
    }

    /// Maps a pod-relative path (`spec.x`, `metadata.y`) to the object-relative path.
    pub fn object_relative(&self, pod_path: &FieldPath) -> FieldPath {
        let segments = pod_path.segments();
        let (prefix, rest) = match segments.first() {
            Some(Segment::Field(first)) if first == "spec" => (&self.spec_path, &segments[1..]),
            Some(Segment::Field(first)) if first == "metadata" => {
                (&self.metadata_path, &segments[1..])
            }
            _ => return pod_path.clone(),
        };
        prefix.join(&FieldPath::from(rest.to_vec()))
    }

    /// Resolves a rule's finding: object-relative path, span in the document, file, object.
    pub fn locate(&self, root: Option<&Node<'_>>, mut finding: Finding) -> Finding {
        finding.file = self.file.clone();
        finding.object = Some(self.object_ref());
        if let Some(pod_path) = finding.path.take() {
            let path = self.object_relative(&pod_path);
            if finding.span.is_none() {
                let shown = finding
                    .span_path
                    .take()
                    .map_or_else(|| path.clone(), |p| self.object_relative(&p));
                finding.span = root.and_then(|root| self.span_of(root, &shown, finding.target));
            }
            finding.path = Some(path);
        }
        finding
    }

    fn span_of(
        &self,
        root: &Node<'_>,
        path: &FieldPath,
        target: Target,
    ) -> Option<crate::yaml::source::Span> {
        let annotations = self.metadata_path.child("annotations");
        if let Some(rest) = path.strip_prefix(&annotations)
            && let Some(Segment::Key(key)) = rest.segments().first()
            && rest.segments().len() > 1
            && let Some((_, tree)) = self.annotation_trees.iter().find(|(k, _)| k == key)
        {
            let inner = FieldPath::from(rest.segments()[1..].to_vec());
            return Some(span_from(tree.lookup(&inner), target));
        }
        let full = self.object_path.join(path);
        Some(span_from(root.lookup(&full), target))
    }
}

fn span_from(
    found: crate::yaml::source::Lookup<'_, '_>,
    target: Target,
) -> crate::yaml::source::Span {
    match (found.complete, target, found.key) {
        (true, Target::Key, Some(key)) => key.span,
        (true, _, _) => found.value.span,
        // A missing field: point at the key of its parent, else the parent's start.
        (false, _, Some(key)) => key.span,
        (false, _, None) => crate::yaml::source::Span::at(found.value.span.start),
    }
}

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
}

/// Where a kind keeps its pod: (spec path, metadata path), object-relative.
pub fn pod_template_paths(kind: &str) -> Option<(&'static str, &'static str)> {
    Some(match kind {
        "Pod" => ("spec", "metadata"),
        "PodTemplate" => ("template.spec", "template.metadata"),
        "Deployment"
        | "StatefulSet"
        | "DaemonSet"
        | "ReplicaSet"
        | "ReplicationController"
        | "Job" => ("spec.template.spec", "spec.template.metadata"),
        "CronJob" => (
            "spec.jobTemplate.spec.template.spec",
            "spec.jobTemplate.spec.template.metadata",
        ),
        _ => return None,
    })
}

/// Reads the pods of one parsed document.
pub fn read_document(file: &Arc<str>, text: &str, document: &Document<'_>) -> DocumentObjects {
    let mut objects = DocumentObjects::default();
    for problem in &document.problems {
        let rule = match problem.kind {
            TreeProblemKind::Syntax => &rules::INVALID_YAML,
            TreeProblemKind::DuplicateKey | TreeProblemKind::ComplexKey => &rules::DUPLICATE_KEY,
            TreeProblemKind::TooDeep
            | TreeProblemKind::AliasBomb
            | TreeProblemKind::UnknownAnchor => &rules::INPUT_TOO_COMPLEX,
        };
        let mut finding = Finding::new(rule, problem.message.clone()).spanned(problem.span);
        finding.file = file.clone();
        finding.object = Some(ObjectRef {
            kind: String::new(),
            namespace: None,
            name: None,
            document: document.index,
        });
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
        text,
        document: document.index,
        root,
        objects: &mut objects,
    };
    reader.read_object(root, &FieldPath::root(), 0);
    objects
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::parse_stream;

    fn objects(text: &str) -> Vec<DocumentObjects> {
        let file: Arc<str> = Arc::from("test.yaml");
        parse_stream(text)
            .iter()
            .map(|document| read_document(&file, text, document))
            .collect()
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
            .filter(|finding| finding.rule.id == "PL006")
            .filter_map(|finding| finding.path.as_ref().map(ToString::to_string))
            .collect();
        assert_eq!(unknown, ["spec"]);
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
        let found = read_document(&file, text, &documents[0]);
        let pod = &found.pods[0];
        assert_eq!(
            pod.init_source,
            InitContainerSource::Annotation {
                key: LEGACY_INIT_ANNOTATIONS[0].to_string()
            }
        );
        assert_eq!(pod.pod.init_containers()[0].name(), "install");
        let finding = Finding::new(&rules::CONTAINER_IMAGE_REQUIRED, "probe").at(FieldPath::root()
            .child("metadata")
            .child("annotations")
            .key(LEGACY_INIT_ANNOTATIONS[0])
            .index(0)
            .child("image"));
        let located = pod.locate(documents[0].root.as_ref(), finding);
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
