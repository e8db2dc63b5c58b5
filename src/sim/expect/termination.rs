//! `--expect` assertions about the end of the pod: `defer-completed`, `terminated-within=<d>`,
//! `skipped:<defer container>`, `completed:<defer container>`, `budget-expired`, `never-skipped`.

use crate::error::Error;
use crate::sim::engine::time::{SimDuration, parse_duration};
use crate::sim::plan::spec::PodPlan;
use crate::sim::record::outcome::SimOutcome;

/// What a termination `--expect` asserts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TerminationAssertion {
    /// Every defer container exited 0.
    DeferCompleted,
    /// The pod was removed at most this long after the deletion (T0).
    TerminatedWithin(SimDuration),
    /// This defer container was skipped.
    Skipped(String),
    /// This defer container completed.
    Completed(String),
    /// The budget ran out (D8).
    BudgetExpired,
    /// No defer container was skipped.
    NeverSkipped,
}

fn usage(text: &str, message: impl std::fmt::Display) -> Error {
    Error::Usage(format!("--expect {text}: {message}"))
}

fn defer_name(text: &str, name: &str, plan: &PodPlan) -> Result<String, Error> {
    if plan
        .defer_indices()
        .any(|c| plan.containers[c].name == name)
    {
        return Ok(name.to_string());
    }
    let names: Vec<&str> = plan
        .defer_indices()
        .map(|c| plan.containers[c].name.as_str())
        .collect();
    let hint = crate::text::closest(name, &names)
        .map(|n| format!("did you mean `{n}`? "))
        .unwrap_or_default();
    Err(usage(
        text,
        if names.is_empty() {
            format!("pod `{}` has no defer containers", plan.name)
        } else {
            format!(
                "`{name}` is not a defer container; {hint}the defer containers are: {}",
                names.join(", ")
            )
        },
    ))
}

/// Parses a termination assertion; `None` when `text` is not one.
pub fn parse(text: &str, plan: &PodPlan) -> Result<Option<TerminationAssertion>, Error> {
    Ok(Some(match text {
        "defer-completed" => TerminationAssertion::DeferCompleted,
        "budget-expired" => TerminationAssertion::BudgetExpired,
        "never-skipped" => TerminationAssertion::NeverSkipped,
        _ => {
            if let Some(value) = text.strip_prefix("terminated-within=") {
                let duration = parse_duration(value).map_err(|e| usage(text, e))?;
                TerminationAssertion::TerminatedWithin(duration)
            } else if let Some(name) = text.strip_prefix("skipped:") {
                TerminationAssertion::Skipped(defer_name(text, name, plan)?)
            } else if let Some(name) = text.strip_prefix("completed:") {
                TerminationAssertion::Completed(defer_name(text, name, plan)?)
            } else {
                return Ok(None);
            }
        }
    }))
}

impl TerminationAssertion {
    /// Checks the outcome; `Err` says what happened instead.
    pub fn check(&self, _plan: &PodPlan, outcome: &SimOutcome) -> Result<(), String> {
        let term = &outcome.summary.termination;
        let outcome_of = |name: &str| {
            term.defer_containers
                .iter()
                .find(|d| d.name == name)
                .map_or("neverRan", |d| d.outcome)
        };
        match self {
            TerminationAssertion::DeferCompleted => {
                let not: Vec<String> = term
                    .defer_containers
                    .iter()
                    .filter(|d| d.outcome != "completed")
                    .map(|d| format!("{} {}", d.name, d.outcome))
                    .collect();
                if not.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "not every defer container completed: {}",
                        not.join(", ")
                    ))
                }
            }
            TerminationAssertion::TerminatedWithin(limit) => match term.time_to_terminated_ms {
                Some(took) if took <= limit.millis() => Ok(()),
                Some(took) => Err(format!(
                    "the pod was removed {} after the deletion",
                    SimDuration(took)
                )),
                None => Err("the pod was never removed".to_string()),
            },
            TerminationAssertion::Skipped(name) => match outcome_of(name) {
                "skipped" => Ok(()),
                other => Err(format!("defer container {name} was not skipped: {other}")),
            },
            TerminationAssertion::Completed(name) => match outcome_of(name) {
                "completed" => Ok(()),
                other => Err(format!("defer container {name} did not complete: {other}")),
            },
            TerminationAssertion::BudgetExpired => {
                if term.budget_expired {
                    Ok(())
                } else {
                    Err("the grace-period budget did not run out".to_string())
                }
            }
            TerminationAssertion::NeverSkipped => {
                match term
                    .defer_containers
                    .iter()
                    .find(|d| d.outcome == "skipped")
                {
                    Some(d) => Err(format!("defer container {} was skipped", d.name)),
                    None => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::plan::termination::{Deletion, TerminationCause};
    use crate::sim::testing::{pod_from_yaml, run};

    #[test]
    fn termination_assertions_check_the_summary() {
        let pod = pod_from_yaml(
            crate::input::examples::find("defer-containers")
                .expect("example")
                .text,
        );
        let (plan, outcome) = run(&pod, SimDuration::from_secs(600), |_, b| {
            b.termination.deletion = Some(Deletion {
                at: SimDuration::from_secs(30),
                grace: Some(SimDuration::from_secs(3)),
                force: false,
                cause: TerminationCause::Deleted,
            });
        });
        let check = |text: &str| {
            parse(text, &plan)
                .expect("parses")
                .expect("a termination assertion")
                .check(&plan, &outcome)
        };
        assert!(check("defer-completed").is_err());
        assert!(check("terminated-within=5s").is_ok());
        assert!(check("terminated-within=4s").is_err());
        assert!(check("skipped:ref-counter").is_ok());
        assert!(check("completed:fsync").is_ok());
        assert!(check("budget-expired").is_ok());
        assert!(check("never-skipped").is_err());
        assert!(parse("skipped:nope", &plan).is_err());
        assert!(parse("phase=Running", &plan).expect("ok").is_none());
    }
}
