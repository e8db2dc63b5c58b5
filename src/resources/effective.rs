//! Effective pod requests and limits, as `PodRequests`/`PodLimits` in
//! `k8s.io/component-helpers/resource/helpers.go` compute them, plus podlife's defer term (D16),
//! recording which container or phase decided every value.
//!
//! The walk (SEMANTICS K5): app containers sum; native sidecars add to that sum and to a running
//! sidecar total; a regular init container's step is its own value plus the sidecars started
//! before it; the container-derived value is `max(steady state, largest step)`. With defer
//! containers, `steady state + largest defer container` joins the maximum. Pod-level
//! `spec.resources` then replaces supported resources, and overhead is added (to a limit only
//! where one is set and non-zero).

use std::collections::BTreeMap;

use serde::Serialize;

use super::decision::{Decision, Origin};
use super::pod_level;
use super::quantities::{Quantities, add_into, exceeds, valid};
use crate::k8s::model::{Container, Pod, ResourceRequirements};

/// What to include (`PodResourcesOptions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Gate `PodLevelResources`: pod-level `spec.resources` replace container-derived values.
    pub pod_level_resources: bool,
    /// Leave `spec.overhead` out.
    pub exclude_overhead: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pod_level_resources: true,
            exclude_overhead: false,
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
    /// The quantities a container sets on this side.
    pub fn of(self, container: &Container) -> Quantities {
        self.of_requirements(container.resources.as_ref())
    }

    /// The quantities a `resources` block sets on this side.
    pub fn of_requirements(self, resources: Option<&ResourceRequirements>) -> Quantities {
        let resources = resources.and_then(|r| match self {
            Side::Requests => r.requests.as_ref(),
            Side::Limits => r.limits.as_ref(),
        });
        valid(resources)
    }
}

/// The role a container plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ContainerKind {
    /// A regular init container: runs to completion before the next one.
    Init,
    /// A native sidecar: an init container with `restartPolicy: Always`.
    Sidecar,
    /// An app container.
    App,
    /// A defer container (seed), run at termination.
    Defer,
}

impl ContainerKind {
    /// How messages name a container of this kind (`` init container `migrate` ``).
    pub fn noun(self) -> &'static str {
        match self {
            ContainerKind::Init => "init container",
            ContainerKind::Sidecar => "sidecar",
            ContainerKind::App => "container",
            ContainerKind::Defer => "defer container",
        }
    }
}

/// One container's own requests and limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerResources {
    /// The container's name.
    pub name: String,
    /// Its role.
    pub kind: ContainerKind,
    /// Its requests.
    pub requests: Quantities,
    /// Its limits.
    pub limits: Quantities,
}

/// A step of the pod's life as the scheduler sizes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    /// A regular init container runs beside the sidecars started before it.
    Init,
    /// A sidecar has started; the sidecars started so far run.
    Sidecar,
    /// App containers and all sidecars run.
    Steady,
    /// A defer container runs beside the steady state (D16).
    Defer,
}

/// The containers running at one step, and what they add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// What kind of step.
    pub kind: PhaseKind,
    /// The init, sidecar or defer container the step is about (none for the steady state).
    pub container: Option<String>,
    /// The containers running during the step.
    pub running: Vec<String>,
    /// Their summed requests.
    pub requests: Quantities,
    /// Their summed limits.
    pub limits: Quantities,
}

/// The defer term of D16: `steady state + largest defer container`, per resource.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeferTerm {
    /// Requests.
    pub requests: Quantities,
    /// Limits.
    pub limits: Quantities,
}

/// A pod's effective requests and limits and how they came about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectiveResources {
    /// Effective requests (what the scheduler reserves).
    pub requests: Quantities,
    /// Effective limits.
    pub limits: Quantities,
    /// What decided each request.
    pub requests_decided_by: BTreeMap<String, Decision>,
    /// What decided each limit.
    pub limits_decided_by: BTreeMap<String, Decision>,
    /// Every init, app and defer container with its own values, in pod order.
    pub containers: Vec<ContainerResources>,
    /// The steps: one per init container, the steady state, one per defer container.
    pub phases: Vec<Phase>,
    /// The defer term, when the pod has defer containers.
    pub defer_term: Option<DeferTerm>,
    /// Whether pod-level resources replaced any value.
    pub pod_level_applied: bool,
}

