//! Whole-run tests of termination (K4) and defer containers (D1–D15), named after the rules of docs/semantics.md.

use crate::sim::cri::trace::{Call, CallArgs, Target};
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::behaviour::{AttemptScript, Behaviour, ExitKind, ProbeScript, RunTime};
use crate::sim::plan::spec::{ContainerKind, PodPlan, ProbeKind};
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::record::Phase;
use crate::sim::record::defer_outcome::{DeferOutcome, SkipReason};
use crate::sim::record::outcome::SimOutcome;
use crate::sim::testing::{event_lines, pod_from_yaml, run};

const HORIZON: SimDuration = SimDuration::from_secs(600);

fn secs(s: i64) -> SimDuration {
    SimDuration::from_secs(s)
}

fn at(ms: u64) -> SimTime {
    SimTime(ms)
}

/// A pod with one app container (with `app_extra` lines) and defer containers `defer`.
fn defer_pod(spec_extra: &str, app_extra: &str, defer: &[&str]) -> String {
    let mut text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{spec_extra}  containers:\n  - name: app\n    image: nginx:1.27\n{app_extra}"
    );
    if !defer.is_empty() {
        text.push_str("  deferContainers:\n");
        for name in defer {
            text.push_str(&format!("  - name: {name}\n    image: busybox:1.36\n"));
        }
    }
    text
}

fn delete(behaviour: &mut Behaviour, at: i64, grace: Option<i64>, force: bool) {
    behaviour.termination.deletion = Some(Deletion {
        at: secs(at),
        grace: grace.map(secs),
        force,
        cause: TerminationCause::Deleted,
    });
}

/// Defer containers run `run` and exit with `code`.
fn defer_runs(plan: &PodPlan, behaviour: &mut Behaviour, name: &str, run: i64, code: i32) {
    let index = plan.find(name).expect("defer container");
    behaviour.containers[index].default = AttemptScript::new(
        RunTime::For(Dist::millis(run as u64 * 1000)),
        ExitKind::Code(code),
    );
}

fn images_present(behaviour: &mut Behaviour) {
    behaviour.images_present.iter_mut().for_each(|p| *p = true);
}

fn clean(outcome: &SimOutcome) {
    assert_eq!(
        outcome.summary.illegal_calls, 0,
        "the runtime refused a call"
    );
}

/// (start, exit) of each instance of a container, from the trace.
fn runs(plan: &PodPlan, outcome: &SimOutcome, name: &str) -> Vec<(SimTime, SimTime)> {
    let container = plan.find(name).expect("container");
    let starts: Vec<SimTime> = outcome
        .trace
        .iter()
        .filter(|e| e.call == Call::StartContainer)
        .filter(|e| matches!(e.target, Target::Container { container: c, .. } if c == container))
        .map(|e| e.at + e.latency)
        .collect();
    let exits: Vec<SimTime> = outcome
        .recording
        .events
        .iter()
        .filter(|e| e.reason() == "Exited" && e.container == Some(container))
        .map(|e| e.at)
        .collect();
    starts.into_iter().zip(exits).collect()
}

fn stop_calls(plan: &PodPlan, outcome: &SimOutcome, name: &str) -> Vec<(SimTime, CallArgs)> {
    let container = plan.find(name).expect("container");
    outcome
        .trace
        .iter()
        .filter(|e| e.call == Call::StopContainer)
        .filter(|e| matches!(e.target, Target::Container { container: c, .. } if c == container))
        .map(|e| (e.at, e.args))
        .collect()
}

fn outcomes(outcome: &SimOutcome) -> Vec<&'static str> {
    outcome
        .summary
        .termination
        .defer_containers
        .iter()
        .map(|d| d.outcome)
        .collect()
}

const PRE_STOP_SLEEP_5: &str =
    "    lifecycle:\n      preStop:\n        sleep:\n          seconds: 5\n";

