//! `--expect` for a rollout: `completed-within=5m`, `min-available>=8`, `max-pods<=13`,
//! `never-exceeded`, and over runs `STAT:METRIC<op>VALUE` (`p99:rollout<=10m`) and
//! `prob:OUTCOME<op>P` (`prob:ProgressDeadlineExceeded<=1%`). Without `--runs` they judge the
//! one run (every statistic of one run is its value).

use crate::error::Error;
use crate::rollout::montecarlo::{Metric, Outcome, RunFigures, Stat};
use crate::sim::engine::time::{SimDuration, format_duration, parse_duration};
use crate::sim::expect::Comparison;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Check {
    /// Every run completed within this many ms.
    CompletedWithin(u64),
    /// No run exceeded its progress deadline.
    NeverExceeded,
    /// A statistic of a metric.
    Stat {
        stat: Stat,
        metric: Metric,
        op: Comparison,
        bound: f64,
    },
    /// The share of runs with an outcome.
    Probability {
        outcome: Outcome,
        op: Comparison,
        bound: f64,
    },
}

/// A parsed expectation.
#[derive(Debug, Clone, PartialEq)]
pub struct Expectation {
    /// As written.
    pub text: String,
    check: Check,
}

fn usage(text: &str, message: impl std::fmt::Display) -> Error {
    Error::Usage(format!("--expect {}: {message}", crate::text::clip(text)))
}

const FORMS: &str = "write `completed-within=5m`, `min-available>=8`, `max-pods<=13`, \
`never-exceeded`, `p99:rollout<=10m` (STAT `min`, `p50`, `p90`, `p99`, `max`; METRIC `rollout`, \
`max-pods`, `min-available`) or `prob:ProgressDeadlineExceeded<=1%` (OUTCOME \
`ProgressDeadlineExceeded`, `Completed`)";

fn metric(text: &str, name: &str) -> Result<Metric, Error> {
    Metric::ALL
        .into_iter()
        .find(|metric| metric.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
            let hint = crate::text::closest(name, &names)
                .map(|close| format!("did you mean `{close}`? "))
                .unwrap_or_default();
            usage(
                text,
                format!(
                    "no metric `{}`; {hint}the metrics are: {}",
                    crate::text::clip(name),
                    names.join(", ")
                ),
            )
        })
}

fn bound(text: &str, metric: Metric, value: &str) -> Result<f64, Error> {
    if metric.is_time() {
        let duration: SimDuration = parse_duration(value).map_err(|error| usage(text, error))?;
        return Ok(duration.millis() as f64);
    }
    value.trim().parse::<u32>().map(f64::from).map_err(|_| {
        usage(
            text,
            format!("`{}` is not a pod count", crate::text::clip(value)),
        )
    })
}

/// Parses one `--expect`.
pub fn parse(text: &str) -> Result<Expectation, Error> {
    let check = if let Some(value) = text.strip_prefix("completed-within=") {
        let duration = parse_duration(value).map_err(|error| usage(text, error))?;
        Check::CompletedWithin(duration.millis())
    } else if text == "never-exceeded" {
        Check::NeverExceeded
    } else if let Some(rest) = text.strip_prefix("prob:") {
        let (name, op, value) = Comparison::split(rest).ok_or_else(|| usage(text, FORMS))?;
        let outcome = Outcome::ALL
            .into_iter()
            .find(|outcome| {
                outcome.name().eq_ignore_ascii_case(name) || kebab(outcome.name()) == name
            })
            .ok_or_else(|| {
                usage(
                    text,
                    format!(
                        "no outcome `{}`; the outcomes are: ProgressDeadlineExceeded, Completed",
                        crate::text::clip(name)
                    ),
                )
            })?;
        let value = value.trim();
        let bound = match value.strip_suffix('%') {
            Some(percent) => percent.trim().parse::<f64>().map(|p| p / 100.0),
            None => value.parse::<f64>(),
        }
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| {
            usage(
                text,
                "the probability must be a percentage (`1%`) or a fraction from 0 to 1",
            )
        })?;
        Check::Probability { outcome, op, bound }
    } else {
        let (left, op, value) = Comparison::split(text).ok_or_else(|| usage(text, FORMS))?;
        let (stat, name) = match left.split_once(':') {
            Some((stat, name)) => (
                Stat::parse(stat).ok_or_else(|| {
                    usage(
                        text,
                        format!("no statistic `{}`; {FORMS}", crate::text::clip(stat)),
                    )
                })?,
                name,
            ),
            // `min-available>=8` is the least over the runs, `max-pods<=13` the most.
            None if left == "min-available" => (Stat::Min, left),
            None if left == "max-pods" => (Stat::Max, left),
            None => return Err(usage(text, FORMS)),
        };
        let metric = metric(text, name)?;
        let bound = bound(text, metric, value)?;
        Check::Stat {
            stat,
            metric,
            op,
            bound,
        }
    };
    Ok(Expectation {
        text: text.to_string(),
        check,
    })
}

fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (index, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if index > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn shown(metric: Metric, value: Option<u64>) -> String {
    match value {
        None => "never".to_string(),
        Some(value) if metric.is_time() => format_duration(SimDuration::from_millis(value)),
        Some(value) => value.to_string(),
    }
}

impl Expectation {
    /// Judges the runs: whether it holds, and what was seen.
    pub fn check(&self, runs: &[RunFigures]) -> (bool, String) {
        let many = runs.len() > 1;
        match self.check {
            Check::CompletedWithin(limit) => {
                let worst = Stat::Max.of(Metric::Rollout, runs);
                let met = worst.is_some_and(|at| at <= limit);
                let seen = match (worst, many) {
                    (None, false) => "the rollout did not complete".to_string(),
                    (None, true) => "some run did not complete".to_string(),
                    (Some(at), false) => {
                        format!("completed at {}", shown(Metric::Rollout, Some(at)))
                    }
                    (Some(at), true) => format!(
                        "the slowest run completed at {}",
                        shown(Metric::Rollout, Some(at))
                    ),
                };
                (met, seen)
            }
            Check::NeverExceeded => {
                let exceeded = runs
                    .iter()
                    .filter(|run| run.deadline_exceeded_at.is_some())
                    .count();
                (
                    exceeded == 0,
                    match exceeded {
                        0 => "the progress deadline was never exceeded".to_string(),
                        _ if !many => "ProgressDeadlineExceeded".to_string(),
                        count => {
                            format!("ProgressDeadlineExceeded in {count} of {} runs", runs.len())
                        }
                    },
                )
            }
            Check::Stat {
                stat,
                metric,
                op,
                bound,
            } => {
                let value = stat.of(metric, runs);
                let actual = value.map_or(f64::INFINITY, |value| value as f64);
                let name = if many {
                    format!("{} of {}", stat.name(), metric.name())
                } else {
                    metric.name().to_string()
                };
                (
                    op.holds(actual, bound),
                    format!("{name} is {}", shown(metric, value)),
                )
            }
            Check::Probability { outcome, op, bound } => {
                let p = outcome.probability(runs);
                (
                    op.holds(p, bound),
                    format!("P({}) is {:.2}%", outcome.name(), p * 100.0),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(complete: Option<u64>, min_available: u32) -> RunFigures {
        RunFigures {
            index: 0,
            seed: 0,
            complete_at: complete,
            deadline_exceeded_at: complete.is_none().then_some(601_000),
            max_pods: 13,
            min_available,
            cut_by_event_budget: false,
        }
    }

    #[test]
    fn the_issue_forms_parse_and_judge() {
        let runs = [run(Some(120_000), 8), run(Some(200_000), 9)];
        let holds = |text: &str| parse(text).expect("parses").check(&runs).0;
        assert!(holds("completed-within=5m"));
        assert!(!holds("completed-within=3m"));
        assert!(holds("p99:rollout<=10m"));
        assert!(holds("min-available>=8"));
        assert!(!holds("min-available>=9"));
        assert!(holds("max-pods<=13"));
        assert!(holds("prob:ProgressDeadlineExceeded<=1%"));
        assert!(holds("never-exceeded"));
        let stuck = [run(None, 7)];
        let (met, seen) = parse("completed-within=5m").expect("parses").check(&stuck);
        assert!(!met);
        assert_eq!(seen, "the rollout did not complete");
        assert!(
            !parse("prob:ProgressDeadlineExceeded<=1%")
                .expect("parses")
                .check(&stuck)
                .0
        );
        assert!(!parse("p50:rollout<10m").expect("parses").check(&stuck).0);
    }

    #[test]
    fn bad_forms_are_usage_errors() {
        for text in [
            "p99:rolout<=1m",
            "p99:rollout<=soon",
            "prob:Stuck<1%",
            "prob:Completed<=200%",
            "ready",
            "q9:rollout<1m",
        ] {
            assert!(matches!(parse(text), Err(Error::Usage(_))), "{text}");
        }
        let Err(Error::Usage(message)) = parse("p99:rolout<=1m") else {
            panic!("usage error");
        };
        assert!(message.contains("did you mean `rollout`"), "{message}");
    }
}
