//! Rollout benchmark: one 100-replica Deployment rollout of `podlife example rollout`, and
//! 1,000 Monte Carlo runs of it with `testdata/scenarios/rollout-jitter.yaml`, on 1 and 2
//! threads. Aims: one rollout under 100 ms; 1,000 runs under 5 s on 2 cores.
//! Run with `cargo bench --bench rollout`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod support;

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use podlife::k8s::model::Pod;
use podlife::k8s::workload::rollout::{RolloutControl, WorkloadKind, read};
use podlife::rollout::lifecycle::{Lives, PodModel};
use podlife::rollout::{RolloutSetup, montecarlo, run};
use podlife::sim::plan::behaviour::Behaviour;
use podlife::sim::plan::spec::PodPlan;
use podlife::sim::scenario::{Patch, load};
use podlife::yaml::source::parse_stream;

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const REPLICAS: u32 = 100;
const RUNS: u64 = 1_000;

struct Case {
    control: RolloutControl,
    pod: Pod,
    plan: PodPlan,
    /// At medians: one rollout.
    medians: Behaviour,
    /// Jittered: the Monte Carlo.
    jittered: Behaviour,
    old_ready_at: Option<u64>,
}

fn case() -> &'static Case {
    static CASE: OnceLock<Case> = OnceLock::new();
    CASE.get_or_init(|| {
        let text = podlife::input::examples::find("rollout")
            .expect("example")
            .text;
        let documents = parse_stream(text);
        let control = read(
            documents[0].root.as_ref().expect("root"),
            WorkloadKind::Deployment,
            &podlife::k8s::cluster::FeatureGates::default(),
        )
        .expect("valid");
        let pod = support::parse_pod(text);
        let plan = PodPlan::new(&pod);
        let mut patch = Patch::new(&plan);
        load(
            include_str!("../testdata/scenarios/rollout-jitter.yaml"),
            &plan,
            &mut patch,
        )
        .expect("valid scenario");
        let jittered = patch.build(&plan);
        let medians = jittered.at_medians();
        let old_ready_at = Lives::old_ready_at(
            PodModel {
                pod: &pod,
                plan: &plan,
                behaviour: &medians,
            },
            0,
            600_000,
            250_000,
        );
        Case {
            control,
            pod,
            plan,
            medians,
            jittered,
            old_ready_at,
        }
    })
}

fn setup<'a>(case: &'a Case, behaviour: &'a Behaviour, record: bool) -> RolloutSetup<'a> {
    let model = PodModel {
        pod: &case.pod,
        plan: &case.plan,
        behaviour,
    };
    RolloutSetup {
        name: "web",
        control: &case.control,
        replicas: REPLICAS,
        new: model,
        old: model,
        old_ready_at: case.old_ready_at,
        latency: 0,
        seed: 0,
        horizon: 1_800_000,
        max_events: 250_000,
        record,
    }
}

/// One recorded rollout of 100 replicas, every distribution at its median.
#[divan::bench(sample_count = 20)]
fn deployment_100_replicas(bencher: Bencher) {
    let case = case();
    let setup = setup(case, &case.medians, true);
    bencher.bench(|| run(&setup));
}

/// 1,000 jittered rollouts of 100 replicas (each pod its own draw).
#[divan::bench(args = [1, 2], sample_count = 5)]
fn monte_carlo_1000_runs(bencher: Bencher, threads: usize) {
    let case = case();
    let setup = setup(case, &case.jittered, false);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    bencher
        .counter(ItemsCount::new(RUNS))
        .bench(|| pool.install(|| montecarlo::run_many(&setup, RUNS)));
}