#[test]
fn k4_delete_runs_pre_stop_then_sigterm_with_the_rest_of_the_grace_period() {
    let pod = pod_from_yaml(&defer_pod("", PRE_STOP_SLEEP_5, &[]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| delete(b, 30, None, false));
    clean(&outcome);
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(35_000), CallArgs::Timeout(secs(25)))]
    );
    let term = &outcome.summary.termination;
    assert_eq!(term.cause, Some("Deleted"));
    assert_eq!(term.time_to_terminated_ms, Some(5_000));
    assert!(
        outcome
            .trace
            .iter()
            .any(|e| e.call == Call::RemovePodSandbox)
    );
    assert!(
        event_lines(&plan, &outcome)
            .iter()
            .any(|l| l.contains("Removed"))
    );
}

#[test]
fn k4_pre_stop_overrun_gets_the_two_second_minimum_then_sigkill() {
    let pod = pod_from_yaml(&defer_pod(
        "  terminationGracePeriodSeconds: 10\n",
        PRE_STOP_SLEEP_5,
        &[],
    ));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        b.containers[0].default.pre_stop = Dist::millis(20_000);
        b.containers[0].default.exit = ExitKind::Hang;
        delete(b, 30, None, false);
    });
    clean(&outcome);
    // The hook is cut at the grace period (10 s); 2 s are left for StopContainer, then SIGKILL.
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(40_000), CallArgs::Timeout(secs(2)))]
    );
    assert_eq!(
        outcome.summary.termination.time_to_terminated_ms,
        Some(12_000)
    );
}

#[test]
fn k4_stop_time_after_sigterm_comes_from_the_scenario() {
    let pod = pod_from_yaml(&defer_pod("", "", &[]));
    let (_, outcome) = run(&pod, HORIZON, |_, b| {
        b.containers[0].default.stop = Dist::millis(4_000);
        delete(b, 30, Some(10), false);
    });
    clean(&outcome);
    assert_eq!(
        outcome.summary.termination.time_to_terminated_ms,
        Some(4_000)
    );
    assert_eq!(outcome.summary.termination.grace_period_seconds, Some(10));
}

#[test]
fn k4_app_containers_stop_before_sidecars_in_reverse_order() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: log, image: busybox, restartPolicy: Always}\n  - {name: mesh, image: busybox, restartPolicy: Always}\n  containers:\n  - {name: app, image: nginx}\n",
    );
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(3_000);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let first = |name| stop_calls(&plan, &outcome, name)[0].0;
    assert_eq!(first("app"), at(30_000));
    assert_eq!(first("mesh"), at(33_000));
    assert_eq!(first("log"), at(33_000));
    let order: Vec<usize> = outcome
        .trace
        .iter()
        .filter(|e| e.call == Call::StopContainer)
        .filter_map(|e| match e.target {
            Target::Container { container, .. } => Some(container),
            _ => None,
        })
        .collect();
    let (log, mesh, app) = (plan.find("log"), plan.find("mesh"), plan.find("app"));
    assert_eq!(order, [app, mesh, log].map(|c| c.expect("c")));
}

/// K4.3: the sidecars' Killing events come at T0 (`killContainersWithSyncResult` begins every
/// kill at once), but SIGTERM waits for their turn: the lanes show "waiting to stop" until the
/// stop signal, and the stop signals are recorded where `StopContainer` sends them.
#[test]
fn k4_3_a_sidecar_waiting_for_its_turn_waits_to_stop_until_its_sigterm() {
    use crate::sim::record::{LaneState, StopSignalSent};
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: log, image: busybox, restartPolicy: Always}\n  containers:\n  - {name: app, image: nginx}\n",
    );
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(3_000);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let (log, app) = (
        plan.find("log").expect("log"),
        plan.find("app").expect("app"),
    );
    let killing: Vec<SimTime> = outcome
        .recording
        .events
        .iter()
        .filter(|e| e.container == Some(log) && e.reason() == "Killing")
        .map(|e| e.at)
        .collect();
    assert_eq!(killing, [at(30_000)], "the Killing event stays at T0");
    let lane = &outcome.recording.lanes[log];
    let from = |state: LaneState| lane.iter().find(|(_, s)| *s == state).map(|(t, _)| *t);
    assert_eq!(from(LaneState::WaitingToStop), Some(at(30_000)));
    // The sidecar exits at once on SIGTERM: its lane goes from waiting to its exit at 33 s.
    assert_eq!(from(LaneState::Terminating), None, "{lane:?}");
    assert_eq!(lane.last().map(|(t, _)| *t), Some(at(33_000)));
    assert_eq!(
        outcome.recording.stop_signals,
        [
            StopSignalSent {
                at: at(30_000),
                container: app,
                held_back: false
            },
            StopSignalSent {
                at: at(33_000),
                container: log,
                held_back: true
            },
        ]
    );
    assert_eq!(stop_calls(&plan, &outcome, "log")[0].0, at(33_000));
}

