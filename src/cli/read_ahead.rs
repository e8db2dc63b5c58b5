//! Reading every input before checking any, when PL447 runs: the PodDisruptionBudgets of all
//! inputs (any file, directory or standard input, before or after a workload) go to every
//! input's options. When it does not run, nothing is read ahead and nothing costs.

use std::sync::Arc;

use rayon::prelude::*;

use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::rules;
use crate::lint::settings::config_file::ConfigResolver;

/// One input read ahead: the outer `Err` is an input that was not found, the inner one a read
/// that failed (as [`input::map_inputs`] over [`input::read`] gives them).
pub(crate) type ReadInput = Result<Result<SourceText, Error>, Error>;

/// Reads every input (in parallel, in input order) and gives `configuration` their
/// PodDisruptionBudgets, when PL447 runs for some input; `None`, reading nothing, when not.
pub(crate) fn read_for_disruption_budgets(
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
    max_bytes: u64,
) -> Option<Vec<ReadInput>> {
    if !configuration.enabled_anywhere(&rules::MISSING_POD_DISRUPTION_BUDGET) {
        return None;
    }
    let read = input::map_inputs(inputs, |input| input::read(input, max_bytes));
    let sources: Vec<&SourceText> = read.iter().flatten().flatten().collect();
    let budgets = crate::lint::validate::disruption_budgets(&sources);
    configuration.with_disruption_budgets(&Arc::new(budgets));
    Some(read)
}

/// `work` on each input's source read ahead, in parallel, results in input order: what
/// [`input::map_inputs`] gives when its work reads the input first.
pub(crate) fn map_read<T: Send>(
    inputs: &[Result<Input, Error>],
    read: Vec<ReadInput>,
    work: impl Fn(&Input, SourceText) -> T + Sync + Send,
) -> Vec<Result<Result<T, Error>, Error>> {
    read.into_par_iter()
        .zip(inputs.par_iter())
        .map(|(read, input)| match (read, input) {
            (Ok(Ok(source)), Ok(input)) => Ok(Ok(work(input, source))),
            (Ok(Err(error)), _) => Ok(Err(error)),
            (Err(error), _) => Err(error),
            (Ok(Ok(_)), Err(error)) => Err(error.clone()),
        })
        .collect()
}
