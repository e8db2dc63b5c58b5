//! `podlife server`: a Language Server over stdio, so any editor shows podlife's findings as you type, offers its fixes and suppressions, and explains rules and containers on hover.
//!
//! The main loop only keeps documents current and answers from what it knows; checking runs on
//! a worker thread that takes the newest version of each changed document (older queued
//! versions are skipped), and requests that simulate run on the thread pool. A request the
//! client cancels is answered with `RequestCancelled`. Messages are read by [`transport`]
//! (bounded; what is no message gets a JSON-RPC error). Nothing a client sends can stop the
//! server but `exit` or a closed stream, and either ends it at once, work in progress or not.

pub mod analysis;
mod code_actions;
mod code_lens;
pub mod documents;
mod gap_text;
mod hover;
mod lens_queue;
pub mod transport;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, Diagnostic, DiagnosticSeverity,
    HoverProviderCapability, InitializeParams, NumberOrString, PositionEncodingKind,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

use crate::finding::{Finding, Severity};
use crate::yaml::line_index::LineIndex;
use analysis::Analysis;
use documents::{Document, Documents, Encoding};
use transport::Outgoing;

/// Cancelled request ids kept at most (a cancel for a request answered already is never
/// removed by its answer).
const MAX_CANCELLED: usize = 10_000;
/// A check starts once changes have stopped arriving for this long: a burst of edits (a
/// "replace all" sent as thousands of changes) costs one check of its last version, not one
/// check per edit it overlaps. A keystroke waits this long for its diagnostics.
const SETTLE: Duration = Duration::from_millis(5);
/// However long a burst of changes lasts, its check waits no longer than this.
const MAX_SETTLE: Duration = Duration::from_millis(500);

/// What the session shares between the loop, the checker and request workers.
#[derive(Default)]
struct State {
    documents: Documents,
    analyses: HashMap<Uri, Analysis>,
    cancelled: HashSet<RequestId>,
    /// Documents waiting for their check: a burst of changes queues a document once, not once
    /// per change (each job would wake the checker).
    queued: HashSet<Uri>,
}

impl State {
    /// Queues `uri` for checking, unless it waits already.
    fn queue(&mut self, jobs: &mpsc::Sender<Uri>, uri: Uri) {
        if self.queued.insert(uri.clone()) {
            let _ = jobs.send(uri);
        }
    }
}

/// The session's settings, fixed at initialize.
#[derive(Clone)]
struct Settings {
    encoding: Encoding,
    /// `initializationOptions.rulesUrl`: a link for each rule, `{id}` replaced by its ID.
    rules_url: Option<String>,
    /// The client takes versioned `documentChanges` in workspace edits.
    document_changes: bool,
}

fn state_of(shared: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    // A worker that panicked while holding the lock left consistent data: each update is
    // one insert or remove.
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How a session ended, which decides the exit code (LSP: 0 after `shutdown`, else 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// `exit` arrived; `after_shutdown` when `shutdown` came first.
    Exit {
        /// Whether the client asked for `shutdown` before `exit`.
        after_shutdown: bool,
    },
    /// The client closed the stream.
    Closed,
}

/// What the reader thread hands the loop.
enum Incoming {
    Message(Message),
    /// A frame or body that is no message, with the answer it gets.
    Invalid(transport::Invalid),
    End,
}

/// Reads frames on a thread of its own (a blocked read never holds the loop), decoding each.
fn spawn_reader(
    mut input: Box<dyn std::io::BufRead + Send>,
    max_message_bytes: u64,
) -> mpsc::Receiver<Incoming> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let incoming = match transport::read_frame(&mut input, max_message_bytes) {
                Ok(transport::Frame::Body(body)) => match transport::decode(&body) {
                    Ok(message) => Incoming::Message(message),
                    Err(invalid) => Incoming::Invalid(invalid),
                },
                Ok(transport::Frame::TooLarge(length)) => Incoming::Invalid(transport::Invalid {
                    id: None,
                    code: ErrorCode::InvalidRequest,
                    message: format!(
                        "a message of {length} bytes is over the bound of {max_message_bytes} \
                         bytes (`podlife server --max-message-size`); it was skipped"
                    ),
                }),
                Ok(transport::Frame::BadHeader(message)) => Incoming::Invalid(transport::Invalid {
                    id: None,
                    code: ErrorCode::ParseError,
                    message: format!("unreadable message header: {message}"),
                }),
                Ok(transport::Frame::End { .. }) | Err(_) => Incoming::End,
            };
            let end = matches!(incoming, Incoming::End);
            if sender.send(incoming).is_err() || end {
                return;
            }
        }
    });
    receiver
}