/// `calculateEffectiveGracePeriod` (pkg/kubelet/pod_workers.go): "no matter what, we always
/// supply a grace period of 1". A forced deletion with grace 0 still runs the preStop hook for
/// up to 1 s; `killContainer` (kuberuntime_container.go) then calls `StopContainer` with
/// `minimumGracePeriodInSeconds` = 2 s. (SEMANTICS K4.5 says "no preStop, immediate kill"; the
/// kubelet source disagrees, and podlife follows the kubelet.)
#[test]
fn k4_5_calculate_effective_grace_period_gives_a_forced_deletion_1_s() {
    let pod = pod_from_yaml(&defer_pod("", PRE_STOP_SLEEP_5, &[]));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(60_000);
        delete(b, 30, Some(0), true);
    });
    clean(&outcome);
    // The 5 s sleep is cut to the 1 s grace; the 2 s minimum follows; SIGKILL at T0 + 3 s.
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(31_000), CallArgs::Timeout(secs(2)))]
    );
    assert_eq!(
        outcome.summary.termination.time_to_terminated_ms,
        Some(3_000)
    );
    assert_eq!(outcome.summary.termination.grace_period_seconds, Some(1));
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines.iter().any(|l| l.contains("exited with code 137")),
        "{lines:#?}"
    );
    // A pod whose own grace period is 0 gets the same floor.
    let zero = pod_from_yaml(&defer_pod(
        "  terminationGracePeriodSeconds: 0\n",
        PRE_STOP_SLEEP_5,
        &[],
    ));
    let (plan, outcome) = run(&zero, HORIZON, |_, b| delete(b, 30, None, false));
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(31_000), CallArgs::Timeout(secs(2)))]
    );
}

#[test]
fn k4_run_to_completion_pods_get_no_grace_after_completing() {
    let pod = pod_from_yaml(&defer_pod(
        "  restartPolicy: Never\n",
        PRE_STOP_SLEEP_5,
        &[],
    ));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| delete(b, 60, None, false));
    clean(&outcome);
    assert_eq!(outcome.summary.phase, Phase::Succeeded);
    assert!(stop_calls(&plan, &outcome, "app").is_empty());
    assert_eq!(
        outcome.summary.termination.cause, None,
        "it ended before the deletion"
    );
}

#[test]
fn k4_eviction_is_a_termination_cause() {
    let pod = pod_from_yaml(&defer_pod("", "", &[]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        b.termination.deletion = Some(Deletion {
            at: secs(20),
            grace: None,
            force: false,
            cause: TerminationCause::Evicted,
        });
    });
    clean(&outcome);
    assert_eq!(outcome.summary.termination.cause, Some("Evicted"));
    assert!(
        event_lines(&plan, &outcome)
            .iter()
            .any(|l| l.starts_with("20s Evicted"))
    );
}

