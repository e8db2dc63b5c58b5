//! The rollout checks of issue 31 as properties over generated workloads (a seeded generator):
//! the surge and availability bounds, Recreate never overlapping revisions, a StatefulSet's
//! order, the progress deadline, and how percentages speed a rollout up.

use crate::k8s::cluster::{FeatureGates, Gate};
use crate::k8s::model::Pod;
use crate::k8s::workload::rollout::{RolloutControl, WorkloadKind, read};
use crate::rollout::lifecycle::{Lives, PodModel};
use crate::rollout::timeline::RolloutRun;
use crate::rollout::{RolloutSetup, fenceposts, run};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::{Patch, flags};

/// A small seeded generator (xorshift64*), enough to vary workloads reproducibly.
struct Generator(u64);

impl Generator {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    /// `3` or `25%`.
    fn fencepost(&mut self, allow_zero: bool) -> String {
        let low = u64::from(!allow_zero);
        if self.below(2) == 0 {
            (low + self.below(4)).to_string()
        } else {
            format!("{}%", low * 5 + self.below(60))
        }
    }
}

/// A workload's manifest: `kind` with its settings, a pod whose app turns Ready after a
/// readiness probe's initial delay and drains for a preStop sleep.
fn manifest(kind: &str, spec: &str, ready_after: u64, period: u64, drain: u64) -> String {
    format!(
        "apiVersion: apps/v1\nkind: {kind}\nmetadata: {{name: gen}}\nspec:\n{spec}  template:\n    spec:\n      terminationGracePeriodSeconds: 30\n      initContainers: [{{name: init, image: busybox}}]\n      containers:\n      - name: app\n        image: example/app:2\n        readinessProbe: {{exec: {{command: [ok]}}, initialDelaySeconds: {ready_after}, periodSeconds: {period}}}\n        lifecycle: {{preStop: {{sleep: {{seconds: {drain}}}}}}}\n"
    )
}

struct Case {
    control: RolloutControl,
    pod: Pod,
    plan: PodPlan,
    behaviour: Behaviour,
    old_behaviour: Behaviour,
}

fn case(text: &str, fail: &[&str]) -> Case {
    case_in(text, fail, &FeatureGates::default())
}

/// A case read for a cluster with `gates`.
fn case_in(text: &str, fail: &[&str], gates: &FeatureGates) -> Case {
    let documents = crate::yaml::source::parse_stream(text);
    let root = documents[0].root.as_ref().expect("root");
    let kind = root.get("kind").and_then(|k| k.as_scalar()).expect("kind");
    let control = read(root, WorkloadKind::of(kind).expect("a workload"), gates).expect("valid");
    let pod = crate::sim::testing::pod_from_yaml(text);
    let plan = PodPlan::new(&pod);
    let old_behaviour = Patch::new(&plan).build(&plan);
    let mut patch = Patch::new(&plan);
    for text in fail {
        let flag = flags::parse_fail(text, &plan).expect("flag");
        flags::apply_fail(&flag, &mut patch);
    }
    let behaviour = patch.build(&plan);
    Case {
        control,
        pod,
        plan,
        behaviour,
        old_behaviour,
    }
}

fn roll(case: &Case, replicas: u32, seed: u64) -> RolloutRun {
    let new = PodModel {
        pod: &case.pod,
        plan: &case.plan,
        behaviour: &case.behaviour,
    };
    let old = PodModel {
        pod: &case.pod,
        plan: &case.plan,
        behaviour: &case.old_behaviour,
    };
    let old_ready_at = Lives::old_ready_at(old, seed, 600_000, 250_000);
    run(&RolloutSetup {
        name: "gen",
        control: &case.control,
        replicas,
        new,
        old,
        old_ready_at,
        latency: 0,
        seed,
        horizon: 1_800_000,
        max_events: 250_000,
        record: true,
    })
}

