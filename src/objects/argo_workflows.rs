//! Argo Workflows templates as pods: a template's main container, sidecars and init containers gathered into one pod spec whose findings point back into the workflow.
//!
//! Argo builds each step's pod from a template: `container` or `script` is the main container
//! (Argo calls it `main`), `sidecars` run beside it, `initContainers` before it, or
//! `containerSet.containers` run instead of it. Volumes are the template's and the
//! workflow's (`spec.volumes`), claims come from the workflow's `spec.volumeClaimTemplates`,
//! and the pod's `restartPolicy` is `Never` (Argo retries by making new pods). The fields Argo
//! adds to a container (`source`, `mirrorVolumeMounts`, `dependencies`) are its own, not
//! unknown. What Argo injects itself (its `init` and `wait` containers) is not checked;
//! `podSpecPatch` is left alone. `spec.templateDefaults` is merged into the main container
//! (`argo_template_defaults.rs`) and its volumes join the template's by name; `resourceClaims`
//! are the template's, else the defaults', else the workflow's (Argo replaces, never merges,
//! them), so a container's `resources.claims` may name them.

use crate::k8s::decode::{DecodeError, DecodeProblem, DecodeProblemKind};
use crate::k8s::model::{Container, PodResourceClaim, PodSpec, Volume};
use crate::yaml::field_path::{FieldPath, Segment};
use crate::yaml::source::{Node, NodeKind};

use super::argo_template_defaults::merge_container;
use super::object_reader::decode_collecting;

/// The name Argo gives the main container.
const MAIN: &str = "main";

/// A template gathered into a pod.
pub(super) struct ArgoPod {
    /// The pod spec as Argo would build it from the template.
    pub(super) spec: PodSpec,
    /// Where each part of the pod spec is in the workflow, most specific first.
    pub(super) path_map: Vec<(FieldPath, FieldPath)>,
    /// Names of the workflow's `volumeClaimTemplates`, which containers may mount.
    pub(super) claims: Vec<String>,
    /// Whether a part could not be decoded.
    pub(super) incomplete: bool,
}

/// Whether a template runs containers (and so is a pod): it has a `container`, a `script` or
/// a `containerSet`.
pub(super) fn runs_containers(template: &Node<'_>) -> bool {
    ["container", "script", "containerSet"]
        .iter()
        .any(|field| template.get(field).is_some_and(|node| !node.is_null()))
}

