//! The tables `kubectl get events` (narrow, `-A`, `-o wide`) and `kubectl events` print, read back into events, each cell found at its header's column.
//!
//! kubectl's tabwriters left-align every cell at its column's start and pad columns with
//! blanks (3 for `get`, 2 for `describe`), counting characters, not bytes. A row is cut at the
//! header's column starts; a row that no longer lines up (`kubectl events` realigns the rows
//! after a message with a line break) is split at its gaps of two or more blanks. Ages are
//! read as the printer of the table's other ages wrote them (`ages::AgeStyle`).

use std::rc::Rc;

use crate::observe::ages::{self, AgeStyle};
use crate::observe::evidence::{InvolvedObject, ObservedEvent, TextError};

/// The most rows one table may have.
const MAX_ROWS: usize = 1_000_000;

/// A cell of a line: where it starts (0-based, in characters) and its text, trimmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    /// 0-based start, in characters.
    pub start: usize,
    /// The text, without the blanks around it.
    pub text: String,
}

/// Splits a line at its runs of two or more blanks (the gaps kubectl's tabwriters leave
/// between cells) into at most `max` cells; the last takes the rest of the line.
pub fn gap_cells(line: &str, max: usize) -> Vec<Cell> {
    let chars: Vec<char> = line.trim_end().chars().collect();
    let mut cells = Vec::new();
    let mut at = chars.iter().take_while(|c| **c == ' ').count();
    while at < chars.len() && cells.len() < max {
        let rest = chars.get(at..).unwrap_or(&[]);
        let length = if cells.len() + 1 == max {
            rest.len()
        } else {
            rest.windows(2)
                .position(|pair| pair == [' ', ' '])
                .unwrap_or(rest.len())
        };
        let text: String = rest.iter().take(length).collect();
        cells.push(Cell {
            start: at,
            text: text.trim().to_string(),
        });
        at += length;
        at += chars
            .get(at..)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| **c == ' ')
            .count();
    }
    cells
}

/// Cuts a line at the given column starts (0-based, in characters, increasing): one cell per
/// column, the last to the end of the line; and whether the line lines up with them (every
/// cell that has text starts exactly at its column, after a blank).
pub fn cut_at(line: &str, starts: &[usize]) -> (Vec<Cell>, bool) {
    let chars: Vec<char> = line.trim_end().chars().collect();
    let mut lines_up = true;
    let cells = starts
        .iter()
        .enumerate()
        .map(|(index, &start)| {
            let end = starts
                .get(index + 1)
                .copied()
                .unwrap_or(chars.len())
                .min(chars.len());
            let raw: String = chars
                .get(start.min(end)..end)
                .unwrap_or(&[])
                .iter()
                .collect();
            let text = raw.trim().to_string();
            if !text.is_empty() {
                let after_blank = start == 0 || chars.get(start - 1) == Some(&' ');
                lines_up &= after_blank && !raw.starts_with(' ');
            }
            Cell { start, text }
        })
        .collect();
    (cells, lines_up)
}

/// What a column of an events table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Namespace,
    LastSeen,
    Type,
    Reason,
    Object,
    Subobject,
    Source,
    Message,
    FirstSeen,
    Count,
    /// The event's own name (`-o wide`; before kubectl 1.11, beside `KIND`).
    Name,
    /// The involved object's kind (before kubectl 1.11, no `OBJECT` column).
    Kind,
    /// A column podlife does not read (`-L` label columns).
    Other,
}

fn field_of(name: &str) -> Field {
    match name {
        "NAMESPACE" => Field::Namespace,
        "LAST SEEN" => Field::LastSeen,
        "TYPE" => Field::Type,
        "REASON" => Field::Reason,
        "OBJECT" => Field::Object,
        "SUBOBJECT" => Field::Subobject,
        "SOURCE" => Field::Source,
        "MESSAGE" => Field::Message,
        "FIRST SEEN" => Field::FirstSeen,
        "COUNT" => Field::Count,
        "NAME" => Field::Name,
        "KIND" => Field::Kind,
        _ => Field::Other,
    }
}

