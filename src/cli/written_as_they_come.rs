//! `validate`'s line formats (`human`, `short`, `github`) written as the findings come: each input, and each piece of a large one, is drawn on the core that checked it and written in input order, so a run never holds its findings.

use std::sync::Arc;

use crate::cli::Cli;
use crate::cli::output::EscapingWrite;
use crate::cli::read_ahead::ReadInput;
use crate::error::Error;
use crate::finding::FailedInput;
use crate::finding::Summary;
use crate::input::display_path::display_path;
use crate::input::{self, Input, SourceText};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file::ConfigResolver;
use crate::lint::validate::{FileReport, validate_source_in_pieces};
use crate::objects::in_order::{Next, in_order};
use crate::objects::read_source::PARALLEL_FROM_BYTES;
use crate::render::findings::as_they_come::PieceDrawer;
use crate::render::findings::fixable::Fixable;
use crate::render::findings::human::{SourceFile, TextTraits};
use crate::render::findings::json::DocumentNumber;
use crate::render::progress::Progress;
use crate::text::decimal;
use crate::yaml::line_index::LineIndex;

/// Inputs read and checked ahead of the one being written, per core.
const AHEAD_PER_THREAD: usize = 8;

/// What a run writing its findings as they come needs besides its inputs.
pub(crate) struct Writing<'a> {
    pub cli: &'a Cli,
    pub configuration: &'a ConfigResolver,
    pub drawer: &'a PieceDrawer,
    pub progress: &'a Progress,
}

/// What the findings written add up to.
#[derive(Debug, Default)]
pub(crate) struct Written {
    /// The counts of every input (with the inputs that failed).
    pub summary: Summary,
    /// The fixes the findings carry.
    pub fixable: Fixable,
    /// Per input: whether it held an object or a finding, or could not be read.
    pub found: Vec<bool>,
    /// Whether an input could not be read.
    pub failed: bool,
    /// The inputs that could not be read, for the JSON document.
    pub failed_inputs: Vec<FailedInput>,
    /// Whether a JSON item was written (the next one goes after a comma).
    pub any_item: bool,
}

/// Findings drawn, and what they were.
struct Drawn {
    text: String,
    /// Where JSON items name their pod's document, counted from the piece's start.
    numbers: Vec<DocumentNumber>,
    /// Why the findings could not be drawn, if they could not.
    failure: Option<std::io::Error>,
    findings: usize,
    fixable: Fixable,
}

/// One input's report as it adds up, without its findings (drawn and let go).
#[derive(Default)]
struct Added {
    summary: Summary,
    not_kubernetes: usize,
    findings: usize,
    fixable: Fixable,
}

impl Added {
    fn add(&mut self, piece: &FileReport, drawn: &Drawn) {
        self.summary.add(&piece.summary);
        self.not_kubernetes += piece.not_kubernetes;
        self.findings += drawn.findings;
        self.fixable.add(drawn.fixable);
    }
}

/// One input read, and checked and drawn unless it is large.
enum Outcome {
    /// A small input, whole: its counts and its findings drawn (JSON items each after a
    /// comma), or why they could not be drawn.
    Drawn(Arc<str>, std::io::Result<(Added, Vec<u8>)>),
    /// A large input, to be checked piece by piece as it is written, with its options.
    Large(SourceText, Arc<CheckOptions>),
    /// An input that could not be read.
    Failed(Error),
}

/// Reads, checks and writes every input in order; `read` holds the inputs already read (for
/// PL447), else each is read here.
pub(crate) fn write_inputs(
    writing: &Writing<'_>,
    inputs: &[Result<Input, Error>],
    read: Option<Vec<ReadInput>>,
    out: &mut dyn EscapingWrite,
) -> Result<Written, Error> {
    let mut read = read.map(Vec::into_iter);
    let items: Vec<(&Result<Input, Error>, Option<ReadInput>)> = inputs
        .iter()
        .map(|input| (input, read.as_mut().and_then(Iterator::next)))
        .collect();
    let mut written = Written::default();
    let mut stopped: Option<Error> = None;
    let ahead = rayon::current_num_threads() * AHEAD_PER_THREAD;
    in_order(
        &items,
        ahead,
        |(input, read)| outcome(writing, input, read.as_ref()),
        |index, outcome| {
            writing.progress.inc();
            let input = items.get(index).and_then(|(input, _)| input.as_ref().ok());
            match take(writing, input, outcome, &mut written, out) {
                Ok(()) => Next::Go,
                Err(error) => {
                    stopped = Some(error);
                    Next::Stop
                }
            }
        },
    );
    match stopped {
        Some(error) => Err(error),
        None => Ok(written),
    }
}

