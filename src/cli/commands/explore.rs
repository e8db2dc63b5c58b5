//! `podlife simulate --explore`: one run per (container, fault), the table worst first, and
//! `--expect never-stuck` / `--expect always-ready` on the rows.

use std::io::Write;

use crate::cli::commands::simulate::{
    DEFAULT_HORIZON, FoundPod, Prepared, SimulateFormat, SimulateRequest, prepare,
};
use crate::cli::run::{EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS};
use crate::error::Error;
use crate::render::simulate::explore::{ExploreReport, render_human, write_json};
use crate::sim::explore::{Exploration, ExploreRow, explore};

/// What `--expect` can say about explored rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExploreExpectation {
    /// No single fault leaves the pod stuck at the horizon.
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
                "--expect {text}: with --explore, the assertions are `never-stuck` (no single fault leaves the pod stuck) and `always-ready` (every fault's run becomes Ready); the others judge one run"
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            ExploreExpectation::NeverStuck => "never-stuck",
            ExploreExpectation::AlwaysReady => "always-ready",
        }
    }

    fn fails(self, row: &ExploreRow) -> bool {
        match self {
            ExploreExpectation::NeverStuck => row.stuck,
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
) -> Result<u8, Error> {
    let args = request.args;
    let wanted: Vec<ExploreExpectation> = args
        .expect
        .iter()
        .map(|text| ExploreExpectation::parse(text))
        .collect::<Result<_, _>>()?;
    let Some(prepared) = prepare(found, args, request.scenario_text, &|_| {})? else {
        return Ok(EXIT_FAILURE);
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
    };
    let (rows, baseline) = explore(&exploration);
    let report = ExploreReport {
        run: found.describe(&plan, request.scenario_description, seed, horizon),
        rows: &rows,
        baseline: &baseline,
        deletion: patch.termination.deletion.is_some(),
    };
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match args.format {
        SimulateFormat::Json | SimulateFormat::Yaml => {
            write_json(out, &report).map_err(write_error)?;
        }
        SimulateFormat::Human => {
            if number > 0 {
                writeln!(out).map_err(write_error)?;
            }
            out.write_all(render_human(&report).as_bytes())
                .map_err(write_error)?;
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
        return Ok(EXIT_FAILURE);
    }
    let mut unmet = false;
    for expectation in wanted {
        let failing: Vec<String> = rows
            .iter()
            .filter(|row| expectation.fails(row))
            .map(|row| {
                let container = row
                    .container
                    .and_then(|c| plan.containers.get(c))
                    .map_or("", |spec| spec.name.as_str());
                format!(
                    "{}={}",
                    crate::text::escape_control(container),
                    row.fault.map_or("", |f| f.name())
                )
            })
            .collect();
        if !failing.is_empty() {
            unmet = true;
            crate::cli::output::note(format_args!(
                "podlife: pod `{}`: expectation `{}` not met by {} fault(s): {}",
                plan.name,
                expectation.name(),
                failing.len(),
                failing.join(", ")
            ));
        }
    }
    Ok(if unmet { EXIT_FINDINGS } else { EXIT_CLEAN })
}
