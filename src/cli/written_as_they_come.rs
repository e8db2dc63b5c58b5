//! `validate`'s line formats (`human`, `short`, `github`) written as the findings come: each input, and each piece of a large one, is drawn on the core that checked it and written in input order, so a run never holds its findings.

use std::io::Write;
use std::sync::Arc;

use crate::cli::Cli;
use crate::cli::read_ahead::ReadInput;
use crate::error::Error;
use crate::input::{self, Input, SourceText};
use crate::lint::finding::Summary;
use crate::lint::in_order::{Next, in_order};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file::ConfigResolver;
use crate::lint::validate::{FileReport, PARALLEL_FROM_BYTES, validate_source_in_pieces};
use crate::render::findings::as_they_come::PieceDrawer;
use crate::render::findings::fixable::Fixable;
use crate::render::findings::human::SourceFile;
use crate::render::progress::Progress;
use crate::text::has_control_bytes;
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
}

/// Findings drawn, and what they were.
struct Drawn {
    text: String,
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
    /// A small input, whole: its counts and its findings drawn.
    Drawn(Arc<str>, Added, String),
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
    out: &mut dyn Write,
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
    out: &mut dyn Write,
) -> Result<(), Error> {
    let text = Arc::clone(&report.text);
    let index = LineIndex::new(&text);
    let drawn = draw(writing.drawer, &mut report, &index, plain(&text));
    let mut added = Added::default();
    added.add(&report, &drawn);
    out.write_all(drawn.text.as_bytes())
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
    let plain = plain(&source.text);
    let mut added = Added::default();
    let mut all: Option<String> = None;
    validate_source_in_pieces(
        &source,
        &options,
        |piece, lines| draw(writing.drawer, piece, lines, plain),
        |piece, drawn| {
            added.add(&piece, &drawn);
            match &mut all {
                None => all = Some(drawn.text),
                Some(text) => {
                    text.push_str(&drawn.text);
                    writing.drawer.give_back(drawn.text);
                }
            }
        },
    );
    Outcome::Drawn(source.name.clone(), added, all.unwrap_or_default())
}

/// Writes what an input gave, in its turn: a large input is checked here, its pieces written
/// as they are done.
fn take(
    writing: &Writing<'_>,
    input: Option<&Input>,
    outcome: Outcome,
    written: &mut Written,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    let added = match outcome {
        Outcome::Drawn(name, added, text) => {
            note_skipped(writing.cli, input, &name, added.not_kubernetes);
            out.write_all(text.as_bytes()).map_err(write_error)?;
            writing.drawer.give_back(text);
            added
        }
        Outcome::Large(source, options) => {
            let plain = plain(&source.text);
            let mut added = Added::default();
            let mut failed = None;
            validate_source_in_pieces(
                &source,
                &options,
                |piece, lines| draw(writing.drawer, piece, lines, plain),
                |piece, drawn| {
                    added.add(&piece, &drawn);
                    if failed.is_none()
                        && let Err(error) = out.write_all(drawn.text.as_bytes())
                    {
                        failed = Some(error);
                    }
                    writing.drawer.give_back(drawn.text);
                },
            );
            if let Some(error) = failed {
                return Err(write_error(error));
            }
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
fn draw(drawer: &PieceDrawer, piece: &mut FileReport, lines: &LineIndex<'_>, plain: bool) -> Drawn {
    let findings = std::mem::take(&mut piece.findings);
    let mut drawn = Drawn {
        text: drawer.buffer(),
        findings: findings.len(),
        fixable: Fixable::count_of(&findings),
    };
    let file = SourceFile::new(&piece.name, &piece.text, lines, plain);
    drawer.draw(&file, &findings, &mut drawn.text);
    drawn
}

/// Whether `text` holds no control character.
fn plain(text: &str) -> bool {
    !has_control_bytes(text.as_bytes())
}

/// Says that documents of a named file were skipped as plainly no Kubernetes object.
fn note_skipped(cli: &Cli, input: Option<&Input>, name: &str, not_kubernetes: usize) {
    if not_kubernetes == 0 || cli.quiet || !matches!(input, Some(Input::File(_))) {
        return;
    }
    crate::cli::commands::validate::note_skipped_documents(name, not_kubernetes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::settings::config_file::{ConfigSource, command_line_layer};
    use crate::lint::validate::validate_source;
    use crate::render::findings::as_they_come::LineFormat;
    use crate::render::findings::human::{HumanStyle, write_file_findings};
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
        for format in [
            LineFormat::Human(style),
            LineFormat::Short,
            LineFormat::Github,
        ] {
            let drawer = PieceDrawer::new(format);
            let progress = Progress::new(inputs.len() as u64, "files", false);
            let writing = Writing {
                cli: &cli,
                configuration: &configuration,
                drawer: &drawer,
                progress: &progress,
            };
            let mut out = Vec::new();
            let written = write_inputs(&writing, &inputs, None, &mut out).expect("written");
            let mut expected = Vec::new();
            let mut summary = Summary::default();
            let mut fixable = Fixable::default();
            for report in &reports {
                let findings: Vec<_> = report.findings.iter().collect();
                match format {
                    LineFormat::Human(style) => write_file_findings(
                        &mut expected,
                        &report.name,
                        &report.text,
                        &findings,
                        style,
                    ),
                    LineFormat::Short => short::write_findings(&mut expected, &findings),
                    LineFormat::Github => github::write_findings(&mut expected, &findings),
                }
                .expect("memory");
                summary.add(&report.summary);
                fixable.add(Fixable::count(&findings));
            }
            assert!(out == expected, "{format:?}");
            assert_eq!(written.summary, summary);
            assert_eq!(written.fixable, fixable);
            assert_eq!(written.found, vec![true, true, false, true]);
            assert!(!written.failed);
        }
    }
}
