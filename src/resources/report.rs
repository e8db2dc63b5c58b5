//! One pod's resources report: effective requests and limits, QoS class and node fit, and the
//! settings that shape them.

use std::sync::Arc;

use crate::k8s::cluster::{Defaulting, stored_pod};
use crate::k8s::cluster::{FeatureGates, Gate};
use crate::k8s::workload::PodObject;
use crate::resources::cgroup_limits::{CgroupUnlimited, cgroup_unlimited};
use crate::resources::defaulting;
use crate::resources::effective::{self, EffectiveResources, Options};
use crate::resources::node_fit::{self, NodeCapacity, NodeFit};
use crate::resources::qos::{Qos, compute_qos};
use crate::resources::quantities::{Quantities, scaled};
use crate::resources::replicas::{Replicas, replicas};

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Apply API defaulting first.
    pub defaulting: bool,
    /// Feature gates.
    pub gates: FeatureGates,
    /// Leave overhead out.
    pub exclude_overhead: bool,
    /// The node to fit pods on, if any.
    pub node: Option<NodeCapacity>,
}

impl Settings {
    /// The options of the effective-resources computation.
    pub fn options(&self) -> Options {
        Options {
            pod_level_resources: self.gates.enabled(Gate::PodLevelResources),
            exclude_overhead: self.exclude_overhead,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            defaulting: true,
            gates: FeatureGates::default(),
            exclude_overhead: false,
            node: None,
        }
    }
}

/// Everything `resources` says about one pod.
#[derive(Debug, Clone)]
pub struct PodReport {
    /// The file, as named on the command line.
    pub file: Arc<str>,
    /// The document's index in the file, from 0.
    pub document: usize,
    /// The line the object starts on.
    pub line: u32,
    /// The object's kind.
    pub kind: String,
    /// Its namespace, if set.
    pub namespace: Option<String>,
    /// Its name, if set.
    pub name: Option<String>,
    /// `Deployment team-1/web` ([`PodObject::display_name`]).
    pub title: String,
    /// How many copies run at once.
    pub replicas: Replicas,
    /// Effective requests and limits.
    pub resources: EffectiveResources,
    /// QoS class.
    pub qos: Qos,
    /// Fit on `--node`.
    pub node_fit: Option<NodeFit>,
    /// Computed limits the kubelet does not set on the pod's cgroup.
    pub cgroup_unlimited: Vec<CgroupUnlimited>,
}

impl PodReport {
    /// Requests of all replicas together.
    pub fn total_requests(&self) -> Quantities {
        scaled(&self.resources.requests, self.replicas.count)
    }

    /// Limits of all replicas together.
    pub fn total_limits(&self) -> Quantities {
        scaled(&self.resources.limits, self.replicas.count)
    }

    /// How many nodes of `--node`'s size the replicas need.
    pub fn nodes_needed(&self) -> Option<u64> {
        self.node_fit
            .as_ref()
            .and_then(|fit| node_fit::nodes_needed(fit, self.replicas.count))
    }
}

/// Computes one pod's report.
pub fn analyse_pod(object: &PodObject, line: u32, settings: &Settings) -> PodReport {
    let mut pod = stored_pod(
        object.pod.clone(),
        &settings.gates,
        Defaulting::unless(!settings.defaulting),
        &object.init_source,
    )
    .pod;
    if settings.defaulting {
        defaulting::apply_resource_defaults(&mut pod, settings.gates);
    }
    let resources = effective::compute(&pod, settings.options());
    let qos = compute_qos(&pod, settings.gates.enabled(Gate::PodLevelResources));
    let cgroup_unlimited = cgroup_unlimited(
        &pod,
        &resources,
        qos.class,
        settings.gates.enabled(Gate::PodLevelResources),
    );
    let node_fit = settings
        .node
        .as_ref()
        .map(|node| node_fit::fit(&resources.requests, node));
    PodReport {
        file: object.file.clone(),
        document: object.document,
        line,
        kind: object.kind.clone(),
        namespace: object.namespace.clone(),
        name: object.name.clone(),
        title: object.display_name(),
        replicas: replicas(object),
        resources,
        qos,
        node_fit,
        cgroup_unlimited,
    }
}
