//! The performance figures docs/performance.md quotes, each beside the parse floor measured in the same run,
//! so the ratios hold on any machine: `cargo bench --bench figures`.
//!
//! The floor is saphyr-parser alone, events only, one thread, on the benchmark corpus (10,000
//! generated Deployments, 18.8 MB). Then `validate` of that one file and of the same corpus as
//! 100 files, on 1 thread and on every core (in process, rayon pools); the whole `podlife
//! validate` process on 1 and on every core (`RAYON_NUM_THREADS`) with its peak memory against
//! the target (2 × input + 20 MB); and the simulator's events per second on a 3,000 init
//! container pod and on an hour of 1 s probes. Each figure is the median of `ROUNDS` runs
//! after one warm-up. Set `PODLIFE_BENCH_CORPUS` to a generated file to skip generation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod corpus;
mod support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use corpus::{PODS, corpus, corpus_files};
use podlife::input::SourceText;
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;
use podlife::sim::engine::time::SimDuration;
use podlife::sim::kubelet::model::{SimConfig, simulate};
use podlife::sim::plan::behaviour::Behaviour;
use podlife::sim::plan::spec::PodPlan;
use podlife::sim::record::RecordOptions;
use rayon::prelude::*;

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Timed runs per figure (after one warm-up).
const ROUNDS: usize = 7;

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: nothing to measure.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let text = corpus();
    let megabytes = text.len() as f64 / 1e6;
    println!(
        "podlife figures: {} ({cores} cores), {PODS} generated Deployments, {megabytes:.1} MB, median of {ROUNDS}",
        cpu_model()
    );
    println!("(÷ floor: a figure's time over the parse floor's, both measured in this run)");
    println!();

    let floor = median(|| {
        let mut parser = saphyr_parser::Parser::new_from_str(text);
        let mut events = 0usize;
        while let Some(Ok(_)) = parser.next_event() {
            events += 1;
        }
        events
    });
    let one_file = SourceText::new("corpus.yaml", text);
    let options = CheckOptions::default();
    let validate_file = |threads: usize| {
        let pool = pool(threads);
        median(|| pool.install(|| validate_source(&one_file, &options).findings.len()))
    };
    let files = corpus_files();
    let validate_files = |threads: usize| {
        let pool = pool(threads);
        median(|| {
            pool.install(|| {
                files
                    .par_iter()
                    .map(|file| validate_source(file, &options).findings.len())
                    .sum::<usize>()
            })
        })
    };
    let (file_1, file_n) = (validate_file(1), validate_file(cores));
    let (files_1, files_n) = (validate_files(1), validate_files(cores));

    let rows = [
        (
            "parse floor: saphyr-parser events, 1 thread",
            floor,
            String::new(),
        ),
        (
            "validate one file, 1 thread",
            file_1,
            speed(file_1, megabytes),
        ),
        (
            "validate one file, every core",
            file_n,
            format!(
                "{}; {:.2}× 1 thread",
                speed(file_n, megabytes),
                ratio(file_1, file_n)
            ),
        ),
        (
            "validate 100 files, 1 thread",
            files_1,
            speed(files_1, megabytes),
        ),
        (
            "validate 100 files, every core",
            files_n,
            format!(
                "{}; {:.2}× 1 thread",
                speed(files_n, megabytes),
                ratio(files_1, files_n)
            ),
        ),
    ];
    println!(
        "{:<48} {:>9}  {:>8}  figure",
        "in process", "median", "÷ floor"
    );
    for (what, time, figure) in &rows {
        println!(
            "{what:<48} {:>9}  {:>8}  {figure}",
            millis(*time),
            format!("{:.2}", ratio(*time, floor))
        );
    }

    println!();
    whole_process_figures(text, megabytes, floor);
    println!();
    simulation_figures();
}

/// `podlife validate` as users run it, on 1 thread and every core, with its peak memory.
fn whole_process_figures(text: &str, megabytes: f64, floor: Duration) {
    let file = write_corpus(text);
    let (process_1, peak_1) = whole_process(&file, Some(1));
    let (process_n, peak_n) = whole_process(&file, None);
    let target = 2.0 * megabytes + 20.0;
    println!(
        "{:<48} {:>9}  {:>8}  peak memory (target ≤ {target:.1} MB)",
        "whole process: podlife validate -o json", "median", "÷ floor"
    );
    for (what, (time, peak)) in [
        ("1 thread (RAYON_NUM_THREADS=1)", (process_1, peak_1)),
        ("every core", (process_n, peak_n)),
    ] {
        println!(
            "{what:<48} {:>9}  {:>8}  {peak:.1} MB",
            millis(time),
            format!("{:.2}", ratio(time, floor))
        );
    }
    println!(
        "{:<48} {:>9}  {:>8}  {:.2}× 1 thread",
        "speed-up, whole process",
        "",
        "",
        ratio(process_1, process_n)
    );
    let _ = std::fs::remove_file(&file);
}

