//! The `best-practice` group's shared parts: its option rules, the settings its rules read
//! (`bestPractice:` in `.podlife.yaml`), which containers a rule judges by their role, and
//! which container decides a pod's effective request or limit for one resource.

use crate::finding::Finding;
use crate::k8s::model::{Container, Pod, ResourceList};
use crate::k8s::quantity::Quantity;
use crate::lint::rules::{ContainerList, PodContext, Rule};

/// Rules of the group that run only when named by ID or name (or `ALL`): policies a team
/// chooses, not defaults every team wants. `--select best-practice` and ID prefixes such as
/// `PL4` leave them off.
pub static OPTION_RULES: &[&str] = &["PL403", "PL438", "PL443", "PL447", "PL448"];

/// Whether a rule is an option of the group (see [`OPTION_RULES`]).
pub fn is_option(rule: &Rule) -> bool {
    OPTION_RULES.contains(&rule.id)
}

/// What a configuration may say to the group's rules (`bestPractice:`), resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestPracticeSettings {
    /// `minUserId`: the lowest user ID a container should run as (PL403), 10000 by default:
    /// above every user a host's `/etc/passwd` usually has.
    pub min_user_id: i64,
    /// `allowedRegistries`: the registries images may come from; empty means any (the rule
    /// that reads it is inactive).
    pub allowed_registries: Vec<String>,
    /// `cpuLimits`: whether containers must set a CPU limit or must not.
    pub cpu_limits: CpuLimitPolicy,
    /// `initContainerRequests`: whether PL435 and PL436 ask regular init containers for their
    /// request too (a namespace ResourceQuota on requests rejects a pod any of whose
    /// containers lacks one); off by default.
    pub init_container_requests: bool,
}

/// The built-in settings (what a configuration without `bestPractice:` gets).
pub static DEFAULT_SETTINGS: BestPracticeSettings = BestPracticeSettings::DEFAULT;

impl BestPracticeSettings {
    /// The built-in settings.
    pub const DEFAULT: BestPracticeSettings = BestPracticeSettings {
        min_user_id: 10_000,
        allowed_registries: Vec::new(),
        cpu_limits: CpuLimitPolicy::Require,
        init_container_requests: false,
    };
}

impl Default for BestPracticeSettings {
    fn default() -> Self {
        BestPracticeSettings::DEFAULT
    }
}

/// `cpuLimits:`: a team either requires CPU limits (kube-linter, kube-score, Polaris) or forbids
/// them (CFS throttling of latency-sensitive services).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpuLimitPolicy {
    /// Every container sets a CPU limit.
    Require,
    /// No container sets a CPU limit.
    Forbid,
}

impl CpuLimitPolicy {
    /// The words a configuration may use.
    pub const NAMES: [&'static str; 2] = ["require", "forbid"];

    /// Parses `require` or `forbid`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "require" => Some(CpuLimitPolicy::Require),
            "forbid" => Some(CpuLimitPolicy::Forbid),
            _ => None,
        }
    }

    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            CpuLimitPolicy::Require => "require",
            CpuLimitPolicy::Forbid => "forbid",
        }
    }
}

/// One configuration layer's `bestPractice:`: each field it sets overrides earlier layers'.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BestPracticeLayer {
    /// `minUserId`.
    pub min_user_id: Option<i64>,
    /// `allowedRegistries`.
    pub allowed_registries: Option<Vec<String>>,
    /// `cpuLimits`.
    pub cpu_limits: Option<CpuLimitPolicy>,
    /// `initContainerRequests`.
    pub init_container_requests: Option<bool>,
}

impl BestPracticeSettings {
    /// These settings with a layer's fields on top.
    pub fn apply(&mut self, layer: &BestPracticeLayer) {
        if let Some(min) = layer.min_user_id {
            self.min_user_id = min;
        }
        if let Some(registries) = &layer.allowed_registries {
            self.allowed_registries.clone_from(registries);
        }
        if let Some(policy) = layer.cpu_limits {
            self.cpu_limits = policy;
        }
        if let Some(asked) = layer.init_container_requests {
            self.init_container_requests = asked;
        }
    }
}

/// Requests or limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// `resources.requests`.
    Requests,
    /// `resources.limits`.
    Limits,
}

impl Side {
    /// The field name.
    pub fn field(self) -> &'static str {
        match self {
            Side::Requests => "requests",
            Side::Limits => "limits",
        }
    }

    /// "request" or "limit".
    pub fn noun(self) -> &'static str {
        match self {
            Side::Requests => "request",
            Side::Limits => "limit",
        }
    }

    fn list(self, container: &Container) -> Option<&ResourceList> {
        let resources = container.resources.as_ref()?;
        match self {
            Side::Requests => resources.requests.as_ref(),
            Side::Limits => resources.limits.as_ref(),
        }
    }
}

