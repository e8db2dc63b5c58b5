//! Validating sources: read each document, run every pod check, and collect located findings per file.

use std::sync::Arc;

use crate::input::{SourceOrigin, SourceText};
use crate::k8s::cluster::dropped_fields::{Removal, RemovedField};
use crate::k8s::workload::PodObject;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::finding::{Finding, ObjectRef, Summary};
use crate::lint::load::template_markers::first_template_action;
use crate::lint::load::{DocumentObjects, locate, read_document_with};
use crate::lint::rules::helpers::disruption_budgets::DisruptionBudgets;
use crate::lint::rules::{self, ContainerList, Origin, PodContext, REGISTRY};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::apply::{self, ObjectFacts};
use crate::lint::settings::selection::Level;
use rayon::prelude::*;

use crate::k8s::workload::custom_resources::Flavour;
use crate::yaml::field_path::FieldPath;
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, NodeKind, Pos, Span};
use crate::yaml::stream::{Chunk, for_each_document_of, split_stream};

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

/// One piece of a source as [`read_source`] hands it over: what its documents gave the
/// visitor, document indexes counted from the piece's start.
#[derive(Debug)]
pub struct SourcePiece<P> {
    /// Documents of the source before this piece (add it to each document index).
    pub documents_before: usize,
    /// What the visitor gathered.
    pub value: P,
}

/// Pieces of this many bytes when a source is read in pieces: small, so that the window of
/// pieces read at once (and what they give) holds a small part of a large file.
const STREAMED_PIECE_BYTES: usize = 128 << 10;
/// Pieces read at once per core: two, so that a core rarely waits for the window's slowest.
const WINDOW_PER_THREAD: usize = 2;

/// Reads every document of a source with its objects, as `validate` does: a large source is cut
/// at document starts and read a window of pieces at a time on every core. `visit` gathers a
/// piece's documents into a fresh `P` (document indexes counted from the piece's start);
/// `prepare` then gets it with the number of documents before the piece, still on the piece's
/// core (to renumber, to draw output); `emit` gets the pieces in stream order as each window
/// is done, so at most a window's results are held however large the file. Reports text that
/// is not UTF-8 and a source with no objects as findings in `findings`.
pub fn read_source<P: Default + Send>(
    source: &SourceText,
    templates: &PodTemplateTable,
    findings: &mut Vec<Finding>,
    summary: &mut Summary,
    visit: impl Fn(&mut P, &Document<'_>, DocumentObjects) + Sync,
    prepare: impl Fn(&mut P, usize) + Sync,
    emit: impl FnMut(SourcePiece<P>),
) {
    let pieces = if source.text.len() >= PARALLEL_FROM_BYTES {
        source.text.len() / STREAMED_PIECE_BYTES
    } else {
        1
    };
    let window = rayon::current_num_threads() * WINDOW_PER_THREAD;
    let reading = Reading {
        source,
        templates,
        pieces,
        window,
    };
    read_in_pieces(&reading, findings, summary, visit, prepare, emit);
}

/// A source to read and how: in about `pieces` pieces, `window` at a time.
struct Reading<'a> {
    source: &'a SourceText,
    templates: &'a PodTemplateTable,
    pieces: usize,
    window: usize,
}

