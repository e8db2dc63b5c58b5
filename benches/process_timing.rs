//! Timing whole `podlife` processes for the benchmarks that compare two command lines: wall
//! and CPU time of each run, medians, milliseconds, and the table of `validate` with and without
//! some flags in each output format.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Timed runs of each command (after one warm-up each).
const ROUNDS: usize = 7;

/// Prints, for each output format, the medians of `validate` on the benchmark corpus without
/// and with `added` (named `name` in the table), runs alternated so that a noisy machine weighs
/// on both alike, and their ratios.
pub fn compare_formats(name: &str, added: &[&str]) {
    let text = super::corpus::corpus();
    let path = std::env::temp_dir().join(format!("podlife-bench-{}.yaml", std::process::id()));
    std::fs::File::create(&path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .expect("write the corpus");
    println!(
        "podlife validate on the benchmark corpus ({:.1} MB), output to /dev/null, median of {ROUNDS} alternated runs",
        text.len() as f64 / 1e6
    );
    println!(
        "{:<10} {:>12} {:>12} {:>12} {:>12} {:>8} {:>8}",
        "format", "default", "cpu", name, "cpu", "wall ×", "cpu ×"
    );
    for format in ["human", "short", "json", "sarif"] {
        let default = ["validate", "--no-config", "-o", format];
        let with: Vec<&str> = default.iter().chain(added).copied().collect();
        let _ = (run(&default, &path), run(&with, &path));
        let (mut plain, mut changed) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            plain.push(run(&default, &path));
            changed.push(run(&with, &path));
        }
        let (wall, cpu) = medians(&mut plain);
        let (changed_wall, changed_cpu) = medians(&mut changed);
        println!(
            "{format:<10} {:>12} {:>12} {:>12} {:>12} {:>8.2} {:>8.2}",
            millis(wall),
            millis(cpu),
            millis(changed_wall),
            millis(changed_cpu),
            changed_wall.as_secs_f64() / wall.as_secs_f64(),
            changed_cpu.as_secs_f64() / cpu.as_secs_f64(),
        );
    }
    let _ = std::fs::remove_file(&path);
}

/// One process: its wall time and its CPU time (user + system, of the child).
pub fn run(args: &[&str], file: &std::path::Path) -> (Duration, Duration) {
    let before = children_cpu();
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_podlife"))
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("podlife runs");
    let wall = start.elapsed();
    assert!(
        status.code().is_some_and(|code| code <= 1),
        "{args:?} failed: {status}"
    );
    (wall, children_cpu().saturating_sub(before))
}

/// CPU time of the waited-for children so far (`/proc/self/stat` fields cutime and cstime).
pub fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    let ticks: u64 = [13, 14]
        .iter()
        .filter_map(|&index| fields.get(index)?.parse::<u64>().ok())
        .sum();
    // Clock ticks are 100 per second on Linux.
    Duration::from_millis(ticks * 10)
}

pub fn medians(runs: &mut [(Duration, Duration)]) -> (Duration, Duration) {
    let mut walls: Vec<Duration> = runs.iter().map(|run| run.0).collect();
    let mut cpus: Vec<Duration> = runs.iter().map(|run| run.1).collect();
    walls.sort();
    cpus.sort();
    (walls[walls.len() / 2], cpus[cpus.len() / 2])
}

pub fn millis(time: Duration) -> String {
    format!("{:.0} ms", time.as_secs_f64() * 1e3)
}