/// Distinct moments at which the new revision was scaled up.
fn scale_up_steps(run: &RolloutRun) -> usize {
    let mut times: Vec<u64> = run
        .events
        .iter()
        .filter(|e| e.reason == "ScalingReplicaSet" && e.message.starts_with("Scaled up"))
        .map(|e| e.at)
        .collect();
    times.dedup();
    times.len()
}

#[test]
fn a_rolling_update_stays_within_max_surge_and_max_unavailable() {
    let mut generator = Generator(0x5eed_0031);
    for _ in 0..60 {
        let replicas = 1 + u32::try_from(generator.below(25)).expect("small");
        let surge = generator.fencepost(true);
        let mut unavailable = generator.fencepost(true);
        if (surge == "0" || surge == "0%") && (unavailable == "0" || unavailable == "0%") {
            unavailable = "1".to_string();
        }
        let min_ready = generator.below(8);
        let spec = format!(
            "  replicas: {replicas}\n  minReadySeconds: {min_ready}\n  strategy: {{rollingUpdate: {{maxSurge: {surge}, maxUnavailable: {unavailable}}}}}\n"
        );
        let text = manifest(
            "Deployment",
            &spec,
            generator.below(20),
            1 + generator.below(10),
            generator.below(15),
        );
        let case = case(&text, &[]);
        let crate::k8s::workload::rollout::Strategy::RollingUpdate {
            max_surge,
            max_unavailable,
        } = case.control.strategy
        else {
            panic!("rolling");
        };
        let (max_surge, max_unavailable) =
            fenceposts::resolve(max_surge, max_unavailable, i64::from(replicas));
        let max_unavailable = max_unavailable.min(i64::from(replicas));
        let result = roll(&case, replicas, generator.next());
        assert!(result.summary.complete_at.is_some(), "{text}");
        for point in &result.timeline {
            let c = point.counts;
            assert!(
                i64::from(c.total) <= i64::from(replicas) + max_surge,
                "{text}: {c:?} at {}",
                point.at
            );
            assert!(
                i64::from(c.available) >= i64::from(replicas) - max_unavailable,
                "{text}: {c:?} at {}",
                point.at
            );
        }
        let last = result.timeline.last().expect("points").counts;
        assert_eq!(
            (last.updated, last.available, last.old),
            (replicas, replicas, 0)
        );
    }
}

#[test]
fn recreate_never_overlaps_revisions() {
    let mut generator = Generator(0x5eed_0032);
    for _ in 0..30 {
        let replicas = 1 + u32::try_from(generator.below(20)).expect("small");
        let spec = format!("  replicas: {replicas}\n  strategy: {{type: Recreate}}\n");
        let text = manifest(
            "Deployment",
            &spec,
            generator.below(20),
            1 + generator.below(10),
            1 + generator.below(20),
        );
        let result = roll(&case(&text, &[]), replicas, generator.next());
        assert!(result.summary.complete_at.is_some(), "{text}");
        for point in &result.timeline {
            let c = point.counts;
            if c.updated > 0 {
                assert_eq!((c.old, c.terminating), (0, 0), "{text} at {}", point.at);
            }
        }
        assert_eq!(result.summary.min_available, 0);
        assert_eq!(result.summary.max_pods, replicas);
    }
}

#[test]
fn an_ordered_statefulset_replaces_the_highest_ordinal_first_one_at_a_time() {
    let mut generator = Generator(0x5eed_0033);
    for _ in 0..30 {
        let replicas = 1 + u32::try_from(generator.below(8)).expect("small");
        let partition = generator.below(u64::from(replicas) + 1);
        let spec = format!(
            "  replicas: {replicas}\n  minReadySeconds: {}\n  updateStrategy: {{rollingUpdate: {{partition: {partition}}}}}\n",
            generator.below(5)
        );
        let text = manifest(
            "StatefulSet",
            &spec,
            generator.below(15),
            1 + generator.below(5),
            generator.below(10),
        );
        let result = roll(&case(&text, &[]), replicas, generator.next());
        assert!(result.summary.complete_at.is_some(), "{text}");
        let deleted: Vec<String> = result
            .events
            .iter()
            .filter(|e| e.reason == "SuccessfulDelete")
            .map(|e| e.message.clone())
            .collect();
        let expected: Vec<String> = (partition..u64::from(replicas))
            .rev()
            .map(|ordinal| format!("delete Pod gen-{ordinal} in StatefulSet gen successful"))
            .collect();
        assert_eq!(deleted, expected, "{text}");
        for point in &result.timeline {
            assert!(
                point.counts.available + 1 >= replicas,
                "{text}: {:?}",
                point.counts
            );
            assert!(
                point.counts.pods() <= replicas,
                "{text}: {:?}",
                point.counts
            );
        }
    }
}