/// The container-derived values of one side: `AggregateContainerRequests`/`…Limits` plus the
/// defer term, with the origin of each value and the value of every step.
#[derive(Debug, Clone, Default)]
pub struct ContainerAggregate {
    /// Container-derived values.
    pub values: Quantities,
    /// Their origins.
    pub origins: BTreeMap<String, Origin>,
    /// One entry per init container, then the steady state, then one per defer container.
    pub steps: Vec<Quantities>,
    /// `steady state + largest defer container` (empty without defer containers).
    pub defer_term: Quantities,
}

/// How output names a container: its name, or `(unnamed)` (the loader reports the missing name).
pub fn label(container: &Container) -> &str {
    match container.name() {
        "" => "(unnamed)",
        name => name,
    }
}

/// Names of the containers that set each resource, in walk order.
type Contributors = BTreeMap<String, Vec<String>>;

fn note_contributors(contributors: &mut Contributors, values: &Quantities, name: &str) {
    for resource in values.keys() {
        contributors
            .entry(resource.clone())
            .or_default()
            .push(name.to_string());
    }
}

fn contributors_of(contributors: &Contributors, resource: &str) -> Vec<String> {
    contributors.get(resource).cloned().unwrap_or_default()
}

/// Walks the containers of one side (K5.1, K5.2, D16).
pub fn aggregate_containers(pod: &Pod, side: Side) -> ContainerAggregate {
    aggregate_by(pod, |container| side.of(container), Origins::Recorded)
}

/// A container's requests as the API server stores them: an unset request takes its limit
/// (the defaulting of `resources`), so a pod read without defaulting is judged as stored.
pub fn stored_requests(container: &Container) -> Quantities {
    let resources = container.resources.as_ref();
    let mut requests = Side::Limits.of_requirements(resources);
    requests.extend(Side::Requests.of_requirements(resources));
    requests
}

/// [`aggregate_containers`] over the requests as stored ([`stored_requests`]): what the API
/// server's validation and the scheduler's `AggregateContainerRequests` walk. Values and
/// steps only: `origins` is left empty (the checks that ask need no report of who decided).
pub fn aggregate_stored_requests(pod: &Pod) -> ContainerAggregate {
    aggregate_by(pod, stored_requests, Origins::Skipped)
}

impl ContainerAggregate {
    /// The running pod's step: app containers and every sidecar.
    pub fn steady_state(&self, pod: &Pod) -> Option<&Quantities> {
        self.steps.get(pod.init_containers().len())
    }

    /// `AggregateContainerRequests`/`…Limits` as Kubernetes computes them, without podlife's
    /// defer term (the API server knows no defer containers): per resource, the largest of the
    /// init containers' steps and the steady state (`maxResourceList`: a tie keeps the first).
    pub fn without_defer_term(&self, pod: &Pod) -> Quantities {
        let mut values = Quantities::new();
        for step in self.steps.iter().take(pod.init_containers().len() + 1) {
            for (resource, quantity) in step {
                if exceeds(&values, resource, quantity) {
                    values.insert(resource.clone(), *quantity);
                }
            }
        }
        values
    }
}

/// Whether a walk records what decided each value (`origins`), which only reports read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origins {
    Recorded,
    Skipped,
}

