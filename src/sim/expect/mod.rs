//! `--expect` assertions for CI: checked against a run's outcome; an unmet one makes the exit code 1.
//!
//! Forms: `phase=<Phase>`, `status=<STATUS>` (the last printed STATUS), `ready-within=<duration>`,
//! `initialized-within=<duration>`, `ended-within=<duration>`, `never-ready`, and
//! `restarts[:<container>]<op><n>` with `<op>` one of `=`, `<`, `<=`, `>`, `>=` (without a container:
//! the sum over all containers).

pub mod termination;

use crate::error::Error;
use crate::sim::engine::time::{SimDuration, SimTime, parse_duration};
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::outcome::SimOutcome;
use crate::text::closest;

/// The keys `--expect` knows.
pub const KEYS: [&str; 7] = [
    "phase",
    "status",
    "ready-within",
    "initialized-within",
    "ended-within",
    "never-ready",
    "restarts",
];

const PHASES: [&str; 4] = ["Pending", "Running", "Succeeded", "Failed"];

/// A comparison, as every `--expect` (single runs, Monte Carlo, rollouts) writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// `=`.
    Equal,
    /// `<`.
    Less,
    /// `<=`.
    AtMost,
    /// `>`.
    Greater,
    /// `>=`.
    AtLeast,
}

impl Comparison {
    /// The symbols, the two-character ones first so that `<=` is not read as `<`.
    const SYMBOLS: [(&'static str, Comparison); 6] = [
        ("<=", Comparison::AtMost),
        (">=", Comparison::AtLeast),
        ("==", Comparison::Equal),
        ("<", Comparison::Less),
        (">", Comparison::Greater),
        ("=", Comparison::Equal),
    ];

    /// Whether `actual <op> expected` holds (`=` on a measure means its exact value: counts,
    /// whole milliseconds).
    pub fn holds<T: PartialOrd + Copy>(self, actual: T, expected: T) -> bool {
        match self {
            Comparison::Equal => actual == expected,
            Comparison::Less => actual < expected,
            Comparison::AtMost => actual <= expected,
            Comparison::Greater => actual > expected,
            Comparison::AtLeast => actual >= expected,
        }
    }

    /// Splits `left<op>right` at its first comparison.
    pub fn split(text: &str) -> Option<(&str, Comparison, &str)> {
        let at = text.find(['<', '>', '='])?;
        let (left, ops) = text.split_at(at);
        Self::SYMBOLS.iter().find_map(|(symbol, comparison)| {
            ops.strip_prefix(symbol)
                .map(|right| (left, *comparison, right))
        })
    }
}

/// What one `--expect` asserts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assertion {
    /// The final phase.
    Phase(String),
    /// The last printed STATUS.
    Status(String),
    /// Ready at or before this time.
    ReadyWithin(SimDuration),
    /// Initialized at or before this time.
    InitializedWithin(SimDuration),
    /// The pod stopped at or before this time.
    EndedWithin(SimDuration),
    /// Never ready.
    NeverReady,
    /// Restart count of a container (or all).
    Restarts {
        /// The container, or all.
        container: Option<usize>,
        /// How to compare.
        comparison: Comparison,
        /// The bound.
        value: u64,
    },
    /// A termination assertion (`defer-completed`, `terminated-within=40s`, `skipped:<c>`).
    Termination(crate::sim::expect::termination::TerminationAssertion),
}

/// A parsed `--expect`, with its text for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// As written.
    pub text: String,
    /// What it asserts.
    pub assertion: Assertion,
}

fn usage(text: &str, message: impl std::fmt::Display) -> Error {
    Error::Usage(format!("--expect {text}: {message}"))
}

/// Parses one `--expect` against the pod.
pub fn parse(text: &str, plan: &PodPlan) -> Result<Expectation, Error> {
    let assertion = if let Some(assertion) = crate::sim::expect::termination::parse(text, plan)? {
        Assertion::Termination(assertion)
    } else if let Some(rest) = text.strip_prefix("restarts") {
        parse_restarts(text, rest, plan)?
    } else if text == "never-ready" {
        Assertion::NeverReady
    } else {
        let Some((key, value)) = text.split_once('=') else {
            return Err(unknown_key(text, text));
        };
        let duration = || parse_duration(value).map_err(|e| usage(text, e));
        match key {
            "phase" => match PHASES.iter().find(|p| p.eq_ignore_ascii_case(value)) {
                Some(phase) => Assertion::Phase((*phase).to_string()),
                None => {
                    return Err(usage(
                        text,
                        format!(
                            "unknown phase `{value}`; the phases are {}",
                            PHASES.join(", ")
                        ),
                    ));
                }
            },
            "status" => Assertion::Status(value.to_string()),
            "ready-within" => Assertion::ReadyWithin(duration()?),
            "initialized-within" => Assertion::InitializedWithin(duration()?),
            "ended-within" => Assertion::EndedWithin(duration()?),
            _ => return Err(unknown_key(text, key)),
        }
    };
    Ok(Expectation {
        text: text.to_string(),
        assertion,
    })
}

fn unknown_key(text: &str, key: &str) -> Error {
    let hint = closest(key, &KEYS)
        .map(|k| format!("did you mean `{k}`? "))
        .unwrap_or_default();
    usage(
        text,
        format!(
            "unknown expectation `{key}`; {hint}write one of `phase=Running`, `status=Running`, `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`, `never-ready`, `restarts<=3`, `restarts:<container><=3`, `defer-completed`, `terminated-within=40s`, `skipped:<defer container>`, `completed:<defer container>`, `budget-expired`, `never-skipped`"
        ),
    )
}

