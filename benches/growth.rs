//! Growth benchmark: how the time grows when one kind of input grows 1× → 4× (findings per
//! file, pods per file, documents, containers per pod, duplicate keys, legacy annotations), a
//! language-server edit against the command line on the same text, and `resources` and
//! `status` on 1 and 2 cores with their peak memory. It prints figures and ratios and asserts
//! nothing: `cargo bench --bench growth`. A linear path shows a ratio near 4 for 4× the input
//! (near 1 when the input that grows is not what costs); a quadratic one near 16.
//! `PODLIFE_BENCH_CORPUS` names a generated corpus file to skip its generation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

// Only the corpus text is used here.
#[allow(dead_code)]
mod corpus;
mod lsp_client;

use std::fmt::Write as _;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lsp_client::Client;

use podlife::input::SourceText;
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;
use serde_json::json;

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Timed runs per figure (after one warm-up).
const ROUNDS: usize = 5;

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: nothing to measure.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    println!("podlife growth: medians of {ROUNDS} runs; ratio = time at 4× ÷ time at 1×");
    println!();
    growth_in_process();
    println!();
    server_against_command_line();
    println!();
    processes_on_cores();
}

/// An input kind: what it is, its text for a size, its size at 1×.
type Grown = (&'static str, fn(usize) -> String, usize);

/// Each input kind at 1× and 4×, and the duplicate keys against a clean file.
fn growth_in_process() {
    println!("in process, `validate` of one file (the machine's cores):");
    let grown: [Grown; 6] = [
        (
            "findings per file: 1,000 pods, 250 → 1,000 with a warning",
            findings_per_file,
            250,
        ),
        (
            "pods per file: one List of 1,000 → 4,000 pods",
            pods_in_one_list,
            1000,
        ),
        ("documents: 1,000 → 4,000, a pod each", pods, 1000),
        (
            "containers per pod: 100 pods of 10 → 40 containers",
            containers_per_pod,
            10,
        ),
        (
            "duplicate keys: 1,000 → 4,000 pods with one each",
            duplicate_keys,
            1000,
        ),
        (
            "legacy init-container annotations: 1,000 → 4,000 pods",
            legacy_annotations,
            1000,
        ),
    ];
    for (name, generate, base) in grown {
        let small = validate_time(&generate(base));
        let large = validate_time(&generate(base * 4));
        println!(
            "  {name}: {} → {}, ratio {:.2}",
            millis(small),
            millis(large),
            ratio(large, small)
        );
    }
    let clean = validate_time(&pods(4000));
    let duplicated = validate_time(&duplicate_keys(4000));
    println!(
        "  4,000 pods with a duplicate key each ÷ 4,000 clean pods: {} ÷ {} = {:.2} (target ≤ 2.5)",
        millis(duplicated),
        millis(clean),
        ratio(duplicated, clean)
    );
}

/// One edit in the language server against `podlife validate` on the same text.
fn server_against_command_line() {
    let deployments = deployments_with_a_warning(2000);
    let file = write_temporary("edit", &deployments);
    let edit = server_edit_time(&file, &deployments);
    let command_line = process_time(&["validate"], &file, None).0;
    println!(
        "language server, one edit of 2,000 Deployments (a warning each) to its diagnostics: {} \
         ÷ `podlife validate` on the same text {} = {:.2} (target ≤ 2)",
        millis(edit),
        millis(command_line),
        ratio(edit, command_line)
    );
    let _ = std::fs::remove_file(file);
}

/// `resources` and `status` as processes on 1 and 2 threads, with their peak memory.
fn processes_on_cores() {
    let corpus_file = write_temporary("corpus", corpus::corpus());
    let live = live_pods(10_000);
    let live_file = write_temporary("live", &live);
    let now = "--now=2026-11-25T00:00:00Z";
    let runs: [(&str, &[&str], &Path, usize); 4] = [
        (
            "resources, benchmark corpus",
            &["resources"],
            &corpus_file,
            corpus::corpus().len(),
        ),
        (
            "resources -o json, benchmark corpus",
            &["resources", "-o", "json"],
            &corpus_file,
            corpus::corpus().len(),
        ),
        (
            "status, benchmark corpus",
            &["status", now],
            &corpus_file,
            corpus::corpus().len(),
        ),
        (
            "status, 10,000 live pods",
            &["status", now],
            &live_file,
            live.len(),
        ),
    ];
    println!(
        "whole process, 1 → 2 threads (RAYON_NUM_THREADS), peak memory against 2 × input + 25 MB:"
    );
    for (name, args, file, bytes) in runs {
        let (one, one_peak) = process_time(args, file, Some(1));
        let (two, two_peak) = process_time(args, file, Some(2));
        let target = 2.0 * bytes as f64 / 1e6 + 25.0;
        println!(
            "  {name} ({:.1} MB): {} → {}, {:.2}× (target ≥ 1.6); peak {one_peak:.1} / {two_peak:.1} MB (target {target:.1} MB)",
            bytes as f64 / 1e6,
            millis(one),
            millis(two),
            ratio(one, two)
        );
    }
    for file in [corpus_file, live_file] {
        let _ = std::fs::remove_file(file);
    }
}

/// The median time of `validate_source` on `text`.
fn validate_time(text: &str) -> Duration {
    let source = SourceText::new("growth.yaml", text);
    let options = CheckOptions::default();
    median(|| validate_source(&source, &options).findings.len())
}

/// A pod, its containers' lines given.
fn pod(name: &str, containers: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\nspec:\n  containers:\n{containers}"
    )
}

