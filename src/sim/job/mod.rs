//! A Job's controller over its pods (`pkg/controller/job/job_controller.go`): each pod is one
//! independent kubelet simulation started when the controller creates it; the controller counts
//! successes, failures (`backoffLimit`, `podFailurePolicy`) and, under `OnFailure`, container
//! restarts, creates replacement pods after its back-off (10 s doubling, at most 6 min), and
//! ends the Job Complete or Failed (`BackoffLimitExceeded`, `DeadlineExceeded`,
//! `PodFailurePolicy`), deleting the pods still active. Up to `parallelism` pods run at once
//! until `completions` have succeeded.

use crate::k8s::model::Pod;
use crate::k8s::workload::job::JobControl;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::{PodPlan, RestartPolicy};
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::record::outcome::SimOutcome;
use crate::sim::record::{Happening, Phase};

/// `DefaultJobPodFailureBackOff`.
const POD_FAILURE_BACKOFF: SimDuration = SimDuration::from_secs(10);
/// `MaxJobPodFailureBackOff`.
const MAX_POD_FAILURE_BACKOFF: SimDuration = SimDuration::from_secs(360);
/// How long after the kubelet reports a status the controller acts on it: the controller
/// deletes the pods of a Job that failed on restarts just after the restart is reported.
const STATUS_TO_CONTROLLER: SimDuration = SimDuration::from_millis(1);
/// At most this many pods per Job run (a bound on `completions` and on replacements).
pub const MAX_JOB_PODS: usize = 200;

/// How the Job ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobCondition {
    /// `Complete`: `completions` pods succeeded.
    Complete,
    /// `Failed` with this reason.
    Failed(&'static str),
    /// Still running at the horizon.
    Active,
}

impl JobCondition {
    /// `Complete`, `Failed` or `Active`.
    pub fn name(self) -> &'static str {
        match self {
            JobCondition::Complete => "Complete",
            JobCondition::Failed(_) => "Failed",
            JobCondition::Active => "Active",
        }
    }

    /// The `Failed` condition's reason.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            JobCondition::Failed(reason) => Some(reason),
            _ => None,
        }
    }
}

/// How the controller counted a pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodVerdict {
    /// It succeeded.
    Succeeded,
    /// It failed and counts toward `backoffLimit`.
    Failed,
    /// It failed, and a `podFailurePolicy` rule ignores it.
    Ignored,
    /// It failed, and a `FailJob` rule failed the Job.
    FailedJob,
    /// The Job ended while it ran: the controller deleted it.
    Deleted,
    /// Still running at the horizon.
    Active,
}

impl PodVerdict {
    /// As reports say it.
    pub fn name(self) -> &'static str {
        match self {
            PodVerdict::Succeeded => "succeeded",
            PodVerdict::Failed => "failed",
            PodVerdict::Ignored => "failed, ignored by podFailurePolicy",
            PodVerdict::FailedJob => "failed, FailJob by podFailurePolicy",
            PodVerdict::Deleted => "deleted by the Job controller",
            PodVerdict::Active => "active",
        }
    }
}

/// One pod the controller created.
#[derive(Debug, Clone)]
pub struct JobPod {
    /// 1, 2, … in creation order.
    pub number: usize,
    /// When the controller created it (Job time).
    pub created_at: SimTime,
    /// When it ended (Job time), if it did before the horizon.
    pub ended_at: Option<SimTime>,
    /// How it counts.
    pub verdict: PodVerdict,
    /// Its container restarts.
    pub restarts: u32,
    /// Its run (pod time, from its creation).
    pub outcome: SimOutcome,
}

/// A Job's run.
#[derive(Debug, Clone)]
pub struct JobRun {
    /// Every pod, in creation order.
    pub pods: Vec<JobPod>,
    /// How it ended.
    pub condition: JobCondition,
    /// When (Job time).
    pub ended_at: Option<SimTime>,
    /// `backoffLimit`, for reports.
    pub backoff_limit: i64,
    /// `completions`.
    pub completions: i64,
}

