//! `--expect` on a Monte Carlo's tail: `p99:ready<=45s`, `mean:restarts<1`, `prob:failed<=1%`.
//!
//! `STAT:METRIC<op>VALUE` with STAT one of `min`, `mean`, `p50`, `p90`, `p99`, `max` and METRIC
//! an `--expect` metric name (`initialized`, `ready`, `ended`, `restarts`,
//! `restarts:<container>`; with termination figures also `terminated`, `defer-completed`,
//! `defer-skipped`); VALUE is a duration for times and a number for counts.
//! `prob:OUTCOME<op>P` with OUTCOME an outcome in kebab case (`failed`, `never-ready`,
//! `defer-skipped`) and P a percentage (`1%`) or a fraction (`0.01`). `<op>` is `<`, `<=`,
//! `=`, `>=` or `>`.

use crate::error::Error;
use crate::sim::engine::time::{SimDuration, parse_duration};
use crate::sim::expect::Comparison;
use crate::sim::montecarlo::metrics::{self, Metric, Unit};
use crate::sim::montecarlo::runner::Aggregate;
use crate::text::closest;

const STATS: [&str; 7] = ["min", "mean", "p50", "p90", "p99", "max", "prob"];

#[derive(Debug, Clone, PartialEq)]
enum Target {
    Stat { stat: &'static str, metric: usize },
    Probability { outcome: usize },
}

/// A parsed tail expectation.
#[derive(Debug, Clone, PartialEq)]
pub struct TailExpectation {
    /// As written.
    pub text: String,
    target: Target,
    op: Comparison,
    bound: f64,
}

fn usage(text: &str, message: impl std::fmt::Display) -> Error {
    Error::Usage(format!("--expect {text}: {message}"))
}

/// Parses one `--expect` for a Monte Carlo over `metrics`.
pub fn parse(text: &str, metric_list: &[Metric]) -> Result<TailExpectation, Error> {
    let Some((stat, rest)) = text.split_once(':') else {
        return Err(usage(
            text,
            "with --runs, write `STAT:METRIC<op>VALUE` (e.g. `p99:ready<=45s`) or `prob:OUTCOME<op>P` (e.g. `prob:failed<=1%`)",
        ));
    };
    let Some(stat) = STATS.iter().copied().find(|s| *s == stat) else {
        let hint = closest(stat, &STATS)
            .map(|s| format!("did you mean `{s}`? "))
            .unwrap_or_default();
        return Err(usage(
            text,
            format!(
                "unknown statistic `{stat}`; {hint}use one of {}",
                STATS.join(", ")
            ),
        ));
    };
    let Some((name, op, value)) = Comparison::split(rest) else {
        return Err(usage(
            text,
            "missing a comparison: `<`, `<=`, `=`, `>=` or `>`",
        ));
    };
    if stat == "prob" {
        let names = metrics::outcome_names();
        let Some(outcome) =
            metrics::outcome_from_kebab(name).and_then(|o| names.iter().position(|n| *n == o))
        else {
            let kebab: Vec<String> = names.iter().map(|n| metrics::outcome_to_kebab(n)).collect();
            let refs: Vec<&str> = kebab.iter().map(String::as_str).collect();
            let hint = closest(name, &refs)
                .map(|s| format!("did you mean `{s}`? "))
                .unwrap_or_default();
            return Err(usage(
                text,
                format!(
                    "unknown outcome `{name}`; {hint}the outcomes are {}",
                    refs.join(", ")
                ),
            ));
        };
        let bound = match value.strip_suffix('%') {
            Some(pct) => pct.trim().parse::<f64>().map(|p| p / 100.0),
            None => value.trim().parse::<f64>(),
        }
        .ok()
        .filter(|p| p.is_finite() && (0.0..=1.0).contains(p))
        .ok_or_else(|| {
            usage(
                text,
                format!("`{value}` is not a probability (`1%`, `0.01`)"),
            )
        })?;
        return Ok(TailExpectation {
            text: text.to_string(),
            target: Target::Probability { outcome },
            op,
            bound,
        });
    }
    let Some(metric) = metric_list.iter().position(|m| m.name == name) else {
        let names: Vec<&str> = metric_list.iter().map(|m| m.name.as_str()).collect();
        let hint = closest(name, &names)
            .map(|s| format!("did you mean `{s}`? "))
            .unwrap_or_default();
        return Err(usage(
            text,
            format!(
                "unknown metric `{name}`; {hint}the metrics are {}",
                names.join(", ")
            ),
        ));
    };
    let bound = match metric_list[metric].unit {
        Unit::Millis => parse_duration(value).map_err(|e| usage(text, e))?.millis() as f64,
        Unit::Count => value
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| usage(text, format!("`{value}` is not a number")))?,
    };
    Ok(TailExpectation {
        text: text.to_string(),
        target: Target::Stat { stat, metric },
        op,
        bound,
    })
}

fn show(unit: Unit, value: f64) -> String {
    match unit {
        Unit::Millis => SimDuration::from_millis_f64(value).to_string(),
        Unit::Count => format!("{value}"),
    }
}

impl TailExpectation {
    /// Checks the aggregate; `Err` says what the runs gave instead.
    pub fn check(&self, metric_list: &[Metric], aggregate: &Aggregate) -> Result<(), String> {
        match &self.target {
            Target::Probability { outcome } => {
                let proportion = aggregate.outcomes[*outcome];
                let p = proportion.probability();
                if self.op.holds(p, self.bound) {
                    Ok(())
                } else {
                    Err(format!(
                        "P({}) = {} ({} of {} runs)",
                        metrics::outcome_names()[*outcome],
                        super::outcomes::percent(p),
                        proportion.count,
                        proportion.runs
                    ))
                }
            }
            Target::Stat { stat, metric } => {
                let stats = &aggregate.stats[*metric];
                let runs = aggregate.runs;
                let value = match *stat {
                    "min" => stats.min().map(|v| v as f64),
                    "max" => stats.max().map(|v| v as f64),
                    "mean" => stats.mean(),
                    "p50" => stats.quantile(500, runs).map(|v| v as f64),
                    "p90" => stats.quantile(900, runs).map(|v| v as f64),
                    _ => stats.quantile(990, runs).map(|v| v as f64),
                };
                let name = &metric_list[*metric].name;
                match value {
                    Some(v) if self.op.holds(v, self.bound) => Ok(()),
                    Some(v) => Err(format!(
                        "{stat} of {name} is {}",
                        show(metric_list[*metric].unit, v)
                    )),
                    None => Err(format!(
                        "{stat} of {name} is undefined: only {} of {runs} runs reached it",
                        stats.count()
                    )),
                }
            }
        }
    }
}
