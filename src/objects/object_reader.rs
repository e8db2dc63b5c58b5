//! Reading one Kubernetes object into pods: kind and List dispatch, the top-level and
//! workload fields, the typed pod model with its decode findings, and a workload's scale.

use std::sync::Arc;

use super::{DocumentObjects, argo_workflows, container_bound, locate, operator_defaults};
use crate::finding::{Applicability, Finding, ObjectRef};
use crate::k8s::container_list::ContainerList;
use crate::k8s::decode::{DecodeError, DecodeProblem, DecodeProblemKind, decode};
use crate::k8s::model::{ObjectMeta, Pod, PodSpec, PodStatus, QuantityValue};
use crate::k8s::workload::apps::{AppsKind, AppsSpec};
use crate::k8s::workload::custom_resources::{CustomPodTemplates, Flavour, PodTemplateTable};
use crate::k8s::workload::job::{CronSpec, JobSpecFields};
use crate::k8s::workload::{
    InitContainerSource, PodObject, Scale, WorkloadSelector, pod_template_paths,
};
use crate::objects::reading_findings;
use crate::text::closest;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Node, NodeKind, Resolved, ScalarForm, resolve_plain};

/// Reads the objects of one document into [`DocumentObjects`], with the loader's findings.
pub(crate) struct ObjectReader<'r, 'a> {
    pub(crate) file: &'r Arc<str>,
    /// The line index of the whole text (legacy annotations read their scalar's lines).
    pub(crate) lines: &'r LineIndex<'r>,
    pub(crate) document: usize,
    pub(crate) root: &'r Node<'a>,
    pub(crate) objects: &'r mut DocumentObjects,
    /// Where custom resources keep their pod templates.
    pub(crate) templates: &'r PodTemplateTable,
}

/// Pod templates read from one custom resource, at most (a finding says when there are more).
const MAX_TEMPLATES_PER_OBJECT: usize = 1_000;

const TOP_LEVEL_FIELDS: [&str; 5] = ["apiVersion", "kind", "metadata", "spec", "status"];
/// A `PodTemplate` keeps its pod in `template`, not `spec`.
const POD_TEMPLATE_FIELDS: [&str; 4] = ["apiVersion", "kind", "metadata", "template"];
const LIST_FIELDS: [&str; 4] = ["apiVersion", "kind", "metadata", "items"];

impl ObjectReader<'_, '_> {
    fn loader_finding(
        &mut self,
        rule: &'static reading_findings::ReadingFinding,
        message: String,
        span: crate::yaml::source::Span,
        path: Option<FieldPath>,
    ) {
        self.push_finding(rule.finding(message).spanned(span), path);
    }

    fn push_finding(&mut self, mut finding: Finding, path: Option<FieldPath>) {
        finding.file = self.file.clone();
        finding.path = path;
        finding.object = Some(Arc::new(ObjectRef {
            kind: String::new(),
            namespace: None,
            name: None,
            document: self.document,
            template: None,
        }));
        self.objects.findings.push(finding);
    }

