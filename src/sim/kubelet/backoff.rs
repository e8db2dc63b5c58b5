//! The kubelet's restart and image-pull backoff, as client-go's `flowcontrol.Backoff` computes it (K2).
//!
//! One entry per key (container, or image): the next wait and when it was last updated. No
//! jitter (T5). A crash-loop entry not updated for more than 600 s counts as new: the kubelet's
//! `HasExpiredFunc` is fixed at 10 minutes, whatever the cap (`pkg/kubelet/kubelet.go`); image
//! pulls keep client-go's default, twice the cap.

use crate::sim::engine::time::{SimDuration, SimTime};
use crate::sim::plan::behaviour::BackoffConfig;

/// How long without an update forgets a back-off: `eventTime.Sub(lastUpdate) > 600*time.Second`.
const RESET_AFTER: SimDuration = SimDuration::from_secs(600);

/// One backoff entry, or none yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    config: BackoffConfig,
    entry: Option<Entry>,
    /// After how long without an update the entry is forgotten.
    reset_after: SimDuration,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    backoff: SimDuration,
    last_update: SimTime,
}

impl Backoff {
    /// An empty entry with client-go's reset: twice the cap (image pulls).
    pub fn new(config: BackoffConfig) -> Self {
        Backoff {
            config,
            entry: None,
            reset_after: config.max.doubled(),
        }
    }

    /// An empty crash-loop entry: the kubelet's reset is 600 s whatever the cap.
    pub fn crash_loop(config: BackoffConfig) -> Self {
        Backoff {
            reset_after: RESET_AFTER,
            ..Backoff::new(config)
        }
    }

    /// `HasExpiredFunc`: the event came more than the reset window after the last update.
    fn has_expired(&self, event_time: SimTime, last_update: SimTime) -> bool {
        event_time.since(last_update) > self.reset_after
    }

    /// The current wait (`Get`): zero without an entry.
    pub fn current(&self) -> SimDuration {
        self.entry.map_or(SimDuration::ZERO, |e| e.backoff)
    }

    /// `IsInBackOffSince(eventTime)`: whether, at `now`, an event at `event_time` (a container's
    /// exit) is still inside the current wait.
    pub fn is_in_backoff_since(&self, event_time: SimTime, now: SimTime) -> bool {
        match self.entry {
            None => false,
            Some(entry) if self.has_expired(event_time, entry.last_update) => false,
            Some(entry) => now.since(event_time) < entry.backoff,
        }
    }

    /// `IsInBackOffSinceUpdate(now)`: whether `now` is inside the wait since the last update (pulls).
    pub fn is_in_backoff_since_update(&self, now: SimTime) -> bool {
        match self.entry {
            None => false,
            Some(entry) if self.has_expired(now, entry.last_update) => false,
            Some(entry) => now.since(entry.last_update) < entry.backoff,
        }
    }

    /// When the wait since the last update ends.
    pub fn ready_at_since_update(&self) -> SimTime {
        self.entry
            .map_or(SimTime::ZERO, |e| e.last_update + e.backoff)
    }

