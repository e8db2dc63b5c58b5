//! Pod-bearing objects: which kinds hold a pod, where its template is, and reading them from a document.
//!
//! A document yields zero or more [`PodObject`]s (a `List` yields one per item; the reader is
//! `objects`, which also reports what it cannot read). Each pod remembers the paths of its
//! spec and metadata in the file, so a rule's pod-relative path (`spec.initContainers[1].name`)
//! becomes the object's real path and line.

pub mod apps;
pub mod custom_resources;
pub mod job;
pub mod rollout;

use std::sync::Arc;

use serde::Serialize;

use crate::k8s::container_list::ContainerList;
use crate::k8s::model::{Container, Pod};
use crate::yaml::field_path::{FieldPath, Segment};
use crate::yaml::source::{Lookup, Node, Offsets, Target};

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

/// The first segment of a rule's path that names a field of the object itself rather than of
/// its pod (`$object.spec.replicas` is a Deployment's `spec.replicas`).
pub const OBJECT_ROOT: &str = "$object";

/// A rule's path as a user reads it: a field of the object (`$object.spec.replicas`) without
/// its marker.
pub fn shown_path(path: &FieldPath) -> String {
    match path.segments().split_first() {
        Some((Segment::Field(first), rest)) if first == OBJECT_ROOT => {
            FieldPath::from(rest.to_vec()).to_string()
        }
        _ => path.to_string(),
    }
}

