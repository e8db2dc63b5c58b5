//! Whole-run tests of the kubelet model, named after the rules of docs/semantics.md (K1–K4, T, R).

use crate::sim::cri::trace::Call;
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::behaviour::{ExitKind, FailureCount, ProbeScript, RunTime};
use crate::sim::plan::spec::{PodPlan, ProbeKind};
use crate::sim::record::Happening;
use crate::sim::record::Phase;
use crate::sim::record::outcome::SimOutcome;
use crate::sim::testing::{event_lines, pod_from_yaml, run};

const TEN_MINUTES: SimDuration = SimDuration::from_secs(600);

fn app_pod(restart_policy: &str, app_extra: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: {restart_policy}\n  containers:\n  - name: app\n    image: nginx:1.27\n{app_extra}"
    )
}

fn init_pod(restart_policy: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: {restart_policy}\n  initContainers:\n  - name: init-1\n    image: busybox:1.36\n  - name: init-2\n    image: busybox:1.36\n  - name: init-3\n    image: busybox:1.36\n  containers:\n  - name: app\n    image: nginx:1.27\n"
    )
}

/// Times of runtime calls of one kind on one container.
fn call_times(plan: &PodPlan, outcome: &SimOutcome, call: Call, name: &str) -> Vec<SimTime> {
    let container = plan.find(name).expect("container");
    outcome
        .trace
        .iter()
        .filter(|e| e.call == call)
        .filter(|e| {
            matches!(e.target, crate::sim::cri::trace::Target::Container { container: c, .. } if c == container)
        })
        .map(|e| e.at)
        .collect()
}

/// Times of events of one reason on one container.
fn event_times(plan: &PodPlan, outcome: &SimOutcome, reason: &str, name: &str) -> Vec<SimTime> {
    let container = plan.find(name);
    outcome
        .recording
        .events
        .iter()
        .filter(|e| e.reason() == reason && e.container == container)
        .map(|e| e.at)
        .collect()
}

fn statuses(outcome: &SimOutcome) -> Vec<String> {
    outcome
        .recording
        .statuses
        .iter()
        .map(|r| {
            format!(
                "{} {} {}",
                r.ready,
                r.status,
                r.restarts.split(' ').next().unwrap_or("")
            )
        })
        .collect()
}

fn assert_clean(outcome: &SimOutcome) {
    assert_eq!(
        outcome.summary.illegal_calls, 0,
        "the runtime refused a call"
    );
}

#[test]
fn k2_crash_loop_waits_10_20_40_80_160_300_300() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let (plan, outcome) = run(&pod, SimDuration::from_secs(3600), |_, behaviour| {
        behaviour.containers[0].default = crate::sim::plan::behaviour::AttemptScript::new(
            RunTime::For(Dist::millis(1000)),
            ExitKind::Code(1),
        );
    });
    assert_clean(&outcome);
    let exits = event_times(&plan, &outcome, "Exited", "app");
    let creates = call_times(&plan, &outcome, Call::CreateContainer, "app");
    let waits: Vec<u64> = exits
        .iter()
        .zip(creates.iter().skip(1))
        .map(|(exit, create)| create.since(*exit).whole_seconds())
        .take(8)
        .collect();
    assert_eq!(waits, [0, 10, 20, 40, 80, 160, 300, 300]);
    let backoffs = event_times(&plan, &outcome, "BackOff", "app");
    assert_eq!(
        backoffs.first(),
        Some(&exits[1]),
        "BackOff once the second exit waits"
    );
    assert!(statuses(&outcome).contains(&"0/1 CrashLoopBackOff 1".to_string()));
}

#[test]
fn k2_backoff_resets_after_ten_minutes_of_running() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let (plan, outcome) = run(&pod, SimDuration::from_secs(3 * 3600), |_, behaviour| {
        behaviour.containers[0].default = crate::sim::plan::behaviour::AttemptScript::new(
            RunTime::For(Dist::millis(600_001)),
            ExitKind::Code(1),
        );
    });
    assert_clean(&outcome);
    let exits = event_times(&plan, &outcome, "Exited", "app");
    let creates = call_times(&plan, &outcome, Call::CreateContainer, "app");
    assert!(exits.len() >= 5);
    for (exit, create) in exits.iter().zip(creates.iter().skip(1)) {
        assert_eq!(
            create, exit,
            "restarted at once after running over 10 minutes"
        );
    }
    assert!(event_times(&plan, &outcome, "BackOff", "app").is_empty());
}

