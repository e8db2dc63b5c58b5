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
/// a pool thread that waits is a worker lost, or a deadlock; on a pool thread the items are
/// worked `ahead` at a time in parallel, each window then handed over. It is
/// [`in_order_in_two_steps`] with nothing to do between the steps or in the second.
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    ahead: usize,
    work: impl Fn(&T) -> R + Sync,
    take: impl FnMut(usize, R) -> Next,
) -> usize {
    in_order_in_two_steps(items, ahead, work, |_, _| Next::Go, |result| result, take)
}

/// What a step of [`in_order_in_two_steps`] sends back: the item's index, and the step's result
/// or the panic that ended it.
enum Done<A, B> {
    First(usize, std::thread::Result<A>),
    Second(usize, std::thread::Result<B>),
}

/// [`in_order`] with work in two steps on the pool and a step on this thread between them:
/// `first` on each item, then `between` on its result in item order on this thread (to number
/// it from the ones before, say), then `second` on it, then `take` in item order. Both
/// steps of an item run on whichever core is free, and at most `ahead` items past the oldest
/// not yet handed over are at work or waiting: the cores never wait for this thread, which
/// only takes what they did. `between` stopping at an item leaves it out (it goes no further)
/// and hands over every earlier one; `take` stopping hands over nothing more. Returns the
/// number of results handed over. Call it from outside the pool; on a pool thread the items
/// are worked `ahead` at a time, each step in parallel.
pub fn in_order_in_two_steps<T: Sync, A: Send, B: Send>(
    items: &[T],
    ahead: usize,
    first: impl Fn(&T) -> A + Sync,
    mut between: impl FnMut(usize, &mut A) -> Next,
    second: impl Fn(A) -> B + Sync,
    mut take: impl FnMut(usize, B) -> Next,
) -> usize {
    let ahead = ahead.max(1);
    if rayon::current_thread_index().is_some() || items.len() <= 1 {
        return two_steps_here(items, ahead, &first, between, &second, take);
    }
    let (sender, receiver) = mpsc::channel::<Done<A, B>>();
    let (first, second) = (&first, &second);
    rayon::in_place_scope_fifo(|scope| {
        let start = |index: usize| {
            if let Some(item) = items.get(index) {
                let sender = sender.clone();
                scope.spawn_fifo(move |_| {
                    let result = std::panic::catch_unwind(AssertUnwindSafe(|| first(item)));
                    // The receiver outlives the scope: a send fails only once it stopped
                    // listening, and then the result is not wanted.
                    let _ = sender.send(Done::First(index, result));
                });
            }
        };
        let go_on = |index: usize, value: A| {
            let sender = sender.clone();
            scope.spawn_fifo(move |_| {
                let result = std::panic::catch_unwind(AssertUnwindSafe(|| second(value)));
                let _ = sender.send(Done::Second(index, result));
            });
        };
        // No item from `end` on is handed over (`between` may bring it forward).
        let mut end = items.len();
        let mut started = 0;
        while started < end.min(ahead) {
            start(started);
            started += 1;
        }
        let mut firsts: BTreeMap<usize, A> = BTreeMap::new();
        let mut seconds: BTreeMap<usize, B> = BTreeMap::new();
        let (mut passed, mut handed) = (0, 0);
        while handed < end {
            let Ok(done) = receiver.recv() else {
                break;
            };
            match done {
                Done::First(index, result) => {
                    let value = result.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                    firsts.insert(index, value);
                    while passed < end
                        && let Some(mut value) = firsts.remove(&passed)
                    {
                        if between(passed, &mut value) == Next::Stop {
                            end = passed;
                            break;
                        }
                        go_on(passed, value);
                        passed += 1;
                    }
                }
                Done::Second(index, result) => {
                    let value = result.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                    seconds.insert(index, value);
                    while let Some(value) = seconds.remove(&handed) {
                        handed += 1;
                        if take(handed - 1, value) == Next::Stop {
                            return handed;
                        }
                        if started < end {
                            start(started);
                            started += 1;
                        }
                    }
                }
            }
        }
        handed
    })
}

/// [`in_order_in_two_steps`] on a pool thread or for one item: `ahead` items at a time, each
/// step worked in parallel.
fn two_steps_here<T: Sync, A: Send, B: Send>(
    items: &[T],
    ahead: usize,
    first: &(impl Fn(&T) -> A + Sync),
    mut between: impl FnMut(usize, &mut A) -> Next,
    second: &(impl Fn(A) -> B + Sync),
    mut take: impl FnMut(usize, B) -> Next,
) -> usize {
    use rayon::prelude::*;
    let mut handed = 0;
    for window in items.chunks(ahead) {
        let mut firsts: Vec<A> = if window.len() > 1 {
            window.par_iter().map(first).collect()
        } else {
            window.iter().map(first).collect()
        };
        let stopped = firsts
            .iter_mut()
            .enumerate()
            .position(|(offset, value)| between(handed + offset, value) == Next::Stop);
        if let Some(offset) = stopped {
            firsts.truncate(offset);
        }
        let seconds: Vec<B> = if firsts.len() > 1 {
            firsts.into_par_iter().map(second).collect()
        } else {
            firsts.into_iter().map(second).collect()
        };
        for value in seconds {
            handed += 1;
            if take(handed - 1, value) == Next::Stop {
                return handed;
            }
        }
        if stopped.is_some() {
            break;
        }
    }
    handed
}