/// [`read_source`] with the pieces and the window given.
fn read_in_pieces<P: Default + Send>(
    reading: &Reading<'_>,
    findings: &mut Vec<Finding>,
    summary: &mut Summary,
    visit: impl Fn(&mut P, &Document<'_>, DocumentObjects) + Sync,
    prepare: impl Fn(&mut P, usize) + Sync,
    mut emit: impl FnMut(SourcePiece<P>),
) {
    let Reading {
        source, templates, ..
    } = *reading;
    summary.files += 1;
    if let Some(finding) = source_problem(source) {
        findings.push(finding);
        return;
    }
    let lines = LineIndex::new(&source.text);
    let chunks = split_stream(&source.text, reading.pieces);
    let window = reading.window.max(1);
    let read = |chunk: &Chunk<'_>| {
        let mut piece = (P::default(), Summary::default(), Tally::default());
        let last_broken = for_each_document_of(chunk, |document| {
            let mut objects = read_document_with(&source.name, &lines, &document, templates);
            skip_if_foreign(&mut objects);
            piece.2.add(&mut piece.1, &document, &objects);
            visit(&mut piece.0, &document, objects);
        });
        (piece, last_broken)
    };
    let mut tally = Tally::default();
    let mut documents_before = 0;
    for (window_index, batch) in chunks.chunks(window).enumerate() {
        let mut pieces_read: Vec<_> = if batch.len() > 1 {
            batch.par_iter().map(read).collect()
        } else {
            batch.iter().map(read).collect()
        };
        // A piece whose last document broke may read differently from the whole stream (the
        // parser can run past a `---` inside a flow collection): from its start on, the stream
        // is read in one go.
        let broken = pieces_read
            .iter()
            .enumerate()
            .position(|(offset, (_, last_broken))| {
                *last_broken && window_index * window + offset + 1 < chunks.len()
            });
        if let Some(offset) = broken {
            pieces_read.truncate(offset);
            let rest = chunks
                .get(window_index * window + offset)
                .map(|chunk| chunk.to_end(&source.text));
            pieces_read.extend(rest.map(|rest| read(&rest)));
        }
        let mut placed = Vec::with_capacity(pieces_read.len());
        for ((value, piece_summary, piece_tally), _) in pieces_read {
            summary.add(&piece_summary);
            tally.merge(&piece_tally);
            placed.push(SourcePiece {
                documents_before,
                value,
            });
            documents_before += piece_summary.documents;
        }
        placed
            .par_iter_mut()
            .for_each(|piece| prepare(&mut piece.value, piece.documents_before));
        placed.into_iter().for_each(&mut emit);
        if broken.is_some() {
            break;
        }
    }
    finish_reading(source, findings, &tally);
}

/// PL011 on a source that held no objects, once all of it was read.
fn finish_reading(source: &SourceText, findings: &mut Vec<Finding>, tally: &Tally) {
    if tally.objects_seen == 0 && !tally.any_problem && findings.is_empty() {
        findings.push(no_objects(source));
    }
}

/// A problem with a source as a whole, found before its documents are read: text that is not
/// UTF-8, or a template (`{{ … }}`) rather than a manifest. Either is the source's one finding.
fn source_problem(source: &SourceText) -> Option<Finding> {
    let mut finding = if let Some((line, column, byte)) = source.not_utf8 {
        let pos = Pos {
            index: 0,
            line,
            column,
        };
        rules::INVALID_YAML
            .finding(format!("file is not valid UTF-8 (byte 0x{byte:02x})"))
            .spanned(Span::at(pos))
            .help("save the file as UTF-8")
    } else {
        let pos = first_template_action(&source.text)?;
        rules::UNRENDERED_TEMPLATE
            .finding("this is a template (`{{ … }}`), not a manifest: render it, then check the output")
            .spanned(Span::at(pos))
            .label("a template action")
            .help("`helm template <release> <chart> | podlife validate -`; when walking a chart, `--exclude 'templates/**'`")
    };
    finding.file = source.name.clone();
    Some(finding)
}

/// A document that is plainly no Kubernetes object (a workflow, a values file, a Compose file)
/// is a skipped object, not a finding, whether a walk found its file or it was named (pre-commit
/// and editors name every `*.yaml`). One that looks like an object but lost its `kind` keeps
/// its PL004.
fn skip_if_foreign(objects: &mut DocumentObjects) {
    if objects.not_kubernetes {
        let not_an_object = rules::NOT_AN_OBJECT.id();
        objects
            .findings
            .retain(|finding| finding.rule != not_an_object);
        objects.skipped += 1;
    }
}

/// What a source's documents add up to, beyond the summary's counts: whether any object was
/// seen and any problem found, which decide PL011 (no objects).
#[derive(Debug, Default)]
struct Tally {
    objects_seen: usize,
    any_problem: bool,
    not_kubernetes: usize,
}