#[test]
fn k1_2_init_containers_run_one_at_a_time_in_order() {
    let pod = pod_from_yaml(&init_pod("Always"));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let init_2 = plan.find("init-2").expect("init-2");
        behaviour.containers[init_2].default.exit = ExitKind::Code(1);
        for attempt in 3..=10 {
            behaviour.containers[init_2].attempt_mut(attempt).exit = ExitKind::Code(0);
        }
    });
    assert_clean(&outcome);
    // Every start of an init container comes after the previous one's last exit, and the app
    // starts after the last init container's exit.
    let names = ["init-1", "init-2", "init-3", "app"];
    for pair in names.windows(2) {
        let previous_exit = *event_times(&plan, &outcome, "Exited", pair[0])
            .last()
            .expect("exit");
        let first_start = call_times(&plan, &outcome, Call::StartContainer, pair[1])[0];
        assert!(
            first_start >= previous_exit,
            "{} overlaps {}",
            pair[1],
            pair[0]
        );
    }
    // init-2 failed twice (restart at once, then 10 s backoff), init-1 never re-ran.
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "init-1").len(),
        1
    );
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "init-2").len(),
        3
    );
    let rows = statuses(&outcome);
    assert!(rows.contains(&"0/1 Init:Error 0".to_string()), "{rows:?}");
    assert!(
        rows.contains(&"0/1 Init:CrashLoopBackOff 1".to_string()),
        "{rows:?}"
    );
    assert_eq!(outcome.summary.phase, Phase::Running);
}

#[test]
fn k1_5_failing_init_under_never_fails_the_pod() {
    let pod = pod_from_yaml(&init_pod("Never"));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let init_2 = plan.find("init-2").expect("init-2");
        behaviour.containers[init_2].default.exit = ExitKind::Code(3);
    });
    assert_clean(&outcome);
    assert_eq!(outcome.summary.phase, Phase::Failed);
    assert!(call_times(&plan, &outcome, Call::CreateContainer, "init-3").is_empty());
    assert!(call_times(&plan, &outcome, Call::CreateContainer, "app").is_empty());
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "init-2").len(),
        1
    );
    assert!(outcome.summary.ended_at.is_some(), "the pod stops");
    assert_eq!(
        statuses(&outcome).last().map(String::as_str),
        Some("0/1 Init:Error 0")
    );
}

#[test]
fn k1_5_failing_init_under_on_failure_and_always_restarts_with_backoff() {
    for policy in ["OnFailure", "Always"] {
        let pod = pod_from_yaml(&init_pod(policy));
        let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
            let init_2 = plan.find("init-2").expect("init-2");
            behaviour.containers[init_2].attempt_mut(1).exit = ExitKind::Code(1);
            behaviour.containers[init_2].attempt_mut(2).exit = ExitKind::Code(1);
            behaviour.containers[init_2].attempt_mut(3).exit = ExitKind::Code(1);
        });
        assert_clean(&outcome);
        let exits = event_times(&plan, &outcome, "Exited", "init-2");
        let starts = call_times(&plan, &outcome, Call::CreateContainer, "init-2");
        assert_eq!(starts.len(), 4, "{policy}");
        let waits: Vec<u64> = exits
            .iter()
            .zip(starts.iter().skip(1))
            .map(|(exit, start)| start.since(*exit).whole_seconds())
            .collect();
        assert_eq!(waits, [0, 10, 20], "{policy}");
        assert_eq!(
            outcome.summary.restarts[plan.find("init-2").expect("init-2")],
            3
        );
        assert!(outcome.summary.initialized_at.is_some(), "{policy}");
        let expected = if policy == "Always" {
            Phase::Running
        } else {
            Phase::Succeeded
        };
        assert_eq!(outcome.summary.phase, expected, "{policy}");
    }
}

const SIDECAR_POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: s}\nspec:\n  initContainers:\n  - name: proxy\n    image: envoy:1\n    restartPolicy: Always\n    startupProbe:\n      tcpSocket: {port: 9901}\n      periodSeconds: 2\n      failureThreshold: 30\n  - name: migrate\n    image: migrate:1\n  containers:\n  - name: app\n    image: nginx:1.27\n";

