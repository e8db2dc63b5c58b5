//! Where a segment's YAML events come from: the manifest scanner (`manifest_scanner/`),
//! document by document, and saphyr-parser for each document the scanner declines. Either way
//! the events and spans are saphyr-parser's own, so no result depends on which reader ran;
//! `differential` holds the two to that, for the tests and the fuzz target.

use saphyr_parser::{Event, Marker, Parser, Span};

pub use crate::yaml::manifest_scanner::EventSink;
use crate::yaml::manifest_scanner::{DocumentScan, ManifestScanner, stream_start};

/// The syntax error that stopped a segment: the parser's message and where, in characters,
/// lines and columns of the segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub info: String,
    pub at: Marker,
}

/// How many documents each reader read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Readers {
    /// Documents the manifest scanner read.
    pub scanned: usize,
    /// Documents it declined, read by saphyr-parser.
    pub declined: usize,
}

/// Events in a list, for comparing readers.
#[derive(Debug, Default)]
pub struct EventList<'a> {
    pub events: Vec<(Event<'a>, Span)>,
    checkpoint: usize,
}

impl<'a> EventSink<'a> for EventList<'a> {
    fn event(&mut self, event: Event<'a>, span: Span) {
        self.events.push((event, span));
    }

    fn checkpoint(&mut self) {
        self.checkpoint = self.events.len();
    }

    fn retract(&mut self) {
        self.events.truncate(self.checkpoint);
    }
}

/// Gives every event of `text` with its span to `sink`, in order, up to `StreamEnd` or the
/// first syntax error.
pub fn read_events<'a, S: EventSink<'a>>(
    text: &'a str,
    sink: &mut S,
) -> (Result<(), SyntaxError>, Readers) {
    let mut readers = Readers::default();
    let (event, span) = stream_start();
    sink.event(event, span);
    let mut scanner = ManifestScanner::new(text, sink);
    // saphyr-parser numbers anchors across a whole stream; each fresh parser from 1.
    let mut anchors_before = 0;
    loop {
        match scanner.document() {
            DocumentScan::Read => readers.scanned += 1,
            DocumentScan::StreamEnd { read } => {
                readers.scanned += usize::from(read);
                return (Ok(()), readers);
            }
            DocumentScan::Declined => {
                readers.declined += 1;
                match read_declined(text, &mut scanner, &mut anchors_before) {
                    Ok(true) => return (Ok(()), readers),
                    Ok(false) => {}
                    Err(error) => return (Err(error), readers),
                }
            }
        }
    }
}

/// Reads the document the scanner declined with saphyr-parser, from its start to its end,
/// and moves the scanner to the document after it; true when that was the stream's end.
fn read_declined<'a, S: EventSink<'a>>(
    text: &'a str,
    scanner: &mut ManifestScanner<'a, '_, S>,
    anchors_before: &mut usize,
) -> Result<bool, SyntaxError> {
    let from = scanner.byte();
    let lines_before = scanner.line() - 1;
    let chars_before = scanner.chars_before();
    let rest = text.get(from..).unwrap_or_default();
    let moved = |marker: Marker| {
        Marker::new(
            marker.index() + chars_before,
            marker.line() + lines_before,
            marker.col(),
        )
    };
    let mut parser = Parser::new_from_str(rest);
    let mut last_anchor = 0;
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|error| SyntaxError {
            info: error.info().to_string(),
            at: moved(*error.marker()),
        })?;
        let numbered = |id: usize| if id == 0 { 0 } else { id + *anchors_before };
        let event = match event {
            Event::StreamStart => continue,
            Event::Scalar(value, style, anchor, tag) => {
                last_anchor = last_anchor.max(anchor);
                Event::Scalar(value, style, numbered(anchor), tag)
            }
            Event::SequenceStart(anchor, tag) => {
                last_anchor = last_anchor.max(anchor);
                Event::SequenceStart(numbered(anchor), tag)
            }
            Event::MappingStart(anchor, tag) => {
                last_anchor = last_anchor.max(anchor);
                Event::MappingStart(numbered(anchor), tag)
            }
            Event::Alias(id) => Event::Alias(numbered(id)),
            other => other,
        };
        let is_end = matches!(event, Event::DocumentEnd);
        let is_stream_end = matches!(event, Event::StreamEnd);
        let shifted = Span::new(moved(span.start), moved(span.end));
        scanner.sink().event(event, shifted);
        if is_stream_end {
            return Ok(true);
        }
        if is_end {
            // The next document starts at the `---` that ended this one, or on the line after
            // its `...`; at the stream's end, the parser gives `StreamEnd` next.
            let start = byte_of_char(rest, span.start.index());
            let marker = rest.get(start..start + 3);
            let resume = match marker {
                Some("---") => Some((from + start, shifted.start.line())),
                Some("...") => rest
                    .get(start..)
                    .and_then(|after| after.find('\n'))
                    .map(|newline| (from + start + newline + 1, shifted.start.line() + 1)),
                _ => None,
            };
            if let Some((byte, line)) = resume {
                *anchors_before += last_anchor;
                scanner.resume_at(byte, line);
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The byte offset of the character at `index` in `text`.
fn byte_of_char(text: &str, index: usize) -> usize {
    text.char_indices()
        .nth(index)
        .map_or(text.len(), |(byte, _)| byte)
}

/// Every event of `text` as saphyr-parser alone reads it, and the error that stopped it.
pub fn saphyr_events(text: &str) -> (Vec<(Event<'_>, Span)>, Option<SyntaxError>) {
    let mut events = Vec::new();
    let mut parser = Parser::new_from_str(text);
    while let Some(next) = parser.next_event() {
        match next {
            Ok(event) => events.push(event),
            Err(error) => {
                return (
                    events,
                    Some(SyntaxError {
                        info: error.info().to_string(),
                        at: *error.marker(),
                    }),
                );
            }
        }
    }
    (events, None)
}

/// Reads `text` both ways, saphyr-parser alone and the scanner with saphyr-parser for what it
/// declines, and says where they differ: the first differing event, or the error. Equal
/// readings give how many documents each reader read.
pub fn differential(text: &str) -> Result<Readers, String> {
    let (expected, expected_error) = saphyr_events(text);
    let mut list = EventList::default();
    let (result, readers) = read_events(text, &mut list);
    let events = list.events;
    let error = result.err();
    for (index, (want, got)) in expected.iter().zip(&events).enumerate() {
        if want != got {
            return Err(format!(
                "event {index} differs:\n  saphyr:  {want:?}\n  scanner: {got:?}"
            ));
        }
    }
    if expected.len() != events.len() {
        return Err(format!(
            "saphyr gives {} events, the scanner {}; next: saphyr {:?}, scanner {:?}",
            expected.len(),
            events.len(),
            expected.get(events.len()),
            events.get(expected.len())
        ));
    }
    if expected_error != error {
        return Err(format!(
            "errors differ: saphyr {expected_error:?}, scanner {error:?}"
        ));
    }
    Ok(readers)
}
