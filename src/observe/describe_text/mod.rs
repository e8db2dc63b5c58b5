//! The text of `kubectl describe pod` read back into pods: what it shows of each pod's spec and status (containers, states and their times, conditions) and its Events table.
//!
//! kubectl writes a pod's description through a tabwriter (padding 2), keys at column 0,
//! containers at 2 spaces, their fields at 4, a state's details at 6; times in RFC 1123 with
//! a numeric zone (`Mon, 02 Jan 2006 15:04:05 -0700`), read here into RFC 3339 in UTC. Several
//! pods follow one another, each from its `Name:` line. Lines the reader does not know are
//! skipped; a block the text cuts off is a note, not an error. The Events table is the
//! current one (`Type  Reason  Age  From  Message`) or the one kubectl printed until 1.9
//! (`FirstSeen  LastSeen  Count  From  SubObjectPath  Type  Reason  Message`).

mod containers;
mod events;
#[cfg(test)]
mod tests;
mod times;

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

/// A line with its tabs expanded to the next multiple of 8 columns, as a terminal shows it.
fn expand_tabs(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut column = 0usize;
    for c in line.chars() {
        if c == '\t' {
            let next = (column / 8 + 1) * 8;
            out.extend(std::iter::repeat_n(' ', next - column));
            column = next;
        } else {
            out.push(c);
            column += 1;
        }
    }
    out
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
    // kubectl up to 1.7 padded with tabs: read the text as a terminal shows it.
    let expanded: Vec<String>;
    let lines: Vec<&str> = if text.contains('\t') {
        expanded = text
            .lines()
            .map(|line| expand_tabs(line.trim_end_matches('\r')))
            .collect();
        expanded.iter().map(String::as_str).collect()
    } else {
        text.lines()
            .map(|line| line.trim_end_matches('\r'))
            .collect()
    };
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
    /// `Controlled By: Kind/name`.
    owner: Option<String>,
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
            owner: None,
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
            "Controlled By" => self.owner = given(),
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

#[allow(clippy::wildcard_imports)]
use events::*;
#[allow(clippy::wildcard_imports)]
use times::*;
