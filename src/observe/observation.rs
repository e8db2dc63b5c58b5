//! One pod's observed life: time 0 at its creation, the summary, each container's runs, the events in order, the critical path to Ready, and what the input could not tell.

use crate::k8s::model::Pod;
use crate::k8s::timestamp::{EpochMillis, parse_rfc3339};
use crate::observe::containers::{ContainerLife, container_lives};
use crate::observe::critical_path::{self, Step};
use crate::observe::event_rows::{self, EventRow};
use crate::observe::evidence::{Moment, ObservedEvent};

/// Everything the inputs say about one pod.
#[derive(Debug, Clone, Default)]
pub struct PodEvidence {
    /// The pod with its status (from its YAML or JSON, or as far as describe text shows it).
    pub pod: Pod,
    /// Its events (already matched to it).
    pub events: Vec<ObservedEvent>,
    /// Where it was read: `file:line`.
    pub source: String,
    /// When the text its ages are relative to was printed (`--now`), if known.
    pub printed_at: Option<EpochMillis>,
    /// What the reader noted (truncated blocks, …).
    pub notes: Vec<String>,
    /// Its controller, `Kind/name` (`metadata.ownerReferences`, or describe's `Controlled By`).
    pub owner: Option<String>,
    /// Whether the spec is only what a text printer shows (describe): names and images, no
    /// probes or hooks, so no model can run it.
    pub partial_spec: bool,
}

/// What time 0 is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// `metadata.creationTimestamp`.
    Creation,
    /// `status.startTime` (the input has no creation time and no other time).
    StartTime,
    /// The earliest event or container time the input gives (it has no creation time).
    EarliestKnown,
}

impl Origin {
    /// As the notes and the JSON's `pod.origin` write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Creation => "creationTimestamp",
            Origin::StartTime => "status.startTime",
            Origin::EarliestKnown => "earliest time given",
        }
    }
}

/// Key moments, in milliseconds since time 0.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// `PodScheduled` became true (or the `Scheduled` event).
    pub scheduled_ms: Option<i64>,
    /// `Initialized` became true.
    pub initialized_ms: Option<i64>,
    /// `Ready` became true (its last transition).
    pub ready_ms: Option<i64>,
    /// Every container had stopped and the pod was done or being deleted.
    pub ended_ms: Option<i64>,
    /// The sum of restart counts.
    pub restarts: u64,
}

/// The pod as the views name it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodIdentity {
    /// `metadata.namespace`, empty when not given.
    pub namespace: String,
    /// `metadata.name`.
    pub name: String,
    /// `metadata.uid`, when given.
    pub uid: Option<String>,
    /// Where it was read.
    pub source: String,
    /// `status.phase`.
    pub phase: String,
    /// `status.reason` (`Evicted`), when given.
    pub reason: Option<String>,
    /// `status.message`, when given.
    pub message: Option<String>,
    /// The kind and name of its controller (`ReplicaSet/web-5d9c`), when it has one.
    pub owner: Option<String>,
    /// When deletion was asked (`metadata.deletionTimestamp`, the end of the grace period,
    /// less `deletionGracePeriodSeconds`), ms since time 0.
    pub deletion_ms: Option<i64>,
    /// `metadata.deletionGracePeriodSeconds`.
    pub deletion_grace_seconds: Option<i64>,
    /// Whether its `Ready` condition is true (its time may be unknown).
    pub ready_now: bool,
}

/// One pod's observed life.
#[derive(Debug, Clone)]
pub struct Observation {
    /// The pod.
    pub pod: PodIdentity,
    /// The pod as read (its spec for `--compare`).
    pub spec_pod: Pod,
    /// Whether that spec is only what describe text shows.
    pub partial_spec: bool,
    /// Time 0, epoch ms, when the input gives any time.
    pub zero: Option<EpochMillis>,
    /// What time 0 is.
    pub origin: Origin,
    /// The coarsest precision of the times used, in milliseconds.
    pub precision_ms: i64,
    /// Key moments.
    pub summary: Summary,
    /// Each container's runs.
    pub containers: Vec<ContainerLife>,
    /// The events, in time order.
    pub events: Vec<EventRow>,
    /// The time to Ready (or to the last thing known), split into what it was spent on.
    pub critical_path: Vec<Step>,
    /// What the path ends at: `Ready`, or the last thing known when the pod never became Ready.
    pub path_end: Option<(i64, &'static str)>,
    /// What the input could not tell, and anything odd in it (clock skew).
    pub notes: Vec<String>,
}

impl Observation {
    /// Milliseconds since time 0 of an epoch time.
    pub fn since_zero(&self, epoch: EpochMillis) -> Option<i64> {
        self.zero.map(|zero| epoch.saturating_sub(zero))
    }

