//! The LSP base protocol on a byte stream: `Content-Length` headers, then a JSON-RPC body, read with a bound on every header line and body so that no message can make the server allocate without limit, abort or lose its place.
//!
//! Why not `lsp-server`'s reader: it allocates the announced length up front (a
//! `Content-Length` of 10^14 aborts the process, 2^64−1 panics on capacity overflow), and any
//! malformed header, truncated body or invalid JSON is an I/O error that ends its reader
//! thread, so the server stops answering. Here a body over the bound is read and dropped (the
//! stream stays in step), a body is read as it arrives (a short one then EOF costs what came),
//! and every problem is a value the loop answers with a JSON-RPC error. `lsp-server`'s message
//! types are still used for what a body holds and for writing.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};

use lsp_server::{ErrorCode, Message, RequestId};
use serde_json::Value;

/// Default for `podlife server --max-message-size`.
pub const DEFAULT_MAX_MESSAGE_BYTES: u64 = 64 << 20;
/// Longest header line read; a longer one is a broken header, not a reason to grow a buffer.
const MAX_HEADER_LINE: u64 = 8 << 10;

/// What one read from the stream gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A body within the bound.
    Body(Vec<u8>),
    /// A body of this many bytes, over the bound: read and dropped.
    TooLarge(u64),
    /// Headers that say no usable length (missing, not a number, a line too long).
    BadHeader(String),
    /// The stream ended; `inside_message` when it ended inside headers or a body.
    End {
        /// Whether part of a message had been read.
        inside_message: bool,
    },
}

/// Reads the next message's body from `reader`, at most `max_bytes` of it.
pub fn read_frame(reader: &mut impl BufRead, max_bytes: u64) -> io::Result<Frame> {
    let mut length: Option<Result<u64, String>> = None;
    let mut inside_message = false;
    loop {
        let mut line = Vec::new();
        let read = reader
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(Frame::End { inside_message });
        }
        if line.last() != Some(&b'\n') {
            if read as u64 >= MAX_HEADER_LINE {
                skip_line(reader)?;
                return Ok(Frame::BadHeader(format!(
                    "a header line longer than {MAX_HEADER_LINE} bytes"
                )));
            }
            return Ok(Frame::End {
                inside_message: true,
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if !inside_message {
                // Blank lines between messages carry nothing.
                continue;
            }
            break;
        }
        inside_message = true;
        // After a message whose length was unknown, its body runs into the next header:
        // pick the stream up again at `Content-Length`.
        let header = find_content_length(text).unwrap_or(text);
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            let value = value.trim();
            length = Some(
                value
                    .parse::<u64>()
                    .map_err(|_| format!("`Content-Length: {}` is not a length", clip(value))),
            );
        }
    }
    let length = match length {
        Some(Ok(length)) => length,
        Some(Err(message)) => return Ok(Frame::BadHeader(message)),
        None => return Ok(Frame::BadHeader("no `Content-Length` header".to_string())),
    };
    if length > max_bytes {
        let skipped = io::copy(&mut reader.by_ref().take(length), &mut io::sink())?;
        if skipped < length {
            return Ok(Frame::End {
                inside_message: true,
            });
        }
        return Ok(Frame::TooLarge(length));
    }
    // Read as it comes: the announced length is not trusted with an allocation.
    let mut body = Vec::new();
    reader.by_ref().take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(Frame::End {
            inside_message: true,
        });
    }
    Ok(Frame::Body(body))
}

fn find_content_length(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("content-length:")?;
    text.get(at..)
}

fn skip_line(reader: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&byte| byte == b'\n') {
            Some(at) => {
                reader.consume(at + 1);
                return Ok(());
            }
            None => {
                let all = buffer.len();
                reader.consume(all);
            }
        }
    }
}

fn clip(text: &str) -> String {
    crate::text::clip(text).into_owned()
}

/// A body that is not a message, and how to answer it.
#[derive(Debug)]
pub struct Invalid {
    /// The request's id when the body had one (`null` in the answer otherwise).
    pub id: Option<RequestId>,
    /// `ParseError` for what is not JSON, `InvalidRequest` for JSON that is no message.
    pub code: ErrorCode,
    /// What is wrong.
    pub message: String,
}

/// The fields of a JSON-RPC request or notification, read straight into place: `lsp-server`'s
/// `Message` is an untagged enum, which buffers every message and tries each kind in turn
/// (about 20,000 instructions for a one-character edit, most of a burst of edits' cost).
#[derive(serde::Deserialize)]
struct Fields {
    #[serde(default)]
    id: Option<RequestId>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    params: Value,
}

/// Reads a body as a JSON-RPC message.
pub fn decode(body: &[u8]) -> Result<Message, Invalid> {
    let parse_error = |message: String| Invalid {
        id: None,
        code: ErrorCode::ParseError,
        message,
    };
    let text = std::str::from_utf8(body)
        .map_err(|error| parse_error(format!("the message is not UTF-8: {error}")))?;
    // One pass for a good request or notification, into its fields (a 1 MB document is not
    // decoded twice); a response, and anything odd, is read as `lsp-server` reads it, and a bad
    // one read again to say what is wrong and find its id.
    if let Ok(fields) = serde_json::from_str::<Fields>(text) {
        match fields {
            Fields {
                id: Some(id),
                method: Some(method),
                params,
            } => return Ok(Message::Request(lsp_server::Request { id, method, params })),
            Fields {
                id: None,
                method: Some(method),
                params,
            } => {
                return Ok(Message::Notification(lsp_server::Notification {
                    method,
                    params,
                }));
            }
            Fields { method: None, .. } => {}
        }
    }
    if let Ok(message) = serde_json::from_str::<Message>(text) {
        return Ok(message);
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|error| parse_error(format!("the message is not JSON: {error}")))?;
    let id = value
        .get("id")
        .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
    serde_json::from_value::<Message>(value).map_err(|error| Invalid {
        id,
        code: ErrorCode::InvalidRequest,
        message: format!("not a JSON-RPC request, response or notification: {error}"),
    })
}

