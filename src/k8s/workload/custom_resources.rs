//! Pod templates inside custom resources: where well-known operators keep theirs, and the `podTemplates:` entries a configuration adds.
//!
//! A custom resource is matched by its API group (or its full `apiVersion`) and kind. Each
//! entry names one or more *template paths*: dotted paths to a `PodTemplateSpec` (a mapping
//! with `metadata` and `spec`), where `*` stands for every key of a mapping and `[*]` for every
//! item of a list (`spec.workerGroupSpecs[*].template`). Every template found is checked as a
//! pod, and its findings point into the custom resource.

use crate::yaml::field_path::FieldPath;
use crate::yaml::source::{Node, NodeKind};

/// How an operator treats the pod spec of its template, beyond Kubernetes' own rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// A plain `PodTemplateSpec`.
    Plain,
    /// Knative Serving's `RevisionTemplateSpec`: the pod spec carries `containerConcurrency`,
    /// `timeoutSeconds`, `responseStartTimeoutSeconds` and `idleTimeoutSeconds`, and Knative
    /// names unnamed containers (`user-container`, `init-container`, with `-N` suffixes when
    /// there are several), so a missing name is no error.
    KnativeRevision,
    /// An Argo Workflows template (`spec.templates[*]`): not a pod template but the parts of
    /// one. Its `container` or `script` is the main container (named `main` when unnamed),
    /// `sidecars` run beside it, `initContainers` before it, `containerSet.containers` instead
    /// of it; volumes come from the template and the workflow's `spec.volumes`, claims from
    /// `spec.volumeClaimTemplates`; the pod never restarts. A template with none of these
    /// (steps, dag, suspend, resource, http) is no pod.
    ArgoWorkflowTemplate,
}

impl Flavour {
    /// Fields of the template's pod spec that are the operator's, not Kubernetes'.
    pub fn extra_spec_fields(self) -> &'static [&'static str] {
        match self {
            Flavour::Plain | Flavour::ArgoWorkflowTemplate => &[],
            Flavour::KnativeRevision => &[
                "containerConcurrency",
                "timeoutSeconds",
                "responseStartTimeoutSeconds",
                "idleTimeoutSeconds",
            ],
        }
    }

    /// Whether the operator gives the serving container's probes its port when they name
    /// none (Knative: the user container's `httpGet`, `tcpSocket` and `grpc` probes).
    pub fn fills_serving_probe_ports(self) -> bool {
        self == Flavour::KnativeRevision
    }

    /// Whether the operator substitutes `{{…}}` expressions in string values before it makes
    /// the pod (Argo's `{{inputs.parameters.x}}`): such a value cannot be checked ahead.
    pub fn substitutes_parameters(self) -> bool {
        self == Flavour::ArgoWorkflowTemplate
    }

    /// The names the operator gives unnamed app and init containers, if it names them.
    pub fn default_container_names(self) -> Option<(&'static str, &'static str)> {
        match self {
            Flavour::Plain | Flavour::ArgoWorkflowTemplate => None,
            Flavour::KnativeRevision => Some(("user-container", "init-container")),
        }
    }
}

/// One step of a [`TemplatePath`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A named field.
    Field(String),
    /// Every key of a mapping (`*`).
    AnyKey,
    /// Every item of a list (`[*]`).
    AnyItem,
    /// One item of a list (`[2]`).
    Item(usize),
}

/// A path to pod templates, with `*` and `[*]` wildcards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplatePath {
    text: String,
    steps: Vec<Step>,
}

