//! Tests of the mock runtime's state machines and trace (R1–R4).

use super::*;
use crate::k8s::model::{Container, Pod, PodSpec};
use crate::sim::cri::trace::Illegal;
use crate::sim::plan::behaviour::ExitKind;
use crate::sim::plan::spec::PodPlan;
use rand::SeedableRng;

/// The config of container 0 with image 0 and the image's stop signal.
const IMAGE_0: ContainerConfig = ContainerConfig {
    image: 0,
    stop_signal: None,
};

fn one_container_behaviour() -> Behaviour {
    let pod = Pod {
        spec: PodSpec {
            containers: Some(vec![Container {
                name: Some("app".to_string()),
                image: Some("nginx:1".to_string()),
                ..Container::default()
            }]),
            ..PodSpec::default()
        },
        ..Pod::default()
    };
    Behaviour::defaults(&PodPlan::new(&pod))
}

#[test]
fn r1_r3_lifecycle_is_traced_with_deterministic_ids() {
    let behaviour = one_container_behaviour();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut runtime = MockRuntime::new(&behaviour, true);
    let now = SimTime::ZERO;
    let sandbox = runtime
        .run_pod_sandbox(now, &mut rng)
        .result
        .expect("sandbox");
    assert!(runtime.pull_image(now, &mut rng, 0, 0).result.is_ok());
    let id = runtime
        .create_container(now, &mut rng, sandbox, 0, IMAGE_0)
        .result
        .expect("created");
    assert!(runtime.start_container(now, &mut rng, id).result.is_ok());
    let exit = runtime
        .stop_container(now, &mut rng, id, SimDuration(30_000))
        .result
        .expect("stopped");
    assert_eq!(exit.code, 143);
    assert!(runtime.remove_container(now, &mut rng, id).result.is_ok());
    assert!(
        runtime
            .stop_pod_sandbox(now, &mut rng, sandbox)
            .result
            .is_ok()
    );
    assert!(
        runtime
            .remove_pod_sandbox(now, &mut rng, sandbox)
            .result
            .is_ok()
    );
    assert_eq!(runtime.illegal_calls(), 0);
    let plan_pod = PodPlan::new(&Pod {
        spec: PodSpec {
            containers: Some(vec![Container {
                name: Some("app".to_string()),
                image: Some("nginx:1".to_string()),
                ..Container::default()
            }]),
            ..PodSpec::default()
        },
        ..Pod::default()
    });
    let ids: Vec<String> = runtime
        .trace()
        .iter()
        .map(|e| format!("{} {}", e.call.name(), e.target.id(&plan_pod)))
        .collect();
    assert_eq!(
        ids,
        [
            "RunPodSandbox sandbox-1",
            "PullImage nginx:1",
            "CreateContainer app-1",
            "StartContainer app-1",
            "StopContainer app-1",
            "RemoveContainer app-1",
            "StopPodSandbox sandbox-1",
            "RemovePodSandbox sandbox-1"
        ]
    );
}

#[test]
fn r2_illegal_calls_are_refused_and_counted() {
    let behaviour = one_container_behaviour();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut runtime = MockRuntime::new(&behaviour, true);
    let now = SimTime::ZERO;
    let sandbox = runtime
        .run_pod_sandbox(now, &mut rng)
        .result
        .expect("sandbox");
    // Create before the image is pulled.
    let refused = runtime.create_container(now, &mut rng, sandbox, 0, IMAGE_0);
    assert_eq!(
        refused.result,
        Err(CallError::Illegal(Illegal::ImageNotPresent))
    );
    runtime.pull_image(now, &mut rng, 0, 0);
    let id = runtime
        .create_container(now, &mut rng, sandbox, 0, IMAGE_0)
        .result
        .expect("created");
    runtime.start_container(now, &mut rng, id);
    assert_eq!(
        runtime.start_container(now, &mut rng, id).result,
        Err(CallError::Illegal(Illegal::NotCreated))
    );
    assert_eq!(
        runtime.remove_container(now, &mut rng, id).result,
        Err(CallError::Illegal(Illegal::StillRunning))
    );
    assert_eq!(
        runtime.remove_pod_sandbox(now, &mut rng, sandbox).result,
        Err(CallError::Illegal(Illegal::SandboxStillReady))
    );
    runtime.stop_pod_sandbox(now, &mut rng, sandbox);
    assert_eq!(
        runtime
            .create_container(now, &mut rng, sandbox, 0, IMAGE_0)
            .result,
        Err(CallError::Illegal(Illegal::SandboxNotReady))
    );
    assert_eq!(runtime.illegal_calls(), 5);
}

/// A runtime with the one container of `behaviour` created and started in a ready sandbox.
fn started<'b>(behaviour: &'b Behaviour, rng: &mut ChaCha8Rng) -> (MockRuntime<'b>, InstanceId) {
    let (runtime, _, id) = started_with(behaviour, rng, IMAGE_0);
    (runtime, id)
}

