//! `--jitter PCT`: every fixed duration of a scenario becomes a log-normal distribution around it.
//!
//! A scenario without distributions gives the same run whatever the seed, so a Monte Carlo of
//! it (`--runs N`) repeats one run N times. [`Jitter`] spreads every fixed, non-zero duration
//! of a built [`Behaviour`] (scheduling, the runtime's calls, each container's pull, create
//! and start, each attempt's run time, hooks, stop time and probe latencies) into a log-normal
//! whose median is that duration and whose shape is `sigma = ln(1 + PCT/100)`: about two runs
//! in three land between `d / (1 + PCT/100)` and `d × (1 + PCT/100)`. Distributions a scenario
//! file wrote stay as written, zero stays zero, and the kubelet's own constants (back-off,
//! sync delay) are not durations of the world and stay fixed. The median of each new
//! distribution is the duration itself, so a run at medians (a single run, `--explore`) is the
//! run without jitter.

use crate::sim::engine::distribution::Dist;
use crate::sim::plan::behaviour::{AttemptScript, Behaviour, RunTime};

/// The largest spread accepted, in percent (a one-sigma draw of 11× or ÷11).
pub const MAX_JITTER_PERCENT: u32 = 1000;

/// A spread for every fixed duration, in hundredths of a percent (`12.5%` is 1250).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Jitter {
    basis_points: u32,
}

impl Jitter {
    /// A spread of `percent` percent.
    pub const fn percent(percent: u32) -> Self {
        Jitter {
            basis_points: percent.saturating_mul(100),
        }
    }

    /// Reads `20`, `20%` or `12.5%`: more than 0, at most [`MAX_JITTER_PERCENT`], two
    /// decimals at most.
    pub fn parse(text: &str) -> Result<Self, String> {
        let number = text.trim().strip_suffix('%').unwrap_or(text.trim());
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let valid = digits(whole) && (fraction.is_empty() || digits(fraction));
        let too_precise = fraction.len() > 2;
        let basis_points = if valid && !too_precise {
            // A whole part too long for a number is simply over the limit.
            let whole: u32 = whole.parse().unwrap_or(u32::MAX);
            let fraction: u32 = format!("{fraction:0<2}").parse().unwrap_or(0);
            whole.saturating_mul(100).saturating_add(fraction)
        } else {
            return Err(format!(
                "`{}` is not a percentage; write e.g. `20` or `12.5%` (a spread of 20% around every duration)",
                crate::text::clip(text)
            ));
        };
        if basis_points == 0 || basis_points > MAX_JITTER_PERCENT * 100 {
            return Err(format!(
                "`{}`: the spread is more than 0 and at most {MAX_JITTER_PERCENT}%",
                crate::text::clip(text)
            ));
        }
        Ok(Jitter { basis_points })
    }

    /// The log-normal shape: `ln(1 + PCT/100)`.
    pub fn sigma(self) -> f64 {
        (1.0 + f64::from(self.basis_points) / 10_000.0).ln()
    }

    /// The distribution `duration` becomes: a log-normal around a fixed non-zero value; any
    /// other distribution, and zero, unchanged.
    pub fn spread(self, duration: &Dist) -> Dist {
        match duration {
            Dist::Fixed(value) if value.millis() > 0 => Dist::LogNormal {
                median: *value,
                sigma: self.sigma(),
            },
            other => other.clone(),
        }
    }

    /// Spreads every fixed duration of `behaviour` (see the module's docs).
    pub fn apply(self, behaviour: &mut Behaviour) {
        let spread = |d: &mut Dist| *d = self.spread(d);
        let spread_attempt = |attempt: &mut AttemptScript| {
            if let RunTime::For(run) = &mut attempt.run {
                spread(run);
            }
            spread(&mut attempt.post_start);
            spread(&mut attempt.pre_stop);
            spread(&mut attempt.stop);
            attempt.probe_latency.iter_mut().for_each(spread);
        };
        spread(&mut behaviour.scheduling);
        let timings = &mut behaviour.timings;
        for d in [
            &mut timings.run_pod_sandbox,
            &mut timings.stop_pod_sandbox,
            &mut timings.remove_pod_sandbox,
            &mut timings.status,
            &mut timings.remove_container,
        ] {
            spread(d);
        }
        for container in &mut behaviour.containers {
            spread(&mut container.pull);
            spread(&mut container.create);
            spread(&mut container.start);
            spread_attempt(&mut container.default);
            container.attempts.iter_mut().for_each(spread_attempt);
        }
    }
}