#[cfg(test)]
mod tests {
    // `in_order` is `in_order_in_two_steps` with an identity second step: its cases (stop in
    // `take`, the `ahead` bound) are the two-step pipeline's too.
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

    /// Whether `run` panicked, run on a thread of its own: a run still waiting after 30 s
    /// fails the test instead of hanging it.
    fn panics_rather_than_waits(run: impl FnOnce() -> usize + Send + 'static) -> bool {
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(run));
            let _ = done.send(outcome.is_err());
        });
        finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the pipeline returned or panicked instead of waiting forever")
    }

    #[test]
    fn a_panic_in_the_work_is_raised_here_rather_than_waited_on() {
        let panicked = panics_rather_than_waits(|| {
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

    /// `run` on this thread, or on a pool thread when `on_pool`.
    fn here_or_on_pool<R: Send>(on_pool: bool, run: impl FnOnce() -> R + Send) -> R {
        if on_pool {
            rayon::scope(|_| run())
        } else {
            run()
        }
    }

    /// The items of each case through both steps and the numbering between them, on the
    /// main thread and on a pool thread: handed over in order, each numbered from the ones
    /// before it.
    fn two_steps_cases(on_pool: bool) {
        for (count, ahead) in [(0, 4), (1, 4), (2, 1), (50, 3), (200, 8)] {
            let items: Vec<usize> = (0..count).collect();
            let run = || {
                let mut before = 0;
                let mut seen = Vec::new();
                let handed = in_order_in_two_steps(
                    &items,
                    ahead,
                    |item| {
                        std::thread::sleep(std::time::Duration::from_micros(
                            ((count - item) % 7) as u64 * 50,
                        ));
                        (*item, 0)
                    },
                    |_, (item, number)| {
                        *number = before;
                        before += *item;
                        Next::Go
                    },
                    |(item, number)| {
                        std::thread::sleep(std::time::Duration::from_micros(
                            (item % 5) as u64 * 50,
                        ));
                        (item * 2, number)
                    },
                    |index, result| {
                        seen.push((index, result));
                        Next::Go
                    },
                );
                (handed, seen)
            };
            let (handed, seen) = here_or_on_pool(on_pool, run);
            assert_eq!(handed, count);
            let expected: Vec<(usize, (usize, usize))> = items
                .iter()
                .map(|&i| (i, (i * 2, i * i.saturating_sub(1) / 2)))
                .collect();
            assert_eq!(seen, expected);
        }
    }

    #[test]
    fn two_steps_hand_over_in_item_order_numbered_in_between() {
        two_steps_cases(false);
    }

    #[test]
    fn two_steps_on_a_pool_thread_hand_over_in_item_order_too() {
        two_steps_cases(true);
    }

    #[test]
    fn stopping_between_the_steps_leaves_that_item_and_the_rest_out() {
        for on_pool in [false, true] {
            for ahead in [1, 3, 8] {
                let items: Vec<usize> = (0..40).collect();
                let run = || {
                    let mut seen = Vec::new();
                    let handed = in_order_in_two_steps(
                        &items,
                        ahead,
                        |item| *item,
                        |_, item| if *item == 9 { Next::Stop } else { Next::Go },
                        |item| item + 100,
                        |_, result| {
                            seen.push(result);
                            Next::Go
                        },
                    );
                    (handed, seen)
                };
                let (handed, seen) = here_or_on_pool(on_pool, run);
                assert_eq!(handed, 9);
                assert_eq!(seen, (100..109).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_panic_in_either_step_is_raised_here_rather_than_waited_on() {
        for panics_in_first in [true, false] {
            let panicked = panics_rather_than_waits(move || {
                let items: Vec<usize> = (0..20).collect();
                in_order_in_two_steps(
                    &items,
                    4,
                    |&item| {
                        assert!(!panics_in_first || item != 3, "a bug in the first step");
                        item
                    },
                    |_, _| Next::Go,
                    |item| {
                        assert!(panics_in_first || item != 3, "a bug in the second step");
                        item
                    },
                    |_, _| Next::Go,
                )
            });
            assert!(panicked);
        }
    }
}