#[test]
fn k1_3_next_init_waits_for_the_sidecar_startup_probe() {
    let pod = pod_from_yaml(SIDECAR_POD);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let proxy = plan.find("proxy").expect("proxy");
        behaviour.containers[proxy].default.probes[ProbeKind::Startup as usize] =
            ProbeScript::Timeline(vec![
                (SimDuration::ZERO, false),
                (SimDuration::from_secs(5), true),
            ]);
    });
    assert_clean(&outcome);
    let proxy_started = call_times(&plan, &outcome, Call::StartContainer, "proxy")[0];
    let migrate_created = call_times(&plan, &outcome, Call::CreateContainer, "migrate")[0];
    // The startup worker ticks every 2 s from the pod's admission (`worker.go` `run`), not from
    // the container's start (2.4 s): at 4 s and 6 s the probe fails (1.6 s and 3.6 s after the
    // start), at 8 s (5.6 s after) it succeeds; then migrate's image is pulled (2 s).
    assert_eq!(
        migrate_created,
        crate::sim::engine::time::SimTime(10_000),
        "migrate created {migrate_created} after proxy started {proxy_started}"
    );
    assert_eq!(event_times(&plan, &outcome, "Unhealthy", "proxy").len(), 2);
    // The sidecar keeps running beside the app.
    assert_eq!(outcome.summary.phase, Phase::Running);
    assert!(statuses(&outcome).contains(&"2/2 Running 0".to_string()));
}

/// `computeInitContainerActions` walks the init containers from the last back and acts on the
/// first with a status: a sidecar that never passes its startup probe is restarted (into
/// back-off) and nothing after it ever starts; the pod stays Pending, `Init:CrashLoopBackOff`.
#[test]
fn k1_3_compute_init_container_actions_a_sidecar_failing_its_startup_probe_blocks_the_next_init() {
    let pod = pod_from_yaml(SIDECAR_POD);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let proxy = plan.find("proxy").expect("proxy");
        behaviour.containers[proxy].default.probes[ProbeKind::Startup as usize] =
            ProbeScript::Constant(false);
    });
    assert_clean(&outcome);
    assert!(
        !event_times(&plan, &outcome, "BackOff", "proxy").is_empty(),
        "the sidecar reaches back-off"
    );
    assert!(call_times(&plan, &outcome, Call::CreateContainer, "proxy").len() > 5);
    assert!(call_times(&plan, &outcome, Call::CreateContainer, "migrate").is_empty());
    assert!(call_times(&plan, &outcome, Call::CreateContainer, "app").is_empty());
    assert!(event_times(&plan, &outcome, "Pulling", "migrate").is_empty());
    assert_eq!(outcome.summary.phase, Phase::Pending);
    let rows = statuses(&outcome);
    assert_eq!(
        rows.last().map(String::as_str),
        Some("0/2 Init:CrashLoopBackOff 6")
    );
    assert!(
        rows.iter()
            .all(|row| row == "0/2 Pending 0" || row.starts_with("0/2 Init:")),
        "{rows:?}"
    );
}

/// Below the frontier only sidecars matter (`computeInitContainerActions`): a sidecar that
/// crashes while the init container after it runs is restarted beside it, and that init
/// container goes on to start the app.
#[test]
fn k1_3_compute_init_container_actions_restarts_a_sidecar_below_the_running_init() {
    let pod = pod_from_yaml(SIDECAR_POD);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let proxy = plan.find("proxy").expect("proxy");
        behaviour.containers[proxy].attempt_mut(1).run = RunTime::For(Dist::millis(5_000));
        behaviour.containers[proxy].attempt_mut(1).exit = ExitKind::Code(1);
        let migrate = plan.find("migrate").expect("migrate");
        behaviour.containers[migrate].default.run = RunTime::For(Dist::millis(30_000));
    });
    assert_clean(&outcome);
    let proxy_starts = call_times(&plan, &outcome, Call::StartContainer, "proxy");
    let migrate_starts = call_times(&plan, &outcome, Call::StartContainer, "migrate");
    assert_eq!(proxy_starts.len(), 2, "{proxy_starts:?}");
    assert_eq!(migrate_starts.len(), 1, "{migrate_starts:?}");
    assert!(migrate_starts[0] < proxy_starts[1]);
    let migrate_exit = event_times(&plan, &outcome, "Exited", "migrate")[0];
    assert!(
        proxy_starts[1] < migrate_exit,
        "restarted while migrate runs"
    );
    assert_eq!(
        call_times(&plan, &outcome, Call::CreateContainer, "app").len(),
        1
    );
    assert_eq!(outcome.summary.phase, Phase::Running);
}