    pub(super) fn read_object(&mut self, node: &Node<'_>, object_path: &FieldPath, depth: usize) {
        if !matches!(node.kind(), NodeKind::Mapping(_)) {
            self.objects.not_kubernetes = depth == 0 && !lists_objects(node);
            let message = format!(
                "expected a Kubernetes object (a mapping), found {}",
                node.describe()
            );
            self.loader_finding(
                &reading_findings::NOT_AN_OBJECT,
                message,
                self.lines.span(node.at),
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
            self.objects.not_kubernetes =
                depth == 0 && kind.is_empty() && !shaped_like_an_object(node);
            let message = format!("object has no `{}`", missing.join("` and no `"));
            let help = match missing.as_slice() {
                ["kind"] => "add `kind:` (e.g. `kind: Pod`)",
                ["apiVersion"] => "add `apiVersion:` (e.g. `apiVersion: v1` for a Pod)",
                _ => "add `apiVersion:` and `kind:` (e.g. `apiVersion: v1` and `kind: Pod`)",
            };
            let finding = reading_findings::NOT_AN_OBJECT
                .finding(message)
                .spanned(crate::yaml::source::Span::at(self.lines.pos(node.at.start)))
                .help(help)
                .label("not a Kubernetes object");
            self.push_finding(finding, Some(object_path.clone()));
            return;
        }
        if is_list {
            self.unknown_keys(node, object_path, &LIST_FIELDS);
            match node.get("items") {
                Some(list) if depth < 4 && matches!(list.kind(), NodeKind::Sequence(_)) => {
                    let NodeKind::Sequence(items) = list.kind() else {
                        return;
                    };
                    for (index, item) in items.iter().enumerate() {
                        self.read_object(item, &object_path.child("items").index(index), depth + 1);
                    }
                }
                Some(items) if items.is_null() => {}
                Some(items) => {
                    let message = format!("expected a list, found {}", items.describe());
                    self.loader_finding(
                        &reading_findings::WRONG_TYPE,
                        message,
                        self.lines.span(items.at),
                        Some(object_path.child("items")),
                    );
                }
                None => {}
            }
            return;
        }
        if let Some(custom) = self.templates.find(&api_version, &kind) {
            self.read_custom_resource(node, object_path, custom, &kind, &api_version);
            return;
        }
        let Some((spec_path, metadata_path)) = pod_template_paths(&api_version, &kind) else {
            // A kind of no group podlife reads (`batch.volcano.sh`'s `Job` aside, which the
            // table above knows): skipped and counted, like any kind that holds no pod.
            self.objects.skipped += 1;
            return;
        };
        let known: &[&str] = if kind == "PodTemplate" {
            &POD_TEMPLATE_FIELDS
        } else {
            &TOP_LEVEL_FIELDS
        };
        self.unknown_keys(node, object_path, known);
        let runs_as_job = matches!(kind.as_str(), "Job" | "CronJob");
        self.read_pod(
            node,
            object_path,
            kind,
            api_version,
            FieldPath::parse_static(spec_path),
            FieldPath::parse_static(metadata_path),
            None,
            runs_as_job,
        );
    }

    /// A custom resource the template table knows: each pod template its paths reach is a
    /// pod; none at all is a skipped object, as for a kind that holds no pod. Its own fields
    /// are the operator's, so only the templates are checked.
    fn read_custom_resource(
        &mut self,
        node: &Node<'_>,
        object_path: &FieldPath,
        custom: &CustomPodTemplates,
        kind: &str,
        api_version: &str,
    ) {
        // Each template found, and whether a Job runs its pod.
        let mut templates: Vec<(FieldPath, bool)> = Vec::new();
        let every_path = (custom.paths.iter().map(|path| (path, false)))
            .chain(custom.job_paths.iter().map(|path| (path, true)));
        for (path, runs_as_job) in every_path {
            let room = MAX_TEMPLATES_PER_OBJECT + 1 - templates.len();
            templates.extend(
                path.find(node, room)
                    .into_iter()
                    .map(|template| (template, runs_as_job)),
            );
        }
        if templates.len() > MAX_TEMPLATES_PER_OBJECT {
            templates.truncate(MAX_TEMPLATES_PER_OBJECT);
            let message = format!(
                "more than {MAX_TEMPLATES_PER_OBJECT} pod templates in one {kind}: the first \
                 {MAX_TEMPLATES_PER_OBJECT} are checked"
            );
            self.loader_finding(
                &reading_findings::INPUT_TOO_COMPLEX,
                message,
                crate::yaml::source::Span::at(self.lines.pos(node.at.start)),
                Some(object_path.clone()),
            );
        }
        let argo = custom.flavour == Flavour::ArgoWorkflowTemplate;
        if argo {
            // Only a template that runs containers is a pod (not steps, dag, suspend, …).
            templates.retain(|(template, _)| {
                let found = node.lookup(template);
                found.complete && argo_workflows::runs_containers(found.value)
            });
        }
        if templates.is_empty() {
            self.objects.skipped += 1;
            return;
        }
        for (template, runs_as_job) in templates {
            // An Argo template holds the pod spec's parts itself.
            let spec = if argo {
                template.clone()
            } else {
                template.child("spec")
            };
            self.read_pod(
                node,
                object_path,
                kind.to_string(),
                api_version.to_string(),
                spec,
                template.child("metadata"),
                Some(custom),
                runs_as_job,
            );
            if runs_as_job
                && custom.fills_restart_policy
                && let Some(object) = self.objects.pods.last_mut()
            {
                operator_defaults::fill_job_restart_policy(&mut object.pod.spec);
            }
        }
    }

    fn unknown_keys(&mut self, node: &Node<'_>, path: &FieldPath, known: &[&str]) {
        if let NodeKind::Mapping(entries) = node.kind() {
            for (key, _) in entries {
                let name = key.as_scalar().unwrap_or("");
                if !known.contains(&name) {
                    let suggestion = closest(name, known);
                    let help = suggestion.map(|field| format!("did you mean `{field}`?"));
                    let mut finding = reading_findings::UNKNOWN_FIELD
                        .finding(format!("unknown field `{}`", crate::text::clip(name)))
                        .spanned(self.lines.span(key.at))
                        .maybe_help(help);
                    if let Some(field) = suggestion {
                        finding = finding.fixed_by(Applicability::Unsafe, field);
                    }
                    self.push_finding(finding, Some(path.child(name.to_string())));
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
        custom: Option<&CustomPodTemplates>,
        runs_as_job: bool,
    ) {
        let flavour = custom.map(|custom| custom.flavour);
        let mut problems = Vec::new();
        let mut incomplete = false;
        let mut errors: Vec<DecodeError> = Vec::new();
        let full = |path: &FieldPath| object_path.join(path);

        let object_meta: ObjectMeta = decode_collecting(
            node.get("metadata"),
            &full(&FieldPath::root().child("metadata")),
            &mut problems,
            &mut errors,
        )
        .and_then(Result::ok)
        .unwrap_or_default();
        let metadata: ObjectMeta = if kind == "Pod" {
            object_meta.clone()
        } else {
            let full_path = full(&metadata_path);
            let (template, unreadable) = read_template_metadata(
                node,
                &metadata_path,
                &full_path,
                &mut problems,
                &mut errors,
            );
            incomplete |= unreadable;
            in_workload_namespace(template, &object_meta)
        };
        let mut too_wide = None;
        let (spec, path_map, argo_claims) = read_spec(
            node,
            (object_path, &spec_path),
            flavour,
            &mut too_wide,
            &mut problems,
            &mut errors,
        );
        incomplete |= spec.is_none();
        let mut spec = spec.unwrap_or_default();
        let volume_claim_templates = claim_templates(node, &kind, custom, argo_claims);
        let status = (kind == "Pod")
            .then(|| read_status(node, &full, &mut problems, &mut errors))
            .flatten();
        let (workload, cron, job_spec) = match flavour {
            Some(flavour) => {
                operator_defaults::apply(flavour, &full(&spec_path), &mut spec, &mut problems);
                (None, None, None)
            }
            None => {
                self.workload_spec_keys(node, object_path, &kind);
                controller_specs(node, &api_version, &kind, &full, &mut problems, &mut errors)
            }
        };
        let mut object = PodObject {
            // First: they read `api_version` and `kind` before they move into the object.
            selector: read_selector(node, flavour.is_none(), &api_version, &kind),
            job: job_spec
                .as_ref()
                .map(crate::k8s::workload::job::JobControl::of),
            file: self.file.clone(),
            document: self.document,
            api_version,
            namespace: object_meta.namespace.clone(),
            name: object_meta
                .name
                .clone()
                .or(object_meta.generate_name.clone()),
            // A pod's own metadata is its pod's: kept once.
            own_metadata: (kind != "Pod").then(|| Box::new(object_meta)),
            kind,
            object_path: object_path.clone(),
            spec_path,
            metadata_path,
            path_map,
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
            workload,
            cron,
            job_spec,
            runs_as_job,
            incomplete,
            flavour,
        };
        self.read_legacy_init(&mut object, &mut problems, &mut errors);

        let object_ref = object.object_ref();
        self.push_too_many_containers(too_wide, &object, &object_ref);
        for problem in problems {
            self.push_decode_problem(problem, &object, &object_ref);
        }
        for error in errors {
            self.push_decode_error(error, object_path, &object_ref);
        }
        self.quantity_findings(&object);
        self.objects.pods.push(object);
    }

    /// A pod past [`container_bound::MAX_CONTAINERS_PER_POD`], if it is one: PL003 at its first
    /// container past the bound; the pod was not decoded, so none of its checks run.
    fn push_too_many_containers(
        &mut self,
        too_wide: Option<container_bound::TooManyContainers>,
        object: &PodObject,
        object_ref: &ObjectRef,
    ) {
        let Some(past) = too_wide else { return };
        let mut finding = reading_findings::INPUT_TOO_COMPLEX
            .finding(past.message())
            .spanned(self.lines.span(past.at));
        finding.path = Some(object.spec_path.join(&past.path));
        finding.file = self.file.clone();
        finding.object = Some(object_ref.clone().into());
        self.objects.findings.push(finding);
    }

    /// A value that could not be read at all: PL005, and the checks that need it are skipped.
    fn push_decode_error(
        &mut self,
        error: DecodeError,
        object_path: &FieldPath,
        object_ref: &ObjectRef,
    ) {
        let (path, at) = error.location.clone().unwrap_or_default();
        let mut finding = reading_findings::WRONG_TYPE
            .finding(error.message)
            .spanned(self.lines.span(at));
        finding.path = Some(path.strip_prefix(object_path).unwrap_or(path));
        finding.file = self.file.clone();
        finding.object = Some(object_ref.clone().into());
        finding.note = Some("the checks that need this value were skipped".into());
        self.objects.findings.push(finding);
    }

    fn push_decode_problem(
        &mut self,
        problem: DecodeProblem,
        object: &PodObject,
        object_ref: &ObjectRef,
    ) {
        let (rule, applicability) = match problem.kind {
            // A field name one edit away is a guess: the author may have meant another field.
            DecodeProblemKind::UnknownField => {
                (&reading_findings::UNKNOWN_FIELD, Applicability::Unsafe)
            }
            // Quotes added or removed: the value as written, in the type the field has.
            DecodeProblemKind::WrongType => (&reading_findings::WRONG_TYPE, Applicability::Safe),
        };
        let mut finding = rule
            .finding(problem.message)
            .spanned(self.lines.span(problem.at))
            .maybe_help(problem.help);
        if let Some(replacement) = problem.replacement {
            finding = finding.fixed_by(applicability, replacement);
        }
        finding.path = Some(
            problem
                .path
                .strip_prefix(&object.object_path)
                .unwrap_or(problem.path),
        );
        finding.file = self.file.clone();
        finding.object = Some(object_ref.clone().into());
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
        let mut findings = Vec::new();
        let mut check =
            |base: FieldPath, resources: Option<&crate::k8s::model::ResourceRequirements>| {
                let Some(resources) = resources else { return };
                for (field, list) in [
                    ("limits", &resources.limits),
                    ("requests", &resources.requests),
                ] {
                    for (name, value) in list.iter().flatten() {
                        if let QuantityValue::Invalid { text, error } = value {
                            findings.push(invalid_quantity(
                                text,
                                error,
                                base.child("resources").child(field).key(name),
                            ));
                        }
                    }
                }
            };
        let pod = &object.pod;
        for (list, containers) in [
            (ContainerList::Init, pod.init_containers()),
            (ContainerList::App, pod.containers()),
            (ContainerList::Ephemeral, pod.ephemeral_containers()),
            (ContainerList::Defer, pod.defer_containers()),
        ] {
            for (index, container) in containers.iter().enumerate() {
                check(
                    object.container_field_path(list, index, &[]),
                    container.resources.as_ref(),
                );
            }
        }
        check(
            FieldPath::root().child("spec"),
            object.pod.spec.resources.as_ref(),
        );
        for (name, value) in object.pod.spec.overhead.iter().flatten() {
            if let QuantityValue::Invalid { text, error } = value {
                findings.push(invalid_quantity(
                    text,
                    error,
                    FieldPath::root().child("spec").child("overhead").key(name),
                ));
            }
        }
        // An ephemeral volume's claim template requests and limits storage.
        for (index, volume) in object.pod.spec.volumes.iter().flatten().enumerate() {
            let Some(resources) = volume
                .source
                .ephemeral
                .as_ref()
                .and_then(|e| e.volume_claim_template.as_ref())
                .and_then(|t| t.spec.as_ref())
                .and_then(|s| s.resources.as_ref())
            else {
                continue;
            };
            let base = FieldPath::root()
                .child("spec")
                .child("volumes")
                .index(index)
                .child("ephemeral")
                .child("volumeClaimTemplate")
                .child("spec")
                .child("resources");
            for (field, list) in [
                ("limits", &resources.limits),
                ("requests", &resources.requests),
            ] {
                for (name, value) in list.iter().flatten() {
                    if let QuantityValue::Invalid { text, error } = value {
                        findings.push(invalid_quantity(text, error, base.child(field).key(name)));
                    }
                }
            }
        }
        let object_ref = Arc::new(object.object_ref());
        for finding in findings {
            let located = locate(object, &object_ref, Some(self.root), self.lines, finding);
            self.objects.findings.push(located);
        }
    }
}

/// PL007 for the quantity `text` at `path`: the spelling it most likely means as help, and as
/// a safe fix when that is its only reading (`512MiB` → `512Mi`, not `512MB`).
fn invalid_quantity(
    text: &str,
    error: &crate::k8s::quantity::QuantityError,
    path: FieldPath,
) -> Finding {
    let suggestion = crate::k8s::quantity::suggestion(text);
    let mut finding = reading_findings::INVALID_QUANTITY
        .finding(format!("`{text}` is not a valid quantity"))
        .at(path)
        .label(error.to_string())
        .maybe_help(suggestion.map(|s| format!("did you mean `{s}`?")))
        .k8s("FieldValueInvalid", Some(text.to_string()));
    if let Some(fixed) = crate::k8s::quantity::certain_correction(text) {
        finding = finding.fixed_by(Applicability::Safe, crate::yaml::writer::string(&fixed));
    }
    finding
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

/// Whether a mapping with no `kind` still looks like a Kubernetes object that lost it: it has
/// `metadata`, `spec` or `containers`. A Compose file, a Helm `Chart.yaml` or `values.yaml`, a
/// CI workflow has none of them.
fn shaped_like_an_object(node: &Node<'_>) -> bool {
    ["metadata", "spec", "containers"]
        .iter()
        .any(|field| node.get(field).is_some())
}

/// Whether a list holds what look like Kubernetes objects (a `List` that lost its `items`
/// wrapper): then it is reported, not skipped.
fn lists_objects(node: &Node<'_>) -> bool {
    let NodeKind::Sequence(items) = node.kind() else {
        return false;
    };
    items.iter().any(|item| {
        item.get("kind").is_some()
            || item.get("apiVersion").is_some()
            || shaped_like_an_object(item)
    })
}

/// `spec.volumeClaimTemplates[*].metadata.name` of a StatefulSet.
/// Decodes a value if there is one, keeping its problems; a value that cannot be read at all
/// goes to `errors` (`Some(Err(()))`).
/// The pod spec at `spec_path` (`None`: it could not be decoded), with, for an Argo template,
/// where its parts are (`path_map`) and the workflow's claim names.
#[allow(clippy::type_complexity)]
/// A pod's spec, decoded; none when it cannot be read, or when it holds more containers than
/// podlife reads in one pod (`too_wide` then says so, and nothing is decoded).
fn read_spec(
    node: &Node<'_>,
    (object_path, spec_path): (&FieldPath, &FieldPath),
    custom: Option<Flavour>,
    too_wide: &mut Option<container_bound::TooManyContainers>,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> (
    Option<PodSpec>,
    Vec<(FieldPath, FieldPath)>,
    Option<Vec<String>>,
) {
    if custom == Some(Flavour::ArgoWorkflowTemplate) {
        let argo = argo_workflows::read_template(node, object_path, spec_path, problems, errors);
        let spec = (!argo.incomplete).then_some(argo.spec);
        return (spec, argo.path_map, Some(argo.claims));
    }
    let spec_node = node.lookup(spec_path);
    if spec_node.complete {
        *too_wide = container_bound::too_many_containers(spec_node.value);
        if too_wide.is_some() {
            return (None, Vec::new(), None);
        }
    }
    let spec = match decode_collecting(
        spec_node.complete.then_some(spec_node.value),
        &object_path.join(spec_path),
        problems,
        errors,
    ) {
        Some(Ok(spec)) => Some(spec),
        Some(Err(())) => None,
        None => Some(PodSpec::default()),
    };
    (spec, Vec::new(), None)
}

pub(super) fn decode_collecting<T: serde::de::DeserializeOwned>(
    value: Option<&Node<'_>>,
    path: &FieldPath,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> Option<Result<T, ()>> {
    value.map(|value| decode(value, path, problems).map_err(|error| errors.push(error)))
}

/// Decodes the fields of one mapping of an object (a workload's `spec`, a CronJob's
/// `jobTemplate.spec`) one at a time: a value of the wrong type is PL005 and reads as absent.
struct SpecFields<'n, 'a> {
    /// The mapping, if the object has it.
    node: Option<&'n Node<'n>>,
    /// Its object-relative path.
    at: FieldPath,
    full: &'a dyn Fn(&FieldPath) -> FieldPath,
    problems: &'a mut Vec<DecodeProblem>,
    errors: &'a mut Vec<DecodeError>,
}

impl<'n, 'a> SpecFields<'n, 'a> {
    /// The fields of the mapping at `at` in the object `node`.
    fn at(
        node: &'n Node<'n>,
        at: &'static str,
        full: &'a dyn Fn(&FieldPath) -> FieldPath,
        problems: &'a mut Vec<DecodeProblem>,
        errors: &'a mut Vec<DecodeError>,
    ) -> Self {
        let at = FieldPath::parse(at);
        let found = node.lookup(&at);
        SpecFields {
            node: found.complete.then_some(found.value),
            at,
            full,
            problems,
            errors,
        }
    }

    /// The field `name`, decoded, or `None` when absent, null or unreadable.
    fn get<T: serde::de::DeserializeOwned>(&mut self, name: &'static str) -> Option<T> {
        // Most fields are absent: their path is made only for one that is there.
        let value = self
            .node
            .and_then(|node| node.get(name))
            .filter(|value| !value.is_null())?;
        let path = (self.full)(&self.at.child(name));
        let before = (self.problems.len(), self.errors.len());
        let decoded =
            decode_collecting(Some(value), &path, self.problems, self.errors).and_then(Result::ok);
        // A value read despite a problem (a number where a string goes) is reported (PL005) and
        // not judged again by the checks that read it.
        (before == (self.problems.len(), self.errors.len()))
            .then_some(decoded)
            .flatten()
    }

    /// Whether the field `name` is written (and not null).
    fn has(&self, name: &str) -> bool {
        self.node
            .and_then(|node| node.get(name))
            .is_some_and(|value| !value.is_null())
    }
}

/// The spec of an `apps/v1` workload beside its selector and template.
fn read_apps_spec(kind: AppsKind, fields: &mut SpecFields<'_, '_>) -> AppsSpec {
    let mut read = AppsSpec::new(kind);
    if kind != AppsKind::DaemonSet {
        read.replicas = fields.get("replicas");
    }
    read.min_ready_seconds = fields.get("minReadySeconds");
    if kind != AppsKind::ReplicaSet {
        read.revision_history_limit = fields.get("revisionHistoryLimit");
    }
    match kind {
        AppsKind::Deployment => {
            read.progress_deadline_seconds = fields.get("progressDeadlineSeconds");
            read.strategy = fields.get("strategy");
        }
        AppsKind::DaemonSet => read.strategy = fields.get("updateStrategy"),
        AppsKind::StatefulSet => {
            read.strategy = fields.get("updateStrategy");
            read.pod_management_policy = fields.get("podManagementPolicy");
            read.service_name = fields.get("serviceName");
            read.ordinals = fields.get("ordinals");
            read.claim_retention = fields.get("persistentVolumeClaimRetentionPolicy");
            read.claim_templates = fields.get("volumeClaimTemplates");
        }
        AppsKind::ReplicaSet => {}
    }
    read
}

/// What the controller of a built-in workload reads beside the template: an `apps/v1` spec; a
/// `batch/v1` Job's spec; a CronJob's own spec and its job template's.
fn controller_specs(
    node: &Node<'_>,
    api_version: &str,
    kind: &str,
    full: &dyn Fn(&FieldPath) -> FieldPath,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> (Option<AppsSpec>, Option<CronSpec>, Option<JobSpecFields>) {
    if let Some(apps) = AppsKind::of(api_version, kind) {
        let mut fields = SpecFields::at(node, "spec", full, problems, errors);
        return (Some(read_apps_spec(apps, &mut fields)), None, None);
    }
    match (api_version, kind) {
        ("batch/v1", "Job") => {
            let mut fields = SpecFields::at(node, "spec", full, problems, errors);
            let job = read_job_spec("spec", true, &mut fields);
            (None, None, Some(job))
        }
        ("batch/v1", "CronJob") => {
            let cron = read_cron_spec(&mut SpecFields::at(node, "spec", full, problems, errors));
            let template = "spec.jobTemplate.spec";
            let mut fields = SpecFields::at(node, template, full, problems, errors);
            let job = read_job_spec(template, false, &mut fields);
            (None, Some(cron), Some(job))
        }
        // The CronJob API before `batch/v1` (gone in 1.25, still read): its Jobs are run as any
        // other's; its own fields are not judged.
        ("batch/v1beta1", "CronJob") => {
            let template = "spec.jobTemplate.spec";
            let mut fields = SpecFields::at(node, template, full, problems, errors);
            (
                None,
                None,
                Some(read_job_spec(template, false, &mut fields)),
            )
        }
        _ => (None, None, None),
    }
}

/// A `batch/v1` Job's spec fields, or a CronJob's job template's (`at`; `defaulted` for a Job).
fn read_job_spec(
    at: &'static str,
    defaulted: bool,
    fields: &mut SpecFields<'_, '_>,
) -> JobSpecFields {
    JobSpecFields {
        at,
        defaulted,
        parallelism: fields.get("parallelism"),
        completions: fields.get("completions"),
        active_deadline_seconds: fields.get("activeDeadlineSeconds"),
        backoff_limit: fields.get("backoffLimit"),
        ttl_seconds_after_finished: fields.get("ttlSecondsAfterFinished"),
        backoff_limit_per_index: fields.get("backoffLimitPerIndex"),
        max_failed_indexes: fields.get("maxFailedIndexes"),
        completion_mode: fields.get("completionMode"),
        success_policy: fields.get("successPolicy"),
        pod_failure_policy: fields.get("podFailurePolicy"),
        pod_replacement_policy: fields.get("podReplacementPolicy"),
        managed_by: fields.get("managedBy"),
        manual_selector: fields.get("manualSelector"),
        selector_written: fields.has("selector"),
    }
}

/// A `batch/v1` CronJob's own spec fields.
fn read_cron_spec(fields: &mut SpecFields<'_, '_>) -> CronSpec {
    CronSpec {
        schedule: fields.get("schedule"),
        schedule_written: fields.has("schedule"),
        time_zone: fields.get("timeZone"),
        concurrency_policy: fields.get("concurrencyPolicy"),
        starting_deadline_seconds: fields.get("startingDeadlineSeconds"),
        successful_jobs_history_limit: fields.get("successfulJobsHistoryLimit"),
        failed_jobs_history_limit: fields.get("failedJobsHistoryLimit"),
    }
}

/// The claim templates whose volumes the controller adds to each pod: an Argo template's, a
/// StatefulSet's, and those an operator's custom resource declares.
fn claim_templates(
    node: &Node<'_>,
    kind: &str,
    custom: Option<&CustomPodTemplates>,
    argo_claims: Option<Vec<String>>,
) -> Vec<String> {
    let mut names = argo_claims.unwrap_or_else(|| read_claim_template_names(node, kind));
    if let Some(custom) = custom {
        names.extend(operator_defaults::claim_names(node, custom));
        names.sort();
        names.dedup();
    }
    names
}

fn read_claim_template_names(node: &Node<'_>, kind: &str) -> Vec<String> {
    if kind != "StatefulSet" {
        return Vec::new();
    }
    let templates = node.lookup(&FieldPath::parse("spec.volumeClaimTemplates"));
    let mut names = Vec::new();
    if let (NodeKind::Sequence(items), true) = (templates.value.kind(), templates.complete) {
        for item in items {
            let name = item.lookup(&FieldPath::parse("metadata.name"));
            if let (Some(name), true) = (name.value.as_str(), name.complete) {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The selector a built-in workload must match its template with (`PodObject::selector`).
/// Decode problems are not reported here: the selector is not part of the pod.
fn read_selector(
    node: &Node<'_>,
    built_in: bool,
    api_version: &str,
    kind: &str,
) -> Option<WorkloadSelector> {
    use crate::k8s::scheduling::LabelSelector;
    if !built_in {
        return None;
    }
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    let map_form = match (group, kind) {
        ("apps" | "extensions", "Deployment" | "ReplicaSet" | "DaemonSet")
        | ("apps", "StatefulSet") => false,
        ("", "ReplicationController") => true,
        ("batch", "Job") if api_version == "batch/v1" => false,
        _ => return None,
    };
    let found = node.lookup(&FieldPath::parse("spec.selector"));
    if !found.complete || found.value.is_null() {
        return Some(WorkloadSelector::Missing);
    }
    let mut problems = Vec::new();
    if map_form {
        let labels: std::collections::BTreeMap<String, String> =
            decode(found.value, &FieldPath::root(), &mut problems).ok()?;
        return Some(WorkloadSelector::Written(LabelSelector {
            match_labels: Some(labels),
            match_expressions: None,
        }));
    }
    let selector: LabelSelector = decode(found.value, &FieldPath::root(), &mut problems).ok()?;
    problems
        .is_empty()
        .then_some(WorkloadSelector::Written(selector))
}

fn read_scale(node: &Node<'_>) -> Scale {
    let int = |path: &'static str| {
        let found = node.lookup(&FieldPath::parse_static(path));
        match (found.value.kind(), found.complete) {
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

/// A Pod's `status`, when it has one.
fn read_status(
    node: &Node<'_>,
    full: &dyn Fn(&FieldPath) -> FieldPath,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> Option<PodStatus> {
    let status = node.get("status").filter(|status| !status.is_null());
    let at = full(&FieldPath::root().child("status"));
    decode_collecting(status, &at, problems, errors).and_then(Result::ok)
}

/// A pod template's `metadata` at `at` (`full` in the document), and whether it could not be
/// read (PL005 says why).
fn read_template_metadata(
    node: &Node<'_>,
    at: &FieldPath,
    full: &FieldPath,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> (ObjectMeta, bool) {
    let found = node.lookup(at);
    let decoded = decode_collecting(
        found.complete.then_some(found.value),
        full,
        problems,
        errors,
    );
    let unreadable = matches!(decoded, Some(Err(())));
    (decoded.and_then(Result::ok).unwrap_or_default(), unreadable)
}

/// A template's pod metadata, in its workload's namespace: a controller creates the pods of
/// its template in its own namespace (the pod it builds copies the template's labels and
/// annotations, and the create call names the controller's namespace).
fn in_workload_namespace(mut template: ObjectMeta, workload: &ObjectMeta) -> ObjectMeta {
    if workload.namespace.is_some() {
        template.namespace.clone_from(&workload.namespace);
    }
    template
}
