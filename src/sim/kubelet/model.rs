//! One simulation run: the event loop, the one `match` over [`Event`], and what a run produces.
//!
//! [`Kubelet`] owns the engine (time, queue, seeded generator), the mock runtime and the kubelet's state;
//! the kubelet's decisions and operations live in `decide.rs`, `start.rs`, `kill.rs`,
//! `probes.rs` and `pod_status.rs` as further `impl` blocks. Nothing reads the wall clock.

use crate::k8s::model::Pod;
use crate::sim::cri::trace::Call;
use crate::sim::cri::{CallError, MockRuntime};
use crate::sim::engine::Engine;
use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::pod_status::StatusCache;
use crate::sim::kubelet::state::{ContainerView, KillPodStep, LaneOp, PodView, WaitingReason};
use crate::sim::plan::behaviour::Behaviour;
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, PodPlan};
use crate::sim::record::BASE_EPOCH;
use crate::sim::record::outcome::SimOutcome;
use crate::sim::record::outcome::Summary;
use crate::sim::record::recorder::Recorder;
use crate::sim::record::{Happening, LaneState, RecordOptions};

/// How to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimConfig {
    /// Most events one run may handle; past it the run stops and says so
    /// ([`Summary::cut_by_event_budget`]). Bounds time and memory whatever the horizon.
    pub max_events: u64,
    /// Seed of the generator (T4).
    pub seed: u64,
    /// When to stop at the latest.
    pub horizon: SimDuration,
    /// What to record.
    pub record: RecordOptions,
}

/// Default for [`SimConfig::max_events`] (`--max-events`): about 2.8 days of a pod with a 1 s
/// probe, far past any startup or termination.
pub const DEFAULT_MAX_EVENTS: u64 = 250_000;

/// A run in progress.
pub struct Kubelet<'a> {
    pub(crate) plan: &'a PodPlan,
    pub(crate) behaviour: &'a Behaviour,
    /// The pod (spec, defaulted) whose status is materialized for the printer.
    pub(crate) pod_object: Pod,
    /// Time, the event queue and the seeded generator.
    pub(crate) engine: Engine<Event>,
    pub(crate) runtime: MockRuntime<'a>,
    pub(crate) pod: PodView,
    pub(crate) containers: Vec<ContainerView>,
    pub(crate) lane: Option<LaneOp>,
    /// What the run records.
    pub(crate) recorder: Recorder,
    /// Status-relevant state changed since the last refresh.
    pub(crate) dirty: bool,
    /// The earliest time a waiting start may be retried, found by the last decision.
    pub(crate) next_wake: Option<SimTime>,
    pub(crate) events_handled: u64,
    pub(crate) max_events: u64,
    /// Whether the event budget stopped the run.
    pub(crate) cut_by_event_budget: bool,
    pub(crate) finished: bool,
    pub(crate) cut_by_horizon: bool,
    pub(crate) status_cache: StatusCache,
    /// Deletion, budget and defer containers (K4, D2–D14).
    pub(crate) term: crate::sim::kubelet::termination_state::TerminationState,
    /// Initializers and scheduling gates (I3–I5).
    pub(crate) admission: crate::sim::kubelet::admission::AdmissionState,
}