/// Whether a container sets `resource` on `side` (written, valid or not: a bad quantity is
/// PL007's finding, not a missing value). The pod the rules see is defaulted, so a limit
/// alone also counts as the request the API server copies from it.
pub fn sets(container: &Container, side: Side, resource: &str) -> bool {
    side.list(container)
        .is_some_and(|list| list.contains_key(resource))
}

/// The valid quantity a container sets for `resource` on `side`.
pub fn value(container: &Container, side: Side, resource: &str) -> Option<Quantity> {
    side.list(container)
        .and_then(|list| list.get(resource))
        .and_then(|value| value.valid().copied())
}

/// Whether pod-level `spec.resources` sets `resource` on `side`: it then replaces what the
/// containers add up to (cpu, memory and hugepages; PodLevelResources), so their own
/// values do not decide the pod's.
pub fn pod_level_sets(pod: &Pod, side: Side, resource: &str) -> bool {
    let Some(resources) = pod.spec.resources.as_ref() else {
        return false;
    };
    let list = match side {
        Side::Requests => resources.requests.as_ref(),
        Side::Limits => resources.limits.as_ref(),
    };
    list.is_some_and(|list| list.contains_key(resource))
}

/// The pod's container-derived effective value of one resource (SEMANTICS K5) and what
/// decided it, in words: the running pod (app containers and sidecars), or a regular init
/// container's step (with the sidecars started before it).
pub struct Decided {
    /// The effective value.
    pub value: Quantity,
    /// What decided it: `` init container `migrate` `` or "the running pod".
    pub by: String,
}

/// Computes [`Decided`] for `resource` on `side`; `None` when no container sets it.
pub fn decided(pod: &Pod, side: Side, resource: &str) -> Option<Decided> {
    let own = |container: &Container| value(container, side, resource);
    let mut sidecars = Quantity::default();
    let mut any = false;
    let mut peak: Option<(Quantity, usize, &Container)> = None;
    for (index, container) in pod.init_containers().iter().enumerate() {
        let mine = own(container);
        any |= mine.is_some();
        if container.is_sidecar() {
            sidecars += mine.unwrap_or_default();
            continue;
        }
        let Some(mine) = mine else { continue };
        let step = sidecars + mine;
        if peak.is_none_or(|(best, _, _)| step > best) {
            peak = Some((step, index, container));
        }
    }
    let mut steady = sidecars;
    for container in pod.containers() {
        let mine = own(container);
        any |= mine.is_some();
        steady += mine.unwrap_or_default();
    }
    if !any {
        return None;
    }
    Some(match peak {
        Some((step, index, container)) if step > steady => Decided {
            value: step,
            by: ContainerList::Init.describe_container(container, index),
        },
        _ => Decided {
            value: steady,
            by: "the running pod (app containers and sidecars)".to_string(),
        },
    })
}

/// How a best-practice rule names a running container: "sidecar `proxy`" for a native
/// sidecar, else as its list does.
pub fn describe(list: ContainerList, index: usize, container: &Container) -> String {
    if list == ContainerList::Init && container.is_sidecar() {
        let mut described = String::with_capacity(32 + crate::lint::rules::MESSAGE_TAIL_ROOM);
        match container.name.as_deref() {
            Some(name) if !name.is_empty() => {
                described.push_str("sidecar `");
                described.push_str(name);
                described.push('`');
            }
            _ => {
                described.push_str("sidecar #");
                crate::text::push_decimal(&mut described, index + 1);
            }
        }
        return described;
    }
    list.describe_container(container, index)
}

/// Whether a container declares a port, so it serves traffic a Service or a peer reaches.
pub fn serves_traffic(container: &Container) -> bool {
    container
        .ports
        .as_ref()
        .is_some_and(|ports| !ports.is_empty())
}

/// The containers a probe-presence rule judges: every app container, and the native sidecars
/// that serve traffic (declare a port). Never a regular init container (the API server
/// forbids its probes), an ephemeral container (no probes) or a defer container (it runs to
/// completion at termination). A pod a Job runs is not judged at all: it runs to completion
/// and no Service routes to it by readiness.
pub fn probe_candidates<'p>(
    context: &PodContext<'p>,
) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
    let judged = !context.object.runs_as_job;
    context
        .running_containers()
        .filter(move |(list, _, container)| {
            judged && (*list == ContainerList::App || serves_traffic(container))
        })
}

/// The containers a resource rule judges, with their lists: init containers (regular and
/// sidecars), app containers and defer containers. Ephemeral containers may not set
/// resources (the API server forbids it), so they are never judged.
pub fn resource_candidates<'p>(
    context: &PodContext<'p>,
) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
    context
        .all_containers()
        .filter(|(list, _, _)| *list != ContainerList::Ephemeral)
}