/// A container with requests and limits, indented for a pod's `containers`.
fn container(name: &str, extra: &str) -> String {
    format!(
        "  - name: {name}\n    image: nginx:1.27\n{extra}    resources:\n      requests: {{cpu: 100m, memory: 64Mi}}\n      limits: {{cpu: 100m, memory: 64Mi}}\n"
    )
}

fn join(documents: impl Iterator<Item = String>) -> String {
    documents.collect::<Vec<_>>().join("---\n")
}

fn pods(count: usize) -> String {
    join((0..count).map(|n| pod(&format!("p{n}"), &container("app", ""))))
}

fn findings_per_file(warned: usize) -> String {
    join((0..1000).map(|n| {
        let extra = if n < warned {
            "    imagePullPolicyy: Always\n"
        } else {
            ""
        };
        pod(&format!("p{n}"), &container("app", extra))
    }))
}

fn pods_in_one_list(count: usize) -> String {
    let mut text = String::from("apiVersion: v1\nkind: List\nitems:\n");
    for n in 0..count {
        let item = pod(&format!("p{n}"), &container("app", ""));
        for (index, line) in item.lines().enumerate() {
            text.push_str(if index == 0 { "- " } else { "  " });
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

fn containers_per_pod(containers: usize) -> String {
    join((0..100).map(|n| {
        let lines: String = (0..containers)
            .map(|c| container(&format!("c{c}"), ""))
            .collect();
        pod(&format!("p{n}"), &lines)
    }))
}

fn duplicate_keys(count: usize) -> String {
    join((0..count).map(|n| {
        pod(
            &format!("p{n}"),
            &container("app", "    image: nginx:1.27\n"),
        )
    }))
}

fn legacy_annotations(count: usize) -> String {
    join((0..count).map(|n| {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p{n}\n  annotations:\n    pod.beta.kubernetes.io/init-containers: '[{{\"name\": \"install\", \"image\": \"busybox:1.36\", \"command\": [\"true\"]}}]'\nspec:\n  containers:\n{}",
            container("app", "")
        )
    }))
}

fn deployments_with_a_warning(count: usize) -> String {
    join((0..count).map(|n| {
        format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-{n}\n  namespace: shop\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {{app: web-{n}}}\n  template:\n    metadata:\n      labels: {{app: web-{n}}}\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.27\n        imagePullPolicyy: Always\n        resources:\n          requests: {{cpu: 100m, memory: 64Mi}}\n          limits: {{cpu: 100m, memory: 64Mi}}\n"
        )
    }))
}

/// `count` live pods (with a `status`), the saved `kubectl get pod -o yaml` of
/// `testdata/status/` over and over, each renamed.
fn live_pods(count: usize) -> String {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/status");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(directory)
        .expect("testdata/status")
        .map(|entry| entry.expect("entry").path())
        .collect();
    paths.sort();
    let mut pods = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).expect("readable");
        for document in text.split("\n---\n") {
            if document.contains("\nkind: Pod\n") && document.contains("\nstatus:") {
                pods.push(document.trim_matches('\n').to_string());
            }
        }
    }
    let mut text = String::new();
    for n in 0..count {
        let pod = &pods[n % pods.len()];
        if n > 0 {
            text.push_str("---\n");
        }
        // Each copy renamed: the first `  name:` line is the pod's.
        let mut renamed = false;
        for line in pod.lines() {
            text.push_str(line);
            if !renamed && line.starts_with("  name: ") {
                let _ = write!(text, "-{n}");
                renamed = true;
            }
            text.push('\n');
        }
    }
    text
}