#[test]
fn d1_defer_containers_follow_app_containers_and_keep_only_a_liveness_probe() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: app, image: nginx}\n  deferContainers:\n  - name: flush\n    image: busybox\n    readinessProbe: {exec: {command: [x]}}\n    livenessProbe: {exec: {command: [x]}}\n",
    );
    let plan = PodPlan::new(&pod);
    assert_eq!(plan.app_indices(), 0..1);
    assert_eq!(plan.defer_indices(), 1..2);
    let flush = &plan.containers[1];
    assert_eq!(flush.kind, ContainerKind::Defer);
    assert_eq!(flush.path(), "spec.deferContainers[0]");
    assert!(flush.probe(ProbeKind::Liveness).is_some());
    assert!(flush.probe(ProbeKind::Readiness).is_none());
}

#[test]
fn d2_active_deadline_triggers_defer_containers() {
    let pod = pod_from_yaml(&defer_pod("  activeDeadlineSeconds: 30\n", "", &["flush"]));
    let (_, outcome) = run(&pod, HORIZON, |_, b| images_present(b));
    clean(&outcome);
    assert_eq!(outcome.summary.termination.cause, Some("DeadlineExceeded"));
    assert_eq!(outcomes(&outcome), ["completed"]);
    assert_eq!(outcome.summary.phase, Phase::Failed);
}

#[test]
fn d3_pre_exit_keeps_app_containers_running_until_defer_containers_finish() {
    let pod = pod_from_yaml(&defer_pod("", "", &["flush", "notify"]));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "flush", 3, 0);
        defer_runs(plan, b, "notify", 4, 0);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let notify = runs(&plan, &outcome, "notify");
    let app_stop = stop_calls(&plan, &outcome, "app");
    assert_eq!(
        app_stop[0].0, notify[0].1,
        "SIGTERM once the last defer container is done"
    );
}

#[test]
fn d3_post_exit_terminates_app_containers_at_once() {
    let pod = pod_from_yaml(&defer_pod("  deferTrigger: PostExit\n", "", &["flush"]));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "flush", 3, 0);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    assert_eq!(stop_calls(&plan, &outcome, "app")[0].0, at(30_000));
    let flush = runs(&plan, &outcome, "flush");
    assert_eq!(
        outcome.summary.ended_at,
        Some(flush[0].1),
        "removed after the defer containers"
    );
}

#[test]
fn d4_pre_stop_starts_at_t0_and_defer_container_1_does_not_wait_for_it() {
    let pod = pod_from_yaml(&defer_pod("", PRE_STOP_SLEEP_5, &["flush"]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        images_present(b);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines.iter().any(|l| l.starts_with("30s Killing app")),
        "{lines:#?}"
    );
    let flush = plan.find("flush").expect("flush");
    let create = outcome
        .trace
        .iter()
        .find(|e| {
            e.call == Call::CreateContainer
                && matches!(e.target, Target::Container { container, .. } if container == flush)
        })
        .expect("created");
    assert_eq!(create.at, at(30_000));
    // The preStop hook (5 s) ends after flush (1.2 s): the app is stopped when the hook ends.
    assert_eq!(stop_calls(&plan, &outcome, "app")[0].0, at(35_000));
}

#[test]
fn d5_defer_containers_run_one_at_a_time_in_order() {
    let pod = pod_from_yaml(&defer_pod("", "", &["a", "b", "c"]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| delete(b, 30, None, false));
    clean(&outcome);
    let spans: Vec<(SimTime, SimTime)> = ["a", "b", "c"]
        .iter()
        .flat_map(|n| runs(&plan, &outcome, n))
        .collect();
    assert_eq!(spans.len(), 3);
    for pair in spans.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "overlap: {spans:?}");
    }
    assert_eq!(
        outcome.summary.restarts,
        [0, 0, 0, 0],
        "the app is never restarted"
    );
    assert_eq!(outcomes(&outcome), ["completed"; 3]);
}

#[test]
fn d6_a_failed_defer_container_with_never_lets_the_next_one_run() {
    let pod = pod_from_yaml(&defer_pod("", "", &["a", "b"]));
    let (_, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 1, 3);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    assert_eq!(outcomes(&outcome), ["failed", "completed"]);
}

