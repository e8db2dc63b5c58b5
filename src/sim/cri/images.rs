//! The image calls of the mock runtime: `ImageStatus` and `PullImage` (scripted pull failures).

use rand_chacha::ChaCha8Rng;

use crate::sim::cri::trace::{Call, CallArgs, CallResult, Target, TraceEntry};
use crate::sim::cri::{CallError, MockRuntime, Outcome};
use crate::sim::engine::time::SimTime;
use crate::sim::plan::spec::ContainerIndex;

impl MockRuntime<'_> {
    /// `ImageStatus` of a container's image: whether it is on the node.
    pub fn image_status(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        image: usize,
    ) -> Outcome<bool> {
        let latency = self.behaviour.timings.status.sample(rng);
        let present = self.images.get(image).copied().unwrap_or(false);
        let result = if present {
            CallResult::Ok
        } else {
            CallResult::ImageAbsent
        };
        self.record(
            TraceEntry {
                at: now,
                call: Call::ImageStatus,
                target: Target::Image(image),
                args: CallArgs::None,
                result,
                latency,
            },
            Ok(present),
        )
    }

    /// `PullImage` for a container; fails as its script says.
    pub fn pull_image(
        &mut self,
        now: SimTime,
        rng: &mut ChaCha8Rng,
        container: ContainerIndex,
        image: usize,
    ) -> Outcome<()> {
        let script = &self.behaviour.containers[container];
        let latency = script.pull.sample(rng);
        self.pulls_tried[container] += 1;
        let target = Target::Image(image);
        if script.pull_failures.fails(self.pulls_tried[container]) {
            return self.record(
                TraceEntry {
                    at: now,
                    call: Call::PullImage,
                    target,
                    args: CallArgs::None,
                    result: CallResult::PullFailed,
                    latency,
                },
                Err(CallError::Failed),
            );
        }
        if let Some(present) = self.images.get_mut(image) {
            *present = true;
        }
        self.record(
            TraceEntry {
                at: now,
                call: Call::PullImage,
                target,
                args: CallArgs::None,
                result: CallResult::Ok,
                latency,
            },
            Ok(()),
        )
    }
}