/// The writing half, shared by the loop, the checker and request workers: one message at a
/// time, each flushed.
#[derive(Clone)]
pub struct Outgoing {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Outgoing {
    /// Writes to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Self {
        Outgoing {
            writer: Arc::new(Mutex::new(writer)),
        }
    }

    /// Sends `message`; false once the client has gone.
    pub fn send(&self, message: &Message) -> bool {
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        message.write(&mut *writer).is_ok()
    }

    /// Answers what could not be read as a request, with its id or `null`.
    pub fn send_error(&self, id: Option<&RequestId>, code: ErrorCode, message: &str) -> bool {
        let body = serde_json::json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": code as i32, "message": message},
        })
        .to_string();
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        write!(writer, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| writer.flush())
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8], max: u64) -> Vec<Frame> {
        let mut reader = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            let frame = read_frame(&mut reader, max).expect("read");
            let end = matches!(frame, Frame::End { .. });
            out.push(frame);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn a_body_over_the_bound_is_skipped_and_the_next_one_read() {
        let input =
            b"Content-Length: 20\r\n\r\n{\"padding\":\"xxxxxx\"}Content-Length: 2\r\n\r\n{}";
        assert_eq!(
            frames(input, 10),
            [
                Frame::TooLarge(20),
                Frame::Body(b"{}".to_vec()),
                Frame::End {
                    inside_message: false
                }
            ]
        );
    }

    #[test]
    fn huge_lengths_cost_nothing_up_front() {
        for length in ["100000000000000", "18446744073709551615"] {
            let input = format!("Content-Length: {length}\r\n\r\n{{}}");
            assert_eq!(
                frames(input.as_bytes(), DEFAULT_MAX_MESSAGE_BYTES),
                [Frame::End {
                    inside_message: true
                }]
            );
        }
        let input = b"Content-Length: 1000\r\n\r\n{}";
        assert_eq!(
            frames(input, DEFAULT_MAX_MESSAGE_BYTES),
            [Frame::End {
                inside_message: true
            }]
        );
    }

    #[test]
    fn a_bad_length_is_reported_and_the_stream_picked_up_again() {
        let input =
            b"Content-Length: 99999999999999999999999\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n{}";
        let read = frames(input, 100);
        assert!(matches!(read[0], Frame::BadHeader(_)), "{read:?}");
        assert_eq!(read[1], Frame::Body(b"{}".to_vec()));
        let read = frames(b"Content-Type: x\r\n\r\n", 100);
        assert!(matches!(read[0], Frame::BadHeader(_)), "{read:?}");
    }

    /// The one-pass read gives what `lsp-server`'s own does, message for message.
    #[test]
    fn requests_and_notifications_read_as_lsp_server_reads_them() {
        let bodies: [&[u8]; 10] = [
            br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"a":[1,2]}}"#,
            br#"{"jsonrpc":"2.0","id":"x7","method":"shutdown"}"#,
            br#"{"jsonrpc":"2.0","id":2,"method":"m","params":null}"#,
            br#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"t":"\u00e9"}}"#,
            br#"{"jsonrpc":"2.0","id":null,"method":"n"}"#,
            br#"{"jsonrpc":"2.0","id":3,"result":null}"#,
            br#"{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"no"}}"#,
            br#"{"jsonrpc":"2.0","id":5,"method":"m","result":7,"extra":true}"#,
            br#"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#,
            br#"{"id":1,"id":2,"method":"m"}"#,
        ];
        for body in bodies {
            let ours = decode(body).map(|m| serde_json::to_value(m).unwrap());
            let theirs =
                serde_json::from_slice::<Message>(body).map(|m| serde_json::to_value(m).unwrap());
            match (ours, theirs) {
                (Ok(ours), Ok(theirs)) => {
                    assert_eq!(ours, theirs, "{}", String::from_utf8_lossy(body));
                }
                (Err(_), Err(_)) => {}
                (ours, theirs) => panic!(
                    "{}: {ours:?} against {theirs:?}",
                    String::from_utf8_lossy(body)
                ),
            }
        }
    }

    #[test]
    fn bodies_that_are_no_message_are_answered_by_kind() {
        let not_json = decode(b"{not json").expect_err("parse error");
        assert_eq!(not_json.code as i32, ErrorCode::ParseError as i32);
        assert!(not_json.id.is_none());
        let not_utf8 = decode(b"{\"a\":\"\xff\"}").expect_err("parse error");
        assert_eq!(not_utf8.code as i32, ErrorCode::ParseError as i32);
        let no_message = decode(br#"{"id": 7, "method": 5}"#).expect_err("invalid");
        assert_eq!(no_message.code as i32, ErrorCode::InvalidRequest as i32);
        assert_eq!(no_message.id, Some(RequestId::from(7)));
        assert!(matches!(
            decode(br#"{"jsonrpc":"2.0","method":"x"}"#),
            Ok(Message::Notification(_))
        ));
    }
}
