//! A code lens above each pod: how its startup goes in a default simulation (time to Ready or to its end, restarts), the figure `podlife simulate` would give.
//!
//! Bounded: lenses for the first [`MAX_LENSES`] pods of a document, and the work stops between
//! pods once the request is cancelled. The lens's command, [`COMMAND`], shows the figure as a
//! message (`workspace/executeCommand`).

use lsp_types::{CodeLens, Command, Position, Range};

use super::documents::{Encoding, position};
use crate::k8s::cluster::{Defaulting, FeatureGates, stored_pod};
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::objects::read_document_with;
use crate::sim::engine::time::SimDuration;
use crate::sim::kubelet::model::{DEFAULT_MAX_EVENTS, SimConfig, simulate};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::RecordOptions;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::for_each_document;

/// The horizon of a lens's run, as `podlife simulate`'s default.
const HORIZON: SimDuration = SimDuration::from_secs(600);
/// Pods of one document that get a lens, at most (each lens is a simulation).
pub const MAX_LENSES: usize = 50;
/// The command a lens carries (advertised in `executeCommandProvider`).
pub const COMMAND: &str = "podlife.simulate";

/// A lens per pod of `text` (the first [`MAX_LENSES`]), at the start of its object; stops early
/// when `keep_going` says no (the request was cancelled). A pod `podlife simulate` would leave
/// out gets a lens that says why instead of a figure: part of it could not be read, or the
/// API server would reject it (`error_starts`: where the document's errors begin, as its
/// diagnostics show them, suppressions applied).
pub fn lenses(
    uri: &lsp_types::Uri,
    text: &str,
    error_starts: &[u32],
    templates: &PodTemplateTable,
    gates: FeatureGates,
    encoding: Encoding,
    keep_going: &dyn Fn() -> bool,
) -> Vec<CodeLens> {
    let name = std::sync::Arc::from("lens");
    let lines = LineIndex::new(text);
    let file = super::analysis::path_of(uri)
        .map_or_else(|| "FILE".to_string(), |path| path.display().to_string());
    let mut lenses = Vec::new();
    for_each_document(text, |document| {
        let Some(root) = document.root.as_ref() else {
            return;
        };
        let objects = read_document_with(&name, &lines, &document, templates);
        for object in &objects.pods {
            if lenses.len() >= MAX_LENSES || !keep_going() {
                return;
            }
            let at = root.lookup(&object.object_path).value.at;
            let errors = error_starts
                .iter()
                .filter(|&&start| (at.start..at.end).contains(&start))
                .count();
            let pod_name = object.pod_name();
            let command_line = format!("podlife simulate {file} --pod {pod_name}");
            let (title, run) = if object.incomplete {
                (
                    "podlife simulate: not run, part of this object could not be read (see its errors)".to_string(),
                    format!("fix the errors, then `{command_line}`"),
                )
            } else if errors > 0 {
                (
                    format!(
                        "podlife simulate: not run, the API server would reject this pod ({})",
                        plural(errors, "error")
                    ),
                    format!("to run it anyway: `{command_line} --allow-invalid`"),
                )
            } else {
                (
                    format!(
                        "podlife simulate: {} (default scenario)",
                        startup(object, gates)
                    ),
                    format!("the whole run: `{command_line}`"),
                )
            };
            let at: Position = position(&lines, lines.pos(at.start), encoding);
            lenses.push(CodeLens {
                range: Range { start: at, end: at },
                command: Some(Command {
                    title: title.clone(),
                    command: COMMAND.to_string(),
                    arguments: Some(vec![serde_json::json!({
                        "uri": uri.as_str(),
                        "pod": pod_name,
                        "summary": title,
                        "run": run,
                    })]),
                }),
                data: None,
            });
        }
    });
    lenses
}

/// `count` `noun`s, with the plural `s` when it needs one.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// How the pod's startup goes in a default simulation: when it is Ready (or ends), restarts.
fn startup(object: &crate::k8s::workload::PodObject, gates: FeatureGates) -> String {
    let pod = stored_pod(
        object.pod.clone(),
        &gates,
        Defaulting::Applied,
        &object.init_source,
    )
    .pod;
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
            record: RecordOptions::NONE,
        },
    );
    let summary = &outcome.summary;
    let restarts: u32 = summary.restarts.iter().sum();
    let moment = match (summary.ready_at, summary.ended_at) {
        (Some(ready), _) => format!("Ready at {ready}"),
        (None, Some(ended)) => format!("{} at {ended}", summary.phase.as_str()),
        (None, None) => format!("not Ready within {HORIZON}"),
    };
    format!(
        "{moment}, {restarts} restart{}",
        if restarts == 1 { "" } else { "s" }
    )
}

/// Runs [`COMMAND`]: the message to show, the pod's default simulation as its lens says it
/// (with `podlife simulate` to run for the whole story).
pub fn execute(params: &lsp_types::ExecuteCommandParams) -> Result<String, String> {
    if params.command != COMMAND {
        return Err(format!(
            "podlife has no command `{}`; it has `{COMMAND}`",
            crate::text::clip(&params.command)
        ));
    }
    let argument = params.arguments.first();
    let field = |key: &str| argument.and_then(|a| a.get(key)).and_then(|v| v.as_str());
    let (Some(pod), Some(summary)) = (field("pod"), field("summary")) else {
        return Err(format!(
            "`{COMMAND}` takes the argument its code lens carries: {{\"pod\", \"summary\"}}"
        ));
    };
    let run = match field("run") {
        Some(run) => run.to_string(),
        None => {
            let file = field("uri")
                .and_then(|uri| uri.parse::<lsp_types::Uri>().ok())
                .and_then(|uri| super::analysis::path_of(&uri))
                .map_or_else(|| "FILE".to_string(), |path| path.display().to_string());
            format!("the whole run: `podlife simulate {file} --pod {pod}`")
        }
    };
    Ok(format!(
        "pod `{pod}`: {}; {run}",
        summary.trim_start_matches("podlife simulate: ")
    ))
}