impl TemplatePath {
    /// Parses `spec.template`, `spec.workerGroupSpecs[*].template`,
    /// `spec.pytorchReplicaSpecs.*.template`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut steps = Vec::new();
        for part in text.split('.') {
            let (name, mut brackets) = match part.find('[') {
                Some(at) => part.split_at(at),
                None => (part, ""),
            };
            match name {
                "" if brackets.is_empty() => {
                    return Err(format!(
                        "`{text}`: an empty step (two dots, or a dot at an end)"
                    ));
                }
                "" => {
                    if steps.is_empty() {
                        return Err(format!("`{text}`: a path starts with a field name"));
                    }
                }
                "*" => steps.push(Step::AnyKey),
                name if name.contains(['*', ']']) => {
                    return Err(format!("`{text}`: `{name}` is not a field name or `*`"));
                }
                name => steps.push(Step::Field(name.to_string())),
            }
            while let Some(inner) = brackets.strip_prefix('[') {
                let Some(end) = inner.find(']') else {
                    return Err(format!("`{text}`: `[` without `]`"));
                };
                let index = inner.get(..end).unwrap_or_default();
                steps.push(match index {
                    "*" => Step::AnyItem,
                    digits => Step::Item(digits.parse().map_err(|_| {
                        format!("`{text}`: `[{digits}]` is not `[*]` or a list index")
                    })?),
                });
                brackets = inner.get(end + 1..).unwrap_or_default();
            }
            if !brackets.is_empty() {
                return Err(format!("`{text}`: `{brackets}` after `]`"));
            }
        }
        Ok(TemplatePath {
            text: text.to_string(),
            steps,
        })
    }

    /// The path as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The object-relative paths of the templates this path finds in `object`: each a mapping,
    /// in document order. At most `limit` are returned.
    pub fn find(&self, object: &Node<'_>, limit: usize) -> Vec<FieldPath> {
        let mut found = Vec::new();
        walk(object, &self.steps, FieldPath::root(), limit, &mut found);
        found
    }
}

fn walk(node: &Node<'_>, steps: &[Step], at: FieldPath, limit: usize, found: &mut Vec<FieldPath>) {
    if found.len() >= limit {
        return;
    }
    let Some((step, rest)) = steps.split_first() else {
        if matches!(node.kind(), NodeKind::Mapping(_)) {
            found.push(at);
        }
        return;
    };
    match (step, node.kind()) {
        (Step::Field(name), NodeKind::Mapping(_)) => {
            if let Some(child) = node.get(name) {
                walk(child, rest, at.child(name.clone()), limit, found);
            }
        }
        (Step::AnyKey, NodeKind::Mapping(entries)) => {
            for (key, value) in entries {
                if let Some(name) = key.as_scalar() {
                    walk(value, rest, at.key(name), limit, found);
                }
            }
        }
        (Step::AnyItem, NodeKind::Sequence(items)) => {
            for (index, item) in items.iter().enumerate() {
                walk(item, rest, at.index(index), limit, found);
            }
        }
        (Step::Item(index), NodeKind::Sequence(items)) => {
            if let Some(item) = items.get(*index) {
                walk(item, rest, at.index(*index), limit, found);
            }
        }
        _ => {}
    }
}

/// Where one kind of custom resource keeps its pod templates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomPodTemplates {
    /// The API group (`ray.io`: any version) or a full `apiVersion` (`ray.io/v1`: that one).
    pub api_version: String,
    /// The kind.
    pub kind: String,
    /// The template paths.
    pub paths: Vec<TemplatePath>,
    /// Template paths whose pods a Job runs (KEDA's `ScaledJob`, JobSet's replicated jobs, a
    /// `RayJob`'s submitter, …): read like `paths`, and such a pod must not restart `Always`.
    pub job_paths: Vec<TemplatePath>,
    /// Whether the operator gives a Job's template that sets no `restartPolicy` `OnFailure`
    /// (KEDA, JobSet), so only an explicit `Always` is wrong; else it goes to the API server
    /// unset, which defaults it to `Always` and rejects the Job.
    pub fills_restart_policy: bool,
    /// Paths to claim templates whose `metadata.name`s the operator adds as pod volumes.
    pub claims: Vec<TemplatePath>,
    /// How the operator reads the pod spec.
    pub flavour: Flavour,
}

impl CustomPodTemplates {
    /// Whether an object of `api_version` and `kind` is one of these.
    pub fn matches(&self, api_version: &str, kind: &str) -> bool {
        if kind != self.kind {
            return false;
        }
        if self.api_version.contains('/') {
            api_version == self.api_version
        } else {
            api_version
                .split_once('/')
                .is_some_and(|(group, _)| group == self.api_version)
        }
    }
}

