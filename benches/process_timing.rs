//! Timing whole `podlife` processes for the benchmarks that compare two command lines: wall
//! and CPU time of each run, medians, milliseconds.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