impl JobRun {
    /// Pods that succeeded.
    pub fn succeeded(&self) -> usize {
        self.pods
            .iter()
            .filter(|p| p.verdict == PodVerdict::Succeeded)
            .count()
    }

    /// Pods that failed and counted.
    pub fn failed(&self) -> usize {
        self.pods
            .iter()
            .filter(|p| matches!(p.verdict, PodVerdict::Failed | PodVerdict::FailedJob))
            .count()
    }
}

/// What a run of the controller needs.
pub struct JobSetup<'a> {
    /// The Job's settings.
    pub control: &'a JobControl,
    /// The pod template, defaulted.
    pub pod: &'a Pod,
    /// Its plan.
    pub plan: &'a PodPlan,
    /// The scenario each pod replays from its first attempt.
    pub behaviour: &'a Behaviour,
    /// The scenario of the replacement pods (2, 3, …), when it differs: a fault that happens
    /// once happens to the first pod only.
    pub replacements: Option<&'a Behaviour>,
    /// Seed, horizon (Job time), event budget and what to record.
    pub config: SimConfig,
}

/// One active pod: its run to the horizon, and where it ends.
struct Active {
    number: usize,
    created_at: SimTime,
    outcome: SimOutcome,
    /// Job time at which it ends on its own (phase Succeeded or Failed), if before the horizon.
    ends_at: Option<SimTime>,
    /// Under `OnFailure`: Job times of its container restarts.
    restart_times: Vec<SimTime>,
}

/// The controller's state while it runs.
struct Controller<'s, 'a> {
    setup: &'s JobSetup<'a>,
    horizon: SimTime,
    completions: usize,
    on_failure: bool,
    pods: Vec<JobPod>,
    active: Vec<Active>,
    /// Job times at which pods are to be created.
    pending: Vec<SimTime>,
    created: usize,
    succeeded: usize,
    failures: i64,
}

/// What one step of the controller decided.
enum Step {
    /// Go on.
    Continue,
    /// The Job ended (or the horizon came).
    End(JobCondition, Option<SimTime>),
}

/// Runs the controller to the horizon.
pub fn run_job(setup: &JobSetup<'_>) -> JobRun {
    let control = setup.control;
    let completions = usize::try_from(control.completions.max(1))
        .unwrap_or(1)
        .min(MAX_JOB_PODS);
    let parallelism = usize::try_from(control.parallelism.max(0))
        .unwrap_or(1)
        .min(completions);
    let mut controller = Controller {
        setup,
        horizon: SimTime::ZERO + setup.config.horizon,
        completions,
        on_failure: setup.plan.restart_policy == RestartPolicy::OnFailure,
        pods: Vec::new(),
        active: Vec::new(),
        pending: vec![SimTime::ZERO; parallelism],
        created: 0,
        succeeded: 0,
        failures: 0,
    };
    let (condition, ended_at) = loop {
        if let Step::End(condition, at) = controller.step() {
            break (condition, at);
        }
    };
    for pod in std::mem::take(&mut controller.active) {
        let restarts = pod.outcome.summary.restarts.iter().sum();
        controller.pods.push(JobPod {
            number: pod.number,
            created_at: pod.created_at,
            ended_at: None,
            verdict: PodVerdict::Active,
            restarts,
            outcome: pod.outcome,
        });
    }
    let mut pods = controller.pods;
    pods.sort_by_key(|p| p.number);
    JobRun {
        pods,
        condition,
        ended_at,
        backoff_limit: control.backoff_limit,
        completions: control.completions,
    }
}

