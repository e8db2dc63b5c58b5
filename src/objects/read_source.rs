//! Reading a source into its documents' objects, a piece per core in stream order: what
//! `validate`, `resources` and `status` all read, with the reading findings of a source as a
//! whole (not UTF-8, a template, no objects).

use crate::finding::{Finding, Summary};
use crate::input::{SourceOrigin, SourceText};
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::objects::in_order::{Next, in_order_in_two_steps};
use crate::objects::reading_findings;
use crate::objects::template_markers::first_template_action;
use crate::objects::{DocumentObjects, read_document_with};
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{Document, Pos, Span};
use crate::yaml::stream::{Chunk, for_each_document_of, split_stream};

/// One piece of a source as [`read_source`] hands it over: what its documents gave the
/// visitor, document indexes counted from the piece's start.
#[derive(Debug)]
pub struct SourcePiece<P> {
    /// Documents of the source before this piece (add it to each document index).
    pub documents_before: usize,
    /// What the visitor gathered.
    pub value: P,
}

/// Pieces of this many bytes when a source is read in pieces: small, so that the pieces
/// read at once (and what they give) hold a small part of a large file.
const STREAMED_PIECE_BYTES: usize = 128 << 10;
/// How many pieces a source is read in: one below [`PARALLEL_FROM_BYTES`], else pieces of
/// about [`STREAMED_PIECE_BYTES`].
pub fn pieces_of(source: &SourceText) -> usize {
    if source.text.len() >= PARALLEL_FROM_BYTES {
        source.text.len() / STREAMED_PIECE_BYTES
    } else {
        1
    }
}

/// Pieces at work or waiting per core, past the oldest one not yet handed over: enough that
/// a slow piece does not hold the other cores up, few enough that what is held stays small.
const AHEAD_PER_THREAD: usize = 2;

/// Reads every document of a source with its objects, as `validate` does: a large source is cut
/// at document starts and its pieces read on every core, a few at a time. `visit` gathers a
/// piece's documents into a fresh `P` (document indexes counted from the piece's start; the
/// piece's line index turns their offsets into lines);
/// `prepare` then gets it with the number of documents before the piece, on whichever core is
/// free (to renumber, to draw output); `emit` gets the pieces in stream order on this thread
/// as each is ready, while the cores read on, so at most a few pieces' results are held however
/// large the file. Reports text that is not UTF-8 and a source with no objects as findings in
/// `findings`.
pub fn read_source<P: Default + Send>(
    source: &SourceText,
    templates: &PodTemplateTable,
    findings: &mut Vec<Finding>,
    summary: &mut Summary,
    visit: impl Fn(&mut P, &Document<'_>, &LineIndex<'_>, DocumentObjects) + Sync,
    prepare: impl Fn(&mut P, usize) + Sync,
    emit: impl FnMut(SourcePiece<P>),
) {
    let pieces = pieces_of(source);
    let ahead = rayon::current_num_threads() * AHEAD_PER_THREAD;
    let reading = Reading {
        source,
        templates,
        pieces,
        ahead,
    };
    read_in_pieces(&reading, findings, summary, visit, prepare, emit);
}

/// A source to read and how: in about `pieces` pieces, at most `ahead` at work at once.
pub struct Reading<'a> {
    /// The source.
    pub source: &'a SourceText,
    /// The pod templates of custom resources.
    pub templates: &'a PodTemplateTable,
    /// About how many pieces.
    pub pieces: usize,
    /// How many pieces at most are at work or waiting past the oldest not yet handed over.
    pub ahead: usize,
}

/// One piece read, before it is numbered and prepared.
struct PieceRead<P> {
    value: P,
    summary: Summary,
    tally: Tally,
    /// Whether a document of the piece had a syntax error.
    any_broken: bool,
    /// Documents of the source before the piece, once the earlier pieces are counted.
    documents_before: usize,
}

impl<P> PieceRead<P> {
    /// Counts the piece into the source's summary and tally, in stream order, and numbers it
    /// after the documents before it.
    fn number(&mut self, summary: &mut Summary, tally: &mut Tally, documents_before: &mut usize) {
        summary.add(&self.summary);
        tally.merge(&self.tally);
        self.documents_before = *documents_before;
        *documents_before += self.summary.documents;
    }
}