/// The columns a header names, in order, with their starts.
#[derive(Debug, Clone)]
struct Layout {
    fields: Vec<Field>,
    names: Vec<String>,
    starts: Vec<usize>,
}

impl Layout {
    fn index(&self, field: Field) -> Option<usize> {
        self.fields.iter().position(|f| *f == field)
    }

    /// Whether `MESSAGE` is the last column (it then runs to the end of the line).
    fn message_last(&self) -> bool {
        self.fields.last() == Some(&Field::Message)
    }
}

/// The header's columns, when the line opens like an events table's header.
fn header_cells(line: &str) -> Option<Vec<Cell>> {
    if !(line.starts_with("LAST SEEN") || line.starts_with("NAMESPACE")) {
        return None;
    }
    let cells = gap_cells(line, usize::MAX);
    let names: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
    match names.as_slice() {
        ["LAST SEEN", ..] | ["NAMESPACE", "LAST SEEN", ..] => Some(cells),
        _ => None,
    }
}

fn read_header(line: &str, number: usize) -> Result<Option<Layout>, TextError> {
    let Some(cells) = header_cells(line) else {
        return Ok(None);
    };
    let layout = Layout {
        fields: cells.iter().map(|c| field_of(&c.text)).collect(),
        names: cells.iter().map(|c| c.text.clone()).collect(),
        starts: cells.iter().map(|c| c.start).collect(),
    };
    for (field, name) in [(Field::Reason, "REASON"), (Field::Message, "MESSAGE")] {
        if layout.index(field).is_none() {
            return Err(error(
                number,
                0,
                format!("the header has no `{name}` column"),
            ));
        }
    }
    if layout.index(Field::Object).is_none() && layout.index(Field::Kind).is_none() {
        return Err(error(
            number,
            0,
            "the header has no `OBJECT` column".to_string(),
        ));
    }
    Ok(Some(layout))
}

/// Whether the text is a `kubectl get events` or `kubectl events` table: its first non-blank
/// line is a header starting with `LAST SEEN`, or with `NAMESPACE` then `LAST SEEN`.
pub fn looks_like_event_table(text: &str) -> bool {
    text.lines()
        .map(|line| line.trim_end_matches('\r'))
        .find(|line| !line.trim().is_empty())
        .is_some_and(|line| header_cells(line).is_some())
}

fn error(line: usize, column: usize, message: String) -> TextError {
    TextError {
        line,
        column: column + 1,
        message,
    }
}

/// A row as cut, before its ages are read.
#[derive(Debug, Clone)]
struct RawRow {
    line: usize,
    cells: Vec<Cell>,
}

impl RawRow {
    fn cell(&self, layout: &Layout, field: Field) -> Option<&Cell> {
        layout.index(field).and_then(|index| self.cells.get(index))
    }
}

/// Whether the cells have the shape of a row: the last-seen, reason and object cells filled,
/// and the one-word cells one word. Says which cell is wrong, when one is.
fn row_shaped(layout: &Layout, cells: &[Cell]) -> Result<(), (usize, String)> {
    let mut wrong = None;
    for ((field, name), cell) in layout.fields.iter().zip(&layout.names).zip(cells) {
        let one_word = !cell.text.chars().any(char::is_whitespace);
        let problem = match field {
            Field::LastSeen | Field::Object | Field::Kind if cell.text.is_empty() => "is empty",
            Field::Namespace | Field::Type | Field::Reason | Field::Object | Field::Kind
                if !one_word =>
            {
                "is more than one word"
            }
            _ => continue,
        };
        wrong = Some((cell.start, format!("the `{name}` cell {problem}")));
        break;
    }
    match wrong {
        Some(wrong) => Err(wrong),
        None if cells.len() < layout.fields.len().saturating_sub(1) => {
            Err((0, "the row ends before its last columns".to_string()))
        }
        None => Ok(()),
    }
}

