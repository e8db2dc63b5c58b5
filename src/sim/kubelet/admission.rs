//! Before the pod starts: the seed's initializers (I3, I4) and scheduling gates (I5).
//!
//! Pending initializers act one at a time, in order, each taking scenario time (default
//! 100 ms); then strict validation runs: findings delete the pod (`FailedInitialization`), else
//! the pod is initialized. A failing initializer leaves it uninitialized and unscheduled. Then
//! the pod is `SchedulingGated` until the scenario removes every gate; then it is scheduled.

use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::plan::admission::DEFAULT_INITIALIZER_TIME;
use crate::sim::plan::admission::InitializerScript;
use crate::sim::record::Happening;

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

impl Kubelet<'_> {
    /// Starts admission at time 0 (returns false when nothing happens before scheduling).
    pub(crate) fn begin_admission(&mut self) -> bool {
        if self.plan.admission.is_empty() {
            return false;
        }
        self.engine.schedule_at(self.engine.now(), Event::Admission);
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
            self.engine
                .schedule_in(script.after, Event::InitializerDone);
            return;
        }
        if !admission.gates.is_empty() {
            self.emit(None, Happening::SchedulingGated);
            self.pod.gated = true;
            self.dirty = true;
            for (index, gate) in admission.gates.iter().enumerate() {
                if let Some(at) = self.behaviour.admission.gates_removed.get(gate) {
                    let at = crate::sim::engine::time::SimTime::ZERO + *at;
                    self.engine.schedule_at(
                        at.max(self.engine.now()),
                        Event::GateRemoved { gate: index },
                    );
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
                self.pod.ended_at = Some(self.engine.now());
                self.term.removed_at = Some(self.engine.now());
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
        let at = self.engine.now() + self.behaviour.scheduling.sample(self.engine.rng());
        self.engine.schedule_at(at, Event::Scheduled);
    }
}