/// `spec.selector` of a Deployment, ReplicaSet, StatefulSet or DaemonSet (a label selector),
/// or of a ReplicationController (a map, read as `matchLabels`).
#[derive(Debug, Clone, PartialEq)]
pub enum WorkloadSelector {
    /// The field is not there.
    Missing,
    /// The selector as written.
    Written(crate::k8s::scheduling::LabelSelector),
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

/// Which pod (or object) a finding belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ObjectRef {
    /// The object's kind (`Deployment`, `Pod`, …), empty if unknown.
    pub kind: String,
    /// Its namespace, if set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Its name, if set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The document's index in its file, from 0.
    pub document: usize,
    /// For a custom resource's pod, the path of its template in the object
    /// (`spec.workerGroupSpecs[0].template`): one object may hold several pods.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
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
    /// The object's name (its `generateName` when it has none).
    pub name: Option<String>,
    /// The object's own `metadata`, when it is not a Pod (a Pod's is its pod's).
    pub own_metadata: Option<Box<crate::k8s::model::ObjectMeta>>,
    /// Path of the object in its document (`items[2]` in a List, else empty).
    pub object_path: FieldPath,
    /// Object-relative path of the pod spec (`spec.template.spec`).
    pub spec_path: FieldPath,
    /// Object-relative path of the pod metadata (`spec.template.metadata`).
    pub metadata_path: FieldPath,
    /// Pod-relative prefixes that live elsewhere in the object, most specific first
    /// (`spec.containers[0]` → `spec.templates[2].container` in an Argo workflow); empty
    /// when the pod spec is one mapping at `spec_path`.
    pub path_map: Vec<(FieldPath, FieldPath)>,
    /// The pod.
    pub pod: Pod,
    /// Where the init containers came from.
    pub init_source: InitContainerSource,
    /// Init containers from a legacy annotation, when there was one.
    pub legacy_init: Option<LegacyInitContainers>,
    /// Parsed legacy annotations, for locating findings inside them.
    pub annotation_trees: Vec<(String, Node<'static>)>,
    /// Names of a StatefulSet's `volumeClaimTemplates`: the controller adds them to each pod's
    /// volumes, so containers may mount them.
    pub volume_claim_templates: Vec<String>,
    /// Replicas, parallelism, completions.
    pub scale: Scale,
    /// The pod selector of a built-in workload that must select its own template; `None` for
    /// other kinds and when the selector cannot be read.
    pub selector: Option<WorkloadSelector>,
    /// A Job's (or CronJob's) controller settings; `None` for other kinds.
    pub job: Option<job::JobControl>,
    /// An `apps/v1` workload's spec beside its selector and template, as written; `None` for
    /// other kinds.
    pub workload: Option<apps::AppsSpec>,
    /// A `batch/v1` CronJob's schedule and time zone; `None` for other kinds.
    pub cron: Option<job::CronSpec>,
    /// A `batch/v1` Job's spec fields, or a CronJob's job template's; `None` for other kinds.
    pub job_spec: Option<job::JobSpecFields>,
    /// Whether a Job runs this pod, so it must not restart `Always`: a `batch` Job or CronJob,
    /// or a custom resource's template that becomes a Job's (KEDA's `ScaledJob`, JobSet, a
    /// `RayJob`'s submitter, a `podTemplates:` entry with `job: true`, …).
    pub runs_as_job: bool,
    /// Whether part of the pod could not be decoded (checks that need it are skipped).
    pub incomplete: bool,
    /// For a custom resource's pod, how its operator builds the pod.
    pub flavour: Option<custom_resources::Flavour>,
}

/// What the API server of `gates`' release takes out of a workload's own spec before
/// validating it, at object paths: a Job's gated fields ([`job::JobSpecFields::stored`]) and a
/// StatefulSet's `maxUnavailable` without the MaxUnavailableStatefulSet gate.
pub fn controller_removals(
    object: &PodObject,
    gates: &crate::k8s::cluster::FeatureGates,
) -> Vec<crate::k8s::cluster::dropped_fields::RemovedField> {
    use crate::k8s::cluster::Gate;
    use crate::k8s::cluster::dropped_fields::{Removal, RemovedField};
    let mut removed = object
        .job_spec
        .as_ref()
        .map(|spec| spec.stored(gates).1)
        .unwrap_or_default();
    let stateful_max_unavailable = object.workload.as_ref().is_some_and(|spec| {
        spec.kind == apps::AppsKind::StatefulSet
            && spec
                .strategy
                .as_ref()
                .and_then(|strategy| strategy.rolling_update.as_ref())
                .is_some_and(|rolling| rolling.max_unavailable.is_some())
    });
    if stateful_max_unavailable && !gates.enabled(Gate::MaxUnavailableStatefulSet) {
        removed.push(RemovedField {
            path: FieldPath::root()
                .child(OBJECT_ROOT)
                .join(&FieldPath::parse_static(
                    "spec.updateStrategy.rollingUpdate.maxUnavailable",
                )),
            removal: Removal::Dropped(Gate::MaxUnavailableStatefulSet),
        });
    }
    removed
}

/// The path of a container of a pod followed by `fields` (`spec.initContainers[1].image`, or
/// where the legacy annotation holds it when the init containers came from one), made in one
/// allocation.
pub fn container_field_path(
    init_source: &InitContainerSource,
    list: ContainerList,
    index: usize,
    fields: &[&'static str],
) -> FieldPath {
    match (init_source, list) {
        (InitContainerSource::Annotation { key }, ContainerList::Init) => FieldPath::root()
            .child("metadata")
            .child("annotations")
            .key(key)
            .index(index)
            .children(fields),
        _ => {
            let mut segments = Vec::with_capacity(3 + fields.len());
            segments.push(Segment::Field("spec".into()));
            segments.push(Segment::Field(list.field().into()));
            segments.push(Segment::Index(index));
            segments.extend(fields.iter().map(|&field| Segment::Field(field.into())));
            FieldPath::from(segments)
        }
    }
}

impl PodObject {
    /// The object's own `metadata`: a Pod's, or a workload's (not its template's).
    pub fn own_metadata(&self) -> &crate::k8s::model::ObjectMeta {
        self.own_metadata.as_deref().unwrap_or(&self.pod.metadata)
    }

    /// The path of a container of the pod followed by `fields` ([`container_field_path`]).
    pub fn container_field_path(
        &self,
        list: ContainerList,
        index: usize,
        fields: &[&'static str],
    ) -> FieldPath {
        container_field_path(&self.init_source, list, index, fields)
    }

    /// The object reference findings carry.
    pub fn object_ref(&self) -> ObjectRef {
        ObjectRef {
            kind: self.kind.clone(),
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            document: self.document,
            template: self.template_path().map(|path| path.to_string()),
        }
    }

    /// For a custom resource's pod, where its template is in the object: the mapping holding
    /// `spec` and `metadata` (an Argo template holds the spec's parts itself).
    pub fn template_path(&self) -> Option<FieldPath> {
        match self.flavour? {
            custom_resources::Flavour::ArgoWorkflowTemplate => Some(self.spec_path.clone()),
            _ => {
                let segments = self.spec_path.segments();
                let parent = segments.get(..segments.len().saturating_sub(1))?;
                Some(FieldPath::from(parent.to_vec()))
            }
        }
    }

    /// Whether the object is one of Kubernetes' own kinds (matched by group and kind), not a
    /// custom resource that shares a kind's name (OpenKruise's `StatefulSet`).
    pub fn is_built_in(&self) -> bool {
        self.flavour.is_none()
    }

    /// The name `simulate --pod` knows the pod by, in every command and the language server:
    /// its own `metadata.name`, else its object's (a workload's template has none), else `pod`.
    pub fn pod_name(&self) -> String {
        self.pod
            .metadata
            .name
            .clone()
            .or_else(|| self.name.clone())
            .unwrap_or_else(|| "pod".to_string())
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
        let (prefix, rest) = self.object_relative_parts(pod_path);
        joined(prefix, rest)
    }

    /// The object-relative path of a pod-relative one as two parts, the object's prefix and
    /// the rest of the pod path, joined by [`PodObject::object_relative`].
    fn object_relative_parts<'s>(
        &'s self,
        pod_path: &'s FieldPath,
    ) -> (&'s [Segment], &'s [Segment]) {
        let segments = pod_path.segments();
        for (pod_prefix, object_prefix) in &self.path_map {
            if let Some(rest) = segments.strip_prefix(pod_prefix.segments()) {
                return (object_prefix.segments(), rest);
            }
        }
        match segments.split_first() {
            Some((Segment::Field(first), rest)) if first == OBJECT_ROOT => (&[], rest),
            Some((Segment::Field(first), rest)) if first == "spec" => {
                (self.spec_path.segments(), rest)
            }
            Some((Segment::Field(first), rest)) if first == "metadata" => {
                (self.metadata_path.segments(), rest)
            }
            _ => (&[], segments),
        }
    }

    /// The offsets of a pod-relative path: [`PodObject::offsets_of`] its object-relative path,
    /// found without building that path.
    pub fn offsets_of_pod_path(
        &self,
        root: &Node<'_>,
        pod_path: &FieldPath,
        target: Target,
    ) -> Option<Offsets> {
        self.offsets_of_pod_path_from(root, None, pod_path, target)
    }

    /// Where the pod's spec is in its document: looked up once, [`PodObject::offsets_of_pod_path_from`]
    /// walks on from it for each of the pod's findings (most are under the spec).
    pub fn spec_lookup<'n, 'a>(&self, root: &'n Node<'a>) -> Lookup<'n, 'a> {
        lookup_parts(
            root,
            &[self.object_path.segments(), self.spec_path.segments()],
        )
    }

    /// [`PodObject::offsets_of_pod_path`], a path under the spec walked on from `spec` (the pod's
    /// [`PodObject::spec_lookup`] in `root`) rather than from the document's root.
    pub fn offsets_of_pod_path_from(
        &self,
        root: &Node<'_>,
        spec: Option<Lookup<'_, '_>>,
        pod_path: &FieldPath,
        target: Target,
    ) -> Option<Offsets> {
        if !self.annotation_trees.is_empty() {
            return self.offsets_of(root, &self.object_relative(pod_path), target);
        }
        let (prefix, rest) = self.object_relative_parts(pod_path);
        if let Some(spec) = spec
            && std::ptr::eq(prefix, self.spec_path.segments())
        {
            return Some(offsets_from(spec.then(rest), target));
        }
        let parts = [self.object_path.segments(), prefix, rest];
        Some(offsets_from(lookup_parts(root, &parts), target))
    }

    /// The node at a pod-relative path, walked on from `spec` (the pod's
    /// [`PodObject::spec_lookup`]) when the path is under the spec, else from the document's
    /// root; `None` for a pod read from a legacy annotation (its paths lead into the
    /// annotation's own tree).
    pub fn lookup_pod_path_from<'n, 'a>(
        &self,
        root: &'n Node<'a>,
        spec: Option<Lookup<'n, 'a>>,
        pod_path: &FieldPath,
    ) -> Option<Lookup<'n, 'a>> {
        if !self.annotation_trees.is_empty() {
            return None;
        }
        let (prefix, rest) = self.object_relative_parts(pod_path);
        if let Some(spec) = spec
            && std::ptr::eq(prefix, self.spec_path.segments())
        {
            return Some(spec.then(rest));
        }
        let parts = [self.object_path.segments(), prefix, rest];
        Some(lookup_parts(root, &parts))
    }

    /// The offsets of an object-relative path: in the document, or inside a legacy annotation.
    pub fn offsets_of(&self, root: &Node<'_>, path: &FieldPath, target: Target) -> Option<Offsets> {
        let segments = path.segments();
        if !self.annotation_trees.is_empty()
            && let Some(rest) = segments.strip_prefix(self.metadata_path.segments())
            && let Some((Segment::Field(annotations), rest)) = rest.split_first()
            && annotations == "annotations"
            && let Some((Segment::Key(key), inner)) = rest.split_first()
            && !inner.is_empty()
            && let Some((_, tree)) = self.annotation_trees.iter().find(|(k, _)| k == key)
        {
            let inner = FieldPath::from(inner.to_vec());
            return Some(offsets_from(tree.lookup(&inner), target));
        }
        // Most objects are their document's root: the path is the document's, no copy needed.
        if self.object_path.is_root() {
            return Some(offsets_from(root.lookup(path), target));
        }
        let full = joined(self.object_path.segments(), segments);
        Some(offsets_from(root.lookup(&full), target))
    }
}

/// [`Node::lookup`] of the path made of `parts` one after another, without building it.
fn lookup_parts<'n, 'a>(root: &'n Node<'a>, parts: &[&[Segment]]) -> Lookup<'n, 'a> {
    root.lookup_segments(parts.iter().flat_map(|part| part.iter()))
}

/// `head` followed by `tail`, in one allocation.
fn joined(head: &[Segment], tail: &[Segment]) -> FieldPath {
    let mut segments = Vec::with_capacity(head.len() + tail.len());
    segments.extend_from_slice(head);
    segments.extend_from_slice(tail);
    FieldPath::from(segments)
}

fn offsets_from(found: Lookup<'_, '_>, target: Target) -> Offsets {
    match (found.complete, target, found.key) {
        (true, Target::Key, Some(key)) => key.at,
        (true, _, _) => found.value.at,
        // A missing field: point at the key of its parent, else the parent's start.
        (false, _, Some(key)) => key.at,
        (false, _, None) => Offsets {
            start: found.value.at.start,
            end: found.value.at.start,
        },
    }
}

/// Where a built-in kind keeps its pod: (spec path, metadata path), object-relative. A kind is
/// Kubernetes' own only in its API group (`apiVersion` `v1` for the core group, `apps/…`,
/// `batch/…`; `extensions/…` for the Deployments, DaemonSets and ReplicaSets of old clusters):
/// Volcano's `batch.volcano.sh/v1alpha1` `Job` is no `batch/v1` Job.
pub fn pod_template_paths(api_version: &str, kind: &str) -> Option<(&'static str, &'static str)> {
    let group = api_version.rsplit_once('/').map_or("", |(group, _)| group);
    let in_group = |groups: &[&str]| groups.contains(&group);
    Some(match kind {
        "Pod" if in_group(&[""]) => ("spec", "metadata"),
        "PodTemplate" if in_group(&[""]) => ("template.spec", "template.metadata"),
        "ReplicationController" if in_group(&[""]) => {
            ("spec.template.spec", "spec.template.metadata")
        }
        "Deployment" | "DaemonSet" | "ReplicaSet" if in_group(&["apps", "extensions"]) => {
            ("spec.template.spec", "spec.template.metadata")
        }
        "StatefulSet" if in_group(&["apps"]) => ("spec.template.spec", "spec.template.metadata"),
        "Job" if in_group(&["batch"]) => ("spec.template.spec", "spec.template.metadata"),
        "CronJob" if in_group(&["batch"]) => (
            "spec.jobTemplate.spec.template.spec",
            "spec.jobTemplate.spec.template.metadata",
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_kind_is_matched_by_its_api_group_too() {
        assert!(pod_template_paths("v1", "Pod").is_some());
        assert!(pod_template_paths("batch/v1", "Job").is_some());
        assert!(pod_template_paths("batch/v1beta1", "CronJob").is_some());
        assert!(pod_template_paths("apps/v1", "StatefulSet").is_some());
        assert!(pod_template_paths("extensions/v1beta1", "Deployment").is_some());
        assert!(pod_template_paths("batch.volcano.sh/v1alpha1", "Job").is_none());
        assert!(pod_template_paths("batch.volcano.sh/v1alpha1", "CronJob").is_none());
        assert!(pod_template_paths("example.com/v1", "Pod").is_none());
        assert!(pod_template_paths("apps/v1", "Pod").is_none());
        assert!(pod_template_paths("extensions/v1beta1", "StatefulSet").is_none());
    }
}
