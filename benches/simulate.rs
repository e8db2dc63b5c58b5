//! Simulation benchmark: events per second on a 50-container pod with flapping probes over a
//! simulated day. `engine` records events and the trace (what `--format json` needs without the
//! status rows); `full` also prints a status row at every READY/STATUS/RESTARTS change, as the
//! CLI does. `init_containers_3000` runs a pod of 3,000 init containers to Ready and
//! `probes_every_second_for_an_hour` one container probed every second for an hour, both with
//! everything the CLI records. Run with `cargo bench --bench simulate`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod support;

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use podlife::k8s::model::Pod;
use podlife::sim::engine::time::SimDuration;
use podlife::sim::kubelet::model::{SimConfig, simulate};
use podlife::sim::plan::behaviour::{Behaviour, ProbeScript};
use podlife::sim::plan::spec::{PodPlan, ProbeKind};
use podlife::sim::record::RecordOptions;

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const CONTAINERS: usize = 50;
const DAY: SimDuration = SimDuration::from_secs(86_400);

/// A pod of 50 app containers, each with an httpGet liveness and readiness probe.
fn pod() -> &'static Pod {
    static POD: OnceLock<Pod> = OnceLock::new();
    POD.get_or_init(|| {
        let mut text = String::from("apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers:\n");
        for index in 0..CONTAINERS {
            text.push_str(&format!(
                "  - name: c{index}\n    image: example/app:{}\n    livenessProbe:\n      httpGet: {{path: /healthz, port: 8080}}\n    readinessProbe:\n      httpGet: {{path: /ready, port: 8080}}\n      periodSeconds: 5\n",
                index % 5
            ));
        }
        support::parse_pod(&text)
    })
}

/// Runs `pod` with the default world until `horizon`, counting events.
fn run_default_world(bencher: Bencher, pod: &Pod, horizon: SimDuration) {
    let plan = PodPlan::new(pod);
    let behaviour = Behaviour::defaults(&plan);
    let config = || SimConfig {
        horizon,
        ..config(RecordOptions::ALL)
    };
    let events = simulate(pod, &plan, &behaviour, config())
        .summary
        .events_handled;
    bencher.counter(ItemsCount::new(events)).bench(|| {
        simulate(pod, &plan, &behaviour, config())
            .summary
            .events_handled
    });
}

/// 3,000 init containers, run in order to Ready.
#[divan::bench(sample_count = 5)]
fn init_containers_3000(bencher: Bencher) {
    let mut text = String::from(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: inits}\nspec:\n  initContainers:\n",
    );
    for index in 0..3000 {
        text.push_str(&format!(
            "  - {{name: init-{index}, image: busybox:1.36}}\n"
        ));
    }
    text.push_str("  containers: [{name: app, image: nginx:1.27}]\n");
    run_default_world(
        bencher,
        &support::parse_pod(&text),
        SimDuration::from_secs(3600),
    );
}

/// One container with 1 s liveness and readiness probes, for an hour.
#[divan::bench(sample_count = 10)]
fn probes_every_second_for_an_hour(bencher: Bencher) {
    let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: probed}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 1}\n    readinessProbe: {httpGet: {path: /ready, port: 8080}, periodSeconds: 1}\n";
    run_default_world(
        bencher,
        &support::parse_pod(text),
        SimDuration::from_secs(3600),
    );
}

/// Readiness flaps (3 up, 3 down); liveness fails 3 times in a row every 40 probes.
fn world(plan: &PodPlan) -> Behaviour {
    let mut behaviour = Behaviour::defaults(plan);
    for (index, script) in behaviour.containers.iter_mut().enumerate() {
        script.default.probes[ProbeKind::Readiness as usize] =
            ProbeScript::Cycle(vec![true, true, true, false, false, false]);
        let mut liveness = vec![true; 37 + index % 7];
        liveness.extend([false, false, false]);
        script.default.probes[ProbeKind::Liveness as usize] = ProbeScript::Cycle(liveness);
    }
    behaviour
}

fn config(record: RecordOptions) -> SimConfig {
    SimConfig {
        // The benchmark measures a whole day of events, past the CLI's default budget.
        max_events: u64::MAX,
        seed: 0,
        horizon: DAY,
        record,
    }
}

const ENGINE: RecordOptions = RecordOptions {
    events: true,
    trace: true,
    statuses: false,
    lanes: false,
    conditions: false,
};

fn run(bencher: Bencher, record: RecordOptions) {
    let pod = pod();
    let plan = PodPlan::new(pod);
    let behaviour = world(&plan);
    let events = simulate(pod, &plan, &behaviour, config(record))
        .summary
        .events_handled;
    bencher.counter(ItemsCount::new(events)).bench(|| {
        simulate(pod, &plan, &behaviour, config(record))
            .summary
            .events_handled
    });
}

/// Events, trace: the engine.
#[divan::bench(sample_count = 10)]
fn engine(bencher: Bencher) {
    run(bencher, ENGINE);
}

/// Everything the CLI records, status rows through the status printer included.
#[divan::bench(sample_count = 5)]
fn full(bencher: Bencher) {
    run(bencher, RecordOptions::ALL);
}
