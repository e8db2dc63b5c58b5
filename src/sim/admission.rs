//! Before the pod starts: the seed's initializers (I3, I4) and scheduling gates (I5).
//!
//! Pending initializers act one at a time, in order, each taking scenario time (default
//! 100 ms); then strict validation runs: findings delete the pod (`FailedInitialization`), else
//! the pod is initialized. A failing initializer leaves it uninitialized and unscheduled. Then
//! the pod is `SchedulingGated` until the scenario removes every gate; then it is scheduled.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::k8s::model::Pod;
use crate::sim::event::Event;
use crate::sim::record::Happening;
use crate::sim::simulation::Simulation;
use crate::sim::time::SimDuration;

/// The default time an initializer takes (I3).
pub const DEFAULT_INITIALIZER_TIME: SimDuration = SimDuration::from_millis(100);

/// What the pod asks for before it can be scheduled.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AdmissionPlan {
    /// Pending initializers, in order (I1: either spelling; none once `initialized: true`).
    pub initializers: Vec<String>,
    /// `spec.schedulingGates[].name`.
    pub gates: Vec<String>,
    /// Strict validation's error findings once initialized (`path: message`), set by the caller.
    pub findings: Vec<String>,
    /// Initializers whose scenario merge patch was applied to the pod (I3), set by the caller.
    pub patched: Vec<String>,
}

impl AdmissionPlan {
    /// Reads a pod.
    pub fn new(pod: &Pod) -> Self {
        let initializers = if pod.metadata.initialized == Some(true) {
            Vec::new()
        } else {
            pod.metadata
                .initializers
                .as_ref()
                .map(|i| i.pending.clone())
                .unwrap_or_default()
        };
        AdmissionPlan {
            initializers,
            gates: pod
                .spec
                .scheduling_gates
                .iter()
                .flatten()
                .filter_map(|g| g.name.clone())
                .collect(),
            findings: Vec::new(),
            patched: Vec::new(),
        }
    }

    /// Whether anything happens before scheduling.
    pub fn is_empty(&self) -> bool {
        self.initializers.is_empty() && self.gates.is_empty()
    }
}

/// How one initializer behaves (scenario `initializers: {<name>: {after: 200ms, fails: true}}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InitializerScript {
    /// How long it takes.
    pub after: SimDuration,
    /// Whether it fails (or times out): the pod stays uninitialized.
    pub fails: bool,
}

/// What the world does before scheduling.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AdmissionScript {
    /// Per initializer name.
    pub initializers: BTreeMap<String, InitializerScript>,
    /// When each scheduling gate is removed (absent: never).
    pub gates_removed: BTreeMap<String, SimDuration>,
}

/// Strict validation of the pod as it will be once initialized (I4): its error findings, located.
pub fn strict_findings(pod: &Pod) -> Vec<String> {
    let mut initialized = pod.clone();
    initialized.metadata.initializers = None;
    initialized.metadata.initialized = Some(true);
    initialized.status = None;
    let mut document = serde_json::json!({"apiVersion": "v1", "kind": "Pod"});
    let Ok(body) = serde_json::to_value(&initialized) else {
        return Vec::new();
    };
    if let (Some(target), serde_json::Value::Object(fields)) = (document.as_object_mut(), body) {
        target.extend(fields);
    }
    let source = crate::input::SourceText {
        name: Arc::from("initialized pod"),
        text: document.to_string(),
        not_utf8: None,
    };
    let options = crate::lint::rules::CheckOptions {
        no_defaulting: true,
        settings: Arc::new(crate::lint::settings::selection::RuleSettings::default()),
    };
    crate::lint::validate::validate_source(&source, &options)
        .findings
        .iter()
        .filter(|f| f.severity == crate::lint::finding::Severity::Error)
        .map(|f| match &f.path {
            Some(path) => format!("{path}: {} ({})", f.message, f.rule.id),
            None => format!("{} ({})", f.message, f.rule.id),
        })
        .collect()
}

/// Where admission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AdmissionState {
    /// Initializers done.
    pub initializers_done: usize,
    /// Gates removed.
    pub gates_removed: usize,
    /// Stuck: an initializer failed, or validation deleted the pod.
    pub stuck: bool,
}

