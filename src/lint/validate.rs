//! Validating sources: read each document, run every pod check, and collect located findings per file.

use std::sync::Arc;

use crate::finding::{Finding, ObjectRef, Summary};
use crate::input::SourceText;
use crate::k8s::cluster::dropped_fields::{Removal, RemovedField};
use crate::k8s::cluster::{Defaulting, StoredPod, stored_as};
use crate::k8s::defaults::Submitted;
use crate::k8s::workload::PodObject;
use crate::k8s::workload::custom_resources::Flavour;
use crate::lint::rules::best_practice::helpers::disruption_budgets::DisruptionBudgets;
use crate::lint::rules::pod_security::helpers::labels::label_findings;
use crate::lint::rules::pod_security::helpers::namespaces::Namespaces;
use crate::lint::rules::{Origin, PodContext, REGISTRY};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::apply::{self, ObjectFacts};
use crate::lint::settings::inline_comments::CommentSuppression;
use crate::lint::settings::selection::Level;
use crate::objects::in_order::{Next, in_order};
use crate::objects::read_source::{Tally, no_objects, pieces_of, skip_if_foreign, source_problem};
use crate::objects::rendered_sources::RenderedSources;
use crate::objects::{DocumentObjects, locate_from, read_document_with};
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, NodeKind, Pos, Span};
use crate::yaml::stream::{Chunk, for_each_document_of, split_stream};
use rayon::prelude::*;

/// What validating one source found.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The source's name.
    pub name: Arc<str>,
    /// Its text, for snippets (the source's own, shared).
    pub text: Arc<String>,
    /// Findings, sorted by position then rule, with configuration applied.
    pub findings: Vec<Finding>,
    /// The pods found, in order.
    pub pods: Vec<ObjectRef>,
    /// Counts.
    pub summary: Summary,
    /// Documents skipped as plainly no Kubernetes object (a Compose file, a `Chart.yaml`):
    /// counted among the skipped objects, and noted when the file was named.
    pub not_kubernetes: usize,
}

/// PL011 for a directory given as input in which no Kubernetes object was found (`files_read`
/// files were read there, holding none): an existing directory with no manifests is said, not
/// passed as a clean run (a warning, as for an empty file; `--severity PL011=error` makes it
/// fatal).
pub fn empty_directory(name: &str, files_read: usize, options: &CheckOptions) -> FileReport {
    let note = match files_read {
        0 => "the directory holds no `*.yaml`, `*.yml` or `*.json` file that was read".to_string(),
        1 => "the one file read there holds no Kubernetes object".to_string(),
        files => format!("the {files} files read there hold no Kubernetes object"),
    };
    let source = SourceText::new(name, "");
    let mut finding = crate::objects::reading_findings::NO_OBJECTS
        .finding(format!("no Kubernetes objects under `{name}`"))
        .spanned(Span::at(Pos {
            index: 0,
            line: 1,
            column: 1,
        }))
        .help("check the path; `--hidden` and `--no-ignore` also read hidden and ignored files, and `exclude:` or `--exclude` may leave files out")
        .note(note);
    finding.file = source.name.clone();
    let whole = Whole {
        source: &source,
        options,
        lines: &LineIndex::new(&source.text),
        comments: &[],
        dollars: false,
        sources: None,
    };
    whole.finish(vec![finding], &[], &[], Vec::new(), Summary::default())
}

/// Pieces worked past the oldest one not yet handed over, per core: enough that a piece with
/// slow documents does not hold the cores up, few enough that what is held stays small.
const AHEAD_PER_THREAD: usize = 4;

impl FileReport {
    /// The report of `source` before anything is added to it.
    fn empty(source: &SourceText) -> Self {
        FileReport {
            name: source.name.clone(),
            text: Arc::clone(&source.text),
            findings: Vec::new(),
            pods: Vec::new(),
            summary: Summary::default(),
            not_kubernetes: 0,
        }
    }

    /// Adds the counts, pods and findings of the next piece of the same source.
    fn append(&mut self, mut piece: FileReport) {
        self.findings.append(&mut piece.findings);
        self.pods.append(&mut piece.pods);
        self.summary.add(&piece.summary);
        self.not_kubernetes += piece.not_kubernetes;
    }
}

/// Validates one source: loader findings plus every pod check, located and sorted. A large
/// source is cut at document starts and its pieces are read and checked in parallel; the
/// report is the same as reading it whole (document numbers and positions are the stream's).
pub fn validate_source(source: &SourceText, options: &CheckOptions) -> FileReport {
    let mut pieces = Vec::new();
    validate_source_in_pieces(source, options, |_, _| (), |piece, ()| pieces.push(piece));
    joined(source, pieces)
}

