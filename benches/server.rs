//! The language server under load, beside the command line on the same text: `cargo bench --bench server`.
//!
//! On a 1 MB document (generated Deployments, as the benchmark corpus), the time from
//! an edit to its diagnostics while 20 code lens requests are queued just before it, against
//! `podlife validate` of the same text as a process. Issue 27's target: at most 2× (in a debug
//! build it was about 3× with the lens simulations on the checker's thread pool). Then two
//! bursts of edits, from the first edit sent to the diagnostics of the last version: one
//! `didChange` holding `BURST_IN_ONE` edits (a "replace all"), and `BURST_SEPARATE` separate
//! `didChange`s of one edit each (issue 49's target: about one re-index per burst, diagnostics
//! within 2× of the process). Median of `ROUNDS`.

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
/// Edits in the one `didChange` of the first burst.
const BURST_IN_ONE: usize = 9_000;
/// `didChange` notifications of the second burst.
const BURST_SEPARATE: usize = 10_000;

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
    let in_one = median(|| burst(&text, true));
    let separate = median(|| burst(&text, false));
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
    println!(
        "  {BURST_IN_ONE} edits in one didChange → diagnostics  {in_one:>10.2?}  ({:.2}×)",
        in_one.as_secs_f64() / command_line.as_secs_f64()
    );
    println!(
        "  {BURST_SEPARATE} didChanges of one edit → diagnostics {separate:>10.2?}  ({:.2}×)",
        separate.as_secs_f64() / command_line.as_secs_f64()
    );
}

/// One edit per line, the line's first character replaced by itself: every edit costs what a
/// real one does, and the text stays what it was.
fn line_edits(text: &str, count: usize) -> Vec<serde_json::Value> {
    text.lines()
        .enumerate()
        .filter_map(|(line, content)| {
            let first = content.chars().next()?;
            Some(json!({"range": {"start": {"line": line, "character": 0},
                "end": {"line": line, "character": first.len_utf16()}},
                "text": first.to_string()}))
        })
        .take(count)
        .collect()
}

/// A server with `text` open at `uri` and checked.
fn opened(uri: &str, text: &str) -> Client {
    let mut client = Client::start();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}}),
    );
    client.diagnostics(1);
    client
}

/// Opens `text`, then sends a burst of edits (all in one `didChange`, or one per `didChange`)
/// and returns the time from the first edit sent to the last version's diagnostics.
fn burst(text: &str, in_one: bool) -> Duration {
    let uri = "file:///nonexistent-podlife-bench/burst.yaml";
    let mut client = opened(uri, text);
    let last = if in_one {
        let edits = line_edits(text, BURST_IN_ONE);
        let message = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": edits}});
        let started = Instant::now();
        client.send(&message);
        client.diagnostics(2);
        let took = started.elapsed();
        client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
        client.child.wait().expect("exits");
        return took;
    } else {
        BURST_SEPARATE + 1
    };
    let edits = line_edits(text, BURST_SEPARATE);
    let messages: Vec<serde_json::Value> = (0..BURST_SEPARATE)
        .map(|index| {
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": index + 2},
            "contentChanges": [edits[index % edits.len()]]}})
        })
        .collect();
    let started = Instant::now();
    for message in &messages {
        client.send(message);
    }
    client.diagnostics(i64::try_from(last).expect("a version"));
    let took = started.elapsed();
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    client.child.wait().expect("exits");
    took
}

/// Opens `text`, waits for its diagnostics, asks for lenses `LENS_REQUESTS` times, edits, and
/// returns how long the edit's diagnostics took.
fn edit_with_lenses_queued(text: &str) -> Duration {
    let uri = "file:///nonexistent-podlife-bench/big.yaml";
    let mut client = opened(uri, text);
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
