//! What the pod asks for before it is scheduled (initializers I1–I4, scheduling gates I5) and
//! what the scenario makes of it: initializer times, failures and merge patches.

use std::collections::BTreeMap;

use crate::k8s::model::Pod;
use crate::sim::engine::time::SimDuration;

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
    /// When a controller sets each readiness gate's condition to True (absent: never).
    pub readiness_gates_set: BTreeMap<String, SimDuration>,
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
