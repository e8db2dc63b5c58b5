//! The text of `kubectl describe pod` read back into pods: what it shows of each pod's spec and status (containers, states and their times, conditions) and its Events table.
//!
//! kubectl writes a pod's description through a tabwriter (padding 2), keys at column 0,
//! containers at 2 spaces, their fields at 4, a state's details at 6; times in RFC 1123 with
//! a numeric zone (`Mon, 02 Jan 2006 15:04:05 -0700`), read here into RFC 3339 in UTC. Several
//! pods follow one another, each from its `Name:` line. Lines the reader does not know are
//! skipped; a block the text cuts off is a note, not an error. The Events table is the
//! current one (`Type  Reason  Age  From  Message`) or the one kubectl printed until 1.9
//! (`FirstSeen  LastSeen  Count  From  SubObjectPath  Type  Reason  Message`).

use std::collections::BTreeMap;

use crate::k8s::model::{
    Container, ContainerState, ContainerStatus, Pod, PodCondition, PodIp, PodStatus, StateRunning,
    StateTerminated, StateWaiting,
};
use crate::k8s::timestamp::{EpochMillis, format_rfc3339, parse_rfc3339};
use crate::observe::ages::{self, AgeStyle};
use crate::observe::event_table::{Cell, cut_at, gap_cells};
use crate::observe::evidence::{DescribedPod, InvolvedObject, Moment, ObservedEvent, TextError};

/// Whether the text is `kubectl describe pod` output: its first non-blank line starts with
/// `Name:` and a later line with `Namespace:`.
pub fn looks_like_describe(text: &str) -> bool {
    let mut lines = text.lines().skip_while(|line| line.trim().is_empty());
    lines.next().is_some_and(|line| line.starts_with("Name:"))
        && lines.any(|line| line.starts_with("Namespace:"))
}

/// Reads every pod of a `kubectl describe pod` text, in order: name, namespace, labels,
/// node, start time, phase, reason, message, IPs, QoS class, the init, app, ephemeral and
/// (podlife's) defer containers with their image, restart policy and status (state and last
/// state with their times, ready, restart count), the conditions (type and status) and the
/// events. `Status: Terminating (lasts …)` hides the phase: it is left unset, with a note.
///
/// Only text that is not describe output is an error: text before the first `Name:`, or a
/// `Name:` line not followed by `Namespace:`.
pub fn parse_describe(text: &str) -> Result<Vec<DescribedPod>, TextError> {
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .collect();
    let starts_pod = |index: usize| {
        lines.get(index).is_some_and(|l| l.starts_with("Name:"))
            && lines
                .get(index + 1)
                .is_some_and(|l| l.starts_with("Namespace:"))
    };
    let Some(first) = lines.iter().position(|line| !line.trim().is_empty()) else {
        return Err(not_describe(1, "the text is empty"));
    };
    if !lines.get(first).is_some_and(|l| l.starts_with("Name:")) {
        return Err(not_describe(
            first + 1,
            "expected `Name:`, as `kubectl describe pod` starts",
        ));
    }
    if !starts_pod(first) {
        return Err(not_describe(
            first + 2,
            "expected `Namespace:` after `Name:`",
        ));
    }
    let starts: Vec<usize> = (first..lines.len()).filter(|&i| starts_pod(i)).collect();
    let pods = starts
        .iter()
        .enumerate()
        .map(|(k, &start)| {
            let end = starts.get(k + 1).copied().unwrap_or(lines.len());
            let section = lines.get(start..end).unwrap_or(&[]);
            let mut reader = PodReader::new(start + 1);
            for (offset, line) in section.iter().enumerate() {
                reader.line(start + offset + 1, line);
            }
            let last_text = section.iter().rposition(|line| !line.trim().is_empty());
            reader.finish(start + last_text.map_or(1, |at| at + 1))
        })
        .collect();
    Ok(pods)
}

fn not_describe(line: usize, message: &str) -> TextError {
    TextError {
        line,
        column: 1,
        message: message.to_string(),
    }
}

/// The container lists describe prints, in the order the model keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    Init,
    App,
    Ephemeral,
    Defer,
}

/// Which state of a container the indented lines describe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StateKey {
    Current,
    Last,
}

/// A container as read so far.
#[derive(Debug, Clone, Default)]
struct ContainerEntry {
    spec: Container,
    status: ContainerStatus,
    has_status: bool,
    /// Its name line (1-based).
    line: usize,
    /// Its `Liveness:`, `Readiness:`, `Startup:` lines.
    probes: Vec<String>,
    /// The state the 6-space lines belong to, if they belong to one.
    state_key: Option<StateKey>,
    /// Inside a termination message that runs over several lines, and where it started.
    in_message: Option<usize>,
}

impl ContainerEntry {
    fn state_mut(&mut self, key: StateKey) -> &mut ContainerState {
        let slot = match key {
            StateKey::Current => &mut self.status.state,
            StateKey::Last => &mut self.status.last_state,
        };
        slot.get_or_insert_with(ContainerState::default)
    }
}

/// The Events table as read so far.
#[derive(Debug, Clone, Default)]
struct EventsTable {
    /// The header's column names (lower case) and starts.
    names: Vec<String>,
    starts: Vec<usize>,
    /// The header's line, once read.
    header_line: Option<usize>,
    rows: Vec<(usize, Vec<Cell>)>,
}

impl EventsTable {
    fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn is_old(&self) -> bool {
        self.index("age").is_none()
    }
}

/// The block the indented lines belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Other,
    Labels,
    Ips,
    Containers(List),
    Conditions,
    Events,
}

/// One pod's lines, read one at a time.
struct PodReader {
    pod: Pod,
    status: PodStatus,
    line: usize,
    notes: Vec<(usize, String)>,
    labels: BTreeMap<String, String>,
    containers: Vec<(List, ContainerEntry)>,
    conditions: Vec<PodCondition>,
    seen_containers: bool,
    /// Whether `QoS Class:` or `Events:` came: describe prints them after the containers.
    seen_after_containers: bool,
    events: Option<EventsTable>,
    block: Block,
}

