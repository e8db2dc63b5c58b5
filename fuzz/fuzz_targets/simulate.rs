//! Fuzz target: any manifest text and any scenario text through reading, planning, the scenario
//! loader and a bounded simulation, then every simulation view, must not panic, and the kubelet
//! model must never make a call the mock runtime refuses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use podlife::k8s::defaults;
use podlife::objects::read_document;
use podlife::render::simulate::{RunContext, RunDescription};
use podlife::render::simulate::{events, json, summary, timeline, trace, watch};
use podlife::sim::engine::time::SimDuration;
use podlife::sim::kubelet::model::{SimConfig, simulate};
use podlife::sim::plan::spec::PodPlan;
use podlife::sim::record::RecordOptions;
use podlife::sim::scenario::{self, Patch};
use podlife::yaml::line_index::LineIndex;
use podlife::yaml::source::for_each_document;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A line `%%%` separates the manifest from the scenario file.
    let (manifest, scenario_text) = text.split_once("\n%%%\n").unwrap_or((text, ""));
    let file: std::sync::Arc<str> = std::sync::Arc::from("fuzz.yaml");
    let lines = LineIndex::new(manifest);
    let mut pods = Vec::new();
    for_each_document(manifest, |document| {
        pods.extend(read_document(&file, &lines, &document).pods);
    });
    for object in pods.into_iter().take(2) {
        let mut pod = object.pod;
        defaults::apply(&mut pod);
        let plan = PodPlan::new(&pod);
        let mut patch = Patch::new(&plan);
        let mut horizon = SimDuration::from_secs(600);
        if !scenario_text.is_empty() {
            match scenario::load(scenario_text, &plan, &mut patch) {
                Ok(settings) => horizon = settings.until.unwrap_or(horizon),
                Err(errors) => {
                    let _ = scenario::render(&errors, "scenario.yaml", scenario_text);
                    continue;
                }
            }
        }
        let behaviour = patch.build(&plan);
        let outcome = simulate(
            &pod,
            &plan,
            &behaviour,
            SimConfig {
                max_events: 20_000,
                seed: 7,
                horizon,
                record: RecordOptions::ALL,
            },
        );
        assert_eq!(
            outcome.summary.illegal_calls, 0,
            "the kubelet model broke the CRI"
        );
        let context = RunContext {
            job: None,
            run: RunDescription {
                plan: &plan,
                source: "fuzz.yaml",
                kind: "Pod",
                scenario: "fuzz",
                seed: 7,
                horizon,
                gates: podlife::k8s::cluster::FeatureGates::default(),
            },
            outcome: &outcome,
            jitter: false,
            // Colour on: the views paint runs of characters, which must hold for any lane.
            paint: podlife::render::paint::Paint::new(true),
        };
        let _ = events::render(&context);
        let _ = json::render(&context);
        let _ = summary::render(&context);
        let _ = timeline::render(&context, 100);
        let _ = trace::render(&context);
        let _ = watch::render(&context);
    }
});
