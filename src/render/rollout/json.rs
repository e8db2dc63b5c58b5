//! The JSON of one rollout (a public contract, docs/rollout.md): the workload, the counts at
//! every change, the events and the summary, with exactly the documented keys.

use serde::Serialize;

use crate::render::rollout::{RolloutContext, Workload};

#[derive(Serialize)]
struct Document<'a> {
    workload: WorkloadJson<'a>,
    timeline: Vec<Point>,
    events: Vec<EventJson<'a>>,
    summary: SummaryJson,
}

/// The workload as both JSON reports name it (a single run and `--runs`).
#[derive(Serialize)]
pub(super) struct WorkloadJson<'a> {
    kind: &'static str,
    name: &'a str,
    namespace: Option<&'a str>,
    replicas: u32,
    strategy: &'static str,
    /// A Deployment's `spec.paused`: no cluster rolls it out until it is resumed.
    paused: bool,
    /// What the run is of: `rollout` (the workload as written), or `resume` (a paused
    /// Deployment, as `kubectl rollout resume` would roll it out).
    simulated: &'static str,
}

impl<'a> WorkloadJson<'a> {
    /// `workload`'s keys.
    pub(super) fn of(workload: &Workload<'a>) -> Self {
        WorkloadJson {
            kind: workload.kind.as_str(),
            name: workload.name,
            namespace: workload.namespace,
            replicas: workload.replicas,
            strategy: workload.control.strategy.name(),
            paused: workload.control.paused,
            simulated: if workload.control.paused {
                "resume"
            } else {
                "rollout"
            },
        }
    }
}

#[derive(Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
struct Point {
    time_ms: u64,
    total: u32,
    updated: u32,
    ready: u32,
    available: u32,
    old: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EventJson<'a> {
    time_ms: u64,
    reason: &'static str,
    object: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SummaryJson {
    complete_ms: Option<u64>,
    progress_deadline_exceeded_ms: Option<u64>,
    max_pods: u32,
    min_available: u32,
}

/// The document, pretty-printed, with a final newline.
pub fn render(context: &RolloutContext<'_>) -> String {
    let workload = context.workload;
    let run = context.run;
    let mut timeline: Vec<Point> = Vec::new();
    for point in &run.timeline {
        let c = point.counts;
        let next = Point {
            time_ms: point.at,
            total: c.total,
            updated: c.updated,
            ready: c.ready,
            available: c.available,
            old: c.old,
        };
        // A change of the terminating pods alone shows in maxPods, not here.
        let same = timeline.last().is_some_and(|last| {
            (
                last.total,
                last.updated,
                last.ready,
                last.available,
                last.old,
            ) == (
                next.total,
                next.updated,
                next.ready,
                next.available,
                next.old,
            )
        });
        if !same {
            timeline.push(next);
        }
    }
    let document = Document {
        workload: WorkloadJson::of(workload),
        timeline,
        events: run
            .events
            .iter()
            .map(|event| EventJson {
                time_ms: event.at,
                reason: event.reason,
                object: &event.object,
                message: &event.message,
            })
            .collect(),
        summary: SummaryJson {
            complete_ms: run.summary.complete_at,
            progress_deadline_exceeded_ms: run.summary.deadline_exceeded_at,
            max_pods: run.summary.max_pods,
            min_available: run.summary.min_available,
        },
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
