//! Property tests over random pods and random fault plans (R2, K1.2, T1, K8, determinism).

use proptest::prelude::*;

use crate::k8s::model::{
    Container, ExecAction, HttpGetAction, IntOrString, Lifecycle, LifecycleHandler, ObjectMeta,
    Pod, PodSpec, Probe, SleepAction,
};
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::model::{Kubelet, SimConfig};
use crate::sim::plan::behaviour::{Behaviour, ExitKind, FailureCount, ProbeScript, RunTime};
use crate::sim::plan::spec::{ContainerKind, PodPlan};
use crate::sim::record::BASE_EPOCH;
use crate::sim::record::RecordOptions;

fn probe_strategy() -> impl Strategy<Value = Option<Probe>> {
    prop::option::weighted(
        0.4,
        (0i32..3, 1i32..5, 1i32..4, any::<bool>()).prop_map(|(delay, period, failures, exec)| {
            let mut probe = Probe {
                initial_delay_seconds: Some(delay),
                period_seconds: Some(period),
                failure_threshold: Some(failures),
                ..Probe::default()
            };
            if exec {
                probe.exec = Some(ExecAction {
                    command: Some(vec!["check".to_string()]),
                });
            } else {
                probe.http_get = Some(HttpGetAction {
                    port: Some(IntOrString::Int(8080)),
                    ..HttpGetAction::default()
                });
            }
            probe
        }),
    )
}

fn hook_strategy() -> impl Strategy<Value = Option<LifecycleHandler>> {
    prop::option::weighted(
        0.3,
        (any::<bool>(), 0i64..3).prop_map(|(exec, seconds)| {
            if exec {
                LifecycleHandler {
                    exec: Some(ExecAction {
                        command: Some(vec!["hook".to_string()]),
                    }),
                    ..LifecycleHandler::default()
                }
            } else {
                LifecycleHandler {
                    sleep: Some(SleepAction {
                        seconds: Some(seconds),
                    }),
                    ..LifecycleHandler::default()
                }
            }
        }),
    )
}

fn container_strategy(prefix: &'static str, init: bool) -> impl Strategy<Value = Container> {
    (
        any::<bool>(),
        probe_strategy(),
        probe_strategy(),
        probe_strategy(),
        hook_strategy(),
        hook_strategy(),
        0usize..3,
    )
        .prop_map(
            move |(sidecar, startup, liveness, readiness, post, pre, image)| {
                let sidecar = init && sidecar;
                let probes_allowed = !init || sidecar;
                Container {
                    name: Some(prefix.to_string()),
                    image: Some(format!("image-{image}:1")),
                    restart_policy: sidecar.then(|| "Always".to_string()),
                    startup_probe: startup.filter(|_| probes_allowed).map(Box::new),
                    liveness_probe: liveness.filter(|_| probes_allowed).map(Box::new),
                    readiness_probe: readiness.filter(|_| probes_allowed).map(Box::new),
                    lifecycle: probes_allowed.then(|| {
                        Box::new(Lifecycle {
                            post_start: post,
                            pre_stop: pre,
                            ..Lifecycle::default()
                        })
                    }),
                    ..Container::default()
                }
            },
        )
}

fn pod_strategy() -> impl Strategy<Value = Pod> {
    (
        prop::collection::vec(container_strategy("init", true), 0..4),
        prop::collection::vec(container_strategy("app", false), 1..4),
        prop_oneof![Just("Always"), Just("OnFailure"), Just("Never")],
        prop::option::weighted(0.2, 5i64..120),
    )
        .prop_map(|(mut inits, mut apps, policy, deadline)| {
            for (index, container) in inits.iter_mut().enumerate() {
                container.name = Some(format!("init-{index}"));
            }
            for (index, container) in apps.iter_mut().enumerate() {
                container.name = Some(format!("app-{index}"));
            }
            let mut pod = Pod {
                metadata: ObjectMeta {
                    name: Some("random".to_string()),
                    ..ObjectMeta::default()
                },
                spec: PodSpec {
                    init_containers: Some(inits),
                    containers: Some(apps),
                    restart_policy: Some(policy.to_string()),
                    active_deadline_seconds: deadline,
                    termination_grace_period_seconds: Some(5),
                    ..PodSpec::default()
                },
                status: None,
            };
            crate::k8s::defaults::apply(&mut pod);
            pod
        })
}