impl Tally {
    /// Counts one document and its objects into `summary` and the tally.
    fn add(&mut self, summary: &mut Summary, document: &Document<'_>, objects: &DocumentObjects) {
        summary.documents += 1;
        if objects.empty {
            summary.empty_documents += 1;
        }
        self.any_problem |= !document.problems.is_empty() || !objects.findings.is_empty();
        self.objects_seen += objects.pods.len() + objects.skipped;
        self.not_kubernetes += usize::from(objects.not_kubernetes);
        summary.pods += objects.pods.len();
        summary.skipped_objects += objects.skipped;
    }

    fn merge(&mut self, other: &Tally) {
        self.objects_seen += other.objects_seen;
        self.not_kubernetes += other.not_kubernetes;
        self.any_problem |= other.any_problem;
    }
}

/// PL011 on a source with no objects and nothing else wrong: a warning for a file (an empty
/// file is worth noticing), an error for standard input (the step that feeds it failed, and a
/// CI step must not pass on nothing).
fn no_objects(source: &SourceText) -> Finding {
    let mut finding = rules::NO_OBJECTS
        .finding("no Kubernetes objects in this input")
        .spanned(Span::at(Pos {
            index: 0,
            line: 1,
            column: 1,
        }))
        .help("remove the empty file, or fix the step that generates it");
    if source.origin == SourceOrigin::Stdin {
        finding.severity = crate::lint::finding::Severity::Error;
        finding.note =
            Some("standard input held no object: did the command that feeds it fail?".into());
    }
    finding.file = source.name.clone();
    finding.object = None;
    finding
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
    let mut finding = rules::NO_OBJECTS
        .finding(format!("no Kubernetes objects under `{name}`"))
        .spanned(Span::at(Pos {
            index: 0,
            line: 1,
            column: 1,
        }))
        .help("check the path; `--hidden` and `--no-ignore` also read hidden and ignored files, and `exclude:` or `--exclude` may leave files out")
        .note(note);
    finding.file = source.name.clone();
    finish(
        &source,
        &LineIndex::new(&source.text),
        vec![finding],
        &[],
        Vec::new(),
        Summary::default(),
        options,
    )
}

/// Sources at least this large are read in pieces on every core (smaller ones are not worth
/// the split; many files already spread over the cores one file each).
pub const PARALLEL_FROM_BYTES: usize = 1 << 20;
/// Pieces per core: enough that a piece with slow documents does not hold the others up.
const PIECES_PER_THREAD: usize = 4;

/// Validates one source: loader findings plus every pod check, located and sorted. A large
/// source is cut at document starts and its pieces are read and checked in parallel; the
/// report is the same as reading it whole (document numbers and positions are the stream's).
pub fn validate_source(source: &SourceText, options: &CheckOptions) -> FileReport {
    let own_budgets;
    let options = match own_disruption_budgets(source, options) {
        Some(with_budgets) => {
            own_budgets = with_budgets;
            &own_budgets
        }
        None => options,
    };
    if let Some(finding) = source_problem(source) {
        let summary = Summary {
            files: 1,
            ..Summary::default()
        };
        let lines = LineIndex::new(&source.text);
        return finish(
            source,
            &lines,
            vec![finding],
            &[],
            Vec::new(),
            summary,
            options,
        );
    }
    let pieces = if source.text.len() >= PARALLEL_FROM_BYTES {
        (rayon::current_num_threads() * PIECES_PER_THREAD)
            .min(source.text.len() / (PARALLEL_FROM_BYTES / 4))
    } else {
        1
    };
    validate_in_pieces(source, options, pieces)
}