#[test]
fn k1_3_sidecar_without_startup_probe_is_started_when_running() {
    let text = SIDECAR_POD.replace(
        "    startupProbe:\n      tcpSocket: {port: 9901}\n      periodSeconds: 2\n      failureThreshold: 30\n",
        "",
    );
    let pod = pod_from_yaml(&text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, _| {});
    assert_clean(&outcome);
    let proxy_started = event_times(&plan, &outcome, "Started", "proxy")[0];
    let migrate_status = call_times(&plan, &outcome, Call::ImageStatus, "migrate");
    assert!(
        migrate_status.is_empty(),
        "image calls target images, not containers"
    );
    let migrate_pulling = event_times(&plan, &outcome, "Pulling", "migrate")[0];
    assert_eq!(migrate_pulling, proxy_started);
}

#[test]
fn k1_3_sidecars_restart_whatever_the_pod_restart_policy() {
    let text = SIDECAR_POD.replace("spec:\n", "spec:\n  restartPolicy: Never\n");
    let pod = pod_from_yaml(&text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let proxy = plan.find("proxy").expect("proxy");
        behaviour.containers[proxy].attempt_mut(1).run = RunTime::For(Dist::millis(30_000));
        behaviour.containers[proxy].attempt_mut(1).exit = ExitKind::Code(1);
        let app = plan.find("app").expect("app");
        behaviour.containers[app].default.run = RunTime::For(Dist::millis(120_000));
    });
    assert_clean(&outcome);
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "proxy").len(),
        2
    );
    assert_eq!(outcome.summary.phase, Phase::Succeeded);
    // The sidecar is stopped after the app completes.
    let app_exit = event_times(&plan, &outcome, "Exited", "app")[0];
    let proxy_killing = event_times(&plan, &outcome, "Killing", "proxy");
    assert_eq!(proxy_killing, [app_exit]);
}

#[test]
fn k3_5_readiness_without_liveness_never_restarts() {
    let pod = pod_from_yaml(&app_pod(
        "Always",
        "    readinessProbe:\n      httpGet: {path: /ready, port: 8080}\n",
    ));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].default.probes[ProbeKind::Readiness as usize] =
            ProbeScript::Timeline(vec![
                (SimDuration::ZERO, true),
                (SimDuration::from_secs(60), false),
                (SimDuration::from_secs(120), true),
            ]);
    });
    assert_clean(&outcome);
    assert_eq!(outcome.summary.restarts, [0]);
    assert!(event_times(&plan, &outcome, "Killing", "app").is_empty());
    let unhealthy = event_times(&plan, &outcome, "Unhealthy", "app");
    assert_eq!(unhealthy.len(), 6, "probes at 60..110 s fail");
    let rows = statuses(&outcome);
    assert_eq!(
        rows,
        [
            "0/1 Pending 0",
            "0/1 ContainerCreating 0",
            "0/1 Running 0",
            "1/1 Running 0",
            "0/1 Running 0",
            "1/1 Running 0"
        ]
    );
    // The readiness probe runs at the start (the status manager's manual trigger), then on the
    // worker's 10 s ticks from admission: 70, 80 and 90 s fail (67.6 s and more after the start
    // at 2.4 s), so the container is unready at 90 s, 87.6 s after its start.
    let unready = &outcome.recording.statuses[4];
    let started = event_times(&plan, &outcome, "Started", "app")[0];
    assert_eq!(unready.at.since(started), SimDuration::from_millis(87_600));
}

#[test]
fn k3_4_liveness_failure_kills_and_restarts() {
    let pod = pod_from_yaml(&app_pod(
        "Always",
        "    livenessProbe:\n      httpGet: {path: /healthz, port: 8080}\n      initialDelaySeconds: 5\n",
    ));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].attempt_mut(1).probes[ProbeKind::Liveness as usize] =
            ProbeScript::Constant(false);
    });
    assert_clean(&outcome);
    let started = event_times(&plan, &outcome, "Started", "app");
    let killing = event_times(&plan, &outcome, "Killing", "app");
    // The worker ticks at 10, 20, 30 s from admission (`worker.go` `run`); the container started
    // at 2.4 s, so every tick is past the 5 s initial delay: the third failure kills at 30 s.
    assert_eq!(started[0], crate::sim::engine::time::SimTime(2_400));
    assert_eq!(killing, [crate::sim::engine::time::SimTime(30_000)]);
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("Container app failed liveness probe, will be restarted")),
        "{lines:#?}"
    );
    assert_eq!(outcome.summary.restarts, [1]);
    assert_eq!(
        started.len(),
        2,
        "restarted at once: no earlier exit to back off from"
    );
    assert_eq!(started[1].since(killing[0]), SimDuration::from_millis(200));
}