/// Events per second on the two cases that stress the simulator: many containers, many events.
fn simulation_figures() {
    println!(
        "{:<48} {:>9}  figure",
        "simulation, everything recorded", "median"
    );
    let inits = init_containers(3_000);
    for (what, pod_text, horizon) in [
        (
            "3,000 init containers to Ready",
            inits.as_str(),
            SimDuration::from_secs(3_600),
        ),
        (
            "1 s liveness and readiness probes for an hour",
            PROBED,
            SimDuration::from_secs(3_600),
        ),
    ] {
        let pod = support::parse_pod(pod_text);
        let plan = PodPlan::new(&pod);
        let behaviour = Behaviour::defaults(&plan);
        let config = || SimConfig {
            max_events: u64::MAX,
            seed: 1,
            horizon,
            record: RecordOptions::ALL,
        };
        let events = simulate(&pod, &plan, &behaviour, config())
            .summary
            .events_handled;
        let time = median(|| {
            simulate(&pod, &plan, &behaviour, config())
                .summary
                .events_handled
        });
        println!(
            "{what:<48} {:>9}  {events} events, {:.2} M events/s",
            millis(time),
            events as f64 / time.as_secs_f64() / 1e6
        );
    }
}

const PROBED: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: probed}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    livenessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 1}\n    readinessProbe: {httpGet: {path: /ready, port: 8080}, periodSeconds: 1}\n";

fn init_containers(count: usize) -> String {
    let mut text = String::from(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: inits}\nspec:\n  initContainers:\n",
    );
    for index in 0..count {
        text.push_str(&format!(
            "  - {{name: init-{index}, image: busybox:1.36}}\n"
        ));
    }
    text.push_str("  containers: [{name: app, image: nginx:1.27}]\n");
    text
}

/// The median wall time of `ROUNDS` runs of `work`, after one warm-up.
fn median<T>(mut work: impl FnMut() -> T) -> Duration {
    std::hint::black_box(work());
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[ROUNDS / 2]
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}

fn millis(time: Duration) -> String {
    let millis = time.as_secs_f64() * 1e3;
    if millis < 10.0 {
        format!("{millis:.2} ms")
    } else {
        format!("{millis:.0} ms")
    }
}

fn speed(time: Duration, megabytes: f64) -> String {
    format!(
        "{:.1} MB/s, {:.1} K pods/s",
        megabytes / time.as_secs_f64(),
        PODS as f64 / time.as_secs_f64() / 1e3
    )
}

fn write_corpus(text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("podlife-figures-{}.yaml", std::process::id()));
    let mut file = std::fs::File::create(&path).expect("temporary file");
    file.write_all(text.as_bytes()).expect("write the corpus");
    path
}

/// The median wall time of `podlife validate -o json FILE` (output discarded) and its
/// largest peak resident memory (`VmHWM`, polled), in MB.
fn whole_process(file: &std::path::Path, threads: Option<usize>) -> (Duration, f64) {
    let mut peak_kb = 0u64;
    let time = median(|| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_podlife"));
        command
            .args(["validate", "-q", "-o", "json"])
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .env_remove("RAYON_NUM_THREADS");
        if let Some(threads) = threads {
            command.env("RAYON_NUM_THREADS", threads.to_string());
        }
        let mut child = command.spawn().expect("podlife runs");
        let status_file = format!("/proc/{}/status", child.id());
        loop {
            if let Ok(status) = std::fs::read_to_string(&status_file)
                && let Some(kb) = status
                    .lines()
                    .find_map(|line| line.strip_prefix("VmHWM:"))
                    .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            {
                peak_kb = peak_kb.max(kb);
            }
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    (time, peak_kb as f64 * 1024.0 / 1e6)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("model name"))
                .map(|rest| rest.trim_start_matches([' ', '\t', ':']).trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}
