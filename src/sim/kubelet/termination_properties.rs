//! Property tests of termination over random pods, deletions and defer scripts (K4, D5, D8, D11, D12, R2).

use proptest::prelude::*;

use crate::k8s::model::{
    Container, Lifecycle, LifecycleHandler, ObjectMeta, Pod, PodSpec, SleepAction,
};
use crate::sim::cri::trace::{Call, Target};
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::behaviour::{AttemptScript, Behaviour, ExitKind, RunTime};
use crate::sim::plan::spec::{ContainerKind, PodPlan};
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::record::RecordOptions;
use crate::sim::record::outcome::SimOutcome;

#[derive(Debug, Clone)]
struct Case {
    apps: Vec<(Option<i64>, u64, bool)>,
    sidecars: usize,
    defers: Vec<(u64, i32)>,
    grace: i64,
    post_exit: bool,
    interval: Option<(i64, i64)>,
    never: bool,
    delete_at: u64,
    force: bool,
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(
            (prop::option::of(0i64..12), 0u64..8_000, any::<bool>()),
            1..3,
        ),
        0usize..3,
        prop::collection::vec((0u64..15_000, prop_oneof![Just(0), Just(1)]), 0..4),
        0i64..20,
        any::<bool>(),
        prop::option::weighted(0.3, (1i64..5, 0i64..3)),
        any::<bool>(),
        0u64..40_000,
        prop::bool::weighted(0.2),
    )
        .prop_map(
            |(apps, sidecars, defers, grace, post_exit, interval, never, delete_at, force)| Case {
                apps,
                sidecars,
                defers,
                grace,
                post_exit,
                interval,
                never,
                delete_at,
                force,
            },
        )
}

fn container(name: String, pre_stop: Option<i64>) -> Container {
    Container {
        name: Some(name),
        image: Some("busybox:1".to_string()),
        lifecycle: pre_stop.map(|seconds| {
            Box::new(Lifecycle {
                pre_stop: Some(LifecycleHandler {
                    sleep: Some(SleepAction {
                        seconds: Some(seconds),
                    }),
                    ..LifecycleHandler::default()
                }),
                ..Lifecycle::default()
            })
        }),
        ..Container::default()
    }
}

fn build(case: &Case) -> (Pod, PodPlan, Behaviour) {
    let init: Vec<Container> = (0..case.sidecars)
        .map(|i| Container {
            restart_policy: Some("Always".to_string()),
            ..container(format!("side-{i}"), Some(1))
        })
        .collect();
    let apps = case
        .apps
        .iter()
        .enumerate()
        .map(|(i, (pre_stop, _, _))| container(format!("app-{i}"), *pre_stop))
        .collect();
    let defers = (0..case.defers.len())
        .map(|i| container(format!("defer-{i}"), None))
        .collect();
    let mut pod = Pod {
        metadata: ObjectMeta {
            name: Some("p".to_string()),
            ..ObjectMeta::default()
        },
        spec: PodSpec {
            init_containers: Some(init),
            containers: Some(apps),
            defer_containers: Some(defers),
            restart_policy: Some(if case.never { "Never" } else { "Always" }.to_string()),
            termination_grace_period_seconds: Some(case.grace),
            defer_trigger: case.post_exit.then(|| "PostExit".to_string()),
            defer_container_grace_period_extension_interval: case.interval.map(|(s, _)| s),
            defer_container_grace_period_extension_count: case.interval.map(|(_, n)| n),
            ..PodSpec::default()
        },
        status: None,
    };
    crate::k8s::defaults::apply(&mut pod);
    let plan = PodPlan::new(&pod);
    let mut behaviour = Behaviour::defaults(&plan);
    for (offset, (_, stop, hang)) in case.apps.iter().enumerate() {
        let script = &mut behaviour.containers[plan.init_count + offset].default;
        script.stop = Dist::millis(*stop);
        if *hang {
            script.exit = ExitKind::Hang;
        }
    }
    for (offset, (run, code)) in case.defers.iter().enumerate() {
        behaviour.containers[plan.app_end + offset].default =
            AttemptScript::new(RunTime::For(Dist::millis(*run)), ExitKind::Code(*code));
    }
    behaviour.termination.deletion = Some(Deletion {
        at: SimDuration(case.delete_at),
        grace: case.force.then_some(SimDuration::ZERO),
        force: case.force,
        cause: TerminationCause::Deleted,
    });
    (pod, plan, behaviour)
}

