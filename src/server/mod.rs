//! `podlife server`: a Language Server over stdio, so any editor shows podlife's findings as you type, offers its fixes and suppressions, and explains rules and containers on hover.
//!
//! The main loop only keeps documents current and answers from what it knows; checking runs on
//! a worker thread that takes the newest version of each changed document (older queued
//! versions are skipped), and requests that simulate run on the thread pool. A request the
//! client cancels is answered with `RequestCancelled`. Nothing a client sends can stop the
//! server but `shutdown`/`exit` or a closed connection.

pub mod analysis;
mod code_actions;
mod code_lens;
pub mod documents;
mod hover;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, mpsc};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, Diagnostic, DiagnosticSeverity,
    HoverProviderCapability, InitializeParams, NumberOrString, PositionEncodingKind,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

use crate::error::Error;
use crate::lint::finding::{Finding, Severity};
use crate::yaml::line_index::LineIndex;
use analysis::Analysis;
use documents::{Document, Documents, Encoding};

/// What the session shares between the loop, the checker and request workers.
#[derive(Default)]
struct State {
    documents: Documents,
    analyses: HashMap<Uri, Analysis>,
    cancelled: HashSet<RequestId>,
}

/// The session's settings, fixed at initialize.
#[derive(Clone)]
struct Settings {
    encoding: Encoding,
    /// `initializationOptions.rulesUrl`: a link for each rule, `{id}` replaced by its ID.
    rules_url: Option<String>,
}

fn state_of(shared: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    // A worker that panicked while holding the lock left consistent data: each update is
    // one insert or remove.
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Serves one editor session on `connection` until `shutdown` and `exit`.
pub fn run(connection: &Connection) -> Result<(), Error> {
    let protocol = |error: String| Error::Usage(format!("language server: {error}"));
    let (id, params) = connection
        .initialize_start()
        .map_err(|e| protocol(e.to_string()))?;
    let init: InitializeParams =
        serde_json::from_value(params).map_err(|e| protocol(format!("initialize: {e}")))?;
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
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": {"name": "podlife", "version": env!("CARGO_PKG_VERSION")},
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| protocol(e.to_string()))?;

    let shared = Arc::new(Mutex::new(State::default()));
    let (jobs, queue) = mpsc::channel::<Uri>();
    let checker = {
        let shared = Arc::clone(&shared);
        let sender = connection.sender.clone();
        let settings = settings.clone();
        std::thread::spawn(move || {
            let send = |message: Message| sender.send(message).is_ok();
            check_loop(&queue, &shared, &send, &settings);
        })
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| protocol(e.to_string()))?
                {
                    break;
                }
                answer(request, &shared, connection, &settings);
            }
            Message::Notification(notification) => {
                notified(notification, &shared, &jobs, settings.encoding);
            }
            Message::Response(_) => {}
        }
    }
    drop(jobs);
    let _ = checker.join();
    Ok(())
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
                state_of(shared).documents.open(
                    item.uri.clone(),
                    Document {
                        text: item.text,
                        version: item.version,
                        language: item.language_id,
                    },
                );
                let _ = jobs.send(item.uri);
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(params)
            {
                let uri = params.text_document.uri;
                state_of(shared).documents.change(
                    &uri,
                    params.text_document.version,
                    params.content_changes,
                    encoding,
                );
                let _ = jobs.send(uri);
            }
        }
        DidSaveTextDocument::METHOD => {
            if let Ok(params) =
                serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(params)
            {
                let _ = jobs.send(params.text_document.uri);
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
                state_of(shared).cancelled.insert(id);
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
        // Changes that arrived while the last check ran: each document once, as it is now.
        let mut pending = vec![first];
        while let Ok(more) = queue.try_recv() {
            if !pending.contains(&more) {
                pending.push(more);
            }
        }
        for uri in pending {
            let Some(document) = state_of(shared).documents.get(&uri).cloned() else {
                continue;
            };
            let checked = analysis::analyse(&uri, document.version, document.text);
            let diagnostics = diagnostics(&checked, &uri, settings);
            {
                let mut state = state_of(shared);
                // A newer version arrived meanwhile: its own check is queued.
                if state.documents.get(&uri).map(|d| d.version) != Some(checked.version) {
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

/// The findings of an analysis as LSP diagnostics.
/// One line index for the version: each position is found by binary search, not by a walk
/// from the start of the text.
fn diagnostics(analysis: &Analysis, uri: &Uri, settings: &Settings) -> Vec<Diagnostic> {
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

/// Answers a request: from the last analysis (code actions, hover) or on the thread pool (code
/// lenses simulate each pod).
fn answer(
    request: Request,
    shared: &Arc<Mutex<State>>,
    connection: &Connection,
    settings: &Settings,
) {
    use lsp_types::request::{CodeActionRequest, CodeLensRequest, HoverRequest};
    let id = request.id.clone();
    let respond = |result: Result<serde_json::Value, (ErrorCode, String)>| {
        let response = match result {
            Ok(value) => Response::new_ok(id.clone(), value),
            Err((code, message)) => Response::new_err(id.clone(), code as i32, message),
        };
        let _ = connection.sender.send(Message::Response(response));
    };
    match request.method.as_str() {
        CodeActionRequest::METHOD => {
            let result = serde_json::from_value(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
                .map(|params| code_actions::actions(&params, &state_of(shared), settings.encoding));
            respond(result.map(|actions| serde_json::to_value(actions).unwrap_or_default()));
        }
        HoverRequest::METHOD => {
            let result = serde_json::from_value(request.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
                .map(|params| hover::hover(&params, &state_of(shared), settings.encoding));
            respond(result.map(|hover| serde_json::to_value(hover).unwrap_or_default()));
        }
        CodeLensRequest::METHOD => {
            let params: Result<lsp_types::CodeLensParams, _> =
                serde_json::from_value(request.params);
            // The lenses of the last checked version, read as it was checked.
            let checked = params.as_ref().ok().and_then(|params| {
                state_of(shared)
                    .analyses
                    .get(&params.text_document.uri)
                    .map(|analysis| (Arc::clone(&analysis.text), Arc::clone(&analysis.templates)))
            });
            let sender = connection.sender.clone();
            let shared = Arc::clone(shared);
            let encoding = settings.encoding;
            rayon::spawn(move || {
                let lenses = checked
                    .map(|(text, templates)| code_lens::lenses(&text, &templates, encoding))
                    .unwrap_or_default();
                let cancelled = state_of(&shared).cancelled.remove(&id);
                let response = if cancelled {
                    Response::new_err(
                        id,
                        ErrorCode::RequestCanceled as i32,
                        "cancelled".to_string(),
                    )
                } else {
                    Response::new_ok(id, lenses)
                };
                let _ = sender.send(Message::Response(response));
            });
        }
        method => respond(Err((
            ErrorCode::MethodNotFound,
            format!("podlife does not answer `{method}`"),
        ))),
    }
}
