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

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: nothing to measure.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    process_timing::compare_formats("group", &["--extend-select", "best-practice"]);
}
