//! Drawing many findings on every core: chunks drawn at once into buffers, written in order, a
//! window at a time so that a large run never holds all its output.

use std::io::Write;

use rayon::prelude::*;

/// Items drawn at once on every core before their output is written.
const WINDOW: usize = 16 * 1024;
/// Items one core draws in a go.
pub const CHUNK: usize = 512;

/// Writes `draw(first, chunk, buffer)` for every chunk of `items`, in order; `first` is the
/// index of the chunk's first item in `items`. The same bytes as drawing them one by one.
pub fn write_chunks<T: Sync>(
    out: &mut dyn Write,
    items: &[T],
    draw: impl Fn(usize, &[T], &mut Vec<u8>) -> std::io::Result<()> + Sync,
) -> std::io::Result<()> {
    for (window_index, window) in items.chunks(WINDOW).enumerate() {
        let pieces: Vec<std::io::Result<Vec<u8>>> = window
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(index, chunk)| {
                let mut buffer = Vec::with_capacity(chunk.len() * 128);
                draw(window_index * WINDOW + index * CHUNK, chunk, &mut buffer)?;
                Ok(buffer)
            })
            .collect();
        for piece in pieces {
            out.write_all(&piece?)?;
        }
    }
    Ok(())
}
