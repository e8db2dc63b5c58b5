//! Layered overrides of the default scenario: the scenario file, then `--fail`/`--run`, resolved once.
//!
//! Every field is optional; later layers win. Resolution gives each attempt the kind's default
//! (T3), the container's default patch, then its own patch. An attempt made to fail (exit code,
//! OOM) whose run time nobody set runs 1 s, so `--fail app=1` makes a long-running app crash.

use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::behaviour::{
    AttemptScript, BackoffConfig, Behaviour, ExitKind, FailureCount, ProbeScript, RunTime,
};
use crate::sim::plan::spec::PodPlan;

/// Overrides of one attempt.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AttemptPatch {
    /// How long it runs.
    pub run: Option<RunTime>,
    /// How it ends.
    pub exit: Option<ExitKind>,
    /// postStart hook duration.
    pub post_start: Option<Dist>,
    /// Whether the postStart hook fails.
    pub post_start_fails: Option<bool>,
    /// preStop hook duration.
    pub pre_stop: Option<Dist>,
    /// Time to exit after SIGTERM.
    pub stop: Option<Dist>,
    /// Exit code after SIGTERM.
    pub stop_exit_code: Option<i32>,
    /// Probe answers by `ProbeKind` index.
    pub probes: [Option<ProbeScript>; 3],
    /// Probe run times by `ProbeKind` index.
    pub probe_latency: [Option<Dist>; 3],
}

impl AttemptPatch {
    fn apply(&self, attempt: &mut AttemptScript) {
        if let Some(run) = &self.run {
            attempt.run = run.clone();
        }
        if let Some(exit) = self.exit {
            attempt.exit = exit;
        }
        if let Some(dist) = &self.post_start {
            attempt.post_start = dist.clone();
        }
        if let Some(fails) = self.post_start_fails {
            attempt.post_start_fails = fails;
        }
        if let Some(dist) = &self.pre_stop {
            attempt.pre_stop = dist.clone();
        }
        if let Some(dist) = &self.stop {
            attempt.stop = dist.clone();
        }
        if let Some(code) = self.stop_exit_code {
            attempt.stop_exit_code = code;
        }
        for (slot, script) in attempt.probes.iter_mut().zip(&self.probes) {
            if let Some(script) = script {
                *slot = script.clone();
            }
        }
        for (slot, latency) in attempt.probe_latency.iter_mut().zip(&self.probe_latency) {
            if let Some(latency) = latency {
                *slot = latency.clone();
            }
        }
    }
}

/// Overrides of one container.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContainerPatch {
    /// Pull time.
    pub pull: Option<Dist>,
    /// Failing pulls.
    pub pull_failures: Option<FailureCount>,
    /// `CreateContainer` time.
    pub create: Option<Dist>,
    /// Failing creates.
    pub create_failures: Option<FailureCount>,
    /// `StartContainer` time.
    pub start: Option<Dist>,
    /// Every attempt.
    pub default: AttemptPatch,
    /// Attempts 1, 2, … on top of `default`.
    pub attempts: Vec<AttemptPatch>,
    /// Chance that an attempt fails (`failProbability`).
    pub fail_probability: Option<f64>,
    /// Chance that a probe run fails (`probeFailProbability`).
    pub probe_fail_probability: Option<f64>,
}

impl ContainerPatch {
    /// The patch of attempt `attempt` (from 1), created if needed.
    pub fn attempt_mut(&mut self, attempt: u32) -> &mut AttemptPatch {
        let index = attempt.saturating_sub(1) as usize;
        if self.attempts.len() <= index {
            self.attempts.resize_with(index + 1, AttemptPatch::default);
        }
        &mut self.attempts[index]
    }
}

/// Overrides of the whole default scenario.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Patch {
    /// Scheduling delay.
    pub scheduling: Option<Dist>,
    /// Kubelet reaction delay.
    pub sync_delay: Option<SimDuration>,
    /// Restart backoff.
    pub crash_loop_backoff: Option<BackoffConfig>,
    /// Image pull backoff.
    pub image_pull_backoff: Option<BackoffConfig>,
    /// Retry after a sync error without backoff.
    pub sync_error_retry: Option<SimDuration>,
    /// `RunPodSandbox`.
    pub run_pod_sandbox: Option<Dist>,
    /// `StopPodSandbox`.
    pub stop_pod_sandbox: Option<Dist>,
    /// `RemovePodSandbox`.
    pub remove_pod_sandbox: Option<Dist>,
    /// Status calls.
    pub status: Option<Dist>,
    /// `RemoveContainer`.
    pub remove_container: Option<Dist>,
    /// Pull time of every container.
    pub pull_image: Option<Dist>,
    /// `CreateContainer` of every container.
    pub create_container: Option<Dist>,
    /// `StartContainer` of every container.
    pub start_container: Option<Dist>,
    /// Images already on the node.
    pub images_present: Vec<String>,
    /// Sandbox deaths.
    pub sandbox_deaths: Vec<SimDuration>,
    /// Per container of the plan.
    pub containers: Vec<ContainerPatch>,
    /// Deletion, eviction, node crash, defer `stops` (termination issue).
    pub termination: crate::sim::plan::termination::TerminationScript,
    /// Initializers and scheduling gates (I3–I5).
    pub admission: crate::sim::plan::admission::AdmissionScript,
    /// `--jitter`: spread every fixed duration of the built scenario (applied last).
    pub jitter: Option<crate::sim::scenario::jitter::Jitter>,
}