/// The pieces of a source's report as one: each list copied once, into one of the right size.
fn joined(source: &SourceText, pieces: Vec<FileReport>) -> FileReport {
    let mut report = FileReport::empty(source);
    report
        .findings
        .reserve_exact(pieces.iter().map(|piece| piece.findings.len()).sum());
    report
        .pods
        .reserve_exact(pieces.iter().map(|piece| piece.pods.len()).sum());
    for piece in pieces {
        report.append(piece);
    }
    report
}

/// Validates one source as [`validate_source`] does and hands its report over a piece at a
/// time, so that a large source's findings need never be held at once: `draw` gets each
/// piece's report on the core that checked it (document indexes there still count from the
/// piece's start; it may take the findings, to draw them and let them go), and `emit` gets
/// each piece in stream order, with what `draw` made, as soon as it and the pieces before it
/// are done. The pieces add up to the source's report: counts, pods and findings in order,
/// configuration applied. Call it from the main thread to overlap `emit` with the checking of
/// later pieces; on a pool thread the pieces are checked first, then handed over.
pub fn validate_source_in_pieces<D: Send>(
    source: &SourceText,
    options: &CheckOptions,
    draw: impl Fn(&mut FileReport, &LineIndex<'_>) -> D + Sync,
    emit: impl FnMut(FileReport, D),
) {
    validate_cut(source, options, pieces_of(source), draw, emit);
}

/// [`validate_source_in_pieces`] with the source cut into about `pieces` pieces.
fn validate_cut<D: Send>(
    source: &SourceText,
    options: &CheckOptions,
    pieces: usize,
    draw: impl Fn(&mut FileReport, &LineIndex<'_>) -> D + Sync,
    mut emit: impl FnMut(FileReport, D),
) {
    let own_budgets;
    let options = match own_disruption_budgets(source, options) {
        Some(with_budgets) => {
            own_budgets = with_budgets;
            &own_budgets
        }
        None => options,
    };
    let own_namespaces;
    let options = match own_namespaces_of(source, options) {
        Some(with_namespaces) => {
            own_namespaces = with_namespaces;
            &own_namespaces
        }
        None => options,
    };
    let lines = LineIndex::new(&source.text);
    let comments = crate::lint::settings::inline_comments::read(&source.text);
    let sources = RenderedSources::scan(&source.text);
    let whole = Whole {
        source,
        options,
        lines: &lines,
        comments: &comments,
        dollars: source.text.contains('$'),
        sources: sources.as_ref(),
    };
    if let Some(finding) = source_problem(source) {
        let summary = Summary {
            files: 1,
            ..Summary::default()
        };
        let mut report = whole.finish(vec![finding], &[], &comments, Vec::new(), summary);
        let drawn = draw(&mut report, &lines);
        emit(report, drawn);
        return;
    }
    whole.validate_in_pieces(pieces, &draw, &mut emit);
}

/// A source being validated, with what every piece of it shares.
struct Whole<'a> {
    source: &'a SourceText,
    options: &'a CheckOptions,
    /// The file's index, for drawing findings (each piece locates its own with an index of
    /// its own).
    lines: &'a LineIndex<'a>,
    /// The source's suppression comments, in order.
    comments: &'a [CommentSuppression],
    /// Whether the source holds a `$` (looked for once): only then can a finding be about a
    /// placeholder.
    dollars: bool,
    /// The templates rendered output names (`# Source:` of `helm template`), if any.
    sources: Option<&'a RenderedSources>,
}

/// One piece checked, configuration applied and drawn.
struct Checked<D> {
    report: FileReport,
    drawn: D,
    tally: Tally,
    /// Whether a document of the piece had a syntax error.
    any_broken: bool,
}

impl Whole<'_> {
    /// [`validate_source_in_pieces`] with the source cut into about `pieces` pieces.
    fn validate_in_pieces<D: Send>(
        &self,
        pieces: usize,
        draw: &(impl Fn(&mut FileReport, &LineIndex<'_>) -> D + Sync),
        emit: &mut impl FnMut(FileReport, D),
    ) {
        let text = &self.source.text;
        let chunks = keep_comments_whole(text, split_stream(text, pieces), self.comments);
        let work = |chunk: &Chunk<'_>| self.check(chunk, draw);
        let mut handing = Handing {
            documents_before: 0,
            any_handed: false,
            tally: Tally::default(),
            held: Vec::new(),
        };
        let mut broken = None;
        let ahead = rayon::current_num_threads() * AHEAD_PER_THREAD;
        in_order(&chunks, ahead, work, |index, checked| {
            // A piece with a broken document may read differently from the whole stream
            // (the parser can run past a `---` inside a flow collection): from its start on,
            // the stream is read in one go.
            if checked.any_broken && index + 1 < chunks.len() {
                broken = Some(index);
                return Next::Stop;
            }
            handing.take(checked, emit);
            Next::Go
        });
        if let Some(rest) = broken.and_then(|index| chunks.get(index)) {
            handing.take(work(&rest.to_end(text)), emit);
        }
        handing.finish(self, draw, emit);
    }

    /// Reads and checks one piece, applies configuration to its findings and draws them.
    fn check<D>(
        &self,
        chunk: &Chunk<'_>,
        draw: &impl Fn(&mut FileReport, &LineIndex<'_>) -> D,
    ) -> Checked<D> {
        let piece = check_piece(self.source, chunk, self.options);
        let mut findings = Vec::with_capacity(piece.findings.iter().map(Vec::len).sum());
        for mut document in piece.findings {
            findings.append(&mut document);
        }
        let comments = comments_in(self.comments, chunk);
        let mut report = self.finish(findings, &piece.facts, comments, piece.pods, piece.summary);
        report.not_kubernetes = piece.tally.not_kubernetes;
        let drawn = draw(&mut report, self.lines);
        Checked {
            report,
            drawn,
            tally: piece.tally,
            any_broken: piece.any_broken,
        }
    }
}

/// The pieces handed over so far: document numbers, and the pieces held back while no object
/// and no problem has been seen (a source that turns out to hold none gets PL011, configured
/// with the whole source's comments).
struct Handing<D> {
    documents_before: usize,
    any_handed: bool,
    tally: Tally,
    held: Vec<(FileReport, D)>,
}

impl<D> Handing<D> {
    fn take(&mut self, checked: Checked<D>, emit: &mut impl FnMut(FileReport, D)) {
        let Checked {
            mut report,
            drawn,
            tally,
            ..
        } = checked;
        let documents_before = self.documents_before;
        crate::finding::shift_documents(&mut report.findings, documents_before);
        for pod in &mut report.pods {
            pod.document += documents_before;
        }
        self.documents_before += report.summary.documents;
        if !std::mem::replace(&mut self.any_handed, true) {
            report.summary.files = 1;
        }
        self.tally.merge(&tally);
        if self.tally.objects_seen == 0 && !self.tally.any_problem {
            self.held.push((report, drawn));
            return;
        }
        for (held, drawn) in self.held.drain(..) {
            emit(held, drawn);
        }
        emit(report, drawn);
    }

    /// Hands over what is held: for a source with no objects and nothing wrong, its pieces
    /// without findings and then PL011 with whatever the comments make of it.
    fn finish(
        &mut self,
        whole: &Whole<'_>,
        draw: &impl Fn(&mut FileReport, &LineIndex<'_>) -> D,
        emit: &mut impl FnMut(FileReport, D),
    ) {
        if self.held.is_empty() {
            return;
        }
        for (mut piece, _) in self.held.drain(..) {
            piece.findings.clear();
            let Summary {
                errors,
                warnings,
                infos,
                ..
            } = &mut piece.summary;
            (*errors, *warnings, *infos) = (0, 0, 0);
            let drawn = draw(&mut piece, whole.lines);
            emit(piece, drawn);
        }
        let findings = vec![no_objects(whole.source)];
        let mut report = whole.finish(
            findings,
            &[],
            whole.comments,
            Vec::new(),
            Summary::default(),
        );
        let drawn = draw(&mut report, whole.lines);
        emit(report, drawn);
    }
}

/// The pieces with no suppression comment covering lines on both sides of a cut: a piece whose
/// comment covers the start of the next one is joined with it, so that each piece's
/// configuration is the whole source's.
fn keep_comments_whole<'a>(
    text: &'a str,
    chunks: Vec<Chunk<'a>>,
    comments: &[CommentSuppression],
) -> Vec<Chunk<'a>> {
    if comments.is_empty() {
        return chunks;
    }
    let crossed = |boundary: u32| {
        comments
            .iter()
            .any(|comment| comment.span.start.line < boundary && boundary <= comment.lines.1)
    };
    let mut kept: Vec<Chunk<'a>> = Vec::with_capacity(chunks.len());
    for chunk in chunks {
        match kept.last_mut() {
            Some(previous) if previous.boundary_line.is_some_and(crossed) => {
                *previous = previous.joined(&chunk, text);
            }
            _ => kept.push(chunk),
        }
    }
    kept
}

/// The comments written in `chunk`'s own lines (its next piece's `---` line is that piece's).
fn comments_in<'c>(
    comments: &'c [CommentSuppression],
    chunk: &Chunk<'_>,
) -> &'c [CommentSuppression] {
    let line = |comment: &CommentSuppression| comment.span.start.line as usize;
    let first = comments.partition_point(|comment| line(comment) <= chunk.lines_before);
    let end = chunk.boundary_line.map_or(comments.len(), |boundary| {
        comments.partition_point(|comment| line(comment) < boundary as usize)
    });
    comments.get(first..end.max(first)).unwrap_or_default()
}