/// Whether a row's ages and count are ones kubectl prints (in either age style).
fn values_read(layout: &Layout, cells: &[Cell]) -> Result<(), (usize, String)> {
    for (field, cell) in layout.fields.iter().zip(cells) {
        let ok = match field {
            Field::LastSeen => {
                ages::is_placeholder(&cell.text)
                    || ages::parse_interval_as(&cell.text, AgeStyle::Either).is_some()
            }
            Field::FirstSeen => {
                ages::is_placeholder(&cell.text)
                    || ages::parse_age_as(&cell.text, AgeStyle::Either).is_some()
            }
            Field::Count => !cell.text.is_empty() && cell.text.bytes().all(|b| b.is_ascii_digit()),
            _ => true,
        };
        if !ok {
            let what = if *field == Field::Count {
                "count"
            } else {
                "age"
            };
            return Err((
                cell.start,
                format!("`{}` is not an {what} kubectl prints", cell.text),
            ));
        }
    }
    Ok(())
}

/// Whether the row came from `kubectl events`, which keeps the kind's case (`Pod/web-1`) and
/// writes counts into the age (`2m (x3 over 5m)`); `kubectl get events` does neither.
fn from_events_command(layout: &Layout, row: &RawRow) -> bool {
    let object = row
        .cell(layout, Field::Object)
        .map_or("", |c| c.text.as_str());
    let kind = object.split_once('/').map_or(object, |(kind, _)| kind);
    kind.chars().any(char::is_uppercase)
        || row
            .cell(layout, Field::LastSeen)
            .is_some_and(|c| c.text.contains(" (x"))
}

/// What one line of the table is.
enum Read {
    Row(Vec<Cell>),
    NotARow { column: usize, message: String },
}

fn read_line(layout: &Layout, line: &str) -> Result<Read, (usize, String)> {
    let (cells, lines_up) = cut_at(line, &layout.starts);
    if lines_up && row_shaped(layout, &cells).is_ok() {
        values_read(layout, &cells)?;
        return Ok(Read::Row(cells));
    }
    if layout.message_last() {
        let mut cells = gap_cells(line, layout.fields.len());
        if row_shaped(layout, &cells).is_ok() {
            values_read(layout, &cells)?;
            cells.resize_with(layout.fields.len(), Cell::default);
            return Ok(Read::Row(cells));
        }
    }
    let length = line.trim_end().chars().count();
    let required = [Field::LastSeen, Field::Reason, Field::Object, Field::Kind];
    let cut_short = layout
        .fields
        .iter()
        .zip(&layout.names)
        .zip(&layout.starts)
        .find(|((field, _), start)| required.contains(field) && **start >= length);
    let (column, message) = match (cut_short, row_shaped(layout, &cells)) {
        (Some(((_, name), _)), _) => (length, format!("the row ends before the `{name}` column")),
        (None, Err((column, message))) if lines_up => (column, message),
        _ => {
            let misplaced = cells
                .iter()
                .find(|c| !c.text.is_empty() && !line_has_cell_at(line, c.start))
                .map_or(0, |c| c.start);
            (
                misplaced,
                "the row does not line up with the header's columns".to_string(),
            )
        }
    };
    Ok(Read::NotARow { column, message })
}

/// Whether a cell starts at `start`: a non-blank there, after a blank or the line's start.
fn line_has_cell_at(line: &str, start: usize) -> bool {
    let mut chars = line.chars().skip(start.saturating_sub(1));
    if start == 0 {
        return chars.next().is_some_and(|c| c != ' ');
    }
    chars.next() == Some(' ') && chars.next().is_some_and(|c| c != ' ')
}

