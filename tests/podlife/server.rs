//! `podlife server`: the Language Server spoken to as an editor would, over its stdio, with no
//! mock of the protocol: initialize, open, diagnostics, code actions, hover, code lens, an
//! incremental change, cancel, hostile text, shutdown and exit.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

struct Client {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Client {
    fn start() -> Self {
        Self::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_podlife"))
            .arg("server")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("podlife server starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Client {
            child,
            input,
            output,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("send");
        self.input.flush().expect("flush");
    }

    /// Closes the server's stdin and waits for it to end, at most `bound`: its exit code
    /// and how long it took.
    fn close_and_wait(self, bound: std::time::Duration) -> (Option<i32>, std::time::Duration) {
        let Client {
            mut child, input, ..
        } = self;
        drop(input);
        wait_bounded(&mut child, bound)
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("send");
        self.input.flush().expect("flush");
    }

    fn receive(&mut self) -> Value {
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).expect("read") > 0,
                "the server hung up"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(value) = line.strip_prefix("Content-Length: ") {
                length = value.parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        self.output.read_exact(&mut body).expect("body");
        serde_json::from_slice(&body).expect("JSON")
    }

    /// The next message that answers request `id` (notifications before it are kept).
    fn answer(&mut self, id: i64, kept: &mut Vec<Value>) -> Value {
        loop {
            let message = self.receive();
            if message["id"] == id {
                return message;
            }
            kept.push(message);
        }
    }

    fn diagnostics(&mut self, version: i64) -> Value {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == version
            {
                return message["params"]["diagnostics"].clone();
            }
        }
    }
}

/// Applies one LSP text edit to ASCII `text` (columns are bytes there).
fn apply(text: &str, edit: &Value) -> String {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap_or(0) as usize;
        let character = position["character"].as_u64().unwrap_or(0) as usize;
        text.split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>()
            + character
    };
    let start = offset(&edit["range"]["start"]);
    let end = offset(&edit["range"]["end"]);
    format!(
        "{}{}{}",
        &text[..start],
        edit["newText"].as_str().unwrap_or_default(),
        &text[end..]
    )
}

const URI: &str = "file:///nonexistent-podlife-test/pod.yaml";
const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: nginx:1.27\n    imagePullPolicy: ifnotpresent\n    resources: {requests: {cpu: 100m}}\n";