#[test]
fn d6_restart_policy_always_restarts_a_failed_defer_container_with_backoff() {
    let text = defer_pod("", "", &["a"]).replace(
        "  - name: a\n    image: busybox:1.36\n",
        "  - name: a\n    image: busybox:1.36\n    restartPolicy: Always\n",
    );
    let pod = pod_from_yaml(&text);
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        let a = plan.find("a").expect("a");
        b.containers[a].attempts = vec![
            AttemptScript::new(RunTime::For(Dist::millis(1000)), ExitKind::Code(1)),
            AttemptScript::new(RunTime::For(Dist::millis(1000)), ExitKind::Code(1)),
        ];
        delete(b, 30, Some(60), false);
    });
    clean(&outcome);
    let spans = runs(&plan, &outcome, "a");
    assert_eq!(spans.len(), 3, "{spans:?}");
    assert!(spans[1].0.since(spans[0].1) >= secs(0));
    assert!(
        spans[2].0.since(spans[1].1) >= secs(10),
        "backoff: {spans:?}"
    );
    assert_eq!(outcomes(&outcome), ["completed"]);
}

#[test]
fn d7_a_defer_container_may_stop_the_app_itself() {
    let pod = pod_from_yaml(&defer_pod("", "", &["kill-app", "cleanup"]));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        let kill = plan.find("kill-app").expect("kill-app");
        let app = plan.find("app").expect("app");
        b.termination.stops.insert(kill, vec![app]);
        b.containers[app].default.stop = Dist::millis(500);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let kill = runs(&plan, &outcome, "kill-app");
    let app_stop = stop_calls(&plan, &outcome, "app");
    assert_eq!(app_stop[0].0, kill[0].0, "stopped when kill-app runs");
    assert_eq!(outcomes(&outcome), ["completed", "completed"]);
}

#[test]
fn d8_budget_skips_remaining_defer_containers() {
    let pod = pod_from_yaml(&defer_pod(
        "  terminationGracePeriodSeconds: 5\n",
        "",
        &["a", "b", "c"],
    ));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 3, 0);
        defer_runs(plan, b, "b", 30, 0);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    assert_eq!(outcomes(&outcome), ["completed", "killed", "skipped"]);
    let term = &outcome.summary.termination;
    assert!(term.minimum_extension && term.budget_expired);
    assert_eq!(
        term.defer_containers[2].skip_reason,
        Some("GracePeriodExpired")
    );
    // Deadline 35 s, moved once by 2 s: everything is killed at 37 s.
    assert_eq!(
        stop_calls(&plan, &outcome, "b")[0],
        (at(37_000), CallArgs::Timeout(SimDuration::ZERO))
    );
    assert_eq!(term.time_to_terminated_ms, Some(7_000));
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines.iter().any(|l| l.starts_with("37s DeferSkipped c")),
        "{lines:#?}"
    );
    let status = outcome
        .final_status
        .defer_container_statuses
        .as_ref()
        .expect("statuses");
    let skipped = status[2]
        .state
        .as_ref()
        .and_then(|s| s.terminated.as_ref())
        .expect("terminated");
    assert_eq!(skipped.reason.as_deref(), Some("DeferSkipped"));
}

#[test]
fn d9_liveness_probe_extends_the_grace_period_while_it_succeeds() {
    let text = defer_pod("  terminationGracePeriodSeconds: 5\n  deferContainerGracePeriodExtension: true\n", "", &["a"])
        .replace(
            "  - name: a\n    image: busybox:1.36\n",
            "  - name: a\n    image: busybox:1.36\n    livenessProbe: {exec: {command: [ok]}, periodSeconds: 4}\n",
        );
    let pod = pod_from_yaml(&text);
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 10, 0);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    assert_eq!(outcomes(&outcome), ["completed"]);
    let term = &outcome.summary.termination;
    assert!(term.extensions >= 1, "{term:?}");
    assert!(event_lines(&plan, &outcome).iter().any(|l| l.contains("ExtendGracePeriod a extendGracePeriod: defer container a still running, grace period extended by 4s")));
}