impl PodReader {
    fn new(line: usize) -> PodReader {
        PodReader {
            pod: Pod::default(),
            status: PodStatus::default(),
            line,
            notes: Vec::new(),
            labels: BTreeMap::new(),
            containers: Vec::new(),
            conditions: Vec::new(),
            seen_containers: false,
            seen_after_containers: false,
            events: None,
            block: Block::Other,
        }
    }

    fn note(&mut self, line: usize, note: String) {
        self.notes.push((line, note));
    }

    fn line(&mut self, number: usize, line: &str) {
        // A termination message runs, over as many lines as it has, to `Exit Code:`.
        if let Some((_, entry)) = self.containers.last_mut()
            && entry.in_message.is_some()
        {
            if line.starts_with("      Exit Code:") {
                entry.in_message = None;
            } else {
                let key = entry.state_key.unwrap_or(StateKey::Current);
                if let Some(terminated) = entry.state_mut(key).terminated.as_mut() {
                    let message = terminated.message.get_or_insert_with(String::new);
                    message.push('\n');
                    message.push_str(line);
                }
                return;
            }
        }
        if line.trim().is_empty() {
            return;
        }
        // The Events table is the last block: every line after its header is a row or the
        // rest of a row's message.
        if self.block == Block::Events && !line.starts_with("Events:") {
            self.event_line(number, line);
            return;
        }
        if line.starts_with(' ') {
            self.indented(number, line);
        } else {
            self.top_level(number, line);
        }
    }

    fn top_level(&mut self, number: usize, line: &str) {
        self.block = Block::Other;
        let Some((key, value)) = line.split_once(':') else {
            return;
        };
        let value = value.trim();
        self.seen_after_containers |= matches!(key, "QoS Class" | "Events");
        let given = || Some(value.to_string()).filter(|v| !v.is_empty() && v != "<none>");
        match key {
            "Name" => self.pod.metadata.name = given(),
            "Namespace" => self.pod.metadata.namespace = given(),
            "Node" => {
                if let Some(node) = given() {
                    let (name, host_ip) = node.split_once('/').unwrap_or((&node, ""));
                    self.pod.spec.node_name = Some(name.to_string());
                    self.status.host_ip = Some(host_ip.to_string()).filter(|ip| !ip.is_empty());
                }
            }
            "Start Time" => self.status.start_time = self.time(number, key, value),
            "Labels" => {
                self.block = Block::Labels;
                self.label(value);
            }
            "Status" if value.starts_with("Terminating") => self.note(
                number,
                format!(
                    "the pod was being deleted: describe shows `{value}` in place of its phase"
                ),
            ),
            "Status" => self.status.phase = given(),
            "Termination Grace Period" => {
                self.pod.metadata.deletion_grace_period_seconds =
                    value.strip_suffix('s').and_then(|s| s.parse().ok());
            }
            "Reason" => self.status.reason = given(),
            "Message" => self.status.message = given(),
            "IP" => self.status.pod_ip = given(),
            "IPs" => self.block = Block::Ips,
            "QoS Class" => self.status.qos_class = given(),
            "Init Containers" => self.block = Block::Containers(List::Init),
            "Containers" => {
                self.seen_containers = true;
                self.block = Block::Containers(List::App);
            }
            "Ephemeral Containers" => self.block = Block::Containers(List::Ephemeral),
            "Defer Containers" => self.block = Block::Containers(List::Defer),
            "Conditions" => self.block = Block::Conditions,
            "Events" if value.is_empty() => {
                self.block = Block::Events;
                self.events = Some(EventsTable::default());
            }
            _ => {}
        }
    }

    fn label(&mut self, text: &str) {
        if let Some((key, value)) = text.trim().split_once('=') {
            self.labels.insert(key.to_string(), value.to_string());
        }
    }

    fn indented(&mut self, number: usize, line: &str) {
        match self.block {
            Block::Labels => self.label(line),
            Block::Ips => {
                if let Some(ip) = line.trim().strip_prefix("IP:") {
                    self.status
                        .pod_ips
                        .get_or_insert_with(Vec::new)
                        .push(PodIp {
                            ip: Some(ip.trim().to_string()),
                        });
                }
            }
            Block::Containers(list) => self.container_line(list, number, line),
            Block::Conditions => {
                let words: Vec<&str> = line.split_whitespace().collect();
                if let [kind, status] = words.as_slice()
                    && words != ["Type", "Status"]
                {
                    self.conditions.push(PodCondition {
                        condition_type: Some((*kind).to_string()),
                        status: Some((*status).to_string()),
                        ..PodCondition::default()
                    });
                }
            }
            Block::Events | Block::Other => {}
        }
    }

    fn container_line(&mut self, list: List, number: usize, line: &str) {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let text = line.trim();
        if indent == 2
            && let Some(name) = text.strip_suffix(':')
            && !name.is_empty()
            && !name.contains(|c: char| c.is_whitespace() || c == ':')
        {
            let mut entry = ContainerEntry {
                line: number,
                ..ContainerEntry::default()
            };
            entry.spec.name = Some(name.to_string());
            entry.status.name = Some(name.to_string());
            self.containers.push((list, entry));
            return;
        }
        let Some((key, value)) = text.split_once(':') else {
            return;
        };
        let value = value.trim();
        match indent {
            4 => self.container_field(number, key, value),
            6 => self.state_field(number, key, value),
            _ => {}
        }
    }