impl<'a> Kubelet<'a> {
    /// A run of `pod` (defaulted; `plan` compiled from it) in the world `behaviour`.
    pub fn new(pod: &Pod, plan: &'a PodPlan, behaviour: &'a Behaviour, config: SimConfig) -> Self {
        let waiting = if plan.init_count > 0 {
            WaitingReason::PodInitializing
        } else {
            WaitingReason::ContainerCreating
        };
        let containers = plan
            .containers
            .iter()
            .map(|c| {
                // Defer containers wait like init containers until termination (D15).
                let waiting = if c.kind == ContainerKind::Defer {
                    WaitingReason::PodInitializing
                } else {
                    waiting
                };
                ContainerView::new(waiting, behaviour.kubelet.crash_loop_backoff)
            })
            .collect();
        let mut pod_object = Pod {
            metadata: pod.metadata.clone(),
            spec: pod.spec.clone(),
            status: None,
        };
        pod_object.metadata.name = Some(plan.name.clone());
        pod_object.metadata.creation_timestamp =
            Some(crate::k8s::timestamp::format_rfc3339(BASE_EPOCH));
        let mut simulation = Kubelet {
            plan,
            behaviour,
            pod_object,
            engine: Engine::new(config.seed, config.horizon),
            runtime: MockRuntime::new(behaviour, config.record.trace),
            pod: PodView {
                readiness_gates_set: vec![false; plan.readiness_gates.len()],
                ..PodView::new(plan.images.len(), behaviour.kubelet.image_pull_backoff)
            },
            containers,
            lane: None,
            recorder: Recorder::new(config.record, plan.containers.len()),
            dirty: true,
            next_wake: None,
            events_handled: 0,
            max_events: config.max_events,
            cut_by_event_budget: false,
            finished: false,
            cut_by_horizon: false,
            status_cache: StatusCache {
                containers: vec![None; plan.containers.len()],
                conditions: [None; 5],
                messages: false,
            },
            term: crate::sim::kubelet::termination_state::TerminationState::new(
                plan.defer_indices().len(),
            ),
            admission: crate::sim::kubelet::admission::AdmissionState::default(),
        };
        for index in 0..plan.containers.len() {
            simulation.lane_state(index, LaneState::Waiting);
        }
        simulation
            .engine
            .schedule_at(simulation.engine.horizon(), Event::Horizon);
        if let Some(deletion) = behaviour.termination.deletion {
            simulation
                .engine
                .schedule_at(SimTime::ZERO + deletion.at, Event::Delete);
        }
        if let Some(crash) = behaviour.termination.node_crash {
            simulation
                .engine
                .schedule_at(SimTime::ZERO + crash, Event::NodeCrash);
        }
        if !simulation.begin_admission() {
            let scheduled = SimTime::ZERO + behaviour.scheduling.sample(simulation.engine.rng());
            simulation.engine.schedule_at(scheduled, Event::Scheduled);
        }
        simulation.refresh();
        simulation
    }

    /// Handles the next event. Returns false once the run is over.
    pub fn step(&mut self) -> bool {
        if self.finished {
            return false;
        }
        if self.events_handled >= self.max_events && self.engine.has_pending() {
            self.cut_by_event_budget = true;
            self.finished = true;
            return false;
        }
        let Some(event) = self.engine.next_event() else {
            self.finished = true;
            return false;
        };
        self.events_handled += 1;
        self.handle(event);
        if self.dirty {
            self.refresh();
        }
        if self.pod.killed {
            self.finished = true;
        }
        !self.finished
    }

    /// Runs to the end.
    pub fn run(mut self) -> SimOutcome {
        while self.step() {}
        self.finish()
    }

    /// The current simulated time.
    pub fn now(&self) -> SimTime {
        self.engine.now()
    }

