//! Pod-bearing objects: which kinds hold a pod, where its template is, and reading them from a document.
//!
//! A document yields zero or more [`PodObject`]s (a `List` yields one per item) plus the
//! loader's findings (not an object, wrong types, unknown fields, invalid annotation JSON). Each
//! pod remembers the paths of its spec and metadata in the file, so a rule's pod-relative path
//! (`spec.initContainers[1].name`) becomes the object's real path and line.

use std::sync::Arc;

use crate::decode::{DecodeError, DecodeProblem, DecodeProblemKind, closest, decode};
use crate::field_path::{FieldPath, Segment};
use crate::finding::{Finding, ObjectRef, Target};
use crate::model::{Container, ObjectMeta, Pod, PodSpec, PodStatus, QuantityValue};
use crate::rules;
use crate::source::{
    Document, Node, NodeKind, Resolved, ScalarForm, TreeProblemKind, resolve_plain,
};

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
    ) -> Option<crate::source::Span> {
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

fn span_from(found: crate::source::Lookup<'_, '_>, target: Target) -> crate::source::Span {
    match (found.complete, target, found.key) {
        (true, Target::Key, Some(key)) => key.span,
        (true, _, _) => found.value.span,
        // A missing field: point at the key of its parent, else the parent's start.
        (false, _, Some(key)) => key.span,
        (false, _, None) => crate::source::Span::at(found.value.span.start),
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

pub(crate) struct ObjectReader<'r, 'a> {
    pub(crate) file: &'r Arc<str>,
    pub(crate) text: &'r str,
    pub(crate) document: usize,
    pub(crate) root: &'r Node<'a>,
    pub(crate) objects: &'r mut DocumentObjects,
}

const TOP_LEVEL_FIELDS: [&str; 5] = ["apiVersion", "kind", "metadata", "spec", "status"];
const LIST_FIELDS: [&str; 4] = ["apiVersion", "kind", "metadata", "items"];

impl ObjectReader<'_, '_> {
    fn loader_finding(
        &mut self,
        rule: &'static rules::Rule,
        message: String,
        span: crate::source::Span,
        path: Option<FieldPath>,
    ) -> &mut Finding {
        let mut finding = Finding::new(rule, message).spanned(span);
        finding.file = self.file.clone();
        finding.path = path;
        finding.object = Some(ObjectRef {
            kind: String::new(),
            namespace: None,
            name: None,
            document: self.document,
        });
        self.objects.findings.push(finding);
        let last = self.objects.findings.len() - 1;
        &mut self.objects.findings[last]
    }

    fn read_object(&mut self, node: &Node<'_>, object_path: &FieldPath, depth: usize) {
        if !matches!(node.kind, NodeKind::Mapping(_)) {
            let message = format!(
                "expected a Kubernetes object (a mapping), found {}",
                node.describe()
            );
            self.loader_finding(
                &rules::NOT_AN_OBJECT,
                message,
                node.span,
                Some(object_path.clone()),
            );
            return;
        }
        let kind = node
            .get("kind")
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_string();
        let api_version = node
            .get("apiVersion")
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_string();
        let is_list = kind.ends_with("List") && node.get("items").is_some();
        let missing: Vec<&str> = [("apiVersion", &api_version), ("kind", &kind)]
            .iter()
            .filter(|(_, value)| value.is_empty())
            .map(|(field, _)| *field)
            .collect();
        if !missing.is_empty() {
            let message = format!("object has no `{}`", missing.join("` and no `"));
            let finding = self.loader_finding(
                &rules::NOT_AN_OBJECT,
                message,
                crate::source::Span::at(node.span.start),
                Some(object_path.clone()),
            );
            finding.help = Some(match missing.as_slice() {
                ["kind"] => "add `kind:` (e.g. `kind: Pod`)".to_string(),
                ["apiVersion"] => "add `apiVersion:` (e.g. `apiVersion: v1` for a Pod)".to_string(),
                _ => "add `apiVersion:` and `kind:` (e.g. `apiVersion: v1` and `kind: Pod`)"
                    .to_string(),
            });
            finding.label = Some("not a Kubernetes object".to_string());
            return;
        }
        if is_list {
            self.unknown_keys(node, object_path, &LIST_FIELDS);
            match node.get("items") {
                Some(Node {
                    kind: NodeKind::Sequence(items),
                    ..
                }) if depth < 4 => {
                    for (index, item) in items.iter().enumerate() {
                        self.read_object(item, &object_path.child("items").index(index), depth + 1);
                    }
                }
                Some(items) if items.is_null() => {}
                Some(items) => {
                    let message = format!("expected a list, found {}", items.describe());
                    self.loader_finding(
                        &rules::WRONG_TYPE,
                        message,
                        items.span,
                        Some(object_path.child("items")),
                    );
                }
                None => {}
            }
            return;
        }
        let Some((spec_path, metadata_path)) = pod_template_paths(&kind) else {
            self.objects.skipped += 1;
            return;
        };
        self.unknown_keys(node, object_path, &TOP_LEVEL_FIELDS);
        self.read_pod(
            node,
            object_path,
            kind,
            api_version,
            FieldPath::parse(spec_path),
            FieldPath::parse(metadata_path),
        );
    }

    fn unknown_keys(&mut self, node: &Node<'_>, path: &FieldPath, known: &[&str]) {
        if let NodeKind::Mapping(entries) = &node.kind {
            for (key, _) in entries {
                let name = key.as_scalar().unwrap_or("");
                if !known.contains(&name) {
                    let help = closest(name, known).map(|field| format!("did you mean `{field}`?"));
                    let finding = self.loader_finding(
                        &rules::UNKNOWN_FIELD,
                        format!("unknown field `{}`", crate::source::clip(name)),
                        key.span,
                        Some(path.child(name)),
                    );
                    finding.help = help;
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn read_pod(
        &mut self,
        node: &Node<'_>,
        object_path: &FieldPath,
        kind: String,
        api_version: String,
        spec_path: FieldPath,
        metadata_path: FieldPath,
    ) {
        let mut problems = Vec::new();
        let mut incomplete = false;
        let mut errors: Vec<DecodeError> = Vec::new();
        let full = |path: &FieldPath| object_path.join(path);

        let object_meta: ObjectMeta = match node.get("metadata") {
            Some(meta) => decode(
                meta,
                &full(&FieldPath::root().child("metadata")),
                &mut problems,
            )
            .unwrap_or_else(|error| {
                errors.push(error);
                ObjectMeta::default()
            }),
            None => ObjectMeta::default(),
        };
        let pod_meta_node = node.lookup(&metadata_path);
        let metadata: ObjectMeta = if kind == "Pod" {
            object_meta.clone()
        } else if pod_meta_node.complete {
            decode(pod_meta_node.value, &full(&metadata_path), &mut problems).unwrap_or_else(
                |error| {
                    errors.push(error);
                    incomplete = true;
                    ObjectMeta::default()
                },
            )
        } else {
            ObjectMeta::default()
        };
        let spec_node = node.lookup(&spec_path);
        let spec: PodSpec = if spec_node.complete {
            decode(spec_node.value, &full(&spec_path), &mut problems).unwrap_or_else(|error| {
                errors.push(error);
                incomplete = true;
                PodSpec::default()
            })
        } else {
            PodSpec::default()
        };
        let status: Option<PodStatus> = match node.get("status") {
            Some(status) if kind == "Pod" && !status.is_null() => {
                match decode(
                    status,
                    &full(&FieldPath::root().child("status")),
                    &mut problems,
                ) {
                    Ok(status) => Some(status),
                    Err(error) => {
                        errors.push(error);
                        None
                    }
                }
            }
            _ => None,
        };
        self.workload_spec_keys(node, object_path, &kind);
        let volume_claim_templates = read_claim_template_names(node, &kind);

        let mut object = PodObject {
            file: self.file.clone(),
            document: self.document,
            api_version,
            namespace: object_meta.namespace.clone(),
            name: object_meta
                .name
                .clone()
                .or_else(|| object_meta.generate_name.clone()),
            kind,
            object_path: object_path.clone(),
            spec_path,
            metadata_path,
            pod: Pod {
                metadata,
                spec,
                status,
            },
            init_source: InitContainerSource::Spec,
            legacy_init: None,
            annotation_trees: Vec::new(),
            volume_claim_templates,
            scale: read_scale(node),
            incomplete,
        };
        self.read_legacy_init(&mut object, &mut problems, &mut errors);

        let object_ref = object.object_ref();
        for problem in problems {
            self.push_decode_problem(problem, &object, &object_ref);
        }
        for error in errors {
            let (path, span) = error.location.clone().unwrap_or_default();
            let mut finding = Finding::new(&rules::WRONG_TYPE, error.message).spanned(span);
            finding.path = Some(path.strip_prefix(object_path).unwrap_or(path));
            finding.file = self.file.clone();
            finding.object = Some(object_ref.clone());
            finding.note = Some("the checks that need this value were skipped".to_string());
            self.objects.findings.push(finding);
        }
        self.quantity_findings(&object);
        self.objects.pods.push(object);
    }

    fn push_decode_problem(
        &mut self,
        problem: DecodeProblem,
        object: &PodObject,
        object_ref: &ObjectRef,
    ) {
        let rule = match problem.kind {
            DecodeProblemKind::UnknownField => &rules::UNKNOWN_FIELD,
            DecodeProblemKind::WrongType => &rules::WRONG_TYPE,
        };
        let mut finding = Finding::new(rule, problem.message)
            .spanned(problem.span)
            .maybe_help(problem.help);
        finding.path = Some(
            problem
                .path
                .strip_prefix(&object.object_path)
                .unwrap_or(problem.path),
        );
        finding.file = self.file.clone();
        finding.object = Some(object_ref.clone());
        self.objects.findings.push(finding);
    }

    fn workload_spec_keys(&mut self, node: &Node<'_>, object_path: &FieldPath, kind: &str) {
        let known: &[&str] = match kind {
            "Deployment" => &[
                "replicas",
                "selector",
                "template",
                "strategy",
                "minReadySeconds",
                "revisionHistoryLimit",
                "paused",
                "progressDeadlineSeconds",
            ],
            "StatefulSet" => &[
                "replicas",
                "selector",
                "template",
                "volumeClaimTemplates",
                "serviceName",
                "podManagementPolicy",
                "updateStrategy",
                "revisionHistoryLimit",
                "minReadySeconds",
                "persistentVolumeClaimRetentionPolicy",
                "ordinals",
            ],
            "DaemonSet" => &[
                "selector",
                "template",
                "updateStrategy",
                "minReadySeconds",
                "revisionHistoryLimit",
            ],
            "ReplicaSet" | "ReplicationController" => {
                &["replicas", "selector", "template", "minReadySeconds"]
            }
            "Job" => JOB_SPEC_FIELDS,
            "CronJob" => &[
                "schedule",
                "timeZone",
                "startingDeadlineSeconds",
                "concurrencyPolicy",
                "suspend",
                "jobTemplate",
                "successfulJobsHistoryLimit",
                "failedJobsHistoryLimit",
            ],
            _ => return,
        };
        if let Some(spec) = node.get("spec") {
            self.unknown_keys(spec, &object_path.child("spec"), known);
            if kind == "CronJob"
                && let Some(job) = spec.get("jobTemplate").and_then(|t| t.get("spec"))
            {
                self.unknown_keys(
                    job,
                    &object_path.child("spec").child("jobTemplate").child("spec"),
                    JOB_SPEC_FIELDS,
                );
            }
        }
    }

    fn quantity_findings(&mut self, object: &PodObject) {
        let context_options = rules::CheckOptions::default();
        let context = rules::PodContext::new(object, &context_options);
        let mut findings = Vec::new();
        let mut check =
            |base: FieldPath, resources: Option<&crate::model::ResourceRequirements>| {
                let Some(resources) = resources else { return };
                for (field, list) in [
                    ("limits", &resources.limits),
                    ("requests", &resources.requests),
                ] {
                    for (name, value) in list.iter().flatten() {
                        if let QuantityValue::Invalid { text, error } = value {
                            let suggestion = crate::quantity::suggestion(text);
                            findings.push(
                                Finding::new(
                                    &rules::INVALID_QUANTITY,
                                    format!("`{text}` is not a valid quantity"),
                                )
                                .at(base.child("resources").child(field).key(name))
                                .label(error.to_string())
                                .maybe_help(suggestion.map(|s| format!("did you mean `{s}`?")))
                                .k8s("FieldValueInvalid", Some(text.clone())),
                            );
                        }
                    }
                }
            };
        for (list, index, container) in context.all_containers() {
            check(
                context.container_path(list, index),
                container.resources.as_ref(),
            );
        }
        check(
            FieldPath::root().child("spec"),
            object.pod.spec.resources.as_ref(),
        );
        for (name, value) in object.pod.spec.overhead.iter().flatten() {
            if let QuantityValue::Invalid { text, error } = value {
                findings.push(
                    Finding::new(
                        &rules::INVALID_QUANTITY,
                        format!("`{text}` is not a valid quantity"),
                    )
                    .at(FieldPath::root().child("spec").child("overhead").key(name))
                    .label(error.to_string())
                    .k8s("FieldValueInvalid", Some(text.clone())),
                );
            }
        }
        for finding in findings {
            let located = object.locate(Some(self.root), finding);
            self.objects.findings.push(located);
        }
    }
}

const JOB_SPEC_FIELDS: &[&str] = &[
    "parallelism",
    "completions",
    "activeDeadlineSeconds",
    "podFailurePolicy",
    "successPolicy",
    "backoffLimit",
    "backoffLimitPerIndex",
    "maxFailedIndexes",
    "selector",
    "manualSelector",
    "template",
    "ttlSecondsAfterFinished",
    "completionMode",
    "suspend",
    "podReplacementPolicy",
    "managedBy",
];

/// `spec.volumeClaimTemplates[*].metadata.name` of a StatefulSet.
fn read_claim_template_names(node: &Node<'_>, kind: &str) -> Vec<String> {
    if kind != "StatefulSet" {
        return Vec::new();
    }
    let templates = node.lookup(&FieldPath::parse("spec.volumeClaimTemplates"));
    let mut names = Vec::new();
    if let (NodeKind::Sequence(items), true) = (&templates.value.kind, templates.complete) {
        for item in items {
            let name = item.lookup(&FieldPath::parse("metadata.name"));
            if let (Some(name), true) = (name.value.as_str(), name.complete) {
                names.push(name.to_string());
            }
        }
    }
    names
}

fn read_scale(node: &Node<'_>) -> Scale {
    let int = |path: &str| {
        let found = node.lookup(&FieldPath::parse(path));
        match (&found.value.kind, found.complete) {
            (NodeKind::Scalar(text, ScalarForm::Plain), true) => match resolve_plain(text) {
                Resolved::Int(value) => Some(value),
                _ => None,
            },
            _ => None,
        }
    };
    Scale {
        replicas: int("spec.replicas"),
        parallelism: int("spec.parallelism").or_else(|| int("spec.jobTemplate.spec.parallelism")),
        completions: int("spec.completions").or_else(|| int("spec.jobTemplate.spec.completions")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::parse_stream;

    fn objects(text: &str) -> Vec<DocumentObjects> {
        let file: Arc<str> = Arc::from("test.yaml");
        parse_stream(text)
            .iter()
            .map(|document| read_document(&file, text, document))
            .collect()
    }

    #[test]
    fn every_pod_bearing_kind_is_found_with_its_template_path() {
        let text = crate::examples::find("job").expect("job example").text;
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
    fn list_items_are_objects_of_their_own() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec: {containers: [{name: a, image: x:1}]}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n";
        let found = objects(text);
        assert_eq!(found[0].pods.len(), 1);
        assert_eq!(found[0].skipped, 1);
        assert_eq!(found[0].pods[0].object_path.to_string(), "items[0]");
    }

    #[test]
    fn legacy_annotation_init_containers_are_read_and_located() {
        let text = crate::examples::find("legacy-annotation")
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
