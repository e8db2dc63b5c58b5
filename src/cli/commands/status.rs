//! The `podlife status` command: read pods with a status from the inputs, print kubectl's rows.
//!
//! Exit codes: 0 when every input was read; 1 when a document could not be read cleanly (a
//! loader error such as invalid YAML or a wrong type, reported on stderr with its location —
//! the rows of the other pods are still printed); 2 when an input could not be read at all
//! (missing file, I/O error) or for a usage error.

use crate::cli::InputArgs;
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Write};

use crate::cli::Cli;
use crate::cli::exit::ExitStatus;
use crate::cli::inputs::{NoPath, input_configuration, resolve_inputs};
use crate::error::Error;
use crate::finding::{Finding, Severity, Summary};
use crate::input::{self, SourceText};
use crate::k8s::timestamp::{EpochMillis, parse_rfc3339};
use crate::k8s::workload::PodObject;
use crate::lint::rules;
use crate::lint::settings::CheckOptions;
use crate::objects::locate;
use crate::objects::read_source::read_source;
use crate::yaml::field_path::FieldPath;
use crate::yaml::source::Document;

use crate::render::paint::Paint;
use crate::render::status::{write_human, write_json, write_yaml};
use crate::status::row::{PodRow, pod_row};

/// `--format` of `podlife status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatusFormat {
    /// kubectl's aligned table.
    Human,
    /// `{"pods":[{"namespace","name","ready","status","restarts","age",…}]}`.
    Json,
    /// The JSON report's content as YAML.
    Yaml,
}

/// `-o`/`--output` of `podlife status`, as kubectl spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatusOutput {
    /// Add IP, NODE, NOMINATED NODE and READINESS GATES to the table (or the JSON/YAML given
    /// with `--format`).
    Wide,
    /// The same as `--format json`.
    Json,
    /// The same as `--format yaml`.
    Yaml,
}

/// `podlife status`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Pods with a status.
    #[command(flatten)]
    pub input: InputArgs,
    /// The clock AGE and restart times are measured against (RFC 3339); default: now.
    #[arg(long, value_name = "RFC3339", value_parser = crate::cli::commands::status::parse_now)]
    pub now: Option<crate::k8s::timestamp::EpochMillis>,
    /// As kubectl: `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES; `json` and `yaml`
    /// pick the format.
    #[arg(short = 'o', long, value_enum, value_name = "OUTPUT")]
    pub output: Option<StatusOutput>,
    /// Output format [default: human].
    #[arg(long, value_enum)]
    pub format: Option<StatusFormat>,
}

impl StatusArgs {
    /// The format and whether the wide columns are in, from `-o` and `--format` (which must
    /// agree when both name a format).
    fn format(&self) -> Result<(StatusFormat, bool), Error> {
        let from_output = match self.output {
            Some(StatusOutput::Json) => Some(StatusFormat::Json),
            Some(StatusOutput::Yaml) => Some(StatusFormat::Yaml),
            Some(StatusOutput::Wide) | None => None,
        };
        let format = match (from_output, self.format) {
            (Some(output), Some(format)) if output != format => {
                return Err(Error::Usage(format!(
                    "-o {} and --format {} disagree: give one",
                    output
                        .to_possible_value()
                        .map_or_else(String::new, |v| v.get_name().to_string()),
                    format
                        .to_possible_value()
                        .map_or_else(String::new, |v| v.get_name().to_string()),
                )));
            }
            (Some(format), _) | (None, Some(format)) => format,
            (None, None) => StatusFormat::Human,
        };
        Ok((format, self.output == Some(StatusOutput::Wide)))
    }
}

/// What one input held.
#[derive(Debug, Default)]
struct InputRows {
    /// A row per pod with a status, in document order.
    rows: Vec<PodRow>,
    /// Pods (and pod templates) without a status.
    without_status: usize,
    /// Loader errors (the document or pod could not be read), sorted.
    errors: Vec<Finding>,
}