/// Reads a `kubectl get events` table (narrow, `-A`, `-o wide`) or a `kubectl events` table
/// into events, one per row, in order, each with its row's line.
///
/// OBJECT `pod/web-1` gives the kind (lower-case kinds mapped back: `Pod`, `ReplicaSet`, …;
/// others kept as written) and name; NAMESPACE, SUBOBJECT (the field path) and SOURCE are
/// read when the table has them. The LAST SEEN cell gives the last time; `2m (x3 over 5m)`
/// (`kubectl events`) also the count and the first; else COUNT and FIRST SEEN (`-o wide`)
/// do, or the count is 1 and the first unknown (`kubectl events` rows without a count are
/// single events: first = last). A line after a `kubectl events` row that is no row continues
/// its message (kubectl prints a message's line breaks as they are). Errors: text before the
/// header, a header without REASON, MESSAGE or OBJECT, a row that does not fit (too short,
/// not lined up, an age or count kubectl does not print), more than 1,000,000 rows.
pub fn parse_event_table(text: &str) -> Result<Vec<ObservedEvent>, TextError> {
    // Each header starts a layout (a text may hold several tables); rows share theirs.
    let mut layout: Option<Rc<Layout>> = None;
    let mut rows: Vec<(Rc<Layout>, RawRow)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        if let Some(found) = read_header(line, number)? {
            layout = Some(Rc::new(found));
            continue;
        }
        let Some(current) = layout.as_ref() else {
            return Err(error(
                number,
                0,
                "expected the header of an events table (`LAST SEEN   TYPE   REASON   OBJECT   MESSAGE`)"
                    .to_string(),
            ));
        };
        let read =
            read_line(current, line).map_err(|(column, message)| error(number, column, message))?;
        match read {
            Read::Row(cells) => {
                if rows.len() == MAX_ROWS {
                    return Err(error(number, 0, format!("more than {MAX_ROWS} rows")));
                }
                rows.push((
                    Rc::clone(current),
                    RawRow {
                        line: number,
                        cells,
                    },
                ));
            }
            Read::NotARow { column, message } => {
                let previous = rows.last_mut().filter(|entry| {
                    entry.0.message_last() && from_events_command(&entry.0, &entry.1)
                });
                let Some((previous_layout, previous)) = previous else {
                    return Err(error(number, column, message));
                };
                let at = previous_layout.index(Field::Message);
                if let Some(cell) = at.and_then(|at| previous.cells.get_mut(at)) {
                    cell.text.push('\n');
                    cell.text.push_str(line.trim_end());
                }
            }
        }
    }
    if layout.is_none() {
        return Err(error(
            1,
            0,
            "the text has no events table header".to_string(),
        ));
    }
    let style = AgeStyle::of_ages(rows.iter().flat_map(|(layout, row)| {
        [Field::LastSeen, Field::FirstSeen]
            .into_iter()
            .filter_map(|field| row.cell(layout, field))
            .flat_map(|cell| ages::ages_in_cell(&cell.text))
    }));
    let events_command = rows
        .iter()
        .any(|(layout, row)| from_events_command(layout, row));
    rows.iter()
        .map(|(layout, row)| event_of(layout, row, style, events_command))
        .collect()
}

fn text_of<'a>(layout: &Layout, row: &'a RawRow, field: Field) -> &'a str {
    row.cell(layout, field).map_or("", |c| c.text.as_str())
}

fn event_of(
    layout: &Layout,
    row: &RawRow,
    style: AgeStyle,
    events_command: bool,
) -> Result<ObservedEvent, TextError> {
    let bad_age = |field: Field| {
        let cell = row.cell(layout, field);
        error(
            row.line,
            cell.map_or(0, |c| c.start),
            format!(
                "age `{}` is not one the printer of this table's other ages writes",
                cell.map_or("", |c| c.text.as_str())
            ),
        )
    };
    let last_text = text_of(layout, row, Field::LastSeen);
    let (last, mut count, mut first) = if ages::is_placeholder(last_text) {
        (None, 1, None)
    } else {
        let interval =
            ages::parse_interval_as(last_text, style).ok_or_else(|| bad_age(Field::LastSeen))?;
        if last_text.contains(" (x") || events_command {
            (Some(interval.last), interval.count, interval.first)
        } else {
            (Some(interval.last), 1, None)
        }
    };
    if let Some(cell) = row.cell(layout, Field::FirstSeen) {
        first = if ages::is_placeholder(&cell.text) {
            None
        } else {
            Some(ages::parse_age_as(&cell.text, style).ok_or_else(|| bad_age(Field::FirstSeen))?)
        };
    }
    if let Some(cell) = row.cell(layout, Field::Count) {
        count = cell.text.parse::<u32>().map_err(|_| {
            error(
                row.line,
                cell.start,
                format!("count `{}` is too large", cell.text),
            )
        })?;
    }
    Ok(ObservedEvent {
        involved: involved_of(layout, row),
        event_type: text_of(layout, row, Field::Type).to_string(),
        reason: text_of(layout, row, Field::Reason).to_string(),
        message: text_of(layout, row, Field::Message).to_string(),
        source: text_of(layout, row, Field::Source).to_string(),
        first,
        last,
        count: count.max(1),
        line: row.line,
    })
}

