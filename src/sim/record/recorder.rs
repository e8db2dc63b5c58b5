//! The recorder a model writes to: what [`RecordOptions`] asks for goes into the [`Recording`],
//! the rest is dropped at once (Monte Carlo runs record nothing).

use crate::sim::engine::time::SimTime;
use crate::sim::plan::spec::ContainerIndex;
use crate::sim::record::{
    ConditionChange, Happening, LaneState, PodLaneState, ProbeAnswer, RecordOptions, Recording,
    SimEvent, StatusRow, StopSignalSent,
};

/// A recording in progress.
#[derive(Debug)]
pub struct Recorder {
    options: RecordOptions,
    recording: Recording,
    /// READY, STATUS and the restart count of the last status row, to record changes only.
    last_row: Option<(String, String, String)>,
}

impl Recorder {
    /// A recorder for `containers` lanes that keeps what `options` asks for.
    pub fn new(options: RecordOptions, containers: usize) -> Self {
        Recorder {
            options,
            recording: Recording {
                lanes: vec![Vec::new(); containers],
                ..Recording::default()
            },
            last_row: None,
        }
    }

    /// What is recorded.
    pub fn options(&self) -> RecordOptions {
        self.options
    }

    /// Records a kubelet event.
    pub fn event(&mut self, at: SimTime, container: Option<ContainerIndex>, what: Happening) {
        if self.options.events {
            self.recording.events.push(SimEvent {
                at,
                container,
                what,
            });
        }
    }

    /// Records a container lane's change on the timeline.
    pub fn lane(&mut self, container: ContainerIndex, at: SimTime, state: LaneState) {
        if self.options.lanes {
            self.recording.lane(container, at, state);
        }
    }

    /// Records the pod lane's change on the timeline.
    pub fn pod_lane(&mut self, at: SimTime, state: PodLaneState) {
        if self.options.lanes {
            self.recording.pod_lane(at, state);
        }
    }

    /// Records a probe's answer (with the lanes).
    pub fn probe(&mut self, answer: ProbeAnswer) {
        if self.options.lanes {
            self.recording.probes.push(answer);
        }
    }

    /// Records that `StopContainer` sent a container its stop signal (with the lanes or the
    /// events).
    pub fn stop_signal(&mut self, sent: StopSignalSent) {
        if self.options.lanes || self.options.events {
            self.recording.stop_signals.push(sent);
        }
    }

    /// Records a pod condition's change of status (with the lanes, or alone).
    pub fn condition(&mut self, change: ConditionChange) {
        if self.options.lanes || self.options.conditions {
            self.recording.conditions.push(change);
        }
    }

    /// Records a status row when its READY, STATUS or restart count changed.
    pub fn status_row(&mut self, row: StatusRow) {
        let restarts = row.restarts.split(' ').next().unwrap_or_default();
        let key = (row.ready.clone(), row.status.clone(), restarts.to_string());
        if self.last_row.as_ref() == Some(&key) {
            return;
        }
        self.last_row = Some(key);
        self.recording.statuses.push(row);
    }

    /// The recording so far, leaving an empty one.
    pub fn take(&mut self) -> Recording {
        std::mem::take(&mut self.recording)
    }
}