#[test]
fn d9_without_a_liveness_probe_nothing_is_extended() {
    let pod = pod_from_yaml(&defer_pod(
        "  terminationGracePeriodSeconds: 5\n  deferContainerGracePeriodExtension: true\n",
        "",
        &["a"],
    ));
    let (_, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 10, 0);
        delete(b, 30, None, false);
    });
    assert_eq!(outcome.summary.termination.extensions, 0);
    assert_eq!(outcomes(&outcome), ["killed"]);
}

#[test]
fn d10_interval_and_count_extend_the_deadline_then_the_two_seconds() {
    let pod = pod_from_yaml(&defer_pod(
        "  terminationGracePeriodSeconds: 5\n  deferContainerGracePeriodExtensionInterval: 3\n  deferContainerGracePeriodExtensionCount: 2\n",
        "",
        &["a"],
    ));
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 60, 0);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let term = &outcome.summary.termination;
    assert_eq!((term.extensions, term.minimum_extension), (2, true));
    assert_eq!(term.extended_by_ms, 8_000);
    // 30 + 5 + 3 + 3 + 2 = 43 s.
    assert_eq!(stop_calls(&plan, &outcome, "a")[0].0, at(43_000));
    assert_eq!(outcomes(&outcome), ["killed"]);
}

#[test]
fn d11_short_running_pods_run_defer_containers_once_as_post_exit() {
    let pod = pod_from_yaml(&defer_pod("  restartPolicy: Never\n", "", &["report"]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        images_present(b);
        delete(b, 60, None, false);
    });
    clean(&outcome);
    let app = runs(&plan, &outcome, "app");
    let report = runs(&plan, &outcome, "report");
    assert_eq!(report.len(), 1, "never twice");
    assert!(report[0].0 >= app[0].1, "after the app containers finished");
    assert_eq!(outcome.summary.termination.cause, Some("Completed"));
    assert_eq!(outcome.summary.phase, Phase::Succeeded);
    // The phase stays Running while the defer container runs.
    let rows: Vec<&str> = outcome
        .recording
        .statuses
        .iter()
        .map(|r| r.status.as_str())
        .collect();
    assert!(rows.contains(&"Defer:0/1"), "{rows:?}");
}

#[test]
fn d12_force_delete_skips_defer_containers() {
    let pod = pod_from_yaml(&defer_pod("", PRE_STOP_SLEEP_5, &["a", "b"]));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| delete(b, 30, Some(0), true));
    clean(&outcome);
    assert_eq!(outcomes(&outcome), ["skipped", "skipped"]);
    assert!(runs(&plan, &outcome, "a").is_empty());
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("DeferSkipped a") && l.contains("ForceDeleted")),
        "{lines:#?}"
    );
    assert_eq!(
        outcome.summary.termination.defer_containers[0].skip_reason,
        Some(SkipReason::ForceDeleted.as_str())
    );
}

#[test]
fn d14_node_crash_reports_completed_cut_and_never_ran() {
    let pod = pod_from_yaml(&defer_pod("", "", &["a", "b", "c"]));
    let (_, outcome) = run(&pod, HORIZON, |plan, b| {
        images_present(b);
        defer_runs(plan, b, "a", 2, 0);
        defer_runs(plan, b, "b", 10, 0);
        delete(b, 30, None, false);
        b.termination.node_crash = Some(secs(35));
    });
    clean(&outcome);
    assert_eq!(outcomes(&outcome), ["completed", "cut", "neverRan"]);
    assert_eq!(outcome.summary.termination.node_crashed_at_ms, Some(35_000));
    assert_eq!(outcome.summary.termination.removed_at_ms, None);
}

#[test]
fn d15_status_shows_defer_progress_then_terminating() {
    let pod = pod_from_yaml(&defer_pod("", "", &["a", "b"]));
    let (_, outcome) = run(&pod, HORIZON, |_, b| {
        images_present(b);
        delete(b, 30, None, false);
    });
    let rows: Vec<&str> = outcome
        .recording
        .statuses
        .iter()
        .map(|r| r.status.as_str())
        .collect();
    for wanted in ["Defer:0/2", "Defer:1/2", "Terminating"] {
        assert!(rows.contains(&wanted), "{wanted}: {rows:?}");
    }
    assert_eq!(
        outcome
            .final_status
            .defer_container_statuses
            .as_ref()
            .map(Vec::len),
        Some(2)
    );
}