/// What reading and checking one piece of a source found, document numbers counted from the
/// piece's start.
struct PieceReport {
    /// The findings of each document with any, in order: kept apart rather than appended to
    /// one list that regrows (copying, and touching fresh memory) as it fills; the report
    /// copies each finding once, into a list of the right size.
    findings: Vec<Vec<Finding>>,
    facts: Vec<ObjectFacts>,
    pods: Vec<ObjectRef>,
    summary: Summary,
    tally: Tally,
    /// Whether a document of the piece had a syntax error.
    any_broken: bool,
}

fn check_piece(source: &SourceText, chunk: &Chunk<'_>, options: &CheckOptions) -> PieceReport {
    // The list a pod's checks push into, reused from pod to pod: it grows to the most any pod
    // finds, once, and each pod's located findings leave it for a list of their own size.
    let mut scratch = Vec::new();
    let mut piece = PieceReport {
        findings: Vec::new(),
        facts: Vec::new(),
        pods: Vec::new(),
        summary: Summary::default(),
        tally: Tally::default(),
        any_broken: false,
    };
    let refused = options
        .settings
        .enabled(&crate::lint::rules::INVALID_POD_SECURITY_LABEL);
    let exempt = options
        .settings
        .enabled(&crate::lint::rules::EXEMPT_NAMESPACE_LABELS)
        && !options.pod_security.exempt_namespaces.is_empty();
    let labels_checked = chunk.text.contains(POD_SECURITY_LABEL) && (refused || exempt);
    let exemptions = exempt.then_some(&*options.pod_security);
    // The piece's own index locates its findings: the file's is built only if drawing them
    // needs its lines.
    piece.any_broken = for_each_document_of(chunk, |document, lines| {
        let mut objects =
            read_document_with(&source.name, lines, &document, &options.pod_templates);
        if labels_checked {
            let found = label_findings(&source.name, lines, &document, refused, exemptions);
            objects.findings.extend(found);
        }
        skip_if_foreign(&mut objects);
        piece.tally.add(&mut piece.summary, &document, &objects);
        let DocumentObjects {
            pods,
            findings: loader,
            ..
        } = objects;
        let mut found = loader;
        for object in &pods {
            piece.pods.push(object.object_ref());
            piece.facts.extend(ObjectFacts::read(
                document.root.as_ref(),
                lines,
                object,
                options.settings.honor_peer_annotations,
            ));
            if !object.incomplete {
                let checked = check_object_with(&document, lines, object, options, &mut scratch);
                if found.is_empty() {
                    found = checked;
                } else {
                    found.extend(checked);
                }
            }
        }
        // Sorted a document at a time, on the piece's core, while they are few and at hand:
        // documents follow each other in the file, so the report's own sort then finds the
        // findings already in order.
        if !found.is_empty() {
            found.sort_by(Finding::cmp_in_file);
            piece.findings.push(found);
        }
    });
    piece
}