#[test]
fn an_editor_session_end_to_end() {
    let mut client = Client::start();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
        "initializationOptions": {"rulesUrl": "https://docs.example/rules#{id}"}}}),
    );
    let mut kept = Vec::new();
    let initialized = client.answer(1, &mut kept);
    let capabilities = &initialized["result"]["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    assert_eq!(capabilities["textDocumentSync"], 2, "incremental");
    client.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));

    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": POD}}}),
    );
    let diagnostics = client.diagnostics(1);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    let first = &diagnostics[0];
    assert_eq!(first["code"], "PL102");
    assert_eq!(first["severity"], 1);
    assert_eq!(
        first["codeDescription"]["href"],
        "https://docs.example/rules#PL102"
    );
    assert_eq!(first["range"]["start"], json!({"line": 7, "character": 21}));
    assert_eq!(first["range"]["end"], json!({"line": 7, "character": 33}));

    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 7, "character": 25}, "end": {"line": 7, "character": 25}},
        "context": {"diagnostics": []}}}),
    );
    let actions = client.answer(2, &mut kept)["result"].clone();
    assert_eq!(actions[0]["title"], "Fix PL102: write `IfNotPresent`");
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(
        actions[0]["edit"]["changes"][URI][0]["newText"],
        "IfNotPresent"
    );
    assert_eq!(actions[1]["title"], "Suppress PL102 on this line");
    assert_eq!(
        actions[1]["edit"]["changes"][URI][0]["newText"],
        " # podlife: ignore[PL102]"
    );

    // "For this object" writes the annotation in the object's own style, and it suppresses.
    let object = &actions[2];
    assert_eq!(
        object["title"],
        "Suppress PL102 for this object (podlife.dev/ignore)"
    );
    let suppressed = apply(POD, &object["edit"]["changes"][URI][0]);
    assert!(
        suppressed.contains("metadata: {name: p, annotations: {podlife.dev/ignore: \"PL102\"}}"),
        "{suppressed}"
    );
    let checked =
        super::support::run_with_stdin(&["validate", "-o", "short", "-"], suppressed.as_bytes());
    assert!(!String::from_utf8_lossy(&checked.stdout).contains("PL102"));
    let block_uri = "file:///nonexistent-podlife-test/block.yaml";
    let block = POD.replace("metadata: {name: p}", "metadata:\n  name: p");
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": block_uri, "languageId": "yaml", "version": 1, "text": block}}}),
    );
    client.diagnostics(1);
    client.send(
        &json!({"jsonrpc": "2.0", "id": 20, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": block_uri},
        "range": {"start": {"line": 8, "character": 25}, "end": {"line": 8, "character": 25}},
        "context": {"diagnostics": []}}}),
    );
    let block_actions = client.answer(20, &mut kept)["result"].clone();
    let suppressed = apply(&block, &block_actions[2]["edit"]["changes"][block_uri][0]);
    assert!(
        suppressed
            .contains("metadata:\n  annotations:\n    podlife.dev/ignore: \"PL102\"\n  name: p\n"),
        "{suppressed}"
    );

    client.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": URI}, "position": {"line": 7, "character": 25}}}),
    );
    let on_finding = client.answer(3, &mut kept)["result"]["contents"]["value"].clone();
    assert!(
        on_finding
            .as_str()
            .is_some_and(|t| t.contains("# PL102 invalid-image-pull-policy")),
        "{on_finding}"
    );
    client.send(
        &json!({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": URI}, "position": {"line": 6, "character": 6}}}),
    );
    let on_container = client.answer(4, &mut kept)["result"]["contents"]["value"].clone();
    let on_container = on_container.as_str().unwrap_or_default().to_string();
    assert!(on_container.contains("**container `a`**"), "{on_container}");
    assert!(
        on_container.contains("QoS class Burstable"),
        "{on_container}"
    );

    client.send(
        &json!({"jsonrpc": "2.0", "id": 5, "method": "textDocument/codeLens", "params": {
        "textDocument": {"uri": URI}}}),
    );
    // The API server would reject the pod: `simulate` leaves it out, and the lens says so.
    let lenses = client.answer(5, &mut kept)["result"].clone();
    assert_eq!(
        lenses[0]["command"]["title"],
        "podlife simulate: not run, the API server would reject this pod (1 error)"
    );
    assert!(
        lenses[0]["command"]["arguments"][0]["run"]
            .as_str()
            .is_some_and(|run| run.ends_with("--pod p --allow-invalid`")),
        "{lenses}"
    );

    // An incremental edit fixes the value: the diagnostics go, the lens has its figure.
    client.send(&json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 7, "character": 21}, "end": {"line": 7, "character": 33}}, "text": "IfNotPresent"}]}}));
    assert_eq!(client.diagnostics(2), json!([]));
    client.send(
        &json!({"jsonrpc": "2.0", "id": 16, "method": "textDocument/codeLens", "params": {
        "textDocument": {"uri": URI}}}),
    );
    let lenses = client.answer(16, &mut kept)["result"].clone();
    assert_eq!(
        lenses[0]["command"]["title"],
        "podlife simulate: Ready at 2.4s, 0 restarts (default scenario)"
    );

    // A duplicate name points at the first container with it.
    let duplicate = POD.replace(
        "    resources: {requests: {cpu: 100m}}\n",
        "    resources: {requests: {cpu: 100m}}\n  - name: a\n    image: busybox:1.36\n",
    );
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": duplicate}]}}),
    );
    let diagnostics = client.diagnostics(3);
    let related = diagnostics
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| d["code"] == "PL101")
        .map(|d| d["relatedInformation"][0].clone())
        .expect("a PL101 diagnostic");
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 5, "character": 10})
    );
    assert_eq!(related["message"], "container #1 is named `a` here");

    // Hostile text: no crash, a located diagnostic.
    let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n";
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": bomb}]}}),
    );
    let diagnostics = client.diagnostics(3);
    assert!(
        diagnostics.as_array().is_some_and(|d| !d.is_empty()),
        "{diagnostics}"
    );

    // A YAML file that is no Kubernetes object gets nothing.
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": "file:///nonexistent-podlife-test/ci.yaml", "languageId": "yaml",
        "version": 1, "text": "on: push\njobs: {}\n"}}}),
    );
    assert_eq!(client.diagnostics(1), json!([]));

    client.send(
        &json!({"jsonrpc": "2.0", "id": 6, "method": "workspace/symbol", "params": {"query": ""}}),
    );
    assert_eq!(
        client.answer(6, &mut kept)["error"]["code"],
        -32601,
        "method not found"
    );

    client.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}));
    assert_eq!(client.answer(7, &mut kept)["result"], Value::Null);
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let status = client.child.wait().expect("exits");
    assert_eq!(status.code(), Some(0));
}