impl Simulation<'_> {
    /// Starts admission at time 0 (returns false when nothing happens before scheduling).
    pub(crate) fn begin_admission(&mut self) -> bool {
        if self.plan.admission.is_empty() {
            return false;
        }
        self.queue.schedule(self.now, Event::Admission);
        true
    }

    fn initializer_script(&self, name: &str) -> InitializerScript {
        self.behaviour
            .admission
            .initializers
            .get(name)
            .copied()
            .unwrap_or(InitializerScript {
                after: DEFAULT_INITIALIZER_TIME,
                fails: false,
            })
    }

    /// The next admission step.
    pub(crate) fn on_admission(&mut self) {
        if self.admission.stuck || self.pod.killed || self.term.active() {
            return;
        }
        let admission = &self.plan.admission;
        let done = self.admission.initializers_done;
        if done < admission.initializers.len() {
            let script = self.initializer_script(&admission.initializers[done]);
            self.queue
                .schedule(self.now + script.after, Event::InitializerDone);
            return;
        }
        if !admission.gates.is_empty() {
            self.emit(None, Happening::SchedulingGated);
            self.pod.gated = true;
            self.dirty = true;
            for (index, gate) in admission.gates.iter().enumerate() {
                if let Some(at) = self.behaviour.admission.gates_removed.get(gate) {
                    let at = crate::sim::time::SimTime::ZERO + *at;
                    self.queue
                        .schedule(at.max(self.now), Event::GateRemoved { gate: index });
                }
            }
            return;
        }
        self.schedule_scheduling();
    }

    /// An initializer finished (I3) — or failed (I4).
    pub(crate) fn on_initializer_done(&mut self) {
        if self.admission.stuck || self.pod.killed || self.term.active() {
            return;
        }
        let index = self.admission.initializers_done;
        let Some(name) = self.plan.admission.initializers.get(index) else {
            return;
        };
        if self.initializer_script(name).fails {
            self.admission.stuck = true;
            self.emit(None, Happening::InitializerFailed { index });
            return;
        }
        self.emit(None, Happening::InitializerDone { index });
        self.admission.initializers_done += 1;
        if self.admission.initializers_done == self.plan.admission.initializers.len() {
            if !self.plan.admission.findings.is_empty() {
                self.admission.stuck = true;
                self.emit(None, Happening::FailedInitialization);
                self.pod.killed = true;
                self.pod.ended_at = Some(self.now);
                self.term.removed_at = Some(self.now);
                self.emit(None, Happening::Removed);
                return;
            }
            self.pod_object.metadata.initializers = None;
            self.pod_object.metadata.initialized = Some(true);
        }
        self.on_admission();
    }

    /// The scenario removed a scheduling gate (I5).
    pub(crate) fn on_gate_removed(&mut self, gate: usize) {
        if self.pod.killed || self.term.active() {
            return;
        }
        self.emit(None, Happening::GateRemoved { gate });
        self.admission.gates_removed += 1;
        if self.admission.gates_removed == self.plan.admission.gates.len() {
            self.pod.gated = false;
            self.pod_object.spec.scheduling_gates = None;
            self.dirty = true;
            self.schedule_scheduling();
        }
    }

    fn schedule_scheduling(&mut self) {
        let at = self.now + self.behaviour.scheduling.sample(&mut self.rng);
        self.queue.schedule(at, Event::Scheduled);
    }
}

/// One initializer's scenario entry, as the pre-pass reads it.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct InitializerEntry {
    patch: Option<serde_json::Value>,
    fails: Option<bool>,
}

/// RFC 7386 JSON merge patch.
fn merge(target: &mut serde_json::Value, patch: &serde_json::Value) {
    match (target, patch) {
        (serde_json::Value::Object(target), serde_json::Value::Object(patch)) => {
            for (key, value) in patch {
                if value.is_null() {
                    target.remove(key);
                } else {
                    merge(
                        target.entry(key.clone()).or_insert(serde_json::Value::Null),
                        value,
                    );
                }
            }
        }
        (target, patch) => *target = patch.clone(),
    }
}

/// I3: applies the merge patches the scenario gives the pending initializers (in order, up to a
/// failing one) to the pod before it is compiled, so an injected sidecar is part of the run.
/// Returns the names of the initializers that patched. Problems are left to the scenario loader.
pub fn apply_initializer_patches(scenario: &str, pod: &mut Pod) -> Vec<String> {
    let pending = AdmissionPlan::new(pod).initializers;
    if pending.is_empty() {
        return Vec::new();
    }
    let documents = crate::yaml::source::parse_stream(scenario);
    let Some(root) = documents.iter().find_map(|d| d.root.as_ref()) else {
        return Vec::new();
    };
    let mut patched = Vec::new();
    for name in pending {
        let path = crate::yaml::field_path::FieldPath::root()
            .child("initializers")
            .key(&name);
        let found = root.lookup(&path);
        if !found.complete {
            continue;
        }
        let mut problems = Vec::new();
        let Ok(entry) =
            crate::k8s::decode::decode::<InitializerEntry>(found.value, &path, &mut problems)
        else {
            continue;
        };
        if entry.fails == Some(true) {
            break;
        }
        let Some(patch) = entry.patch else { continue };
        let Ok(mut value) = serde_json::to_value(&*pod) else {
            continue;
        };
        merge(&mut value, &patch);
        let metadata = value.get("metadata").cloned().unwrap_or_default();
        let spec = value.get("spec").cloned().unwrap_or_default();
        if let (Ok(metadata), Ok(spec)) = (
            serde_json::from_value(metadata),
            serde_json::from_value(spec),
        ) {
            // `Initializers` does not round-trip through JSON: keep the pending list as it was.
            let initializers = pod.metadata.initializers.take();
            pod.metadata = metadata;
            pod.metadata.initializers = initializers;
            pod.spec = spec;
            crate::k8s::defaults::apply(pod);
            patched.push(name);
        }
    }
    patched
}