/// Whether a container runs for the pod's life beside the others: an app container or a
/// native sidecar (not a regular init container, which finishes first, nor a defer
/// container, which runs at termination).
pub fn runs_for_life(list: ContainerList, container: &Container) -> bool {
    list == ContainerList::App || (list == ContainerList::Init && container.is_sidecar())
}

/// The note on a missing request: what the pod reserves for `resource` and what decided it.
pub fn request_note(pod: &Pod, resource: &str) -> String {
    match decided(pod, Side::Requests, resource) {
        Some(decided) => format!(
            "the pod's effective `{resource}` request is {}, decided by {}",
            decided.value, decided.by
        ),
        None => {
            format!("no container requests `{resource}`: the scheduler reserves none for the pod")
        }
    }
}

/// Reports the containers that run beside others and request no `resource` (PL435, PL436).
pub fn missing_request(
    context: &PodContext<'_>,
    resource: &str,
    rule: &'static Rule,
    findings: &mut Vec<Finding>,
) {
    if pod_level_sets(context.pod, Side::Requests, resource) {
        return;
    }
    let init_containers_too = context.best_practice.init_container_requests;
    for (list, index, container) in resource_candidates(context) {
        let runs_beside = runs_for_life(list, container) || list == ContainerList::Defer;
        let for_quota = !runs_beside && init_containers_too && list == ContainerList::Init;
        if !(runs_beside || for_quota) || sets(container, Side::Requests, resource) {
            continue;
        }
        let path = context.container_path(list, index);
        let finding = rule
            .finding(format!(
                "{} has no `{resource}` request",
                describe(list, index, container)
            ))
            .at(path.children(&["resources", "requests"]).key(resource))
            .pointing_at(path.child("name"));
        findings.push(if for_quota {
            finding
                .label("a quota on `requests` rejects the pod")
                .help(format!(
                    "set `resources.requests.{resource}` (what the step uses): asked because `bestPractice.initContainerRequests` is on"
                ))
                .note(format!(
                    "a namespace ResourceQuota that limits `requests.{resource}` rejects a pod any of whose containers, init containers included, sets no `{resource}` request (unless a LimitRange gives it a default)"
                ))
        } else {
            finding
                .label("reserves nothing on the node")
                .help(format!(
                    "set `resources.requests.{resource}` to what the container uses under normal load"
                ))
                .note(request_note(context.pod, resource))
        });
    }
}

/// The replicas a workload asks for, when it runs more than one pod at once from this
/// template: `spec.replicas` above 1, on a workload no Job runs.
pub fn replicated(context: &PodContext<'_>) -> Option<i64> {
    if context.object.runs_as_job {
        return None;
    }
    context
        .object
        .scale
        .replicas
        .filter(|replicas| *replicas > 1)
}

/// Whether the pod spreads its replicas by inter-pod anti-affinity (a required or preferred term).
pub fn has_pod_anti_affinity(pod: &Pod) -> bool {
    pod.spec
        .affinity
        .as_ref()
        .and_then(|affinity| affinity.get().pod_anti_affinity.as_ref())
        .is_some_and(|anti| {
            anti.required_during_scheduling_ignored_during_execution
                .as_ref()
                .is_some_and(|terms| !terms.is_empty())
                || anti
                    .preferred_during_scheduling_ignored_during_execution
                    .as_ref()
                    .is_some_and(|terms| !terms.is_empty())
        })
}

/// Whether the pod has topology spread constraints.
pub fn has_topology_spread(pod: &Pod) -> bool {
    pod.spec
        .topology_spread_constraints
        .as_ref()
        .is_some_and(|constraints| !constraints.get().is_empty())
}

/// The object as messages name it: `` Deployment `web` ``.
pub fn describe_object(context: &PodContext<'_>) -> String {
    match context.object.name.as_deref() {
        Some(name) if !name.is_empty() => format!("{} `{name}`", context.object.kind),
        _ => context.object.kind.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn option_rules_are_registered_best_practice_rules() {
        for id in OPTION_RULES {
            let rule = rules::find(id).unwrap_or_else(|| panic!("{id} is not registered"));
            assert_eq!(rules::Group::of(rule), rules::Group::BestPractice, "{id}");
        }
    }

    #[test]
    fn later_layers_override_field_by_field() {
        let mut settings = BestPracticeSettings::default();
        settings.apply(&BestPracticeLayer {
            min_user_id: Some(2000),
            allowed_registries: Some(vec!["registry.example.com".into()]),
            cpu_limits: None,
            init_container_requests: Some(true),
        });
        settings.apply(&BestPracticeLayer {
            cpu_limits: Some(CpuLimitPolicy::Forbid),
            ..BestPracticeLayer::default()
        });
        assert_eq!(
            settings,
            BestPracticeSettings {
                min_user_id: 2000,
                allowed_registries: vec!["registry.example.com".into()],
                cpu_limits: CpuLimitPolicy::Forbid,
                init_container_requests: true,
            }
        );
    }
}
