//! `observe --expect`: simulate's assertions (`ready-within=2m`, `restarts<=0`, `phase=Running`, `restarts:<container>=0`, …) judged on what was observed.

use crate::error::Error;
use crate::k8s::timestamp::EpochMillis;
use crate::observe::format_ms;
use crate::observe::observation::Observation;
use crate::sim::expect::{Assertion, Expectation};
use crate::sim::plan::spec::PodPlan;

/// Parses an assertion for the observed pod (its containers name the per-container forms).
/// The termination forms judge a simulated shutdown and are refused.
pub fn parse(text: &str, observation: &Observation) -> Result<Expectation, Error> {
    let plan = PodPlan::new(&observation.spec_pod);
    let parsed = crate::sim::expect::parse(text, &plan)?;
    if matches!(parsed.assertion, Assertion::Termination(_)) {
        return Err(Error::Usage(format!(
            "--expect {text}: judges a simulated termination; `observe` takes `phase=`, `status=`, `ready-within=`, `initialized-within=`, `ended-within=`, `never-ready` and `restarts`"
        )));
    }
    Ok(parsed)
}

/// Checks the expectation on the observation; `Err` says what was observed instead. `now` is
/// the clock the STATUS column is read at.
pub fn check(
    expectation: &Expectation,
    observation: &Observation,
    now: Option<EpochMillis>,
) -> Result<(), String> {
    let within = |at: Option<i64>, limit: u64, what: &str, never: &str| match at {
        Some(at) if u64::try_from(at).is_ok_and(|at| at <= limit) => Ok(()),
        Some(at) => Err(format!("the pod {what} at {}", format_ms(at))),
        None => Err(format!("the pod {never}")),
    };
    let summary = &observation.summary;
    match &expectation.assertion {
        Assertion::Phase(phase) => {
            if &observation.pod.phase == phase {
                Ok(())
            } else {
                Err(format!("the phase is {}", observation.pod.phase))
            }
        }
        Assertion::Status(status) => {
            let row = crate::status::row::pod_row(&observation.spec_pod, now);
            if &row.status == status {
                Ok(())
            } else {
                Err(format!("the STATUS is {}", row.status))
            }
        }
        Assertion::ReadyWithin(limit) => within(
            summary.ready_ms,
            limit.millis(),
            "became Ready",
            "is not Ready",
        ),
        Assertion::InitializedWithin(limit) => within(
            summary.initialized_ms,
            limit.millis(),
            "was initialized",
            "is not initialized",
        ),
        Assertion::EndedWithin(limit) => within(
            summary.ended_ms,
            limit.millis(),
            "stopped",
            "has not stopped",
        ),
        Assertion::NeverReady => match summary.ready_ms {
            None => Ok(()),
            Some(at) => Err(format!("the pod became Ready at {}", format_ms(at))),
        },
        Assertion::Restarts {
            container,
            comparison,
            value,
        } => {
            let plan = PodPlan::new(&observation.spec_pod);
            let actual = match container {
                Some(index) => {
                    let name = plan.containers.get(*index).map_or("", |c| c.name.as_str());
                    observation
                        .containers
                        .iter()
                        .find(|c| c.name == name)
                        .map_or(0, |c| c.restart_count)
                }
                None => summary.restarts,
            };
            if comparison.holds(actual, *value) {
                Ok(())
            } else {
                Err(format!(
                    "{actual} restart{}",
                    if actual == 1 { "" } else { "s" }
                ))
            }
        }
        Assertion::Termination(_) => Err("not observable".to_string()),
    }
}
