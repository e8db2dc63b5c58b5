//! `--emit-scenario`: a scenario file whose durations are fitted to the observed pods, so `simulate --runs` and `rollout --runs` predict with the cluster's own timings.
//!
//! The fit, per duration: with at least [`MIN_SAMPLES`] samples all above zero, a log-normal
//! whose median is the geometric mean of the samples and whose `sigma` is the standard
//! deviation of their logarithms; with zeros among them (a cached image pulls in no time, a
//! pod scheduled within the second), the samples' 20 quantiles as an `empirical` list, which
//! keeps the share of zeros; with fewer samples, the samples themselves as `empirical`, and a
//! comment says they are too few to fit. An image that was always already on the node goes in
//! `node.images`.

use std::fmt::Write as _;

use crate::observe::containers::Role;
use crate::observe::distributions::{Distributions, Samples};
use crate::observe::format_ms;

/// Fewer samples than this are listed, not fitted.
pub const MIN_SAMPLES: usize = 5;

/// How many quantiles stand for samples with zeros among them.
const QUANTILES: usize = 20;

/// A duration fitted to the samples, as the scenario file writes it, and a comment on how.
fn fit(samples: &Samples) -> Option<(String, String)> {
    let values = &samples.values;
    let n = values.len();
    if n == 0 {
        return None;
    }
    let list = |values: &mut dyn Iterator<Item = i64>| {
        let items: Vec<String> = values.map(|v| format_ms(v.max(0))).collect();
        format!("{{empirical: [{}]}}", items.join(", "))
    };
    if n < MIN_SAMPLES {
        return Some((
            list(&mut values.iter().copied()),
            format!(
                "{n} sample{}: too few to fit, listed",
                if n == 1 { "" } else { "s" }
            ),
        ));
    }
    if values.iter().any(|&v| v <= 0) {
        let quantiles = (0..QUANTILES).filter_map(|q| {
            // The middle of each twentieth.
            let rank = ((2 * q + 1) * n) / (2 * QUANTILES);
            values.get(rank.min(n - 1)).copied()
        });
        let zeros = values.iter().filter(|&&v| v <= 0).count();
        return Some((
            list(&mut quantiles.into_iter()),
            format!("{n} samples, {zeros} of them 0: their {QUANTILES} quantiles"),
        ));
    }
    #[allow(clippy::cast_precision_loss)]
    let logs: Vec<f64> = values.iter().map(|&v| (v as f64).ln()).collect();
    #[allow(clippy::cast_precision_loss)]
    let count = n as f64;
    let mean = logs.iter().sum::<f64>() / count;
    let variance = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (count - 1.0);
    let sigma = variance.sqrt();
    let median = crate::sim::engine::time::SimDuration::from_millis_f64(mean.exp());
    Some((
        format!(
            "{{lognormal: {{median: {}, sigma: {sigma:.3}}}}}",
            crate::sim::engine::time::format_duration(median)
        ),
        format!("{n} samples, log-normal fit"),
    ))
}

/// The scenario file's text.
pub fn scenario_text(distributions: &Distributions) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Fitted by `podlife observe --emit-scenario` from {} observed pod{}.",
        distributions.pods,
        if distributions.pods == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        text,
        "# Log-normal: median = geometric mean, sigma = standard deviation of the logarithms;"
    );
    let _ = writeln!(
        text,
        "# with zeros among the samples, their {QUANTILES} quantiles; under {MIN_SAMPLES} samples, the samples."
    );
    let _ = writeln!(
        text,
        "# Not fitted: probe answers (the manifest's probe timings and a scenario's probe scripts decide them)."
    );
    if let Some((_, samples)) = distributions
        .phases
        .iter()
        .find(|(name, _)| *name == "scheduledMs")
        && let Some((value, how)) = fit(samples)
    {
        let _ = writeln!(text, "scheduling: {value}   # {how}");
    }
    let cached_always: Vec<&String> = distributions
        .images
        .iter()
        .filter(|(_, image)| image.pulls.count() == 0 && image.cached > 0)
        .map(|(name, _)| name)
        .collect();
    if !cached_always.is_empty() {
        let names: Vec<String> = cached_always.iter().map(|name| yaml_string(name)).collect();
        let _ = writeln!(
            text,
            "node:\n  images: [{}]   # always already present",
            names.join(", ")
        );
    }
    let mut containers = String::new();
    for (name, figures) in &distributions.containers {
        let mut lines = String::new();
        let pulls = distributions
            .images
            .iter()
            .find(|(_, image)| image.containers.contains(name) && image.pulls.count() > 0);
        if let Some((image, figures)) = pulls {
            let mut samples = figures.pulls.clone();
            samples
                .values
                .extend(std::iter::repeat_n(0, figures.cached));
            samples.values.sort_unstable();
            if let Some((value, how)) = fit(&samples) {
                let _ = writeln!(
                    lines,
                    "    pull: {value}   # image {}: {how}",
                    crate::text::escape_control(image)
                );
            }
        }
        let runs_to_completion = matches!(figures.role, Some(Role::Init | Role::Defer))
            || !figures.completed_runs.values.is_empty();
        if runs_to_completion && let Some((value, how)) = fit(&figures.completed_runs) {
            let _ = writeln!(lines, "    run: {value}   # runs that exited 0: {how}");
        }
        if !lines.is_empty() {
            let _ = write!(containers, "  {}:\n{lines}", yaml_string(name));
        }
    }
    if !containers.is_empty() {
        let _ = write!(text, "containers:\n{containers}");
    }
    text
}

/// A name as a YAML scalar: plain when it is a plain word, else double-quoted.
fn yaml_string(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '/'))
        && !text.ends_with(':')
        && text.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if plain {
        text.to_string()
    } else {
        serde_json::to_string(text).unwrap_or_default()
    }
}
