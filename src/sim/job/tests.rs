//! The Job controller (`pkg/controller/job/job_controller.go`) over simulated pods.

use super::*;
use crate::k8s::workload::job::{ExitCodesRequirement, JobControl, PodFailureRule};
use crate::sim::engine::distribution::Dist;
use crate::sim::plan::behaviour::{AttemptScript, ExitKind, RunTime};
use crate::sim::record::RecordOptions;
use crate::sim::testing::pod_from_yaml;

fn job_pod(policy: &str) -> Pod {
    pod_from_yaml(&format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: j}}\nspec:\n  restartPolicy: {policy}\n  containers:\n  - {{name: worker, image: example/worker:1.0}}\n"
    ))
}

fn control(backoff_limit: i64) -> JobControl {
    JobControl {
        backoff_limit,
        active_deadline_seconds: None,
        pod_failure_rules: Vec::new(),
        completions: 1,
        parallelism: 1,
    }
}

fn run(pod: &Pod, control: &JobControl, exit: ExitKind, horizon_secs: i64) -> JobRun {
    let plan = PodPlan::new(pod);
    let mut behaviour = Behaviour::defaults(&plan);
    behaviour.images_present.iter_mut().for_each(|p| *p = true);
    behaviour.containers[0].default = AttemptScript::new(RunTime::For(Dist::millis(2_000)), exit);
    run_job(&JobSetup {
        control,
        pod,
        plan: &plan,
        behaviour: &behaviour,
        replacements: None,
        config: SimConfig {
            max_events: 1_000_000,
            seed: 0,
            horizon: SimDuration::from_secs(horizon_secs),
            record: RecordOptions::ALL,
        },
    })
}

fn created(run: &JobRun) -> Vec<u64> {
    run.pods.iter().map(|p| p.created_at.millis()).collect()
}

/// `backoffLimit` under `restartPolicy: Never` counts failed pods; the Job fails once more
/// than `backoffLimit` have failed (`BackoffLimitExceeded`), and each replacement waits the
/// controller's back-off (`DefaultJobPodFailureBackOff` 10 s doubling, at most 6 min).
#[test]
fn job_controller_backoff_limit_counts_failed_pods_with_10_s_doubling() {
    let pod = job_pod("Never");
    let run = run(&pod, &control(2), ExitKind::Code(1), 3600);
    assert_eq!(run.condition, JobCondition::Failed("BackoffLimitExceeded"));
    assert_eq!(run.failed(), 3);
    let ends: Vec<u64> = run
        .pods
        .iter()
        .filter_map(|p| p.ended_at)
        .map(SimTime::millis)
        .collect();
    let starts = created(&run);
    assert_eq!(starts[1] - ends[0], 10_000);
    assert_eq!(starts[2] - ends[1], 20_000);
    assert_eq!(run.ended_at.map(SimTime::millis), ends.last().copied());
}

/// `pastBackoffLimitOnFailure`: under `OnFailure` the pod restarts in place and the controller
/// counts container restarts; at `backoffLimit` restarts it fails the Job and deletes the pod.
#[test]
fn job_controller_past_backoff_limit_on_failure_counts_restarts() {
    let pod = job_pod("OnFailure");
    let run = run(&pod, &control(2), ExitKind::Code(1), 3600);
    assert_eq!(run.condition, JobCondition::Failed("BackoffLimitExceeded"));
    assert_eq!(run.pods.len(), 1);
    assert_eq!(run.pods[0].verdict, PodVerdict::Deleted);
    assert_eq!(run.pods[0].restarts, 2);
}

/// A Job's `activeDeadlineSeconds` fails it (`DeadlineExceeded`) and deletes its active pods.
#[test]
fn job_controller_active_deadline_fails_the_job_and_deletes_its_pods() {
    let pod = job_pod("Never");
    let mut settings = control(6);
    settings.active_deadline_seconds = Some(30);
    let run = run(&pod, &settings, ExitKind::Hang, 3600);
    assert_eq!(run.condition, JobCondition::Failed("DeadlineExceeded"));
    assert_eq!(run.ended_at.map(SimTime::millis), Some(30_000));
    assert_eq!(run.pods[0].verdict, PodVerdict::Deleted);
}

/// `podFailurePolicy`: the first matching rule decides; `FailJob` on exit code 42 fails the Job
/// at once (`PodFailurePolicy`), `Ignore` does not count the pod toward `backoffLimit`.
#[test]
fn job_controller_pod_failure_policy_fail_job_and_ignore() {
    let pod = job_pod("Never");
    let rule = |action: &str, code: i64| PodFailureRule {
        action: action.to_string(),
        on_exit_codes: Some(ExitCodesRequirement {
            container_name: None,
            operator_in: true,
            values: vec![code],
        }),
        on_pod_conditions: Vec::new(),
    };
    let mut settings = control(6);
    settings.pod_failure_rules = vec![rule("FailJob", 42)];
    let run_42 = run(&pod, &settings, ExitKind::Code(42), 3600);
    assert_eq!(run_42.condition, JobCondition::Failed("PodFailurePolicy"));
    assert_eq!(run_42.pods.len(), 1);
    settings.pod_failure_rules = vec![rule("Ignore", 3)];
    settings.backoff_limit = 0;
    let ignored = run(&pod, &settings, ExitKind::Code(3), 60);
    assert_eq!(
        ignored.condition,
        JobCondition::Active,
        "ignored failures never count"
    );
    assert!(
        ignored
            .pods
            .iter()
            .filter(|p| p.verdict == PodVerdict::Ignored)
            .count()
            >= 3
    );
}

/// `completions` and `parallelism`: two pods at once until three have succeeded.
#[test]
fn job_controller_runs_parallelism_pods_until_completions_succeed() {
    let pod = job_pod("Never");
    let mut settings = control(6);
    settings.completions = 3;
    settings.parallelism = 2;
    let run = run(&pod, &settings, ExitKind::Code(0), 3600);
    assert_eq!(run.condition, JobCondition::Complete);
    assert_eq!(run.succeeded(), 3);
    let starts = created(&run);
    assert_eq!(&starts[..2], [0, 0]);
    assert!(starts[2] > 0);
}