#[test]
fn k4_6_active_deadline_fails_the_pod_counting_init_time() {
    let text = init_pod("Always").replace("spec:\n", "spec:\n  activeDeadlineSeconds: 30\n");
    let pod = pod_from_yaml(&text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |plan, behaviour| {
        let init_2 = plan.find("init-2").expect("init-2");
        behaviour.containers[init_2].default.exit = ExitKind::Hang;
    });
    assert_clean(&outcome);
    assert_eq!(outcome.summary.phase, Phase::Failed);
    assert_eq!(outcome.summary.reason, Some("DeadlineExceeded"));
    let pod_events: Vec<_> = outcome
        .recording
        .events
        .iter()
        .filter(|e| e.what == Happening::DeadlineExceeded)
        .map(|e| e.at)
        .collect();
    assert_eq!(pod_events, [SimTime(30_000)]);
    // The hanging init container ignores SIGTERM: killed after the 30 s grace period.
    assert_eq!(
        event_times(&plan, &outcome, "Killing", "init-2"),
        [SimTime(30_000)]
    );
    assert_eq!(outcome.summary.ended_at, Some(SimTime(60_000)));
    assert_eq!(
        outcome.final_status.reason.as_deref(),
        Some("DeadlineExceeded")
    );
    // kubectl shows the killed init container's reason over the pod's (printPod's order).
    assert_eq!(
        statuses(&outcome).last().map(String::as_str),
        Some("0/1 Init:Error 0")
    );
}

#[test]
fn k1_8_job_succeeds_and_stops_its_sidecar() {
    let pod = pod_from_yaml(crate::input::examples::find("job").expect("job").text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, _| {});
    assert_clean(&outcome);
    assert_eq!(outcome.summary.phase, Phase::Succeeded);
    let worker_exit = event_times(&plan, &outcome, "Exited", "worker")[0];
    assert_eq!(
        event_times(&plan, &outcome, "Killing", "proxy"),
        [worker_exit]
    );
    assert!(outcome.summary.ended_at.is_some());
    assert_eq!(
        statuses(&outcome).last().map(String::as_str),
        Some("0/2 Completed 0")
    );
}

#[test]
fn k1_6_sandbox_death_reruns_init_containers() {
    let pod = pod_from_yaml(&init_pod("Always"));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.sandbox_deaths = vec![SimDuration::from_secs(60)];
    });
    assert_clean(&outcome);
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "init-1").len(),
        2
    );
    assert_eq!(
        call_times(&plan, &outcome, Call::StartContainer, "app").len(),
        2
    );
    let sandboxes = outcome
        .trace
        .iter()
        .filter(|e| e.call == Call::RunPodSandbox)
        .count();
    assert_eq!(sandboxes, 2);
    assert!(
        outcome
            .recording
            .events
            .iter()
            .any(|e| e.what == Happening::SandboxChanged)
    );
    assert_eq!(outcome.summary.restarts, [1, 1, 1, 1]);
    assert_eq!(outcome.summary.phase, Phase::Running);
}

#[test]
fn k1_4_post_start_blocks_running_and_the_next_container() {
    let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: h}\nspec:\n  containers:\n  - name: first\n    image: nginx:1.27\n    lifecycle:\n      postStart:\n        exec: {command: [/bin/warm-up]}\n  - name: second\n    image: nginx:1.27\n";
    let pod = pod_from_yaml(text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].default.post_start = Dist::millis(5000);
    });
    assert_clean(&outcome);
    let first_started = event_times(&plan, &outcome, "Started", "first")[0];
    let second_created = event_times(&plan, &outcome, "Created", "second")[0];
    assert_eq!(
        second_created.since(first_started),
        SimDuration::from_millis(5100)
    );
    let exec = call_times(&plan, &outcome, Call::ExecSync, "first");
    assert_eq!(exec, [first_started]);
    assert!(statuses(&outcome).contains(&"0/2 ContainerCreating 0".to_string()));
}

#[test]
fn k1_4_failed_post_start_kills_and_restarts() {
    let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: h}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    lifecycle:\n      postStart:\n        httpGet: {path: /warm, port: 80}\n";
    let pod = pod_from_yaml(text);
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].attempt_mut(1).post_start_fails = true;
    });
    assert_clean(&outcome);
    assert_eq!(
        event_times(&plan, &outcome, "FailedPostStartHook", "app").len(),
        1
    );
    assert_eq!(event_times(&plan, &outcome, "Killing", "app").len(), 1);
    assert_eq!(outcome.summary.restarts, [1]);
    assert_eq!(outcome.summary.phase, Phase::Running);
}