/// The ordinals in the order the controller deleted them.
fn deleted_ordinals(run: &RolloutRun) -> Vec<String> {
    run.events
        .iter()
        .filter(|e| e.reason == "SuccessfulDelete")
        .map(|e| e.message.clone())
        .collect()
}

/// Distinct moments at which the controller deleted pods.
fn delete_moments(run: &RolloutRun) -> usize {
    let mut times: Vec<u64> = run
        .events
        .iter()
        .filter(|e| e.reason == "SuccessfulDelete")
        .map(|e| e.at)
        .collect();
    times.dedup();
    times.len()
}

#[test]
fn a_statefulset_with_max_unavailable_keeps_within_it_and_replaces_from_the_highest_ordinal() {
    let gate_on = FeatureGates::default().with(Gate::MaxUnavailableStatefulSet, true);
    let gate_off = FeatureGates::default().with(Gate::MaxUnavailableStatefulSet, false);
    let mut generator = Generator(0x5eed_0037);
    let mut faster = 0;
    for _ in 0..40 {
        let replicas = 1 + u32::try_from(generator.below(10)).expect("small");
        let partition = generator.below(u64::from(replicas) + 1);
        let limit = generator.fencepost(false);
        let policy = if generator.below(2) == 0 {
            "OrderedReady"
        } else {
            "Parallel"
        };
        let spec = format!(
            "  replicas: {replicas}\n  podManagementPolicy: {policy}\n  minReadySeconds: {}\n  updateStrategy: {{rollingUpdate: {{partition: {partition}, maxUnavailable: {limit}}}}}\n",
            generator.below(5)
        );
        let text = manifest(
            "StatefulSet",
            &spec,
            generator.below(15),
            1 + generator.below(5),
            generator.below(10),
        );
        let seed = generator.next();
        let on_case = case_in(&text, &[], &gate_on);
        let crate::k8s::workload::rollout::Strategy::OrderedRollingUpdate {
            max_unavailable: Some(written),
            ..
        } = on_case.control.strategy
        else {
            panic!("maxUnavailable kept with the gate on: {text}");
        };
        let allowed = crate::rollout::statefulset::max_unavailable(written, replicas);
        let on = roll(&on_case, replicas, seed);
        let off = roll(&case_in(&text, &[], &gate_off), replicas, seed);
        let expected: Vec<String> = (partition..u64::from(replicas))
            .rev()
            .map(|ordinal| format!("delete Pod gen-{ordinal} in StatefulSet gen successful"))
            .collect();
        for (run, bound) in [(&on, allowed), (&off, 1)] {
            assert!(run.summary.complete_at.is_some(), "{text}");
            // Ordinals go from the highest down, each once; below the partition none goes.
            assert_eq!(deleted_ordinals(run), expected, "{text}");
            for point in &run.timeline {
                // Old pods start available, so this holds from the start.
                assert!(
                    point.counts.available + bound >= replicas,
                    "{text}: {} unavailable, at most {bound}: {:?} at {}",
                    replicas - point.counts.available,
                    point.counts,
                    point.at
                );
                assert!(
                    point.counts.pods() <= replicas,
                    "{text}: {:?}",
                    point.counts
                );
            }
            let last = run.timeline.last().expect("points").counts;
            assert_eq!(
                last.updated,
                replicas - u32::try_from(partition).expect("small")
            );
        }
        // Batches: never more deletion steps, nor a later finish, than one at a time; fewer
        // steps as soon as a batch holds two pods.
        let replaced = u64::from(replicas) - partition;
        assert!(delete_moments(&on) <= delete_moments(&off), "{text}");
        assert!(on.summary.complete_at <= off.summary.complete_at, "{text}");
        if allowed >= 2 && replaced >= 2 {
            assert!(delete_moments(&on) < delete_moments(&off), "{text}");
            faster += 1;
        }
    }
    assert!(
        faster >= 5,
        "only {faster} cases had batches of two or more"
    );
}

