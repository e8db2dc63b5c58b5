//! `--sweep NAME=A..B/STEP`: the values of one parameter to rerun the Monte Carlo with.
//!
//! NAME is a pod field counted in seconds (`terminationGracePeriodSeconds`,
//! `activeDeadlineSeconds`: A, B and STEP are integers), `until` (the horizon), or a scenario
//! duration: `scheduling`, `runtime.<key>` (`runtime.pullImage`, …) or
//! `containers.<name>.<key>` with key `pull`, `create`, `start`, `run`, `postStart`, `preStop`
//! or `stop` (A, B and STEP are durations). A value set by the sweep replaces the scenario's.

use crate::error::Error;
use crate::k8s::model::Pod;
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::{SimDuration, format_duration, parse_duration};
use crate::sim::plan::behaviour::RunTime;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::Patch;

/// What a sweep changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SweepTarget {
    /// `spec.terminationGracePeriodSeconds`.
    GracePeriod,
    /// `spec.activeDeadlineSeconds`.
    ActiveDeadline,
    /// The horizon.
    Until,
    /// A scenario duration, by its dotted path.
    Scenario(String),
}

/// A parsed `--sweep`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sweep {
    /// As written before `=`.
    pub name: String,
    /// What it changes.
    pub target: SweepTarget,
    /// The values, in milliseconds (seconds fields: whole seconds × 1000).
    pub values: Vec<u64>,
}

/// The most values a sweep may have.
const MAX_VALUES: usize = 1000;

const RUNTIME_KEYS: [&str; 8] = [
    "runPodSandbox",
    "stopPodSandbox",
    "removePodSandbox",
    "status",
    "removeContainer",
    "pullImage",
    "createContainer",
    "startContainer",
];

const CONTAINER_KEYS: [&str; 7] = [
    "pull",
    "create",
    "start",
    "run",
    "postStart",
    "preStop",
    "stop",
];

/// Parses `NAME=A..B/STEP`.
pub fn parse(text: &str) -> Result<Sweep, Error> {
    let usage = |m: String| Error::Usage(format!("--sweep {text}: {m}"));
    let (name, range) = text.split_once('=').ok_or_else(|| {
        usage("write `NAME=A..B/STEP`, e.g. `terminationGracePeriodSeconds=10..60/10`".into())
    })?;
    let (bounds, step) = range
        .split_once('/')
        .ok_or_else(|| usage("missing `/STEP`".into()))?;
    let (low, high) = bounds
        .split_once("..")
        .ok_or_else(|| usage("missing `A..B`".into()))?;
    let target = match name {
        "terminationGracePeriodSeconds" => SweepTarget::GracePeriod,
        "activeDeadlineSeconds" => SweepTarget::ActiveDeadline,
        "until" => SweepTarget::Until,
        "scheduling" => SweepTarget::Scenario(name.to_string()),
        _ => {
            let parts: Vec<&str> = name.split('.').collect();
            match parts.as_slice() {
                ["runtime", key] if RUNTIME_KEYS.contains(key) => {
                    SweepTarget::Scenario(name.to_string())
                }
                ["containers", _, key] if CONTAINER_KEYS.contains(key) => {
                    SweepTarget::Scenario(name.to_string())
                }
                _ => {
                    return Err(usage(format!(
                        "cannot sweep `{name}`; sweep terminationGracePeriodSeconds, activeDeadlineSeconds, until, scheduling, runtime.<{}> or containers.<name>.<{}>",
                        RUNTIME_KEYS.join("|"),
                        CONTAINER_KEYS.join("|")
                    )));
                }
            }
        }
    };
    let seconds = matches!(
        target,
        SweepTarget::GracePeriod | SweepTarget::ActiveDeadline
    );
    let number = |t: &str| -> Result<u64, Error> {
        if seconds {
            t.trim()
                .parse::<u64>()
                .map_err(|_| usage(format!("`{t}` is not a whole number of seconds")))?
                .checked_mul(1000)
                .ok_or_else(|| usage(format!("`{t}` seconds is too long to simulate")))
        } else {
            parse_duration(t.trim())
                .map(super::super::engine::time::SimDuration::millis)
                .map_err(|e| usage(e.to_string()))
        }
    };
    let (low, high, step) = (number(low)?, number(high)?, number(step)?);
    if step == 0 || low > high {
        return Err(usage("needs A ≤ B and a STEP above 0".into()));
    }
    let count = ((high - low) / step)
        .checked_add(1)
        .filter(|&count| usize::try_from(count).is_ok_and(|count| count <= MAX_VALUES))
        .ok_or_else(|| {
            usage(format!(
                "{} values; at most {MAX_VALUES}",
                u128::from((high - low) / step) + 1
            ))
        })?;
    let values = (0..count).map(|i| low + i * step).collect();
    Ok(Sweep {
        name: name.to_string(),
        target,
        values,
    })
}