/// Draws and writes a report made outside the inputs (an empty directory's), adding it up.
pub(crate) fn write_extra_report(
    writing: &Writing<'_>,
    mut report: FileReport,
    written: &mut Written,
    out: &mut dyn EscapingWrite,
) -> Result<(), Error> {
    let text = Arc::clone(&report.text);
    let index = LineIndex::new(&text);
    let drawn = draw(writing.drawer, &mut report, &index, TextTraits::of(&text));
    let mut added = Added::default();
    added.add(&report, &drawn);
    let json = writing.drawer.json().is_some();
    write_drawn(
        out,
        &drawn,
        0,
        json,
        writing.drawer.escapes_its_input(),
        &mut written.any_item,
    )
    .map_err(|e| Error::io("writing output", e))?;
    written.summary.add(&added.summary);
    written.fixable.add(added.fixable);
    Ok(())
}

/// Reads an input; a small one is checked and drawn too.
fn outcome(
    writing: &Writing<'_>,
    input: &Result<Input, Error>,
    read: Option<&ReadInput>,
) -> Outcome {
    let input = match input {
        Ok(input) => input,
        Err(error) => return Outcome::Failed(error.clone()),
    };
    let source = match read {
        Some(Ok(Ok(source))) => Ok(source.clone()),
        Some(Ok(Err(error)) | Err(error)) => Err(error.clone()),
        None => input::read(input, writing.cli.max_input_size),
    };
    let source = match source {
        Ok(source) => source,
        Err(error) => return Outcome::Failed(error),
    };
    let options = writing.configuration.options_for(input);
    if source.text.len() >= PARALLEL_FROM_BYTES {
        return Outcome::Large(source, options);
    }
    // Every item keeps its comma here: whether it is the array's first is known when the
    // input's turn comes.
    let mut bytes = Vec::new();
    let added = check_and_write(writing, &source, &options, &mut bytes, &mut true);
    Outcome::Drawn(source.name.clone(), added.map(|added| (added, bytes)))
}

/// Checks `source` a piece at a time, each drawn where it was checked and written to `out` in
/// order (JSON document numbers counted from the source's start; `any_item` says whether the
/// JSON array has an item yet).
fn check_and_write(
    writing: &Writing<'_>,
    source: &SourceText,
    options: &CheckOptions,
    out: &mut dyn EscapingWrite,
    any_item: &mut bool,
) -> std::io::Result<Added> {
    let traits = TextTraits::of(&source.text);
    let json = writing.drawer.json().is_some();
    let escaped = writing.drawer.escapes_its_input();
    let mut added = Added::default();
    let mut failed = None;
    validate_source_in_pieces(
        source,
        options,
        |piece, lines| draw(writing.drawer, piece, lines, traits),
        |piece, mut drawn| {
            let documents_before = added.summary.documents;
            added.add(&piece, &drawn);
            if failed.is_none() {
                failed = drawn.failure.take().or_else(|| {
                    write_drawn(out, &drawn, documents_before, json, escaped, any_item).err()
                });
            }
            writing.drawer.give_back(drawn.text);
        },
    );
    match failed {
        Some(failure) => Err(failure),
        None => Ok(added),
    }
}

