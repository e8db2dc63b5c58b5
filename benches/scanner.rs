//! The manifest scanner beside saphyr-parser's event stream, and what it buys `validate`:
//! `cargo bench --bench scanner`.
//!
//! Every figure is a ratio to saphyr-parser's event stream (one thread) over the same file,
//! timed in the same round: the rounds alternate the readers, so a busy machine slows them
//! alike. Figures: the scanner's events alone (one thread) on the benchmark corpus (10,000
//! generated Deployments, 18.8 MB) and on the real corpus (`PODLIFE_CORPUS`, else
//! `../shared/corpus/real`); `validate` of the corpus in process on one thread and on every
//! core; the whole `podlife validate`, `resources` and `status` processes on 1 and 2 threads
//! (`RAYON_NUM_THREADS`), with their peak memory. Medians of `ROUNDS` rounds after a warm-up.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

// Only the one-file corpus is used here.
#[allow(dead_code)]
mod corpus;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use corpus::{PODS, corpus};
use podlife::input::SourceText;
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;
use podlife::yaml::event_source::{EventSink, read_events};
use saphyr_parser::{Event, Span};

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Timed rounds per figure (after one warm-up).
const ROUNDS: usize = 9;

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: nothing to measure.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let text = corpus();
    let megabytes = text.len() as f64 / 1e6;
    println!(
        "podlife scanner: {cores} cores, {PODS} generated Deployments, {megabytes:.1} MB, medians of {ROUNDS} alternated rounds"
    );
    println!(
        "(× saphyr: the figure's time over saphyr-parser's event stream, 1 thread, same file, same round)"
    );
    println!();

    let (events, readers) = scanner_events(text);
    println!(
        "corpus: {events} events; documents scanned {} / declined {}",
        readers.0, readers.1
    );
    let one_file = SourceText::new("corpus.yaml", text);
    let options = CheckOptions::default();
    let single = pool(1);
    let every = pool(cores);
    let rounds = alternate(&mut [
        &mut || {
            saphyr_events(text);
        },
        &mut || {
            scanner_events(text);
        },
        &mut || {
            single.install(|| validate_source(&one_file, &options).findings.len());
        },
        &mut || {
            every.install(|| validate_source(&one_file, &options).findings.len());
        },
    ]);
    let floor = median_of(&rounds, 0);
    println!(
        "{:<52} {:>9}  {:>9}  figure",
        "in process", "median", "× saphyr"
    );
    let rows = [
        ("saphyr-parser events, 1 thread", 0, String::new()),
        ("manifest scanner events, 1 thread", 1, String::new()),
        ("validate one file, 1 thread", 2, String::new()),
        ("validate one file, every core", 3, String::new()),
    ];
    for (what, index, _) in &rows {
        let time = median_of(&rounds, *index);
        let speed = format!("{:.0} MB/s", megabytes / time.as_secs_f64());
        println!(
            "{what:<52} {:>9}  {:>9}  {speed}; saphyr ÷ this {:.1}",
            millis(time),
            format!("{:.3}", median_ratio(&rounds, *index, 0)),
            median_ratio(&rounds, 0, *index),
        );
    }
    println!(
        "validate 1 → {cores} threads: {:.2}×",
        median_ratio(&rounds, 2, 3)
    );
    let _ = floor;

    real_corpus_figures();
    println!();
    whole_process_figures(text);
}

/// saphyr-parser alone: every event of `text`.
fn saphyr_events(text: &str) -> usize {
    let mut parser = saphyr_parser::Parser::new_from_str(text);
    let mut events = 0usize;
    while let Some(Ok(event)) = parser.next_event() {
        // Each event looked at, as the scanner's counter looks at its own.
        std::hint::black_box(&event);
        events += 1;
    }
    events
}

/// The scanner (saphyr-parser for what it declines): every event of `text`, and the
/// documents each read.
fn scanner_events(text: &str) -> (usize, (usize, usize)) {
    let mut counter = Counter::default();
    let (_, readers) = read_events(text, &mut counter);
    (counter.events, (readers.scanned, readers.declined))
}

