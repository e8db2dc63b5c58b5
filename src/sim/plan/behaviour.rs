//! What the world does: runtime call times and, per container, how each attempt behaves.
//!
//! [`Behaviour::defaults`] is the default scenario (T3); the scenario file and the `--fail` and
//! `--run` flags edit it. The runtime and the prober read it; the kubelet never does.

use crate::k8s::cluster::{FeatureGates, Gate};
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::{ContainerKind, PodPlan, ProbeKind, RestartPolicy};

/// How many times something fails before it behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailureCount {
    /// Never fails.
    #[default]
    None,
    /// The first n tries fail.
    First(u32),
    /// Every try fails.
    Always,
}

impl FailureCount {
    /// Whether try number `attempt` (from 1) fails.
    pub fn fails(self, attempt: u32) -> bool {
        match self {
            FailureCount::None => false,
            FailureCount::First(n) => attempt <= n,
            FailureCount::Always => true,
        }
    }
}

/// How long an attempt runs before it exits on its own.
#[derive(Debug, Clone, PartialEq)]
pub enum RunTime {
    /// Exits after this long.
    For(Dist),
    /// Never exits on its own.
    Forever,
}

/// How an attempt ends when it ends on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitKind {
    /// Exits with this code (`Completed` for 0, `Error` otherwise).
    Code(i32),
    /// Killed by the OOM killer: exit 137, reason `OOMKilled`.
    Oom,
    /// Never exits, and ignores SIGTERM until SIGKILL.
    Hang,
}

/// What a probe answers over one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeScript {
    /// Always the same answer (`true`: success).
    Constant(bool),
    /// Piecewise constant from the container's start: (from, answer), sorted by time; before the
    /// first step the answer is success.
    Timeline(Vec<(SimDuration, bool)>),
    /// The n-th probe run answers `cycle[n % len]`.
    Cycle(Vec<bool>),
}

impl Default for ProbeScript {
    fn default() -> Self {
        ProbeScript::Constant(true)
    }
}

impl ProbeScript {
    /// The answer of probe run number `run` (from 0), `elapsed` after the container started.
    pub fn answer(&self, run: u64, elapsed: SimDuration) -> bool {
        match self {
            ProbeScript::Constant(answer) => *answer,
            ProbeScript::Timeline(steps) => {
                let after = steps.partition_point(|(from, _)| *from <= elapsed);
                after.checked_sub(1).is_none_or(|i| steps[i].1)
            }
            ProbeScript::Cycle(answers) => match answers.len() {
                0 => true,
                len => {
                    // `run % len` is below `len`, a usize.
                    let index = usize::try_from(run % len as u64).unwrap_or_default();
                    answers.get(index).copied().unwrap_or(true)
                }
            },
        }
    }
}

/// How one attempt (one started instance) of a container behaves.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptScript {
    /// How long it runs.
    pub run: RunTime,
    /// How it ends.
    pub exit: ExitKind,
    /// How long its postStart hook takes.
    pub post_start: Dist,
    /// Whether its postStart hook fails.
    pub post_start_fails: bool,
    /// How long its preStop hook takes.
    pub pre_stop: Dist,
    /// How long it takes to exit after SIGTERM.
    pub stop: Dist,
    /// Its exit code after SIGTERM (143 = killed by the signal; 0 for a clean shutdown).
    pub stop_exit_code: i32,
    /// Probe answers, by [`ProbeKind`] index.
    pub probes: [ProbeScript; 3],
    /// How long one run of each probe takes, by [`ProbeKind`] index (`latency:`); a run longer
    /// than the probe's `timeoutSeconds` fails.
    pub probe_latency: [Dist; 3],
}

impl AttemptScript {
    /// An attempt that runs `run` and exits with `exit`, everything else by default.
    pub fn new(run: RunTime, exit: ExitKind) -> Self {
        AttemptScript {
            run,
            exit,
            post_start: Dist::default(),
            post_start_fails: false,
            pre_stop: Dist::default(),
            stop: Dist::default(),
            stop_exit_code: 143,
            probes: Default::default(),
            probe_latency: Default::default(),
        }
    }

    /// The script of a probe.
    pub fn probe(&self, kind: ProbeKind) -> &ProbeScript {
        &self.probes[kind as usize]
    }
}

