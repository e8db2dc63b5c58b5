//! The views of `podlife observe`: the human report (`human`), the JSON document (`json`), the SVG plot (`plot`).

pub mod human;
pub mod json;
pub mod plot;

use crate::observe::compare::Comparison;
use crate::observe::distributions::Distributions;
use crate::observe::observation::Observation;

/// One pod's observation with what was asked beside it.
pub struct ObservedPod<'a> {
    /// The observation.
    pub observation: &'a Observation,
    /// The comparison with the model, with `--compare`.
    pub comparison: Option<&'a Comparison>,
}

/// Everything a run of `observe` shows.
pub struct Report<'a> {
    /// Each pod.
    pub pods: Vec<ObservedPod<'a>>,
    /// Across the pods, when there are several.
    pub distributions: Option<&'a Distributions>,
}