#[test]
fn max_unavailable_of_the_statefulset_rounds_down_and_is_at_least_one() {
    use crate::k8s::workload::rollout::IntOrPercent::{Int, Percent};
    use crate::rollout::statefulset::max_unavailable;
    assert_eq!(max_unavailable(Int(3), 10), 3);
    assert_eq!(max_unavailable(Percent(25), 10), 2);
    assert_eq!(max_unavailable(Percent(10), 4), 1);
    assert_eq!(max_unavailable(Percent(100), 7), 7);
    assert_eq!(max_unavailable(Int(1), 0), 1);
}

#[test]
fn new_pods_that_never_become_ready_exceed_the_progress_deadline() {
    let mut generator = Generator(0x5eed_0034);
    for _ in 0..10 {
        let replicas = 2 + u32::try_from(generator.below(20)).expect("small");
        let deadline = 30 + generator.below(600);
        let spec = format!("  replicas: {replicas}\n  progressDeadlineSeconds: {deadline}\n");
        let text = manifest("Deployment", &spec, 5, 5, 3);
        let result = roll(&case(&text, &["app=readiness"]), replicas, 0);
        assert_eq!(result.summary.complete_at, None, "{text}");
        // The last progress was at 0 s (the new ReplicaSet and its pods); the controller
        // looks again a second after the deadline (`requeueStuckDeployment`).
        assert_eq!(
            result.summary.deadline_exceeded_at,
            Some(deadline * 1000 + 1000),
            "{text}"
        );
        let event = result
            .events
            .iter()
            .find(|e| e.reason == "ProgressDeadlineExceeded")
            .expect("event");
        assert_eq!(
            event.message,
            "ReplicaSet \"gen-v2\" has timed out progressing."
        );
    }
}

#[test]
fn pods_ready_late_exceed_the_deadline_then_complete() {
    // Ready after 90 s, deadline 60 s: exceeded at 61 s, and complete after all.
    let spec = "  replicas: 2\n  progressDeadlineSeconds: 60\n  strategy: {rollingUpdate: {maxSurge: 2, maxUnavailable: 0}}\n";
    let text = manifest("Deployment", spec, 90, 10, 0);
    let result = roll(&case(&text, &[]), 2, 0);
    assert_eq!(result.summary.deadline_exceeded_at, Some(61_000));
    assert!(result.summary.complete_at.is_some_and(|at| at > 90_000));
}

#[test]
fn percentages_replace_ten_replicas_in_fewer_steps_per_replica_than_one_at_a_time() {
    let wide = manifest(
        "Deployment",
        "  replicas: 10\n  strategy: {rollingUpdate: {maxSurge: 25%, maxUnavailable: 25%}}\n",
        10,
        5,
        5,
    );
    let narrow = manifest(
        "Deployment",
        "  replicas: 4\n  strategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}\n",
        10,
        5,
        5,
    );
    let wide_run = roll(&case(&wide, &[]), 10, 0);
    let narrow_run = roll(&case(&narrow, &[]), 4, 0);
    let per_replica = |run: &RolloutRun, replicas: f64| scale_up_steps(run) as f64 / replicas;
    let (wide_steps, narrow_steps) = (per_replica(&wide_run, 10.0), per_replica(&narrow_run, 4.0));
    assert!(wide_steps < narrow_steps, "{wide_steps} vs {narrow_steps}");
    assert_eq!(scale_up_steps(&narrow_run), 4);
    let time_per_replica =
        |run: &RolloutRun, replicas: u64| run.summary.complete_at.expect("complete") / replicas;
    assert!(time_per_replica(&wide_run, 10) < time_per_replica(&narrow_run, 4));
}