    fn container_field(&mut self, number: usize, key: &str, value: &str) {
        let Some((_, entry)) = self.containers.last_mut() else {
            return;
        };
        let given = Some(value.to_string()).filter(|v| !v.is_empty() && v != "<none>");
        entry.state_key = None;
        match key {
            "Container ID" => {
                entry.has_status = true;
                entry.status.container_id = given;
            }
            "Image" => entry.spec.image = given,
            "Image ID" => {
                entry.has_status = true;
                entry.status.image_id = given;
            }
            "State" | "Last State" => {
                let state_key = if key == "State" {
                    StateKey::Current
                } else {
                    StateKey::Last
                };
                entry.has_status = true;
                entry.state_key = Some(state_key);
                let state = entry.state_mut(state_key);
                match value {
                    "Running" => state.running = Some(StateRunning::default()),
                    "Waiting" => state.waiting = Some(StateWaiting::default()),
                    "Terminated" => state.terminated = Some(StateTerminated::default()),
                    _ => {
                        let name = entry.spec.name.clone().unwrap_or_default();
                        self.note(
                            number,
                            format!(
                                "container `{name}`'s state `{value}` is not one describe prints"
                            ),
                        );
                    }
                }
            }
            "Ready" => {
                entry.has_status = true;
                entry.status.ready = boolean(value);
            }
            "Started" => entry.status.started = boolean(value),
            "Restart Count" => {
                entry.has_status = true;
                entry.status.restart_count = value.parse().ok();
            }
            "Restart Policy" => entry.spec.restart_policy = given,
            "Liveness" | "Readiness" | "Startup" => entry.probes.push(key.to_string()),
            _ => {}
        }
    }

    fn state_field(&mut self, number: usize, key: &str, value: &str) {
        let Some((_, entry)) = self.containers.last_mut() else {
            return;
        };
        let Some(state_key) = entry.state_key else {
            return;
        };
        let (time, note) = match key {
            "Started" | "Finished" => describe_time(key, value),
            _ => (None, None),
        };
        let state = entry.state_mut(state_key);
        let given = Some(value.to_string()).filter(|v| !v.is_empty());
        if let Some(running) = state.running.as_mut() {
            if key == "Started" {
                running.started_at = time;
            }
        } else if let Some(waiting) = state.waiting.as_mut() {
            match key {
                "Reason" => waiting.reason = given,
                "Message" => waiting.message = given,
                _ => {}
            }
        } else if let Some(terminated) = state.terminated.as_mut() {
            match key {
                "Reason" => terminated.reason = given,
                "Message" => {
                    terminated.message = given;
                    entry.in_message = Some(number);
                }
                "Exit Code" => terminated.exit_code = value.parse().ok(),
                "Signal" => terminated.signal = value.parse().ok(),
                "Started" => terminated.started_at = time,
                "Finished" => terminated.finished_at = time,
                _ => {}
            }
        }
        if let Some(note) = note {
            self.note(number, note);
        }
    }

    fn time(&mut self, number: usize, key: &str, value: &str) -> Option<String> {
        let (time, note) = describe_time(key, value);
        if let Some(note) = note {
            self.note(number, note);
        }
        time
    }
}

/// `True` / `False`.
fn boolean(value: &str) -> Option<bool> {
    match value {
        "True" => Some(true),
        "False" => Some(false),
        _ => None,
    }
}

/// A describe time read into RFC 3339 (UTC); Go's zero time is no time. A time that cannot
/// be read gives a note instead.
fn describe_time(key: &str, value: &str) -> (Option<String>, Option<String>) {
    if value.is_empty() || value == "<unset>" {
        return (None, None);
    }
    match parse_rfc1123z(value) {
        Some(Printed::Unset) => (None, None),
        Some(Printed::At(millis)) => (Some(format_rfc3339(millis)), None),
        None => (
            None,
            Some(format!(
                "`{key}: {value}` is not a time as describe prints it (`Mon, 02 Jan 2006 15:04:05 -0700`)"
            )),
        ),
    }
}

/// A time describe printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Printed {
    /// Milliseconds since the epoch.
    At(EpochMillis),
    /// Go's zero time (`Mon, 01 Jan 0001 00:00:00 +0000`): the field was not set.
    Unset,
}

/// Go's `time.RFC1123Z` (`Mon, 02 Jan 2006 15:04:05 -0700`); `None` when it is not that
/// layout.
fn parse_rfc1123z(text: &str) -> Option<Printed> {
    const DAYS: [&str; 7] = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"];
    let words: Vec<&str> = text.split_whitespace().collect();
    let [weekday, day, month, year, clock, zone] = words.as_slice() else {
        return None;
    };
    if !DAYS.contains(weekday) || day.len() != 2 || year.len() != 4 || clock.len() != 8 {
        return None;
    }
    if *year == "0001" && *month == "Jan" && *day == "01" {
        return Some(Printed::Unset);
    }
    rfc3339_of(year, month, day, clock, zone).map(Printed::At)
}

/// The time of a date, a clock and a `-0700` zone, through RFC 3339.
fn rfc3339_of(year: &str, month: &str, day: &str, clock: &str, zone: &str) -> Option<EpochMillis> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = match month.parse::<usize>() {
        Ok(number) if month.len() == 2 => number,
        _ => MONTHS.iter().position(|m| *m == month)? + 1,
    };
    let (sign, digits) = (zone.get(..1)?, zone.get(1..)?);
    if !matches!(sign, "+" | "-") || digits.len() != 4 {
        return None;
    }
    let (hours, minutes) = (digits.get(..2)?, digits.get(2..)?);
    parse_rfc3339(&format!(
        "{year}-{month:02}-{day}T{clock}{sign}{hours}:{minutes}"
    ))
}

/// Go's `Time.String` (`2017-12-01 10:00:00 +0000 UTC`, fractions allowed), as kubectl
/// before 1.5 printed event times.
fn parse_go_time_string(text: &str) -> Option<EpochMillis> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [date, clock, zone, ..] = words.as_slice() else {
        return None;
    };
    let mut parts = date.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || day.len() != 2 {
        return None;
    }
    rfc3339_of(year, month, day, clock, zone)
}

/// The field path describe puts before a message since kubectl 1.34
/// (`spec.containers{app}: Started container app`), and the message after it.
fn field_path_prefix(message: &str) -> Option<(&str, &str)> {
    let (path, rest) = message.split_once("}: ")?;
    let list = path.strip_prefix("spec.")?.split_once('{')?.0;
    (!list.is_empty() && list.chars().all(|c| c.is_ascii_alphabetic()) && !path.contains(' '))
        .then(|| (message.get(..path.len() + 1).unwrap_or(path), rest))
}