    /// The latest moment the observation knows of (ms since time 0).
    pub fn last_known_ms(&self) -> Option<i64> {
        let runs = self
            .containers
            .iter()
            .flat_map(|c| c.runs.iter())
            .flat_map(|run| [run.start, run.end])
            .flatten();
        let events = self.events.iter().flat_map(|e| [e.first, e.last]).flatten();
        let latest = runs.chain(events).max();
        let from_summary = [
            self.summary.scheduled_ms,
            self.summary.initialized_ms,
            self.summary.ready_ms,
            self.summary.ended_ms,
        ]
        .into_iter()
        .flatten()
        .max();
        latest.and_then(|at| self.since_zero(at)).max(from_summary)
    }
}

/// The transition time of a condition that is `True`, epoch ms.
pub(crate) fn condition_time(
    pod: &Pod,
    kind: &str,
    notes: &mut Vec<String>,
) -> Option<EpochMillis> {
    let condition = pod
        .status
        .as_ref()?
        .conditions
        .iter()
        .flatten()
        .find(|c| c.condition_type.as_deref() == Some(kind))?;
    if condition.status.as_deref() != Some("True") {
        return None;
    }
    let text = condition.last_transition_time.as_deref()?;
    let parsed = parse_rfc3339(text);
    if parsed.is_none() {
        notes.push(format!(
            "condition `{kind}` has a lastTransitionTime that is not RFC 3339 (`{}`): its time is unknown",
            crate::text::clip(text)
        ));
    }
    parsed
}

/// Builds the observation of one pod.
pub fn observe(evidence: PodEvidence) -> Observation {
    let PodEvidence {
        pod,
        events,
        source,
        printed_at,
        mut notes,
        owner,
        partial_spec,
    } = evidence;
    let (containers, bad_times) = container_lives(&pod);
    for bad in bad_times {
        notes.push(format!(
            "`{}` is not an RFC 3339 time (`{}`): that time is unknown",
            bad.field,
            crate::text::clip(&bad.text)
        ));
    }
    let printed_at = printed_at.or_else(|| anchor_printed_at(&events, &containers, &mut notes));
    note_unplaced_ages(&events, printed_at, &mut notes);
    let name = pod.metadata.name.clone().unwrap_or_default();
    let events = event_rows::rows(&events, &containers, &name, printed_at);
    let mut containers = containers;
    starts_from_events(&mut containers, &events, &mut notes);

    let status = pod.status.clone().unwrap_or_default();
    let scheduled_event = events
        .iter()
        .find(|e| e.reason == "Scheduled")
        .and_then(|e| e.first);
    let (zero, origin) = origin_of(&pod, &containers, &events);
    note_origin(zero, origin, &events, &mut notes);
    let rel = |at: Option<EpochMillis>| zero.zip(at).map(|(zero, at)| at.saturating_sub(zero));
    let scheduled = condition_time(&pod, "PodScheduled", &mut notes).or(scheduled_event);
    let initialized = condition_time(&pod, "Initialized", &mut notes);
    let ready = condition_time(&pod, "Ready", &mut notes);
    let restarts: u64 = containers.iter().map(|c| c.restart_count).sum();
    note_ready_caveats(&pod, &containers, ready.is_some(), &mut notes);
    let phase = status.phase.clone().unwrap_or_default();
    let deletion = pod
        .metadata
        .deletion_timestamp
        .as_deref()
        .and_then(parse_rfc3339);
    let ended = ended_at(&phase, deletion, &containers, &events);
    let precision_ms = events
        .iter()
        .filter(|e| e.first.is_some())
        .map(|e| e.precision_ms)
        .chain(std::iter::once(1000))
        .max()
        .unwrap_or(1000);
    let identity = PodIdentity {
        namespace: pod.metadata.namespace.clone().unwrap_or_default(),
        name,
        uid: pod.metadata.uid.clone(),
        source,
        phase,
        reason: status.reason.clone(),
        message: status.message.clone(),
        owner,
        // `deletionTimestamp` is when the grace period runs out: the deletion was asked that
        // many seconds before.
        deletion_ms: rel(deletion.map(|deadline| {
            deadline.saturating_sub(
                pod.metadata
                    .deletion_grace_period_seconds
                    .unwrap_or(0)
                    .saturating_mul(1000),
            )
        })),
        deletion_grace_seconds: pod.metadata.deletion_grace_period_seconds,
        ready_now: is_ready_now(&pod),
    };
    let mut observation = Observation {
        pod: identity,
        spec_pod: pod,
        partial_spec,
        zero,
        origin,
        precision_ms,
        summary: Summary {
            scheduled_ms: rel(scheduled),
            initialized_ms: rel(initialized),
            ready_ms: rel(ready),
            ended_ms: rel(ended),
            restarts,
        },
        containers,
        events,
        critical_path: Vec::new(),
        path_end: None,
        notes,
    };
    let (path, end) = critical_path::critical_path(&observation);
    observation.critical_path = path;
    observation.path_end = end;
    observation
}

/// A run whose start the status does not give (a status lost with the node:
/// `ContainerStatusUnknown`) takes it from the container's last `Started` event, and says so.
fn starts_from_events(
    containers: &mut [ContainerLife],
    events: &[EventRow],
    notes: &mut Vec<String>,
) {
    for (index, life) in containers.iter_mut().enumerate() {
        let Some(run) = life.runs.last_mut().filter(|run| run.start.is_none()) else {
            continue;
        };
        let started = events
            .iter()
            .filter(|e| e.container == Some(index) && e.reason == "Started")
            .filter_map(|e| e.last)
            .max();
        if let Some(started) = started {
            run.start = Some(started);
            notes.push(format!(
                "`{}`'s status gives no start time: its last `Started` event dates it",
                life.name
            ));
        }
    }
}

/// What time 0 is when it is not the creation, and events dated before the creation.
fn note_origin(
    zero: Option<EpochMillis>,
    origin: Origin,
    events: &[EventRow],
    notes: &mut Vec<String>,
) {
    if origin != Origin::Creation && zero.is_some() {
        notes.push(format!(
            "the input has no creation time: time 0 is the {}",
            origin.as_str()
        ));
    }
    if let (Some(zero), Some(first)) = (zero, events.iter().filter_map(|e| e.first).min())
        && origin == Origin::Creation
        && first.saturating_add(1000) < zero
    {
        notes.push(format!(
            "an event is {} before the pod's creation: the clocks of the event's reporter and the API server differ (times are shown as given)",
            crate::observe::format_ms(zero.saturating_sub(first))
        ));
    }
}

/// Ages that nothing places in time: a note, and the events keep their order.
fn note_unplaced_ages(
    events: &[ObservedEvent],
    printed_at: Option<EpochMillis>,
    notes: &mut Vec<String>,
) {
    let aged = events
        .iter()
        .any(|e| matches!(e.last, Some(Moment::Ago { .. })));
    if printed_at.is_none() && aged {
        notes.push(
            "the events' ages cannot be placed: give `--now` (when kubectl printed them); \
             their order is kept"
                .to_string(),
        );
    }
}

/// Whether the pod's `Ready` condition is true.
fn is_ready_now(pod: &Pod) -> bool {
    pod.status
        .as_ref()
        .and_then(|s| s.conditions.as_ref())
        .and_then(|c| {
            c.iter()
                .find(|c| c.condition_type.as_deref() == Some("Ready"))
        })
        .is_some_and(|c| c.status.as_deref() == Some("True"))
}

/// What time to Ready cannot say: a Ready pod with no time for it (describe), and a Ready time
/// that is only the last of several after a container restarted.
fn note_ready_caveats(
    pod: &Pod,
    containers: &[ContainerLife],
    has_ready_time: bool,
    notes: &mut Vec<String>,
) {
    let ready_now = is_ready_now(pod);
    if ready_now && !has_ready_time {
        notes.push("the pod is Ready but the input gives no time for it (describe prints conditions without times)".to_string());
    }
    let restarted_after_init = containers
        .iter()
        .any(|c| c.restart_count > 0 && !matches!(c.role, crate::observe::containers::Role::Init));
    if has_ready_time && restarted_after_init {
        notes.push(
            "a container restarted: `Ready` keeps only its last transition, so time to Ready is to the last time it became Ready"
                .to_string(),
        );
    }
}

/// When the pod stopped: it is done (Succeeded, Failed) or being deleted with every container
/// stopped; the last exit, else the event that ended it (Evicted, Killing, DeadlineExceeded).
fn ended_at(
    phase: &str,
    deletion: Option<EpochMillis>,
    containers: &[ContainerLife],
    events: &[EventRow],
) -> Option<EpochMillis> {
    let all_stopped = !containers.is_empty()
        && containers
            .iter()
            .filter(|c| c.has_status)
            .all(|c| c.runs.last().is_none_or(|run| run.end.is_some()) && c.waiting.is_none());
    if !(matches!(phase, "Succeeded" | "Failed") || (deletion.is_some() && all_stopped)) {
        return None;
    }
    let last_exit = containers
        .iter()
        .filter_map(|c| c.runs.last().and_then(|run| run.end))
        .max();
    last_exit.or_else(|| {
        events
            .iter()
            .filter(|e| {
                matches!(
                    e.reason.as_str(),
                    "Evicted" | "Killing" | "DeadlineExceeded"
                )
            })
            .filter_map(|e| e.last)
            .max()
    })
}

/// Time 0 and what it is: the creation, else the `Scheduled` event, `status.startTime`, or the
/// earliest time given.
fn origin_of(
    pod: &Pod,
    containers: &[ContainerLife],
    events: &[EventRow],
) -> (Option<EpochMillis>, Origin) {
    let created = pod
        .metadata
        .creation_timestamp
        .as_deref()
        .and_then(parse_rfc3339);
    let start_time = pod
        .status
        .as_ref()
        .and_then(|s| s.start_time.as_deref())
        .and_then(parse_rfc3339);
    let scheduled_event = events
        .iter()
        .find(|e| e.reason == "Scheduled")
        .and_then(|e| e.first);
    let earliest = containers
        .iter()
        .flat_map(|c| c.runs.iter())
        .flat_map(|run| [run.start, run.end])
        .flatten()
        .chain(events.iter().filter_map(|e| e.first))
        .min();
    // The earliest event (a FailedScheduling, the Scheduled) is the nearest to the creation;
    // the kubelet's startTime comes after scheduling.
    let first_event = scheduled_event.into_iter().chain(earliest).min();
    match (created, first_event, start_time) {
        (Some(at), ..) => (Some(at), Origin::Creation),
        (None, Some(at), _) => (Some(at), Origin::EarliestKnown),
        (None, None, Some(at)) => (Some(at), Origin::StartTime),
        (None, None, None) => (None, Origin::EarliestKnown),
    }
}

/// When the text with ages was printed, from a `Started` event of a container whose start the
/// status gives: the start plus the event's age (the age's precision carries over).
fn anchor_printed_at(
    events: &[ObservedEvent],
    containers: &[ContainerLife],
    notes: &mut Vec<String>,
) -> Option<EpochMillis> {
    let anchors = events.iter().filter_map(|event| {
        let Some(Moment::Ago {
            ago_ms,
            precision_ms,
        }) = event.last
        else {
            return None;
        };
        if event.reason != "Started" {
            return None;
        }
        let index = event_rows::container_of(event, containers)?;
        let start = containers.get(index)?.runs.last()?.start?;
        Some((precision_ms, ago_ms, start.saturating_add(ago_ms), index))
    });
    let (precision_ms, _, at, index) = anchors.min()?;
    let name = containers.get(index).map_or("", |c| c.name.as_str());
    notes.push(format!(
        "the events' ages are placed from container `{name}`'s start, which its `Started` event dates (to within {})",
        crate::observe::format_ms(precision_ms)
    ));
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::model::{
        Container, ContainerState, ContainerStatus, PodCondition, PodStatus, StateRunning,
        StateTerminated, StateWaiting,
    };
    use crate::observe::evidence::InvolvedObject;

    const CREATED: &str = "2026-03-10T09:00:00Z";

    fn epoch(text: &str) -> EpochMillis {
        parse_rfc3339(text).unwrap()
    }

    fn pod_with_app(started: &str) -> Pod {
        let mut pod = Pod::default();
        pod.metadata.name = Some("web".to_string());
        pod.spec.containers = Some(vec![Container {
            name: Some("app".to_string()),
            image: Some("app:2.0".to_string()),
            ..Container::default()
        }]);
        pod.status = Some(PodStatus {
            phase: Some("Running".to_string()),
            container_statuses: Some(vec![ContainerStatus {
                name: Some("app".to_string()),
                ready: Some(true),
                state: Some(ContainerState {
                    running: Some(StateRunning {
                        started_at: Some(started.to_string()),
                    }),
                    ..ContainerState::default()
                }),
                ..ContainerStatus::default()
            }]),
            ..PodStatus::default()
        });
        pod
    }

    fn event(reason: &str, message: &str, last: Moment) -> ObservedEvent {
        ObservedEvent {
            involved: InvolvedObject {
                kind: "Pod".to_string(),
                name: "web".to_string(),
                ..InvolvedObject::default()
            },
            event_type: "Normal".to_string(),
            reason: reason.to_string(),
            message: message.to_string(),
            first: Some(last),
            last: Some(last),
            count: 1,
            ..ObservedEvent::default()
        }
    }

    #[test]
    fn time_zero_is_the_creation_and_times_are_since_it() {
        let mut pod = pod_with_app("2026-03-10T09:00:30Z");
        pod.metadata.creation_timestamp = Some(CREATED.to_string());
        if let Some(status) = pod.status.as_mut() {
            status.conditions = Some(vec![
                PodCondition {
                    condition_type: Some("Ready".to_string()),
                    status: Some("True".to_string()),
                    last_transition_time: Some("2026-03-10T09:00:42Z".to_string()),
                    ..PodCondition::default()
                },
                PodCondition {
                    condition_type: Some("PodScheduled".to_string()),
                    status: Some("True".to_string()),
                    last_transition_time: Some("2026-03-10T09:00:02Z".to_string()),
                    ..PodCondition::default()
                },
            ]);
        }
        let observed = observe(PodEvidence {
            pod,
            ..PodEvidence::default()
        });
        assert_eq!(observed.origin, Origin::Creation);
        assert_eq!(observed.summary.scheduled_ms, Some(2000));
        assert_eq!(observed.summary.ready_ms, Some(42_000));
        assert_eq!(observed.path_end, Some((42_000, "Ready")));
        assert!(observed.notes.is_empty(), "{:?}", observed.notes);
    }

    #[test]
    fn ages_are_placed_from_a_started_event_and_the_container_start() {
        // describe printed `Started 30s` for a container the status says started at 09:00:30:
        // describe ran at 09:01:00, so the Pulling event 50s old was at 09:00:10.
        let pod = pod_with_app("2026-03-10T09:00:30Z");
        let observed = observe(PodEvidence {
            pod,
            events: vec![
                event(
                    "Pulling",
                    "Pulling image \"app:2.0\"",
                    Moment::Ago {
                        ago_ms: 50_000,
                        precision_ms: 1000,
                    },
                ),
                event(
                    "Started",
                    "Started container app",
                    Moment::Ago {
                        ago_ms: 30_000,
                        precision_ms: 1000,
                    },
                ),
            ],
            ..PodEvidence::default()
        });
        let pulling = observed
            .events
            .iter()
            .find(|e| e.reason == "Pulling")
            .unwrap();
        assert_eq!(pulling.first, Some(epoch("2026-03-10T09:00:10Z")));
        assert_eq!(pulling.container, Some(0), "the image names the container");
        assert!(
            observed
                .notes
                .iter()
                .any(|n| n.contains("placed from container `app`"))
        );
        // No creation time: time 0 is the earliest time given, and a note says so.
        assert_eq!(observed.origin, Origin::EarliestKnown);
        assert!(
            observed
                .notes
                .iter()
                .any(|n| n.contains("no creation time"))
        );
    }

    #[test]
    fn ages_without_an_anchor_or_now_are_kept_in_order_without_times() {
        let mut pod = pod_with_app("2026-03-10T09:00:30Z");
        pod.metadata.creation_timestamp = Some(CREATED.to_string());
        let observed = observe(PodEvidence {
            pod,
            events: vec![event(
                "Killing",
                "Stopping container app",
                Moment::Ago {
                    ago_ms: 5_000,
                    precision_ms: 1000,
                },
            )],
            ..PodEvidence::default()
        });
        assert_eq!(observed.events[0].first, None);
        assert!(observed.notes.iter().any(|n| n.contains("give `--now`")));
    }

    #[test]
    fn events_before_the_creation_are_noted_as_clock_skew_not_moved() {
        let mut pod = pod_with_app("2026-03-10T09:00:30Z");
        pod.metadata.creation_timestamp = Some(CREATED.to_string());
        let observed = observe(PodEvidence {
            pod,
            events: vec![event(
                "Scheduled",
                "Successfully assigned",
                Moment::At {
                    epoch_ms: epoch("2026-03-10T08:59:55Z"),
                    precision_ms: 1000,
                },
            )],
            ..PodEvidence::default()
        });
        assert_eq!(
            observed.since_zero(observed.events[0].first.unwrap()),
            Some(-5000)
        );
        assert!(
            observed
                .notes
                .iter()
                .any(|n| n.contains("5s before the pod's creation"))
        );
    }

    #[test]
    fn a_crash_looping_init_container_shows_its_runs_and_the_runs_it_lost() {
        let mut pod = Pod::default();
        pod.metadata.name = Some("web".to_string());
        pod.metadata.creation_timestamp = Some(CREATED.to_string());
        pod.spec.init_containers = Some(vec![Container {
            name: Some("migrate".to_string()),
            ..Container::default()
        }]);
        pod.status = Some(PodStatus {
            phase: Some("Pending".to_string()),
            init_container_statuses: Some(vec![ContainerStatus {
                name: Some("migrate".to_string()),
                restart_count: Some(4),
                state: Some(ContainerState {
                    waiting: Some(StateWaiting {
                        reason: Some("CrashLoopBackOff".to_string()),
                        message: None,
                    }),
                    ..ContainerState::default()
                }),
                last_state: Some(ContainerState {
                    terminated: Some(StateTerminated {
                        exit_code: Some(1),
                        reason: Some("Error".to_string()),
                        started_at: Some("2026-03-10T09:01:40Z".to_string()),
                        finished_at: Some("2026-03-10T09:01:41Z".to_string()),
                        ..StateTerminated::default()
                    }),
                    ..ContainerState::default()
                }),
                ..ContainerStatus::default()
            }]),
            ..PodStatus::default()
        });
        let observed = observe(PodEvidence {
            pod,
            ..PodEvidence::default()
        });
        let migrate = &observed.containers[0];
        assert_eq!(migrate.runs.len(), 1);
        assert_eq!(
            migrate.runs[0].number,
            Some(5),
            "restartCount 4: the fifth run"
        );
        assert_eq!(migrate.earlier_runs, 4);
        assert_eq!(observed.summary.ready_ms, None);
        assert_eq!(observed.path_end, Some((101_000, "last known")));
        let kinds: Vec<&str> = observed
            .critical_path
            .iter()
            .map(|s| s.kind.as_str())
            .collect();
        assert_eq!(
            kinds,
            ["earlier-runs", "run"],
            "{:#?}",
            observed.critical_path
        );
    }
}