/// Counts events, as the saphyr-parser loop does.
#[derive(Default)]
struct Counter {
    events: usize,
    checkpoint: usize,
}

impl<'a> EventSink<'a> for Counter {
    fn event(&mut self, event: Event<'a>, span: Span) {
        std::hint::black_box((&event, &span));
        self.events += 1;
    }

    fn checkpoint(&mut self) {
        self.checkpoint = self.events;
    }

    fn retract(&mut self) {
        self.events = self.checkpoint;
    }
}

/// The real corpus read both ways, alternated, all files each round.
fn real_corpus_figures() {
    let dir = std::env::var_os("PODLIFE_CORPUS").map_or_else(
        || {
            std::path::PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/corpus/real"
            ))
        },
        Into::into,
    );
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("real corpus: absent ({}), skipped", dir.display());
        return;
    };
    let mut texts: Vec<String> = entries
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .collect();
    texts.sort();
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut scanned = 0;
    let mut declined = 0;
    for text in &texts {
        let (_, (s, d)) = scanner_events(text);
        scanned += s;
        declined += d;
    }
    let rounds = alternate(&mut [
        &mut || {
            for text in &texts {
                saphyr_events(text);
            }
        },
        &mut || {
            for text in &texts {
                scanner_events(text);
            }
        },
    ]);
    println!(
        "real corpus ({} files, {:.2} MB; documents scanned {scanned} / declined {declined}): saphyr {} , scanner {} , × saphyr {:.3}",
        texts.len(),
        bytes as f64 / 1e6,
        millis(median_of(&rounds, 0)),
        millis(median_of(&rounds, 1)),
        median_ratio(&rounds, 1, 0)
    );
}

/// Whole processes, 1 and 2 threads alternated with saphyr-parser's events over the same file.
fn whole_process_figures(text: &str) {
    let corpus_file = write_temporary("corpus.yaml", text);
    let status_text = podlife_status_corpus();
    let status_file = write_temporary("status.yaml", &status_text);
    println!(
        "{:<44} {:>9} {:>9}  {:>8} {:>8}  {:>7}  peak MB 1 / 2 threads (target 2 × input + 25 MB)",
        "whole process", "1 thread", "2 threads", "× saphyr", "", "1 → 2"
    );
    for (what, args, file, input) in [
        (
            "podlife validate",
            vec!["validate", "-q"],
            &corpus_file,
            text,
        ),
        (
            "podlife validate -o json",
            vec!["validate", "-q", "-o", "json"],
            &corpus_file,
            text,
        ),
        ("podlife resources", vec!["resources"], &corpus_file, text),
        (
            "podlife resources -o json",
            vec!["resources", "-o", "json"],
            &corpus_file,
            text,
        ),
        (
            "podlife status (10,000 live pods)",
            vec!["status"],
            &status_file,
            status_text.as_str(),
        ),
    ] {
        let mut peaks = [0.0f64; 2];
        let rounds = {
            let mut run = |threads: usize| {
                let (time, peak) = whole_process(&args, file, threads);
                peaks[threads - 1] = peaks[threads - 1].max(peak);
                time
            };
            let mut times = Vec::new();
            saphyr_events(input);
            for _ in 0..ROUNDS {
                let start = Instant::now();
                std::hint::black_box(saphyr_events(input));
                let floor = start.elapsed();
                times.push(vec![floor, run(1), run(2)]);
            }
            times
        };
        let target = 2.0 * input.len() as f64 / 1e6 + 25.0;
        println!(
            "{what:<44} {:>9} {:>9}  {:>8} {:>8}  {:>6.2}×  {:.1} / {:.1} (target {target:.1})",
            millis(median_of(&rounds, 1)),
            millis(median_of(&rounds, 2)),
            format!("{:.3}", median_ratio(&rounds, 1, 0)),
            format!("{:.3}", median_ratio(&rounds, 2, 0)),
            median_ratio(&rounds, 1, 2),
            peaks[0],
            peaks[1],
        );
    }
    let _ = std::fs::remove_file(corpus_file);
    let _ = std::fs::remove_file(status_file);
}