/// The walk of [`aggregate_containers`] over the values `of` gives each container.
fn aggregate_by(
    pod: &Pod,
    of: impl Fn(&Container) -> Quantities,
    record: Origins,
) -> ContainerAggregate {
    let recorded = record == Origins::Recorded;
    let mut steady = Quantities::new();
    let mut apps = Contributors::new();
    for container in pod.containers() {
        let values = of(container);
        if recorded {
            note_contributors(&mut apps, &values, label(container));
        }
        add_into(&mut steady, &values);
    }

    let mut sidecar_sum = Quantities::new();
    let mut sidecars = Contributors::new();
    let mut init_peak = Quantities::new();
    let mut init_origins: BTreeMap<String, Origin> = BTreeMap::new();
    let mut steps = Vec::new();
    for container in pod.init_containers() {
        let values = of(container);
        let step = if container.is_sidecar() {
            add_into(&mut steady, &values);
            add_into(&mut sidecar_sum, &values);
            if recorded {
                note_contributors(&mut sidecars, &values, label(container));
            }
            sidecar_sum.clone()
        } else {
            let mut step = values.clone();
            add_into(&mut step, &sidecar_sum);
            step
        };
        for (resource, quantity) in &step {
            if exceeds(&init_peak, resource, quantity) {
                init_peak.insert(resource.clone(), *quantity);
                if !recorded {
                    continue;
                }
                let origin = if container.is_sidecar() {
                    Origin::SidecarStart {
                        sidecars: contributors_of(&sidecars, resource),
                    }
                } else {
                    Origin::InitStep {
                        init: label(container).to_string(),
                        init_counts: values.contains_key(resource),
                        sidecars: contributors_of(&sidecars, resource),
                    }
                };
                init_origins.insert(resource.clone(), origin);
            }
        }
        steps.push(step);
    }

    let mut values = steady.clone();
    let mut origins: BTreeMap<String, Origin> = steady
        .keys()
        .filter(|_| recorded)
        .map(|resource| {
            let origin = Origin::SteadyState {
                apps: contributors_of(&apps, resource),
                sidecars: contributors_of(&sidecars, resource),
            };
            (resource.clone(), origin)
        })
        .collect();
    for (resource, quantity) in init_peak {
        if exceeds(&values, &resource, &quantity) {
            values.insert(resource.clone(), quantity);
            if let Some(origin) = init_origins.remove(&resource) {
                origins.insert(resource, origin);
            }
        }
    }
    steps.push(steady.clone());

    let defer_term = add_defer_term(
        pod,
        &of,
        steady,
        &mut values,
        &mut origins,
        &mut steps,
        recorded,
    );
    ContainerAggregate {
        values,
        origins,
        steps,
        defer_term,
    }
}

/// D16: each defer container's step (the steady state plus it), and the defer term
/// (`steady state + largest defer container`) joining `values` where it is larger; empty
/// without defer containers.
fn add_defer_term(
    pod: &Pod,
    of: &impl Fn(&Container) -> Quantities,
    steady: Quantities,
    values: &mut Quantities,
    origins: &mut BTreeMap<String, Origin>,
    steps: &mut Vec<Quantities>,
    recorded: bool,
) -> Quantities {
    let mut defer_peak = Quantities::new();
    let mut defer_names: BTreeMap<String, String> = BTreeMap::new();
    for container in pod.defer_containers() {
        let own = of(container);
        let mut step = steady.clone();
        add_into(&mut step, &own);
        steps.push(step);
        for (resource, quantity) in own {
            if exceeds(&defer_peak, &resource, &quantity) {
                defer_names.insert(resource.clone(), label(container).to_string());
                defer_peak.insert(resource, quantity);
            }
        }
    }
    let mut defer_term = Quantities::new();
    if !pod.defer_containers().is_empty() {
        defer_term = steady;
        add_into(&mut defer_term, &defer_peak);
        for (resource, name) in defer_names {
            let Some(quantity) = defer_term.get(&resource) else {
                continue;
            };
            if exceeds(values, &resource, quantity) {
                values.insert(resource.clone(), *quantity);
                if recorded {
                    origins.insert(resource, Origin::Defer { name });
                }
            }
        }
    }
    defer_term
}

/// One side's effective values: pod-level resources applied, overhead added.
fn finish(
    pod: &Pod,
    side: Side,
    aggregate: &ContainerAggregate,
    options: Options,
) -> (Quantities, BTreeMap<String, Decision>, bool) {
    let mut values = aggregate.values.clone();
    let mut decided_by: BTreeMap<String, Decision> = aggregate
        .origins
        .iter()
        .map(|(resource, origin)| (resource.clone(), Decision::from(origin.clone())))
        .collect();
    let mut pod_level_applied = false;
    let pod_level_counts = options.pod_level_resources
        && match side {
            Side::Requests => pod_level::requests_set(pod),
            Side::Limits => pod_level::resources_set(pod),
        };
    if pod_level_counts {
        for (resource, quantity) in side.of_requirements(pod.spec.resources.as_ref()) {
            if pod_level::is_supported(&resource) {
                values.insert(resource.clone(), quantity);
                decided_by.insert(resource, Origin::PodLevel.into());
                pod_level_applied = true;
            }
        }
    }
    if !options.exclude_overhead {
        for (resource, overhead) in valid(pod.spec.overhead.as_ref()) {
            match values.get_mut(&resource) {
                Some(value) if side == Side::Requests || !value.is_zero() => {
                    *value += overhead;
                    if let Some(decision) = decided_by.get_mut(&resource) {
                        decision.plus_overhead = true;
                    }
                }
                Some(_) => {}
                None if side == Side::Requests => {
                    values.insert(resource.clone(), overhead);
                    decided_by.insert(resource, Origin::Overhead.into());
                }
                None => {}
            }
        }
    }
    (values, decided_by, pod_level_applied)
}

