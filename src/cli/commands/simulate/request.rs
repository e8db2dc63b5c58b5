//! What every mode of `podlife simulate` (one run, `--runs`, `--explore`) works from: a pod
//! found in the inputs, the pod prepared to run with its scenario, and the request the command
//! line makes of every pod.

use std::io::Write;

use super::args::SimulateArgs;
use crate::cli::Cli;
use crate::cli::commands::expectations;
use crate::cli::commands::scenario_file::{ScenarioFile, assemble_or_report};
use crate::error::Error;
use crate::k8s::model::Pod;
use crate::render::simulate::RunDescription;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::{self, Patch};

/// A pod found in the inputs.
pub(crate) struct FoundPod {
    /// Where it came from.
    pub(crate) source: String,
    /// Its object's kind.
    pub(crate) kind: String,
    /// Its name.
    pub(crate) name: String,
    /// The pod as found.
    pub(crate) pod: Pod,
    /// The cluster it runs in: its release and gates.
    pub(crate) gates: crate::k8s::cluster::FeatureGates,
    /// A Job's controller settings: the Job is simulated, not only its pod.
    pub(crate) job: Option<crate::k8s::workload::job::JobControl>,
}

impl FoundPod {
    /// How reports name a run of this pod.
    pub(crate) fn describe<'a>(
        &'a self,
        plan: &'a PodPlan,
        scenario: &'a str,
        seed: u64,
        horizon: SimDuration,
    ) -> RunDescription<'a> {
        RunDescription {
            plan,
            source: &self.source,
            kind: &self.kind,
            scenario,
            seed,
            horizon,
            gates: self.gates,
        }
    }
}

/// A pod ready to run: defaulted, planned, with its scenario patch (file and flags applied).
pub(crate) struct Prepared {
    /// The defaulted pod.
    pub(crate) pod: Pod,
    /// Its plan.
    pub(crate) plan: PodPlan,
    /// The scenario file and the `--fail`/`--run` flags.
    pub(crate) patch: Patch,
    /// The scenario's seed and horizon.
    pub(crate) settings: scenario::ScenarioSettings,
}

/// Defaults and plans a found pod (after `edit`, e.g. a sweep's value) and builds its scenario
/// patch. `None`: the scenario does not fit the pod (errors printed; exit 2).
pub(crate) fn prepare(
    found: &FoundPod,
    args: &SimulateArgs,
    scenario_text: Option<&str>,
    edit: &dyn Fn(&mut Pod),
) -> Result<Option<Prepared>, Error> {
    let mut pod = found.pod.clone();
    edit(&mut pod);
    // The pod the API server stores: defaulted, without the fields the release drops (PL135,
    // PL136).
    let mut pod = crate::k8s::cluster::stored_pod(
        pod,
        &found.gates,
        crate::k8s::cluster::Defaulting::Applied,
        &crate::k8s::workload::InitContainerSource::Spec,
    )
    .pod;
    pod.metadata.name = Some(found.name.clone());
    let patched = match scenario_text {
        Some(text) => crate::sim::plan::admission::apply_initializer_patches(text, &mut pod),
        None => Vec::new(),
    };
    let mut plan = PodPlan::new(&pod);
    plan.admission.patched = patched;
    if !plan.admission.initializers.is_empty() {
        plan.admission.findings = crate::lint::validate::strict_findings(&pod, found.gates);
    }
    let plan = plan;
    let fail: Vec<&str> = args
        .fail
        .iter()
        .map(String::as_str)
        .filter(|text| !text.starts_with("node@"))
        .collect();
    let flags = scenario::ScenarioFlags {
        stop: &args.stop,
        jitter: args.jitter,
        fail: &fail,
        run: &args.run,
    };
    let file = scenario_text
        .zip(args.scenario.as_deref())
        .map(|(text, path)| ScenarioFile { path, text });
    let termination =
        |patch: &mut Patch| crate::cli::commands::termination_flags::apply(args, patch);
    let does_not_fit = |errors: usize| {
        format!(
            "the scenario does not fit pod `{}` ({errors} error{})",
            plan.name,
            if errors == 1 { "" } else { "s" }
        )
    };
    let Some((patch, settings)) =
        assemble_or_report(&plan, &found.gates, file, termination, &flags, does_not_fit)?
    else {
        return Ok(None);
    };
    Ok(Some(Prepared {
        pod,
        plan,
        patch,
        settings,
    }))
}

/// Says which container an ordinal name in a flag picked (`--fail init-2` → `register`), so the
/// output names the container the run is about.
pub(crate) fn note_ordinal_names(args: &SimulateArgs, plan: &PodPlan) {
    let named = args
        .fail
        .iter()
        .map(|text| ("--fail", text))
        .chain(args.run.iter().map(|text| ("--run", text)))
        .chain(args.stop.iter().map(|text| ("--stop", text)));
    for (flag, text) in named {
        let name = text.split(['=', '*']).next().unwrap_or(text.as_str());
        if plan.find(name).is_none()
            && let Some(index) = plan.find_or_ordinal(name)
            && let Some(container) = plan.containers.get(index)
        {
            let (kind, number) = name.rsplit_once('-').unwrap_or((name, ""));
            crate::cli::output::note(format_args!(
                "podlife: {flag} {name} means container `{}` ({kind} container #{number} of pod `{}`)",
                container.name, plan.name
            ));
        }
    }
}

/// What the command line asks of every pod: the flags and what they name, read once.
pub(crate) struct SimulateRequest<'a> {
    /// Global flags (`--quiet`).
    pub(crate) cli: &'a Cli,
    /// `simulate`'s flags.
    pub(crate) args: &'a SimulateArgs,
    /// The scenario file's text, if one was given.
    pub(crate) scenario_text: Option<&'a str>,
    /// `--until`.
    pub(crate) until: Option<SimDuration>,
    /// The scenario as reports name it.
    pub(crate) scenario_description: &'a str,
    /// `--format json`: the documents written so far (one alone, several in `{"pods": [...]}`).
    pub(crate) documents: std::cell::RefCell<crate::cli::commands::json_documents::JsonDocuments>,
    /// The expectations the current pod did not meet, for the verdicts of several pods.
    pub(crate) unmet: std::cell::RefCell<Vec<String>>,
}

impl SimulateRequest<'_> {
    /// Writes one JSON document (a pod's, or a swept value's): the first is held until a
    /// second shows that the output is a list.
    pub(crate) fn push_document(&self, out: &mut dyn Write, text: String) -> Result<(), Error> {
        self.documents
            .borrow_mut()
            .push(out, text)
            .map_err(|e| Error::io("writing output", e))
    }

    /// Notes the expectations in `results` that did not hold, for the pod's verdict.
    pub(crate) fn record_unmet(&self, results: &[expectations::Checked<'_>]) {
        let mut unmet = self.unmet.borrow_mut();
        for (text, result) in results {
            if result.is_err() && !unmet.iter().any(|seen| seen == text) {
                unmet.push((*text).to_string());
            }
        }
    }
}