#[test]
fn a_daemonset_without_surge_keeps_at_most_max_unavailable_nodes_down() {
    let mut generator = Generator(0x5eed_0035);
    for _ in 0..20 {
        let nodes = 1 + u32::try_from(generator.below(12)).expect("small");
        let unavailable = 1 + generator.below(3);
        let spec =
            format!("  updateStrategy: {{rollingUpdate: {{maxUnavailable: {unavailable}}}}}\n");
        let text = manifest(
            "DaemonSet",
            &spec,
            generator.below(10),
            2,
            generator.below(5),
        );
        let result = roll(&case(&text, &[]), nodes, 0);
        assert!(result.summary.complete_at.is_some(), "{text}");
        for point in &result.timeline {
            let down = i64::from(nodes) - i64::from(point.counts.available);
            assert!(
                down <= i64::try_from(unavailable).expect("small"),
                "{text}: {:?}",
                point.counts
            );
            assert!(point.counts.pods() <= nodes, "{text}: {:?}", point.counts);
        }
    }
}

#[test]
fn a_daemonset_with_surge_starts_the_new_pod_before_the_old_one_goes() {
    let spec = "  updateStrategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}\n";
    let text = manifest("DaemonSet", spec, 5, 2, 3);
    let result = roll(&case(&text, &[]), 4, 0);
    assert!(result.summary.complete_at.is_some());
    for point in &result.timeline {
        // maxUnavailable 0: every node keeps an available pod; maxSurge 1: one extra at most
        // (an old pod still terminating is not counted, as the controller does not count it).
        assert!(point.counts.available >= 4, "{:?}", point.counts);
        assert!(point.counts.total <= 5, "{:?}", point.counts);
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_jitter_depends_on_it() {
    let text = manifest("Deployment", "  replicas: 6\n", 5, 5, 5);
    let mut case = case(&text, &[]);
    assert_eq!(roll(&case, 6, 1), roll(&case, 6, 1));
    // Jitter every container's run: pods then differ, and so do seeds.
    let scenario = "containers:\n  init:\n    run: {uniform: [1s, 40s]}\n";
    let mut patch = Patch::new(&case.plan);
    crate::sim::scenario::load(scenario, &case.plan, &mut patch).expect("scenario");
    case.behaviour = patch.build(&case.plan);
    assert!(case.behaviour.has_jitter());
    let first = roll(&case, 6, 1);
    assert_eq!(first, roll(&case, 6, 1));
    assert_ne!(first.timeline, roll(&case, 6, 2).timeline);
}

#[test]
fn a_monte_carlo_is_the_same_on_one_thread_and_two() {
    let text = manifest("Deployment", "  replicas: 5\n", 5, 5, 5);
    let mut case = case(&text, &[]);
    let scenario = "containers:\n  init:\n    run: {uniform: [1s, 40s]}\n";
    let mut patch = Patch::new(&case.plan);
    crate::sim::scenario::load(scenario, &case.plan, &mut patch).expect("scenario");
    case.behaviour = patch.build(&case.plan);
    let new = PodModel {
        pod: &case.pod,
        plan: &case.plan,
        behaviour: &case.behaviour,
    };
    let setup = RolloutSetup {
        name: "gen",
        control: &case.control,
        replicas: 5,
        new,
        old: new,
        old_ready_at: Some(10_000),
        latency: 0,
        seed: 9,
        horizon: 1_800_000,
        max_events: 250_000,
        record: false,
    };
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool")
            .install(|| crate::rollout::montecarlo::run_many(&setup, 40))
    };
    let one = on(1);
    assert_eq!(one, on(2));
    let times: std::collections::BTreeSet<Option<u64>> =
        one.iter().map(|run| run.complete_at).collect();
    assert!(times.len() > 1, "jitter varies the runs");
}