/// How one container behaves across its attempts.
#[derive(Debug, Clone, PartialEq)]
pub struct ContainerScript {
    /// How long pulling its image takes.
    pub pull: Dist,
    /// Which pulls fail (`ErrImagePull`).
    pub pull_failures: FailureCount,
    /// How long `CreateContainer` takes.
    pub create: Dist,
    /// Which creates fail (`CreateContainerError`).
    pub create_failures: FailureCount,
    /// How long `StartContainer` takes.
    pub start: Dist,
    /// Attempts 1, 2, … ; later attempts follow `default`.
    pub attempts: Vec<AttemptScript>,
    /// Every attempt not in `attempts`.
    pub default: AttemptScript,
    /// Chance (0–1) that a started attempt fails on its own: it exits 1 after its run time (1 s
    /// if it would run forever). Drawn once per attempt (scenario `failProbability`).
    pub fail_probability: f64,
    /// Chance (0–1) that any one probe run of the container fails whatever its script says
    /// (scenario `probeFailProbability`).
    pub probe_fail_probability: f64,
}

impl ContainerScript {
    /// The script of attempt number `attempt` (from 1).
    pub fn attempt(&self, attempt: u32) -> &AttemptScript {
        attempt
            .checked_sub(1)
            .and_then(|i| self.attempts.get(i as usize))
            .unwrap_or(&self.default)
    }

    /// The script of attempt `attempt` (from 1) for editing, creating the attempts before it.
    pub fn attempt_mut(&mut self, attempt: u32) -> &mut AttemptScript {
        let index = attempt.saturating_sub(1) as usize;
        while self.attempts.len() <= index {
            self.attempts.push(self.default.clone());
        }
        &mut self.attempts[index]
    }
}

/// Call latencies of the mock runtime (T3).
#[derive(Debug, Clone, PartialEq)]
pub struct RuntimeTimings {
    /// `RunPodSandbox`.
    pub run_pod_sandbox: Dist,
    /// `StopPodSandbox`.
    pub stop_pod_sandbox: Dist,
    /// `RemovePodSandbox`.
    pub remove_pod_sandbox: Dist,
    /// `PodSandboxStatus`, `ContainerStatus`, `ImageStatus`.
    pub status: Dist,
    /// `RemoveContainer`.
    pub remove_container: Dist,
}

impl Default for RuntimeTimings {
    fn default() -> Self {
        RuntimeTimings {
            run_pod_sandbox: Dist::millis(200),
            stop_pod_sandbox: Dist::millis(0),
            remove_pod_sandbox: Dist::millis(0),
            status: Dist::millis(0),
            remove_container: Dist::millis(0),
        }
    }
}

/// The pod worker's jitter factor after a back-off (`workerBackOffPeriodJitterFactor` 0.5),
/// in thousandths.
pub const REQUEUE_JITTER_PERMILLE: u64 = 500;

/// A backoff's shape (K2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackoffConfig {
    /// First wait.
    pub initial: SimDuration,
    /// Cap.
    pub max: SimDuration,
}

impl Default for BackoffConfig {
    /// `backOffPeriod = 10s`, `MaxContainerBackOff = 300s`.
    fn default() -> Self {
        BackoffConfig {
            initial: SimDuration::from_secs(10),
            max: SimDuration::from_secs(300),
        }
    }
}

impl BackoffConfig {
    /// The crash-loop back-off of a kubelet with these gates (`newCrashLoopBackOff` in
    /// `pkg/kubelet/kubelet.go`): 10 s doubling to 300 s; 1 s to 60 s with
    /// ReduceDefaultCrashLoopBackOffDecay; with KubeletCrashLoopBackOffMax the cap is the
    /// kubelet's `crashLoopBackOff.maxContainerRestartPeriod` (defaulted to 300 s, so it wins
    /// over the reduced 60 s) and the first wait is at most the cap.
    pub fn crash_loop(gates: &FeatureGates, max_restart_period: Option<SimDuration>) -> Self {
        let mut config = if gates.enabled(Gate::ReduceDefaultCrashLoopBackOffDecay) {
            BackoffConfig {
                initial: SimDuration::from_secs(1),
                max: SimDuration::from_secs(60),
            }
        } else {
            BackoffConfig::default()
        };
        if gates.enabled(Gate::KubeletCrashLoopBackOffMax) {
            config.max = max_restart_period.unwrap_or(SimDuration::from_secs(300));
            config.initial = config.initial.min(config.max);
        }
        config
    }
}