fn run(case: &Case) -> (PodPlan, SimOutcome) {
    let (pod, plan, behaviour) = build(case);
    let outcome = simulate(
        &pod,
        &plan,
        &behaviour,
        SimConfig {
            max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
            seed: 0,
            horizon: SimDuration::from_secs(600),
            record: RecordOptions::ALL,
        },
    );
    (plan, outcome)
}

/// (start, end) of each defer instance: from `StartContainer` to its exit.
fn defer_spans(plan: &PodPlan, outcome: &SimOutcome) -> Vec<(usize, SimTime, SimTime)> {
    let mut spans = Vec::new();
    for container in plan.defer_indices() {
        let starts = outcome
            .trace
            .iter()
            .filter(|e| e.call == Call::StartContainer)
            .filter(
                |e| matches!(e.target, Target::Container { container: c, .. } if c == container),
            )
            .map(|e| e.at);
        let mut exits = outcome
            .recording
            .events
            .iter()
            .filter(|e| e.reason() == "Exited" && e.container == Some(container))
            .map(|e| e.at);
        for start in starts {
            let end = exits.next().unwrap_or(outcome.summary.finished_at);
            spans.push((container, start, end));
        }
    }
    spans.sort_by_key(|(_, start, _)| *start);
    spans
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn termination_invariants_hold(case in case_strategy()) {
        let (plan, outcome) = run(&case);
        // R2: the runtime never sees an illegal call.
        prop_assert_eq!(outcome.summary.illegal_calls, 0);
        let term = &outcome.summary.termination;
        let has_defer = !plan.defer_indices().is_empty();
        // D8/K4: the total termination time never exceeds the budget (extensions counted).
        if let (Some(took), Some(grace)) = (term.time_to_terminated_ms, term.grace_period_seconds) {
            let sidecars = plan
                .init_indices()
                .filter(|&c| plan.containers[c].kind == ContainerKind::Sidecar)
                .count() as u64;
            // Without defer containers each sidecar may still get the 2 s minimum in turn (K4.2).
            let slack = if has_defer && term.cause != Some("Completed") { 0 } else { 2_000 * sidecars };
            // A runtime call in flight at T0 (StartContainer, 100 ms) finishes before the kill
            // begins, as in the kubelet's pod worker.
            let in_flight = 100;
            let budget = grace * 1000 + 2_000 + term.extended_by_ms + slack + in_flight;
            prop_assert!(took <= budget, "took {took} ms, budget {budget} ms: {term:?}");
        }
        let spans = defer_spans(&plan, &outcome);
        // D5: defer containers never overlap.
        for pair in spans.windows(2) {
            prop_assert!(pair[0].2 <= pair[1].1, "overlap: {spans:?}");
        }
        // D11/D5: never twice (restartPolicy Never here); never before the termination began.
        let mut seen = std::collections::BTreeSet::new();
        for (container, start, _) in &spans {
            prop_assert!(seen.insert(*container), "ran twice: {spans:?}");
            let t0 = term.requested_at_ms.unwrap_or(u64::MAX);
            prop_assert!(start.millis() >= t0, "before T0: {spans:?}");
        }
        // D12: never after a force delete (unless they already ran as post-exit, D11).
        if case.force && term.cause == Some("Deleted") {
            prop_assert!(spans.is_empty(), "ran after a force delete: {spans:?}");
        }
    }
}
