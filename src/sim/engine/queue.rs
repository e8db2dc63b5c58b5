//! The event queue: events ordered by (time, insertion sequence), with cancellation.
//!
//! Equal times pop in the order they were scheduled (T1). Cancelling marks an id; `pop` skips
//! marked entries. Only cancel ids that are still pending: the owner of an id forgets it when
//! its event fires.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};

use crate::sim::engine::time::SimTime;

/// The handle of a scheduled event, for cancelling it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EventId(u64);

struct Entry<E> {
    at: SimTime,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}

impl<E> Eq for Entry<E> {}

impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<E> Ord for Entry<E> {
    /// Reversed, so that the max-heap pops the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

/// A priority queue of events by (time, seq).
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
    cancelled: HashSet<u64>,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> EventQueue<E> {
    /// An empty queue.
    pub fn new() -> Self {
        EventQueue {
            heap: BinaryHeap::with_capacity(64),
            next_seq: 0,
            cancelled: HashSet::new(),
        }
    }

    /// Schedules `event` at `at`; events at equal times pop in scheduling order.
    pub fn schedule(&mut self, at: SimTime, event: E) -> EventId {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Entry { at, seq, event });
        EventId(seq)
    }

    /// Cancels a pending event: it will never pop.
    pub fn cancel(&mut self, id: EventId) {
        self.cancelled.insert(id.0);
    }

    /// Removes and returns the earliest event that is not cancelled.
    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        while let Some(entry) = self.heap.pop() {
            if !self.cancelled.is_empty() && self.cancelled.remove(&entry.seq) {
                continue;
            }
            return Some((entry.at, entry.event));
        }
        None
    }

    /// The time of the earliest event that is not cancelled.
    pub fn peek_time(&mut self) -> Option<SimTime> {
        while let Some(entry) = self.heap.peek() {
            if !self.cancelled.is_empty() && self.cancelled.contains(&entry.seq) {
                let seq = entry.seq;
                self.heap.pop();
                self.cancelled.remove(&seq);
                continue;
            }
            return Some(entry.at);
        }
        None
    }

    /// Events still queued, cancelled ones included.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is queued.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t1_equal_times_pop_in_scheduling_order() {
        let mut queue = EventQueue::new();
        queue.schedule(SimTime(5), "b");
        queue.schedule(SimTime(1), "a");
        queue.schedule(SimTime(5), "c");
        queue.schedule(SimTime(5), "d");
        let order: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(
            order,
            vec![
                (SimTime(1), "a"),
                (SimTime(5), "b"),
                (SimTime(5), "c"),
                (SimTime(5), "d")
            ]
        );
    }

    #[test]
    fn cancelled_events_never_pop() {
        let mut queue = EventQueue::new();
        let first = queue.schedule(SimTime(1), 1);
        queue.schedule(SimTime(2), 2);
        let third = queue.schedule(SimTime(3), 3);
        queue.cancel(first);
        queue.cancel(third);
        assert_eq!(queue.peek_time(), Some(SimTime(2)));
        assert_eq!(queue.pop(), Some((SimTime(2), 2)));
        assert_eq!(queue.pop(), None);
    }
}
