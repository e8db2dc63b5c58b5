//! Code lens requests, answered on one thread of their own in arrival order: never on the thread pool the checker's parallel validation needs, never for a stale version, once per document version however many requests ask.
//!
//! A request whose document changed since its last check is answered `ContentModified` at
//! once (its lenses would point at old text, and the check of the new text goes first); one
//! cancelled, `RequestCancelled`. Requests queued for the same document and version share one
//! computation, which stops between pods when the document changes or every one of them is
//! cancelled.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, mpsc};

use lsp_server::{ErrorCode, Message, RequestId, Response};
use lsp_types::Uri;

use super::transport::Outgoing;
use super::{State, code_lens, documents::Encoding, state_of};
use crate::k8s::workload::custom_resources::PodTemplateTable;

/// One lens request, with the analysis it reads.
pub(super) struct LensJob {
    pub id: RequestId,
    pub uri: Uri,
    pub version: i32,
    pub text: Arc<String>,
    pub error_starts: Arc<[u32]>,
    pub templates: Arc<PodTemplateTable>,
    pub gates: crate::k8s::cluster::FeatureGates,
}

/// Starts the lens thread; it ends when every sender is gone (or with the process).
pub(super) fn spawn(
    shared: Arc<Mutex<State>>,
    outgoing: Outgoing,
    encoding: Encoding,
) -> mpsc::Sender<LensJob> {
    let (sender, queue) = mpsc::channel::<LensJob>();
    std::thread::spawn(move || {
        let mut waiting: VecDeque<LensJob> = VecDeque::new();
        while let Some(first) = waiting.pop_front().or_else(|| queue.recv().ok()) {
            waiting.extend(queue.try_iter());
            // Everything queued for the same document and version is answered together.
            let (same, rest): (VecDeque<LensJob>, VecDeque<LensJob>) = waiting
                .drain(..)
                .partition(|job| job.uri == first.uri && job.version == first.version);
            waiting = rest;
            let mut group = vec![first];
            group.extend(same);
            answer_group(&group, &shared, &outgoing, encoding);
        }
    });
    sender
}

/// Whether `job`'s document is still at the version its analysis read.
fn current(state: &State, job: &LensJob) -> bool {
    state.documents.version(&job.uri) == Some(job.version)
}

fn answer_group(group: &[LensJob], shared: &Mutex<State>, outgoing: &Outgoing, encoding: Encoding) {
    let Some(first) = group.first() else {
        return;
    };
    let keep_going = || {
        let state = state_of(shared);
        current(&state, first) && group.iter().any(|job| !state.cancelled.contains(&job.id))
    };
    let lenses = if keep_going() {
        code_lens::lenses(
            &first.uri,
            &first.text,
            &first.error_starts,
            &first.templates,
            first.gates,
            encoding,
            &keep_going,
        )
    } else {
        Vec::new()
    };
    let mut state = state_of(shared);
    let fresh = current(&state, first);
    for job in group {
        let response = if state.cancelled.remove(&job.id) {
            Response::new_err(
                job.id.clone(),
                ErrorCode::RequestCanceled as i32,
                "cancelled".to_string(),
            )
        } else if !fresh {
            stale(job.id.clone())
        } else {
            Response::new_ok(job.id.clone(), &lenses)
        };
        outgoing.send(&Message::Response(response));
    }
}

/// The answer to a lens request for text that has changed since its last check.
pub(super) fn stale(id: RequestId) -> Response {
    Response::new_err(
        id,
        ErrorCode::ContentModified as i32,
        "the document changed since it was checked; ask again".to_string(),
    )
}
