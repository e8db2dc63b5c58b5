//! A code lens above each pod: how its startup goes in a default simulation (time to Ready or to its end, restarts), the figure `podlife simulate` would give.

use lsp_types::{CodeLens, Command, Position, Range};

use super::documents::{Encoding, position};
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::load::read_document_with;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{DEFAULT_MAX_EVENTS, SimConfig, simulate};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::RecordOptions;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::for_each_document;

/// The horizon of a lens's run, as `podlife simulate`'s default.
const HORIZON: SimDuration = SimDuration::from_secs(600);

/// A lens per pod of `text`, at the start of its object.
pub fn lenses(text: &str, templates: &PodTemplateTable, encoding: Encoding) -> Vec<CodeLens> {
    let name = std::sync::Arc::from("lens");
    let lines = LineIndex::new(text);
    let mut lenses = Vec::new();
    for_each_document(text, |document| {
        let Some(root) = document.root.as_ref() else {
            return;
        };
        let objects = read_document_with(&name, &lines, &document, templates);
        if !objects.findings.is_empty() {
            return;
        }
        for object in objects.pods.iter().filter(|object| !object.incomplete) {
            let mut pod = object.pod.clone();
            crate::k8s::defaults::apply(&mut pod);
            let plan = PodPlan::new(&pod);
            let behaviour = Behaviour::defaults(&plan).at_medians();
            let outcome = simulate(
                &pod,
                &plan,
                &behaviour,
                SimConfig {
                    max_events: DEFAULT_MAX_EVENTS,
                    seed: 0,
                    horizon: HORIZON,
                    record: RecordOptions {
                        events: false,
                        trace: false,
                        statuses: false,
                        lanes: false,
                    },
                },
            );
            let summary = &outcome.summary;
            let restarts: u32 = summary.restarts.iter().sum();
            let moment = match (summary.ready_at, summary.ended_at) {
                (Some(ready), _) => format!("Ready at {ready}"),
                (None, Some(ended)) => format!("{} at {ended}", summary.phase.as_str()),
                (None, None) => format!("not Ready within {HORIZON}"),
            };
            let start = root.lookup(&object.object_path).value.span.start;
            let at: Position = position(&lines, start, encoding);
            lenses.push(CodeLens {
                range: Range { start: at, end: at },
                command: Some(Command {
                    title: format!(
                        "podlife simulate: {moment}, {restarts} restart{} (default scenario)",
                        if restarts == 1 { "" } else { "s" }
                    ),
                    command: "podlife.simulate".to_string(),
                    arguments: None,
                }),
                data: None,
            });
        }
    });
    lenses
}