/// One operator's kinds in the built-in table.
struct Known {
    group: &'static str,
    kinds: &'static [&'static str],
    /// Paths to the pod templates.
    templates: &'static [&'static str],
    /// Paths to the pod templates that become a Job's pod template (or whose operator holds
    /// them to a Job's restart policy).
    jobs: &'static [&'static str],
    /// The operator sets `restartPolicy: OnFailure` on a job template that has none.
    fills_restart_policy: bool,
    /// Paths to claim templates (PVC objects) the operator turns into pod volumes named by
    /// their `metadata.name`, as a StatefulSet does.
    claims: &'static [&'static str],
    flavour: Flavour,
}

const fn plain(
    group: &'static str,
    kinds: &'static [&'static str],
    templates: &'static [&'static str],
) -> Known {
    Known {
        group,
        kinds,
        templates,
        jobs: &[],
        fills_restart_policy: false,
        claims: &[],
        flavour: Flavour::Plain,
    }
}

/// An operator whose every template becomes a Job's pod template; `fills_restart_policy` when
/// it sets `OnFailure` on one that has no `restartPolicy`.
const fn job(
    group: &'static str,
    kinds: &'static [&'static str],
    jobs: &'static [&'static str],
    fills_restart_policy: bool,
) -> Known {
    Known {
        group,
        kinds,
        templates: &[],
        jobs,
        fills_restart_policy,
        claims: &[],
        flavour: Flavour::Plain,
    }
}