#[test]
fn defer_outcome_names_are_stable() {
    assert_eq!(DeferOutcome::NotRun.as_str(), "neverRan");
    assert_eq!(
        DeferOutcome::Skipped(SkipReason::ForceDeleted).as_str(),
        "skipped"
    );
}

#[test]
fn probe_script_on_defer_liveness_is_scriptable() {
    // The scenario's probe scripts apply to a defer container's liveness probe (D9 is driven by it).
    assert!(ProbeScript::Constant(true).answer(0, SimDuration::ZERO));
}

#[test]
fn d13_pre_pull_defer_images_once_running_shortens_termination() {
    let without = pod_from_yaml(&defer_pod("", "", &["flush"]));
    let with = pod_from_yaml(&defer_pod("  prePullDeferImages: true\n", "", &["flush"]));
    let (_, slow) = run(&without, HORIZON, |_, b| delete(b, 30, None, false));
    let (plan, fast) = run(&with, HORIZON, |_, b| delete(b, 30, None, false));
    clean(&fast);
    let lines = event_lines(&plan, &fast);
    assert!(
        lines.iter().any(|l| l.starts_with("2.4s Pulling flush")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("30s Pulled flush") && l.contains("already present")),
        "{lines:#?}"
    );
    let took = |o: &SimOutcome| {
        o.summary
            .termination
            .time_to_terminated_ms
            .expect("removed")
    };
    assert_eq!(
        took(&slow) - took(&fast),
        2_000,
        "the 2 s pull moved before termination"
    );
}

const SIDECARS_AND_APP: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  terminationGracePeriodSeconds: 10\n  initContainers:\n  - {name: log, image: busybox, restartPolicy: Always}\n  - {name: mesh, image: busybox, restartPolicy: Always}\n  containers:\n  - {name: app, image: nginx}\n";

fn killing_times(plan: &PodPlan, outcome: &SimOutcome) -> Vec<(String, SimTime)> {
    outcome
        .recording
        .events
        .iter()
        .filter(|e| e.reason() == "Killing")
        .filter_map(|e| Some((plan.containers[e.container?].name.clone(), e.at)))
        .collect()
}

/// `killContainer` (kuberuntime_container.go) records the Killing event before anything else,
/// and `killContainersWithSyncResult` runs every container's kill in its own goroutine: on
/// deletion every container's Killing event is at the deletion time, sidecars' too.
#[test]
fn k4_kill_container_records_killing_for_every_container_at_deletion() {
    let pod = pod_from_yaml(SIDECARS_AND_APP);
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(3_000);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    let mut killing = killing_times(&plan, &outcome);
    killing.sort();
    assert_eq!(
        killing,
        [
            ("app".to_string(), at(30_000)),
            ("log".to_string(), at(30_000)),
            ("mesh".to_string(), at(30_000)),
        ]
    );
}

/// `terminationOrdering.waitForTurn` (kuberuntime_termination_order.go): each sidecar waits for
/// the app containers and the next sidecar only up to its own timer, the grace it has left.
/// When the grace runs out, every waiting sidecar gets `StopContainer` with the 2 s minimum at
/// the same moment, not one after another.
#[test]
fn k4_wait_for_turn_timers_stop_every_waiting_sidecar_at_once() {
    let pod = pod_from_yaml(
        &SIDECARS_AND_APP.replace(
            "  - {name: app, image: nginx}\n",
            "  - name: app\n    image: nginx\n    lifecycle:\n      preStop:\n        sleep: {seconds: 60}\n",
        ),
    );
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(60_000);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    // The app's hook uses the whole 10 s; then StopContainer with 2 s.
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(40_000), CallArgs::Timeout(secs(2)))]
    );
    // Both sidecars' timers (10 s) fire at T0 + 10 s: both stop then, with 2 s each.
    assert_eq!(
        stop_calls(&plan, &outcome, "mesh"),
        [(at(40_000), CallArgs::Timeout(secs(2)))]
    );
    assert_eq!(
        stop_calls(&plan, &outcome, "log"),
        [(at(40_000), CallArgs::Timeout(secs(2)))]
    );
}

