//! Validating pods before `simulate` and `resources` use them: a pod the API server would
//! reject is reported (located, on stderr) and left out unless `--allow-invalid`; lint warnings
//! are counted in one line that points at `podlife validate`. The checks run on the document
//! the command reads anyway, so nothing is parsed twice.

use std::sync::Arc;

use crate::finding::{Finding, Severity};
use crate::k8s::workload::PodObject;
use crate::lint::settings::CheckOptions;
use crate::lint::settings::apply::{self, ObjectFacts};
use crate::lint::settings::inline_comments::CommentSuppression;
use crate::lint::validate::check_object;
use crate::objects::rendered_sources::RenderedSources;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::Document;

/// The pod checks' findings for one object, with the input's `options` (its configuration's
/// rules, release and gates), the object's own
/// `podlife.dev/ignore` annotations and the file's `# podlife: ignore[…]` comments (`comments`)
/// applied. Loader findings are reported where the pods are read, and a comment that covers
/// nothing in this object may cover another, so neither is reported here. Each finding names
/// the template its document was rendered from, when the input says (`sources`).
pub fn pod_findings(
    file: &Arc<str>,
    comments: &[CommentSuppression],
    sources: Option<&RenderedSources>,
    document: &Document<'_>,
    lines: &LineIndex<'_>,
    object: &PodObject,
    options: &CheckOptions,
) -> Vec<Finding> {
    let mut findings = check_object(document, lines, object, options);
    let facts: Vec<ObjectFacts> = ObjectFacts::read(
        document.root.as_ref(),
        lines,
        object,
        options.settings.honor_peer_annotations,
    )
    .into_iter()
    .collect();
    apply::apply(&mut findings, &facts, comments, &options.settings, file);
    findings.retain(|finding| finding.object.is_some());
    if let Some(sources) = sources {
        sources.attribute(&mut findings);
    }
    findings
}

/// Whether the only errors among a workload's `findings` are Pod Security's `enforce`: the API
/// server admits the workload, but rejects every pod its controller creates.
pub fn pod_security_blocks(findings: &[Finding]) -> bool {
    let mut errors = findings
        .iter()
        .filter(|finding| finding.severity == Severity::Error)
        .peekable();
    errors.peek().is_some()
        && errors.all(|finding| {
            finding
                .pod_security
                .as_deref()
                .is_some_and(|tag| tag.mode == crate::k8s::pod_security::Mode::Enforce)
        })
}

/// Reports a workload `shown` (of `kind`) whose pods Pod Security rejects: its errors, and that
/// its rollout never progresses.
pub fn never_progresses(findings: &[Finding], shown: &str, kind: &str) {
    let errors: Vec<&Finding> = findings
        .iter()
        .filter(|finding| finding.severity == Severity::Error)
        .collect();
    crate::cli::output::report_findings(&errors);
    let stall = if kind == "Deployment" {
        "its ReplicaSet records `FailedCreate` and the Deployment reports `ProgressDeadlineExceeded` once `progressDeadlineSeconds` (600 s unless set) pass"
    } else {
        "its controller records `FailedCreate` and `kubectl rollout status` waits forever"
    };
    crate::cli::output::note(format_args!(
        "podlife: {shown}: the API server admits it, but Pod Security rejects every pod it creates ({} error{} above): the rollout never progresses, no new pod ever runs; {stall} (--allow-invalid simulates it anyway)",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" },
    ));
}

/// Decides whether the pod `shown` may be used, given its `findings`: prints its errors and the
/// reason when it may not, or one line counting its warnings. Returns whether to use it.
pub fn admit(findings: &[Finding], shown: &str, allow_invalid: bool, quiet: bool) -> bool {
    let errors: Vec<&Finding> = findings
        .iter()
        .filter(|finding| finding.severity == Severity::Error)
        .collect();
    let warnings = findings
        .iter()
        .filter(|finding| finding.severity == Severity::Warning)
        .count();
    if !errors.is_empty() {
        crate::cli::output::report_findings(&errors);
        let plural = if errors.len() == 1 { "" } else { "s" };
        if allow_invalid {
            crate::cli::output::note(format_args!(
                "podlife: {shown}: the API server would reject it ({} error{plural} above); going on because of --allow-invalid",
                errors.len()
            ));
        } else {
            crate::cli::output::note(format_args!(
                "podlife: {shown}: the API server would reject it ({} error{plural} above); left out (--allow-invalid uses it anyway)",
                errors.len()
            ));
            return false;
        }
    }
    if warnings > 0 && !quiet {
        let plural = if warnings == 1 { "" } else { "s" };
        crate::cli::output::note(format_args!(
            "podlife: {shown}: {warnings} warning{plural} (run `podlife validate` to see them)"
        ));
    }
    true
}
