//! `podlife rollout`'s views: the status log, the replicas over time and the summary
//! (`human`), the JSON contract (`json`), the SVG plot (`plot`) and the Monte Carlo report
//! (`montecarlo`).

pub mod human;
pub mod json;
pub mod montecarlo;
pub mod plot;

use std::path::Path;

use crate::k8s::workload::rollout::{IntOrPercent, RolloutControl, Strategy, WorkloadKind};
use crate::render::paint::Paint;
use crate::rollout::fenceposts;
use crate::rollout::timeline::{Counts, RolloutRun};
use crate::sim::engine::time::{SimDuration, format_duration};

/// The workload a report is about, and how it was run.
pub struct Workload<'a> {
    /// Its kind.
    pub kind: WorkloadKind,
    /// Its name.
    pub name: &'a str,
    /// Its namespace.
    pub namespace: Option<&'a str>,
    /// The file it came from.
    pub source: &'a str,
    /// Its controller settings.
    pub control: &'a RolloutControl,
    /// Replicas rolled out (a DaemonSet: nodes).
    pub replicas: u32,
    /// `--from`.
    pub from: Option<&'a Path>,
    /// The scenario as the header names it.
    pub scenario: String,
    /// The seed.
    pub seed: u64,
    /// The horizon.
    pub horizon: SimDuration,
    /// The controllers' reaction latency.
    pub latency: SimDuration,
}

/// One run to show.
pub struct RolloutContext<'a> {
    /// The workload.
    pub workload: &'a Workload<'a>,
    /// The run.
    pub run: &'a RolloutRun,
    /// Colour.
    pub paint: Paint,
}

/// A time for people: `1m2.5s`.
pub fn time(ms: u64) -> String {
    format_duration(SimDuration::from_millis(ms))
}

fn fencepost(value: IntOrPercent, count: i64) -> String {
    match value {
        IntOrPercent::Int(_) => count.to_string(),
        IntOrPercent::Percent(_) => format!("{} ({count})", value.describe()),
    }
}

impl Workload<'_> {
    /// `Deployment shop/web`.
    pub fn title(&self) -> String {
        match self.namespace {
            Some(namespace) => format!("{} {namespace}/{}", self.kind.as_str(), self.name),
            None => format!("{} {}", self.kind.as_str(), self.name),
        }
    }

    /// The strategy and its settings, resolved to counts.
    pub fn strategy(&self) -> String {
        let replicas = i64::from(self.replicas);
        match (self.kind, self.control.strategy) {
            (
                WorkloadKind::Deployment,
                Strategy::RollingUpdate {
                    max_surge,
                    max_unavailable,
                },
            ) => {
                let (surge, unavailable) =
                    fenceposts::resolve(max_surge, max_unavailable, replicas);
                format!(
                    "RollingUpdate, maxSurge {}, maxUnavailable {}",
                    fencepost(max_surge, surge),
                    fencepost(max_unavailable, unavailable.min(replicas))
                )
            }
            (
                _,
                Strategy::RollingUpdate {
                    max_surge,
                    max_unavailable,
                },
            ) => {
                let surge = fenceposts::scaled(max_surge, replicas, true);
                let mut unavailable = fenceposts::scaled(max_unavailable, replicas, true);
                if surge == 0 && unavailable == 0 {
                    unavailable = 1;
                }
                format!(
                    "RollingUpdate, maxSurge {}, maxUnavailable {} per node",
                    fencepost(max_surge, surge),
                    fencepost(max_unavailable, unavailable)
                )
            }
            (
                _,
                Strategy::OrderedRollingUpdate {
                    partition,
                    max_unavailable,
                },
            ) => format!(
                "RollingUpdate, partition {partition}, {}podManagementPolicy {}",
                max_unavailable
                    .map(|value| format!(
                        "maxUnavailable {}, ",
                        fencepost(
                            value,
                            i64::from(crate::rollout::statefulset::max_unavailable(
                                value,
                                self.replicas
                            ))
                        )
                    ))
                    .unwrap_or_default(),
                match self.control.pod_management {
                    crate::k8s::workload::rollout::PodManagement::OrderedReady => "OrderedReady",
                    crate::k8s::workload::rollout::PodManagement::Parallel => "Parallel",
                }
            ),
            (_, strategy) => strategy.name().to_string(),
        }
    }

    /// What the run does not simulate as a cluster would, one sentence each: a paused
    /// Deployment, `OnDelete`, and fields the workload sets that the cluster ignores. The human
    /// reports print them under their header; `-o json` keeps its contract, so the command
    /// writes them to stderr.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.control.paused {
            notes.push(
                "`spec.paused` is true: a cluster does not roll this out until `kubectl rollout resume`; simulated as resumed"
                    .to_string(),
            );
        }
        if self.control.strategy == Strategy::OnDelete {
            notes.push(
                "`OnDelete`: the controller replaces no pod; each is updated when you delete it"
                    .to_string(),
            );
        }
        notes.extend(self.control.unused.iter().map(|unused| {
            format!(
                "`{}: {}` is ignored: {}",
                unused.path, unused.value, unused.why
            )
        }));
        notes
    }

    /// What a `kubectl rollout status` would print for these counts.
    pub fn status_message(&self, counts: Counts, complete: bool) -> String {
        let name = self.name;
        let desired = self.replicas;
        match self.kind {
            WorkloadKind::Deployment => {
                if counts.updated < desired {
                    format!(
                        "Waiting for deployment \"{name}\" rollout to finish: {} out of {desired} new replicas have been updated...",
                        counts.updated
                    )
                } else if counts.total > counts.updated {
                    format!(
                        "Waiting for deployment \"{name}\" rollout to finish: {} old replicas are pending termination...",
                        counts.total - counts.updated
                    )
                } else if counts.available < counts.updated {
                    format!(
                        "Waiting for deployment \"{name}\" rollout to finish: {} of {} updated replicas are available...",
                        counts.available, counts.updated
                    )
                } else {
                    format!("deployment \"{name}\" successfully rolled out")
                }
            }
            WorkloadKind::StatefulSet => {
                let partition = match self.control.strategy {
                    Strategy::OrderedRollingUpdate { partition, .. } => {
                        u32::try_from(partition).unwrap_or(u32::MAX).min(desired)
                    }
                    _ => 0,
                };
                if counts.ready < desired {
                    format!("Waiting for {} pods to be ready...", desired - counts.ready)
                } else if partition > 0 {
                    if counts.updated < desired - partition {
                        format!(
                            "Waiting for partitioned roll out to finish: {} out of {} new pods have been updated...",
                            counts.updated,
                            desired - partition
                        )
                    } else {
                        format!(
                            "partitioned roll out complete: {} new pods have been updated...",
                            counts.updated
                        )
                    }
                } else if !complete {
                    format!(
                        "waiting for statefulset rolling update to complete {} pods at revision {name}-v2...",
                        counts.updated
                    )
                } else {
                    format!(
                        "statefulset rolling update complete {} pods at revision {name}-v2...",
                        counts.updated
                    )
                }
            }
            WorkloadKind::DaemonSet => {
                if counts.updated < desired {
                    format!(
                        "Waiting for daemon set \"{name}\" rollout to finish: {} out of {desired} new pods have been updated...",
                        counts.updated
                    )
                } else if counts.available < desired {
                    format!(
                        "Waiting for daemon set \"{name}\" rollout to finish: {} of {desired} updated pods are available...",
                        counts.available
                    )
                } else {
                    format!("daemon set \"{name}\" successfully rolled out")
                }
            }
        }
    }
}