/// `killContainersWithSyncResult` with a sidecar whose preStop takes 3 s and an app container
/// that takes 8 s to exit after SIGTERM: the sidecar's turn comes when the app exits (+8 s),
/// and it stops with its grace less the hook's and the wait's whole seconds (30 − 3 − 5 = 22 s).
/// The sandbox is stopped only after both; the pod ends Failed and removed.
#[test]
fn k4_kill_containers_with_sync_result_stops_a_sidecar_after_a_slow_app() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - name: proxy\n    image: envoy\n    restartPolicy: Always\n    lifecycle:\n      preStop:\n        sleep: {seconds: 3}\n  containers:\n  - {name: app, image: nginx}\n",
    );
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("app").expect("app")].default.stop = Dist::millis(8_000);
        delete(b, 30, None, false);
    });
    clean(&outcome);
    assert_eq!(
        stop_calls(&plan, &outcome, "app"),
        [(at(30_000), CallArgs::Timeout(secs(30)))]
    );
    assert_eq!(
        stop_calls(&plan, &outcome, "proxy"),
        [(at(38_000), CallArgs::Timeout(secs(22)))]
    );
    let app_exit = runs(&plan, &outcome, "app")[0].1;
    assert_eq!(app_exit, at(38_000));
    let sandbox_stop = outcome
        .trace
        .iter()
        .find(|e| e.call == Call::StopPodSandbox)
        .map(|e| e.at);
    assert_eq!(sandbox_stop, Some(at(38_000)));
    assert_eq!(outcome.summary.phase, Phase::Failed);
    assert_eq!(
        outcome.summary.termination.time_to_terminated_ms,
        Some(8_000)
    );
}

/// `TerminatePod` (pkg/kubelet/status/status_manager.go) moves a pod that is still Pending or
/// Running when it is terminated to Failed: deleted while its init container runs, it ends
/// Failed, not Pending.
#[test]
fn k4_terminate_pod_moves_a_deleted_pending_pod_to_failed() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: migrate, image: busybox}\n  containers:\n  - {name: app, image: nginx}\n",
    );
    let (plan, outcome) = run(&pod, HORIZON, |plan, b| {
        b.containers[plan.find("migrate").expect("migrate")]
            .default
            .run = RunTime::Forever;
        delete(b, 10, None, false);
    });
    clean(&outcome);
    assert!(!stop_calls(&plan, &outcome, "migrate").is_empty());
    assert_eq!(outcome.summary.phase, Phase::Failed);
}

/// `canBeDeleted` (pkg/kubelet/kubelet_pods.go via the status manager): the kubelet deletes the
/// API object only of a pod with a deletion timestamp. A pod that fails on its own
/// (`activeDeadlineSeconds`) has its containers stopped and stays, Failed.
#[test]
fn k4_can_be_deleted_keeps_a_pod_that_failed_on_its_own() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  activeDeadlineSeconds: 20\n  containers:\n  - {name: app, image: nginx}\n",
    );
    let (plan, outcome) = run(&pod, HORIZON, |_, b| images_present(b));
    clean(&outcome);
    assert!(!stop_calls(&plan, &outcome, "app").is_empty());
    assert_eq!(outcome.summary.phase, Phase::Failed);
    assert_eq!(outcome.summary.reason, Some("DeadlineExceeded"));
    assert_eq!(outcome.summary.termination.removed_at_ms, None);
    assert!(
        !outcome
            .trace
            .iter()
            .any(|e| e.call == Call::RemovePodSandbox)
    );
    let lines = event_lines(&plan, &outcome);
    assert!(!lines.iter().any(|l| l.contains("Removed")), "{lines:#?}");
}
