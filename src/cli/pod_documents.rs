//! The documents of the inputs, read one input at a time for the commands that run pods
//! (`simulate`, `rollout`): what cannot be read is reported on stderr, the rest handed on.

use std::sync::Arc;

use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::read_ahead::read_across_inputs;
use crate::error::Error;
use crate::finding::{Finding, Severity};
use crate::input::{self, Input};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file::ConfigResolver;
use crate::lint::settings::inline_comments::{self, CommentSuppression};
use crate::objects::rendered_sources::RenderedSources;
use crate::objects::{DocumentObjects, read_document_with};
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, for_each_document};

/// One document of an input, with what checking its objects needs.
pub struct ReadDocument<'a> {
    /// The input's name.
    pub file: &'a Arc<str>,
    /// The input's `# podlife: ignore[…]` comments.
    pub comments: &'a [CommentSuppression],
    /// The templates the input names as rendered output (`# Source:`), if any.
    pub sources: Option<&'a RenderedSources>,
    /// The document.
    pub document: &'a Document<'a>,
    /// The input's line index (turns the document's offsets into lines).
    pub lines: &'a LineIndex<'a>,
    /// Its objects; the loader's errors among `findings` were already reported.
    pub objects: DocumentObjects,
    /// The options that apply to the input.
    pub options: &'a CheckOptions,
}

/// Reads each input in turn and calls `each` for every document. An input that cannot be read
/// or is not UTF-8, and a document's loader errors, are reported on stderr; the exit code they
/// call for (2 for an input, 1 for a document) is returned.
pub fn for_each_read_document(
    cli: &Cli,
    inputs: Vec<Result<Input, Error>>,
    configuration: &mut ConfigResolver,
    mut each: impl FnMut(ReadDocument<'_>),
) -> Option<ExitStatus> {
    let mut worst = None;
    // What the checks need of other inputs (several inputs' Namespaces), read first.
    let mut read_ahead =
        read_across_inputs(&inputs, configuration, cli.max_input_size).map(Vec::into_iter);
    let pod_security = configuration.checks_pod_security_anywhere();
    for input in inputs {
        let mut options = configuration.options_for_read(&input);
        let read = match read_ahead.as_mut().and_then(Iterator::next) {
            Some(read) => read.and_then(|read| read),
            None => input.and_then(|input| input::read(&input, cli.max_input_size)),
        };
        let source = match read {
            Ok(source) => source,
            Err(error) => {
                crate::cli::output::note(format_args!("error: {error}"));
                worst = worst.max(Some(ExitStatus::Failure));
                continue;
            }
        };
        if let Some((line, column, _)) = source.not_utf8 {
            crate::cli::output::note(format_args!(
                "error: {}:{line}:{column}: not valid UTF-8",
                source.name
            ));
            worst = worst.max(Some(ExitStatus::Failure));
            continue;
        }
        // A single input is governed by its own Namespaces.
        if pod_security && options.namespaces.is_none() {
            let namespaces = crate::lint::validate::namespaces(&[&source]);
            options = Arc::new(CheckOptions {
                namespaces: Some(Arc::new(namespaces)),
                ..CheckOptions::clone(&options)
            });
        }
        let comments = inline_comments::read(&source.text);
        let sources = RenderedSources::scan(&source.text);
        let lines = LineIndex::new(&source.text);
        for_each_document(&source.text, |document| {
            let mut objects =
                read_document_with(&source.name, &lines, &document, &options.pod_templates);
            crate::lint::settings::apply::apply_to_read_findings(
                &mut objects.findings,
                document.root.as_ref(),
                &lines,
                &objects.pods,
                &comments,
                &options.settings,
                &source.name,
            );
            if let Some(sources) = &sources {
                sources.attribute(&mut objects.findings);
            }
            let errors: Vec<&Finding> = objects
                .findings
                .iter()
                .filter(|finding| finding.severity == Severity::Error)
                .collect();
            if !errors.is_empty() {
                crate::cli::output::report_findings(&errors);
                worst = worst.max(Some(ExitStatus::Findings));
            }
            each(ReadDocument {
                file: &source.name,
                comments: &comments,
                sources: sources.as_ref(),
                document: &document,
                lines: &lines,
                objects,
                options: &options,
            });
        });
    }
    worst
}
