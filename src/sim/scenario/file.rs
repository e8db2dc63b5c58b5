//! Loading a scenario file (`--scenario`): decoded with the manifest machinery, validated against the
//! pod with located errors (unknown keys and container names get "did you mean"), applied to a patch.
//!
//! ```yaml
//! seed: 7                       # used when --seed is not given
//! until: 30m                    # used when --until is not given
//! scheduling: 0s
//! kubelet: {syncDelay: 1s, crashLoopBackOff: {initial: 1s, max: 60s}}
//! runtime: {runPodSandbox: 200ms, pullImage: {uniform: [1s, 5s]}, createContainer: 100ms}
//! node: {images: [nginx:1.27]}  # already pulled
//! sandbox: {diesAt: [5m]}
//! containers:
//!   migrate:
//!     pull: 10s
//!     pullFailures: 2           # or `always`
//!     run: 3s                   # or `forever`
//!     exit: 1                   # or `oom`, `hang`
//!     attempts:                 # attempt 1, 2, … then the fields above
//!     - {run: 1s, exit: 1}
//!   web:
//!     postStart: 2s
//!     probes:
//!       readiness: {timeline: [{after: 0s, result: failure}, {after: 20s, result: success}]}
//!       liveness: {cycle: [success, success, failure]}
//! rollout: {controllerLatency: 200ms}  # `podlife rollout` only
//! ```

use std::collections::BTreeMap;

use crate::k8s::decode::{DecodeProblemKind, decode};
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::behaviour::{BackoffConfig, ProbeScript};
use crate::sim::plan::spec::{ContainerKind, PodPlan, ProbeKind};
use crate::sim::scenario::format::{
    AttemptSection, ContainerSection, KubeletSection, ProbeSection, RuntimeSection, ScenarioFile,
};
use crate::sim::scenario::located::ScenarioError;
use crate::sim::scenario::patch::{AttemptPatch, ContainerPatch, Patch};
use crate::text::closest;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Node, Span, TreeProblemKind, parse_stream};

/// Largest scenario file read, whatever `--max-input-size` allows: a hand-written scenario is a
/// few KiB, and reading YAML into a span tree and a scenario costs far more than its text, so
/// this keeps a whole run's peak memory near 60 MiB (measured: 10,000 attempts in 250 KB); a
/// file listing 10^6 attempts (14 MB or more) is refused before it is parsed.
pub const MAX_SCENARIO_BYTES: u64 = 256 << 10;

/// Most controller reaction latency a scenario (`rollout.controllerLatency`) or
/// `rollout --latency` may give: 1 h.
pub const MAX_CONTROLLER_LATENCY: SimDuration = SimDuration::from_secs(3600);

/// Settings a scenario file may give that flags override.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScenarioSettings {
    /// `seed`.
    pub seed: Option<u64>,
    /// `until`.
    pub until: Option<SimDuration>,
    /// `rollout.controllerLatency` (read by `podlife rollout`; within
    /// [`MAX_CONTROLLER_LATENCY`]).
    pub controller_latency: Option<SimDuration>,
}

/// Where a scenario file sets `rollout:`, which only `podlife rollout` reads (`simulate` runs
/// one pod with no workload controller, and says so rather than drop it silently). `None`
/// when the file has no such key or cannot be read (`load` reports that).
pub fn rollout_section(text: &str) -> Option<Span> {
    let documents = parse_stream(text);
    let root = documents.iter().find_map(|d| d.root.as_ref())?;
    let found = root.lookup(&FieldPath::root().child("rollout"));
    found
        .complete
        .then_some(LineIndex::new(text).span(found.key?.at))
}