/// A client that negotiates UTF-8 gets byte columns.
#[test]
fn utf8_positions_when_the_client_offers_them() {
    let mut client = Client::start();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}}}),
    );
    let mut kept = Vec::new();
    assert_eq!(
        client.answer(1, &mut kept)["result"]["capabilities"]["positionEncoding"],
        "utf-8"
    );
    client.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let text = POD
        .replace(
            "metadata: {name: p}",
            "metadata: {name: p, annotations: {note: \"é𝄞\"}}",
        )
        .replace(
            "    imagePullPolicy: ifnotpresent\n",
            "    imagePullPolicy: ifnotpresent # é𝄞\n",
        )
        .replace("  - name: a\n", "  - name: a # 𝄞\n");
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": text}}}),
    );
    let diagnostics = client.diagnostics(1);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 7, "character": 21})
    );
    client.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    client.answer(2, &mut kept);
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    assert_eq!(client.child.wait().expect("exits").code(), Some(0));
}

/// Waits for `child` at most `bound` (then kills it): its exit code and the time it took.
fn wait_bounded(
    child: &mut Child,
    bound: std::time::Duration,
) -> (Option<i32>, std::time::Duration) {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return (status.code(), started.elapsed());
        }
        if started.elapsed() > bound {
            child.kill().ok();
            child.wait().ok();
            return (None, started.elapsed());
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn initialize(client: &mut Client, id: i64) {
    client.send(&json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {"capabilities": {}}}));
    let mut kept = Vec::new();
    let answer = client.answer(id, &mut kept);
    assert!(answer["result"]["capabilities"].is_object(), "{answer}");
}

/// Item 7: a `Content-Length` far over the bound (10^14, 2^64−1) then EOF ends the server
/// cleanly (it used to abort, or panic); a message over `--max-message-size` is answered with
/// an error and skipped, and the session goes on.
#[test]
fn huge_content_lengths_are_skipped_not_allocated() {
    for length in [
        "100000000000000",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        let mut client = Client::start();
        client.send_raw(format!("Content-Length: {length}\r\n\r\n{{}}").as_bytes());
        let (code, _) = client.close_and_wait(std::time::Duration::from_secs(10));
        assert_eq!(code, Some(0), "Content-Length: {length}");
    }
    let mut client = Client::start_with(&["--max-message-size", "1KiB"]);
    let padding = "x".repeat(2000);
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"padding": padding}}),
    );
    let error = client.receive();
    assert_eq!(error["id"], Value::Null, "{error}");
    assert_eq!(error["error"]["code"], -32600, "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("over the bound")),
        "{error}"
    );
    initialize(&mut client, 2);
    // A header with no body, then EOF: a clean end.
    client.send_raw(b"Content-Length: 500\r\n\r\n");
    let (code, took) = client.close_and_wait(std::time::Duration::from_secs(10));
    assert_eq!(code, Some(0));
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
}

/// Item 8: what is not a message gets a JSON-RPC error and the server keeps serving.
#[test]
fn bad_messages_are_answered_and_the_server_keeps_serving() {
    let mut client = Client::start();
    client.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}));
    let early = client.receive();
    assert_eq!(early["id"], 1);
    assert_eq!(
        early["error"]["code"], -32002,
        "ServerNotInitialized: {early}"
    );
    initialize(&mut client, 2);
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    let parse = client.receive();
    assert_eq!(parse["id"], Value::Null, "{parse}");
    assert_eq!(parse["error"]["code"], -32700, "{parse}");
    client.send_raw(b"Content-Length: 9\r\n\r\n{\"a\":\"\xff\"}");
    let utf8 = client.receive();
    assert_eq!(utf8["error"]["code"], -32700, "{utf8}");
    client.send(&json!({"jsonrpc": "2.0", "method": "podlife/unknownNotification", "params": {}}));
    client.send(&json!({"jsonrpc": "2.0", "id": 3, "method": "podlife/unknownRequest"}));
    let unknown = client.receive();
    assert_eq!(
        unknown["id"], 3,
        "the unknown notification got no answer: {unknown}"
    );
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    client.send(&json!({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}));
    let mut kept = Vec::new();
    assert_eq!(client.answer(4, &mut kept)["result"], Value::Null);
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let (code, _) = wait_bounded(&mut client.child, std::time::Duration::from_secs(10));
    assert_eq!(code, Some(0), "exit after shutdown");
}