impl Patch {
    /// An empty patch for a pod.
    pub fn new(plan: &PodPlan) -> Self {
        Patch {
            containers: vec![ContainerPatch::default(); plan.containers.len()],
            ..Patch::default()
        }
    }

    /// The default scenario with every layer applied.
    pub fn build(&self, plan: &PodPlan) -> Behaviour {
        let mut behaviour = Behaviour::defaults(plan);
        let set = |slot: &mut Dist, value: &Option<Dist>| {
            if let Some(value) = value {
                *slot = value.clone();
            }
        };
        set(&mut behaviour.scheduling, &self.scheduling);
        let timings = &mut behaviour.timings;
        set(&mut timings.run_pod_sandbox, &self.run_pod_sandbox);
        set(&mut timings.stop_pod_sandbox, &self.stop_pod_sandbox);
        set(&mut timings.remove_pod_sandbox, &self.remove_pod_sandbox);
        set(&mut timings.status, &self.status);
        set(&mut timings.remove_container, &self.remove_container);
        let kubelet = &mut behaviour.kubelet;
        if let Some(delay) = self.sync_delay {
            kubelet.sync_delay = delay;
        }
        if let Some(config) = self.crash_loop_backoff {
            kubelet.crash_loop_backoff = config;
        }
        if let Some(config) = self.image_pull_backoff {
            kubelet.image_pull_backoff = config;
        }
        if let Some(retry) = self.sync_error_retry {
            kubelet.sync_error_retry = retry;
        }
        for image in &self.images_present {
            if let Some(index) = plan.images.iter().position(|i| i == image) {
                behaviour.images_present[index] = true;
            }
        }
        behaviour.termination = self.termination.clone();
        behaviour.admission = self.admission.clone();
        let mut deaths = self.sandbox_deaths.clone();
        deaths.sort();
        behaviour.sandbox_deaths = deaths;
        for (script, patch) in behaviour.containers.iter_mut().zip(&self.containers) {
            set(&mut script.pull, &self.pull_image);
            set(&mut script.create, &self.create_container);
            set(&mut script.start, &self.start_container);
            set(&mut script.pull, &patch.pull);
            set(&mut script.create, &patch.create);
            set(&mut script.start, &patch.start);
            if let Some(count) = patch.pull_failures {
                script.pull_failures = count;
            }
            if let Some(count) = patch.create_failures {
                script.create_failures = count;
            }
            if let Some(p) = patch.fail_probability {
                script.fail_probability = p;
            }
            if let Some(p) = patch.probe_fail_probability {
                script.probe_fail_probability = p;
            }
            let kind_default = script.default.clone();
            let resolve = |layers: &[&AttemptPatch]| {
                let mut attempt = kind_default.clone();
                for layer in layers {
                    layer.apply(&mut attempt);
                }
                let run_set = layers.iter().any(|l| l.run.is_some());
                let faulty = matches!(attempt.exit, ExitKind::Oom)
                    || matches!(attempt.exit, ExitKind::Code(code) if code != 0);
                if faulty && !run_set && attempt.run == RunTime::Forever {
                    attempt.run = RunTime::For(Dist::millis(1000));
                }
                attempt
            };
            script.default = resolve(&[&patch.default]);
            script.attempts = patch
                .attempts
                .iter()
                .map(|attempt| resolve(&[&patch.default, attempt]))
                .collect();
        }
        if let Some(jitter) = self.jitter {
            jitter.apply(&mut behaviour);
        }
        behaviour
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::testing::pod_from_yaml;

    #[test]
    fn later_layers_win_and_failing_attempts_stop_running_forever() {
        let pod = pod_from_yaml(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: app, image: nginx:1.27}\n",
        );
        let plan = PodPlan::new(&pod);
        let mut patch = Patch::new(&plan);
        patch.containers[0].attempt_mut(2).exit = Some(ExitKind::Code(1));
        patch.containers[0].default.post_start = Some(Dist::millis(300));
        let behaviour = patch.build(&plan);
        let script = &behaviour.containers[0];
        assert_eq!(script.attempt(1).run, RunTime::Forever);
        assert_eq!(script.attempt(2).run, RunTime::For(Dist::millis(1000)));
        assert_eq!(script.attempt(2).exit, ExitKind::Code(1));
        assert_eq!(script.attempt(2).post_start, Dist::millis(300));
        assert_eq!(script.attempt(3).exit, ExitKind::Code(0));
    }
}
