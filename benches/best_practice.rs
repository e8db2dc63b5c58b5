//! What the best-practice group costs `podlife validate`: the whole process on the benchmark
//! corpus (10,000 generated Deployments, 18.8 MB) by default and with `--extend-select
//! best-practice`, in each output format, runs alternated so that a noisy machine weighs on
//! both alike. Prints medians of wall and CPU time and the ratio to the default run (the target:
//! ≤ 1.3×). `cargo bench --bench best_practice`; set `PODLIFE_BENCH_CORPUS` to a generated file
//! to skip generation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

// Only the corpus text is used here.
#[allow(dead_code)]
mod corpus;

mod process_timing;

use std::io::Write;

use corpus::corpus;
use process_timing::{medians, millis, run};

/// Timed runs of each command (after one warm-up each).
const ROUNDS: usize = 7;

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: nothing to measure.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let text = corpus();
    let path = std::env::temp_dir().join(format!("podlife-bp-{}.yaml", std::process::id()));
    std::fs::File::create(&path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .expect("write the corpus");
    println!(
        "podlife validate on the benchmark corpus ({:.1} MB), output to /dev/null, median of {ROUNDS} alternated runs",
        text.len() as f64 / 1e6
    );
    println!(
        "{:<10} {:>12} {:>12} {:>12} {:>12} {:>8} {:>8}",
        "format", "default", "cpu", "group", "cpu", "wall ×", "cpu ×"
    );
    for format in ["human", "short", "json", "sarif"] {
        let default = ["validate", "--no-config", "-o", format];
        let group = [
            "validate",
            "--no-config",
            "-o",
            format,
            "--extend-select",
            "best-practice",
        ];
        let _ = (run(&default, &path), run(&group, &path));
        let (mut plain, mut with_group) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            plain.push(run(&default, &path));
            with_group.push(run(&group, &path));
        }
        let (wall, cpu) = medians(&mut plain);
        let (group_wall, group_cpu) = medians(&mut with_group);
        println!(
            "{format:<10} {:>12} {:>12} {:>12} {:>12} {:>8.2} {:>8.2}",
            millis(wall),
            millis(cpu),
            millis(group_wall),
            millis(group_cpu),
            group_wall.as_secs_f64() / wall.as_secs_f64(),
            group_cpu.as_secs_f64() / cpu.as_secs_f64(),
        );
    }
    let _ = std::fs::remove_file(&path);
}