/// Serves one editor session: reads LSP messages from `input`, writes to `output`, until
/// `exit` or the end of `input`. Returns at once then, whatever work is still running (the
/// caller ends the process), so no server outlives its editor.
pub fn run(
    input: Box<dyn std::io::BufRead + Send>,
    output: Box<dyn std::io::Write + Send>,
    max_message_bytes: u64,
) -> Ending {
    let incoming = spawn_reader(input, max_message_bytes);
    let outgoing = Outgoing::new(output);
    let settings = match initialize(&incoming, &outgoing) {
        Ok(settings) => settings,
        Err(ending) => return ending,
    };
    let shared = Arc::new(Mutex::new(State::default()));
    let (jobs, queue) = mpsc::channel::<Uri>();
    {
        let shared = Arc::clone(&shared);
        let sender = outgoing.clone();
        let settings = settings.clone();
        // Not joined: on `exit` the process ends, a check in progress with it.
        std::thread::spawn(move || {
            let send = |message: Message| sender.send(&message);
            check_loop(&queue, &shared, &send, &settings);
        });
    }
    let lenses = lens_queue::spawn(Arc::clone(&shared), outgoing.clone(), settings.encoding);
    let mut shut_down = false;
    while let Ok(message) = incoming.recv() {
        match message {
            Incoming::End => return Ending::Closed,
            Incoming::Invalid(invalid) => {
                outgoing.send_error(invalid.id.as_ref(), invalid.code, &invalid.message);
            }
            Incoming::Message(Message::Request(request)) => {
                if shut_down {
                    outgoing.send_error(
                        Some(&request.id),
                        ErrorCode::InvalidRequest,
                        "the server is shut down: only `exit` is expected",
                    );
                } else if request.method == lsp_types::request::Shutdown::METHOD {
                    shut_down = true;
                    outgoing.send(&Message::Response(Response::new_ok(
                        request.id,
                        serde_json::Value::Null,
                    )));
                } else if request.method == lsp_types::request::Initialize::METHOD {
                    outgoing.send_error(
                        Some(&request.id),
                        ErrorCode::InvalidRequest,
                        "the server is initialized already",
                    );
                } else {
                    answer(request, &shared, &outgoing, &settings, &lenses);
                }
            }
            Incoming::Message(Message::Notification(notification)) => {
                if notification.method == lsp_types::notification::Exit::METHOD {
                    return Ending::Exit {
                        after_shutdown: shut_down,
                    };
                }
                notified(notification, &shared, &jobs, settings.encoding);
            }
            Incoming::Message(Message::Response(_)) => {}
        }
    }
    Ending::Closed
}

/// Waits for `initialize`, answering anything else as the protocol says (requests with
/// `ServerNotInitialized`, notifications ignored); how the session ended when it ended first.
fn initialize(
    incoming: &mpsc::Receiver<Incoming>,
    outgoing: &Outgoing,
) -> Result<Settings, Ending> {
    while let Ok(message) = incoming.recv() {
        match message {
            Incoming::End => return Err(Ending::Closed),
            Incoming::Invalid(invalid) => {
                outgoing.send_error(invalid.id.as_ref(), invalid.code, &invalid.message);
            }
            Incoming::Message(Message::Request(request))
                if request.method == lsp_types::request::Initialize::METHOD =>
            {
                match serde_json::from_value::<InitializeParams>(request.params) {
                    Ok(init) => {
                        let (settings, result) = initialized(&init);
                        outgoing.send(&Message::Response(Response::new_ok(request.id, result)));
                        return Ok(settings);
                    }
                    Err(error) => {
                        outgoing.send_error(
                            Some(&request.id),
                            ErrorCode::InvalidParams,
                            &format!("initialize: {error}"),
                        );
                    }
                }
            }
            Incoming::Message(Message::Request(request)) => {
                outgoing.send_error(
                    Some(&request.id),
                    ErrorCode::ServerNotInitialized,
                    "the server is not initialized: send `initialize` first",
                );
            }
            Incoming::Message(Message::Notification(notification))
                if notification.method == lsp_types::notification::Exit::METHOD =>
            {
                return Err(Ending::Exit {
                    after_shutdown: false,
                });
            }
            Incoming::Message(_) => {}
        }
    }
    Err(Ending::Closed)
}