/// Writes what an input gave, in its turn: a large input is checked here, its pieces written
/// as they are done.
fn take(
    writing: &Writing<'_>,
    input: Option<&Input>,
    outcome: Outcome,
    written: &mut Written,
    out: &mut dyn EscapingWrite,
) -> Result<(), Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let added = match outcome {
        Outcome::Drawn(name, drawn) => {
            let (added, bytes) = drawn.map_err(write_error)?;
            note_skipped(writing.cli, input, &name, added.not_kubernetes);
            let mut bytes = bytes.as_slice();
            if writing.drawer.json().is_some()
                && !bytes.is_empty()
                && !std::mem::replace(&mut written.any_item, true)
            {
                // The array's first item: its comma left out.
                bytes = bytes.strip_prefix(b",").unwrap_or(bytes);
            }
            write_piece(out, bytes, writing.drawer.escapes_its_input()).map_err(write_error)?;
            added
        }
        Outcome::Large(source, options) => {
            let added = check_and_write(writing, &source, &options, out, &mut written.any_item)
                .map_err(write_error)?;
            note_skipped(writing.cli, input, &source.name, added.not_kubernetes);
            added
        }
        Outcome::Failed(error) => {
            if error.is_broken_pipe() {
                return Err(error);
            }
            written.failed = true;
            written.summary.failed_inputs += 1;
            written.found.push(true);
            written.failed_inputs.push(FailedInput {
                path: input.map_or_else(
                    || display_path(std::path::Path::new(&error.subject())),
                    Input::display_name,
                ),
                error: error.to_string(),
            });
            crate::cli::output::note(format_args!("error: {error}"));
            return Ok(());
        }
    };
    written.summary.add(&added.summary);
    written.fixable.add(added.fixable);
    written.found.push(
        added.findings > 0
            || added.summary.pods + added.summary.skipped_objects > added.not_kubernetes,
    );
    Ok(())
}

/// Draws a piece's findings and lets them go, on the core that checked it.
fn draw(
    drawer: &PieceDrawer,
    piece: &mut FileReport,
    lines: &LineIndex<'_>,
    traits: TextTraits,
) -> Drawn {
    let findings = std::mem::take(&mut piece.findings);
    let mut drawn = Drawn {
        text: drawer.buffer(),
        numbers: Vec::new(),
        failure: None,
        findings: findings.len(),
        fixable: Fixable::count_of(&findings),
    };
    let file = SourceFile::new(&piece.name, &piece.text, lines, traits);
    match drawer.draw(&file, &findings, &mut drawn.text) {
        Ok(numbers) => drawn.numbers = numbers,
        Err(failure) => drawn.failure = Some(failure),
    }
    drawn
}

/// Writes what was drawn for a piece whose file had `documents_before` documents before it:
/// JSON items' document numbers counted from the file's start, and the array's first item
/// without the comma before it (`any_item` says whether one was written).
fn write_drawn(
    out: &mut dyn EscapingWrite,
    drawn: &Drawn,
    documents_before: usize,
    json: bool,
    escaped: bool,
    any_item: &mut bool,
) -> std::io::Result<()> {
    let text = drawn.text.as_bytes();
    if text.is_empty() {
        return Ok(());
    }
    let mut from = 0;
    if json && !std::mem::replace(any_item, true) {
        // The array's first item: its comma left out.
        from = usize::from(text.first() == Some(&b','));
    }
    let mut digits = [0; 20];
    for number in &drawn.numbers {
        out.write_all(text.get(from..number.at).unwrap_or_default())?;
        out.write_all(decimal(number.drawn + documents_before, &mut digits).as_bytes())?;
        from = number.at + number.length;
    }
    write_piece(out, text.get(from..).unwrap_or_default(), escaped)
}

/// Writes drawn `bytes`; `escaped` when their renderer escaped its input itself.
fn write_piece(out: &mut dyn EscapingWrite, bytes: &[u8], escaped: bool) -> std::io::Result<()> {
    if escaped {
        out.write_escaped(bytes)
    } else {
        out.write_all(bytes)
    }
}

