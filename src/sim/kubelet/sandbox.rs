//! The pod sandbox: creating it, its scripted death, and replacing it (which re-runs init containers, K1.6).

use crate::sim::cri::trace::Call;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::kubelet::state::{LaneOp, ReplaceStep, SandboxStep};
use crate::sim::record::Happening;

impl Kubelet<'_> {
    /// `RunPodSandbox`, then `PodSandboxStatus`.
    pub(crate) fn begin_create_sandbox(&mut self) {
        let outcome = self
            .runtime
            .run_pod_sandbox(self.engine.now(), self.engine.rng());
        match outcome.result {
            Ok(sandbox) => {
                self.pod.sandbox = Some(sandbox);
                self.lane = Some(LaneOp::CreateSandbox(SandboxStep::Run));
                self.lane_after(outcome.latency);
            }
            Err(error) => self.refused(None, Call::RunPodSandbox, error),
        }
    }

    /// Tears down the dead sandbox: `StopPodSandbox`, `RemovePodSandbox`; a new one follows.
    pub(crate) fn begin_replace_sandbox(&mut self) {
        self.emit(None, Happening::SandboxChanged);
        let Some(sandbox) = self.pod.sandbox else {
            self.pod.sandbox_dead = false;
            return;
        };
        let outcome = self
            .runtime
            .stop_pod_sandbox(self.engine.now(), self.engine.rng(), sandbox);
        match outcome.result {
            Ok(()) => {
                self.lane = Some(LaneOp::ReplaceSandbox(ReplaceStep::Stop));
                self.lane_after(outcome.latency);
            }
            Err(error) => self.refused(None, Call::StopPodSandbox, error),
        }
    }

    /// A sandbox call returned.
    pub(crate) fn advance_sandbox(&mut self, op: LaneOp) {
        let Some(sandbox) = self.pod.sandbox else {
            self.lane_done();
            return;
        };
        match op {
            LaneOp::CreateSandbox(SandboxStep::Run) => {
                let outcome =
                    self.runtime
                        .pod_sandbox_status(self.engine.now(), self.engine.rng(), sandbox);
                match outcome.result {
                    Ok(_) => {
                        self.lane = Some(LaneOp::CreateSandbox(SandboxStep::Status));
                        self.lane_after(outcome.latency);
                    }
                    Err(error) => self.refused(None, Call::PodSandboxStatus, error),
                }
            }
            LaneOp::CreateSandbox(SandboxStep::Status) => {
                self.pod.sandbox_ready = true;
                self.dirty = true;
                self.lane_done();
            }
            LaneOp::ReplaceSandbox(ReplaceStep::Stop) => {
                let outcome =
                    self.runtime
                        .remove_pod_sandbox(self.engine.now(), self.engine.rng(), sandbox);
                match outcome.result {
                    Ok(()) => {
                        self.lane = Some(LaneOp::ReplaceSandbox(ReplaceStep::Remove));
                        self.lane_after(outcome.latency);
                    }
                    Err(error) => self.refused(None, Call::RemovePodSandbox, error),
                }
            }
            LaneOp::ReplaceSandbox(ReplaceStep::Remove) => {
                // The old sandbox took its containers with it: init containers run again.
                self.pod.sandbox = None;
                self.pod.sandbox_dead = false;
                self.pod.initialized = false;
                for view in &mut self.containers {
                    view.instance = None;
                    view.previous_instance = None;
                    view.created_in_sandbox = false;
                    view.succeeded_in_sandbox = false;
                }
                self.dirty = true;
                self.lane_done();
            }
            _ => self.lane_done(),
        }
    }

    /// The sandbox dies (R4): its containers exit, an in-flight start is abandoned, and the
    /// kubelet will replace the sandbox.
    pub(crate) fn on_sandbox_dies(&mut self) {
        let Some(sandbox) = self.pod.sandbox.filter(|_| self.pod.sandbox_ready) else {
            return;
        };
        if self.pod.killing || self.pod.killed {
            return;
        }
        let exited = self.runtime.sandbox_dies(self.engine.now(), sandbox);
        self.pod.sandbox_ready = false;
        self.pod.sandbox_dead = true;
        self.dirty = true;
        if let Some(LaneOp::Start { container, .. }) = self.lane {
            if let Some(pending) = self.pod.lane_pending.take() {
                self.engine.cancel(pending);
            }
            self.containers[container].starting = false;
            self.lane = None;
        }
        for instance in exited {
            if let Some(container) = self
                .containers
                .iter()
                .position(|view| view.instance == Some(instance))
                && let Some(record) = self.runtime.exit_record(instance)
            {
                self.record_exit(container, record);
            }
        }
        self.request_sync();
    }
}