/// A random fault plan, applied to the default behaviour of whatever pod it meets.
#[derive(Debug, Clone)]
struct FaultPlan {
    seed: u64,
    sync_delay: bool,
    deaths: Vec<u64>,
    per_container: Vec<ContainerFaults>,
}

#[derive(Debug, Clone)]
struct ContainerFaults {
    pulls: u32,
    creates: u32,
    attempts: Vec<(u64, u8, bool, u8)>,
    probe_cycle: Vec<bool>,
    hook_ms: u64,
    stop_ms: u64,
    jitter: bool,
}

fn faults_strategy() -> impl Strategy<Value = FaultPlan> {
    let container = (
        0u32..3,
        0u32..2,
        prop::collection::vec((0u64..20_000, 0u8..5, any::<bool>(), 0u8..4), 0..4),
        prop::collection::vec(any::<bool>(), 1..5),
        0u64..3_000,
        0u64..8_000,
        any::<bool>(),
    )
        .prop_map(
            |(pulls, creates, attempts, probe_cycle, hook_ms, stop_ms, jitter)| ContainerFaults {
                pulls,
                creates,
                attempts,
                probe_cycle,
                hook_ms,
                stop_ms,
                jitter,
            },
        );
    (
        any::<u64>(),
        any::<bool>(),
        prop::collection::vec(1_000u64..600_000, 0..3),
        prop::collection::vec(container, 7),
    )
        .prop_map(|(seed, sync_delay, deaths, per_container)| FaultPlan {
            seed,
            sync_delay,
            deaths,
            per_container,
        })
}

fn behaviour_for(plan: &PodPlan, faults: &FaultPlan) -> Behaviour {
    let mut behaviour = Behaviour::defaults(plan);
    if faults.sync_delay {
        behaviour.kubelet.sync_delay = SimDuration::from_secs(1);
    }
    behaviour.sandbox_deaths = faults.deaths.iter().map(|d| SimDuration(*d)).collect();
    behaviour.sandbox_deaths.sort();
    for (script, fault) in behaviour.containers.iter_mut().zip(&faults.per_container) {
        script.pull_failures = FailureCount::First(fault.pulls);
        script.create_failures = FailureCount::First(fault.creates);
        if fault.jitter {
            script.pull = Dist::Uniform {
                low: SimDuration(500),
                high: SimDuration(4000),
            };
        }
        script.default.probes = [
            ProbeScript::Cycle(fault.probe_cycle.clone()),
            ProbeScript::Cycle(fault.probe_cycle.iter().map(|b| !b).collect()),
            ProbeScript::Cycle(fault.probe_cycle.clone()),
        ];
        script.default.post_start = Dist::millis(fault.hook_ms);
        script.default.pre_stop = Dist::millis(fault.hook_ms);
        script.default.stop = Dist::millis(fault.stop_ms);
        for (number, (run, exit, hook_fails, probe)) in fault.attempts.iter().enumerate() {
            let attempt = script.attempt_mut(number as u32 + 1);
            attempt.run = RunTime::For(Dist::millis(*run));
            attempt.exit = match exit {
                0 => ExitKind::Code(0),
                1 => ExitKind::Code(1),
                2 => ExitKind::Oom,
                3 => ExitKind::Hang,
                _ => ExitKind::Code(2),
            };
            attempt.post_start_fails = *hook_fails;
            attempt.probes[(*probe as usize) % 3] = ProbeScript::Constant(*probe == 3);
        }
    }
    behaviour
}