/// Item 9: `exit` without `shutdown` exits 1; a closed stdin or `exit` ends the process within a
/// second even while a check of a large document is running.
#[test]
fn the_server_ends_promptly_and_with_the_code_the_protocol_says() {
    let mut client = Client::start();
    initialize(&mut client, 1);
    client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let (code, _) = wait_bounded(&mut client.child, std::time::Duration::from_secs(10));
    assert_eq!(code, Some(1), "exit without shutdown");

    let big: String = (0..3000)
        .map(|i| POD.replace("name: p}", &format!("name: p{i}}}")) + "---\n")
        .collect();
    for close in ["stdin", "exit"] {
        let mut client = Client::start();
        initialize(&mut client, 1);
        client.send(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": big}}}),
        );
        for id in 2..6 {
            client.send(
                &json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/codeLens",
                "params": {"textDocument": {"uri": URI}}}),
            );
        }
        if close == "exit" {
            client.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
        }
        let (code, took) = client.close_and_wait(std::time::Duration::from_secs(10));
        assert!(code.is_some(), "{close}: still running after 10 s");
        assert!(
            took < std::time::Duration::from_secs(1),
            "{close}: {took:?}"
        );
    }
}

/// Item 11: the lens's command is advertised and answers.
#[test]
fn the_code_lens_command_is_provided() {
    let mut client = Client::start();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    let mut kept = Vec::new();
    let answer = client.answer(1, &mut kept);
    let commands = &answer["result"]["capabilities"]["executeCommandProvider"]["commands"];
    assert_eq!(commands, &json!(["podlife.simulate"]), "{answer}");
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": POD}}}),
    );
    client.diagnostics(1);
    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    let lenses = client.answer(2, &mut kept);
    let command = lenses["result"][0]["command"].clone();
    assert_eq!(command["command"], "podlife.simulate", "{lenses}");
    client.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "workspace/executeCommand",
        "params": {"command": command["command"], "arguments": command["arguments"]}}),
    );
    let mut shown = Vec::new();
    let executed = client.answer(3, &mut shown);
    assert_eq!(executed["result"], Value::Null, "{executed}");
    let message = shown
        .iter()
        .find(|m| m["method"] == "window/showMessage")
        .expect("a message shown");
    assert!(
        message["params"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("pod `p`") && m.contains("podlife simulate")),
        "{message}"
    );
}

/// A Deployment's lens names its pod as `podlife simulate` does (`--pod web`); a document in a
/// Helm chart's `templates/` gets the note a directory walk prints, and no lens.
#[test]
fn a_workloads_lens_names_its_pod_and_a_chart_template_is_set_aside() {
    let mut client = Client::start();
    initialize(&mut client, 1);
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: a, image: nginx:1.27}]\n";
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": deployment}}}),
    );
    client.diagnostics(1);
    let mut kept = Vec::new();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    let lenses = client.answer(2, &mut kept);
    let arguments = &lenses["result"][0]["command"]["arguments"][0];
    assert_eq!(arguments["pod"], "web", "{lenses}");
    assert!(
        arguments["run"]
            .as_str()
            .is_some_and(|run| run.ends_with("--pod web`")),
        "{lenses}"
    );

    let template =
        super::support::root().join("testdata/real-repos/repo/chart/templates/deployment.yaml");
    let uri = format!("file://{}", template.display());
    let text = std::fs::read_to_string(&template).expect("the template");
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 7, "text": text}}}),
    );
    let diagnostics = client.diagnostics(7);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    assert_eq!(diagnostics[0]["severity"], 3, "information");
    assert!(
        diagnostics[0]["message"].as_str().is_some_and(|m| m
            .contains("templates of the Helm chart")
            && m.contains("helm template")),
        "{diagnostics}"
    );
    client.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": uri}}}),
    );
    assert_eq!(client.answer(3, &mut kept)["result"], json!([]));
}

