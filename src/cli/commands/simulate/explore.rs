//! `podlife simulate --explore`: one run per (container, fault), the table worst first, and
//! `--expect never-stuck` / `--expect always-ready` on the rows.

use std::io::Write;

use super::args::{DEFAULT_HORIZON, ExploreFaults, SimulateFormat};
use super::request::{FoundPod, Prepared, SimulateRequest, prepare};
use crate::cli::commands::expectations;
use crate::cli::exit::ExitStatus;
use crate::error::Error;
use crate::render::simulate::explore::{ExploreReport, render_human, write_json};
use crate::sim::explore::{
    Exploration, ExploreRow, FaultKind, FaultSelection, Persistence, explore,
};

/// The faults `--faults` and `--skip-fault` select; an unknown kind is a usage error.
fn selection(faults: Option<ExploreFaults>, skipped: &[String]) -> Result<FaultSelection, Error> {
    let only = match faults {
        Some(ExploreFaults::Transient) => Some(Persistence::Transient),
        Some(ExploreFaults::Permanent) => Some(Persistence::Permanent),
        Some(ExploreFaults::All) | None => None,
    };
    let names: Vec<&str> = FaultKind::ALL.iter().map(|kind| kind.name()).collect();
    let skipped = skipped
        .iter()
        .map(|text| {
            FaultKind::parse(text).ok_or_else(|| {
                let hint = crate::text::closest(text, &names)
                    .map(|n| format!("did you mean `{n}`? "))
                    .unwrap_or_default();
                Error::Usage(format!(
                    "--skip-fault {}: no such fault; {hint}the faults are: {}",
                    crate::text::escape_control(text),
                    names.join(", ")
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(FaultSelection { only, skipped })
}

/// What `--expect` can say about explored rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExploreExpectation {
    /// The pod recovers from every transient fault: it reaches Ready (or completes) by the
    /// horizon after each.
    NeverStuck,
    /// Every fault's run reaches Ready at some point.
    AlwaysReady,
}

impl ExploreExpectation {
    /// Parses one `--expect` given with `--explore`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "never-stuck" => Ok(ExploreExpectation::NeverStuck),
            "always-ready" => Ok(ExploreExpectation::AlwaysReady),
            _ => Err(Error::Usage(format!(
                "--expect {text}: with --explore, the assertions are `never-stuck` (the pod recovers from every transient fault) and `always-ready` (every fault's run becomes Ready); the others judge one run"
            ))),
        }
    }

    /// As written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ExploreExpectation::NeverStuck => "never-stuck",
            ExploreExpectation::AlwaysReady => "always-ready",
        }
    }

    fn fails(self, row: &ExploreRow) -> bool {
        match self {
            ExploreExpectation::NeverStuck => row.stuck_after_transient(),
            ExploreExpectation::AlwaysReady => row.ready_at.is_none(),
        }
    }
}

/// Explores pod number `number` and writes its report. Returns the exit code.
pub(crate) fn run_pod(
    request: &SimulateRequest<'_>,
    found: &FoundPod,
    number: usize,
    out: &mut dyn Write,
) -> Result<ExitStatus, Error> {
    let args = request.args;
    let wanted: Vec<ExploreExpectation> = args
        .expect
        .iter()
        .map(|text| ExploreExpectation::parse(text))
        .collect::<Result<_, _>>()?;
    let selection = selection(args.faults, &args.skip_fault)?;
    if wanted.contains(&ExploreExpectation::NeverStuck)
        && selection.only == Some(Persistence::Permanent)
    {
        return Err(Error::Usage(
            "--expect never-stuck judges the transient faults, and --faults permanent tries none; use --faults transient or all".to_string(),
        ));
    }
    let Some(prepared) = prepare(found, args, request.scenario_text, &|_| {})? else {
        return Ok(ExitStatus::Failure);
    };
    let Prepared {
        pod,
        plan,
        patch,
        settings,
    } = prepared;
    let seed = args.seed.or(settings.seed).unwrap_or(0);
    let horizon = request.until.or(settings.until).unwrap_or(DEFAULT_HORIZON);
    let exploration = Exploration {
        pod: &pod,
        plan: &plan,
        base: &patch,
        seed,
        horizon,
        max_events: args.max_events,
        job: found.job.as_ref(),
        selection: &selection,
    };
    let (rows, baseline) = explore(&exploration);
    let report = ExploreReport {
        run: found.describe(&plan, request.scenario_description, seed, horizon),
        rows: &rows,
        baseline: &baseline,
        deletion: patch.termination.deletion.is_some(),
    };
    let judged: Vec<(&str, Result<(), String>)> = wanted
        .iter()
        .map(|expectation| (expectation.name(), judge(*expectation, &rows, &plan)))
        .collect();
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match args.format {
        SimulateFormat::Json | SimulateFormat::Yaml => {
            let mut document = Vec::new();
            write_json(&mut document, &report).map_err(write_error)?;
            request.push_document(out, String::from_utf8_lossy(&document).into_owned())?;
        }
        SimulateFormat::Human => {
            if number > 0 {
                writeln!(out).map_err(write_error)?;
            }
            out.write_all(render_human(&report).as_bytes())
                .map_err(write_error)?;
            expectations::write_section(out, &judged).map_err(write_error)?;
        }
    }
    if rows
        .iter()
        .chain(std::iter::once(&baseline))
        .any(|row| row.illegal_calls > 0)
    {
        crate::cli::output::note(format_args!(
            "podlife: internal error: the simulated kubelet made call(s) the runtime refused while exploring pod `{}`; please report it",
            plan.name
        ));
        return Ok(ExitStatus::Failure);
    }
    let unmet = expectations::report_unmet(&plan.name, &judged);
    request.record_unmet(&judged);
    Ok(if unmet {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// Whether the rows meet `expectation`; if not, which `container=fault` rows fail it.
fn judge(
    expectation: ExploreExpectation,
    rows: &[ExploreRow],
    plan: &crate::sim::plan::spec::PodPlan,
) -> Result<(), String> {
    let failing: Vec<String> = rows
        .iter()
        .filter(|row| expectation.fails(row))
        .map(|row| {
            let container = row
                .container
                .and_then(|c| plan.containers.get(c))
                .map_or("", |spec| spec.name.as_str());
            let what = match (expectation, row.blocks) {
                (ExploreExpectation::NeverStuck, Some(blocked)) => {
                    format!(" (blocks {})", blocked.name())
                }
                _ => String::new(),
            };
            format!(
                "{}={}{what}",
                crate::text::escape_control(container),
                row.fault.map_or("", FaultKind::name)
            )
        })
        .collect();
    if failing.is_empty() {
        return Ok(());
    }
    let how = match expectation {
        ExploreExpectation::NeverStuck => "the pod does not recover from",
        ExploreExpectation::AlwaysReady => "the pod is never Ready after",
    };
    Err(format!(
        "{how} {} fault(s): {}",
        failing.len(),
        failing.join(", ")
    ))
}
