//! describe's Events table, current and old layouts: its rows into observed events of the pod.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The field path describe puts before a message since kubectl 1.34
/// (`spec.containers{app}: Started container app`), and the message after it.
pub(super) fn field_path_prefix(message: &str) -> Option<(&str, &str)> {
    let (path, rest) = message.split_once("}: ")?;
    let list = path.strip_prefix("spec.")?.split_once('{')?.0;
    (!list.is_empty() && list.chars().all(|c| c.is_ascii_alphabetic()) && !path.contains(' '))
        .then(|| (message.get(..path.len() + 1).unwrap_or(path), rest))
}

impl PodReader {
    pub(super) fn event_line(&mut self, number: usize, line: &str) {
        let Some(table) = self.events.as_mut() else {
            return;
        };
        if table.header_line.is_none() {
            let cells = gap_cells(line, usize::MAX);
            let names: Vec<String> = cells.iter().map(|c| c.text.to_ascii_lowercase()).collect();
            let has = |name: &str| names.iter().any(|n| n == name);
            if !has("reason") || !has("message") || !(has("age") || has("lastseen")) {
                self.block = Block::Other;
                self.note(number, "expected the Events table's header".to_string());
                return;
            }
            table.starts = cells.iter().map(|c| c.start).collect();
            table.names = names;
            table.header_line = Some(number);
            return;
        }
        if line.trim().chars().all(|c| c == '-' || c == ' ') {
            return;
        }
        if let Some(cells) = event_row(table, line) {
            table.rows.push((number, cells));
            return;
        }
        let message = table.index("message");
        match table.rows.last_mut() {
            Some((_, cells)) => {
                if let Some(cell) = message.and_then(|at| cells.get_mut(at)) {
                    cell.text.push('\n');
                    cell.text.push_str(line.trim_end());
                }
            }
            None => self.note(number, "an Events row podlife cannot read".to_string()),
        }
    }
}

/// A line of the Events table as a row: cut at the header's columns, or at its gaps when
/// it no longer lines up (after a message of several lines); `None` when it is no row.
pub(super) fn event_row(table: &EventsTable, line: &str) -> Option<Vec<Cell>> {
    let (cells, lines_up) = cut_at(line, &table.starts);
    if lines_up && row_fits(table, &cells) {
        return Some(cells);
    }
    let mut cells = gap_cells(line, table.names.len());
    if row_fits(table, &cells) {
        cells.resize_with(table.names.len(), Cell::default);
        return Some(cells);
    }
    None
}

pub(super) fn row_fits(table: &EventsTable, cells: &[Cell]) -> bool {
    if cells.len() + 1 < table.names.len() {
        return false;
    }
    table.names.iter().zip(cells).all(|(name, cell)| {
        let text = cell.text.as_str();
        match name.as_str() {
            "type" => !text.contains(char::is_whitespace),
            "reason" => !text.is_empty() && !text.contains(char::is_whitespace),
            "age" => {
                ages::is_placeholder(text)
                    || ages::parse_interval_as(text, AgeStyle::Either).is_some()
            }
            "firstseen" | "lastseen" => old_moment(text).is_some() || ages::is_placeholder(text),
            "count" => text.bytes().all(|b| b.is_ascii_digit()),
            _ => true,
        }
    })
}

/// An old table's FirstSeen / LastSeen: an age `ShortHumanDuration` printed, or (before
/// kubectl 1.5) an absolute time.
pub(super) fn old_moment(text: &str) -> Option<Moment> {
    ages::parse_short_age(text).or_else(|| {
        let epoch_ms = match parse_rfc1123z(text) {
            Some(Printed::At(at)) => at,
            Some(Printed::Unset) => return None,
            None => parse_go_time_string(text)?,
        };
        Some(Moment::At {
            epoch_ms,
            precision_ms: 1000,
        })
    })
}

pub(super) fn event_of(
    table: &EventsTable,
    cells: &[Cell],
    style: AgeStyle,
    involved: &InvolvedObject,
    line: usize,
) -> Option<ObservedEvent> {
    let text = |name: &str| {
        table
            .index(name)
            .and_then(|at| cells.get(at))
            .map_or("", |c| c.text.as_str())
    };
    let mut involved = involved.clone();
    let mut message = text("message").to_string();
    let (first, last, count) = if table.is_old() {
        let moment = |name: &str| {
            let cell = text(name);
            if ages::is_placeholder(cell) {
                Some(None)
            } else {
                old_moment(cell).map(Some)
            }
        };
        involved.field_path = Some(text("subobjectpath").to_string()).filter(|p| !p.is_empty());
        let count = text("count").parse::<u32>().unwrap_or(1);
        (moment("firstseen")?, moment("lastseen")?, count)
    } else {
        if let Some((path, rest)) = field_path_prefix(&message) {
            involved.field_path = Some(path.to_string());
            message = rest.to_string();
        }
        let age = text("age");
        if ages::is_placeholder(age) {
            (None, None, 1)
        } else {
            let interval = ages::parse_interval_as(age, style)?;
            (interval.first, Some(interval.last), interval.count)
        }
    };
    Some(ObservedEvent {
        involved,
        event_type: text("type").to_string(),
        reason: text("reason").to_string(),
        message,
        source: text("from").to_string(),
        first,
        last,
        count: count.max(1),
        line,
    })
}
