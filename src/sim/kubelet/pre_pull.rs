//! D13 `prePullDeferImages`: once the pod is Running, the defer images are pulled in order, not blocking anything.

use crate::sim::kubelet::event::Event;
use crate::sim::kubelet::model::Kubelet;
use crate::sim::plan::spec::ContainerIndex;
use crate::sim::record::Happening;

impl Kubelet<'_> {
    /// Begins pre-pulling with the first defer container.
    pub(crate) fn start_pre_pull(&mut self) {
        self.term.pre_pull_started = true;
        if let Some(first) = self.plan.defer_indices().next() {
            self.engine
                .schedule_at(self.engine.now(), Event::PrePull { container: first });
        }
    }

    /// Pulls this defer container's image unless it is present (or termination began).
    pub(crate) fn on_pre_pull(&mut self, container: ContainerIndex) {
        if self.term.active() || self.pod.killed {
            return;
        }
        let image = self.plan.containers[container].image_index;
        let present = self
            .runtime
            .image_status(self.engine.now(), self.engine.rng(), image)
            .result
            .unwrap_or(false);
        if present {
            self.on_pre_pulled_next(container);
            return;
        }
        self.emit(Some(container), Happening::Pulling);
        let outcome =
            self.runtime
                .pull_image(self.engine.now(), self.engine.rng(), container, image);
        self.term.pre_pull_took = outcome.latency;
        self.engine
            .schedule_in(outcome.latency, Event::PrePulled { container });
    }

    /// The pull finished: report it and go on with the next defer container.
    pub(crate) fn on_pre_pulled(&mut self, container: ContainerIndex) {
        let took = self.term.pre_pull_took;
        self.emit(Some(container), Happening::Pulled { took });
        self.on_pre_pulled_next(container);
    }

    fn on_pre_pulled_next(&mut self, container: ContainerIndex) {
        if container + 1 < self.plan.containers.len() {
            self.engine.schedule_at(
                self.engine.now(),
                Event::PrePull {
                    container: container + 1,
                },
            );
        }
    }
}