/// The session's settings and the `initialize` result, from what the client offers.
fn initialized(init: &InitializeParams) -> (Settings, serde_json::Value) {
    let utf8 = init
        .capabilities
        .general
        .as_ref()
        .and_then(|general| general.position_encodings.as_ref())
        .is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8));
    let settings = Settings {
        encoding: if utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        },
        rules_url: init
            .initialization_options
            .as_ref()
            .and_then(|options| options.get("rulesUrl"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_string),
        document_changes: init
            .capabilities
            .workspace
            .as_ref()
            .and_then(|workspace| workspace.workspace_edit.as_ref())
            .and_then(|edit| edit.document_changes)
            .unwrap_or(false),
    };
    let capabilities = ServerCapabilities {
        position_encoding: Some(if utf8 {
            PositionEncodingKind::UTF8
        } else {
            PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        execute_command_provider: Some(lsp_types::ExecuteCommandOptions {
            commands: vec![code_lens::COMMAND.to_string()],
            ..lsp_types::ExecuteCommandOptions::default()
        }),
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": {"name": "podlife", "version": env!("CARGO_PKG_VERSION")},
    });
    (settings, result)
}

/// Keeps the documents current and queues the changed ones for checking.
fn notified(
    notification: Notification,
    shared: &Mutex<State>,
    jobs: &mpsc::Sender<Uri>,
    encoding: Encoding,
) {
    use lsp_types::notification::{
        Cancel, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
        DidSaveTextDocument,
    };
    let method = notification.method.as_str();
    let params = notification.params;
    match method {
        DidOpenTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(params)
            {
                let item = params.text_document;
                if !analysis::is_manifest(&item.uri, &item.language_id) {
                    return;
                }
                let mut state = state_of(shared);
                state.documents.open(
                    item.uri.clone(),
                    Document {
                        text: item.text,
                        version: item.version,
                        language: item.language_id,
                    },
                );
                state.queue(jobs, item.uri);
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(params)
            {
                let uri = params.text_document.uri;
                let mut state = state_of(shared);
                state.documents.change(
                    &uri,
                    params.text_document.version,
                    params.content_changes,
                    encoding,
                );
                state.queue(jobs, uri);
            }
        }
        DidSaveTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(params)
            {
                state_of(shared).queue(jobs, params.text_document.uri);
            }
        }
        DidCloseTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(params)
            {
                let mut state = state_of(shared);
                state.documents.close(&params.text_document.uri);
                state.analyses.remove(&params.text_document.uri);
            }
        }
        Cancel::METHOD => {
            if let Ok(params) = serde_json::from_value::<lsp_types::CancelParams>(params) {
                let id = match params.id {
                    NumberOrString::Number(number) => RequestId::from(number),
                    NumberOrString::String(text) => RequestId::from(text),
                };
                let mut state = state_of(shared);
                // A cancel for a request answered already stays in the set: a client that
                // floods them has the set cleared at the bound instead of growing it.
                if state.cancelled.len() >= MAX_CANCELLED {
                    state.cancelled.clear();
                }
                state.cancelled.insert(id);
            }
        }
        _ => {}
    }
}