/// 10,000 live pods as `kubectl get pod -o yaml` prints them, one document each.
fn podlife_status_corpus() -> String {
    let mut text = String::new();
    for index in 0..PODS {
        text.push_str(&format!(
            "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web-{index:05}\n  namespace: team-{team}\n  uid: 6f1c{index:08x}-0000-4000-8000-000000000000\n  labels:\n    app: web\nspec:\n  initContainers:\n  - name: migrate\n    image: registry.example.com/migrate:1.0\n  - name: proxy\n    image: envoyproxy/envoy:v1.31\n    restartPolicy: Always\n  containers:\n  - name: app\n    image: registry.example.com/web:2.{index}\n    readinessProbe:\n      httpGet: {{path: /healthz, port: 8080}}\nstatus:\n  phase: Running\n  conditions:\n  - type: Initialized\n    status: \"True\"\n    lastTransitionTime: \"2026-11-28T10:00:05Z\"\n  - type: Ready\n    status: \"True\"\n    lastTransitionTime: \"2026-11-28T10:00:20Z\"\n  initContainerStatuses:\n  - name: migrate\n    ready: false\n    restartCount: {restarts}\n    state:\n      terminated:\n        exitCode: 0\n        reason: Completed\n        startedAt: \"2026-11-28T10:00:02Z\"\n        finishedAt: \"2026-11-28T10:00:04Z\"\n  - name: proxy\n    ready: true\n    started: true\n    restartCount: 0\n    state:\n      running:\n        startedAt: \"2026-11-28T10:00:05Z\"\n  containerStatuses:\n  - name: app\n    ready: true\n    started: true\n    restartCount: {restarts}\n    state:\n      running:\n        startedAt: \"2026-11-28T10:00:06Z\"\n",
            team = index % 10,
            restarts = index % 4,
        ));
    }
    text
}

/// Runs each of `work` once to warm up, then `ROUNDS` rounds of all of them in turn: the
/// times, one row per round.
fn alternate(work: &mut [&mut dyn FnMut()]) -> Vec<Vec<Duration>> {
    for job in work.iter_mut() {
        job();
    }
    (0..ROUNDS)
        .map(|_| {
            work.iter_mut()
                .map(|job| {
                    let start = Instant::now();
                    job();
                    start.elapsed()
                })
                .collect()
        })
        .collect()
}

fn median_of(rounds: &[Vec<Duration>], index: usize) -> Duration {
    let mut times: Vec<Duration> = rounds.iter().map(|round| round[index]).collect();
    times.sort();
    times[times.len() / 2]
}

/// The median over rounds of `a`'s time over `b`'s in the same round.
fn median_ratio(rounds: &[Vec<Duration>], a: usize, b: usize) -> f64 {
    let mut ratios: Vec<f64> = rounds
        .iter()
        .map(|round| round[a].as_secs_f64() / round[b].as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ratios.len() / 2]
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

fn millis(time: Duration) -> String {
    let millis = time.as_secs_f64() * 1e3;
    if millis < 10.0 {
        format!("{millis:.2} ms")
    } else {
        format!("{millis:.0} ms")
    }
}

fn write_temporary(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("podlife-scanner-{}-{name}", std::process::id()));
    let mut file = std::fs::File::create(&path).expect("temporary file");
    file.write_all(text.as_bytes()).expect("write the input");
    path
}

/// The wall time of `podlife ARGS FILE` on `threads` threads (output discarded) and its peak
/// resident memory (`VmHWM`, polled), in MB.
fn whole_process(args: &[&str], file: &std::path::Path, threads: usize) -> (Duration, f64) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_podlife"))
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env("RAYON_NUM_THREADS", threads.to_string())
        .spawn()
        .expect("podlife runs");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
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
    (start.elapsed(), peak_kb as f64 * 1024.0 / 1e6)
}