impl PodReader {
    fn event_line(&mut self, number: usize, line: &str) {
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
fn event_row(table: &EventsTable, line: &str) -> Option<Vec<Cell>> {
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

fn row_fits(table: &EventsTable, cells: &[Cell]) -> bool {
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
fn old_moment(text: &str) -> Option<Moment> {
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

impl PodReader {
    /// The pod as read; `last_line` is its section's last line with text (1-based).
    fn finish(mut self, last_line: usize) -> DescribedPod {
        if !self.seen_containers {
            self.note(
                last_line,
                "the text ends before the pod's `Containers:` block".to_string(),
            );
        } else if !self.seen_after_containers {
            self.note(
                last_line,
                "the text may be cut off: it ends before `QoS Class:` and `Events:`".to_string(),
            );
        }
        if !self.labels.is_empty() {
            self.pod.metadata.labels = Some(std::mem::take(&mut self.labels));
        }
        self.containers_into_pod();
        if !self.conditions.is_empty() {
            self.status.conditions = Some(std::mem::take(&mut self.conditions));
        }
        let events = self.events_of(last_line);
        let mut pod = self.pod;
        pod.status = Some(self.status);
        DescribedPod {
            pod,
            events,
            line: self.line,
            notes: self.notes,
        }
    }

    fn containers_into_pod(&mut self) {
        infer_sidecars(&mut self.containers, &mut self.notes);
        let containers = std::mem::take(&mut self.containers);
        for (list, entry) in containers {
            let name = entry.spec.name.clone().unwrap_or_default();
            for cut in cut_off(&entry) {
                self.notes.push((
                    entry.line,
                    format!("container `{name}`'s block is cut off: {cut}"),
                ));
            }
            let (specs, statuses) = match list {
                List::Init => (
                    &mut self.pod.spec.init_containers,
                    &mut self.status.init_container_statuses,
                ),
                List::App => (
                    &mut self.pod.spec.containers,
                    &mut self.status.container_statuses,
                ),
                List::Ephemeral => (
                    &mut self.pod.spec.ephemeral_containers,
                    &mut self.status.ephemeral_container_statuses,
                ),
                List::Defer => (
                    &mut self.pod.spec.defer_containers,
                    &mut self.status.defer_container_statuses,
                ),
            };
            specs.get_or_insert_with(Vec::new).push(entry.spec);
            if entry.has_status {
                statuses.get_or_insert_with(Vec::new).push(entry.status);
            }
        }
        if self.seen_containers && self.pod.spec.containers.is_none() {
            self.pod.spec.containers = Some(Vec::new());
        }
    }

    fn events_of(&mut self, last_line: usize) -> Vec<ObservedEvent> {
        let Some(table) = self.events.take() else {
            return Vec::new();
        };
        if table.rows.is_empty() {
            self.note(last_line, "the Events table is cut off".to_string());
            return Vec::new();
        }
        let style = if table.is_old() {
            AgeStyle::Short
        } else {
            let at = table.index("age");
            AgeStyle::of_ages(table.rows.iter().flat_map(|(_, cells)| {
                at.and_then(|at| cells.get(at))
                    .map(|cell| ages::ages_in_cell(&cell.text))
                    .unwrap_or_default()
            }))
        };
        let involved = InvolvedObject {
            kind: "Pod".to_string(),
            namespace: self.pod.metadata.namespace.clone(),
            name: self.pod.metadata.name.clone().unwrap_or_default(),
            ..InvolvedObject::default()
        };
        let mut events = Vec::new();
        for (line, cells) in &table.rows {
            match event_of(&table, cells, style, &involved, *line) {
                Some(event) => events.push(event),
                None => self.notes.push((
                    *line,
                    "an Events row whose ages do not go with the table's others".to_string(),
                )),
            }
        }
        events
    }
}

/// What a container's block lacks that describe always prints after what it has.
fn cut_off(entry: &ContainerEntry) -> Vec<&'static str> {
    let mut cut = Vec::new();
    if entry.in_message.is_some() {
        cut.push("the text ends inside its termination message");
    }
    let terminated = [&entry.status.state, &entry.status.last_state]
        .into_iter()
        .flatten()
        .filter_map(|state| state.terminated.as_ref());
    for terminated in terminated {
        if terminated.exit_code.is_none() || terminated.finished_at.is_none() {
            cut.push("a terminated state without `Exit Code:` or `Finished:`");
        }
    }
    if entry.has_status && (entry.status.ready.is_none() || entry.status.restart_count.is_none()) {
        cut.push("no `Ready:` or `Restart Count:`");
    }
    cut
}

/// Init containers describe shows as sidecars: ones with a probe (only sidecars may have
/// one), and ones running beside a container that starts after them (regular init
/// containers run alone). kubectl does not print `restartPolicy`.
fn infer_sidecars(containers: &mut [(List, ContainerEntry)], notes: &mut Vec<(usize, String)>) {
    // Ephemeral containers run whenever someone debugs: they say nothing of the order.
    let running: Vec<bool> = containers
        .iter()
        .map(|(list, e)| {
            matches!(list, List::Init | List::App)
                && e.status.state.as_ref().is_some_and(|s| s.running.is_some())
        })
        .collect();
    for (index, (list, entry)) in containers.iter_mut().enumerate() {
        if *list != List::Init || entry.spec.restart_policy.is_some() {
            continue;
        }
        let later_running = running.iter().skip(index + 1).any(|r| *r);
        let why = match entry.probes.first() {
            Some(probe) => format!("it has a `{probe}` probe, which only sidecars may have"),
            None if running.get(index).copied().unwrap_or(false) && later_running => {
                "it runs beside containers that start after it".to_string()
            }
            None => continue,
        };
        entry.spec.restart_policy = Some("Always".to_string());
        let name = entry.spec.name.clone().unwrap_or_default();
        notes.push((
            entry.line,
            format!(
                "init container `{name}` is read as a sidecar (`restartPolicy: Always`): {why}"
            ),
        ));
    }
}

fn event_of(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A pod with a sidecar (a startup probe, no `restartPolicy` printed), kubectl 1.34 events with field paths.
    const SIDECAR: &str = r##"Name:             web-5d9c7b-x2x9q
Namespace:        shop
Priority:         0
Service Account:  default
Node:             node-1/10.0.0.5
Start Time:       Mon, 23 Nov 2026 07:42:00 +0000
Labels:           app=web
                  pod-template-hash=5d9c7b
Annotations:      <none>
Status:           Running
IP:               10.1.2.3
IPs:
  IP:           10.1.2.3
Controlled By:  ReplicaSet/web-5d9c7b
Init Containers:
  proxy:
    Container ID:   containerd://aaa
    Image:          envoy:1.30
    Image ID:       docker.io/envoy@sha256:1
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:03 +0000
    Ready:          True
    Restart Count:  0
    Startup:        http-get http://:15021/healthz delay=0s timeout=1s period=1s #success=1 #failure=30
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-abcde (ro)
Containers:
  app:
    Container ID:   containerd://bbb
    Image:          nginx:1.27
    Image ID:       docker.io/library/nginx@sha256:2
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:09 +0000
    Ready:          True
    Restart Count:  0
    Readiness:      http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:
      Started:  not-a-state
    Mounts:     <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  kube-api-access-abcde:
    Type:        Projected (a volume that contains injected data from multiple sources)
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  9m3s                default-scheduler  Successfully assigned shop/web-5d9c7b-x2x9q to node-1
  Normal   Pulled     9m2s                kubelet            spec.initContainers{proxy}: Container image "envoy:1.30" already present on machine
  Normal   Started    9m                  kubelet            spec.initContainers{proxy}: Started container proxy
  Warning  Unhealthy  8m58s (x3 over 9m)  kubelet            spec.initContainers{proxy}: Startup probe failed: Get "http://10.1.2.3:15021/healthz": dial tcp 10.1.2.3:15021: connect: connection refused
  Normal   Started    8m54s               kubelet            spec.containers{app}: Started container app
"##;

    /// An init container in CrashLoopBackOff, times at `+0100`, a termination message of three lines.
    const CRASHLOOP: &str = r##"Name:         migrate-demo
Namespace:    default
Priority:     0
Node:         node-2/192.168.1.7
Start Time:   Mon, 23 Nov 2026 07:59:58 +0100
Labels:       <none>
Annotations:  <none>
Status:       Pending
IP:           10.1.9.9
IPs:
  IP:  10.1.9.9
Init Containers:
  migrate:
    Container ID:  containerd://ccc
    Image:         busybox:1.36
    Image ID:      docker.io/library/busybox@sha256:3
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      exit 1
    State:       Waiting
      Reason:    CrashLoopBackOff
    Last State:  Terminated
      Reason:    Error
      Message:   migration failed:
Reason: table exists
  at step 3
      Exit Code:    1
      Started:      Mon, 23 Nov 2026 08:01:40 +0100
      Finished:     Mon, 23 Nov 2026 08:01:41 +0100
    Ready:          False
    Restart Count:  4
    Environment:    <none>
    Mounts:         <none>
Containers:
  app:
    Container ID:   
    Image:          nginx:1.27
    Image ID:       
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:         <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 False 
  Ready                       False 
  ContainersReady             False 
  PodScheduled                True 
Volumes:                      <none>
QoS Class:                    BestEffort
Node-Selectors:               <none>
Tolerations:                  <none>
Events:
  Type     Reason     Age                  From               Message
  ----     ------     ----                 ----               -------
  Normal   Scheduled  2m30s                default-scheduler  Successfully assigned default/migrate-demo to node-2
  Normal   Pulled     50s (x5 over 2m29s)  kubelet            spec.initContainers{migrate}: Container image "busybox:1.36" already present on machine
  Warning  BackOff    10s (x9 over 2m27s)  kubelet            spec.initContainers{migrate}: Back-off restarting failed container migrate in pod migrate-demo_default(0b1c)
"##;

    /// kubectl 1.9: the old Events table, `ShortHumanDuration` ages, `-0500` times.
    const OLD_EVENTS: &str = r##"Name:         old-pod
Namespace:    default
Node:         minikube/192.168.99.100
Start Time:   Fri, 01 Dec 2017 05:00:00 -0500
Labels:       <none>
Annotations:  <none>
Status:       Running
IP:           172.17.0.4
Containers:
  app:
    Container ID:   docker://ddd
    Image:          nginx
    Image ID:       docker-pullable://nginx@sha256:4
    Port:           <none>
    State:          Running
      Started:      Fri, 01 Dec 2017 05:00:30 -0500
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from default-token-x (ro)
Conditions:
  Type           Status
  Initialized    True 
  Ready          True 
  PodScheduled   True 
Volumes:
  default-token-x:
    Type:        Secret (a volume populated by a Secret)
    SecretName:  default-token-x
    Optional:    false
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     <none>
Events:
  FirstSeen  LastSeen  Count  From               SubObjectPath         Type      Reason                 Message
  ---------  --------  -----  ----               -------------         --------  ------                 -------
  3m         3m        1      default-scheduler                        Normal    Scheduled              Successfully assigned old-pod to minikube
  3m         3m        1      kubelet, minikube                        Normal    SuccessfulMountVolume  MountVolume.SetUp succeeded for volume "default-token-x"
  3m         2m        2      kubelet, minikube  spec.containers{app}  Normal    Pulling                pulling image "nginx"
  2m         2m        1      kubelet, minikube  spec.containers{app}  Normal    Started                Started container
"##;

    /// A pod being deleted: describe shows `Terminating` in place of the phase.
    const TERMINATING: &str = r##"Name:                      db-0
Namespace:                 data
Node:                      <none>
Labels:                    <none>
Annotations:               <none>
Status:                    Terminating (lasts 2m)
Termination Grace Period:  30s
IP:                        
IPs:                       <none>
Controlled By:             StatefulSet/db
Containers:
  db:
    Image:        postgres:16
    Port:         <none>
    Host Port:    <none>
    Environment:  <none>
    Mounts:       <none>
Volumes:          <none>
QoS Class:        BestEffort
Node-Selectors:   <none>
Tolerations:      <none>
Events:           <none>
"##;

    /// kubectl 1.10: `Age` from `ShortHumanDuration`, a message of three lines, the rows after it realigned.
    const MULTILINE_EVENT: &str = r##"Name:       vol-pod
Namespace:  default
Status:     Pending
Containers:
  app:
    Image:  nginx
Events:
  Type     Reason       Age              From               Message
  ----     ------       ----             ----               -------
  Normal   Scheduled    1m               default-scheduler  Successfully assigned default/vol-pod to minikube
  Warning  FailedMount  3m (x4 over 5m)  kubelet, minikube  MountVolume.SetUp failed for volume "data" : mount failed: exit status 32
Mounting command: mount
Output: mount: 無効な引数
  Normal  Pulling  30s  kubelet, minikube  pulling image "nginx"
"##;

    fn status(pod: &DescribedPod) -> &PodStatus {
        pod.pod.status.as_ref().unwrap()
    }

    fn ago(ago_ms: i64, precision_ms: i64) -> Moment {
        Moment::Ago {
            ago_ms,
            precision_ms,
        }
    }

    #[test]
    fn sidecar_pod_reads_spec_status_conditions_and_events() {
        assert!(looks_like_describe(SIDECAR));
        let pods = parse_describe(SIDECAR).unwrap();
        assert_eq!(pods.len(), 1);
        let described = &pods[0];
        let pod = &described.pod;
        assert_eq!(described.line, 1);
        assert_eq!(pod.metadata.name.as_deref(), Some("web-5d9c7b-x2x9q"));
        assert_eq!(pod.metadata.namespace.as_deref(), Some("shop"));
        let labels = pod.metadata.labels.as_ref().unwrap();
        assert_eq!(labels.get("app").map(String::as_str), Some("web"));
        assert_eq!(
            labels.get("pod-template-hash").map(String::as_str),
            Some("5d9c7b")
        );
        assert_eq!(pod.spec.node_name.as_deref(), Some("node-1"));
        let status = status(described);
        assert_eq!(status.host_ip.as_deref(), Some("10.0.0.5"));
        assert_eq!(status.start_time.as_deref(), Some("2026-11-23T07:42:00Z"));
        assert_eq!(status.phase.as_deref(), Some("Running"));
        assert_eq!(status.pod_ip.as_deref(), Some("10.1.2.3"));
        assert_eq!(status.pod_ips.as_ref().map(Vec::len), Some(1));
        assert_eq!(status.qos_class.as_deref(), Some("BestEffort"));

        // The sidecar: kubectl prints no restart policy; its startup probe says it.
        let init = pod.spec.init_containers.as_ref().unwrap();
        assert_eq!(init.len(), 1);
        assert_eq!(init[0].name.as_deref(), Some("proxy"));
        assert_eq!(init[0].image.as_deref(), Some("envoy:1.30"));
        assert_eq!(init[0].restart_policy.as_deref(), Some("Always"));
        assert_eq!(described.notes.len(), 1, "{:?}", described.notes);
        assert_eq!(described.notes[0].0, 16);
        assert!(described.notes[0].1.contains("`Startup` probe"));
        let proxy = &status.init_container_statuses.as_ref().unwrap()[0];
        assert_eq!(proxy.container_id.as_deref(), Some("containerd://aaa"));
        assert_eq!(
            proxy
                .state
                .as_ref()
                .unwrap()
                .running
                .as_ref()
                .unwrap()
                .started_at
                .as_deref(),
            Some("2026-11-23T07:42:03Z")
        );
        assert_eq!((proxy.ready, proxy.restart_count), (Some(true), Some(0)));

        let app = &pod.spec.containers.as_ref().unwrap()[0];
        assert_eq!(
            (
                app.name.as_deref(),
                app.image.as_deref(),
                app.restart_policy.as_deref()
            ),
            (Some("app"), Some("nginx:1.27"), None)
        );
        let app_status = &status.container_statuses.as_ref().unwrap()[0];
        // `Started:` under `Environment:` is an environment variable, not the state's.
        assert_eq!(
            app_status
                .state
                .as_ref()
                .unwrap()
                .running
                .as_ref()
                .unwrap()
                .started_at
                .as_deref(),
            Some("2026-11-23T07:42:09Z")
        );

        let conditions = status.conditions.as_ref().unwrap();
        assert_eq!(conditions.len(), 5);
        assert_eq!(conditions[1].condition_type.as_deref(), Some("Initialized"));
        assert_eq!(conditions[1].status.as_deref(), Some("True"));

        let events = &described.events;
        assert_eq!(events.len(), 5);
        assert_eq!(events[0].involved.kind, "Pod");
        assert_eq!(events[0].involved.name, "web-5d9c7b-x2x9q");
        assert_eq!(events[0].involved.namespace.as_deref(), Some("shop"));
        assert_eq!(events[0].source, "default-scheduler");
        assert_eq!(events[0].first, events[0].last);
        assert_eq!(events[0].last, Some(ago(543_000, 1000)));
        assert_eq!(events[0].line, 62);
        assert_eq!(
            events[1].involved.field_path.as_deref(),
            Some("spec.initContainers{proxy}")
        );
        assert_eq!(
            events[1].message,
            "Container image \"envoy:1.30\" already present on machine"
        );
        // `9m3s` elsewhere in the table says `HumanDuration`: `9m` is 9m0s to the second.
        assert_eq!(events[2].last, Some(ago(540_000, 1000)));
        let unhealthy = &events[3];
        assert_eq!(unhealthy.count, 3);
        assert_eq!(unhealthy.last, Some(ago(538_000, 1000)));
        assert_eq!(unhealthy.first, Some(ago(540_000, 1000)));
        assert!(unhealthy.message.starts_with("Startup probe failed: Get"));
        assert_eq!(
            events[4].involved.field_path.as_deref(),
            Some("spec.containers{app}")
        );
    }

    #[test]
    fn init_container_in_crash_loop_keeps_both_states_and_times_in_utc() {
        let pods = parse_describe(CRASHLOOP).unwrap();
        let described = &pods[0];
        assert!(described.notes.is_empty(), "{:?}", described.notes);
        let status = status(described);
        assert_eq!(status.phase.as_deref(), Some("Pending"));
        // `+0100` read into UTC.
        assert_eq!(status.start_time.as_deref(), Some("2026-11-23T06:59:58Z"));
        let init = &described.pod.spec.init_containers.as_ref().unwrap()[0];
        assert_eq!(init.restart_policy, None);
        let migrate = &status.init_container_statuses.as_ref().unwrap()[0];
        assert_eq!(migrate.name.as_deref(), Some("migrate"));
        let waiting = migrate.state.as_ref().unwrap().waiting.as_ref().unwrap();
        assert_eq!(waiting.reason.as_deref(), Some("CrashLoopBackOff"));
        let last = migrate
            .last_state
            .as_ref()
            .unwrap()
            .terminated
            .as_ref()
            .unwrap();
        assert_eq!(last.reason.as_deref(), Some("Error"));
        assert_eq!(
            last.message.as_deref(),
            Some("migration failed:\nReason: table exists\n  at step 3")
        );
        assert_eq!(last.exit_code, Some(1));
        assert_eq!(last.started_at.as_deref(), Some("2026-11-23T07:01:40Z"));
        assert_eq!(last.finished_at.as_deref(), Some("2026-11-23T07:01:41Z"));
        assert_eq!(
            (migrate.ready, migrate.restart_count),
            (Some(false), Some(4))
        );
        let app = &status.container_statuses.as_ref().unwrap()[0];
        assert_eq!(app.container_id, None);
        assert_eq!(
            app.state
                .as_ref()
                .unwrap()
                .waiting
                .as_ref()
                .unwrap()
                .reason
                .as_deref(),
            Some("PodInitializing")
        );
        let conditions = status.conditions.as_ref().unwrap();
        assert_eq!(conditions[1].status.as_deref(), Some("False"));
        let backoff = &described.events[2];
        assert_eq!(backoff.reason, "BackOff");
        assert_eq!(backoff.count, 9);
        assert_eq!(backoff.last, Some(ago(10_000, 1000)));
        assert_eq!(backoff.first, Some(ago(147_000, 1000)));
    }

    #[test]
    fn old_events_table_reads_first_last_count_and_subobject() {
        let described = &parse_describe(OLD_EVENTS).unwrap()[0];
        assert_eq!(
            status(described).start_time.as_deref(),
            Some("2017-12-01T10:00:00Z")
        );
        let events = &described.events;
        assert_eq!(events.len(), 4);
        assert_eq!(events[0].reason, "Scheduled");
        assert_eq!(events[0].event_type, "Normal");
        assert_eq!(events[0].source, "default-scheduler");
        assert_eq!(events[0].involved.field_path, None);
        // `ShortHumanDuration` cut `3m` to the minute.
        assert_eq!(events[0].first, Some(ago(180_000, 60_000)));
        let pulling = &events[2];
        assert_eq!(pulling.source, "kubelet, minikube");
        assert_eq!(
            pulling.involved.field_path.as_deref(),
            Some("spec.containers{app}")
        );
        assert_eq!(pulling.count, 2);
        assert_eq!(pulling.first, Some(ago(180_000, 60_000)));
        assert_eq!(pulling.last, Some(ago(120_000, 60_000)));
        assert_eq!(pulling.message, "pulling image \"nginx\"");
    }

    #[test]
    fn message_lines_and_realigned_rows_in_the_events_table() {
        let described = &parse_describe(MULTILINE_EVENT).unwrap()[0];
        let events = &described.events;
        assert_eq!(events.len(), 3, "{events:?}");
        assert_eq!(
            events[1].message,
            "MountVolume.SetUp failed for volume \"data\" : mount failed: exit status 32\nMounting command: mount\nOutput: mount: 無効な引数"
        );
        assert_eq!(events[1].count, 4);
        // `1m` only `ShortHumanDuration` prints: every age is cut to its unit.
        assert_eq!(events[1].last, Some(ago(180_000, 60_000)));
        assert_eq!(events[0].last, Some(ago(60_000, 60_000)));
        assert_eq!(events[2].reason, "Pulling");
        assert_eq!(events[2].source, "kubelet, minikube");
        assert_eq!(events[2].line, 14);
    }

    #[test]
    fn two_pods_one_after_the_other() {
        let text = format!("{SIDECAR}\n\n{TERMINATING}");
        let pods = parse_describe(&text).unwrap();
        assert_eq!(pods.len(), 2);
        let second = &pods[1];
        assert_eq!(second.line, SIDECAR.lines().count() + 3);
        assert_eq!(second.pod.metadata.name.as_deref(), Some("db-0"));
        assert_eq!(second.pod.metadata.namespace.as_deref(), Some("data"));
        assert_eq!(second.pod.metadata.deletion_grace_period_seconds, Some(30));
        assert_eq!(status(second).phase, None);
        assert_eq!(status(second).pod_ip, None);
        assert_eq!(second.pod.spec.node_name, None);
        assert!(second.events.is_empty());
        assert_eq!(second.notes.len(), 1);
        assert!(second.notes[0].1.contains("Terminating (lasts 2m)"));
        let db = &second.pod.spec.containers.as_ref().unwrap()[0];
        assert_eq!(db.image.as_deref(), Some("postgres:16"));
        assert_eq!(status(second).container_statuses, None);
        // The first pod's events end where the second pod begins.
        assert_eq!(pods[0].events.len(), 5);
    }

    #[test]
    fn truncated_paste_gives_notes_not_errors() {
        let cut: String = CRASHLOOP
            .lines()
            .take_while(|line| !line.starts_with("Reason: table exists"))
            .flat_map(|line| [line, "\n"])
            .collect();
        let described = &parse_describe(&cut).unwrap()[0];
        let notes: Vec<&str> = described.notes.iter().map(|(_, n)| n.as_str()).collect();
        assert!(
            notes.iter().any(|n| n.contains("`Containers:`")),
            "{notes:?}"
        );
        assert!(
            notes.iter().any(|n| n.contains("termination message")),
            "{notes:?}"
        );
        assert!(
            notes.iter().any(|n| n.contains("`Exit Code:`")),
            "{notes:?}"
        );
        assert!(described.notes.iter().all(|(line, _)| *line >= 13));
        let migrate = &status(described).init_container_statuses.as_ref().unwrap()[0];
        assert_eq!(migrate.restart_count, None);

        // Cut after the Events header.
        let cut: String = SIDECAR.lines().take(60).flat_map(|l| [l, "\n"]).collect();
        let described = &parse_describe(&cut).unwrap()[0];
        assert!(described.events.is_empty());
        assert!(
            described
                .notes
                .iter()
                .any(|(line, note)| *line == 60 && note.contains("Events table is cut off")),
            "{:?}",
            described.notes
        );
    }

    #[test]
    fn sidecar_read_from_running_beside_later_containers() {
        let text = "\
Name:         p
Namespace:    default
Init Containers:
  log:
    Container ID:   containerd://1
    Image:          busybox
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:03 +0000
    Ready:          False
    Restart Count:  0
Containers:
  app:
    Container ID:   containerd://2
    Image:          nginx
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:05 +0000
    Ready:          True
    Restart Count:  0
Events:           <none>
";
        let described = &parse_describe(text).unwrap()[0];
        let init = &described.pod.spec.init_containers.as_ref().unwrap()[0];
        assert_eq!(init.restart_policy.as_deref(), Some("Always"));
        assert_eq!(described.notes.len(), 1);
        assert_eq!(described.notes[0].0, 4);
    }

    #[test]
    fn ephemeral_and_defer_containers_have_their_own_lists() {
        let text = "\
Name:         p
Namespace:    default
Status:       Running
Containers:
  app:
    Container ID:   containerd://1
    Image:          nginx
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:05 +0000
    Ready:          True
    Restart Count:  0
Ephemeral Containers:
  debugger-x7k:
    Container ID:   containerd://2
    Image:          busybox
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Signal:       15
      Started:      Mon, 23 Nov 2026 07:50:00 +0000
      Finished:     Mon, 23 Nov 2026 07:51:00 +0000
    Ready:          False
    Restart Count:  0
Defer Containers:
  flush:
    Image:          busybox
    Restart Policy: Never
QoS Class:        BestEffort
Events:           <none>
";
        let described = &parse_describe(text).unwrap()[0];
        assert!(described.notes.is_empty(), "{:?}", described.notes);
        let spec = &described.pod.spec;
        assert_eq!(spec.init_containers, None);
        assert_eq!(spec.containers.as_ref().map(Vec::len), Some(1));
        let debugger = &spec.ephemeral_containers.as_ref().unwrap()[0];
        assert_eq!(debugger.name.as_deref(), Some("debugger-x7k"));
        let defer = &spec.defer_containers.as_ref().unwrap()[0];
        assert_eq!(defer.restart_policy.as_deref(), Some("Never"));
        let status = status(described);
        let terminated = status.ephemeral_container_statuses.as_ref().unwrap()[0]
            .state
            .as_ref()
            .unwrap()
            .terminated
            .clone()
            .unwrap();
        assert_eq!(
            (terminated.exit_code, terminated.signal),
            (Some(0), Some(15))
        );
        assert_eq!(
            terminated.finished_at.as_deref(),
            Some("2026-11-23T07:51:00Z")
        );
        // Without `Container ID:` or a state, a container has no status.
        assert_eq!(status.defer_container_statuses, None);

        // Cut after the containers: nothing says where, so a note says it may be.
        let cut: String = text.lines().take(27).flat_map(|l| [l, "\n"]).collect();
        let described = &parse_describe(&cut).unwrap()[0];
        assert_eq!(described.notes.len(), 1, "{:?}", described.notes);
        assert!(described.notes[0].1.contains("may be cut off"));
    }

    #[test]
    fn text_that_is_not_describe_output_is_an_error() {
        assert!(!looks_like_describe("apiVersion: v1\nkind: Pod\n"));
        let error = parse_describe("apiVersion: v1\nName: x\nNamespace: y\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        let error = parse_describe("\nName: x\nStatus: Running\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(parse_describe("  \n").is_err());
    }

    #[test]
    fn times_as_describe_prints_them() {
        let utc = |text: &str| match parse_rfc1123z(text) {
            Some(Printed::At(at)) => Some(format_rfc3339(at)),
            Some(Printed::Unset) => Some("unset".to_string()),
            None => None,
        };
        assert_eq!(
            utc("Mon, 23 Nov 2026 07:59:58 +0100").as_deref(),
            Some("2026-11-23T06:59:58Z")
        );
        assert_eq!(
            utc("Sun, 01 Mar 2026 23:30:00 -0530").as_deref(),
            Some("2026-03-02T05:00:00Z")
        );
        assert_eq!(
            utc("Mon, 01 Jan 0001 00:00:00 +0000").as_deref(),
            Some("unset")
        );
        for bad in [
            "2026-11-23T07:59:58Z",
            "Mon, 23 Nov 2026 07:59:58 UTC",
            "Mon, 23 Foo 2026 07:59:58 +0000",
            "Mon, 31 Feb 2026 07:59:58 +0000",
            "Mon, 23 Nov 2026 7:59:58 +0000",
        ] {
            assert_eq!(utc(bad), None, "{bad}");
        }
        assert_eq!(
            parse_go_time_string("2016-01-02 15:04:05 -0700 MST").map(format_rfc3339),
            Some("2016-01-02T22:04:05Z".to_string())
        );
        let (time, note) = describe_time("Started", "yesterday");
        assert_eq!(time, None);
        assert!(note.unwrap().contains("`Started: yesterday`"));
    }
}