impl Sweep {
    /// A value as the user wrote it (`30` for seconds fields, `1m30s` for durations).
    pub fn show(&self, value: u64) -> String {
        match self.target {
            SweepTarget::GracePeriod | SweepTarget::ActiveDeadline => (value / 1000).to_string(),
            _ => format_duration(SimDuration::from_millis(value)),
        }
    }

    /// Whether the swept value matters only when the pod is terminated (the grace period, a
    /// preStop hook's or a container's stop time): without a deletion it changes nothing.
    pub fn needs_termination(&self) -> bool {
        match &self.target {
            SweepTarget::GracePeriod => true,
            SweepTarget::Scenario(name) => {
                matches!(name.rsplit('.').next(), Some("preStop" | "stop"))
            }
            SweepTarget::ActiveDeadline | SweepTarget::Until => false,
        }
    }

    /// Sets a pod field (before the pod is planned).
    pub fn apply_to_pod(&self, pod: &mut Pod, value: u64) {
        let seconds = i64::try_from(value / 1000).unwrap_or(i64::MAX);
        let spec = &mut pod.spec;
        match self.target {
            SweepTarget::GracePeriod => spec.termination_grace_period_seconds = Some(seconds),
            SweepTarget::ActiveDeadline => spec.active_deadline_seconds = Some(seconds),
            _ => {}
        }
    }

    /// The horizon for this value, if the sweep is over `until`.
    pub fn horizon(&self, value: u64) -> Option<SimDuration> {
        (self.target == SweepTarget::Until).then_some(SimDuration::from_millis(value))
    }

    /// Sets a scenario duration on the patch (after the scenario file and flags).
    pub fn apply_to_patch(
        &self,
        patch: &mut Patch,
        plan: &PodPlan,
        value: u64,
    ) -> Result<(), Error> {
        let SweepTarget::Scenario(path) = &self.target else {
            return Ok(());
        };
        let dist = Some(Dist::millis(value));
        let parts: Vec<&str> = path.split('.').collect();
        match parts.as_slice() {
            ["scheduling"] => patch.scheduling = dist,
            ["runtime", key] => {
                let slot = match *key {
                    "runPodSandbox" => &mut patch.run_pod_sandbox,
                    "stopPodSandbox" => &mut patch.stop_pod_sandbox,
                    "removePodSandbox" => &mut patch.remove_pod_sandbox,
                    "status" => &mut patch.status,
                    "removeContainer" => &mut patch.remove_container,
                    "pullImage" => &mut patch.pull_image,
                    "createContainer" => &mut patch.create_container,
                    _ => &mut patch.start_container,
                };
                *slot = dist;
            }
            ["containers", name, key] => {
                let index = plan.find(name).ok_or_else(|| {
                    Error::Usage(format!(
                        "--sweep {}: pod `{}` has no container `{name}`; its containers are: {}",
                        self.name,
                        plan.name,
                        plan.names().join(", ")
                    ))
                })?;
                let container = &mut patch.containers[index];
                match *key {
                    "pull" => container.pull = dist,
                    "create" => container.create = dist,
                    "start" => container.start = dist,
                    "run" => {
                        container.default.run = Some(RunTime::For(Dist::millis(value)));
                        for attempt in &mut container.attempts {
                            attempt.run = None;
                        }
                    }
                    "postStart" => container.default.post_start = dist,
                    "preStop" => container.default.pre_stop = dist,
                    _ => container.default.stop = dist,
                }
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges_of_seconds_and_durations() {
        let sweep = parse("terminationGracePeriodSeconds=10..60/10").expect("valid");
        assert_eq!(
            sweep.values,
            [10_000, 20_000, 30_000, 40_000, 50_000, 60_000]
        );
        assert_eq!(sweep.show(30_000), "30");
        let sweep = parse("runtime.pullImage=1s..2s/500ms").expect("valid");
        assert_eq!(sweep.values, [1000, 1500, 2000]);
        assert_eq!(sweep.show(1500), "1.5s");
        assert!(parse("terminationGracePeriodSeconds=60..10/10").is_err());
        assert!(parse("bogus=1..2/1").is_err());
        assert!(parse("until=1m..2m").is_err());
    }

    #[test]
    fn sweeps_that_overflow_are_usage_errors_not_empty() {
        for text in [
            "terminationGracePeriodSeconds=0..18446744073709551615/1",
            "terminationGracePeriodSeconds=18446744073709552..18446744073709552/1",
            "activeDeadlineSeconds=1..18446744073709551615/18446744073709551615",
        ] {
            assert!(
                matches!(parse(text), Err(Error::Usage(_))),
                "{text}: {:?}",
                parse(text).map(|s| s.values.len())
            );
        }
    }
}
