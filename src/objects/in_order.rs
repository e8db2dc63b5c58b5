//! Work on every core, results in order: a bounded pipeline that hands each item's result over as soon as it and every earlier one are done.

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;

/// What the consumer of [`in_order`] wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Go on with the next item.
    Go,
    /// Stop: no further result is handed over (work already started still finishes).
    Stop,
}

/// Runs `work` on each of `items` on the thread pool, at most `ahead` items past the oldest
/// result not yet handed over, and hands every result to `take` in item order on this thread
/// as soon as it and the earlier ones are done: the workers never wait for `take`, and at most
/// `ahead` results are held however many items there are. Returns the number of results handed
/// over. Call it from outside the pool (the main thread): this thread waits for results, and
/// a pool thread that waits is a worker lost, or a deadlock; on a pool thread every item is
/// worked in parallel first, then handed over.
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    ahead: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(usize, R) -> Next,
) -> usize {
    if rayon::current_thread_index().is_some() || items.len() <= 1 {
        return in_order_here(items, &work, take);
    }
    let ahead = ahead.max(1);
    // A result, or the panic that ended its work: handed over to be raised on this thread, which
    // would otherwise wait for the result forever (a bug would hang the run, not end it).
    let (sender, receiver) = mpsc::channel::<(usize, std::thread::Result<R>)>();
    let work = &work;
    rayon::in_place_scope_fifo(|scope| {
        let mut started = 0;
        let start = |index: usize| {
            if let Some(item) = items.get(index) {
                let sender = sender.clone();
                scope.spawn_fifo(move |_| {
                    // The receiver outlives the scope: a send fails only once it stopped
                    // listening, and then the result is not wanted.
                    let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(item)));
                    let _ = sender.send((index, result));
                });
            }
        };
        while started < items.len().min(ahead) {
            start(started);
            started += 1;
        }
        let mut done: BTreeMap<usize, R> = BTreeMap::new();
        let mut handed = 0;
        while handed < started {
            let Ok((index, result)) = receiver.recv() else {
                break;
            };
            let result = result.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            done.insert(index, result);
            while let Some(result) = done.remove(&handed) {
                handed += 1;
                if take(handed - 1, result) == Next::Stop {
                    return handed;
                }
                if started < items.len() {
                    start(started);
                    started += 1;
                }
            }
        }
        handed
    })
}

/// [`in_order`] on a pool thread or for one item: worked in parallel, then handed over.
fn in_order_here<T: Sync, R: Send>(
    items: &[T],
    work: &(impl Fn(&T) -> R + Sync),
    mut take: impl FnMut(usize, R) -> Next,
) -> usize {
    use rayon::prelude::*;
    let results: Vec<R> = if items.len() > 1 {
        items.par_iter().map(work).collect()
    } else {
        items.iter().map(work).collect()
    };
    let mut handed = 0;
    for result in results {
        handed += 1;
        if take(handed - 1, result) == Next::Stop {
            break;
        }
    }
    handed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_in_item_order_whatever_order_they_are_done_in() {
        for (count, ahead) in [(0, 4), (1, 4), (2, 1), (50, 3), (200, 8)] {
            let items: Vec<usize> = (0..count).collect();
            let mut seen = Vec::new();
            let handed = in_order(
                &items,
                ahead,
                |item| {
                    // Later items are often done first.
                    std::thread::sleep(std::time::Duration::from_micros(
                        ((count - item) % 7) as u64 * 50,
                    ));
                    item * 2
                },
                |index, result| {
                    seen.push((index, result));
                    Next::Go
                },
            );
            assert_eq!(handed, count);
            let expected: Vec<(usize, usize)> = items.iter().map(|&i| (i, i * 2)).collect();
            assert_eq!(seen, expected);
        }
    }

    #[test]
    fn a_panic_in_the_work_is_raised_here_rather_than_waited_on() {
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(|| {
                let items: Vec<usize> = (0..20).collect();
                in_order(
                    &items,
                    4,
                    |&item| {
                        assert!(item != 3, "a bug in the work");
                        item
                    },
                    |_, _| Next::Go,
                )
            });
            let _ = done.send(outcome.is_err());
        });
        let panicked = finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("in_order returned or panicked instead of waiting forever");
        assert!(panicked);
    }

    #[test]
    fn no_more_than_ahead_items_are_worked_past_the_oldest_not_handed_over() {
        let items: Vec<usize> = (0..64).collect();
        let ahead = 3;
        let started = AtomicUsize::new(0);
        in_order(
            &items,
            ahead,
            |item| {
                started.fetch_add(1, Ordering::SeqCst);
                *item
            },
            |index, _| {
                // Item `index` is handed over: at most `ahead` items from it on have started.
                assert!(started.load(Ordering::SeqCst) <= index + ahead);
                Next::Go
            },
        );
    }

    #[test]
    fn stop_hands_over_nothing_more() {
        let items: Vec<usize> = (0..40).collect();
        let mut seen = Vec::new();
        let handed = in_order(
            &items,
            4,
            |item| *item,
            |_, result| {
                seen.push(result);
                if result == 9 { Next::Stop } else { Next::Go }
            },
        );
        assert_eq!(handed, 10);
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn on_a_pool_thread_every_item_is_still_handed_over_in_order() {
        let items: Vec<usize> = (0..30).collect();
        let seen = rayon::scope(|_| {
            assert!(rayon::current_thread_index().is_some());
            let mut seen = Vec::new();
            in_order(
                &items,
                2,
                |item| item + 1,
                |_, result| {
                    seen.push(result);
                    Next::Go
                },
            );
            seen
        });
        assert_eq!(seen, (1..31).collect::<Vec<_>>());
    }
}
