//! Test helpers: pods from YAML text, runs with the default scenario.

use std::sync::Arc;

use crate::k8s::model::Pod;
use crate::objects::read_document;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{SimConfig, simulate};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::RecordOptions;
use crate::sim::record::outcome::SimOutcome;
use crate::yaml::source::parse_stream;

/// The first pod of a YAML text, defaulted.
pub fn pod_from_yaml(text: &str) -> Pod {
    let name: Arc<str> = Arc::from("test.yaml");
    let lines = crate::yaml::line_index::LineIndex::new(text);
    for document in parse_stream(text) {
        let objects = read_document(&name, &lines, &document);
        if let Some(object) = objects.pods.into_iter().next() {
            let mut pod = object.pod;
            crate::k8s::defaults::apply(&mut pod);
            return pod;
        }
    }
    panic!("no pod in test YAML");
}

/// The plan of a built-in example (`podlife example NAME`).
pub fn example_plan(name: &str) -> PodPlan {
    let example = crate::input::examples::find(name).unwrap_or_else(|| panic!("no example {name}"));
    PodPlan::new(&pod_from_yaml(example.text))
}

/// Runs a pod with a behaviour edited by `edit`, for `horizon`.
pub fn run(
    pod: &Pod,
    horizon: SimDuration,
    edit: impl FnOnce(&PodPlan, &mut Behaviour),
) -> (PodPlan, SimOutcome) {
    let plan = PodPlan::new(pod);
    let mut behaviour = Behaviour::defaults(&plan);
    edit(&plan, &mut behaviour);
    let outcome = simulate(
        pod,
        &plan,
        &behaviour,
        SimConfig {
            max_events: crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
            seed: 0,
            horizon,
            record: RecordOptions::ALL,
        },
    );
    (plan, outcome)
}

/// The events as `time reason container message` lines.
pub fn event_lines(plan: &PodPlan, outcome: &SimOutcome) -> Vec<String> {
    outcome
        .recording
        .events
        .iter()
        .map(|e| {
            let who = e
                .container
                .map_or("pod".to_string(), |c| plan.containers[c].name.clone());
            format!("{} {} {} {}", e.at, e.reason(), who, e.message(plan))
        })
        .collect()
}
