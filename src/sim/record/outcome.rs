//! What a run produces: its key moments and counts, and the recording, trace and final status.

use crate::k8s::model::PodStatus;
use crate::sim::cri::trace::TraceEntry;
use crate::sim::engine::time::SimTime;
use crate::sim::record::{Phase, Recording};

/// Key moments and counts of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The final phase.
    pub phase: Phase,
    /// `status.reason` at the end (`DeadlineExceeded`), if any.
    pub reason: Option<&'static str>,
    /// When the pod was scheduled.
    pub scheduled_at: Option<SimTime>,
    /// First time `Initialized` was true.
    pub initialized_at: Option<SimTime>,
    /// First time `Ready` was true.
    pub ready_at: Option<SimTime>,
    /// When the pod stopped (terminal and everything stopped).
    pub ended_at: Option<SimTime>,
    /// When the run stopped: the end of the pod, the last event, or the horizon.
    pub finished_at: SimTime,
    /// Whether the horizon cut the run (more would have happened).
    pub cut_by_horizon: bool,
    /// Restart counts, per container in plan order.
    pub restarts: Vec<u32>,
    /// Events handled (queue pops).
    pub events_handled: u64,
    /// Whether the event budget (`--max-events`) stopped the run before its horizon.
    pub cut_by_event_budget: bool,
    /// Calls the runtime refused: kubelet-model bugs (must be 0).
    pub illegal_calls: u32,
    /// Deletion, defer containers, extensions, kills (termination issue).
    pub termination: crate::sim::record::termination_summary::TerminationSummary,
}

/// Everything a run produced.
#[derive(Debug, Clone)]
pub struct SimOutcome {
    /// Events, lanes, status rows.
    pub recording: Recording,
    /// Every runtime call.
    pub trace: Vec<TraceEntry>,
    /// Key moments.
    pub summary: Summary,
    /// The pod's status at the end.
    pub final_status: PodStatus,
}