/// What every Pod Security label key starts with: a piece without it has none to check.
const POD_SECURITY_LABEL: &str = crate::k8s::pod_security::namespace_policy::LABEL_PREFIX;

/// Every pod check on one object that was read whole, its findings located in `document`.
/// The pod is validated as the API server validates it, defaults first unless
/// `--no-defaulting`; findings still name the user's text (a defaulted field is absent there,
/// so its finding points at the nearest parent that exists).
pub fn check_object(
    document: &Document<'_>,
    lines: &LineIndex<'_>,
    object: &PodObject,
    options: &CheckOptions,
) -> Vec<Finding> {
    check_object_with(document, lines, object, options, &mut Vec::new())
}

/// [`check_object`] with the checks pushing into `scratch` (left empty, its room kept for the
/// next pod); the located findings are returned in a list of their own size.
fn check_object_with(
    document: &Document<'_>,
    lines: &LineIndex<'_>,
    object: &PodObject,
    options: &CheckOptions,
    scratch: &mut Vec<Finding>,
) -> Vec<Finding> {
    let defaulting = Defaulting::unless(options.no_defaulting);
    // A workload's template is validated as the workload is stored, with a template's
    // defaults; the Pod made from it gets a Pod's.
    let submitted = if object.kind == "Pod" {
        Submitted::Pod
    } else {
        Submitted::Template
    };
    let StoredPod { pod, mut removed } = stored_as(
        object.pod.clone(),
        &options.gates,
        defaulting,
        &object.init_source,
        submitted,
    );
    removed.extend(crate::k8s::workload::controller_removals(
        object,
        &options.gates,
    ));
    let pod_security = options.pod_security.resolve(
        object.namespace.as_deref(),
        pod.spec.runtime_class_name.as_deref(),
        options.namespaces.as_deref(),
    );
    let context = PodContext::with_pod(object, &pod, options.settings.strict_initialized)
        .in_cluster(options.gates, &removed)
        .with_best_practice(&options.settings.best_practice)
        .with_disruption_budgets(options.disruption_budgets.as_deref())
        .with_defaulting(defaulting)
        .with_pod_security(pod_security.as_ref());
    scratch.clear();
    check_pod(&context, options, scratch);
    drop_findings_on_removed_fields(scratch, &removed);
    let parameterised = object.flavour.is_some_and(Flavour::substitutes_parameters);
    let object_ref = Arc::new(object.object_ref());
    let root = document.root.as_ref();
    let spec = root.map(|root| object.spec_lookup(root));
    for finding in scratch.iter_mut() {
        locate_from(object, &object_ref, root, spec, lines, finding);
    }
    if parameterised {
        scratch.retain(|f| !about_a_parameter(object, document, f));
    }
    // Moved out in one copy, into a list of their own size.
    let mut located = Vec::with_capacity(scratch.len());
    located.append(scratch);
    located
}

