//! The language server as an editor drives it over stdio, for the benchmarks that time it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

/// A running `podlife server` and its two pipes.
pub struct Client {
    pub child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Client {
    /// Starts `podlife server` (stderr discarded).
    pub fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_podlife"))
            .arg("server")
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

    /// Sends one message, framed.
    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("send");
        self.input.flush().expect("flush");
    }

    /// Reads the next message.
    pub fn receive(&mut self) -> Value {
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

    /// Waits for the diagnostics of `version`; returns how many there were.
    pub fn diagnostics(&mut self, version: i64) -> usize {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == version
            {
                return message["params"]["diagnostics"]
                    .as_array()
                    .map_or(0, Vec::len);
            }
        }
    }
}