/// Says that documents of a named file were skipped as plainly no Kubernetes object.
fn note_skipped(cli: &Cli, input: Option<&Input>, name: &str, not_kubernetes: usize) {
    if not_kubernetes == 0 || cli.quiet || !matches!(input, Some(Input::File(_))) {
        return;
    }
    crate::cli::commands::validate::report::note_skipped_documents(name, not_kubernetes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::settings::config_file::{ConfigSource, command_line_layer};
    use crate::lint::validate::validate_source;
    use crate::render::findings::as_they_come::LineFormat;
    use crate::render::findings::human::{HumanStyle, write_file_findings};
    use crate::render::findings::json::JsonPieces;
    use crate::render::findings::{github, short};

    fn piped(name: &str, text: &str) -> Input {
        Input::Piped(
            Arc::from(text.as_bytes()),
            Some(std::path::PathBuf::from(name)),
        )
    }

    /// Small inputs and a large one (checked in pieces, each written as it is done) give the
    /// bytes, counts and fixes of their whole reports written one after the other.
    #[test]
    fn inputs_written_as_they_come_are_their_whole_reports_in_order() {
        let examples: Vec<&str> = crate::input::examples::EXAMPLES
            .iter()
            .map(|example| example.text)
            .collect();
        let mut large = String::new();
        while large.len() < PARALLEL_FROM_BYTES + (PARALLEL_FROM_BYTES >> 2) {
            large.push_str(&examples.join("---\n"));
            large.push_str("---\n# podlife: ignore[PL999] nothing to suppress\n");
        }
        let inputs: Vec<Result<Input, Error>> = vec![
            Ok(piped("first.yaml", examples[0])),
            Ok(piped("large.yaml", &large)),
            Ok(piped("values.yaml", "name: x\n")),
            Ok(piped("last.yaml", examples[examples.len() - 1])),
        ];
        let cli = crate::cli::parse::try_parse_from(["podlife", "validate", "-"]).expect("parses");
        let extend = ["best-practice".to_string(), "PL012".to_string()];
        let layer = command_line_layer(&[], &extend, &[], &[], false).expect("flags");
        let configuration = ConfigResolver::prepare(
            CheckOptions::default(),
            ConfigSource::None,
            layer,
            &inputs,
            cli.max_input_size,
        )
        .expect("configuration");
        let reports: Vec<FileReport> = inputs
            .iter()
            .flatten()
            .map(|input| {
                let source = input::read(input, cli.max_input_size).expect("read");
                validate_source(&source, &configuration.options_for(input))
            })
            .collect();
        assert!(reports[1].findings.len() > 1000);
        let style = HumanStyle {
            color: false,
            width: 100,
        };
        let gates = crate::k8s::cluster::FeatureGates::default();
        let json = JsonPieces::new(&gates).expect("layout");
        let formats = [
            LineFormat::Human(style),
            LineFormat::Short,
            LineFormat::Github,
            LineFormat::Json(json),
        ];
        for format in formats {
            let drawer = PieceDrawer::new(format);
            let progress = Progress::new(inputs.len() as u64, "files", false);
            let writing = Writing {
                cli: &cli,
                configuration: &configuration,
                drawer: &drawer,
                progress: &progress,
            };
            let mut out = Vec::new();
            if let Some(json) = drawer.json() {
                out.extend(json.opening());
            }
            let written = write_inputs(&writing, &inputs, None, &mut out).expect("written");
            let mut expected = Vec::new();
            let mut summary = Summary::default();
            let mut fixable = Fixable::default();
            let all: Vec<_> = reports.iter().flat_map(|report| &report.findings).collect();
            for report in &reports {
                let findings: Vec<_> = report.findings.iter().collect();
                match drawer.format() {
                    LineFormat::Human(style) => write_file_findings(
                        &mut expected,
                        &report.name,
                        &report.text,
                        &findings,
                        *style,
                    ),
                    LineFormat::Short => short::write_findings(&mut expected, &findings),
                    LineFormat::Github => github::write_findings(&mut expected, &findings),
                    LineFormat::Json(_) => Ok(()),
                }
                .expect("memory");
                summary.add(&report.summary);
                fixable.add(Fixable::count(&findings));
            }
            if let Some(json) = drawer.json() {
                // Every pod's document counted from its file's start, as the whole reports
                // count them.
                let closing = json.closing(written.any_item, &written.summary, &[], &gates);
                out.extend(closing.expect("layout"));
                crate::render::findings::json::write_findings(
                    &mut expected,
                    &all,
                    &summary,
                    &[],
                    &gates,
                )
                .expect("memory");
            }
            assert!(out == expected, "{}", String::from_utf8_lossy(&out).len());
            assert_eq!(written.summary, summary);
            assert_eq!(written.fixable, fixable);
            assert_eq!(written.found, vec![true, true, false, true]);
            assert!(!written.failed);
        }
    }
}
