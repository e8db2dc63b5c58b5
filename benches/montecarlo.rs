//! Monte Carlo benchmark: runs per second for the built-in init-container pod with the
//! `testdata/scenarios/montecarlo.yaml` jitter, and for a 10-container pod (3 init, 7 app with
//! readiness probes) whose pulls, starts and run times all vary, each on 1 and 2 threads.
//! Aim: 10,000 runs of the 10-container pod in under 1 s on 2 cores.
//! Run with `cargo bench --bench montecarlo`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod support;

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use podlife::k8s::model::Pod;
use podlife::sim::engine::distribution::Dist;
use podlife::sim::engine::time::SimDuration;
use podlife::sim::montecarlo::runner::{self, MonteCarloConfig};
use podlife::sim::plan::behaviour::{Behaviour, RunTime};
use podlife::sim::plan::spec::{ContainerKind, PodPlan};
use podlife::sim::scenario::{Patch, load};

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const RUNS: u64 = 10_000;

struct Case {
    pod: Pod,
    plan: PodPlan,
    behaviour: Behaviour,
}

fn init_containers() -> &'static Case {
    static CASE: OnceLock<Case> = OnceLock::new();
    CASE.get_or_init(|| {
        let pod = support::parse_pod(podlife::input::examples::default_example().text);
        let plan = PodPlan::new(&pod);
        let mut patch = Patch::new(&plan);
        let scenario = include_str!("../testdata/scenarios/montecarlo.yaml");
        load(scenario, &plan, &mut patch).expect("valid scenario");
        let behaviour = patch.build(&plan);
        Case {
            pod,
            plan,
            behaviour,
        }
    })
}

fn ten_containers() -> &'static Case {
    static CASE: OnceLock<Case> = OnceLock::new();
    CASE.get_or_init(|| {
        let mut text = String::from(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: ten}\nspec:\n  initContainers:\n",
        );
        for index in 0..3 {
            text.push_str(&format!("  - {{name: init{index}, image: example/init:{index}}}\n"));
        }
        text.push_str("  containers:\n");
        for index in 0..7 {
            text.push_str(&format!(
                "  - name: app{index}\n    image: example/app:{index}\n    readinessProbe:\n      httpGet: {{path: /ready, port: 8080}}\n      periodSeconds: 5\n"
            ));
        }
        let pod = support::parse_pod(&text);
        let plan = PodPlan::new(&pod);
        let mut behaviour = Behaviour::defaults(&plan);
        for (script, container) in behaviour.containers.iter_mut().zip(&plan.containers) {
            script.pull = Dist::LogNormal {
                median: SimDuration::from_secs(2),
                sigma: 0.6,
            };
            script.start = Dist::Uniform {
                low: SimDuration(50),
                high: SimDuration(300),
            };
            script.probe_fail_probability = 0.05;
            if container.kind == ContainerKind::Init {
                script.default.run = RunTime::For(Dist::Normal {
                    mean: SimDuration::from_secs(5),
                    stddev: SimDuration::from_secs(2),
                });
                script.fail_probability = 0.02;
            }
        }
        Case {
            pod,
            plan,
            behaviour,
        }
    })
}

fn bench_case(bencher: Bencher, case: &Case, threads: usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    bencher.counter(ItemsCount::new(RUNS)).bench(|| {
        pool.install(|| {
            runner::run(
                &case.pod,
                &case.plan,
                &case.behaviour,
                MonteCarloConfig {
                    max_events: podlife::sim::kubelet::model::DEFAULT_MAX_EVENTS,
                    seed: 0,
                    runs: RUNS,
                    horizon: SimDuration::from_secs(600),
                    keep_worst: 5,
                },
                None,
            )
        })
    });
}

/// 10,000 runs of `podlife example init-containers` with the montecarlo.yaml jitter.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn init_container_pod(bencher: Bencher, threads: usize) {
    bench_case(bencher, init_containers(), threads);
}

/// 10,000 runs of a 10-container pod with jitter on every pull, start and init run.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn ten_container_pod(bencher: Bencher, threads: usize) {
    bench_case(bencher, ten_containers(), threads);
}
