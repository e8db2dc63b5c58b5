//! `--trace`: every CRI call the kubelet made, with time, target, arguments, result and latency.

use crate::render::simulate::RunContext;
use crate::render::simulate::table;
use crate::sim::cri::trace::{CallArgs, ExecPurpose, Target, TraceEntry};
use crate::sim::plan::spec::Handler;

/// The arguments worth showing.
fn args(context: &RunContext<'_>, entry: &TraceEntry) -> String {
    let plan = context.run.plan;
    match entry.args {
        CallArgs::None => String::new(),
        CallArgs::Image(index) => format!(
            "image={}",
            plan.images.get(index).map_or("", String::as_str)
        ),
        CallArgs::Timeout(timeout) => format!("timeout={timeout}"),
        CallArgs::Exec(purpose) => {
            let Target::Container { container, .. } = entry.target else {
                return String::new();
            };
            let spec = &plan.containers[container];
            let (label, handler) = match purpose {
                ExecPurpose::PostStart => ("postStart".to_string(), spec.post_start.as_ref()),
                ExecPurpose::PreStop => ("preStop".to_string(), spec.pre_stop.as_ref()),
                ExecPurpose::Probe(kind) => (
                    format!("{} probe", kind.name()),
                    spec.probe(kind).map(|p| &p.handler),
                ),
            };
            match handler {
                Some(Handler::Exec { command }) => format!("{label}: {command}"),
                _ => label,
            }
        }
    }
}

/// Renders the trace.
pub fn render(context: &RunContext<'_>) -> String {
    let rows: Vec<Vec<String>> = context
        .outcome
        .trace
        .iter()
        .map(|entry| {
            vec![
                entry.at.to_string(),
                entry.call.name().to_string(),
                entry.target.id(context.run.plan),
                entry.result.text(),
                entry.latency.to_string(),
                args(context, entry),
            ]
        })
        .collect();
    table::render(
        &["TIME", "CALL", "TARGET", "RESULT", "LATENCY", "ARGS"],
        &rows,
    )
}
