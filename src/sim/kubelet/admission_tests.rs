//! Whole-run tests of initializers (I3, I4) and scheduling gates (I5).

use crate::lint::validate::strict_findings;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::admission::InitializerScript;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::outcome::SimOutcome;
use crate::sim::testing::{event_lines, pod_from_yaml, run};

const HORIZON: SimDuration = SimDuration::from_secs(120);

const GATED: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  initializers:\n    pending:\n    - name: inject\n    - name: quota\nspec:\n  schedulingGates:\n  - name: capacity\n  - name: region\n  containers:\n  - name: app\n    image: nginx:1.27\n";

fn lines(plan: &PodPlan, outcome: &SimOutcome) -> Vec<String> {
    event_lines(plan, outcome)
}

#[test]
fn i3_initializers_act_in_order_each_taking_scenario_time() {
    let pod = pod_from_yaml(&GATED.replace(
        "  schedulingGates:\n  - name: capacity\n  - name: region\n",
        "",
    ));
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        b.admission.initializers.insert(
            "inject".to_string(),
            InitializerScript {
                after: SimDuration::from_millis(500),
                fails: false,
            },
        );
    });
    let lines = lines(&plan, &outcome);
    assert!(
        lines[0].starts_with("500ms Initialized pod Initializer inject"),
        "{lines:#?}"
    );
    assert!(
        lines[1].starts_with("600ms Initialized pod Initializer quota"),
        "{lines:#?}"
    );
    assert!(lines[2].starts_with("600ms Scheduled"), "{lines:#?}");
    assert_eq!(
        outcome
            .summary
            .scheduled_at
            .map(super::super::engine::time::SimTime::millis),
        Some(600)
    );
}

#[test]
fn i4_a_failing_initializer_leaves_the_pod_unscheduled() {
    let pod = pod_from_yaml(GATED);
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        b.admission.initializers.insert(
            "quota".to_string(),
            InitializerScript {
                after: SimDuration::from_millis(100),
                fails: true,
            },
        );
    });
    assert_eq!(outcome.summary.scheduled_at, None);
    assert!(
        lines(&plan, &outcome)
            .iter()
            .any(|l| l.contains("FailedInitializer pod Initializer quota failed"))
    );
}

#[test]
fn i4_strict_validation_failure_deletes_the_pod_with_located_findings() {
    let pod = pod_from_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  initializers:\n    pending:\n    - name: inject\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n  - name: app\n    image: nginx:1.27\n",
    );
    let findings = strict_findings(&pod, crate::k8s::cluster::FeatureGates::default());
    assert!(
        findings.iter().any(|f| f.contains("spec.containers[1]")),
        "{findings:?}"
    );
    let mut plan = PodPlan::new(&pod);
    plan.admission.findings = findings;
    let behaviour = crate::sim::plan::behaviour::Behaviour::defaults(&plan);
    let outcome = crate::sim::kubelet::model::simulate(
        &pod,
        &plan,
        &behaviour,
        crate::sim::kubelet::model::SimConfig {
            max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
            seed: 0,
            horizon: HORIZON,
            record: crate::sim::record::RecordOptions::ALL,
        },
    );
    let lines = lines(&plan, &outcome);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("100ms FailedInitialization pod")
                && l.contains("spec.containers[1]")),
        "{lines:#?}"
    );
    assert_eq!(outcome.summary.scheduled_at, None);
    assert_eq!(
        outcome
            .summary
            .ended_at
            .map(super::super::engine::time::SimTime::millis),
        Some(100)
    );
}

#[test]
fn i4_a_valid_pod_passes_strict_validation() {
    assert!(
        strict_findings(
            &pod_from_yaml(GATED),
            crate::k8s::cluster::FeatureGates::default()
        )
        .is_empty()
    );
}

#[test]
fn i5_scheduling_gates_hold_the_pod_until_every_gate_is_removed() {
    let pod = pod_from_yaml(GATED);
    let (plan, outcome) = run(&pod, HORIZON, |_, b| {
        b.admission
            .gates_removed
            .insert("capacity".to_string(), SimDuration::from_secs(5));
        b.admission
            .gates_removed
            .insert("region".to_string(), SimDuration::from_secs(9));
    });
    assert_eq!(
        outcome
            .summary
            .scheduled_at
            .map(super::super::engine::time::SimTime::millis),
        Some(9_000)
    );
    let rows: Vec<&str> = outcome
        .recording
        .statuses
        .iter()
        .map(|r| r.status.as_str())
        .collect();
    assert!(rows.contains(&"SchedulingGated"), "{rows:?}");
    let lines = lines(&plan, &outcome);
    assert!(lines.iter().any(|l| l.starts_with("5s SchedulingGateRemoved pod Scheduling gate capacity removed")));
}

#[test]
fn i5_a_gate_never_removed_keeps_the_pod_gated() {
    let pod = pod_from_yaml(GATED);
    let (_, outcome) = run(&pod, HORIZON, |_, b| {
        b.admission
            .gates_removed
            .insert("capacity".to_string(), SimDuration::from_secs(5));
    });
    assert_eq!(outcome.summary.scheduled_at, None);
    assert_eq!(
        outcome.recording.statuses.last().map(|r| r.status.as_str()),
        Some("SchedulingGated")
    );
}

#[test]
fn i3_an_initializer_patch_injects_a_sidecar_before_the_pod_is_compiled() {
    let mut pod = pod_from_yaml(GATED);
    let scenario = "initializers:\n  inject:\n    patch:\n      spec:\n        initContainers:\n        - {name: proxy, image: envoy, restartPolicy: Always}\n";
    let patched = crate::sim::plan::admission::apply_initializer_patches(scenario, &mut pod);
    assert_eq!(patched, ["inject"]);
    let plan = PodPlan::new(&pod);
    assert_eq!(plan.names(), ["proxy", "app"]);
    assert_eq!(plan.admission.initializers, ["inject", "quota"]);
    let failing = "initializers:\n  inject: {fails: true, patch: {spec: {restartPolicy: Never}}}\n";
    let mut pod = pod_from_yaml(GATED);
    assert!(crate::sim::plan::admission::apply_initializer_patches(failing, &mut pod).is_empty());
}