/// Checks queued documents, newest version only, and publishes their diagnostics.
fn check_loop(
    queue: &mpsc::Receiver<Uri>,
    shared: &Mutex<State>,
    send: &dyn Fn(Message) -> bool,
    settings: &Settings,
) {
    while let Ok(first) = queue.recv() {
        // Documents queued while the last check ran: each once, as it is once its changes
        // have settled.
        let mut pending = vec![first];
        settle(queue, shared, &mut pending);
        for uri in pending {
            let document = {
                let mut state = state_of(shared);
                // A change from now on queues the document again.
                state.queued.remove(&uri);
                state.documents.snapshot(&uri)
            };
            let Some(document) = document else {
                continue;
            };
            let checked = analysis::analyse(&uri, document.version, document.text);
            let diagnostics = diagnostics(&checked, &uri, settings);
            {
                let mut state = state_of(shared);
                // A newer version arrived meanwhile: its own check is queued.
                if state.documents.version(&uri) != Some(checked.version) {
                    continue;
                }
                state.analyses.insert(uri.clone(), checked.clone());
            }
            let params = PublishDiagnosticsParams {
                uri,
                diagnostics,
                version: Some(checked.version),
            };
            let notification = Notification::new(
                lsp_types::notification::PublishDiagnostics::METHOD.to_string(),
                params,
            );
            if !send(Message::Notification(notification)) {
                return;
            }
        }
    }
}

/// Waits until no `pending` document has changed for [`SETTLE`] (at most [`MAX_SETTLE`]),
/// adding documents queued meanwhile.
fn settle(queue: &mpsc::Receiver<Uri>, shared: &Mutex<State>, pending: &mut Vec<Uri>) {
    let versions = |pending: &[Uri]| -> Vec<Option<i32>> {
        let state = state_of(shared);
        pending
            .iter()
            .map(|uri| state.documents.version(uri))
            .collect()
    };
    let started = Instant::now();
    loop {
        while let Ok(more) = queue.try_recv() {
            if !pending.contains(&more) {
                pending.push(more);
            }
        }
        let before = versions(pending);
        std::thread::sleep(SETTLE);
        let queued_meanwhile = queue.try_recv().ok();
        let settled = queued_meanwhile.is_none() && versions(pending) == before;
        if let Some(more) = queued_meanwhile
            && !pending.contains(&more)
        {
            pending.push(more);
        }
        if settled || started.elapsed() >= MAX_SETTLE {
            return;
        }
    }
}

/// The findings of an analysis as LSP diagnostics.
/// One line index for the version: each position is found by binary search, not by a walk
/// from the start of the text.
/// A document set aside gets one diagnostic, at its start: the note that says why and how to
/// check what it builds.
fn diagnostics(analysis: &Analysis, uri: &Uri, settings: &Settings) -> Vec<Diagnostic> {
    if let Some(note) = &analysis.set_aside {
        return vec![Diagnostic {
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some("podlife".to_string()),
            message: note.clone(),
            ..Diagnostic::default()
        }];
    }
    let lines = LineIndex::new(&analysis.text);
    analysis
        .findings
        .iter()
        .map(|finding| diagnostic(finding, &lines, uri, settings))
        .collect()
}

fn diagnostic(
    finding: &Finding,
    lines: &LineIndex<'_>,
    uri: &Uri,
    settings: &Settings,
) -> Diagnostic {
    let range = documents::range(lines, finding.span.unwrap_or_default(), settings.encoding);
    let mut message = finding.message.clone();
    if let Some(help) = &finding.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    if let Some(note) = &finding.note {
        message.push_str(&format!("\nnote: {note}"));
    }
    Diagnostic {
        range,
        severity: Some(match finding.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Info => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(finding.rule.code.to_string())),
        code_description: settings.rules_url.as_ref().and_then(|template| {
            let href = template.replace("{id}", finding.rule.code).parse().ok()?;
            Some(lsp_types::CodeDescription { href })
        }),
        source: Some("podlife".to_string()),
        message,
        related_information: Some(
            finding
                .related
                .iter()
                .filter_map(|related| {
                    Some(lsp_types::DiagnosticRelatedInformation {
                        location: lsp_types::Location {
                            uri: uri.clone(),
                            range: documents::range(lines, related.span?, settings.encoding),
                        },
                        message: related.message.clone(),
                    })
                })
                .collect::<Vec<_>>(),
        )
        .filter(|related| !related.is_empty()),
        ..Diagnostic::default()
    }
}