/// Kubelet settings a scenario may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KubeletConfig {
    /// Delay between a runtime change and the kubelet reacting (T2; default 0).
    pub sync_delay: SimDuration,
    /// Container restart backoff (K2; `ReduceDefaultCrashLoopBackOffDecay` is 1 s / 60 s).
    pub crash_loop_backoff: BackoffConfig,
    /// Image pull backoff (K2.4).
    pub image_pull_backoff: BackoffConfig,
    /// How soon a sync that failed without a backoff (`CreateContainerError`) is retried: the pod
    /// worker's requeue period.
    pub sync_error_retry: SimDuration,
    /// The pod worker's requeue jitter after a back-off (kubernetes PR #133066), in thousandths:
    /// a container in back-off B is retried at a time drawn uniformly from
    /// [B, B × (1 + jitter)). 0 in single runs (the retry at B exactly, the K2 sequence); 500 in
    /// sampled runs (`--runs`).
    pub requeue_jitter_permille: u64,
}

impl Default for KubeletConfig {
    fn default() -> Self {
        KubeletConfig {
            sync_delay: SimDuration::ZERO,
            crash_loop_backoff: BackoffConfig::default(),
            image_pull_backoff: BackoffConfig::default(),
            sync_error_retry: SimDuration::from_secs(10),
            requeue_jitter_permille: 0,
        }
    }
}

/// Everything the world does in one run.
#[derive(Debug, Clone, PartialEq)]
pub struct Behaviour {
    /// Time from creation to the scheduler binding the pod.
    pub scheduling: Dist,
    /// Runtime call latencies.
    pub timings: RuntimeTimings,
    /// Kubelet settings.
    pub kubelet: KubeletConfig,
    /// Per image of [`PodPlan::images`]: whether it is on the node before the pod starts.
    pub images_present: Vec<bool>,
    /// Times at which the pod sandbox dies (R4), sorted.
    pub sandbox_deaths: Vec<SimDuration>,
    /// Per container of [`PodPlan::containers`].
    pub containers: Vec<ContainerScript>,
    /// Deletion, eviction, node crash and defer containers' `stops` (K4, D7, D14).
    pub termination: crate::sim::plan::termination::TerminationScript,
    /// Initializers' times and failures, scheduling gates' removal (I3–I5).
    pub admission: crate::sim::plan::admission::AdmissionScript,
}

impl Behaviour {
    /// The default scenario (T3) for a pod.
    pub fn defaults(plan: &PodPlan) -> Self {
        let containers = plan
            .containers
            .iter()
            .map(|container| {
                let default = match container.kind {
                    ContainerKind::Init | ContainerKind::Defer => {
                        AttemptScript::new(RunTime::For(Dist::millis(1000)), ExitKind::Code(0))
                    }
                    ContainerKind::Sidecar => {
                        AttemptScript::new(RunTime::Forever, ExitKind::Code(0))
                    }
                    ContainerKind::App => match plan.restart_policy {
                        RestartPolicy::Always => {
                            AttemptScript::new(RunTime::Forever, ExitKind::Code(0))
                        }
                        RestartPolicy::OnFailure | RestartPolicy::Never => {
                            AttemptScript::new(RunTime::For(Dist::millis(5000)), ExitKind::Code(0))
                        }
                    },
                };
                // A process ended by its stop signal exits with 128 + the signal's number
                // (143 for SIGTERM, 131 for SIGQUIT).
                let default = match container.stop_signal {
                    Some(signal) => AttemptScript {
                        stop_exit_code: 128 + signal.number,
                        ..default
                    },
                    None => default,
                };
                ContainerScript {
                    pull: Dist::millis(2000),
                    pull_failures: FailureCount::None,
                    create: Dist::millis(100),
                    create_failures: FailureCount::None,
                    start: Dist::millis(100),
                    attempts: Vec::new(),
                    default,
                    fail_probability: 0.0,
                    probe_fail_probability: 0.0,
                }
            })
            .collect();
        Behaviour {
            scheduling: Dist::millis(0),
            timings: RuntimeTimings::default(),
            kubelet: KubeletConfig::default(),
            images_present: vec![false; plan.images.len()],
            sandbox_deaths: Vec::new(),
            containers,
            termination: crate::sim::plan::termination::TerminationScript::default(),
            admission: crate::sim::plan::admission::AdmissionScript::default(),
        }
    }