/// Parses `--now`: an RFC 3339 timestamp.
pub fn parse_now(text: &str) -> Result<EpochMillis, String> {
    parse_rfc3339(text).ok_or_else(|| {
        format!("`{text}` is not an RFC 3339 timestamp (e.g. `2026-01-01T12:00:00Z`)")
    })
}

/// The wall clock, read once per run (the only clock `status` ever reads).
fn wall_clock() -> EpochMillis {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    match since_epoch {
        Ok(elapsed) => i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX),
        Err(before) => -i64::try_from(before.duration().as_millis()).unwrap_or(i64::MAX),
    }
}

/// Runs `podlife status`.
pub fn run(cli: &Cli, args: &StatusArgs, out: &mut dyn Write) -> Result<ExitStatus, Error> {
    if args.input.all_paths().is_empty() && std::io::stdin().is_terminal() {
        return Err(Error::Usage(
            "`podlife status` needs pods with a `status`: give files (e.g. saved `kubectl get pod -o yaml`) or pipe them in"
                .to_string(),
        ));
    }
    let (format, wide) = args.format()?;
    let inputs = resolve_inputs(cli, &args.input, NoPath::Stdin)?;
    let now = args.now.unwrap_or_else(wall_clock);

    let configuration = input_configuration(
        cli,
        &args.input,
        &crate::cli::ClusterArgs::default(),
        &inputs,
    )?;
    let results = input::map_inputs(&inputs, |input| {
        let options = configuration.options_for(input);
        input::read(input, cli.max_input_size).map(|source| read_rows(&source, now, &options))
    });
    let mut rows = Vec::new();
    let mut without_status = 0usize;
    let mut errors = Vec::new();
    let mut failed = false;
    for result in results {
        match result.and_then(|read| read) {
            Ok(mut read) => {
                // The first input's rows are taken as they are: a copy would hold them twice.
                if rows.is_empty() {
                    std::mem::swap(&mut rows, &mut read.rows);
                } else {
                    rows.append(&mut read.rows);
                }
                without_status += read.without_status;
                errors.extend(read.errors);
            }
            Err(error) => {
                failed = true;
                crate::cli::output::note(format_args!("error: {error}"));
            }
        }
    }

    if !errors.is_empty() {
        let references: Vec<&Finding> = errors.iter().collect();
        crate::cli::output::report_findings(&references);
    }
    let write_error = |e: std::io::Error| Error::io("writing output", e);
    match format {
        StatusFormat::Human => {
            let paint = Paint::new(crate::cli::terminal::use_color(cli.color));
            write_human(out, &rows, wide, paint).map_err(write_error)?;
        }
        StatusFormat::Json => write_json(out, &rows, wide).map_err(write_error)?,
        StatusFormat::Yaml => write_yaml(out, &rows, wide).map_err(write_error)?,
    }
    if !cli.quiet {
        if without_status > 0 {
            let plural = if without_status == 1 { "" } else { "s" };
            crate::cli::output::note(format_args!(
                "podlife: skipped {without_status} pod{plural} without a `status`"
            ));
        } else if rows.is_empty() && !failed && errors.is_empty() {
            crate::cli::output::note(format_args!("podlife: no pods found"));
        }
    }
    Ok(if failed {
        ExitStatus::Failure
    } else if !errors.is_empty() {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    })
}

