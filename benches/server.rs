//! The language server under load, beside the command line on the same text: `cargo bench --bench server`.
//!
//! On a 1 MB document (generated Deployments, as the benchmark corpus), the time from
//! an edit to its diagnostics while 20 code lens requests are queued just before it, against
//! `podlife validate` of the same text as a process. Issue 27's target: at most 2× (in a debug
//! build it was about 3× with the lens simulations on the checker's thread pool). Median of
//! `ROUNDS`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod lsp_client;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lsp_client::Client;
use serde_json::json;

/// Timed runs per figure.
const ROUNDS: usize = 5;
/// Size of the document.
const BYTES: usize = 1_000_000;
/// Lens requests queued before the edit.
const LENS_REQUESTS: usize = 20;

fn main() {
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tools/gen_corpus.py");
    let generated = Command::new("python3")
        .args([script, "600"])
        .output()
        .expect("python3 runs ../shared/tools/gen_corpus.py");
    let corpus = String::from_utf8(generated.stdout).expect("UTF-8");
    let end = corpus
        .match_indices("\n---\n")
        .map(|(at, _)| at)
        .find(|&at| at >= BYTES)
        .unwrap_or(corpus.len());
    let text = format!("{}\n", &corpus[..end]);
    let file =
        std::env::temp_dir().join(format!("podlife-bench-server-{}.yaml", std::process::id()));
    std::fs::write(&file, &text).expect("write the document");
    let command_line = median(|| {
        let status = Command::new(env!("CARGO_BIN_EXE_podlife"))
            .args(["validate", "-q", "--no-config"])
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("podlife runs");
        assert!(status.code().is_some());
    });
    let server = median(|| edit_with_lenses_queued(&text));
    std::fs::remove_file(&file).ok();
    println!(
        "podlife server, {:.2} MB document, median of {ROUNDS}",
        text.len() as f64 / 1e6
    );
    println!("  podlife validate (process)                  {command_line:>10.2?}");
    println!("  edit → diagnostics, {LENS_REQUESTS} lens requests queued  {server:>10.2?}");
    println!(
        "  ratio                                       {:>10.2}× (target ≤ 2×)",
        server.as_secs_f64() / command_line.as_secs_f64()
    );
}

/// Opens `text`, waits for its diagnostics, asks for lenses `LENS_REQUESTS` times, edits, and
/// returns how long the edit's diagnostics took.
fn edit_with_lenses_queued(text: &str) -> Duration {
    let mut client = Client::start();
    let uri = "file:///nonexistent-podlife-bench/big.yaml";
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}}),
    );
    client.diagnostics(1);
    let started = Instant::now();
    for id in 0..LENS_REQUESTS {
        client.send(
            &json!({"jsonrpc": "2.0", "id": 100 + id, "method": "textDocument/codeLens",
            "params": {"textDocument": {"uri": uri}}}),
        );
    }
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": format!("{text}# edited\n")}]}}),
    );
    client.diagnostics(2);
    let took = started.elapsed();
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    client.child.wait().expect("exits");
    took
}

fn median<T>(mut work: impl FnMut() -> T) -> Duration
where
    T: Timed,
{
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            work().elapsed_since(start)
        })
        .collect();
    times.sort();
    times[ROUNDS / 2]
}

/// What a timed run gives: nothing (time the whole call) or its own measure.
trait Timed {
    fn elapsed_since(self, start: Instant) -> Duration;
}

impl Timed for () {
    fn elapsed_since(self, start: Instant) -> Duration {
        start.elapsed()
    }
}

impl Timed for Duration {
    fn elapsed_since(self, _: Instant) -> Duration {
        self
    }
}