/// Item 10: lenses cover the first 50 pods; a lens request for a document changed since its
/// check is answered `ContentModified` at once (the check of the new text goes first); a
/// cancelled one `RequestCancelled`.
#[test]
fn lenses_are_bounded_stale_ones_dropped_and_cancelled_ones_stopped() {
    let many: String = (0..200)
        .map(|i| POD.replace("name: p}", &format!("name: p{i}}}")) + "---\n")
        .collect();
    let mut client = Client::start();
    initialize(&mut client, 1);
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": many}}}),
    );
    client.diagnostics(1);
    let mut kept = Vec::new();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    let lenses = client.answer(2, &mut kept);
    assert_eq!(
        lenses["result"].as_array().map(Vec::len),
        Some(50),
        "bounded"
    );

    client.send(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    client.send(&json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}));
    let cancelled = client.answer(3, &mut kept);
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");

    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"text": format!("{many}# edited\n")}]}}),
    );
    client.send(
        &json!({"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    let stale = client.answer(4, &mut kept);
    assert_eq!(stale["error"]["code"], -32801, "ContentModified: {stale}");
    client.diagnostics(2);
    client.send(
        &json!({"jsonrpc": "2.0", "id": 5, "method": "textDocument/codeLens",
        "params": {"textDocument": {"uri": URI}}}),
    );
    let fresh = client.answer(5, &mut kept);
    assert_eq!(
        fresh["result"].as_array().map(Vec::len),
        Some(50),
        "{fresh}"
    );
}

/// A code action asked right after an edit is never answered from the old version's findings:
/// it is empty until the new version is checked, and its edits then carry the version they
/// were made for (`documentChanges`, which the client refuses for any other version). Before,
/// the old ranges were applied to the new text and corrupted it.
#[test]
fn code_actions_never_come_from_a_stale_version() {
    let mut client = Client::start();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "capabilities": {"workspace": {"workspaceEdit": {"documentChanges": true}}}}}),
    );
    let mut kept = Vec::new();
    client.answer(1, &mut kept);
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": POD}}}),
    );
    client.diagnostics(1);
    let cursor =
        json!({"start": {"line": 7, "character": 25}, "end": {"line": 7, "character": 25}});
    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
        "params": {"textDocument": {"uri": URI}, "range": cursor, "context": {"diagnostics": []}}}),
    );
    let current = client.answer(2, &mut kept)["result"].clone();
    let document_edit = &current[0]["edit"]["documentChanges"][0];
    assert_eq!(document_edit["textDocument"]["version"], 1, "{current}");
    assert_eq!(document_edit["edits"][0]["newText"], "IfNotPresent");
    // Lines inserted above the finding, then at once the same question at the same place.
    let mut stale_answers = 0;
    for version in 2..40 {
        client.send(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                "end": {"line": 0, "character": 0}}, "text": "# a comment\n"}]}}),
        );
        client.send(&json!({"jsonrpc": "2.0", "id": 100 + version, "method": "textDocument/codeAction",
            "params": {"textDocument": {"uri": URI}, "range": cursor, "context": {"diagnostics": []}}}));
        let answer = client.answer(100 + version, &mut kept)["result"].clone();
        for action in answer.as_array().into_iter().flatten() {
            let edit = &action["edit"]["documentChanges"][0];
            if edit["textDocument"]["version"] != version {
                stale_answers += 1;
            }
        }
    }
    assert_eq!(
        stale_answers, 0,
        "every edit is for the version asked about"
    );
}

#[test]
fn pod_security_findings_and_their_quick_fixes_reach_the_editor() {
    let uri = "file:///nonexistent-podlife-test/restricted.yaml";
    let text = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    pod-security.kubernetes.io/enforce: restricted\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  securityContext:\n    runAsNonRoot: true\n    seccompProfile: {type: RuntimeDefault}\n  containers:\n  - name: app\n    image: example/app:1.4\n    securityContext:\n      capabilities: {drop: [ALL]}\n";
    let mut client = Client::start();
    initialize(&mut client, 1);
    client.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}}),
    );
    let diagnostics = client.diagnostics(1);
    let codes: Vec<&str> = diagnostics
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(codes, ["PL520"], "{diagnostics}");
    assert_eq!(diagnostics[0]["severity"], 1);
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with(
                "violates PodSecurity \"restricted:latest\": allowPrivilegeEscalation != false"
            )),
        "{diagnostics}"
    );
    let line = diagnostics[0]["range"]["start"]["line"].clone();
    let mut kept = Vec::new();
    client.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": line, "character": 10}, "end": {"line": line, "character": 10}},
        "context": {"diagnostics": []}}}),
    );
    let actions = client.answer(2, &mut kept)["result"].clone();
    let fix = actions
        .as_array()
        .into_iter()
        .flatten()
        .find(|action| {
            action["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("Fix PL520"))
        })
        .unwrap_or_else(|| panic!("a fix for PL520 in {actions}"));
    assert!(
        fix["title"]
            .as_str()
            .is_some_and(|t| t.contains("(unsafe)")),
        "{fix}"
    );
    let fixed = apply(text, &fix["edit"]["changes"][uri][0]);
    assert!(
        fixed.contains("    securityContext:\n      allowPrivilegeEscalation: false\n      capabilities: {drop: [ALL]}\n"),
        "{fixed}"
    );
    let checked =
        super::support::run_with_stdin(&["validate", "-o", "short", "-"], fixed.as_bytes());
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
}