/// Reads the template at `template` (object-relative) of the workflow `object`.
pub(super) fn read_template(
    object: &Node<'_>,
    object_path: &FieldPath,
    template: &FieldPath,
    problems: &mut Vec<DecodeProblem>,
    errors: &mut Vec<DecodeError>,
) -> ArgoPod {
    let mut reader = Reader {
        object,
        object_path,
        problems,
        errors,
        pod: ArgoPod {
            spec: PodSpec::default(),
            path_map: Vec::new(),
            claims: Vec::new(),
            incomplete: false,
        },
    };
    let found = object.lookup(template);
    let node = found.complete.then_some(found.value);
    let workflow_spec = workflow_spec_of(template);
    let defaults_at = workflow_spec.child("templateDefaults");
    // What the workflow shares among its templates is reported once, with its first pod.
    let first_pod = first_pod_template(object, &workflow_spec).as_ref() == Some(template);
    let containers_at = FieldPath::root().child("spec").child("containers");
    let mut containers: Vec<Container> = Vec::new();
    let main = ["container", "script"].into_iter().find(|field| {
        node.and_then(|t| t.get(field))
            .is_some_and(|c| !c.is_null())
    });
    if let Some(field) = main {
        let at = template.child(field);
        if let Some(mut container) = reader.container(&at, &["source"]) {
            let defaults_of_type = defaults_at.child(field);
            if let Some(defaults) = reader.quietly(!first_pod, |reader| {
                reader.container(&defaults_of_type, &["source"])
            }) {
                container = merge_container(&defaults, container);
            }
            if container.name.as_deref().is_none_or(str::is_empty) {
                container.name = Some(MAIN.to_string());
            }
            reader.map(containers_at.index(0), at);
            containers.push(container);
        }
    } else {
        let at = template.child("containerSet").child("containers");
        for index in 0..reader.length(&at) {
            let item = at.index(index);
            if let Some(container) = reader.container(&item, &["dependencies"]) {
                reader.map(containers_at.index(containers.len()), item);
                containers.push(container);
            }
        }
    }
    let sidecars = template.child("sidecars");
    for index in 0..reader.length(&sidecars) {
        let item = sidecars.index(index);
        if let Some(container) = reader.container(&item, &["mirrorVolumeMounts"]) {
            reader.map(containers_at.index(containers.len()), item);
            containers.push(container);
        }
    }
    let init_at = FieldPath::root().child("spec").child("initContainers");
    let init = template.child("initContainers");
    let mut init_containers = Vec::new();
    for index in 0..reader.length(&init) {
        let item = init.index(index);
        if let Some(container) = reader.container(&item, &["mirrorVolumeMounts"]) {
            reader.map(init_at.index(init_containers.len()), item);
            init_containers.push(container);
        }
    }
    let levels = Levels {
        template: template.clone(),
        defaults: defaults_at,
        workflow: workflow_spec.clone(),
        first_pod,
    };
    let volumes = reader.volumes(&levels);
    reader.resource_claims(&levels);
    reader.pod.claims = claim_names(object, &workflow_spec.child("volumeClaimTemplates"));
    let mut pod = reader.pod;
    pod.spec.containers = Some(containers);
    pod.spec.init_containers = (!init_containers.is_empty()).then_some(init_containers);
    pod.spec.volumes = (!volumes.is_empty()).then_some(volumes);
    pod.spec.restart_policy = Some("Never".to_string());
    pod
}

/// The first template of the workflow at `workflow_spec` that runs containers (a pod).
fn first_pod_template(object: &Node<'_>, workflow_spec: &FieldPath) -> Option<FieldPath> {
    let at = workflow_spec.child("templates");
    let found = object.lookup(&at);
    let NodeKind::Sequence(items) = found.value.kind() else {
        return None;
    };
    let index = items
        .iter()
        .position(|item| found.complete && runs_containers(item))?;
    Some(at.index(index))
}

/// The workflow spec a template belongs to: the path without its `templates[i]`.
fn workflow_spec_of(template: &FieldPath) -> FieldPath {
    let segments = template.segments();
    let kept = segments.len().saturating_sub(2);
    FieldPath::from(segments.get(..kept).unwrap_or_default().to_vec())
}

