//! How many pods a workload runs at once: `replicas`, a Job's `parallelism`, one per node.

use std::fmt;

use crate::k8s::workload::PodObject;

/// Where a replica count came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplicaSource {
    /// A bare Pod.
    Pod,
    /// A PodTemplate: no pods by itself; counted once.
    Template,
    /// `spec.replicas`, as written.
    Replicas,
    /// `spec.replicas` not written: Kubernetes defaults it to 1.
    ReplicasDefault,
    /// A Job's (or CronJob's job template's) `parallelism`, as written.
    Parallelism,
    /// `parallelism` not written: Kubernetes defaults it to 1.
    ParallelismDefault,
    /// `completions` is below `parallelism`: the Job never runs more pods at once.
    Completions,
    /// A DaemonSet: one pod on every node it selects.
    PerNode,
}

impl fmt::Display for ReplicaSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReplicaSource::Pod => "pod",
            ReplicaSource::Template => "pod template",
            ReplicaSource::Replicas => "spec.replicas",
            ReplicaSource::ReplicasDefault => "spec.replicas default",
            ReplicaSource::Parallelism => "parallelism",
            ReplicaSource::ParallelismDefault => "parallelism default",
            ReplicaSource::Completions => "completions",
            ReplicaSource::PerNode => "one per node",
        })
    }
}

/// How many copies of the pod run at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replicas {
    /// The count (a DaemonSet counts 1: per node).
    pub count: u64,
    /// Where it came from.
    pub source: ReplicaSource,
}

/// The replica count of a pod-bearing object. A negative count (which the API server rejects)
/// counts as zero.
pub fn replicas(object: &PodObject) -> Replicas {
    let count = |value: i64| u64::try_from(value).unwrap_or(0);
    let scale = object.scale;
    let (count, source) = match object.kind.as_str() {
        "Deployment" | "StatefulSet" | "ReplicaSet" | "ReplicationController" => {
            match scale.replicas {
                Some(value) => (count(value), ReplicaSource::Replicas),
                None => (1, ReplicaSource::ReplicasDefault),
            }
        }
        "Job" | "CronJob" => {
            let (parallelism, source) = match scale.parallelism {
                Some(value) => (count(value), ReplicaSource::Parallelism),
                None => (1, ReplicaSource::ParallelismDefault),
            };
            match scale.completions.map(count) {
                Some(completions) if completions < parallelism => {
                    (completions, ReplicaSource::Completions)
                }
                _ => (parallelism, source),
            }
        }
        "DaemonSet" => (1, ReplicaSource::PerNode),
        "PodTemplate" => (1, ReplicaSource::Template),
        _ => (1, ReplicaSource::Pod),
    };
    Replicas { count, source }
}