fn parse_restarts(text: &str, rest: &str, plan: &PodPlan) -> Result<Assertion, Error> {
    let (container, rest) = match rest.strip_prefix(':') {
        Some(named) => {
            let end = named.find(['<', '>', '=']).unwrap_or(named.len());
            let name = &named[..end];
            let index = plan.find(name).ok_or_else(|| {
                let names = plan.names();
                let hint = closest(name, &names)
                    .map(|n| format!("did you mean `{n}`? "))
                    .unwrap_or_default();
                usage(
                    text,
                    format!(
                        "pod `{}` has no container `{name}`; {hint}its containers are: {}",
                        plan.name,
                        names.join(", ")
                    ),
                )
            })?;
            (Some(index), &named[end..])
        }
        None => (None, rest),
    };
    let (comparison, number) = Comparison::split(rest)
        .filter(|(left, _, _)| left.is_empty())
        .map(|(_, comparison, number)| (comparison, number))
        .ok_or_else(|| usage(text, "write e.g. `restarts<=3` or `restarts:web=0`"))?;
    let value = number
        .parse::<u64>()
        .map_err(|_| usage(text, format!("`{number}` is not a count")))?;
    Ok(Assertion::Restarts {
        container,
        comparison,
        value,
    })
}

impl Expectation {
    /// Checks the outcome; `Err` says what happened instead.
    pub fn check(&self, plan: &PodPlan, outcome: &SimOutcome) -> Result<(), String> {
        let summary = &outcome.summary;
        let within = |at: Option<SimTime>, limit: SimDuration, what: &str, never: &str| match at {
            Some(at) if at.millis() <= limit.millis() => Ok(()),
            Some(at) => Err(format!("the pod {what} at {at}")),
            None => Err(format!("the pod {never}")),
        };
        match &self.assertion {
            Assertion::Phase(phase) => {
                let actual = summary.phase.as_str();
                if actual == phase {
                    Ok(())
                } else {
                    Err(format!("the final phase is {actual}"))
                }
            }
            Assertion::Status(status) => {
                let actual = outcome
                    .recording
                    .statuses
                    .last()
                    .map_or("", |row| row.status.as_str());
                if actual == status {
                    Ok(())
                } else {
                    Err(format!("the last STATUS is {actual}"))
                }
            }
            Assertion::ReadyWithin(limit) => within(
                summary.ready_at,
                *limit,
                "became Ready",
                "never became Ready",
            ),
            Assertion::InitializedWithin(limit) => within(
                summary.initialized_at,
                *limit,
                "was initialized",
                "was never initialized",
            ),
            Assertion::Termination(assertion) => assertion.check(plan, outcome),
            Assertion::EndedWithin(limit) => {
                within(summary.ended_at, *limit, "stopped", "never stopped")
            }
            Assertion::NeverReady => match summary.ready_at {
                None => Ok(()),
                Some(at) => Err(format!("the pod became Ready at {at}")),
            },
            Assertion::Restarts {
                container,
                comparison,
                value,
            } => {
                let (actual, who) = match container {
                    Some(index) => (
                        u64::from(summary.restarts[*index]),
                        format!("`{}`", plan.containers[*index].name),
                    ),
                    None => (
                        summary.restarts.iter().map(|r| u64::from(*r)).sum(),
                        "the pod's containers".to_string(),
                    ),
                };
                if comparison.holds(actual, *value) {
                    Ok(())
                } else {
                    Err(format!("{who} restarted {actual} times"))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::testing::{pod_from_yaml, run};

    #[test]
    fn parses_and_checks_against_a_run() {
        let pod = pod_from_yaml(crate::input::examples::default_example().text);
        let (plan, outcome) = run(&pod, SimDuration::from_secs(600), |_, _| {});
        let check = |text: &str| parse(text, &plan).expect(text).check(&plan, &outcome);
        assert_eq!(check("phase=Running"), Ok(()));
        assert_eq!(check("status=Running"), Ok(()));
        assert_eq!(check("ready-within=10s"), Ok(()));
        assert_eq!(
            check("ready-within=5s"),
            Err("the pod became Ready at 6.8s".to_string())
        );
        assert_eq!(check("restarts<=0"), Ok(()));
        assert_eq!(check("restarts:run=0"), Ok(()));
        assert_eq!(
            check("restarts:wait>0"),
            Err("`wait` restarted 0 times".to_string())
        );
        assert_eq!(
            check("ended-within=1m"),
            Err("the pod never stopped".to_string())
        );
    }

    #[test]
    fn bad_expectations_are_usage_errors() {
        let pod = pod_from_yaml(crate::input::examples::default_example().text);
        let plan = PodPlan::new(&pod);
        let error = parse("ready-witin=3s", &plan)
            .expect_err("typo")
            .to_string();
        assert!(error.contains("did you mean `ready-within`?"), "{error}");
        let error = parse("restarts:rn<=1", &plan)
            .expect_err("typo")
            .to_string();
        assert!(error.contains("did you mean `run`?"), "{error}");
        assert!(parse("phase=Runing", &plan).is_err());
        assert!(parse("restarts~3", &plan).is_err());
    }
}