fn involved_of(layout: &Layout, row: &RawRow) -> InvolvedObject {
    let non_empty = |field: Field| Some(text_of(layout, row, field)).filter(|t| !t.is_empty());
    let (kind, name) = match row.cell(layout, Field::Object) {
        Some(object) => match object.text.split_once('/') {
            Some((kind, name)) => (kind.to_string(), name.to_string()),
            None => (object.text.clone(), String::new()),
        },
        // Before `OBJECT`: the kind, and the event's name, `<object>.<suffix>`.
        None => {
            let event_name = text_of(layout, row, Field::Name);
            let name = event_name
                .rsplit_once('.')
                .map_or(event_name, |(object, _)| object);
            (
                text_of(layout, row, Field::Kind).to_string(),
                name.to_string(),
            )
        }
    };
    InvolvedObject {
        kind: canonical_kind(&kind),
        namespace: non_empty(Field::Namespace).map(str::to_string),
        name,
        uid: None,
        field_path: non_empty(Field::Subobject).map(str::to_string),
    }
}

/// The kind as the API spells it, from `kubectl get events`' lower-cased one; kinds not
/// known here are kept as written.
fn canonical_kind(kind: &str) -> String {
    const KINDS: [&str; 30] = [
        "Pod",
        "ReplicaSet",
        "Deployment",
        "StatefulSet",
        "DaemonSet",
        "Job",
        "CronJob",
        "ReplicationController",
        "Node",
        "Namespace",
        "Service",
        "Endpoints",
        "EndpointSlice",
        "Ingress",
        "PersistentVolumeClaim",
        "PersistentVolume",
        "StorageClass",
        "VolumeAttachment",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "ConfigMap",
        "Secret",
        "ServiceAccount",
        "NetworkPolicy",
        "ResourceQuota",
        "LimitRange",
        "Lease",
        "PriorityClass",
        "CertificateSigningRequest",
        "CustomResourceDefinition",
    ];
    KINDS
        .iter()
        .find(|known| known.eq_ignore_ascii_case(kind))
        .map_or_else(|| kind.to_string(), |known| (*known).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::evidence::Moment;

    const SECOND: i64 = 1000;
    const MINUTE: i64 = 60 * SECOND;

    fn ago(ago_ms: i64, precision_ms: i64) -> Moment {
        Moment::Ago {
            ago_ms,
            precision_ms,
        }
    }

    /// `kubectl get events` (tabwriter: min width 6, padding 3), with non-ASCII in messages.
    const NARROW: &str = "\
LAST SEEN   TYPE      REASON             OBJECT                MESSAGE
9m3s        Normal    Scheduled          pod/web-1             Successfully assigned shop/web-1 to node-1
9m          Normal    Pulling            pod/web-1             Pulling image \"nginx:1.27\"
8m50s       Normal    Started            pod/web-1             Started container app — démarré ✓
75s         Warning   BackOff            pod/web-1             Back-off restarting failed container app in pod web-1_shop(1a2b)
12m         Normal    SuccessfulCreate   replicaset/web-5d9c   Created pod: web-1
";

    #[test]
    fn narrow_table_gives_one_event_per_row() {
        assert!(looks_like_event_table(NARROW));
        let events = parse_event_table(NARROW).unwrap();
        assert_eq!(events.len(), 5);
        let first = &events[0];
        assert_eq!(first.involved.kind, "Pod");
        assert_eq!(first.involved.name, "web-1");
        assert_eq!(first.involved.namespace, None);
        assert_eq!(first.event_type, "Normal");
        assert_eq!(first.reason, "Scheduled");
        assert_eq!(first.message, "Successfully assigned shop/web-1 to node-1");
        assert_eq!(first.last, Some(ago(9 * MINUTE + 3 * SECOND, SECOND)));
        assert_eq!((first.count, first.first, first.line), (1, None, 2));
        assert_eq!(events[2].message, "Started container app — démarré ✓");
        assert_eq!(events[3].last, Some(ago(75 * SECOND, SECOND)));
        assert_eq!(events[4].involved.kind, "ReplicaSet");
        assert_eq!(events[4].involved.name, "web-5d9c");
        assert_eq!(events[4].last, Some(ago(12 * MINUTE, MINUTE)));
        assert_eq!(events[4].line, 6);
    }

    #[test]
    fn all_namespaces_table_reads_the_namespace() {
        let text = "\
NAMESPACE     LAST SEEN   TYPE      REASON        OBJECT            MESSAGE
shop          9m3s        Normal    Scheduled     pod/web-1         Successfully assigned shop/web-1 to node-1
kube-system   3h5m        Warning   FailedMount   pod/coredns-abc   MountVolume.SetUp failed for volume \"config\"
default       5d3h        Normal    Starting      node/node-1       
";
        let events = parse_event_table(text).unwrap();
        assert_eq!(events.len(), 3);
        assert_eq!(events[1].involved.namespace.as_deref(), Some("kube-system"));
        assert_eq!(
            events[1].last,
            Some(ago(3 * 3_600_000 + 5 * MINUTE, MINUTE))
        );
        assert_eq!(events[2].involved.kind, "Node");
        assert_eq!(events[2].message, "");
    }

    #[test]
    fn wide_table_reads_columns_after_the_message() {
        let text = "\
LAST SEEN   TYPE      REASON             OBJECT                SUBOBJECT              SOURCE                  MESSAGE                                                            FIRST SEEN   COUNT   NAME
9m3s        Normal    Scheduled          pod/web-1                                    default-scheduler       Successfully assigned shop/web-1 to node-1                         9m3s         1       web-1.17f9a1
75s         Warning   BackOff            pod/web-1             spec.containers{app}   kubelet, node-1         Back-off restarting failed container app in pod web-1_shop(1a2b)   8m40s        12      web-1.17f9b2
20d         Normal    SuccessfulCreate   replicaset/web-5d9c                          replicaset-controller   Created pod: web-1 ünïcødé                                         20d          1       web-5d9c.17f9c3
";
        let events = parse_event_table(text).unwrap();
        assert_eq!(events.len(), 3);
        let backoff = &events[1];
        assert_eq!(
            backoff.involved.field_path.as_deref(),
            Some("spec.containers{app}")
        );
        assert_eq!(backoff.source, "kubelet, node-1");
        assert_eq!(
            backoff.message,
            "Back-off restarting failed container app in pod web-1_shop(1a2b)"
        );
        assert_eq!(backoff.count, 12);
        assert_eq!(backoff.first, Some(ago(8 * MINUTE + 40 * SECOND, SECOND)));
        assert_eq!(backoff.last, Some(ago(75 * SECOND, SECOND)));
        assert_eq!(events[0].involved.field_path, None);
        // Column starts are counted in characters: the cells after a non-ASCII message.
        assert_eq!(events[2].message, "Created pod: web-1 ünïcødé");
        assert_eq!(events[2].count, 1);
        assert_eq!(events[2].first, Some(ago(20 * 86_400_000, 86_400_000)));
    }

    #[test]
    fn events_command_table_reads_counts_and_message_lines() {
        // After a message with line breaks, `kubectl events`' tabwriter realigns the rows.
        let text = "\
LAST SEEN         TYPE      REASON        OBJECT      MESSAGE
9m3s              Normal    Scheduled     Pod/web-1   Successfully assigned shop/web-1 to node-1
2m (x3 over 5m)   Warning   Unhealthy     Pod/web-1   Readiness probe failed: HTTP probe failed with statuscode: 503
30s               Warning   FailedMount   Pod/web-1   MountVolume.SetUp failed for volume \"data\" : mount failed: exit status 32
Mounting command: mount
Output: 日本語
10s   Normal   Killing   Pod/web-1   Stopping container app
";
        let events = parse_event_table(text).unwrap();
        assert_eq!(events.len(), 4);
        assert_eq!(events[0].first, events[0].last, "a single event");
        let unhealthy = &events[1];
        assert_eq!(unhealthy.count, 3);
        assert_eq!(unhealthy.last, Some(ago(2 * MINUTE, SECOND)));
        assert_eq!(unhealthy.first, Some(ago(5 * MINUTE, SECOND)));
        assert_eq!(
            events[2].message,
            "MountVolume.SetUp failed for volume \"data\" : mount failed: exit status 32\nMounting command: mount\nOutput: 日本語"
        );
        assert_eq!(events[3].reason, "Killing");
        assert_eq!(events[3].line, 7);
        assert_eq!(events[3].last, Some(ago(10 * SECOND, SECOND)));
    }

    #[test]
    fn old_server_side_table_names_kind_and_event() {
        let text = "\
LAST SEEN   FIRST SEEN   COUNT   NAME                    KIND   SUBOBJECT   TYPE     REASON      SOURCE              MESSAGE
1m          1m           1       web-1.15a3b9c1d2e3f4a   Pod                Normal   Scheduled   default-scheduler   Successfully assigned web-1 to node-1
";
        let events = parse_event_table(text).unwrap();
        assert_eq!(events[0].involved.kind, "Pod");
        assert_eq!(events[0].involved.name, "web-1");
        // `1m` only the old printer writes: cut to the minute.
        assert_eq!(events[0].last, Some(ago(MINUTE, MINUTE)));
        assert_eq!(events[0].source, "default-scheduler");
    }

    #[test]
    fn unknown_ages_are_no_time() {
        let text = "\
LAST SEEN   TYPE     REASON    OBJECT      MESSAGE
<unknown>   Normal   Pulled    pod/web-1   Container image already present
";
        let events = parse_event_table(text).unwrap();
        assert_eq!((events[0].last, events[0].first), (None, None));
    }

    #[test]
    fn rows_that_do_not_fit_are_located_errors() {
        let header = "LAST SEEN   TYPE     REASON      OBJECT      MESSAGE\n";
        let cases = [
            // A bad age where the column says one is.
            (
                "9m60s       Normal   Scheduled   pod/web-1   Successfully assigned\n",
                2,
                1,
                "not an age",
            ),
            // Too short: ends in the REASON column.
            (
                "9m3s        Normal   Sched\n",
                2,
                27,
                "ends before the `OBJECT` column",
            ),
            ("hello there\n", 2, 12, "ends before the `REASON` column"),
        ];
        for (row, line, column, message) in cases {
            let error = parse_event_table(&format!("{header}{row}")).unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{row}");
            assert!(error.message.contains(message), "{}", error.message);
        }
        // A row whose object cell is misaligned after a good row: `get events` has no
        // continuation lines.
        let text = format!(
            "{header}9m3s        Normal   Scheduled   pod/web-1   ok\n9m          Normal   Pulling       pod/web-1 x\n"
        );
        let error = parse_event_table(&text).unwrap_err();
        assert_eq!(error.line, 3);
        let error = parse_event_table("garbage\nLAST SEEN   TYPE\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        let error = parse_event_table("LAST SEEN   TYPE   OBJECT\n").unwrap_err();
        assert!(error.message.contains("REASON"), "{}", error.message);
    }

    #[test]
    fn cells_are_cut_in_characters() {
        let (cells, lines_up) = cut_at("é日   ab   c d", &[0, 5, 10]);
        assert!(lines_up);
        let texts: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["é日", "ab", "c d"]);
        let (_, lines_up) = cut_at("abcdefg   ab", &[0, 5]);
        assert!(!lines_up);
        let cells = gap_cells("  a b   c  d e", 3);
        let texts: Vec<(usize, &str)> = cells.iter().map(|c| (c.start, c.text.as_str())).collect();
        assert_eq!(texts, [(2, "a b"), (8, "c"), (11, "d e")]);
    }

    #[test]
    fn does_not_look_like_a_table_otherwise() {
        assert!(!looks_like_event_table("apiVersion: v1\nkind: Pod\n"));
        assert!(!looks_like_event_table("NAMESPACE   NAME   READY\n"));
        assert!(looks_like_event_table(
            "\n\nNAMESPACE   LAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n"
        ));
    }
}