impl std::fmt::Display for Jitter {
    /// `20%`, `12.5%`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, fraction) = (self.basis_points / 100, self.basis_points % 100);
        match fraction {
            0 => write!(f, "{whole}%"),
            f2 if f2 % 10 == 0 => write!(f, "{whole}.{}%", f2 / 10),
            f2 => write!(f, "{whole}.{f2:02}%"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::engine::time::SimDuration;
    use crate::sim::plan::spec::PodPlan;
    use crate::sim::scenario::Patch;
    use crate::sim::testing::pod_from_yaml;

    fn plan() -> PodPlan {
        PodPlan::new(&pod_from_yaml(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: init, image: busybox}\n  containers:\n  - {name: app, image: nginx:1.27}\n",
        ))
    }

    #[test]
    fn parses_percentages_and_refuses_the_rest() {
        assert_eq!(Jitter::parse("20"), Ok(Jitter::percent(20)));
        assert_eq!(Jitter::parse("20%"), Ok(Jitter::percent(20)));
        assert_eq!(
            Jitter::parse("12.5%").map(|j| j.to_string()),
            Ok("12.5%".into())
        );
        assert_eq!(
            Jitter::parse("0.25").map(|j| j.to_string()),
            Ok("0.25%".into())
        );
        for bad in [
            "",
            "0",
            "-5",
            "abc",
            "1.234",
            "1001",
            "20%%",
            "1e3",
            "99999999999",
        ] {
            assert!(Jitter::parse(bad).is_err(), "{bad}");
        }
        // A number over the limit, however long, is told the limit, not that it is no number.
        for over in ["1001", "100000%", "99999999999999999999"] {
            let said = Jitter::parse(over).expect_err(over);
            assert!(said.ends_with("at most 1000%"), "{over}: {said}");
        }
    }

    #[test]
    fn sigma_is_the_log_of_one_plus_the_spread() {
        assert!((Jitter::percent(100).sigma() - std::f64::consts::LN_2).abs() < 1e-12);
    }

    #[test]
    fn spreads_fixed_durations_and_keeps_medians() {
        let plan = plan();
        let fixed = Patch::new(&plan).build(&plan);
        assert!(!fixed.has_jitter());
        let mut jittered = fixed.clone();
        Jitter::percent(20).apply(&mut jittered);
        assert!(jittered.has_jitter());
        let init = &jittered.containers[0];
        assert!(matches!(init.pull, Dist::LogNormal { median, .. } if median == SimDuration(2000)));
        assert!(matches!(init.start, Dist::LogNormal { .. }));
        assert!(
            matches!(&init.default.run, RunTime::For(Dist::LogNormal { median, .. }) if *median == SimDuration(1000))
        );
        assert!(matches!(
            jittered.timings.run_pod_sandbox,
            Dist::LogNormal { .. }
        ));
        // Zero stays zero: no distribution around nothing.
        assert_eq!(jittered.scheduling, Dist::millis(0));
        assert_eq!(
            jittered.containers[1].default.probe_latency[0],
            Dist::millis(0)
        );
        // At medians, the jittered world is the fixed one.
        assert_eq!(jittered.at_medians(), fixed);
    }

    #[test]
    fn written_distributions_stay_as_written() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let written = Dist::Uniform {
            low: SimDuration(1000),
            high: SimDuration(3000),
        };
        patch.containers[1].pull = Some(written.clone());
        patch.jitter = Some(Jitter::percent(50));
        let behaviour = patch.build(&plan);
        assert_eq!(behaviour.containers[1].pull, written);
        assert!(matches!(
            behaviour.containers[0].pull,
            Dist::LogNormal { .. }
        ));
    }

    const PODS: [&str; 3] = [
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: init, image: busybox}\n  containers:\n  - {name: app, image: nginx:1.27}\n",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  restartPolicy: Never\n  containers:\n  - {name: job, image: busybox}\n",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: side, image: envoy, restartPolicy: Always, startupProbe: {exec: {command: [ok]}, periodSeconds: 1}}\n  containers:\n  - {name: app, image: nginx:1.27, readinessProbe: {httpGet: {port: 80}, periodSeconds: 2}}\n",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, .. proptest::prelude::ProptestConfig::default() })]

        /// T4 with `--jitter`: the same pod, spread and seed give the same run, event for
        /// event; and the spread's medians are the scenario without it.
        #[test]
        fn t4_jittered_runs_depend_only_on_the_seed(
            pod in 0usize..PODS.len(),
            percent in 1u32..=300,
            seed in proptest::prelude::any::<u64>(),
        ) {
            use crate::sim::kubelet::model::{SimConfig, simulate, DEFAULT_MAX_EVENTS};
            use crate::sim::record::RecordOptions;
            let pod = pod_from_yaml(PODS[pod]);
            let plan = PodPlan::new(&pod);
            let mut patch = Patch::new(&plan);
            let fixed = patch.build(&plan);
            patch.jitter = Some(Jitter::percent(percent));
            let jittered = patch.build(&plan);
            proptest::prop_assert_eq!(&jittered.at_medians(), &fixed);
            let config = SimConfig {
                max_events: DEFAULT_MAX_EVENTS,
                seed,
                horizon: SimDuration::from_secs(600),
                record: RecordOptions::ALL,
            };
            let first = simulate(&pod, &plan, &jittered, config);
            let second = simulate(&pod, &plan, &jittered, config);
            proptest::prop_assert_eq!(&first.recording.events, &second.recording.events);
            proptest::prop_assert_eq!(&first.summary, &second.summary);
            proptest::prop_assert_eq!(first.summary.illegal_calls, 0);
        }
    }
}