/// [`started`] with the container created from `config`; also gives the sandbox.
fn started_with<'b>(
    behaviour: &'b Behaviour,
    rng: &mut ChaCha8Rng,
    config: ContainerConfig,
) -> (MockRuntime<'b>, u32, InstanceId) {
    let mut runtime = MockRuntime::new(behaviour, false);
    let now = SimTime::ZERO;
    let sandbox = runtime.run_pod_sandbox(now, rng).result.expect("sandbox");
    runtime.pull_image(now, rng, 0, 0);
    let id = runtime
        .create_container(now, rng, sandbox, 0, config)
        .result
        .expect("created");
    let started = runtime
        .start_container(now, rng, id)
        .result
        .expect("started");
    assert_eq!(started.exits_at, None);
    (runtime, sandbox, id)
}

#[test]
fn r4_hang_ignores_sigterm_until_sigkill() {
    let mut behaviour = one_container_behaviour();
    behaviour.containers[0].default.exit = ExitKind::Hang;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut runtime, id) = started(&behaviour, &mut rng);
    let stop = runtime.stop_container(SimTime::ZERO, &mut rng, id, SimDuration(2000));
    assert_eq!(stop.latency, SimDuration(2000));
    assert_eq!(stop.result.map(|r| r.code), Ok(137));
}

#[test]
fn r4_zero_timeout_is_sigkill_even_for_a_container_that_stops_at_once() {
    let behaviour = one_container_behaviour();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut runtime, id) = started(&behaviour, &mut rng);
    let stop = runtime.stop_container(SimTime::ZERO, &mut rng, id, SimDuration::ZERO);
    assert_eq!(stop.latency, SimDuration::ZERO);
    assert_eq!(stop.result.map(|r| r.code), Ok(137));
}

/// A sandbox cannot be removed while one of its containers is still stopping: the kubelet
/// stops every container first (`killPodWithSyncResult`), so such a call is a model bug.
#[test]
fn r2_remove_pod_sandbox_refuses_a_container_that_has_not_exited() {
    let mut behaviour = one_container_behaviour();
    behaviour.containers[0].default.stop = crate::sim::engine::distribution::Dist::millis(8_000);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let (mut runtime, sandbox, id) = started_with(&behaviour, &mut rng, IMAGE_0);
    let now = SimTime::ZERO;
    let exit = runtime
        .stop_container(now, &mut rng, id, SimDuration(30_000))
        .result
        .expect("stopping");
    assert_eq!(exit.finished_at, SimTime(8_000));
    // StopPodSandbox is legal (it force-stops what runs); the removal before the exit is not.
    assert!(
        runtime
            .stop_pod_sandbox(now, &mut rng, sandbox)
            .result
            .is_ok()
    );
    assert_eq!(
        runtime
            .remove_pod_sandbox(SimTime(3_000), &mut rng, sandbox)
            .result,
        Err(CallError::Illegal(Illegal::ContainerStillStopping))
    );
    assert!(
        runtime
            .remove_pod_sandbox(SimTime(8_000), &mut rng, sandbox)
            .result
            .is_ok()
    );
}

/// A running container created with `stop_signal` (R4 with the CRI's `ContainerConfig.stop_signal`).
fn stopped_with(signal: &str, timeout: SimDuration) -> (ExitRecord, SimDuration) {
    let behaviour = one_container_behaviour();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let config = ContainerConfig {
        image: 0,
        stop_signal: crate::sim::plan::spec::StopSignal::parse(signal),
    };
    let (mut runtime, _, id) = started_with(&behaviour, &mut rng, config);
    let outcome = runtime.stop_container(SimTime::ZERO, &mut rng, id, timeout);
    (outcome.result.expect("stopped"), outcome.latency)
}

// kuberuntime_container.go `generateContainerConfig` passes `lifecycle.stopSignal` to the
// runtime in `ContainerConfig.StopSignal`; `killContainer` calls `StopContainer(timeout)` with no
// signal, and the runtime sends the configured one.
#[test]
fn r4_stop_container_sends_the_configured_stop_signal() {
    let timeout = SimDuration::from_secs(30);
    // SIGKILL: the container is gone at once, whatever the timeout.
    let (exit, latency) = stopped_with("SIGKILL", timeout);
    assert_eq!((exit.code, latency), (137, SimDuration::ZERO));
    // SIGSTOP suspends a process and SIGWINCH is ignored: neither ends it, SIGKILL does.
    for signal in ["SIGSTOP", "SIGWINCH"] {
        let (exit, latency) = stopped_with(signal, timeout);
        assert_eq!((exit.code, latency), (137, timeout), "{signal}");
    }
    // SIGQUIT ends it as the script's SIGTERM would, after the script's stop time.
    let (exit, latency) = stopped_with("SIGQUIT", timeout);
    let (sigterm, sigterm_latency) = stopped_with("SIGTERM", timeout);
    assert_eq!(latency, sigterm_latency);
    assert!(exit.code != 137 && sigterm.code != 137);
}
