//! The scenario's termination keys: `termination: {delete, evict, nodeCrash}` and a defer container's `stops` (D7).
//!
//! ```yaml
//! termination:
//!   delete: {at: 30s, gracePeriod: 10, force: false}   # or
//!   evict: {at: 30s}
//!   nodeCrash: 45s
//! containers:
//!   kill-app: {stops: [app]}      # a defer container that stops app containers (D7)
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::sim::plan::admission::InitializerScript;

use crate::sim::engine::distribution::DurationText;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::spec::{ContainerIndex, ContainerKind};
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::scenario::file::Validator;
use crate::sim::scenario::patch::Patch;
use crate::yaml::field_path::FieldPath;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct TerminationSection {
    pub(super) delete: Option<DeleteSection>,
    pub(super) evict: Option<DeleteSection>,
    pub(super) node_crash: Option<DurationText>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct InitializerSection {
    pub(super) after: Option<DurationText>,
    pub(super) fails: Option<bool>,
    /// A JSON merge patch applied to the pod (read by `admission::apply_initializer_patches`).
    pub(super) patch: Option<serde_json::Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct DeleteSection {
    pub(super) at: Option<DurationText>,
    pub(super) grace_period: Option<i64>,
    pub(super) force: Option<bool>,
}

impl Validator<'_, '_> {
    /// `initializers:` and `schedulingGates:` (I3–I5): names must be the pod's.
    pub(super) fn apply_admission(
        &mut self,
        initializers: Option<BTreeMap<String, InitializerSection>>,
        gates: Option<BTreeMap<String, DurationText>>,
        patch: &mut Patch,
    ) {
        for (name, section) in initializers.unwrap_or_default() {
            let known = &self.plan.admission.initializers;
            if !known.contains(&name) {
                let path = FieldPath::root().child("initializers").key(&name);
                let help = if known.is_empty() {
                    "the pod has no pending initializers (metadata.initializers)".to_string()
                } else {
                    format!("the pending initializers are: {}", known.join(", "))
                };
                self.error_at(
                    &path,
                    true,
                    format!("unknown initializer `{name}`"),
                    Some(help),
                );
                continue;
            }
            patch.admission.initializers.insert(
                name,
                InitializerScript {
                    after: section
                        .after
                        .map_or(crate::sim::plan::admission::DEFAULT_INITIALIZER_TIME, |d| {
                            d.0
                        }),
                    fails: section.fails == Some(true),
                },
            );
        }
        for (name, at) in gates.unwrap_or_default() {
            let known = &self.plan.admission.gates;
            if !known.contains(&name) {
                let path = FieldPath::root().child("schedulingGates").key(&name);
                let help = if known.is_empty() {
                    "the pod has no spec.schedulingGates".to_string()
                } else {
                    format!("the pod's scheduling gates are: {}", known.join(", "))
                };
                self.error_at(
                    &path,
                    true,
                    format!("unknown scheduling gate `{name}`"),
                    Some(help),
                );
                continue;
            }
            patch.admission.gates_removed.insert(name, at.0);
        }
    }

    /// `readinessGates:`: when a controller sets each gate's condition (from the pod's creation).
    pub(super) fn apply_readiness_gates(
        &mut self,
        gates: Option<BTreeMap<String, DurationText>>,
        patch: &mut Patch,
    ) {
        for (name, at) in gates.unwrap_or_default() {
            let known = &self.plan.readiness_gates;
            if !known.contains(&name) {
                let path = FieldPath::root().child("readinessGates").key(&name);
                let help = if known.is_empty() {
                    "the pod has no spec.readinessGates".to_string()
                } else {
                    format!("the pod's readiness gates are: {}", known.join(", "))
                };
                self.error_at(
                    &path,
                    true,
                    format!("unknown readiness gate `{name}`"),
                    Some(help),
                );
                continue;
            }
            patch.admission.readiness_gates_set.insert(name, at.0);
        }
    }

    /// `termination:`.
    pub(super) fn apply_termination(&mut self, section: TerminationSection, patch: &mut Patch) {
        let root = FieldPath::root().child("termination");
        if section.delete.is_some() && section.evict.is_some() {
            self.error_at(
                &root.child("evict"),
                true,
                "give either `delete` or `evict`, not both".to_string(),
                None,
            );
        }
        for (name, cause, entry) in [
            ("delete", TerminationCause::Deleted, section.delete),
            ("evict", TerminationCause::Evicted, section.evict),
        ] {
            let Some(entry) = entry else { continue };
            let path = root.child(name);
            let Some(at) = entry.at else {
                self.error_at(
                    &path,
                    true,
                    format!("`{name}` needs `at` (when, e.g. `30s`)"),
                    None,
                );
                continue;
            };
            let grace = match entry.grace_period {
                Some(seconds) if seconds < 0 => {
                    self.error_at(
                        &path.child("gracePeriod"),
                        false,
                        "`gracePeriod` is a number of seconds, 0 or more".to_string(),
                        None,
                    );
                    None
                }
                Some(seconds) => Some(SimDuration::from_secs(seconds)),
                None => None,
            };
            patch.termination.deletion = Some(Deletion {
                at: at.0,
                grace,
                force: entry.force == Some(true),
                cause,
            });
        }
        if let Some(crash) = section.node_crash {
            patch.termination.node_crash = Some(crash.0);
        }
    }

    /// A defer container's `stops: [<app container>…]` (D7).
    pub(super) fn apply_stops(
        &mut self,
        index: ContainerIndex,
        path: &FieldPath,
        names: &[String],
        patch: &mut Patch,
    ) {
        if self.plan.containers[index].kind != ContainerKind::Defer {
            self.error_at(
                path,
                true,
                "only defer containers stop app containers (`stops`)".to_string(),
                None,
            );
            return;
        }
        let mut targets = Vec::new();
        for (position, name) in names.iter().enumerate() {
            match self
                .plan
                .app_indices()
                .find(|&c| self.plan.containers[c].name == *name)
            {
                Some(target) => targets.push(target),
                None => {
                    let apps: Vec<&str> = self
                        .plan
                        .app_indices()
                        .map(|c| self.plan.containers[c].name.as_str())
                        .collect();
                    self.error_at(
                        &path.index(position),
                        false,
                        format!("`{name}` is not an app container of this pod"),
                        Some(format!("the app containers are: {}", apps.join(", "))),
                    );
                }
            }
        }
        patch.termination.stops.insert(index, targets);
    }
}
