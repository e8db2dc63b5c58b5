//! The discrete-event core: integer time, the (time, seq) event queue, distributions and the
//! seeded generator. It knows nothing of Kubernetes: a model with its own event type owns an
//! [`Engine`] and schedules, cancels and draws through it (see the queueing model in the tests).

pub mod distribution;
pub mod queue;
pub mod time;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use queue::{EventId, EventQueue};
use time::{SimDuration, SimTime};

/// Simulated time, the pending events and the one seeded generator of a run (T1, T4).
pub struct Engine<E> {
    now: SimTime,
    queue: EventQueue<E>,
    rng: ChaCha8Rng,
    horizon: SimTime,
}

impl<E> Engine<E> {
    /// An engine at time zero whose generator is seeded with `seed`; no event at or after
    /// `horizon` is handed out.
    pub fn new(seed: u64, horizon: SimDuration) -> Self {
        Engine {
            now: SimTime::ZERO,
            queue: EventQueue::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            horizon: SimTime::ZERO + horizon,
        }
    }

    /// The current simulated time: the time of the event being handled.
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// The end of the run.
    pub fn horizon(&self) -> SimTime {
        self.horizon
    }

    /// The run's generator: every random draw of a run comes from here.
    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// Schedules `event` at `at`, which must not be in the past; equal times keep scheduling order.
    pub fn schedule_at(&mut self, at: SimTime, event: E) -> EventId {
        debug_assert!(at >= self.now, "scheduled in the past");
        self.queue.schedule(at, event)
    }

    /// Schedules `event` after `delay`.
    pub fn schedule_in(&mut self, delay: SimDuration, event: E) -> EventId {
        self.queue.schedule(self.now + delay, event)
    }

    /// Cancels a pending event.
    pub fn cancel(&mut self, id: EventId) {
        self.queue.cancel(id);
    }

    /// The next event, with time advanced to it; `None` when nothing is pending before the
    /// horizon (time then stands at the horizon if an event was cut, else at the last event).
    pub fn next_event(&mut self) -> Option<E> {
        let at = self.queue.peek_time()?;
        if at > self.horizon {
            self.now = self.horizon;
            return None;
        }
        let (at, event) = self.queue.pop()?;
        debug_assert!(at >= self.now, "time went backwards");
        self.now = at;
        Some(event)
    }

    /// Whether an event is pending (cancelled ones excluded).
    pub fn has_pending(&mut self) -> bool {
        self.queue.peek_time().is_some()
    }
}

#[cfg(test)]
mod tests {
    //! A model that is not a kubelet: a single-server queue (customers arrive, wait, are served),
    //! driven by the same engine.

    use rand::RngExt;

    use super::*;

    #[derive(Debug, Clone, Copy)]
    enum QueueEvent {
        Arrival,
        Departure,
    }

    #[derive(Default)]
    struct SingleServer {
        waiting: u32,
        busy: bool,
        served: u32,
        log: Vec<(u64, &'static str)>,
    }

    impl SingleServer {
        fn handle(&mut self, engine: &mut Engine<QueueEvent>, event: QueueEvent) {
            match event {
                QueueEvent::Arrival => {
                    self.log.push((engine.now().millis(), "arrive"));
                    let gap = engine.rng().random_range(1..=20);
                    engine.schedule_in(SimDuration::from_millis(gap), QueueEvent::Arrival);
                    if self.busy {
                        self.waiting += 1;
                    } else {
                        self.busy = true;
                        engine.schedule_in(SimDuration::from_millis(7), QueueEvent::Departure);
                    }
                }
                QueueEvent::Departure => {
                    self.log.push((engine.now().millis(), "leave"));
                    self.served += 1;
                    if self.waiting > 0 {
                        self.waiting -= 1;
                        engine.schedule_in(SimDuration::from_millis(7), QueueEvent::Departure);
                    } else {
                        self.busy = false;
                    }
                }
            }
        }
    }

    fn run(seed: u64) -> SingleServer {
        let mut engine = Engine::new(seed, SimDuration::from_millis(1_000));
        let mut model = SingleServer::default();
        engine.schedule_at(SimTime::ZERO, QueueEvent::Arrival);
        while let Some(event) = engine.next_event() {
            model.handle(&mut engine, event);
        }
        assert_eq!(engine.now(), engine.horizon());
        model
    }

    #[test]
    fn t4_another_model_runs_on_the_engine_deterministically() {
        let first = run(7);
        assert!(first.served > 50, "served {}", first.served);
        assert!(
            first.log.windows(2).all(|w| w[0].0 <= w[1].0),
            "time never goes back"
        );
        assert!(
            first.log.iter().all(|(at, _)| *at <= 1_000),
            "nothing past the horizon"
        );
        assert_eq!(first.log, run(7).log, "same seed, same run");
        assert_ne!(first.log, run(8).log, "another seed, another run");
    }

    #[test]
    fn t1_cancelled_events_are_never_handed_out() {
        let mut engine = Engine::new(0, SimDuration::from_millis(100));
        let first = engine.schedule_at(SimTime(10), 1);
        engine.schedule_at(SimTime(10), 2);
        engine.schedule_at(SimTime(200), 3);
        engine.cancel(first);
        assert_eq!(engine.next_event(), Some(2));
        assert_eq!(engine.now(), SimTime(10));
        assert_eq!(
            engine.next_event(),
            None,
            "the event after the horizon is cut"
        );
        assert_eq!(engine.now(), SimTime(100));
    }
}
