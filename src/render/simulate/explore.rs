//! `simulate --explore`: the table of faults and what each did to the pod, and its JSON.

use serde::Serialize;

use crate::render::simulate::RunDescription;
use crate::render::simulate::table;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::explore::{Blocked, ExploreRow, FaultKind, Persistence};
use crate::sim::plan::spec::ContainerKind;
use crate::text::escape_control;

/// What the views need: the run's description, the rows (worst first) and the baseline.
pub struct ExploreReport<'a> {
    /// Pod, source, scenario, horizon.
    pub run: RunDescription<'a>,
    /// One per fault, worst first.
    pub rows: &'a [ExploreRow],
    /// The scenario without an added fault.
    pub baseline: &'a ExploreRow,
    /// Whether the scenario deletes the pod (the overrun column).
    pub deletion: bool,
}

fn ready(row: &ExploreRow) -> String {
    row.ready_at
        .map_or_else(|| "never".to_string(), |at| at.to_string())
}

/// What a blocked goal reads as in the table.
fn goal(blocked: Blocked) -> &'static str {
    match blocked {
        Blocked::Termination => "termination",
        Blocked::JobCompletion => "the Job's completion",
        Blocked::Initialization => "initialization",
        Blocked::Ready => "Ready",
        Blocked::StayingReady => "staying Ready",
        Blocked::Completion => "completion",
    }
}

/// The RESULT cell: a transient fault recovers or leaves the pod stuck, a permanent one
/// blocks something or not, and then says what made it harmless.
fn result(report: &ExploreReport<'_>, row: &ExploreRow) -> String {
    match (row.persistence(), row.blocks) {
        (Some(Persistence::Transient), None) => "recovers".to_string(),
        (Some(Persistence::Transient), Some(blocked)) => format!("stuck: blocks {}", goal(blocked)),
        (_, Some(blocked)) => format!("blocks {}", goal(blocked)),
        (_, None) => match row.unblocked {
            Some(why) => format!("blocks nothing: {}", why.describe(report.run.plan)),
            None => "blocks nothing".to_string(),
        },
    }
}

fn overrun(row: &ExploreRow) -> String {
    match (row.stopped_after, row.termination_overrun) {
        (Some(after), Some(over)) if over.millis() > 0 => format!("{after} ({over} over grace)"),
        (Some(after), _) => after.to_string(),
        _ => "never stopped".to_string(),
    }
}

fn job_text(row: &ExploreRow) -> String {
    match row.job {
        Some(condition) => match condition.reason() {
            Some(reason) => format!("{} ({reason})", condition.name()),
            None => condition.name().to_string(),
        },
        None => String::new(),
    }
}

fn container_name(report: &ExploreReport<'_>, row: &ExploreRow) -> String {
    row.container
        .and_then(|c| report.run.plan.containers.get(c))
        .map_or_else(String::new, |spec| escape_control(&spec.name).into_owned())
}

fn kind_name(kind: ContainerKind) -> &'static str {
    match kind {
        ContainerKind::Init => "init",
        ContainerKind::Sidecar => "sidecar",
        ContainerKind::App => "app",
        ContainerKind::Defer => "defer",
    }
}

/// The human report: a header, the baseline, then one line per fault, worst first, and what
/// the transient and the permanent faults did.
pub fn render_human(report: &ExploreReport<'_>) -> String {
    let run = &report.run;
    let mut text = format!(
        "pod {} ({} in {}) · explore: {} faults · scenario: {} · until {}\n",
        escape_control(&run.plan.name),
        run.kind,
        escape_control(run.source),
        report.rows.len(),
        run.scenario,
        run.horizon
    );
    let base = report.baseline;
    text.push_str(&format!(
        "baseline (no added fault): ready {}, {} restarts, {}{}{}\n\n",
        ready(base),
        base.restarts,
        base.phase.as_str(),
        if base.job.is_some() {
            format!(", job {}", job_text(base))
        } else {
            String::new()
        },
        base.blocks
            .map(|blocked| format!(", without any fault it never gets past {}", goal(blocked)))
            .unwrap_or_default()
    ));
    let is_job = report.baseline.job.is_some();
    let mut headers = vec![
        "CONTAINER",
        "TYPE",
        "FAULT",
        "KIND",
        "READY AT",
        "RESTARTS",
        "PHASE",
    ];
    if is_job {
        headers.push("JOB");
    }
    if report.deletion {
        headers.push("STOPPED AFTER");
    }
    headers.push("RESULT");
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|row| {
            let kind = row
                .container
                .and_then(|c| run.plan.containers.get(c))
                .map_or("", |spec| kind_name(spec.kind));
            let mut cells = vec![
                container_name(report, row),
                kind.to_string(),
                row.fault.map_or("", |f| f.name()).to_string(),
                row.persistence().map_or("", Persistence::name).to_string(),
                ready(row),
                row.restarts.to_string(),
                row.phase.as_str().to_string(),
            ];
            if is_job {
                cells.push(job_text(row));
            }
            if report.deletion {
                cells.push(overrun(row));
            }
            cells.push(result(report, row));
            cells
        })
        .collect();
    text.push_str(&table::render(&headers, &rows));
    if is_job {
        text.push_str(
            "\nREADY AT, RESTARTS and PHASE are the Job's first pod's; JOB is how its controller ended the Job.\n",
        );
    } else {
        text.push('\n');
    }
    text.push_str(&closing_lines(report));
    text
}