#[test]
fn k2_4_pull_errors_back_off_as_image_pull_backoff() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].pull_failures = FailureCount::First(3);
    });
    assert_clean(&outcome);
    let pulls = call_times(&plan, &outcome, Call::PullImage, "app");
    assert!(pulls.is_empty(), "pulls target the image");
    let pulling = event_times(&plan, &outcome, "Pulling", "app");
    // Pulls fail at 2.2 s, then retry 10 s after each failure, doubling.
    let gaps: Vec<u64> = pulling
        .windows(2)
        .map(|w| w[1].since(w[0]).millis())
        .collect();
    assert_eq!(gaps, [12_000, 22_000, 42_000]);
    let rows = statuses(&outcome);
    assert!(rows.contains(&"0/1 ErrImagePull 0".to_string()), "{rows:?}");
    assert!(
        rows.contains(&"0/1 ImagePullBackOff 0".to_string()),
        "{rows:?}"
    );
    assert_eq!(rows.last().map(String::as_str), Some("1/1 Running 0"));
}

#[test]
fn k1_10_create_errors_are_retried_after_the_sync_requeue() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let (plan, outcome) = run(&pod, TEN_MINUTES, |_, behaviour| {
        behaviour.containers[0].create_failures = FailureCount::First(2);
    });
    assert_clean(&outcome);
    let creates = call_times(&plan, &outcome, Call::CreateContainer, "app");
    assert_eq!(creates.len(), 3);
    assert_eq!(
        creates[1].since(creates[0]),
        SimDuration::from_millis(10_100)
    );
    assert!(statuses(&outcome).contains(&"0/1 CreateContainerError 0".to_string()));
}

#[test]
fn k1_10_oom_killed_is_reported() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let (_, outcome) = run(&pod, SimDuration::from_secs(30), |_, behaviour| {
        behaviour.containers[0].attempt_mut(1).run = RunTime::For(Dist::millis(3000));
        behaviour.containers[0].attempt_mut(1).exit = ExitKind::Oom;
    });
    assert_clean(&outcome);
    let rows = statuses(&outcome);
    assert!(rows.contains(&"0/1 OOMKilled 0".to_string()), "{rows:?}");
    let last = outcome
        .final_status
        .container_statuses
        .as_ref()
        .and_then(|s| s[0].last_state.clone())
        .and_then(|s| s.terminated)
        .expect("last state");
    assert_eq!(last.reason.as_deref(), Some("OOMKilled"));
    assert_eq!(last.exit_code, Some(137));
}

#[test]
fn k1_9_conditions_have_transition_times() {
    let pod = pod_from_yaml(crate::input::examples::default_example().text);
    let (_, outcome) = run(&pod, TEN_MINUTES, |_, _| {});
    let conditions = outcome.final_status.conditions.clone().expect("conditions");
    let summary: Vec<String> = conditions
        .iter()
        .map(|c| {
            format!(
                "{} {} {}",
                c.condition_type.as_deref().unwrap_or(""),
                c.status.as_deref().unwrap_or(""),
                c.last_transition_time.as_deref().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            "PodReadyToStartContainers True 2026-01-01T00:00:00Z",
            "Initialized True 2026-01-01T00:00:04Z",
            "Ready True 2026-01-01T00:00:06Z",
            "ContainersReady True 2026-01-01T00:00:06Z",
            "PodScheduled True 2026-01-01T00:00:00Z"
        ]
    );
    assert_eq!(outcome.summary.initialized_at, Some(SimTime(4600)));
    assert_eq!(outcome.summary.ready_at, Some(SimTime(6800)));
}

#[test]
fn t4_without_jitter_the_seed_changes_nothing() {
    let pod = pod_from_yaml(crate::input::examples::default_example().text);
    let plan = PodPlan::new(&pod);
    let behaviour = crate::sim::plan::behaviour::Behaviour::defaults(&plan);
    let config = |seed| crate::sim::kubelet::model::SimConfig {
        max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
        seed,
        horizon: TEN_MINUTES,
        record: crate::sim::record::RecordOptions::ALL,
    };
    let a = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, config(1));
    let b = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, config(2));
    assert_eq!(a.recording.events, b.recording.events);
    assert_eq!(a.trace, b.trace);
}