    /// `Next(eventTime)` at `now`: a new entry (initial wait) if none or expired, else the wait
    /// doubles up to the cap; the entry's update time becomes `now`.
    pub fn next(&mut self, event_time: SimTime, now: SimTime) {
        let backoff = match self.entry {
            Some(entry) if !self.has_expired(event_time, entry.last_update) => {
                SimDuration::from_millis(
                    entry
                        .backoff
                        .doubled()
                        .millis()
                        .min(self.config.max.millis()),
                )
            }
            _ => self.config.initial,
        };
        self.entry = Some(Entry {
            backoff,
            last_update: now,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A container that exits right after each restart: the waits between its exits and its
    /// restarts, following the kubelet's doBackOff.
    fn waits_for_crash_loop(exits: usize, run: SimDuration) -> Vec<u64> {
        waits_with(BackoffConfig::default(), exits, run)
    }

    fn waits_with(config: BackoffConfig, exits: usize, run: SimDuration) -> Vec<u64> {
        let mut backoff = Backoff::crash_loop(config);
        let mut now = SimTime::ZERO;
        let mut waits = Vec::new();
        for _ in 0..exits {
            now += run;
            let exited = now;
            // The kubelet restarts as soon as it is no longer in backoff.
            if backoff.is_in_backoff_since(exited, now) {
                now = exited + backoff.current();
            }
            backoff.next(exited, now);
            waits.push(now.since(exited).whole_seconds());
        }
        waits
    }

    #[test]
    fn k2_backoff_sequence_is_0_10_20_40_80_160_300_300() {
        assert_eq!(
            waits_for_crash_loop(8, SimDuration::from_secs(1)),
            [0, 10, 20, 40, 80, 160, 300, 300]
        );
    }

    #[test]
    fn k2_backoff_resets_after_ten_minutes_of_running() {
        // Running just over 10 minutes between restarts: every exit restarts at once.
        assert_eq!(
            waits_for_crash_loop(4, SimDuration::from_millis(600_001)),
            [0, 0, 0, 0]
        );
        // Exactly 10 minutes is not "more than 600 s": the backoff applies.
        assert_eq!(
            waits_for_crash_loop(3, SimDuration::from_secs(600)),
            [0, 10, 20]
        );
    }

    #[test]
    fn k2_image_pull_backoff_doubles_since_each_update() {
        let mut backoff = Backoff::new(BackoffConfig::default());
        assert!(!backoff.is_in_backoff_since_update(SimTime(0)));
        backoff.next(SimTime(2_000), SimTime(2_000));
        assert!(backoff.is_in_backoff_since_update(SimTime(11_999)));
        assert!(!backoff.is_in_backoff_since_update(SimTime(12_000)));
        backoff.next(SimTime(14_000), SimTime(14_000));
        assert_eq!(backoff.current(), SimDuration::from_secs(20));
        assert_eq!(backoff.ready_at_since_update(), SimTime(34_000));
    }

    #[test]
    fn k2_5_reduced_decay_gate_is_a_configuration() {
        let mut backoff = Backoff::new(BackoffConfig {
            initial: SimDuration::from_secs(1),
            max: SimDuration::from_secs(60),
        });
        let mut seen = Vec::new();
        for step in 0..8 {
            backoff.next(SimTime(step), SimTime(step));
            seen.push(backoff.current().whole_seconds());
        }
        assert_eq!(seen, [1, 2, 4, 8, 16, 32, 60, 60]);
    }

    // kubelet.go: `klet.crashLoopBackOff.HasExpiredFunc = func(eventTime, lastUpdate, maxDuration)
    // { return eventTime.Sub(lastUpdate) > 600*time.Second }` — fixed, whatever the cap.
    #[test]
    fn k2_has_expired_func_forgets_after_600_s_whatever_the_cap() {
        let reduced = BackoffConfig {
            initial: SimDuration::from_secs(1),
            max: SimDuration::from_secs(60),
        };
        // Running 5 minutes between exits is more than twice a 60 s cap, but less than 600 s:
        // the back-off keeps doubling (client-go's default would have reset it).
        assert_eq!(
            waits_with(reduced, 5, SimDuration::from_secs(300)),
            [0, 1, 2, 4, 8]
        );
        assert_eq!(
            waits_with(reduced, 3, SimDuration::from_millis(600_001)),
            [0, 0, 0]
        );
    }

    // client-go `flowcontrol.Backoff` default `hasExpired`: 2 × max (image pulls).
    #[test]
    fn k2_image_pull_backoff_keeps_client_go_reset_of_twice_the_cap() {
        let config = BackoffConfig {
            initial: SimDuration::from_secs(1),
            max: SimDuration::from_secs(60),
        };
        let mut backoff = Backoff::new(config);
        backoff.next(SimTime(0), SimTime(0));
        assert!(backoff.is_in_backoff_since_update(SimTime(999)));
        assert!(!backoff.is_in_backoff_since_update(SimTime(120_001)));
    }
}