    /// Whether any duration is drawn from a distribution (the seed then matters).
    pub fn has_jitter(&self) -> bool {
        let timings = &self.timings;
        let attempt_jitter = |a: &AttemptScript| {
            matches!(&a.run, RunTime::For(d) if !d.is_fixed())
                || [&a.post_start, &a.pre_stop, &a.stop]
                    .iter()
                    .chain(&a.probe_latency.iter().collect::<Vec<_>>())
                    .any(|d| !d.is_fixed())
        };
        !self.scheduling.is_fixed()
            || [
                &timings.run_pod_sandbox,
                &timings.stop_pod_sandbox,
                &timings.remove_pod_sandbox,
                &timings.status,
                &timings.remove_container,
            ]
            .iter()
            .any(|d| !d.is_fixed())
            || self.containers.iter().any(|c| {
                [&c.pull, &c.create, &c.start].iter().any(|d| !d.is_fixed())
                    || attempt_jitter(&c.default)
                    || c.attempts.iter().any(attempt_jitter)
                    || is_chance(c.fail_probability)
                    || is_chance(c.probe_fail_probability)
            })
    }

    /// This world with every distribution replaced by its median and every probability by the
    /// median of its Bernoulli draw (0 below 0.5, 1 from 0.5): what a run without `--runs` uses,
    /// so that one run stays a readable story.
    /// The same world with the pod worker's requeue jitter after a back-off (`wait.Jitter(B,
    /// 0.5)`), for runs that sample (`--runs`).
    #[must_use]
    pub fn with_requeue_jitter(mut self) -> Behaviour {
        self.kubelet.requeue_jitter_permille = REQUEUE_JITTER_PERMILLE;
        self
    }

    pub fn at_medians(&self) -> Behaviour {
        let mut world = self.clone();
        let fix = |d: &mut Dist| *d = Dist::Fixed(d.median());
        let fix_attempt = |a: &mut AttemptScript| {
            if let RunTime::For(d) = &mut a.run {
                fix(d);
            }
            fix(&mut a.post_start);
            fix(&mut a.pre_stop);
            fix(&mut a.stop);
            a.probe_latency.iter_mut().for_each(fix);
        };
        fix(&mut world.scheduling);
        let t = &mut world.timings;
        for d in [
            &mut t.run_pod_sandbox,
            &mut t.stop_pod_sandbox,
            &mut t.remove_pod_sandbox,
            &mut t.status,
            &mut t.remove_container,
        ] {
            fix(d);
        }
        for c in &mut world.containers {
            fix(&mut c.pull);
            fix(&mut c.create);
            fix(&mut c.start);
            fix_attempt(&mut c.default);
            c.attempts.iter_mut().for_each(fix_attempt);
            c.fail_probability = bernoulli_median(c.fail_probability);
            c.probe_fail_probability = bernoulli_median(c.probe_fail_probability);
        }
        world
    }
}

/// Whether a probability needs a draw (strictly between 0 and 1).
pub fn is_chance(probability: f64) -> bool {
    probability > 0.0 && probability < 1.0
}

fn bernoulli_median(probability: f64) -> f64 {
    if probability >= 0.5 { 1.0 } else { 0.0 }
}

/// Draws an event of probability `p`; 0 and 1 do not touch the generator (T4).
pub fn happens(probability: f64, rng: &mut rand_chacha::ChaCha8Rng) -> bool {
    use rand::RngExt;
    if probability <= 0.0 {
        false
    } else if probability >= 1.0 {
        true
    } else {
        rng.random::<f64>() < probability
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_scripts_answer_over_time_and_runs() {
        let timeline = ProbeScript::Timeline(vec![
            (SimDuration(10_000), false),
            (SimDuration(30_000), true),
        ]);
        assert!(timeline.answer(0, SimDuration(0)));
        assert!(!timeline.answer(1, SimDuration(10_000)));
        assert!(!timeline.answer(2, SimDuration(29_999)));
        assert!(timeline.answer(3, SimDuration(30_000)));
        let cycle = ProbeScript::Cycle(vec![true, false, false]);
        let answers: Vec<bool> = (0..6).map(|n| cycle.answer(n, SimDuration(0))).collect();
        assert_eq!(answers, [true, false, false, true, false, false]);
    }

    #[test]
    fn failure_counts_cover_the_first_attempts() {
        assert!(FailureCount::First(2).fails(2));
        assert!(!FailureCount::First(2).fails(3));
        assert!(FailureCount::Always.fails(100));
        assert!(!FailureCount::None.fails(1));
    }
}