fn write_temporary(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("podlife-growth-{name}-{}.yaml", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

/// The median wall time of `podlife ARGS FILE` (output discarded) and its largest peak
/// resident memory in MB (`/usr/bin/time -f %M`, when it is there).
fn process_time(args: &[&str], file: &Path, threads: Option<usize>) -> (Duration, f64) {
    let report = std::env::temp_dir().join(format!("podlife-growth-time-{}", std::process::id()));
    let time_tool = Path::new("/usr/bin/time").exists();
    let mut peak_kb = 0u64;
    let time = median(|| {
        let mut command = if time_tool {
            let mut command = Command::new("/usr/bin/time");
            command
                .arg("-f")
                .arg("%M")
                .arg("-o")
                .arg(&report)
                .arg(env!("CARGO_BIN_EXE_podlife"));
            command
        } else {
            Command::new(env!("CARGO_BIN_EXE_podlife"))
        };
        command
            .args(args)
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .env_remove("RAYON_NUM_THREADS");
        if let Some(threads) = threads {
            command.env("RAYON_NUM_THREADS", threads.to_string());
        }
        command.status().expect("podlife runs");
        if let Some(kb) = std::fs::read_to_string(&report)
            .ok()
            .and_then(|text| text.lines().last()?.trim().parse::<u64>().ok())
        {
            peak_kb = peak_kb.max(kb);
        }
    });
    let _ = std::fs::remove_file(report);
    (time, peak_kb as f64 * 1024.0 / 1e6)
}

/// The median time from one incremental edit of `text` (a replica count, near its end) to
/// the server's diagnostics of the new version.
fn server_edit_time(file: &Path, text: &str) -> Duration {
    let mut client = Client::start();
    let uri = format!("file://{}", file.display());
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    while client.receive()["id"] != 1 {}
    client.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}}),
    );
    let opened = client.diagnostics(1);
    assert!(opened > 0, "the text has warnings");
    let line = text.lines().count().saturating_sub(14);
    assert!(
        text.lines()
            .nth(line)
            .is_some_and(|l| l.starts_with("  replicas: "))
    );
    let mut version = 1;
    let time = median(|| {
        version += 1;
        let digit = if version % 2 == 0 { "3" } else { "2" };
        client.send(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 12},
                "end": {"line": line, "character": 13}}, "text": digit}]}}),
        );
        client.diagnostics(version)
    });
    client.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    while client.receive()["id"] != 2 {}
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let _ = client.child.wait();
    time
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