#[test]
fn k1_10_never_pull_policy_with_an_absent_image() {
    let pod = pod_from_yaml(&app_pod("Always", "    imagePullPolicy: Never\n"));
    let (plan, outcome) = run(&pod, SimDuration::from_secs(25), |_, _| {});
    assert_clean(&outcome);
    assert_eq!(
        event_times(&plan, &outcome, "ErrImageNeverPull", "app"),
        [SimTime(200), SimTime(10_200), SimTime(20_200)],
        "retried every sync requeue (10 s)"
    );
    assert_eq!(
        statuses(&outcome).last().map(String::as_str),
        Some("0/1 ErrImageNeverPull 0")
    );
    // With the image on the node it starts without a pull.
    let (plan, outcome) = run(&pod, SimDuration::from_secs(25), |_, behaviour| {
        behaviour.images_present = vec![true];
    });
    assert!(event_times(&plan, &outcome, "Pulling", "app").is_empty());
    assert_eq!(
        statuses(&outcome).last().map(String::as_str),
        Some("1/1 Running 0")
    );
}

#[test]
fn t1_a_run_past_its_event_budget_stops_and_says_so() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: i\n    readinessProbe: {exec: {command: [x]}, periodSeconds: 1}\n",
    );
    let plan = PodPlan::new(&pod);
    let behaviour = crate::sim::plan::behaviour::Behaviour::defaults(&plan);
    let config = |max_events| crate::sim::kubelet::model::SimConfig {
        max_events,
        seed: 0,
        horizon: SimDuration::from_secs(10 * 365 * 24 * 3600),
        record: crate::sim::record::RecordOptions::ALL,
    };
    let cut = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, config(5_000));
    assert!(cut.summary.cut_by_event_budget);
    assert_eq!(cut.summary.events_handled, 5_000);
    assert!(
        cut.trace.len() < 20_000,
        "the trace is bounded by the budget"
    );
    let short = crate::sim::kubelet::model::SimConfig {
        horizon: SimDuration::from_secs(60),
        ..config(5_000)
    };
    let whole = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, short);
    assert!(!whole.summary.cut_by_event_budget);
}

/// `podutil.ContainerShouldRestart` (pkg/api/v1/pod/util.go, ContainerRestartRules): the first
/// `restartPolicyRules` entry matching the exit code decides when its action is `Restart`;
/// otherwise the container's own `restartPolicy`, then the pod's. A worker in a `Never` pod
/// that retries exit code 42 in place restarts after 42 and stops after 1.
#[test]
fn k2_container_should_restart_follows_restart_policy_rules() {
    let pod = pod_from_yaml(&app_pod(
        "Never",
        "    restartPolicy: Never\n    restartPolicyRules:\n    - action: Restart\n      exitCodes: {operator: In, values: [42]}\n",
    ));
    let (plan, outcome) = run(&pod, SimDuration::from_secs(600), |_, behaviour| {
        let script = &mut behaviour.containers[0];
        for attempt in 1..=2 {
            *script.attempt_mut(attempt) = crate::sim::plan::behaviour::AttemptScript::new(
                RunTime::For(Dist::millis(1000)),
                ExitKind::Code(42),
            );
        }
        script.default = crate::sim::plan::behaviour::AttemptScript::new(
            RunTime::For(Dist::millis(1000)),
            ExitKind::Code(1),
        );
    });
    assert_clean(&outcome);
    // Two exits with 42 restart (the second after the 10 s back-off); exit 1 does not.
    assert_eq!(event_times(&plan, &outcome, "Exited", "app").len(), 3);
    assert_eq!(outcome.summary.restarts, [2]);
    assert_eq!(outcome.summary.phase, crate::sim::record::Phase::Failed);
    // Without the rule, the container's own `OnFailure` restarts every failure; the pod's
    // `Never` does not matter.
    let pod = pod_from_yaml(&app_pod("Never", "    restartPolicy: OnFailure\n"));
    let (_, outcome) = run(&pod, SimDuration::from_secs(60), |_, behaviour| {
        behaviour.containers[0].default = crate::sim::plan::behaviour::AttemptScript::new(
            RunTime::For(Dist::millis(1000)),
            ExitKind::Code(1),
        );
    });
    assert!(
        outcome.summary.restarts[0] >= 2,
        "{:?}",
        outcome.summary.restarts
    );
}