/// Reads one source: a row for each pod with a status, the loader errors of its documents. A
/// large source is read in pieces on every core; rows and errors keep the stream's order.
fn read_rows(source: &SourceText, now: EpochMillis, options: &CheckOptions) -> InputRows {
    let mut read = InputRows::default();
    let comments = crate::lint::settings::inline_comments::read(&source.text);
    let sources = crate::objects::rendered_sources::RenderedSources::scan(&source.text);
    let mut source_findings = Vec::new();
    let mut summary = Summary::default();
    let mut document_findings = Vec::new();
    read_source(
        source,
        &options.pod_templates,
        &mut source_findings,
        &mut summary,
        |piece: &mut InputRows, document, lines, objects| {
            let mut found = objects.findings;
            crate::lint::settings::apply::apply_to_read_findings(
                &mut found,
                document.root.as_ref(),
                lines,
                &objects.pods,
                &comments,
                &options.settings,
                &source.name,
            );
            piece.errors.extend(found);
            for object in &objects.pods {
                match &object.pod.status {
                    // Its spec could not be decoded: the loader error says so; no half-right row.
                    Some(_) if object.incomplete => {}
                    Some(_) => {
                        let bad_times = timestamp_errors(object);
                        if bad_times.is_empty() {
                            piece.rows.push(pod_row(&object.pod, Some(now)));
                        } else {
                            // The API server rejects such a pod; no row with a made-up age.
                            let object_ref = std::sync::Arc::new(object.object_ref());
                            piece.errors.extend(bad_times.into_iter().map(|f| {
                                locate(object, &object_ref, document.root.as_ref(), lines, f)
                            }));
                        }
                    }
                    // A status is there but could not be decoded: the loader error says so.
                    None if has_status(document, object) => {}
                    None => piece.without_status += 1,
                }
            }
        },
        |_, _| {},
        |piece| {
            let mut value = piece.value;
            crate::finding::shift_documents(&mut value.errors, piece.documents_before);
            read.rows.append(&mut value.rows);
            read.without_status += value.without_status;
            document_findings.append(&mut value.errors);
        },
    );
    source_findings.append(&mut document_findings);
    source_findings.retain(|finding| finding.severity == Severity::Error);
    if let Some(sources) = &sources {
        sources.attribute(&mut source_findings);
    }
    source_findings.sort_by(Finding::cmp_in_file);
    read.errors = source_findings;
    read
}

/// The timestamps the row reads (`creationTimestamp`, each container's last
/// `terminated.finishedAt`) that are not RFC 3339 as Go parses it: located PL005 errors, since
/// the API server would not decode the pod and an unreadable time must not become `<unknown>`.
fn timestamp_errors(object: &PodObject) -> Vec<Finding> {
    let pod = &object.pod;
    let mut times: Vec<(FieldPath, &str)> = Vec::new();
    if let Some(created) = pod.metadata.creation_timestamp.as_deref() {
        times.push((
            FieldPath::root()
                .child("metadata")
                .child("creationTimestamp"),
            created,
        ));
    }
    if let Some(status) = &pod.status {
        for (list, statuses) in [
            ("initContainerStatuses", &status.init_container_statuses),
            ("containerStatuses", &status.container_statuses),
            (
                "ephemeralContainerStatuses",
                &status.ephemeral_container_statuses,
            ),
            ("deferContainerStatuses", &status.defer_container_statuses),
        ] {
            for (index, container) in statuses.iter().flatten().enumerate() {
                let finished = container
                    .last_state
                    .as_ref()
                    .and_then(|state| state.terminated.as_ref())
                    .and_then(|terminated| terminated.finished_at.as_deref());
                if let Some(finished) = finished {
                    let path = FieldPath::root()
                        .child("status")
                        .child(list)
                        .index(index)
                        .child("lastState")
                        .child("terminated")
                        .child("finishedAt");
                    times.push((path, finished));
                }
            }
        }
    }
    times
        .into_iter()
        .filter(|(_, text)| parse_rfc3339(text).is_none())
        .map(|(path, text)| {
            rules::WRONG_TYPE
                .finding(format!(
                    "`{}` is not an RFC 3339 time",
                    crate::text::clip(text)
                ))
                .at(path)
                .help("write it as the API server does, e.g. `2026-01-01T00:00:00Z`")
        })
        .collect()
}

/// Whether the object has a non-null `status` in the document (decoded or not).
fn has_status(document: &Document<'_>, object: &PodObject) -> bool {
    document.root.as_ref().is_some_and(|root| {
        let found = root.lookup(&object.object_path.child("status"));
        found.complete && !found.value.is_null()
    })
}