/// A field the API server takes out is never validated: the findings inside an entry it
/// removes (an `image` volume and its mounts without ImageVolume, left in place so that every
/// other finding keeps its place) go, except the reports of the removal itself (PL135, PL136).
/// A field it clears is already absent from the pod the rules saw.
fn drop_findings_on_removed_fields(findings: &mut Vec<Finding>, removed: &[RemovedField]) {
    let gone: Vec<&FieldPath> = removed
        .iter()
        .filter(|field| matches!(field.removal, Removal::Removed(_)))
        .map(|field| &field.path)
        .collect();
    if gone.is_empty() {
        return;
    }
    let inside = |path: Option<&FieldPath>| {
        path.is_some_and(|path| {
            gone.iter()
                .any(|prefix| path.strip_prefix(prefix).is_some())
        })
    };
    findings.retain(|finding| {
        matches!(finding.rule.code, "PL135" | "PL136")
            || !(inside(finding.path.as_ref()) || inside(finding.span_path.as_deref()))
    });
}

/// Whether a finding is about a value its operator fills in from a parameter
/// (`imagePullPolicy: "{{inputs.parameters.pull}}"`): the value itself, or a scalar directly in
/// the mapping or list it names, holds a `{{…}}` expression. What it becomes is decided when
/// the workflow runs, so no check can judge it ahead.
fn about_a_parameter(object: &PodObject, document: &Document<'_>, finding: &Finding) -> bool {
    let (Some(root), Some(path)) = (document.root.as_ref(), finding.path.as_ref()) else {
        return false;
    };
    let found = root.lookup(&object.object_path.join(path));
    if !found.complete {
        return false;
    }
    let expression = |node: &crate::yaml::source::Node<'_>| {
        node.as_scalar().is_some_and(|text| text.contains("{{"))
    };
    match found.value.kind() {
        NodeKind::Scalar(..) => expression(found.value),
        NodeKind::Mapping(entries) => entries.iter().any(|(_, value)| expression(value)),
        NodeKind::Sequence(items) => items.iter().any(expression),
    }
}

impl Whole<'_> {
    /// Configuration applied, findings sorted and counted: the report of the source, or of a
    /// piece of it holding `comments`.
    fn finish(
        &self,
        mut findings: Vec<Finding>,
        facts: &[ObjectFacts],
        comments: &[CommentSuppression],
        pods: Vec<ObjectRef>,
        mut summary: Summary,
    ) -> FileReport {
        let Whole {
            source,
            options,
            lines: index,
            ..
        } = *self;
        // Only a file with a `$` can hold a placeholder: the others pay nothing.
        if self.dollars {
            findings = crate::objects::placeholders::replace_findings_on_placeholders(
                &source.text,
                index,
                findings,
            );
        }
        apply::apply(
            &mut findings,
            facts,
            comments,
            &options.settings,
            &source.name,
        );
        if let Some(sources) = self.sources {
            sources.attribute(&mut findings);
        }
        if findings.iter().any(|finding| finding.fix.is_some()) {
            for finding in &mut findings {
                let span = finding.span;
                let Some(fix) = finding.fix.as_mut() else {
                    continue;
                };
                let mut bytes = Vec::new();
                if let (Some(replacement), Some(span)) = (&fix.replacement, span) {
                    let (start, end) = index.byte_range(span);
                    bytes.push((start, end, replacement.clone()));
                }
                for edit in &fix.elsewhere {
                    if let crate::finding::PathEdit::At(span, text) = edit {
                        let (start, end) = index.byte_range(*span);
                        bytes.push((start, end, text.clone()));
                    }
                }
                bytes.sort();
                fix.bytes = bytes;
            }
        }
        findings.sort_by(Finding::cmp_in_file);
        for finding in &findings {
            summary.count(finding.severity);
        }
        FileReport {
            name: source.name.clone(),
            text: Arc::clone(&source.text),
            findings,
            pods,
            summary,
            not_kubernetes: 0,
        }
    }
}