/// [`validate_source`] with the source cut into about `pieces` pieces.
fn validate_in_pieces(source: &SourceText, options: &CheckOptions, pieces: usize) -> FileReport {
    let mut findings = Vec::new();
    let mut summary = Summary {
        files: 1,
        ..Summary::default()
    };
    // One index for every piece: positions are the stream's.
    let lines = LineIndex::new(&source.text);
    let chunks = split_stream(&source.text, pieces);
    let mut checked: Vec<PieceReport> = if chunks.len() > 1 {
        chunks
            .par_iter()
            .map(|chunk| check_piece(source, &lines, chunk, options))
            .collect()
    } else {
        chunks
            .iter()
            .map(|chunk| check_piece(source, &lines, chunk, options))
            .collect()
    };
    // A piece whose last document broke may read differently from the whole stream there
    // (the parser can run past a `---` inside a flow collection): read the source whole.
    let pieces_read = checked.len();
    if checked
        .iter()
        .take(pieces_read.saturating_sub(1))
        .any(|piece| piece.last_broken)
    {
        checked = vec![check_piece(
            source,
            &lines,
            &Chunk::whole(&source.text),
            options,
        )];
    }
    // Sized once: appending piece by piece would regrow (and briefly double) the largest lists.
    findings.reserve_exact(
        checked
            .iter()
            .flat_map(|piece| &piece.findings)
            .map(Vec::len)
            .sum(),
    );
    let mut facts = Vec::with_capacity(checked.iter().map(|piece| piece.facts.len()).sum());
    let mut pods = Vec::with_capacity(checked.iter().map(|piece| piece.pods.len()).sum());
    let mut tally = Tally::default();
    let mut documents_before = 0;
    for mut piece in checked {
        let renumber = |object: &mut ObjectRef| object.document += documents_before;
        for document in &mut piece.findings {
            crate::lint::finding::shift_documents(document, documents_before);
        }
        piece
            .facts
            .iter_mut()
            .map(|f| &mut f.object)
            .for_each(renumber);
        piece.pods.iter_mut().for_each(renumber);
        documents_before += piece.summary.documents;
        for mut document in piece.findings {
            findings.append(&mut document);
        }
        facts.append(&mut piece.facts);
        pods.append(&mut piece.pods);
        summary.add(&piece.summary);
        tally.merge(&piece.tally);
    }
    if tally.objects_seen == 0 && !tally.any_problem {
        findings.push(no_objects(source));
    }
    let mut report = finish(source, &lines, findings, &facts, pods, summary, options);
    report.not_kubernetes = tally.not_kubernetes;
    report
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
    /// Whether the piece's last document had a syntax error.
    last_broken: bool,
}

fn check_piece(
    source: &SourceText,
    lines: &LineIndex<'_>,
    chunk: &Chunk<'_>,
    options: &CheckOptions,
) -> PieceReport {
    // The list a pod's checks push into, reused from pod to pod: it grows to the most any pod
    // finds, once, and each pod's located findings leave it for a list of their own size.
    let mut scratch = Vec::new();
    let mut piece = PieceReport {
        findings: Vec::new(),
        facts: Vec::new(),
        pods: Vec::new(),
        summary: Summary::default(),
        tally: Tally::default(),
        last_broken: false,
    };
    piece.last_broken = for_each_document_of(chunk, |document| {
        let mut objects =
            read_document_with(&source.name, lines, &document, &options.pod_templates);
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
                object,
                options.settings.honor_peer_annotations,
            ));
            if !object.incomplete {
                let checked = check_object_with(&document, object, options, &mut scratch);
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
            found.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
            piece.findings.push(found);
        }
    });
    piece
}

/// Every pod check on one object that was read whole, its findings located in `document`.
/// The pod is validated as the API server validates it, defaults first unless
/// `--no-defaulting`; findings still name the user's text (a defaulted field is absent there,
/// so its finding points at the nearest parent that exists).
pub fn check_object(
    document: &Document<'_>,
    object: &PodObject,
    options: &CheckOptions,
) -> Vec<Finding> {
    check_object_with(document, object, options, &mut Vec::new())
}