    /// The mock runtime (for invariant checks).
    pub fn runtime(&self) -> &MockRuntime<'a> {
        &self.runtime
    }

    /// The kubelet's view of each container (for invariant checks).
    pub fn container_views(&self) -> &[ContainerView] {
        &self.containers
    }

    /// The pod with its status as of now, for the status printer.
    pub fn printable_pod(&mut self) -> &Pod {
        self.update_status(true);
        &self.pod_object
    }

    /// The status built from scratch (to check the incremental one).
    #[cfg(test)]
    pub(crate) fn status_from_scratch(&mut self) -> crate::k8s::model::PodStatus {
        let kept = self.pod_object.status.take();
        let cache = std::mem::replace(
            &mut self.status_cache,
            StatusCache {
                containers: vec![None; self.plan.containers.len()],
                conditions: [None; 5],
                messages: false,
            },
        );
        self.update_status(true);
        let fresh = self.pod_object.status.take().unwrap_or_default();
        self.pod_object.status = kept;
        self.status_cache = cache;
        fresh
    }

    /// The one dispatch over every kind of event.
    fn handle(&mut self, event: Event) {
        match event {
            Event::Scheduled => self.on_scheduled(),
            Event::ReadinessGateSet { index } => self.on_readiness_gate_set(index),
            Event::LaneStep => {
                self.pod.lane_pending = None;
                self.advance_lane();
            }
            Event::KillStep { container } => self.advance_kill(container),
            Event::ContainerExits { instance } => self.on_own_exit(instance),
            Event::Probe { container, kind } => self.on_probe(container, kind),
            Event::ProbeAnswer {
                container,
                kind,
                instance,
                passed,
                timed_out,
            } => self.on_probe_answer(container, kind, instance, passed, timed_out),
            Event::Wake => {
                self.pod.wake = None;
                self.sync_now();
            }
            Event::Sync => {
                self.pod.sync_pending = None;
                self.sync_now();
            }
            Event::SandboxDies => self.on_sandbox_dies(),
            Event::ActiveDeadline => self.on_active_deadline(),
            Event::Delete => self.on_delete(),
            Event::TerminationDeadline => self.on_termination_deadline(),
            Event::NodeCrash => self.on_node_crash(),
            Event::PrePull { container } => self.on_pre_pull(container),
            Event::Admission => self.on_admission(),
            Event::InitializerDone => self.on_initializer_done(),
            Event::GateRemoved { gate } => self.on_gate_removed(gate),
            Event::PrePulled { container } => self.on_pre_pulled(container),
            Event::Horizon => {
                self.cut_by_horizon = true;
                self.finished = true;
            }
        }
    }

    /// The pod worker's pending call returned: continue its operation.
    fn advance_lane(&mut self) {
        match self.lane {
            Some(op @ (LaneOp::CreateSandbox(_) | LaneOp::ReplaceSandbox(_))) => {
                self.advance_sandbox(op);
            }
            Some(LaneOp::Start { container, step }) => self.advance_start(container, step),
            Some(LaneOp::KillPod(KillPodStep::StopSandbox)) => self.pod_stopped(),
            Some(LaneOp::KillOne { .. } | LaneOp::KillPod(_)) | None => {}
        }
    }

    fn on_scheduled(&mut self) {
        self.pod.scheduled_at = Some(self.engine.now());
        self.pod.start_time = Some(self.engine.now());
        self.emit(None, Happening::Scheduled);
        if let Some(deadline) = self.plan.active_deadline {
            self.engine.schedule_in(deadline, Event::ActiveDeadline);
        }
        for death in &self.behaviour.sandbox_deaths {
            let at = SimTime::ZERO + *death;
            if at >= self.engine.now() {
                self.engine.schedule_at(at, Event::SandboxDies);
            }
        }
        for (index, gate) in self.plan.readiness_gates.iter().enumerate() {
            if let Some(after) = self.behaviour.admission.readiness_gates_set.get(gate) {
                let at = (SimTime::ZERO + *after).max(self.engine.now());
                self.engine
                    .schedule_at(at, Event::ReadinessGateSet { index });
            }
        }
        self.dirty = true;
        self.sync_now();
    }

    /// A controller sets a readiness gate's condition to True: the pod may become Ready.
    fn on_readiness_gate_set(&mut self, index: usize) {
        if let Some(slot) = self.pod.readiness_gates_set.get_mut(index) {
            *slot = true;
            self.dirty = true;
            self.request_sync();
        }
    }

    fn on_active_deadline(&mut self) {
        if self.pod.phase.is_terminal() || self.pod.killing {
            return;
        }
        self.pod.deadline_exceeded = true;
        self.emit(None, Happening::DeadlineExceeded);
        self.dirty = true;
        self.terminate_for_deadline();
        self.request_sync();
    }

    /// The kubelet reacts to a change: at once, or after `kubelet.syncDelay` (T2).
    pub(crate) fn request_sync(&mut self) {
        let delay = self.behaviour.kubelet.sync_delay;
        if delay == SimDuration::ZERO {
            self.sync_now();
        } else if self.pod.sync_pending.is_none() {
            let id = self.engine.schedule_in(delay, Event::Sync);
            self.pod.sync_pending = Some(id);
        }
    }

    /// A pod sync: while the pod worker is free, decide the next action and begin it.
    pub(crate) fn sync_now(&mut self) {
        for _ in 0..10_000 {
            if self.lane.is_some() || self.finished || self.pod.killed {
                return;
            }
            let action = self.decide();
            if !self.begin(action) {
                self.schedule_wake();
                return;
            }
        }
        // A decision loop that never settles is a model bug; stop rather than spin.
        self.finished = true;
    }

    fn schedule_wake(&mut self) {
        let Some(at) = self.next_wake.take() else {
            return;
        };
        let at = at.max(self.engine.now());
        if let Some((when, id)) = self.pod.wake {
            if when == at {
                return;
            }
            self.engine.cancel(id);
        }
        let id = self.engine.schedule_at(at, Event::Wake);
        self.pod.wake = Some((at, id));
    }

    /// Records a kubelet event.
    pub(crate) fn emit(&mut self, container: Option<ContainerIndex>, what: Happening) {
        self.recorder.event(self.engine.now(), container, what);
    }

    /// Records a lane change on the timeline.
    pub(crate) fn lane_state(&mut self, container: ContainerIndex, state: LaneState) {
        self.recorder.lane(container, self.engine.now(), state);
    }

    /// Handles a call the runtime refused: a kubelet-model bug. Records it and stops the run.
    pub(crate) fn refused(
        &mut self,
        container: Option<ContainerIndex>,
        call: Call,
        error: CallError,
    ) {
        if let CallError::Illegal(why) = error {
            self.emit(container, Happening::KubeletModelBug { call, why });
            self.finished = true;
        }
    }

    /// Schedules the lane's next step after `latency`.
    pub(crate) fn lane_after(&mut self, latency: SimDuration) {
        let id = self.engine.schedule_in(latency, Event::LaneStep);
        self.pod.lane_pending = Some(id);
    }

    /// The lane is free again: the worker continues with the next decision.
    pub(crate) fn lane_done(&mut self) {
        self.lane = None;
        self.sync_now();
    }

    /// Whether a container is a sidecar.
    pub(crate) fn is_sidecar(&self, container: ContainerIndex) -> bool {
        self.plan.containers[container].kind == ContainerKind::Sidecar
    }

    /// Runs to the end and returns only the summary (no status materialized): the Monte Carlo
    /// path, with recording switched off.
    pub fn run_summary(mut self) -> Summary {
        while self.step() {}
        if self.dirty {
            self.refresh();
        }
        self.summary()
    }

    fn summary(&self) -> Summary {
        Summary {
            phase: self.pod.phase,
            reason: self.pod.deadline_exceeded.then_some("DeadlineExceeded"),
            scheduled_at: self.pod.scheduled_at,
            initialized_at: self.pod.initialized_at,
            ready_at: self.pod.ready_at,
            ended_at: self.pod.ended_at,
            finished_at: self.engine.now(),
            cut_by_horizon: self.cut_by_horizon,
            restarts: self.containers.iter().map(|c| c.restart_count).collect(),
            events_handled: self.events_handled,
            cut_by_event_budget: self.cut_by_event_budget,
            illegal_calls: self.runtime.illegal_calls(),
            termination: self.term.summary(self.plan),
        }
    }

    fn finish(mut self) -> SimOutcome {
        if self.dirty {
            self.refresh();
        }
        self.update_status(true);
        let final_status = self.pod_object.status.take().unwrap_or_default();
        let summary = self.summary();
        SimOutcome {
            recording: self.recorder.take(),
            trace: self.runtime.take_trace(),
            summary,
            final_status,
        }
    }
}

/// Runs one simulation of a defaulted pod.
pub fn simulate(pod: &Pod, plan: &PodPlan, behaviour: &Behaviour, config: SimConfig) -> SimOutcome {
    Kubelet::new(pod, plan, behaviour, config).run()
}
