//! A run's scenario for the commands that simulate (`simulate`, `rollout`): assembled by
//! `sim::scenario::assemble` from the scenario file and the flags, and a file that does not
//! fit the pod reported with its located errors on stderr.

use std::io::Write;
use std::path::Path;

use crate::error::Error;
use crate::k8s::cluster::FeatureGates;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::{self, AssembleError, Patch, ScenarioFlags, ScenarioSettings};

/// The scenario file a command was given: where, and its text.
#[derive(Debug, Clone, Copy)]
pub struct ScenarioFile<'a> {
    /// `--scenario`.
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
}

/// [`scenario::assemble`], or `None` when the file does not fit the pod: its errors are then
/// printed, followed by `podlife: {does_not_fit}` (which pod, which revision). A wrong flag is
/// an error.
pub fn assemble_or_report(
    plan: &PodPlan,
    gates: &FeatureGates,
    file: Option<ScenarioFile<'_>>,
    termination: impl FnOnce(&mut Patch) -> Result<(), Error>,
    flags: &ScenarioFlags<'_>,
    does_not_fit: impl FnOnce(usize) -> String,
) -> Result<Option<(Patch, ScenarioSettings)>, Error> {
    match scenario::assemble(plan, gates, file.map(|f| f.text), termination, flags) {
        Ok(assembled) => Ok(Some(assembled)),
        Err(AssembleError::Flag(error)) => Err(error),
        Err(AssembleError::File(errors)) => {
            // Only a file makes these errors, so `file` is there.
            let (name, text) = file.map_or((String::new(), ""), |f| {
                (f.path.display().to_string(), f.text)
            });
            let mut err = crate::cli::output::stderr();
            let _ = write!(err, "{}", scenario::render(&errors, &name, text));
            crate::cli::output::note(format_args!("podlife: {}", does_not_fit(errors.len())));
            Ok(None)
        }
    }
}
