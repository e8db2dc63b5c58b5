//! Many pods at once: how long each phase, each container's runs and each image's pulls took across them (count, p50, p95, max).

use std::collections::BTreeMap;

use crate::observe::containers::Role;
use crate::observe::observation::Observation;

/// Samples and their figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Samples {
    /// The samples, milliseconds, sorted.
    pub values: Vec<i64>,
}

impl Samples {
    fn push(&mut self, value: i64) {
        self.values.push(value);
    }

    fn settle(&mut self) {
        self.values.sort_unstable();
    }

    /// How many.
    pub fn count(&self) -> usize {
        self.values.len()
    }

    /// The nearest-rank percentile (`p` in 0..=100).
    pub fn percentile(&self, p: usize) -> Option<i64> {
        if self.values.is_empty() {
            return None;
        }
        let rank = (p * self.values.len()).div_ceil(100).max(1);
        self.values.get(rank - 1).copied()
    }

    /// The largest.
    pub fn max(&self) -> Option<i64> {
        self.values.last().copied()
    }
}

/// A container's figures across pods.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContainerFigures {
    /// Its kind (of the first pod that has it).
    pub role: Option<Role>,
    /// From time 0 to its first run's start.
    pub first_start: Samples,
    /// Each run that exited 0 (init containers, Jobs).
    pub completed_runs: Samples,
    /// Its restart counts.
    pub restarts: Samples,
}

/// An image's pulls across pods: pulled (Pulling to Pulled) and cached (already present).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImageFigures {
    /// The pulls that happened.
    pub pulls: Samples,
    /// Times it was already on the node.
    pub cached: usize,
    /// The containers that use it.
    pub containers: std::collections::BTreeSet<String>,
}

/// The figures across the pods.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Distributions {
    /// How many pods.
    pub pods: usize,
    /// `scheduledMs`, `initializedMs`, `readyMs`, `endedMs`, in that order.
    pub phases: Vec<(&'static str, Samples)>,
    /// Per container name.
    pub containers: BTreeMap<String, ContainerFigures>,
    /// Per image.
    pub images: BTreeMap<String, ImageFigures>,
}

/// The figures of the observations.
pub fn distributions(observations: &[Observation]) -> Distributions {
    let mut phases: Vec<(&'static str, Samples)> =
        ["scheduledMs", "initializedMs", "readyMs", "endedMs"]
            .into_iter()
            .map(|name| (name, Samples::default()))
            .collect();
    let mut containers: BTreeMap<String, ContainerFigures> = BTreeMap::new();
    let mut images: BTreeMap<String, ImageFigures> = BTreeMap::new();
    for observation in observations {
        let summary = &observation.summary;
        let values = [
            summary.scheduled_ms,
            summary.initialized_ms,
            summary.ready_ms,
            summary.ended_ms,
        ];
        for ((_, samples), value) in phases.iter_mut().zip(values) {
            if let Some(value) = value {
                samples.push(value);
            }
        }
        for (index, life) in observation.containers.iter().enumerate() {
            let figures = containers.entry(life.name.clone()).or_default();
            figures.role.get_or_insert(life.role);
            figures
                .restarts
                .push(i64::try_from(life.restart_count).unwrap_or(i64::MAX));
            if life.earlier_runs == 0
                && let Some(start) = life.runs.first().and_then(|run| run.start)
                && let Some(since) = observation.since_zero(start)
            {
                figures.first_start.push(since);
            }
            for run in &life.runs {
                if let (Some(start), Some(end), Some(0)) = (run.start, run.end, run.exit_code) {
                    figures.completed_runs.push(end.saturating_sub(start));
                }
            }
            let (spans, cached) = crate::observe::event_rows::pulls(
                observation
                    .events
                    .iter()
                    .filter(|e| e.container == Some(index)),
            );
            if !spans.is_empty() || cached > 0 {
                let image = images.entry(life.image.clone()).or_default();
                image.cached += cached as usize;
                image.containers.insert(life.name.clone());
                for span in spans {
                    image.pulls.push(span.end.saturating_sub(span.start));
                }
            }
        }
    }
    for (_, samples) in &mut phases {
        samples.settle();
    }
    for figures in containers.values_mut() {
        figures.first_start.settle();
        figures.completed_runs.settle();
        figures.restarts.settle();
    }
    for figures in images.values_mut() {
        figures.pulls.settle();
    }
    Distributions {
        pods: observations.len(),
        phases,
        containers,
        images,
    }
}