/// `PodRequests` with podlife's defer term.
pub fn pod_requests(pod: &Pod, options: Options) -> Quantities {
    finish(
        pod,
        Side::Requests,
        &aggregate_containers(pod, Side::Requests),
        options,
    )
    .0
}

/// `PodLimits` with podlife's defer term.
pub fn pod_limits(pod: &Pod, options: Options) -> Quantities {
    finish(
        pod,
        Side::Limits,
        &aggregate_containers(pod, Side::Limits),
        options,
    )
    .0
}

/// The pod's containers with their roles, in pod order: init (and sidecars), app, defer.
pub fn containers_with_kinds(pod: &Pod) -> impl Iterator<Item = (&Container, ContainerKind)> {
    let init = pod.init_containers().iter().map(|c| {
        let kind = if c.is_sidecar() {
            ContainerKind::Sidecar
        } else {
            ContainerKind::Init
        };
        (c, kind)
    });
    let apps = pod.containers().iter().map(|c| (c, ContainerKind::App));
    let defer = pod
        .defer_containers()
        .iter()
        .map(|c| (c, ContainerKind::Defer));
    init.chain(apps).chain(defer)
}

/// The names running at each step, in the same order as [`ContainerAggregate::steps`].
fn phase_outlines(pod: &Pod) -> Vec<(PhaseKind, Option<String>, Vec<String>)> {
    let mut outlines = Vec::new();
    let mut sidecars: Vec<String> = Vec::new();
    for container in pod.init_containers() {
        let name = label(container).to_string();
        if container.is_sidecar() {
            sidecars.push(name.clone());
            outlines.push((PhaseKind::Sidecar, Some(name), sidecars.clone()));
        } else {
            let mut running = sidecars.clone();
            running.push(name.clone());
            outlines.push((PhaseKind::Init, Some(name), running));
        }
    }
    let mut steady: Vec<String> = sidecars;
    steady.extend(pod.containers().iter().map(|c| label(c).to_string()));
    outlines.push((PhaseKind::Steady, None, steady.clone()));
    for container in pod.defer_containers() {
        let name = label(container).to_string();
        let mut running = steady.clone();
        running.push(name.clone());
        outlines.push((PhaseKind::Defer, Some(name), running));
    }
    outlines
}

/// Computes a pod's effective requests and limits with their explanations.
pub fn compute(pod: &Pod, options: Options) -> EffectiveResources {
    let request_walk = aggregate_containers(pod, Side::Requests);
    let limit_walk = aggregate_containers(pod, Side::Limits);
    let (requests, requests_decided_by, requests_pod_level) =
        finish(pod, Side::Requests, &request_walk, options);
    let (limits, limits_decided_by, limits_pod_level) =
        finish(pod, Side::Limits, &limit_walk, options);
    let containers = containers_with_kinds(pod)
        .map(|(container, kind)| ContainerResources {
            name: label(container).to_string(),
            kind,
            requests: Side::Requests.of(container),
            limits: Side::Limits.of(container),
        })
        .collect();
    let phases = phase_outlines(pod)
        .into_iter()
        .zip(request_walk.steps.iter().zip(&limit_walk.steps))
        .map(|((kind, container, running), (requests, limits))| Phase {
            kind,
            container,
            running,
            requests: requests.clone(),
            limits: limits.clone(),
        })
        .collect();
    let defer_term = (!pod.defer_containers().is_empty()).then_some(DeferTerm {
        requests: request_walk.defer_term,
        limits: limit_walk.defer_term,
    });
    EffectiveResources {
        requests,
        limits,
        requests_decided_by,
        limits_decided_by,
        containers,
        phases,
        defer_term,
        pod_level_applied: requests_pod_level || limits_pod_level,
    }
}
