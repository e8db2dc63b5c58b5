//! A Job's controller run in the summary and the JSON: its condition, and each pod it created.

use serde::Serialize;

use crate::sim::job::{JobRun, PodVerdict};

/// (label, value) rows for the human summary.
pub fn summary_rows(job: &JobRun) -> Vec<(&'static str, String)> {
    let mut condition = job.condition.name().to_string();
    if let Some(reason) = job.condition.reason() {
        condition.push_str(&format!(" ({reason})"));
    }
    let at = job
        .ended_at
        .map_or_else(|| "at the horizon".to_string(), |at| format!("at {at}"));
    let mut rows = vec![(
        "job",
        format!(
            "{condition} {at}: {} of {} completions, {} failed pods, {} container restarts (backoffLimit {})",
            job.succeeded(),
            job.completions,
            job.failed(),
            job.pods.iter().map(|pod| pod.restarts).sum::<u32>(),
            job.backoff_limit
        ),
    )];
    for pod in &job.pods {
        let ended = pod
            .ended_at
            .map_or_else(String::new, |at| format!(", ended at {at}"));
        let restarts = if pod.restarts > 0 {
            format!(", {} restarts", pod.restarts)
        } else {
            String::new()
        };
        rows.push((
            "job pod",
            format!(
                "#{} created at {}{ended}{restarts}: {}",
                pod.number,
                pod.created_at,
                pod.verdict.name()
            ),
        ));
    }
    rows
}

/// The JSON form: `{"condition", "reason", "endedAtMs", "backoffLimit", "completions",
/// "succeeded", "failed", "pods": [{"number", "createdAtMs", "endedAtMs", "verdict",
/// "phase", "restarts"}]}`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonJob {
    condition: &'static str,
    reason: Option<&'static str>,
    ended_at_ms: Option<u64>,
    backoff_limit: i64,
    completions: i64,
    succeeded: usize,
    failed: usize,
    pods: Vec<JsonJobPod>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonJobPod {
    number: usize,
    created_at_ms: u64,
    ended_at_ms: Option<u64>,
    verdict: &'static str,
    phase: &'static str,
    restarts: u32,
}

impl JsonJob {
    /// The JSON of a Job's run.
    pub fn new(job: &JobRun) -> Self {
        JsonJob {
            condition: job.condition.name(),
            reason: job.condition.reason(),
            ended_at_ms: job.ended_at.map(crate::sim::engine::time::SimTime::millis),
            backoff_limit: job.backoff_limit,
            completions: job.completions,
            succeeded: job.succeeded(),
            failed: job.failed(),
            pods: job
                .pods
                .iter()
                .map(|pod| JsonJobPod {
                    number: pod.number,
                    created_at_ms: pod.created_at.millis(),
                    ended_at_ms: pod.ended_at.map(crate::sim::engine::time::SimTime::millis),
                    verdict: match pod.verdict {
                        PodVerdict::Succeeded => "Succeeded",
                        PodVerdict::Failed => "Failed",
                        PodVerdict::Ignored => "Ignored",
                        PodVerdict::FailedJob => "FailJob",
                        PodVerdict::Deleted => "Deleted",
                        PodVerdict::Active => "Active",
                    },
                    phase: pod.outcome.summary.phase.as_str(),
                    restarts: pod.restarts,
                })
                .collect(),
        }
    }
}