impl Controller<'_, '_> {
    /// The next thing that happens: a pod created, a pod ending, a restart that reaches the
    /// limit, the Job's deadline.
    fn step(&mut self) -> Step {
        let control = self.setup.control;
        let deadline = control
            .active_deadline_seconds
            .map(|s| SimTime::ZERO + SimDuration::from_secs(s.max(0)));
        let next_create = self.pending.iter().copied().min();
        let next_end = self.active.iter().filter_map(|a| a.ends_at).min();
        let restart_limit = if self.on_failure {
            restart_limit_time(&self.active, control.backoff_limit, self.failures)
        } else {
            None
        };
        let candidates = [next_create, next_end, restart_limit, deadline];
        let Some(now) = candidates.iter().flatten().copied().min() else {
            return Step::End(JobCondition::Active, None);
        };
        if now >= self.horizon {
            return Step::End(JobCondition::Active, None);
        }
        if deadline == Some(now) {
            return self.end(JobCondition::Failed("DeadlineExceeded"), now);
        }
        if restart_limit == Some(now) {
            return self.end(JobCondition::Failed("BackoffLimitExceeded"), now);
        }
        if next_end == Some(now) {
            return self.pod_ended(now);
        }
        if let Some(position) = self.pending.iter().position(|t| *t == now) {
            self.pending.remove(position);
        }
        if self.created >= MAX_JOB_PODS {
            return Step::End(JobCondition::Active, None);
        }
        self.created += 1;
        let pod = start_pod(self.setup, self.created, now, self.horizon);
        self.active.push(pod);
        Step::Continue
    }

    /// A pod ended on its own at `now`: count it and decide.
    fn pod_ended(&mut self, now: SimTime) -> Step {
        let position = self
            .active
            .iter()
            .position(|a| a.ends_at == Some(now))
            .unwrap_or_default();
        let pod = self.active.remove(position);
        let restarts: u32 = pod.outcome.summary.restarts.iter().sum();
        let verdict = if pod.outcome.summary.phase == Phase::Succeeded {
            self.succeeded += 1;
            PodVerdict::Succeeded
        } else {
            match failure_action(self.setup, &pod.outcome) {
                "FailJob" => PodVerdict::FailedJob,
                "Ignore" => PodVerdict::Ignored,
                _ => {
                    self.failures += 1;
                    PodVerdict::Failed
                }
            }
        };
        self.pods.push(JobPod {
            number: pod.number,
            created_at: pod.created_at,
            ended_at: Some(now),
            verdict,
            restarts,
            outcome: pod.outcome,
        });
        match verdict {
            PodVerdict::Succeeded if self.succeeded >= self.completions => {
                self.end(JobCondition::Complete, now)
            }
            PodVerdict::FailedJob => self.end(JobCondition::Failed("PodFailurePolicy"), now),
            PodVerdict::Failed if self.failures > self.setup.control.backoff_limit => {
                self.end(JobCondition::Failed("BackoffLimitExceeded"), now)
            }
            PodVerdict::Failed => {
                self.pending.push(now + replacement_backoff(self.failures));
                Step::Continue
            }
            PodVerdict::Ignored => {
                self.pending.push(now);
                Step::Continue
            }
            _ => {
                if self.succeeded + self.active.len() + self.pending.len() < self.completions {
                    self.pending.push(now);
                }
                Step::Continue
            }
        }
    }

    /// The Job ends at `at`: the pods still active are deleted.
    fn end(&mut self, condition: JobCondition, at: SimTime) -> Step {
        for pod in std::mem::take(&mut self.active) {
            let ended = deleted_run(self.setup, &pod, at);
            self.pods.push(ended);
        }
        Step::End(condition, Some(at))
    }
}

/// The controller's back-off before the replacement of the `failures`-th failed pod.
fn replacement_backoff(failures: i64) -> SimDuration {
    let doublings = u32::try_from((failures - 1).clamp(0, 16)).unwrap_or(16);
    let millis = POD_FAILURE_BACKOFF
        .millis()
        .saturating_mul(1u64 << doublings)
        .min(MAX_POD_FAILURE_BACKOFF.millis());
    SimDuration::from_millis(millis)
}

/// `pastBackoffLimitOnFailure`: under `OnFailure` the Job fails once the restarts of its active
/// pods (with the pods already failed) reach `backoffLimit` (any restart when it is 0). The
/// Job time of that restart, if any.
fn restart_limit_time(active: &[Active], backoff_limit: i64, failures: i64) -> Option<SimTime> {
    let mut times: Vec<SimTime> = active
        .iter()
        .flat_map(|a| a.restart_times.iter().copied())
        .collect();
    times.sort();
    let needed = if backoff_limit == 0 {
        1
    } else {
        backoff_limit - failures
    };
    let index = usize::try_from(needed.max(1) - 1).ok()?;
    times.get(index).copied()
}

