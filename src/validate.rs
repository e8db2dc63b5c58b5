//! Validating sources: read each document, run every pod check, and collect located findings per file.

use std::sync::Arc;

use crate::finding::{Finding, ObjectRef, Summary};
use crate::input::SourceText;
use crate::rules::{self, CheckOptions, PodContext};
use crate::source::{Document, Pos, Span, for_each_document};
use crate::workload::{DocumentObjects, read_document};

/// What validating one source found.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The source's name.
    pub name: Arc<str>,
    /// Its text, for snippets.
    pub text: Arc<str>,
    /// Findings, sorted by position then rule.
    pub findings: Vec<Finding>,
    /// Counts.
    pub summary: Summary,
}

/// Reads every document of a source, handing each with its objects to `visit`. Reports text that
/// is not UTF-8 and a source with no objects as findings in `findings`.
pub fn read_source(
    source: &SourceText,
    findings: &mut Vec<Finding>,
    summary: &mut Summary,
    mut visit: impl FnMut(&Document<'_>, DocumentObjects),
) {
    summary.files += 1;
    if let Some((line, column, byte)) = source.not_utf8 {
        let pos = Pos {
            index: 0,
            line,
            column,
        };
        let mut finding = Finding::new(
            &rules::INVALID_YAML,
            format!("file is not valid UTF-8 (byte 0x{byte:02x})"),
        )
        .spanned(Span::at(pos))
        .help("save the file as UTF-8");
        finding.file = source.name.clone();
        findings.push(finding);
        return;
    }
    let mut objects_seen = 0usize;
    let mut any_problem = false;
    for_each_document(&source.text, |document| {
        summary.documents += 1;
        let objects = read_document(&source.name, &source.text, &document);
        if objects.empty {
            summary.empty_documents += 1;
        }
        any_problem |= !document.problems.is_empty();
        objects_seen += objects.pods.len() + objects.skipped;
        summary.pods += objects.pods.len();
        summary.skipped_objects += objects.skipped;
        visit(&document, objects);
    });
    if objects_seen == 0 && !any_problem && findings.is_empty() {
        let mut finding = Finding::new(&rules::NO_OBJECTS, "no Kubernetes objects in this input")
            .spanned(Span::at(Pos {
                index: 0,
                line: 1,
                column: 1,
            }))
            .help("remove the empty file, or fix the step that generates it");
        finding.file = source.name.clone();
        finding.object = None::<ObjectRef>;
        findings.push(finding);
    }
}

/// Validates one source: loader findings plus every pod check, located and sorted.
pub fn validate_source(source: &SourceText, options: &CheckOptions) -> FileReport {
    let mut findings = Vec::new();
    let mut summary = Summary::default();
    let mut document_findings = Vec::new();
    read_source(source, &mut findings, &mut summary, |document, objects| {
        let DocumentObjects {
            pods,
            findings: loader,
            ..
        } = objects;
        document_findings.extend(loader);
        for object in &pods {
            if object.incomplete {
                continue;
            }
            // Validate as the API server does: defaults first, unless `--no-defaulting`. Findings
            // still name the user's text: a defaulted field is absent there, so its finding
            // points at the nearest parent that exists.
            let defaulted;
            let pod = if options.no_defaulting {
                &object.pod
            } else {
                defaulted = crate::defaults::defaulted(&object.pod);
                &defaulted
            };
            let context = PodContext::with_pod(object, pod, options);
            let mut found = Vec::new();
            rules::check_pod(&context, &mut found);
            document_findings.extend(
                found
                    .into_iter()
                    .map(|f| object.locate(document.root.as_ref(), f)),
            );
        }
    });
    findings.append(&mut document_findings);
    findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    for finding in &findings {
        summary.count(finding.severity);
    }
    FileReport {
        name: source.name.clone(),
        text: Arc::from(source.text.as_str()),
        findings,
        summary,
    }
}