/// Answers a request: from the last analysis (code actions, hover) or on the lens thread (code
/// lenses simulate each pod: [`lens_queue`]); a lens request for a document changed since its
/// check is answered `ContentModified` at once.
fn answer(
    request: Request,
    shared: &Arc<Mutex<State>>,
    outgoing: &Outgoing,
    settings: &Settings,
    lenses: &mpsc::Sender<lens_queue::LensJob>,
) {
    use lsp_types::request::{CodeActionRequest, CodeLensRequest, ExecuteCommand, HoverRequest};
    let id = request.id.clone();
    let respond = |result: Result<serde_json::Value, (ErrorCode, String)>| {
        let response = match result {
            Ok(value) => Response::new_ok(id.clone(), value),
            Err((code, message)) => Response::new_err(id.clone(), code as i32, message),
        };
        outgoing.send(&Message::Response(response));
    };
    match request.method.as_str() {
        CodeActionRequest::METHOD => {
            let result = serde_json::from_value(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
                .map(|params| {
                    code_actions::actions(
                        &params,
                        &state_of(shared),
                        settings.encoding,
                        settings.document_changes,
                    )
                });
            respond(result.map(|actions| serde_json::to_value(actions).unwrap_or_default()));
        }
        HoverRequest::METHOD => {
            let result = serde_json::from_value(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
                .map(|params| hover::hover(&params, &state_of(shared), settings.encoding));
            respond(result.map(|hover| serde_json::to_value(hover).unwrap_or_default()));
        }
        ExecuteCommand::METHOD => {
            let result = serde_json::from_value::<lsp_types::ExecuteCommandParams>(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
                .and_then(|params| {
                    code_lens::execute(&params).map_err(|e| (ErrorCode::InvalidParams, e))
                })
                .map(|message| {
                    let shown = lsp_types::ShowMessageParams {
                        typ: lsp_types::MessageType::INFO,
                        message,
                    };
                    outgoing.send(&Message::Notification(Notification::new(
                        lsp_types::notification::ShowMessage::METHOD.to_string(),
                        shown,
                    )));
                    serde_json::Value::Null
                });
            respond(result);
        }
        CodeLensRequest::METHOD => {
            let params: lsp_types::CodeLensParams = match serde_json::from_value(request.params) {
                Ok(params) => params,
                Err(error) => return respond(Err((ErrorCode::InvalidParams, error.to_string()))),
            };
            let uri = params.text_document.uri;
            // The lenses of the last checked version, read as it was checked; none while
            // the document has changed since (its check goes first).
            let job = {
                let state = state_of(shared);
                let version = state.documents.version(&uri);
                match state.analyses.get(&uri) {
                    // A document set aside (a chart's template) is not read for pods.
                    Some(analysis) if analysis.set_aside.is_some() => {
                        return respond(Ok(serde_json::json!([])));
                    }
                    Some(analysis) if Some(analysis.version) == version => {
                        Some(lens_queue::LensJob {
                            id: id.clone(),
                            uri,
                            version: analysis.version,
                            text: Arc::clone(&analysis.text),
                            error_starts: Arc::clone(&analysis.error_starts),
                            templates: Arc::clone(&analysis.templates),
                            gates: analysis.gates,
                        })
                    }
                    Some(_) => None,
                    None if version.is_some() => None,
                    None => return respond(Ok(serde_json::json!([]))),
                }
            };
            match job {
                Some(job) => {
                    if lenses.send(job).is_err() {
                        respond(Ok(serde_json::json!([])));
                    }
                }
                None => {
                    outgoing.send(&Message::Response(lens_queue::stale(id.clone())));
                }
            }
        }
        method => respond(Err((
            ErrorCode::MethodNotFound,
            format!("podlife does not answer `{}`", crate::text::clip(method)),
        ))),
    }
}
