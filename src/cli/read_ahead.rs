//! Reading every input before checking any, when a check needs objects of other inputs: the
//! PodDisruptionBudgets of all inputs when PL447 runs, the Namespace objects (and their Pod
//! Security labels) when a Pod Security rule runs and there is more than one input (any file,
//! directory or standard input, before or after the objects they govern). Each goes to every
//! input's options. Otherwise nothing is read ahead and nothing costs: a single input reads its
//! own Namespaces as it is checked.

use std::sync::Arc;

use rayon::prelude::*;

use crate::cli::file_write::ReadState;
use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::rules;
use crate::lint::settings::config_file::ConfigResolver;

/// One input read ahead: the outer `Err` is an input that was not found, the inner one a read
/// that failed (as [`input::map_inputs`] over [`input::read`] gives them).
pub(crate) type ReadInput = Result<Result<SourceText, Error>, Error>;

/// Whether PL447 runs for some input (its budgets are read ahead).
fn reads_budgets(configuration: &ConfigResolver) -> bool {
    configuration.enabled_anywhere(&rules::MISSING_POD_DISRUPTION_BUDGET)
}

/// Whether the Namespaces of all inputs are read ahead: a Pod Security rule runs for some
/// input, and there are several.
fn reads_namespaces(inputs: &[Result<Input, Error>], configuration: &ConfigResolver) -> bool {
    inputs.len() > 1 && configuration.checks_pod_security_anywhere()
}

/// Whether the inputs are read ahead.
pub(crate) fn reads_ahead(inputs: &[Result<Input, Error>], configuration: &ConfigResolver) -> bool {
    reads_budgets(configuration) || reads_namespaces(inputs, configuration)
}

/// Reads every input (in parallel, in input order) and gives `configuration` what the checks
/// need of all of them (budgets, Namespaces), when [`reads_ahead`]; `None`, reading nothing,
/// when not.
pub(crate) fn read_across_inputs(
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
    max_bytes: u64,
) -> Option<Vec<ReadInput>> {
    if !reads_ahead(inputs, configuration) {
        return None;
    }
    let read = input::map_inputs(inputs, |input| input::read(input, max_bytes));
    let sources: Vec<&SourceText> = read.iter().flatten().flatten().collect();
    if reads_budgets(configuration) {
        let budgets = crate::lint::validate::disruption_budgets(&sources);
        configuration.with_disruption_budgets(&Arc::new(budgets));
    }
    if reads_namespaces(inputs, configuration) {
        let namespaces = crate::lint::validate::namespaces(&sources);
        configuration.with_namespaces(&Arc::new(namespaces));
    }
    Some(read)
}

/// [`read_across_inputs`] for the commands that rewrite files (`--fix`, `--add-ignore`): with
/// each file's state, taken before it is read.
pub(crate) fn read_files_across_inputs(
    inputs: &[Result<Input, Error>],
    configuration: &mut ConfigResolver,
    max_bytes: u64,
) -> Option<(Vec<ReadInput>, Vec<Option<ReadState>>)> {
    if !reads_ahead(inputs, configuration) {
        return None;
    }
    let states = inputs
        .iter()
        .map(|input| read_state(input.as_ref().ok()))
        .collect();
    let read = read_across_inputs(inputs, configuration, max_bytes)?;
    Some((read, states))
}

/// A file input's state before it is read (a file is rewritten only over what was read).
pub(crate) fn read_state(input: Option<&Input>) -> Option<ReadState> {
    match input {
        Some(Input::File(path) | Input::Walked(path)) => ReadState::of(path).ok(),
        _ => None,
    }
}

/// The inputs read ahead, if they were, found by the input they were read from: a command that
/// reads its inputs in its own order reads each from here, else from its file.
pub(crate) struct ReadAhead {
    read: Option<Vec<ReadInput>>,
    /// Each input's place in `read`, by its address in the inputs.
    positions: std::collections::HashMap<usize, usize>,
}

impl ReadAhead {
    /// What [`read_across_inputs`] read of `inputs` (`None`: nothing).
    pub(crate) fn new(inputs: &[Result<Input, Error>], read: Option<Vec<ReadInput>>) -> Self {
        let positions = inputs
            .iter()
            .enumerate()
            .filter_map(|(index, input)| {
                input
                    .as_ref()
                    .ok()
                    .map(|input| (std::ptr::from_ref(input) as usize, index))
            })
            .collect();
        ReadAhead { read, positions }
    }

    /// The source of `input` (one of the inputs given to [`ReadAhead::new`]): as read ahead,
    /// else read now, up to `max_bytes`.
    pub(crate) fn read(&self, input: &Input, max_bytes: u64) -> Result<SourceText, Error> {
        let ahead = self.read.as_ref().and_then(|read| {
            self.positions
                .get(&(std::ptr::from_ref(input) as usize))
                .and_then(|&index| read.get(index))
        });
        match ahead {
            Some(read) => read.clone().and_then(|read| read),
            None => input::read(input, max_bytes),
        }
    }
}

/// `work` on each input's source read ahead (with the input's index), in parallel, results in
/// input order: what [`input::map_inputs`] gives when its work reads the input first.
pub(crate) fn map_read<T: Send>(
    inputs: &[Result<Input, Error>],
    read: Vec<ReadInput>,
    work: impl Fn(usize, &Input, SourceText) -> T + Sync + Send,
) -> Vec<Result<Result<T, Error>, Error>> {
    read.into_par_iter()
        .zip(inputs.par_iter())
        .enumerate()
        .map(|(index, (read, input))| match (read, input) {
            (Ok(Ok(source)), Ok(input)) => Ok(Ok(work(index, input, source))),
            (Ok(Err(error)), _) => Ok(Err(error)),
            (Err(error), _) => Err(error),
            (Ok(Ok(_)), Err(error)) => Err(error.clone()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::settings::CheckOptions;
    use crate::lint::settings::config_file::{ConfigSource, command_line_layer};

    fn resolver(extend_select: &[&str], inputs: &[Result<Input, Error>]) -> ConfigResolver {
        let extend: Vec<String> = extend_select.iter().map(|s| (*s).to_string()).collect();
        let layer = command_line_layer(&[], &extend, &[], &[], false).expect("flags");
        ConfigResolver::prepare(
            CheckOptions::default(),
            ConfigSource::None,
            layer,
            inputs,
            1 << 20,
        )
        .expect("configuration")
    }

    #[test]
    fn inputs_are_read_ahead_only_when_the_budget_rule_runs() {
        let budgets = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/best-practice/disruption-budgets/budgets.yaml");
        let inputs = vec![Ok(Input::File(budgets))];
        for off in [&[][..], &["best-practice"][..], &["PL4"][..]] {
            let mut configuration = resolver(off, &inputs);
            assert!(
                read_across_inputs(&inputs, &mut configuration, 1 << 20).is_none(),
                "{off:?}"
            );
            let Ok(input) = &inputs[0] else { continue };
            assert!(
                configuration
                    .options_for(input)
                    .disruption_budgets
                    .is_none()
            );
        }
        let mut configuration = resolver(&["PL447"], &inputs);
        let read = read_across_inputs(&inputs, &mut configuration, 1 << 20);
        assert_eq!(read.map(|read| read.len()), Some(1));
        let Ok(input) = &inputs[0] else { return };
        let options = configuration.options_for(input);
        let read_budgets = options.disruption_budgets.as_deref();
        // web, db, api, cache select pods; worker's selector is rejected.
        assert_eq!(
            read_budgets
                .map(crate::lint::rules::best_practice::helpers::disruption_budgets::DisruptionBudgets::len),
            Some(4)
        );
    }
}