/// [`read_source`] with the pieces and how many at once given.
pub fn read_in_pieces<P: Default + Send>(
    reading: &Reading<'_>,
    findings: &mut Vec<Finding>,
    summary: &mut Summary,
    visit: impl Fn(&mut P, &Document<'_>, &LineIndex<'_>, DocumentObjects) + Sync,
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
    let chunks = split_stream(&source.text, reading.pieces);
    let read = |chunk: &Chunk<'_>| {
        let mut piece = PieceRead {
            value: P::default(),
            summary: Summary::default(),
            tally: Tally::default(),
            any_broken: false,
            documents_before: 0,
        };
        // Each piece's own index: only the pieces in flight hold one.
        piece.any_broken = for_each_document_of(chunk, |document, lines| {
            let mut objects = read_document_with(&source.name, lines, &document, templates);
            skip_if_foreign(&mut objects);
            piece.tally.add(&mut piece.summary, &document, &objects);
            visit(&mut piece.value, &document, lines, objects);
        });
        piece
    };
    let prepared = |mut piece: PieceRead<P>| {
        prepare(&mut piece.value, piece.documents_before);
        SourcePiece {
            documents_before: piece.documents_before,
            value: piece.value,
        }
    };
    let mut tally = Tally::default();
    let mut documents_before = 0;
    let mut broken = None;
    in_order_in_two_steps(
        &chunks,
        reading.ahead,
        read,
        |index, piece| {
            // A piece with a broken document may read differently from the whole stream (the
            // parser can run past a `---` inside a flow collection): from its start on, the
            // stream is read in one go.
            if piece.any_broken && index + 1 < chunks.len() {
                broken = Some(index);
                return Next::Stop;
            }
            piece.number(summary, &mut tally, &mut documents_before);
            Next::Go
        },
        prepared,
        |_, piece| {
            emit(piece);
            Next::Go
        },
    );
    if let Some(rest) = broken.and_then(|index| chunks.get(index)) {
        let mut piece = read(&rest.to_end(&source.text));
        piece.number(summary, &mut tally, &mut documents_before);
        emit(prepared(piece));
    }
    finish_reading(source, findings, &tally);
}

/// PL011 on a source that held no objects, once all of it was read.
pub fn finish_reading(source: &SourceText, findings: &mut Vec<Finding>, tally: &Tally) {
    if tally.objects_seen == 0 && !tally.any_problem && findings.is_empty() {
        findings.push(no_objects(source));
    }
}

/// A problem with a source as a whole, found before its documents are read: text that is not
/// UTF-8, or a template (`{{ … }}`) rather than a manifest. Either is the source's one finding.
pub fn source_problem(source: &SourceText) -> Option<Finding> {
    let mut finding = if let Some((line, column, byte)) = source.not_utf8 {
        let pos = Pos {
            index: 0,
            line,
            column,
        };
        reading_findings::INVALID_YAML
            .finding(format!("file is not valid UTF-8 (byte 0x{byte:02x})"))
            .spanned(Span::at(pos))
            .help("save the file as UTF-8")
    } else {
        let pos = first_template_action(&source.text)?;
        reading_findings::UNRENDERED_TEMPLATE
            .finding("this is a template (`{{ … }}`), not a manifest: render it, then check the output")
            .spanned(Span::at(pos))
            .label("a template action")
            .help("`helm template <release> <chart> | podlife validate -`; a chart's `templates/` (beside its `Chart.yaml`) is passed over by itself")
    };
    finding.file = source.name.clone();
    Some(finding)
}

/// A document that is plainly no Kubernetes object (a workflow, a values file, a Compose file)
/// is a skipped object, not a finding, whether a walk found its file or it was named (pre-commit
/// and editors name every `*.yaml`). One that looks like an object but lost its `kind` keeps
/// its PL004.
pub fn skip_if_foreign(objects: &mut DocumentObjects) {
    if objects.not_kubernetes {
        let not_an_object = reading_findings::NOT_AN_OBJECT.id();
        objects
            .findings
            .retain(|finding| finding.rule != not_an_object);
        objects.skipped += 1;
    }
}

/// What a source's documents add up to, beyond the summary's counts: whether any object was
/// seen and any problem found, which decide PL011 (no objects).
#[derive(Debug, Default)]
pub struct Tally {
    /// Objects seen, pods and skipped ones.
    pub objects_seen: usize,
    /// Whether any document had a problem or a reading finding.
    pub any_problem: bool,
    /// Documents that are plainly no Kubernetes object.
    pub not_kubernetes: usize,
}

impl Tally {
    /// Counts one document and its objects into `summary` and the tally.
    pub fn add(
        &mut self,
        summary: &mut Summary,
        document: &Document<'_>,
        objects: &DocumentObjects,
    ) {
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

    /// Adds another piece's tally.
    pub fn merge(&mut self, other: &Tally) {
        self.objects_seen += other.objects_seen;
        self.not_kubernetes += other.not_kubernetes;
        self.any_problem |= other.any_problem;
    }
}

/// PL011 on a source with no objects and nothing else wrong: a warning for a file (an empty
/// file is worth noticing), an error for standard input (the step that feeds it failed, and a
/// CI step must not pass on nothing).
pub fn no_objects(source: &SourceText) -> Finding {
    let mut finding = reading_findings::NO_OBJECTS
        .finding("no Kubernetes objects in this input")
        .spanned(Span::at(Pos {
            index: 0,
            line: 1,
            column: 1,
        }))
        .help("remove the empty file, or fix the step that generates it");
    if source.origin == SourceOrigin::Stdin {
        finding.severity = crate::finding::Severity::Error;
        finding.note =
            Some("standard input held no object: did the command that feeds it fail?".into());
    }
    finding.file = source.name.clone();
    finding.object = None;
    finding
}

/// Sources at least this large are read in pieces on every core (smaller ones are not worth
/// the split; many files already spread over the cores one file each).
pub const PARALLEL_FROM_BYTES: usize = 1 << 20;