/// `metadata.name` of each claim template.
fn claim_names(object: &Node<'_>, at: &FieldPath) -> Vec<String> {
    let found = object.lookup(at);
    match (found.complete, found.value.kind()) {
        (true, NodeKind::Sequence(items)) => items
            .iter()
            .filter_map(|item| item.get("metadata")?.get("name")?.as_str())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

struct Reader<'r, 'a> {
    object: &'r Node<'a>,
    object_path: &'r FieldPath,
    problems: &'r mut Vec<DecodeProblem>,
    errors: &'r mut Vec<DecodeError>,
    pod: ArgoPod,
}

impl Reader<'_, '_> {
    /// Items in the list at `at` (0 when it is missing or no list).
    fn length(&self, at: &FieldPath) -> usize {
        let found = self.object.lookup(at);
        match (found.complete, found.value.kind()) {
            (true, NodeKind::Sequence(items)) => items.len(),
            _ => 0,
        }
    }

    /// Runs `read`, keeping what it finds wrong out of the report when `quiet` (a part the
    /// workflow shares, reported with its first pod only).
    fn quietly<T>(&mut self, quiet: bool, read: impl FnOnce(&mut Self) -> T) -> T {
        if !quiet {
            return read(self);
        }
        let problems = std::mem::take(self.problems);
        let errors = std::mem::take(self.errors);
        let result = read(self);
        *self.problems = problems;
        *self.errors = errors;
        result
    }

    fn map(&mut self, pod_path: FieldPath, object_path: FieldPath) {
        self.pod.path_map.push((pod_path, object_path));
    }

    /// Decodes the value at `at`; `None` when it is missing or could not be read.
    fn decode<T: serde::de::DeserializeOwned>(&mut self, at: &FieldPath) -> Option<T> {
        let found = self.object.lookup(at);
        let value = found.complete.then_some(found.value)?;
        match decode_collecting(
            Some(value),
            &self.object_path.join(at),
            self.problems,
            self.errors,
        )? {
            Ok(decoded) => Some(decoded),
            Err(()) => {
                self.pod.incomplete = true;
                None
            }
        }
    }

    /// A container, with the fields Argo adds (`own`) not reported as unknown.
    fn container(&mut self, at: &FieldPath, own: &[&str]) -> Option<Container> {
        let before = self.problems.len();
        let container = self.decode::<Container>(at)?;
        let full = self.object_path.join(at);
        let argo_field = |problem: &DecodeProblem| {
            problem.kind == DecodeProblemKind::UnknownField
                && problem.path.strip_prefix(&full).is_some_and(|rest| {
                    matches!(rest.segments(), [Segment::Field(name)] if own.contains(&name.as_ref()))
                })
        };
        let added = self.problems.split_off(before.min(self.problems.len()));
        self.problems
            .extend(added.into_iter().filter(|problem| !argo_field(problem)));
        Some(container)
    }
}

/// Where a template's pod parts may come from: the template, the workflow's
/// `templateDefaults`, the workflow; and whether this is the workflow's first pod (which
/// reports what the workflow shares).
struct Levels {
    template: FieldPath,
    defaults: FieldPath,
    workflow: FieldPath,
    first_pod: bool,
}

impl Reader<'_, '_> {
    /// The pod's volumes: the template's, the defaults' it does not name itself, the workflow's.
    fn volumes(&mut self, levels: &Levels) -> Vec<Volume> {
        let volumes_at = FieldPath::root().child("spec").child("volumes");
        let mut volumes: Vec<Volume> = Vec::new();
        let lists = [
            (levels.template.child("volumes"), false),
            (levels.defaults.child("volumes"), true),
            (levels.workflow.child("volumes"), false),
        ];
        for (list, from_defaults) in lists {
            let own = volumes.len();
            for index in 0..self.length(&list) {
                let item = list.index(index);
                let quiet = from_defaults && !levels.first_pod;
                if let Some(volume) = self.quietly(quiet, |reader| reader.decode::<Volume>(&item)) {
                    // A default volume the template names itself is the template's.
                    let named_by_template = from_defaults
                        && volumes
                            .iter()
                            .take(own)
                            .any(|v: &Volume| v.name == volume.name);
                    if !named_by_template {
                        self.map(volumes_at.index(volumes.len()), item);
                        volumes.push(volume);
                    }
                }
            }
        }
        volumes
    }

    /// The pod's `resourceClaims`: the first level that lists any (Argo replaces them, never
    /// merges).
    fn resource_claims(&mut self, levels: &Levels) {
        let claims = [
            levels.template.child("resourceClaims"),
            levels.defaults.child("resourceClaims"),
            levels.workflow.child("resourceClaims"),
        ]
        .into_iter()
        .enumerate()
        .find(|(_, at)| self.length(at) > 0);
        if let Some((level, at)) = claims {
            let quiet = level > 0 && !levels.first_pod;
            if let Some(claims) =
                self.quietly(quiet, |reader| reader.decode::<Vec<PodResourceClaim>>(&at))
            {
                self.map(FieldPath::root().child("spec").child("resourceClaims"), at);
                self.pod.spec.resource_claims = Some(claims);
            }
        }
    }
}