/// The options with the source's own Namespace objects, when the run's were not read ahead
/// and a Pod Security rule runs (a single input, the language server, a library caller).
fn own_namespaces_of(source: &SourceText, options: &CheckOptions) -> Option<CheckOptions> {
    if options.namespaces.is_some() || !options.checks_pod_security() {
        return None;
    }
    Some(CheckOptions {
        namespaces: Some(Arc::new(namespaces(&[source]))),
        ..options.clone()
    })
}

/// The Namespace objects of `sources`, read in parallel; a later one of the same name counts.
pub fn namespaces(sources: &[&SourceText]) -> Namespaces {
    let read: Vec<Namespaces> = sources
        .par_iter()
        .map(|source| {
            let mut found = Namespaces::default();
            if source_problem(source).is_none() {
                found.read_text(&source.name, &source.text);
            }
            found
        })
        .collect();
    let mut all = Namespaces::default();
    for found in read {
        all.append(found);
    }
    all
}

/// The options with the source's own PodDisruptionBudgets, when PL447 runs and the caller read
/// none for the run (a source checked on its own: the language server, a library caller).
fn own_disruption_budgets(source: &SourceText, options: &CheckOptions) -> Option<CheckOptions> {
    if options.disruption_budgets.is_some()
        || !options
            .settings
            .enabled(&crate::lint::rules::MISSING_POD_DISRUPTION_BUDGET)
    {
        return None;
    }
    Some(CheckOptions {
        disruption_budgets: Some(Arc::new(disruption_budgets(&[source]))),
        ..options.clone()
    })
}

/// The PodDisruptionBudgets of `sources` (read in parallel, kept in input order), for PL447:
/// a source that `validate` does not read (not UTF-8, a template) gives none.
pub fn disruption_budgets(sources: &[&SourceText]) -> DisruptionBudgets {
    let read: Vec<DisruptionBudgets> = sources
        .par_iter()
        .map(|source| {
            let mut budgets = DisruptionBudgets::default();
            if source_problem(source).is_none() {
                budgets.read_text(&source.name, &source.text);
            }
            budgets
        })
        .collect();
    let mut all = DisruptionBudgets::default();
    for budgets in read {
        all.append(budgets);
    }
    all
}

/// Strict validation of the pod as it will be once initialized (I4): its error findings, located.
pub fn strict_findings(
    pod: &crate::k8s::model::Pod,
    gates: crate::k8s::cluster::FeatureGates,
) -> Vec<String> {
    let mut initialized = pod.clone();
    initialized.metadata.initializers = None;
    initialized.metadata.initialized = Some(true);
    initialized.status = None;
    let mut document = serde_json::json!({"apiVersion": "v1", "kind": "Pod"});
    let Ok(body) = serde_json::to_value(&initialized) else {
        return Vec::new();
    };
    if let (Some(target), serde_json::Value::Object(fields)) = (document.as_object_mut(), body) {
        target.extend(fields);
    }
    let source = SourceText::new("initialized pod", document.to_string());
    let options = CheckOptions {
        no_defaulting: true,
        gates,
        ..CheckOptions::default()
    };
    validate_source(&source, &options)
        .findings
        .iter()
        .filter(|f| f.severity == crate::finding::Severity::Error)
        .map(|f| match &f.path {
            Some(path) => format!("{path}: {} ({})", f.message, f.rule.code),
            None => format!("{} ({})", f.message, f.rule.code),
        })
        .collect()
}