/// [`check_object`] with the checks pushing into `scratch` (left empty, its room kept for the
/// next pod); the located findings are returned in a list of their own size.
fn check_object_with(
    document: &Document<'_>,
    object: &PodObject,
    options: &CheckOptions,
    scratch: &mut Vec<Finding>,
) -> Vec<Finding> {
    let mut pod = if options.no_defaulting {
        object.pod.clone()
    } else {
        crate::k8s::defaults::defaulted(&object.pod)
    };
    let bare = PodContext::new(object);
    let removed = crate::k8s::cluster::dropped_fields::drop_fields(
        &mut pod,
        &options.gates,
        &|list, index| bare.container_path(ContainerList::from_field(list), index),
    );
    let context = PodContext::with_pod(object, &pod, options.settings.strict_initialized)
        .in_cluster(options.gates, &removed)
        .with_best_practice(&options.settings.best_practice)
        .with_disruption_budgets(options.disruption_budgets.as_deref());
    scratch.clear();
    check_pod(&context, options, scratch);
    drop_findings_on_removed_fields(scratch, &removed);
    let parameterised = object.flavour.is_some_and(Flavour::substitutes_parameters);
    let object_ref = Arc::new(object.object_ref());
    let mut located = Vec::with_capacity(scratch.len());
    located.extend(
        scratch
            .drain(..)
            .map(|f| locate(object, &object_ref, document.root.as_ref(), f))
            .filter(|f| !(parameterised && about_a_parameter(object, document, f))),
    );
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

/// Configuration applied, findings sorted and counted: the report of one source.
fn finish(
    source: &SourceText,
    index: &LineIndex<'_>,
    mut findings: Vec<Finding>,
    facts: &[ObjectFacts],
    pods: Vec<ObjectRef>,
    mut summary: Summary,
    options: &CheckOptions,
) -> FileReport {
    // Only a file with a `$` can hold a placeholder: the others pay nothing.
    if source.text.contains('$') {
        findings = crate::lint::load::placeholders::replace_findings_on_placeholders(
            &source.text,
            index,
            findings,
        );
    }
    let comments = crate::lint::settings::inline_comments::read(&source.text);
    apply::apply(
        &mut findings,
        facts,
        &comments,
        &options.settings,
        &source.name,
    );
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
                if let crate::lint::finding::PathEdit::At(span, text) = edit {
                    let (start, end) = index.byte_range(*span);
                    bytes.push((start, end, text.clone()));
                }
            }
            bytes.sort();
            fix.bytes = bytes;
        }
    }
    findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
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

/// The options with the source's own PodDisruptionBudgets, when PL447 runs and the caller read
/// none for the run (a source checked on its own: the language server, a library caller).
fn own_disruption_budgets(source: &SourceText, options: &CheckOptions) -> Option<CheckOptions> {
    if options.disruption_budgets.is_some()
        || !options
            .settings
            .enabled(&rules::MISSING_POD_DISRUPTION_BUDGET)
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
        .filter(|f| f.severity == crate::lint::finding::Severity::Error)
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
    use proptest::prelude::*;

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

        /// Read in pieces, a window at a time, a stream gives each document the objects and
        /// findings it gives read whole, in the same order and with the same numbers.
        #[test]
        fn reading_in_pieces_equals_reading_whole(
            texts in proptest::collection::vec(mutated_manifest(), 1..6),
            pieces in 2usize..9,
            window in 1usize..4,
        ) {
            let text = texts.join("\n---\n");
            let source = source(&text);
            let read = |pieces, window| {
                let reading = Reading {
                    source: &source,
                    templates: PodTemplateTable::built_in(),
                    pieces,
                    window,
                };
                let (mut findings, mut summary, mut seen) = (Vec::new(), Summary::default(), Vec::new());
                read_in_pieces(
                    &reading,
                    &mut findings,
                    &mut summary,
                    |piece: &mut Vec<(usize, DocumentObjects)>, document, objects| {
                        piece.push((document.index, objects));
                    },
                    |_, _| {},
                    |piece| {
                        for (index, mut objects) in piece.value {
                            let shift = |object: &mut ObjectRef| object.document += piece.documents_before;
                            crate::lint::finding::shift_documents(&mut objects.findings, piece.documents_before);
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
            let split = read(pieces, window);
            prop_assert_eq!(split, whole);
        }

        #[test]
        fn validating_arbitrary_text_never_panics(text in "\\PC{0,200}") {
            validate_source(&source(&text), &CheckOptions::default());
        }
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