/// How many transient faults the pod recovered from, and how many permanent ones block it.
fn closing_lines(report: &ExploreReport<'_>) -> String {
    let of = |persistence: Persistence| {
        report
            .rows
            .iter()
            .filter(move |row| row.persistence() == Some(persistence))
    };
    let transient = of(Persistence::Transient).count();
    let stuck = of(Persistence::Transient)
        .filter(|row| row.blocks.is_some())
        .count();
    let permanent = of(Persistence::Permanent).count();
    let blocking = of(Persistence::Permanent)
        .filter(|row| row.blocks.is_some())
        .count();
    let mut text = String::new();
    if transient > 0 {
        text.push_str(&if stuck == 0 {
            format!(
                "transient: the pod recovers from all {transient} faults by {} (never-stuck holds)\n",
                report.run.horizon
            )
        } else {
            format!(
                "transient: {stuck} of {transient} faults leave the pod stuck at {} (never-stuck fails)\n",
                report.run.horizon
            )
        });
    }
    if permanent > 0 {
        text.push_str(&format!(
            "permanent: {blocking} of {permanent} faults block the pod (RESULT says what it never reaches)\n"
        ));
    }
    text
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'a> {
    pod: &'a str,
    /// The pod's namespace (a workload's template: the workload's; `default` when unset).
    namespace: &'a str,
    kind: &'a str,
    source: &'a str,
    scenario: &'a str,
    horizon_ms: u64,
    kubernetes: crate::render::findings::json::JsonCluster,
    baseline: JsonRow,
    rows: Vec<JsonRow>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonRow {
    container: Option<String>,
    container_type: Option<&'static str>,
    fault: Option<&'static str>,
    ready_at_ms: Option<u64>,
    restarts: u32,
    phase: &'static str,
    stuck: bool,
    /// `transient` or `permanent`; `null` for the baseline.
    persistence: Option<&'static str>,
    /// What the run never reached by the horizon (`null`: nothing).
    blocks: Option<&'static str>,
    /// For a permanent fault that blocked nothing, what made it harmless (`already-pulled`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    unblocked: Option<&'static str>,
    /// For a Job: `{"condition", "reason"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<JsonJobCondition>,
    /// Only when the scenario deletes the pod.
    #[serde(skip_serializing_if = "Option::is_none")]
    termination: Option<JsonTermination>,
}

/// How a Job's controller ended it.
#[derive(Serialize)]
struct JsonJobCondition {
    condition: &'static str,
    reason: Option<&'static str>,
}

/// How the deletion went: when the pod had stopped, how far past the grace period (`null`:
/// it never stopped before the horizon).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonTermination {
    stopped_after_ms: Option<u64>,
    overrun_ms: Option<u64>,
}

fn json_row(report: &ExploreReport<'_>, row: &ExploreRow) -> JsonRow {
    let spec = row
        .container
        .and_then(|c| report.run.plan.containers.get(c));
    JsonRow {
        container: spec.map(|spec| spec.name.clone()),
        container_type: spec.map(|spec| kind_name(spec.kind)),
        fault: row.fault.map(FaultKind::name),
        ready_at_ms: row.ready_at.map(SimTime::millis),
        restarts: row.restarts,
        phase: row.phase.as_str(),
        stuck: row.stuck,
        persistence: row.persistence().map(Persistence::name),
        blocks: row.blocks.map(Blocked::name),
        unblocked: row.unblocked.map(crate::sim::explore::Unblocked::name),
        job: row.job.map(|condition| JsonJobCondition {
            condition: condition.name(),
            reason: condition.reason(),
        }),
        termination: report.deletion.then(|| JsonTermination {
            stopped_after_ms: row.stopped_after.map(SimDuration::millis),
            overrun_ms: row.termination_overrun.map(SimDuration::millis),
        }),
    }
}

/// Writes the JSON document (one per pod).
pub fn write_json(out: &mut dyn std::io::Write, report: &ExploreReport<'_>) -> std::io::Result<()> {
    let run = &report.run;
    let document = JsonReport {
        pod: &run.plan.name,
        namespace: &run.plan.namespace,
        kind: run.kind,
        source: run.source,
        scenario: run.scenario,
        horizon_ms: run.horizon.millis(),
        kubernetes: crate::render::findings::json::JsonCluster::new(&run.gates),
        baseline: json_row(report, report.baseline),
        rows: report
            .rows
            .iter()
            .map(|row| json_row(report, row))
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}
