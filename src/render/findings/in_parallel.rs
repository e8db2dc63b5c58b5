//! Drawing many findings on every core: a window of tasks draws chunks of findings into their
//! buffers at once, the buffers are written in order, and the next window reuses the tasks (their
//! buffers and whatever state they keep), so a large run never holds all its output.

use std::io::Write;

use rayon::prelude::*;

/// Items one task draws in a go.
pub const CHUNK: usize = 256;
/// Tasks in a window, per thread of the pool.
pub const TASKS_PER_THREAD: usize = 4;

/// Writes what `draw(state, first, chunk, buffer)` draws for every chunk of `items`, in order;
/// `first` is the index of the chunk's first item in `items`, and `state` is the drawing
/// task's own (made by `new_state`, kept from window to window). The same bytes as drawing
/// every chunk one after the other; a run of one chunk is drawn here, on this thread.
pub fn write_chunks<T: Sync, S: Send>(
    out: &mut dyn Write,
    items: &[T],
    new_state: impl Fn() -> S,
    draw: impl Fn(&mut S, usize, &[T], &mut String) -> std::io::Result<()> + Sync,
) -> std::io::Result<()> {
    if items.len() <= CHUNK {
        let mut drawn = String::new();
        draw(&mut new_state(), 0, items, &mut drawn)?;
        return out.write_all(drawn.as_bytes());
    }
    let mut tasks: Vec<(S, String)> = (0..TASKS_PER_THREAD * rayon::current_num_threads().max(1))
        .map(|_| (new_state(), String::new()))
        .collect();
    let window = tasks.len() * CHUNK;
    for (window_index, part) in items.chunks(window).enumerate() {
        let drawn: Vec<std::io::Result<()>> = tasks
            .par_iter_mut()
            .zip(part.par_chunks(CHUNK))
            .enumerate()
            .map(|(index, ((state, buffer), chunk))| {
                buffer.clear();
                draw(state, window_index * window + index * CHUNK, chunk, buffer)
            })
            .collect();
        for ((_, buffer), result) in tasks.iter().zip(drawn) {
            result?;
            out.write_all(buffer.as_bytes())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_written_in_order_with_their_first_index_and_their_task_state() {
        for count in [0, 1, CHUNK, CHUNK + 1, 40 * CHUNK + 7] {
            let items: Vec<usize> = (0..count).collect();
            let mut written = Vec::new();
            write_chunks(
                &mut written,
                &items,
                || 0usize,
                |drawn_before, first, chunk, buffer| {
                    // The state is the task's: it only grows, whatever the window.
                    *drawn_before += chunk.len();
                    for (offset, item) in chunk.iter().enumerate() {
                        assert_eq!(first + offset, *item);
                        buffer.push_str(&item.to_string());
                        buffer.push('\n');
                    }
                    Ok(())
                },
            )
            .expect("writes");
            let expected = items.iter().fold(String::new(), |mut text, item| {
                text.push_str(&format!("{item}\n"));
                text
            });
            assert_eq!(String::from_utf8(written).expect("utf-8"), expected);
        }
    }

    #[test]
    fn a_chunk_that_fails_fails_the_write() {
        let items: Vec<usize> = (0..10 * CHUNK).collect();
        let result = write_chunks(
            &mut Vec::new(),
            &items,
            || (),
            |(), first, _, _| {
                if first == 5 * CHUNK {
                    Err(std::io::Error::other("broken"))
                } else {
                    Ok(())
                }
            },
        );
        assert!(result.is_err());
    }
}