/// Reads a scenario file into `patch`, validating it against the pod. Every problem found is
/// returned, located.
pub fn load(
    text: &str,
    plan: &PodPlan,
    patch: &mut Patch,
) -> Result<ScenarioSettings, Vec<ScenarioError>> {
    let documents = parse_stream(text);
    let lines = LineIndex::new(text);
    let mut errors = Vec::new();
    for document in &documents {
        for problem in &document.problems {
            if problem.kind != TreeProblemKind::DuplicateKey || errors.is_empty() {
                errors.push(ScenarioError {
                    message: problem.message.clone(),
                    span: Some(problem.span),
                    path: None,
                    help: None,
                });
            }
        }
    }
    let roots: Vec<&Node<'_>> = documents.iter().filter_map(|d| d.root.as_ref()).collect();
    if roots.len() > 1 {
        errors.push(ScenarioError {
            message: "a scenario file holds one document".to_string(),
            span: Some(Span::at(lines.pos(roots[1].at.start))),
            path: None,
            help: Some("merge the documents, or split them into separate files".to_string()),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let Some(root) = roots.first().copied().filter(|r| !r.is_null()) else {
        return Ok(ScenarioSettings::default());
    };
    let mut problems = Vec::new();
    let file: ScenarioFile = match decode(root, &FieldPath::root(), &mut problems) {
        Ok(file) => file,
        Err(error) => {
            let (path, at) = error.location.clone().unzip();
            return Err(vec![ScenarioError {
                message: error.message,
                span: at.map(|at| lines.span(at)),
                path,
                help: None,
            }]);
        }
    };
    for problem in problems {
        let message = match problem.kind {
            DecodeProblemKind::UnknownField => problem.message,
            DecodeProblemKind::WrongType => problem.message,
        };
        errors.push(ScenarioError {
            message,
            span: Some(lines.span(problem.at)),
            path: Some(problem.path),
            help: problem.help,
        });
    }
    let mut validator = Validator {
        root,
        lines: &lines,
        plan,
        errors,
    };
    let settings = validator.apply(file, patch);
    if validator.errors.is_empty() {
        Ok(settings)
    } else {
        let mut errors = validator.errors;
        errors.sort_by_key(|e| e.span.map(|s| (s.start.line, s.start.column)));
        Err(errors)
    }
}

pub(super) struct Validator<'r, 'a> {
    pub(super) root: &'r Node<'a>,
    pub(super) lines: &'r LineIndex<'a>,
    pub(super) plan: &'r PodPlan,
    pub(super) errors: Vec<ScenarioError>,
}

impl Validator<'_, '_> {
    pub(super) fn error_at(
        &mut self,
        path: &FieldPath,
        on_key: bool,
        message: String,
        help: Option<String>,
    ) {
        let found = self.root.lookup(path);
        let span = self.lines.span(match (on_key, found.key) {
            (true, Some(key)) => key.at,
            _ => found.value.at,
        });
        self.errors
            .push(ScenarioError::at(message, span, path.clone()).help(help));
    }

    fn apply(&mut self, file: ScenarioFile, patch: &mut Patch) -> ScenarioSettings {
        let termination = file.termination;
        self.apply_admission(file.initializers, file.scheduling_gates, patch);
        self.apply_readiness_gates(file.readiness_gates, patch);
        let controller_latency = file
            .rollout
            .and_then(|section| section.controller_latency)
            .map(|latency| latency.0);
        if let Some(latency) = controller_latency
            && latency > MAX_CONTROLLER_LATENCY
        {
            self.error_at(
                &FieldPath::parse("rollout.controllerLatency"),
                false,
                format!("controller latency `{latency}` is more than {MAX_CONTROLLER_LATENCY}"),
                Some("a controller reacts within seconds; write at most `1h`".to_string()),
            );
        }
        let settings = ScenarioSettings {
            seed: file.seed,
            until: file.until.map(|d| d.0),
            controller_latency,
        };
        patch.scheduling = file.scheduling.or(patch.scheduling.take());
        if let Some(kubelet) = file.kubelet {
            self.apply_kubelet(kubelet, patch);
        }
        if let Some(runtime) = file.runtime {
            apply_runtime(runtime, patch);
        }
        if let Some(images) = file.node.and_then(|n| n.images) {
            self.apply_node_images(images, patch);
        }
        if let Some(deaths) = file.sandbox.and_then(|s| s.dies_at) {
            patch.sandbox_deaths.extend(deaths.into_iter().map(|d| d.0));
        }
        self.apply_containers(file.containers.unwrap_or_default(), patch);
        if let Some(section) = termination {
            self.apply_termination(section, patch);
        }
        settings
    }

    /// `kubelet:`: sync delay, error retry and the two back-off curves.
    fn apply_kubelet(&mut self, kubelet: KubeletSection, patch: &mut Patch) {
        if let Some(delay) = kubelet.sync_delay {
            patch.sync_delay = Some(delay.0);
        }
        if let Some(retry) = kubelet.sync_error_retry {
            patch.sync_error_retry = Some(retry.0);
        }
        for (name, section, slot) in [
            (
                "crashLoopBackOff",
                kubelet.crash_loop_backoff,
                &mut patch.crash_loop_backoff,
            ),
            (
                "imagePullBackOff",
                kubelet.image_pull_backoff,
                &mut patch.image_pull_backoff,
            ),
        ] {
            let Some(section) = section else { continue };
            // What the section leaves out keeps the value of the cluster's kubelet.
            let defaults = slot.unwrap_or_default();
            let config = BackoffConfig {
                initial: section.initial.map_or(defaults.initial, |d| d.0),
                max: section.max.map_or(defaults.max, |d| d.0),
            };
            if config.initial > config.max || config.initial == SimDuration::ZERO {
                let path = FieldPath::parse(&format!("kubelet.{name}"));
                self.error_at(
                    &path,
                    true,
                    format!("`{name}` needs 0 < `initial` ≤ `max`"),
                    Some("the kubelet's defaults are `initial: 10s`, `max: 5m`; the ReduceDefaultCrashLoopBackOffDecay gate uses `1s` and `1m`".to_string()),
                );
            }
            *slot = Some(config);
        }
    }

    /// `node.images`: images already present; each must be an image of the pod.
    fn apply_node_images(&mut self, images: Vec<String>, patch: &mut Patch) {
        for (index, image) in images.iter().enumerate() {
            if !self.plan.images.contains(image) {
                let known: Vec<&str> = self.plan.images.iter().map(String::as_str).collect();
                let help = closest(image, &known)
                    .map(|n| format!("did you mean `{n}`?"))
                    .or_else(|| Some(format!("the pod's images are: {}", known.join(", "))));
                let path = FieldPath::parse("node.images").index(index);
                self.error_at(
                    &path,
                    false,
                    format!("no container of the pod uses image `{image}`"),
                    help,
                );
            }
        }
        patch.images_present.extend(images);
    }

    /// `containers:`: each section by container name (unknown names are located errors).
    fn apply_containers(
        &mut self,
        containers: BTreeMap<String, ContainerSection>,
        patch: &mut Patch,
    ) {
        for (name, section) in containers {
            let path = FieldPath::root().child("containers").key(&name);
            let Some(index) = self.plan.find_or_ordinal(&name) else {
                let names = self.plan.names();
                let help = match closest(&name, &names) {
                    Some(near) => format!(
                        "did you mean `{near}`? the pod's containers are: {}",
                        names.join(", ")
                    ),
                    None => format!("the pod's containers are: {}", names.join(", ")),
                };
                self.error_at(
                    &path,
                    true,
                    format!("unknown container `{name}`"),
                    Some(help),
                );
                continue;
            };
            if let Some(stops) = section.stops.clone() {
                self.apply_stops(index, &path.child("stops"), &stops, patch);
            }
            self.apply_container(index, &path, section, &mut patch.containers[index]);
        }
    }

    fn apply_container(
        &mut self,
        index: usize,
        path: &FieldPath,
        section: ContainerSection,
        patch: &mut ContainerPatch,
    ) {
        patch.pull = section.pull.or(patch.pull.take());
        patch.create = section.create.or(patch.create.take());
        patch.start = section.start.or(patch.start.take());
        if let Some(count) = section.pull_failures {
            patch.pull_failures = Some(count.0);
        }
        if let Some(count) = section.create_failures {
            patch.create_failures = Some(count.0);
        }
        for (key, value, slot) in [
            (
                "failProbability",
                section.fail_probability,
                &mut patch.fail_probability,
            ),
            (
                "probeFailProbability",
                section.probe_fail_probability,
                &mut patch.probe_fail_probability,
            ),
        ] {
            let Some(value) = value else { continue };
            if value.is_finite() && (0.0..=1.0).contains(&value) {
                *slot = Some(value);
            } else {
                self.error_at(
                    &path.child(key),
                    false,
                    format!("`{key}` must be a probability between 0 and 1, found `{value}`"),
                    Some(format!("e.g. `{key}: 0.05` for 5%")),
                );
            }
        }
        let default = AttemptSection {
            run: section.run,
            exit: section.exit,
            post_start: section.post_start,
            post_start_fails: section.post_start_fails,
            pre_stop: section.pre_stop,
            stop: section.stop,
            stop_exit_code: section.stop_exit_code,
            probes: section.probes,
        };
        self.apply_attempt(index, path, default, &mut patch.default);
        for (number, attempt) in section.attempts.unwrap_or_default().into_iter().enumerate() {
            let attempt_path = path.child("attempts").index(number);
            // The attempt list is as long as the scenario file allows, far below u32::MAX.
            let number = u32::try_from(number + 1).unwrap_or(u32::MAX);
            let target = patch.attempt_mut(number);
            self.apply_attempt(index, &attempt_path, attempt, target);
        }
    }

    fn apply_attempt(
        &mut self,
        index: usize,
        path: &FieldPath,
        section: AttemptSection,
        patch: &mut AttemptPatch,
    ) {
        if let Some(run) = section.run {
            patch.run = Some(run.0);
        }
        if let Some(exit) = section.exit {
            patch.exit = Some(exit.0);
        }
        if section.post_start.is_some() {
            patch.post_start = section.post_start;
        }
        if section.post_start_fails.is_some() {
            patch.post_start_fails = section.post_start_fails;
        }
        if section.pre_stop.is_some() {
            patch.pre_stop = section.pre_stop;
        }
        if section.stop.is_some() {
            patch.stop = section.stop;
        }
        if section.stop_exit_code.is_some() {
            patch.stop_exit_code = section.stop_exit_code;
        }
        let Some(probes) = section.probes else {
            return;
        };
        for (kind, probe) in [
            (ProbeKind::Startup, probes.startup),
            (ProbeKind::Liveness, probes.liveness),
            (ProbeKind::Readiness, probes.readiness),
        ] {
            let Some(probe) = probe else { continue };
            let probe_path = path.child("probes").child(kind.name());
            let container = &self.plan.containers[index];
            if container.probe(kind).is_none() {
                let help = if container.kind == ContainerKind::Init {
                    "regular init containers have no probes; remove this entry".to_string()
                } else {
                    format!(
                        "add a `{}` to `{}` in the manifest, or remove this entry",
                        kind.field(),
                        container.path()
                    )
                };
                self.error_at(
                    &probe_path,
                    true,
                    format!("container `{}` has no `{}`", container.name, kind.field()),
                    Some(help),
                );
                continue;
            }
            if let Some(latency) = probe.latency.clone() {
                patch.probe_latency[kind as usize] = Some(latency);
                if probe.result.is_none() && probe.timeline.is_none() && probe.cycle.is_none() {
                    continue;
                }
            }
            if let Some(script) = self.probe_script(&probe_path, probe) {
                patch.probes[kind as usize] = Some(script);
            }
        }
    }

    fn probe_script(&mut self, path: &FieldPath, probe: ProbeSection) -> Option<ProbeScript> {
        let given = [
            probe.result.is_some(),
            probe.timeline.is_some(),
            probe.cycle.is_some(),
        ]
        .iter()
        .filter(|g| **g)
        .count();
        if given != 1 {
            self.error_at(
                path,
                true,
                "a probe script has exactly one of `result`, `timeline` or `cycle`".to_string(),
                Some("e.g. `{result: failure}`, `{timeline: [{after: 30s, result: failure}]}` or `{cycle: [success, failure]}`".to_string()),
            );
            return None;
        }
        if let Some(answer) = probe.result {
            return Some(ProbeScript::Constant(answer.0));
        }
        if let Some(cycle) = probe.cycle {
            if cycle.is_empty() {
                self.error_at(
                    &path.child("cycle"),
                    true,
                    "`cycle` needs at least one answer".to_string(),
                    None,
                );
                return None;
            }
            return Some(ProbeScript::Cycle(cycle.into_iter().map(|a| a.0).collect()));
        }
        let mut steps = Vec::new();
        for (number, step) in probe.timeline.unwrap_or_default().into_iter().enumerate() {
            let step_path = path.child("timeline").index(number);
            match (step.after, step.result) {
                (Some(after), Some(result)) => {
                    if steps.last().is_some_and(|(last, _)| *last > after.0) {
                        self.error_at(
                            &step_path.child("after"),
                            false,
                            "timeline steps must be in time order".to_string(),
                            None,
                        );
                    }
                    steps.push((after.0, result.0));
                }
                _ => self.error_at(
                    &step_path,
                    false,
                    "a timeline step needs `after` and `result`".to_string(),
                    Some("e.g. `{after: 30s, result: failure}`".to_string()),
                ),
            }
        }
        Some(ProbeScript::Timeline(steps))
    }
}

/// `runtime:`: the latency of each CRI call.
fn apply_runtime(runtime: RuntimeSection, patch: &mut Patch) {
    let pairs = [
        (runtime.run_pod_sandbox, &mut patch.run_pod_sandbox),
        (runtime.stop_pod_sandbox, &mut patch.stop_pod_sandbox),
        (runtime.remove_pod_sandbox, &mut patch.remove_pod_sandbox),
        (runtime.status, &mut patch.status),
        (runtime.remove_container, &mut patch.remove_container),
        (runtime.pull_image, &mut patch.pull_image),
        (runtime.create_container, &mut patch.create_container),
        (runtime.start_container, &mut patch.start_container),
    ];
    for (value, slot) in pairs {
        if value.is_some() {
            *slot = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::plan::behaviour::{ExitKind, FailureCount};
    use crate::sim::testing::example_plan;

    fn plan() -> PodPlan {
        example_plan("sidecar")
    }

    #[test]
    fn t4_a_seed_is_a_number_or_the_string_the_json_output_writes() {
        let plan = plan();
        for (text, seed) in [
            ("seed: 7\n", Some(7)),
            ("seed: \"18446744073709551615\"\n", Some(u64::MAX)),
            ("seed: 18446744073709551615\n", Some(u64::MAX)),
        ] {
            let settings = load(text, &plan, &mut Patch::new(&plan)).expect("valid");
            assert_eq!(settings.seed, seed, "{text}");
        }
        for text in ["seed: -1\n", "seed: \"x\"\n", "seed: 1.5\n"] {
            assert!(load(text, &plan, &mut Patch::new(&plan)).is_err(), "{text}");
        }
    }

    #[test]
    fn reads_a_full_scenario() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let text = "seed: 7\nuntil: 30m\nkubelet: {crashLoopBackOff: {initial: 1s, max: 60s}}\nruntime: {pullImage: {uniform: [1s, 3s]}}\nnode: {images: ['nginx:1.27']}\nsandbox: {diesAt: [5m]}\ncontainers:\n  migrate:\n    pullFailures: 2\n    attempts:\n    - {run: 1s, exit: 1}\n    - {exit: oom}\n  web:\n    postStart: 2s\n    probes:\n      readiness: {timeline: [{after: 0s, result: failure}, {after: 20s, result: success}]}\n      liveness: {cycle: [success, failure]}\n";
        let settings = load(text, &plan, &mut patch).expect("valid");
        assert_eq!(settings.seed, Some(7));
        assert_eq!(settings.until, Some(SimDuration::from_secs(1800)));
        let behaviour = patch.build(&plan);
        let migrate = plan.find("migrate").expect("migrate");
        assert_eq!(
            behaviour.containers[migrate].pull_failures,
            FailureCount::First(2)
        );
        assert_eq!(behaviour.containers[migrate].attempt(2).exit, ExitKind::Oom);
        assert_eq!(
            behaviour.containers[migrate].attempt(3).exit,
            ExitKind::Code(0)
        );
        assert_eq!(behaviour.sandbox_deaths, [SimDuration::from_secs(300)]);
        assert!(behaviour.has_jitter());
        let nginx = plan
            .images
            .iter()
            .position(|i| i == "nginx:1.27")
            .expect("image");
        assert!(behaviour.images_present[nginx]);
    }

    #[test]
    fn unknown_containers_and_keys_are_located_with_suggestions() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let text = "containers:\n  migrat:\n    run: 1s\n  web:\n    runn: 2s\n";
        let errors = load(text, &plan, &mut patch).expect_err("invalid");
        assert_eq!(errors.len(), 2, "{errors:?}");
        let unknown_field = &errors[1];
        assert_eq!(unknown_field.message, "unknown field `runn`");
        assert_eq!(unknown_field.help.as_deref(), Some("did you mean `run`?"));
        let unknown_container = &errors[0];
        assert_eq!(unknown_container.message, "unknown container `migrat`");
        let span = unknown_container.span.expect("span");
        assert_eq!((span.start.line, span.start.column), (2, 3));
        assert!(
            unknown_container
                .help
                .as_deref()
                .is_some_and(|h| h.starts_with("did you mean `migrate`?"))
        );
    }

    #[test]
    fn probes_must_exist_on_the_container() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let text = "containers:\n  migrate:\n    probes:\n      liveness: {result: failure}\n";
        let errors = load(text, &plan, &mut patch).expect_err("invalid");
        assert_eq!(
            errors[0].message,
            "container `migrate` has no `livenessProbe`"
        );
        assert_eq!(errors[0].span.map(|s| s.start.line), Some(4));
    }

    #[test]
    fn bad_values_are_located() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let errors = load("containers:\n  web:\n    run: 5\n", &plan, &mut patch).expect_err("bad");
        assert_eq!(errors[0].message, "`5` has no unit; write `5s` or `5ms`");
        assert_eq!(
            errors[0].span.map(|s| (s.start.line, s.start.column)),
            Some((3, 10))
        );
        let errors = load(
            "runtime:\n  pullImage: {unifrom: [1s, 2s]}\n",
            &plan,
            &mut patch,
        )
        .expect_err("bad");
        assert!(
            errors[0].message.contains("did you mean `uniform`?"),
            "{errors:?}"
        );
    }

    #[test]
    fn controller_latency_is_read_located_and_bounded() {
        let plan = plan();
        let read = |text: &str| load(text, &plan, &mut Patch::new(&plan));
        let settings = read("rollout: {controllerLatency: 1m30s}\n").expect("valid");
        assert_eq!(
            settings.controller_latency,
            Some(SimDuration::from_secs(90))
        );
        assert_eq!(read("seed: 1\n").expect("valid").controller_latency, None);
        assert_eq!(
            read("rollout: {controllerLatency: 1h}\n")
                .expect("the bound itself")
                .controller_latency,
            Some(MAX_CONTROLLER_LATENCY)
        );
        for (text, message, at) in [
            (
                "rollout:\n  controllerLatency: 61m\n",
                "controller latency `1h1m` is more than 1h",
                (2, 22),
            ),
            (
                "rollout:\n  controllerLatency: 5\n",
                "`5` has no unit; write `5s` or `5ms`",
                (2, 22),
            ),
            (
                "rollout:\n  latency: 2s\n",
                "unknown field `latency`",
                (2, 3),
            ),
        ] {
            let errors = read(text).expect_err(text);
            assert!(errors[0].message.starts_with(message), "{errors:?}");
            assert_eq!(
                errors[0].span.map(|s| (s.start.line, s.start.column)),
                Some(at),
                "{text}"
            );
        }
        assert_eq!(
            rollout_section("seed: 1\nrollout: {controllerLatency: 2s}\n").map(|s| s.start.line),
            Some(2)
        );
        assert_eq!(rollout_section("seed: 1\n"), None);
    }
}