/// Runs every enabled pod check on one pod.
pub fn check_pod(context: &PodContext<'_>, options: &CheckOptions, findings: &mut Vec<Finding>) {
    for (position, rule) in REGISTRY.iter().enumerate() {
        if let Origin::Pod(check) = rule.origin
            && options.settings.level_at(position, rule) != Level::Off
        {
            check(context, findings);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::workload::custom_resources::PodTemplateTable;
    use crate::objects::read_source::{PARALLEL_FROM_BYTES, Reading, read_in_pieces};
    use proptest::prelude::*;

    /// [`validate_source`] with the source cut into about `pieces` pieces.
    fn validate_in_pieces(
        source: &SourceText,
        options: &CheckOptions,
        pieces: usize,
    ) -> FileReport {
        let mut found = Vec::new();
        validate_cut(
            source,
            options,
            pieces,
            |_, _| (),
            |piece, ()| found.push(piece),
        );
        joined(source, found)
    }

    fn source(text: &str) -> SourceText {
        SourceText::new("test.yaml", text)
    }

    /// Every built-in example, cut and spliced at random places, with random bytes inserted.
    fn mutated_manifest() -> impl Strategy<Value = String> {
        let examples: Vec<&'static str> = crate::input::examples::EXAMPLES
            .iter()
            .map(|e| e.text)
            .collect();
        (
            proptest::sample::select(examples),
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            "[ -~\\t\\n{}\\[\\]:,&*!|>'\"#%@`-]{0,12}",
        )
            .prop_map(|(text, cut, splice, noise)| {
                let chars: Vec<char> = text.chars().collect();
                let a = cut.index(chars.len());
                let b = splice.index(chars.len());
                let (low, high) = (a.min(b), a.max(b));
                let mut out: String = chars[..low].iter().collect();
                out.push_str(&noise);
                out.extend(&chars[high..]);
                out
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn validating_mutated_manifests_never_panics(text in mutated_manifest()) {
            let report = validate_source(&source(&text), &CheckOptions::default());
            for finding in &report.findings {
                // Every finding is located inside the text (or at its very end).
                let span = finding.span.expect("every finding has a span");
                prop_assert!(span.start.line as usize <= text.lines().count() + 1);
            }
        }

        /// Several mutated manifests in one stream: read in pieces, the report is the one read
        /// whole, byte for byte (document numbers, positions, order, counts).
        #[test]
        fn validating_in_pieces_equals_validating_whole(
            texts in proptest::collection::vec(mutated_manifest(), 1..6),
            pieces in 2usize..9,
        ) {
            let text = texts.join("\n---\n");
            let whole = validate_in_pieces(&source(&text), &CheckOptions::default(), 1);
            let split = validate_in_pieces(&source(&text), &CheckOptions::default(), pieces);
            prop_assert_eq!(format!("{:?}", split.findings), format!("{:?}", whole.findings));
            prop_assert_eq!(split.pods, whole.pods);
            prop_assert_eq!(split.summary, whole.summary);
        }

        /// Read in pieces, a few at a time, a stream gives each document the objects and
        /// findings it gives read whole, in the same order and with the same numbers.
        #[test]
        fn reading_in_pieces_equals_reading_whole(
            texts in proptest::collection::vec(mutated_manifest(), 1..6),
            pieces in 2usize..9,
            ahead in 1usize..4,
        ) {
            let text = texts.join("\n---\n");
            let source = source(&text);
            let read = |pieces, ahead| {
                let reading = Reading {
                    source: &source,
                    templates: PodTemplateTable::built_in(),
                    pieces,
                    ahead,
                };
                let (mut findings, mut summary, mut seen) = (Vec::new(), Summary::default(), Vec::new());
                read_in_pieces(
                    &reading,
                    &mut findings,
                    &mut summary,
                    |piece: &mut Vec<(usize, DocumentObjects)>, document, _, objects| {
                        piece.push((document.index, objects));
                    },
                    |_, _| {},
                    |piece| {
                        for (index, mut objects) in piece.value {
                            let shift = |object: &mut ObjectRef| object.document += piece.documents_before;
                            crate::finding::shift_documents(&mut objects.findings, piece.documents_before);
                            let pods: Vec<ObjectRef> = objects.pods.iter().map(|pod| {
                                let mut object = pod.object_ref();
                                shift(&mut object);
                                object
                            }).collect();
                            seen.push((index + piece.documents_before, format!("{pods:?} {:?}", objects.findings)));
                        }
                    },
                );
                (format!("{findings:?}"), summary, seen)
            };
            let whole = read(1, 1);
            let split = read(pieces, ahead);
            prop_assert_eq!(split, whole);
        }

        #[test]
        fn validating_arbitrary_text_never_panics(text in "\\PC{0,200}") {
            validate_source(&source(&text), &CheckOptions::default());
        }
    }

    /// The best-practice group on, with its settings as `config` gives them.
    fn group_options(config: &str) -> CheckOptions {
        let layer = crate::lint::settings::config_file::parse(config).expect("valid configuration");
        CheckOptions {
            settings: Arc::new(crate::lint::settings::selection::RuleSettings::resolve(&[
                &layer,
            ])),
            ..CheckOptions::default()
        }
    }

    /// Read in pieces, a stream gives the report read whole (findings in order, with their
    /// document numbers, pods, counts), for every cut.
    fn assert_pieces_read_as_whole(text: &str, options: &CheckOptions) {
        let whole = validate_in_pieces(&source(text), options, 1);
        assert!(!whole.findings.is_empty());
        for pieces in 2..12 {
            let split = validate_in_pieces(&source(text), options, pieces);
            assert_eq!(
                format!("{:?}", split.findings),
                format!("{:?}", whole.findings),
                "{pieces} pieces"
            );
            assert_eq!(split.pods, whole.pods);
            assert_eq!(split.summary, whole.summary);
            assert_eq!(split.not_kubernetes, whole.not_kubernetes);
        }
    }

    /// Suppression comments apply to a piece as to the whole source: a comment at the end of
    /// a line, one over a container, one that suppresses nothing (PL012), one on the last line
    /// before a `---` that covers a flow document starting on that line, in a stream cut
    /// everywhere.
    #[test]
    fn suppression_comments_in_pieces_apply_as_in_the_whole_source() {
        let options = group_options("select: [best-practice, PL012]\n");
        let mut text = String::new();
        for n in 0..12 {
            text.push_str(&format!(
                "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p{n}\nspec:\n  containers:\n  # podlife: ignore[PL402] reviewed\n  - name: app\n    image: nginx:1.{n}  # podlife: ignore[PL442,PL999]\n    securityContext: {{privileged: true}}\n# podlife: ignore[ALL] the next flow document\n--- {{apiVersion: v1, kind: Pod, metadata: {{name: f{n}}}, spec: {{containers: [{{name: a, image: 'nginx:latest'}}]}}}}\n---\n"
            ));
        }
        assert_pieces_read_as_whole(&text, &options);
        let whole = validate_in_pieces(&source(&text), &options, 1);
        let codes: Vec<&str> = whole.findings.iter().map(|f| f.rule.code).collect();
        // The unused entry is reported, what the comments cover is not.
        assert!(codes.contains(&"PL012"));
        assert!(!codes.contains(&"PL442"));
        assert!(whole.findings.iter().all(|f| f.span.is_some_and(|span| {
            let line = text
                .lines()
                .nth(span.start.line as usize - 1)
                .unwrap_or_default();
            !line.starts_with("--- {")
        })));
    }

    /// A stream with no object at all gets PL011 once, configured as the whole source is (a
    /// comment can suppress it), however it is cut; its unused comments are reported around it.
    #[test]
    fn a_source_without_objects_gets_its_one_pl011_in_pieces_too() {
        let options = group_options("select: [ALL]\n");
        let empty = "# nothing here\n---\n# podlife: ignore[PL999]\n---\n".repeat(20);
        assert_pieces_read_as_whole(&empty, &options);
        let codes: Vec<&str> = validate_in_pieces(&source(&empty), &options, 5)
            .findings
            .iter()
            .map(|f| f.rule.code)
            .collect();
        assert_eq!(codes.iter().filter(|c| **c == "PL011").count(), 1);
        let suppressed = format!("--- # podlife: ignore[PL011] kept empty\n{empty}");
        let report = validate_in_pieces(&source(&suppressed), &options, 5);
        assert!(report.findings.iter().all(|f| f.rule.code != "PL011"));
    }

    /// Pieces reach `emit` in order with their document numbers counted from the stream's
    /// start, having been drawn on the piece's core with the piece's own numbers.
    #[test]
    fn pieces_are_handed_over_in_order_and_renumbered() {
        let text = crate::input::examples::EXAMPLES
            .iter()
            .map(|e| e.text)
            .collect::<Vec<_>>()
            .join("---\n")
            .repeat(400);
        assert!(text.len() >= PARALLEL_FROM_BYTES);
        let options = group_options("select: [best-practice]\n");
        let mut handed = Vec::new();
        validate_source_in_pieces(
            &source(&text),
            &options,
            |piece, _| std::mem::take(&mut piece.findings).len(),
            |piece, drawn| handed.push((piece, drawn)),
        );
        let whole = validate_in_pieces(&source(&text), &options, 1);
        assert!(handed.len() > 2);
        assert!(handed.iter().all(|(piece, _)| piece.findings.is_empty()));
        assert_eq!(
            handed.iter().map(|(_, drawn)| drawn).sum::<usize>(),
            whole.findings.len()
        );
        let pods: Vec<ObjectRef> = handed
            .into_iter()
            .flat_map(|(piece, _)| piece.pods)
            .collect();
        assert_eq!(pods, whole.pods);
    }

    #[test]
    fn every_example_loads_with_no_findings_but_the_ones_it_shows() {
        // Some examples exist to show a lifecycle point, and the lint for it fires on them:
        // the beta annotation (PL207), an init-container peak that decides the pod's request
        // (PL307), a Guaranteed worker made Burstable by resource-less init containers (PL308).
        let shown = |name: &str| -> &[&str] {
            match name {
                "legacy-annotation" => &["PL207"],
                "sidecar" => &["PL307"],
                "job" => &["PL308", "PL308"],
                _ => &[],
            }
        };
        for example in crate::input::examples::EXAMPLES {
            let report = validate_source(&source(example.text), &CheckOptions::default());
            let found: Vec<&str> = report.findings.iter().map(|f| f.rule.code).collect();
            assert_eq!(
                found,
                shown(example.name),
                "{}: {:?}",
                example.name,
                report.findings
            );
            assert_eq!(report.summary.pods, 1, "{}", example.name);
        }
    }
}