#[cfg(test)]
mod tests {

    use super::*;

    fn source(text: &str) -> SourceText {
        SourceText::new("test.yaml", text)
    }

    const NOW: &str = "2026-01-01T12:00:00Z";

    fn now() -> EpochMillis {
        parse_now(NOW).unwrap_or_default()
    }

    #[test]
    fn k8_an_unreadable_timestamp_is_a_located_error_not_an_unknown_age() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, creationTimestamp: \"2026-01-01T00:00:60+99:99\"}\nspec:\n  containers: [{name: c, image: i}]\nstatus:\n  phase: Running\n  containerStatuses:\n  - name: c\n    restartCount: 1\n    lastState: {terminated: {exitCode: 1, finishedAt: \"yesterday\"}}\n";
        let read = read_rows(&source(text), now(), &CheckOptions::default());
        assert!(read.rows.is_empty());
        let places: Vec<(u32, u32)> = read
            .errors
            .iter()
            .filter_map(|f| f.span.map(|s| (s.start.line, s.start.column)))
            .collect();
        assert_eq!(places, [(3, 40), (11, 55)], "{:?}", read.errors);
        let fine = text
            .replace("2026-01-01T00:00:60+99:99", "2026-01-01T00:00:00+01:00")
            .replace("yesterday", "2026-01-01T11:00:00Z");
        let read = read_rows(&source(&fine), now(), &CheckOptions::default());
        assert!(read.errors.is_empty(), "{:?}", read.errors);
        assert_eq!(read.rows.len(), 1);
    }

    #[test]
    fn reads_pods_with_status_and_counts_the_rest() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: done\n  creationTimestamp: \"2026-01-01T11:00:00Z\"\nspec:\n  containers:\n  - name: app\n    image: busybox\nstatus:\n  phase: Succeeded\n  containerStatuses:\n  - name: app\n    ready: false\n    restartCount: 0\n    state:\n      terminated:\n        exitCode: 0\n        reason: Completed\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n        image: nginx\n";
        let read = read_rows(&source(text), now(), &CheckOptions::default());
        assert_eq!(read.without_status, 1);
        assert!(read.errors.is_empty(), "{:?}", read.errors);
        assert_eq!(read.rows.len(), 1);
        assert_eq!(read.rows[0].name, "done");
        assert_eq!(read.rows[0].status, "Completed");
        assert_eq!(read.rows[0].age, "60m");
    }

    #[test]
    fn reads_list_items() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n  spec: {containers: [{name: c, image: i}]}\n  status: {phase: Pending}\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: b}\n  spec: {containers: [{name: c, image: i}]}\n  status: {phase: Running}\n";
        let read = read_rows(&source(text), now(), &CheckOptions::default());
        let names: Vec<&str> = read.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(read.rows[1].status, "Running");
    }

    #[test]
    fn invalid_yaml_is_an_error_with_a_location() {
        let read = read_rows(
            &source("kind: Pod\nmetadata: [\n"),
            now(),
            &CheckOptions::default(),
        );
        assert!(read.rows.is_empty());
        assert!(!read.errors.is_empty());
        assert!(read.errors.iter().all(|f| f.span.is_some()));
    }

    #[test]
    fn an_undecodable_status_is_an_error_not_a_missing_status() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\nstatus:\n  containerStatuses:\n  - name: c\n    restartCount: three\n";
        let read = read_rows(&source(text), now(), &CheckOptions::default());
        assert!(read.rows.is_empty());
        assert_eq!(read.without_status, 0);
        assert_eq!(read.errors.len(), 1, "{:?}", read.errors);
    }

    #[test]
    fn parse_now_rejects_garbage() {
        assert!(parse_now("yesterday").is_err());
        assert_eq!(parse_now("1970-01-01T00:00:01Z"), Ok(1000));
    }
}