/// `prober.runProbe` (pkg/kubelet/prober/prober.go): a probe gets `timeoutSeconds`; one that
/// takes longer fails ("timed out"), and its answer counts when the timeout ends, not at the
/// tick. A readiness probe that needs 1.5 s under the default 1 s timeout never passes; under
/// `timeoutSeconds: 2` it passes 1.5 s after each tick.
#[test]
fn k3_run_probe_fails_a_probe_slower_than_timeout_seconds() {
    let slow = |timeout: &str| {
        let pod = pod_from_yaml(&app_pod(
            "Always",
            &format!("    readinessProbe:\n      httpGet: {{path: /ready, port: 8080}}\n{timeout}"),
        ));
        run(&pod, SimDuration::from_secs(60), |_, behaviour| {
            behaviour.containers[0].default.probe_latency[ProbeKind::Readiness as usize] =
                Dist::millis(1_500);
        })
    };
    let (plan, outcome) = slow("");
    assert_clean(&outcome);
    assert_eq!(outcome.summary.ready_at, None);
    let lines = event_lines(&plan, &outcome);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Readiness probe failed: timed out after 1s")),
        "{lines:#?}"
    );
    let (plan, outcome) = slow("      timeoutSeconds: 2\n");
    assert_clean(&outcome);
    // The readiness probe runs when the container starts (2.4 s) and answers 1.5 s later.
    let started = event_times(&plan, &outcome, "Started", "app")[0];
    assert_eq!(
        outcome.summary.ready_at,
        Some(started + SimDuration::from_millis(1_500))
    );
}

/// The pod worker's requeue after a back-off (`pod_workers.go`, kubernetes PR #133066:
/// `wait.Jitter(backOff, workerBackOffPeriodJitterFactor = 0.5)`): a container in back-off B is
/// retried within [B, 1.5 B). Sampled runs draw it; single runs retry at B exactly.
#[test]
fn k2_pod_worker_requeue_retries_within_half_the_back_off() {
    let pod = pod_from_yaml(&app_pod("Always", ""));
    let waits = |jitter: bool, seed: u64| {
        let behaviour_of = |plan: &crate::sim::plan::spec::PodPlan| {
            let mut b = crate::sim::plan::behaviour::Behaviour::defaults(plan);
            b.containers[0].default = crate::sim::plan::behaviour::AttemptScript::new(
                RunTime::For(Dist::millis(1000)),
                ExitKind::Code(1),
            );
            if jitter { b.with_requeue_jitter() } else { b }
        };
        let plan = crate::sim::plan::spec::PodPlan::new(&pod);
        let outcome = crate::sim::kubelet::model::simulate(
            &pod,
            &plan,
            &behaviour_of(&plan),
            crate::sim::kubelet::model::SimConfig {
                max_events: 1_000_000,
                seed,
                horizon: SimDuration::from_secs(1200),
                record: crate::sim::record::RecordOptions::ALL,
            },
        );
        let exits = event_times(&plan, &outcome, "Exited", "app");
        let creates = call_times(&plan, &outcome, Call::CreateContainer, "app");
        exits
            .iter()
            .zip(creates.iter().skip(1))
            .map(|(exit, create)| create.since(*exit).millis())
            .take(6)
            .collect::<Vec<u64>>()
    };
    assert_eq!(
        waits(false, 0),
        [0, 10_000, 20_000, 40_000, 80_000, 160_000]
    );
    let mut jittered_any = false;
    for seed in 0..5 {
        let sampled = waits(true, seed);
        for (wait, base) in sampled
            .iter()
            .zip([0, 10_000, 20_000, 40_000, 80_000, 160_000])
        {
            assert!(*wait >= base && *wait < base + base / 2 + 1, "{sampled:?}");
            jittered_any |= *wait != base;
        }
    }
    assert!(jittered_any);
}

/// `worker.run` (pkg/kubelet/prober/worker.go): a probe worker is started when the pod is added
/// to the prober and its ticker runs every `periodSeconds` from then; a tick while the
/// container is not running does nothing. A liveness probe of a container that started at
/// 2.4 s is first run on the 10 s tick, not at 2.4 s; then at 20 s, 30 s, … whatever the start.
#[test]
fn k3_2_worker_run_ticks_from_the_pods_admission() {
    let pod = pod_from_yaml(&app_pod(
        "Always",
        "    livenessProbe:\n      httpGet: {path: /healthz, port: 8080}\n",
    ));
    let (plan, outcome) = run(&pod, SimDuration::from_secs(45), |_, _| {});
    assert_clean(&outcome);
    let started = event_times(&plan, &outcome, "Started", "app");
    assert_eq!(started, [crate::sim::engine::time::SimTime(2_400)]);
    let ticks: Vec<u64> = outcome
        .recording
        .probes
        .iter()
        .filter(|answer| answer.kind == ProbeKind::Liveness)
        .map(|answer| answer.at.millis())
        .collect();
    assert_eq!(ticks, [10_000, 20_000, 30_000, 40_000]);
}