/// The operators podlife knows.
const KNOWN: &[Known] = &[
    // Argo Rollouts.
    plain("argoproj.io", &["Rollout"], &["spec.template"]),
    // Argo Workflows: each template that runs containers is a pod.
    Known {
        group: "argoproj.io",
        kinds: &["Workflow", "WorkflowTemplate", "ClusterWorkflowTemplate"],
        templates: &["spec.templates[*]"],
        jobs: &[],
        fills_restart_policy: false,
        claims: &[],
        flavour: Flavour::ArgoWorkflowTemplate,
    },
    Known {
        group: "argoproj.io",
        kinds: &["CronWorkflow"],
        templates: &["spec.workflowSpec.templates[*]"],
        jobs: &[],
        fills_restart_policy: false,
        claims: &[],
        flavour: Flavour::ArgoWorkflowTemplate,
    },
    // Knative Serving.
    Known {
        group: "serving.knative.dev",
        kinds: &["Service", "Configuration"],
        templates: &["spec.template"],
        jobs: &[],
        fills_restart_policy: false,
        claims: &[],
        flavour: Flavour::KnativeRevision,
    },
    // KEDA: a ScaledJob's `jobTargetRef` is a Job's spec; KEDA sets `OnFailure` when the
    // template has no `restartPolicy`.
    job(
        "keda.sh",
        &["ScaledJob"],
        &["spec.jobTargetRef.template"],
        true,
    ),
    // OpenKruise: CloneSet, Advanced StatefulSet, Advanced DaemonSet, BroadcastJob.
    Known {
        group: "apps.kruise.io",
        kinds: &["CloneSet", "StatefulSet"],
        templates: &["spec.template"],
        jobs: &[],
        fills_restart_policy: false,
        claims: &["spec.volumeClaimTemplates[*]"],
        flavour: Flavour::Plain,
    },
    plain("apps.kruise.io", &["DaemonSet"], &["spec.template"]),
    // OpenKruise's webhook holds a BroadcastJob's template to a Job's restart policy.
    job(
        "apps.kruise.io",
        &["BroadcastJob"],
        &["spec.template"],
        false,
    ),
    // Kubeflow training operators: one template per replica type.
    plain(
        "kubeflow.org",
        &["PyTorchJob"],
        &["spec.pytorchReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["TFJob"],
        &["spec.tfReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["MPIJob"],
        &["spec.mpiReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["XGBoostJob"],
        &["spec.xgbReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["PaddleJob"],
        &["spec.paddleReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["JAXJob"],
        &["spec.jaxReplicaSpecs.*.template"],
    ),
    plain(
        "kubeflow.org",
        &["MXJob"],
        &["spec.mxReplicaSpecs.*.template"],
    ),
    // Kubeflow Trainer: a training runtime is a JobSet template.
    job(
        "trainer.kubeflow.org",
        &["TrainingRuntime", "ClusterTrainingRuntime"],
        &["spec.template.spec.replicatedJobs[*].template.spec.template"],
        true,
    ),
    job(
        "kubeflow.org",
        &["TrainingRuntime", "ClusterTrainingRuntime"],
        &["spec.template.spec.replicatedJobs[*].template.spec.template"],
        true,
    ),
    // KubeRay.
    plain(
        "ray.io",
        &["RayCluster"],
        &[
            "spec.headGroupSpec.template",
            "spec.workerGroupSpecs[*].template",
        ],
    ),
    // A RayJob's submitter runs as a Kubernetes Job.
    Known {
        group: "ray.io",
        kinds: &["RayJob"],
        templates: &[
            "spec.rayClusterSpec.headGroupSpec.template",
            "spec.rayClusterSpec.workerGroupSpecs[*].template",
        ],
        jobs: &["spec.submitterPodTemplate"],
        fills_restart_policy: false,
        claims: &[],
        flavour: Flavour::Plain,
    },
    plain(
        "ray.io",
        &["RayService"],
        &[
            "spec.rayClusterConfig.headGroupSpec.template",
            "spec.rayClusterConfig.workerGroupSpecs[*].template",
        ],
    ),
    // Volcano: a Job's tasks each carry a pod template; a CronJob makes such Jobs, and a
    // JobTemplate is a Job's spec kept for a JobFlow.
    plain("batch.volcano.sh", &["Job"], &["spec.tasks[*].template"]),
    plain(
        "batch.volcano.sh",
        &["CronJob"],
        &["spec.jobTemplate.spec.tasks[*].template"],
    ),
    plain(
        "flow.volcano.sh",
        &["JobTemplate"],
        &["spec.tasks[*].template"],
    ),
    // JobSet and LeaderWorkerSet (Kubernetes SIGs).
    Known {
        group: "jobset.x-k8s.io",
        kinds: &["JobSet"],
        templates: &[],
        // Each replicated job is a Job; JobSet's webhook sets `OnFailure` when its template
        // has no `restartPolicy`.
        jobs: &["spec.replicatedJobs[*].template.spec.template"],
        fills_restart_policy: true,
        claims: &["spec.volumeClaimPolicies[*].templates[*]"],
        flavour: Flavour::Plain,
    },
    Known {
        group: "leaderworkerset.x-k8s.io",
        kinds: &["LeaderWorkerSet"],
        templates: &[
            "spec.leaderWorkerTemplate.leaderTemplate",
            "spec.leaderWorkerTemplate.workerTemplate",
        ],
        jobs: &[],
        fills_restart_policy: false,
        claims: &["spec.leaderWorkerTemplate.volumeClaimTemplates[*]"],
        flavour: Flavour::Plain,
    },
];

fn parsed(paths: &[&str]) -> Vec<TemplatePath> {
    paths
        .iter()
        .filter_map(|path| TemplatePath::parse(path).ok())
        .collect()
}

/// The built-in table, one entry per kind.
pub fn known() -> Vec<CustomPodTemplates> {
    KNOWN
        .iter()
        .flat_map(|known| {
            known.kinds.iter().map(move |kind| CustomPodTemplates {
                api_version: known.group.to_string(),
                kind: (*kind).to_string(),
                paths: parsed(known.templates),
                job_paths: parsed(known.jobs),
                fills_restart_policy: known.fills_restart_policy,
                claims: parsed(known.claims),
                flavour: known.flavour,
            })
        })
        .collect()
}

/// The custom resources whose pod templates are read: a configuration's `podTemplates:` entries
/// first (they win for a kind they name), then the built-in table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodTemplateTable {
    entries: Vec<CustomPodTemplates>,
}

static BUILT_IN: std::sync::LazyLock<PodTemplateTable> =
    std::sync::LazyLock::new(|| PodTemplateTable { entries: known() });

impl Default for PodTemplateTable {
    fn default() -> Self {
        PodTemplateTable::built_in().clone()
    }
}

impl PodTemplateTable {
    /// The built-in table alone, built once.
    pub fn built_in() -> &'static PodTemplateTable {
        &BUILT_IN
    }

    /// The built-in table with `configured` entries in front.
    pub fn with(configured: &[CustomPodTemplates]) -> Self {
        let mut entries = configured.to_vec();
        entries.extend(known());
        PodTemplateTable { entries }
    }

    /// Where an object of `api_version` and `kind` keeps its templates, if it is a known
    /// custom resource.
    pub fn find(&self, api_version: &str, kind: &str) -> Option<&CustomPodTemplates> {
        self.entries
            .iter()
            .find(|entry| entry.matches(api_version, kind))
    }

    /// Every entry, configured ones first.
    pub fn entries(&self) -> &[CustomPodTemplates] {
        &self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::parse_stream;

    #[test]
    fn paths_parse_with_wildcards_and_reject_what_is_not_a_path() {
        let path = TemplatePath::parse("spec.workerGroupSpecs[*].template").unwrap();
        assert_eq!(
            path.steps,
            [
                Step::Field("spec".into()),
                Step::Field("workerGroupSpecs".into()),
                Step::AnyItem,
                Step::Field("template".into())
            ]
        );
        let path = TemplatePath::parse("spec.replicas.*.template").unwrap();
        assert_eq!(path.steps[2], Step::AnyKey);
        assert_eq!(
            TemplatePath::parse("spec.jobs[2].template").unwrap().steps[2],
            Step::Item(2)
        );
        for bad in [
            "",
            "spec..template",
            "spec.",
            "spec[x]",
            "spec[*",
            "sp*ec",
            "spec[0]x",
        ] {
            assert!(TemplatePath::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn finds_every_template_a_wildcard_reaches_in_document_order() {
        let text = "spec:\n  headGroupSpec:\n    template: {spec: {containers: []}}\n  workerGroupSpecs:\n  - template: {spec: {}}\n  - groupName: no-template\n  - template: {spec: {}}\n";
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().unwrap();
        let table = PodTemplateTable::default();
        let entry = table.find("ray.io/v1", "RayCluster").unwrap();
        let found: Vec<String> = entry
            .paths
            .iter()
            .flat_map(|path| path.find(root, 100))
            .map(|path| path.to_string())
            .collect();
        assert_eq!(
            found,
            [
                "spec.headGroupSpec.template",
                "spec.workerGroupSpecs[0].template",
                "spec.workerGroupSpecs[2].template"
            ]
        );
        let text = "spec:\n  pytorchReplicaSpecs:\n    Master: {replicas: 1, template: {spec: {}}}\n    Worker: {replicas: 3, template: {spec: {}}}\n";
        let documents = parse_stream(text);
        let root = documents[0].root.as_ref().unwrap();
        let entry = table.find("kubeflow.org/v1", "PyTorchJob").unwrap();
        let found: Vec<String> = entry.paths[0]
            .find(root, 100)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            found,
            [
                "spec.pytorchReplicaSpecs[Master].template",
                "spec.pytorchReplicaSpecs[Worker].template"
            ]
        );
        assert_eq!(entry.paths[0].find(root, 1).len(), 1, "bounded");
    }

    #[test]
    fn a_group_matches_every_version_and_an_api_version_only_itself() {
        let table = PodTemplateTable::default();
        assert!(
            table
                .find("apps.kruise.io/v1beta1", "StatefulSet")
                .is_some()
        );
        assert!(table.find("apps/v1", "StatefulSet").is_none());
        assert!(table.find("argoproj.io/v1alpha1", "Workflow").is_some());
        assert!(table.find("argoproj.io/v1alpha1", "Sensor").is_none());
        let configured = CustomPodTemplates {
            api_version: "example.com/v2".into(),
            kind: "Thing".into(),
            paths: vec![TemplatePath::parse("spec.pod").unwrap()],
            job_paths: Vec::new(),
            fills_restart_policy: false,
            claims: Vec::new(),
            flavour: Flavour::Plain,
        };
        let table = PodTemplateTable::with(&[configured]);
        assert!(table.find("example.com/v2", "Thing").is_some());
        assert!(table.find("example.com/v1", "Thing").is_none());
        assert!(table.find("example.com/v2", "Other").is_none());
    }
}