/// The `podFailurePolicy` action for a failed pod: the first matching rule's, else `Count`.
fn failure_action(setup: &JobSetup<'_>, outcome: &SimOutcome) -> &'static str {
    let exits: Vec<(&str, i32)> = outcome
        .final_status
        .init_container_statuses
        .iter()
        .flatten()
        .chain(outcome.final_status.container_statuses.iter().flatten())
        .filter_map(|status| {
            let code = status.state.as_ref()?.terminated.as_ref()?.exit_code?;
            Some((
                status.name.as_deref().unwrap_or(""),
                i32::try_from(code).ok()?,
            ))
        })
        .collect();
    let conditions: Vec<(&str, &str)> = outcome
        .final_status
        .conditions
        .iter()
        .flatten()
        .filter_map(|c| Some((c.condition_type.as_deref()?, c.status.as_deref()?)))
        .collect();
    for rule in &setup.control.pod_failure_rules {
        if rule.matches(&exits, &conditions) {
            return match rule.action.as_str() {
                "FailJob" | "FailIndex" => "FailJob",
                "Ignore" => "Ignore",
                _ => "Count",
            };
        }
    }
    "Count"
}

/// A pod created at `created_at`: its run to the horizon, and where it ends on its own.
fn start_pod(setup: &JobSetup<'_>, number: usize, created_at: SimTime, horizon: SimTime) -> Active {
    let config = SimConfig {
        horizon: horizon.since(created_at),
        seed: setup.config.seed.wrapping_add(number as u64 - 1),
        ..setup.config
    };
    let behaviour = match setup.replacements {
        Some(later) if number > 1 => later,
        _ => setup.behaviour,
    };
    let outcome = simulate(setup.pod, setup.plan, behaviour, config);
    let summary = &outcome.summary;
    let ends_at = summary
        .ended_at
        .filter(|_| matches!(summary.phase, Phase::Succeeded | Phase::Failed))
        .map(|at| created_at + SimDuration::from_millis(at.millis()));
    let mut seen = vec![false; setup.plan.containers.len()];
    let restart_times = outcome
        .recording
        .events
        .iter()
        .filter(|e| matches!(e.what, Happening::Started))
        .filter_map(|e| {
            let c = e.container?;
            let first = !seen.get(c).copied().unwrap_or(true);
            if let Some(slot) = seen.get_mut(c) {
                *slot = true;
            }
            (!first).then(|| {
                created_at + SimDuration::from_millis(e.at.millis()) + STATUS_TO_CONTROLLER
            })
        })
        .collect();
    Active {
        number,
        created_at,
        outcome,
        ends_at,
        restart_times,
    }
}

/// The run of an active pod the controller deletes at Job time `at`.
fn deleted_run(setup: &JobSetup<'_>, pod: &Active, at: SimTime) -> JobPod {
    let mut behaviour = match setup.replacements {
        Some(later) if pod.number > 1 => later.clone(),
        _ => setup.behaviour.clone(),
    };
    behaviour.termination.deletion = Some(Deletion {
        at: at.since(pod.created_at),
        grace: None,
        force: false,
        cause: TerminationCause::Deleted,
    });
    let config = SimConfig {
        horizon: setup.config.horizon - SimDuration::from_millis(pod.created_at.millis()),
        seed: setup.config.seed.wrapping_add(pod.number as u64 - 1),
        ..setup.config
    };
    let outcome = simulate(setup.pod, setup.plan, &behaviour, config);
    let restarts = outcome.summary.restarts.iter().sum();
    let ended_at = outcome
        .summary
        .ended_at
        .map(|e| pod.created_at + SimDuration::from_millis(e.millis()));
    JobPod {
        number: pod.number,
        created_at: pod.created_at,
        ended_at,
        verdict: PodVerdict::Deleted,
        restarts,
        outcome,
    }
}

#[cfg(test)]
mod tests;
