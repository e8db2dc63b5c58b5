//! A pod's scenario, assembled the same way for every command that runs it (`simulate`, its
//! `--runs` and `--explore`, `rollout`): the release's crash-loop back-off, the scenario file,
//! what the command decides about termination, then the command line's `--stop`, `--jitter`,
//! `--fail` and `--run` over them (flags win).

use crate::error::Error;
use crate::k8s::cluster::FeatureGates;
use crate::sim::plan::behaviour::BackoffConfig;
use crate::sim::plan::spec::PodPlan;
use crate::sim::scenario::{Jitter, Patch, ScenarioError, ScenarioSettings, flags, load};

/// The flags that shape a scenario, as the command line gave them.
#[derive(Debug, Clone, Copy, Default)]
pub struct ScenarioFlags<'a> {
    /// `--stop CONTAINER=DURATION`.
    pub stop: &'a [String],
    /// `--jitter PCT`.
    pub jitter: Option<Jitter>,
    /// `--fail CONTAINER[=HOW][*N]`, each a container's fault (a command that reads other
    /// forms, as `simulate`'s `node@TIME`, leaves them out).
    pub fail: &'a [&'a str],
    /// `--run CONTAINER=DURATION`.
    pub run: &'a [String],
}

/// Why a scenario could not be assembled.
#[derive(Debug)]
pub enum AssembleError {
    /// The scenario file does not fit the pod: its located errors.
    File(Vec<ScenarioError>),
    /// A flag is wrong (a usage error).
    Flag(Error),
}

impl From<Error> for AssembleError {
    fn from(error: Error) -> Self {
        AssembleError::Flag(error)
    }
}

/// The scenario of `plan` in a cluster of `gates`: `file` (a scenario file's text), then
/// `termination` (what the command does about deletions and node crashes), then `flags`.
pub fn assemble(
    plan: &PodPlan,
    gates: &FeatureGates,
    file: Option<&str>,
    termination: impl FnOnce(&mut Patch) -> Result<(), Error>,
    flags: &ScenarioFlags<'_>,
) -> Result<(Patch, ScenarioSettings), AssembleError> {
    let mut patch = Patch::new(plan);
    patch.crash_loop_backoff = Some(BackoffConfig::crash_loop(gates, None));
    let mut settings = ScenarioSettings::default();
    if let Some(text) = file {
        settings = load(text, plan, &mut patch).map_err(AssembleError::File)?;
    }
    termination(&mut patch)?;
    flags::apply_stops(flags.stop, plan, &mut patch)?;
    patch.jitter = flags.jitter;
    for text in flags.fail {
        let flag = flags::parse_fail(text, plan)?;
        flags::apply_fail(&flag, &mut patch);
    }
    for text in flags.run {
        flags::apply_run(text, plan, &mut patch)?;
    }
    Ok((patch, settings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::engine::distribution::Dist;
    use crate::sim::engine::time::SimDuration;

    fn plan() -> PodPlan {
        crate::sim::testing::example_plan("init-containers")
    }

    #[test]
    fn flags_win_over_the_file_and_every_flag_lands() {
        let plan = plan();
        let file = "containers:\n  run:\n    stop: 1s\n";
        let stop = ["run=3s".to_string()];
        let run = ["run=7s".to_string()];
        let (patch, _) = assemble(
            &plan,
            &FeatureGates::default(),
            Some(file),
            |_| Ok(()),
            &ScenarioFlags {
                stop: &stop,
                jitter: None,
                fail: &["init-2=oom"],
                run: &run,
            },
        )
        .expect("assembles");
        let main = plan.find_or_ordinal("run").expect("the app container");
        assert_eq!(
            patch.containers[main].default.stop,
            Some(Dist::Fixed(SimDuration::from_secs(3)))
        );
        assert!(patch.crash_loop_backoff.is_some());
        assert_ne!(
            patch,
            assemble(
                &plan,
                &FeatureGates::default(),
                Some(file),
                |_| Ok(()),
                &ScenarioFlags::default()
            )
            .expect("assembles")
            .0
        );
    }

    #[test]
    fn a_file_that_does_not_fit_and_a_bad_flag_are_told_apart() {
        let plan = plan();
        let bad_file = assemble(
            &plan,
            &FeatureGates::default(),
            Some("containers:\n  nosuch:\n    run: 5s\n"),
            |_| Ok(()),
            &ScenarioFlags::default(),
        );
        assert!(matches!(bad_file, Err(AssembleError::File(errors)) if !errors.is_empty()));
        let bad_flag = assemble(
            &plan,
            &FeatureGates::default(),
            None,
            |_| Ok(()),
            &ScenarioFlags {
                fail: &["nosuch=oom"],
                ..ScenarioFlags::default()
            },
        );
        assert!(matches!(
            bad_flag,
            Err(AssembleError::Flag(Error::Usage(_)))
        ));
    }
}
