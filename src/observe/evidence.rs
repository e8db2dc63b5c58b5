//! What the inputs say about a pod's life, before it is put in order: events and the moments they name, with how precisely each moment is known.
//!
//! Every input form (`kubectl get pod -o yaml`, `kubectl get events -o json`, the text of
//! `kubectl describe pod` and of the `kubectl get events` table) is read into these types; the
//! observation (`observe::observation`) is built from them alone.

use crate::k8s::timestamp::EpochMillis;

/// A moment as an input gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// An absolute time: milliseconds since the epoch, the true time within
    /// `[epoch_ms, epoch_ms + precision_ms)` (1000 for the API's whole seconds, 1 for the
    /// microseconds of `eventTime`).
    At {
        /// Milliseconds since the epoch.
        epoch_ms: EpochMillis,
        /// How precisely it is known, in milliseconds (at least 1).
        precision_ms: i64,
    },
    /// An age printed relative to when the text was printed (`9m3s` in a describe's Events):
    /// the true age is within `[ago_ms, ago_ms + precision_ms)`.
    Ago {
        /// The printed age, in milliseconds.
        ago_ms: i64,
        /// How precisely it is known, in milliseconds: the unit the age was cut to.
        precision_ms: i64,
    },
}

impl Moment {
    /// How precisely the moment is known, in milliseconds.
    pub fn precision_ms(self) -> i64 {
        match self {
            Moment::At { precision_ms, .. } | Moment::Ago { precision_ms, .. } => precision_ms,
        }
    }
}

/// The object an event is about.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InvolvedObject {
    /// `Pod`, `ReplicaSet`, … (as written; empty when the input does not say).
    pub kind: String,
    /// Its namespace, when the input says.
    pub namespace: Option<String>,
    /// Its name.
    pub name: String,
    /// Its UID, when the input says.
    pub uid: Option<String>,
    /// The part of it (`spec.containers{app}`), when the input says.
    pub field_path: Option<String>,
}

/// One event as read: a row of an Events table, or an `Event` object (either API).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ObservedEvent {
    /// The object it is about.
    pub involved: InvolvedObject,
    /// `Normal` or `Warning` (as written).
    pub event_type: String,
    /// `Scheduled`, `Pulling`, `BackOff`, …
    pub reason: String,
    /// The message, trimmed.
    pub message: String,
    /// Who reported it (`kubelet`, `default-scheduler`), when the input says.
    pub source: String,
    /// When it was first seen, if the input says.
    pub first: Option<Moment>,
    /// When it was last seen, if the input says (the same as `first` when it happened once).
    pub last: Option<Moment>,
    /// How many times it happened (at least 1).
    pub count: u32,
    /// The 1-based line of the input it was read from (its object's first line, or its row).
    pub line: usize,
}

/// A pod read from the text of `kubectl describe pod`: what the text shows of its spec and
/// status (container names, images, states with their absolute times, restart counts, ready
/// flags, conditions without times), and its Events table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DescribedPod {
    /// The pod as far as the text shows it; times in the status are RFC 3339 (UTC).
    pub pod: crate::k8s::model::Pod,
    /// Its Events, in the order printed.
    pub events: Vec<ObservedEvent>,
    /// The 1-based line of its `Name:`.
    pub line: usize,
    /// What the text did not let the reader take in (line, what), e.g. a truncated block.
    pub notes: Vec<(usize, String)>,
    /// Its controller, as `Controlled By:` names it (`ReplicaSet/web-5d9c`).
    pub owner: Option<String>,
}

/// Text that is not what a kubectl printer writes, where the reader stopped understanding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong, lowercase, no trailing period.
    pub message: String,
}