const HORIZON: SimDuration = SimDuration::from_secs(20 * 60);

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    /// R2, K1.2, K1.3, T1, K8: the runtime never refuses a call, regular init containers never
    /// overlap (with each other or with app containers), an init container's first start in a
    /// sandbox begins only once the one before it is through (`computeInitContainerActions`: a
    /// regular one exited 0, a sidecar runs and counts as started), time never goes backwards,
    /// and the status prints through the status printer at every step.
    #[test]
    fn r2_k1_2_t1_k8_invariants_hold_for_random_pods_and_faults(
        pod in pod_strategy(),
        faults in faults_strategy(),
    ) {
        let plan = PodPlan::new(&pod);
        let behaviour = behaviour_for(&plan, &faults);
        let mut simulation = Kubelet::new(&pod, &plan, &behaviour, SimConfig {
            max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
            seed: faults.seed,
            horizon: HORIZON,
            record: RecordOptions::ALL,
        });
        let mut last = SimTime::ZERO;
        let mut steps = 0u64;
        let mut was_starting = vec![false; plan.containers.len()];
        while simulation.step() {
            steps += 1;
            for container in plan.init_indices().skip(1) {
                let view = &simulation.containers[container];
                if view.starting && !was_starting[container] && !view.created_in_sandbox {
                    let before = &simulation.containers[container - 1];
                    let through = match plan.containers[container - 1].kind {
                        ContainerKind::Sidecar => before.is_running() && before.started,
                        _ => before.succeeded_in_sandbox,
                    };
                    prop_assert!(through, "init container {container} started before {} was through", container - 1);
                }
            }
            for (slot, view) in was_starting.iter_mut().zip(&simulation.containers) {
                *slot = view.starting;
            }
            prop_assert!(simulation.now() >= last, "time went backwards");
            last = simulation.now();
            let running: Vec<usize> = simulation.runtime().running_containers().collect();
            let regular_init = running
                .iter()
                .filter(|c| plan.containers[**c].kind == ContainerKind::Init)
                .count();
            let apps = running
                .iter()
                .filter(|c| plan.containers[**c].kind == ContainerKind::App)
                .count();
            prop_assert!(regular_init <= 1, "init containers overlap: {running:?}");
            prop_assert!(regular_init == 0 || apps == 0, "init and app containers overlap: {running:?}");
            if steps.is_multiple_of(7) {
                let now = BASE_EPOCH + simulation.now().millis() as i64;
                let incremental = simulation.printable_pod().status.clone();
                prop_assert_eq!(incremental, Some(simulation.status_from_scratch()));
                let row = crate::status::pod_row(simulation.printable_pod(), Some(now));
                let (ready, total) = row.ready.split_once('/').expect("READY is a/b");
                prop_assert!(ready.parse::<usize>().expect("a") <= total.parse::<usize>().expect("b"));
                prop_assert!(!row.status.is_empty());
            }
            prop_assert!(steps < 2_000_000, "the run does not end");
        }
        prop_assert_eq!(simulation.runtime().illegal_calls(), 0);
    }

    /// Same input and seed: the same run, event for event and call for call.
    #[test]
    fn same_input_and_seed_give_the_same_run(
        pod in pod_strategy(),
        faults in faults_strategy(),
    ) {
        let plan = PodPlan::new(&pod);
        let behaviour = behaviour_for(&plan, &faults);
        let config = SimConfig { max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS, seed: faults.seed, horizon: HORIZON, record: RecordOptions::ALL };
        let first = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, config);
        let second = crate::sim::kubelet::model::simulate(&pod, &plan, &behaviour, config);
        prop_assert_eq!(&first.recording.events, &second.recording.events);
        prop_assert_eq!(&first.trace, &second.trace);
        prop_assert_eq!(&first.recording.statuses, &second.recording.statuses);
        prop_assert_eq!(&first.summary, &second.summary);
    }
}
