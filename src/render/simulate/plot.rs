//! `--svg FILE` for one run: the pod's life as a standalone SVG, one lane per container on a time axis, like `systemd-analyze plot`.
//!
//! Lanes come in declaration order (init containers and sidecars, app containers, defer
//! containers) under a lane for the pod. Bars show each state in its colour (pulling,
//! starting, running, ready, back-off, waiting to stop, terminating), markers show exits with
//! their code, restarts, kills (the Killing event) and where the stop signal was sent, ticks under a bar show probe answers (startup, readiness, liveness; a
//! failure in red), and vertical lines show when the pod conditions first became true and, on
//! deletion, the deletion and the grace deadline. Every mark carries a `<title>` (a tooltip).
//! Coordinates are rounded to 0.1 so the bytes are the same for the same run.

use std::fmt::Write as _;

use crate::render::label_rows::LabelRows;
use crate::render::markup::escape;
use crate::render::simulate::RunContext;
use crate::render::simulate::timeline::{STEPS_MS, lane_label, sample_cells};
use crate::sim::engine::time::{SimDuration, SimTime, format_duration};
use crate::sim::plan::spec::ProbeKind;
use crate::sim::record::{Happening, LaneState, PodLaneState};

const WIDTH: f64 = 1000.0;
const LANE: f64 = 24.0;
const BAR: f64 = 14.0;
const MARGIN: f64 = 12.0;
const LABEL_ROW: f64 = 14.0;
/// Label characters shown before a name is clipped (its full text stays in the tooltip).
const LABEL_CHARS: usize = 32;
/// Estimated width of one character of the 11 px sans-serif labels.
const CHAR_WIDTH: f64 = 6.4;

/// A state's fill colour and name, for bars and the legend.
pub(crate) fn lane_colour(state: LaneState) -> Option<(&'static str, &'static str)> {
    match state {
        LaneState::Pulling => Some(("#9ecae1", "pulling")),
        LaneState::Starting => Some(("#fdd0a2", "creating, starting")),
        LaneState::Running => Some(("#a1d99b", "running")),
        LaneState::Ready => Some(("#31a354", "ready")),
        LaneState::BackOff => Some(("#fdae6b", "back-off")),
        LaneState::WaitingToStop => Some(("#fcbba1", "waiting to stop")),
        LaneState::Terminating => Some(("#de2d26", "terminating")),
        LaneState::Waiting | LaneState::Completed | LaneState::Failed | LaneState::Skipped => None,
    }
}

pub(crate) fn pod_colour(state: PodLaneState) -> Option<(&'static str, &'static str)> {
    match state {
        PodLaneState::Pending => Some(("#d9d9d9", "pending")),
        PodLaneState::Running => Some(("#a1d99b", "running")),
        PodLaneState::Ready => Some(("#31a354", "ready")),
        PodLaneState::Unscheduled | PodLaneState::Succeeded | PodLaneState::Failed => None,
    }
}

fn probe_colour(kind: ProbeKind) -> &'static str {
    match kind {
        ProbeKind::Startup => "#756bb1",
        ProbeKind::Readiness => "#3182bd",
        ProbeKind::Liveness => "#636363",
    }
}

fn probe_name(kind: ProbeKind) -> &'static str {
    match kind {
        ProbeKind::Startup => "startup",
        ProbeKind::Readiness => "readiness",
        ProbeKind::Liveness => "liveness",
    }
}

fn at(time: SimTime) -> String {
    format_duration(SimDuration::from_millis(time.millis()))
}

/// A coordinate as a whole pixel (coordinates are small and never negative).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn pixel(value: f64) -> u32 {
    // Clamped first, so the cast is exact.
    value.clamp(0.0, f64::from(u32::MAX)).round() as u32
}

/// Maps simulated time to x.
pub(crate) struct Scale {
    pub(crate) left: f64,
    pub(crate) width: f64,
    pub(crate) end: u64,
}

impl Scale {
    pub(crate) fn x(&self, time: SimTime) -> f64 {
        let share = time.millis().min(self.end) as f64 / self.end as f64;
        self.left + share * self.width
    }
}

/// A vertical line across the lanes with its label in the header.
struct Marker {
    time: SimTime,
    label: String,
    colour: &'static str,
    dashed: bool,
}

/// Renders the run as an SVG document.
pub fn render(context: &RunContext<'_>) -> String {
    let plan = context.run.plan;
    let outcome = context.outcome;
    let recording = &outcome.recording;
    let markers = markers(context);
    // The axis reaches the last marker too (a grace deadline after the pod is gone).
    let end = markers
        .iter()
        .map(|marker| marker.time.millis())
        .chain([outcome.summary.finished_at.millis()])
        .max()
        .unwrap_or(0)
        .max(1);
    let labels: Vec<String> = std::iter::once("pod".to_string())
        .chain(
            plan.containers
                .iter()
                .map(|container| lane_label(&container.name, container.kind)),
        )
        .collect();
    let label_width = label_width(&labels);
    let scale = Scale {
        left: label_width,
        width: WIDTH - label_width - MARGIN,
        end,
    };
    let rows = place_labels(&markers, &scale);
    // Why a deleted pod ends Failed, on a line of its own under the title.
    let why = crate::render::simulate::why_failed::stopped_into_failed(context);
    let marker_top = if why.is_some() {
        40.0 + LABEL_ROW
    } else {
        40.0
    };
    let header = marker_top
        + rows
            .iter()
            .map(|(row, _)| *row)
            .max()
            .map_or(0.0, |r| (r + 1) as f64)
            * LABEL_ROW;
    let lanes_top = header;
    let lanes_height = labels.len() as f64 * LANE;
    let axis_y = lanes_top + lanes_height;
    // The legend's three rows sit under the axis.
    let height = axis_y + 40.0 + 3.0 * (LABEL_ROW + 4.0) + MARGIN;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height:.1}\" viewBox=\"0 0 {WIDTH} {height:.1}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{WIDTH}\" height=\"{height:.1}\" fill=\"white\"/>"
    );
    title(&mut svg, context, why.as_deref());
    lane_labels(&mut svg, &labels, lanes_top);
    axis(&mut svg, &scale, lanes_top, axis_y);
    let pod_y = lanes_top + (LANE - BAR) / 2.0;
    bars(
        &mut svg,
        &scale,
        pod_y,
        "pod",
        &recording.pod_lane,
        pod_colour,
        end,
    );
    for (index, lane) in recording.lanes.iter().enumerate() {
        let y = lanes_top + (index + 1) as f64 * LANE + (LANE - BAR) / 2.0;
        let name = plan.containers.get(index).map_or("", |c| c.name.as_str());
        bars(&mut svg, &scale, y, name, lane, lane_colour, end);
    }
    probe_ticks(&mut svg, context, &scale, lanes_top);
    container_marks(&mut svg, context, &scale, lanes_top);
    stop_signal_marks(&mut svg, context, &scale, lanes_top);
    draw_markers(&mut svg, &markers, &rows, &scale, marker_top, axis_y);
    legend(&mut svg, axis_y + 40.0);
    svg.push_str("</svg>\n");
    svg
}

/// The title (pod, source, scenario, seed, phase) and, when a deletion ended in Failed, why.
fn title(svg: &mut String, context: &RunContext<'_>, why: Option<&str>) {
    let plan = context.run.plan;
    let outcome = context.outcome;
    let title = format!(
        "pod {} ({} in {}) · scenario: {} · seed {} · {}",
        plan.name,
        context.run.kind,
        context.run.source,
        context.run.scenario,
        context.run.seed,
        outcome.summary.phase.as_str()
    );
    let _ = writeln!(
        svg,
        "<text x=\"{MARGIN}\" y=\"22\" font-size=\"14\">{}</text>",
        escape(&title)
    );
    if let Some(why) = why {
        let _ = writeln!(
            svg,
            "<text x=\"{MARGIN}\" y=\"38\" fill=\"#555\">{}</text>",
            escape(why)
        );
    }
}

/// The width of the label column: the longest label (clipped) and the margins.
pub(crate) fn label_width(labels: &[String]) -> f64 {
    labels
        .iter()
        .map(|label| label.chars().count().min(LABEL_CHARS + 1))
        .max()
        .unwrap_or(3) as f64
        * CHAR_WIDTH
        + 2.0 * MARGIN
}

/// The lanes' alternate backgrounds and their labels (clipped, the whole text in a tooltip).
pub(crate) fn lane_labels(svg: &mut String, labels: &[String], lanes_top: f64) {
    for (index, label) in labels.iter().enumerate() {
        let y = lanes_top + index as f64 * LANE;
        if index % 2 == 1 {
            let _ = writeln!(
                svg,
                "<rect x=\"0\" y=\"{y:.1}\" width=\"{WIDTH}\" height=\"{LANE}\" fill=\"#f5f5f5\"/>"
            );
        }
        let shown: String = if label.chars().count() > LABEL_CHARS {
            let clipped: String = label.chars().take(LABEL_CHARS).collect();
            format!("{clipped}…")
        } else {
            label.clone()
        };
        let _ = writeln!(
            svg,
            "<text x=\"{MARGIN}\" y=\"{:.1}\"><title>{}</title>{}</text>",
            y + LANE / 2.0 + 4.0,
            escape(label),
            escape(&shown)
        );
    }
}

/// The vertical lines of the markers and their labels in the header.
fn draw_markers(
    svg: &mut String,
    markers: &[Marker],
    rows: &[(usize, f64)],
    scale: &Scale,
    top: f64,
    axis_y: f64,
) {
    for (marker, (row, text_x)) in markers.iter().zip(rows) {
        let x = scale.x(marker.time);
        let dash = if marker.dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{axis_y:.1}\" stroke=\"{}\"{dash}><title>{} at {}</title></line>",
            top + *row as f64 * LABEL_ROW + 3.0,
            marker.colour,
            escape(&marker.label),
            at(marker.time)
        );
        let _ = writeln!(
            svg,
            "<text x=\"{text_x:.1}\" y=\"{:.1}\" fill=\"{}\">{}</text>",
            top + *row as f64 * LABEL_ROW,
            marker.colour,
            escape(&marker.label)
        );
    }
}

/// Condition lines (first time true), the deletion and the grace deadline.
fn markers(context: &RunContext<'_>) -> Vec<Marker> {
    let recording = &context.outcome.recording;
    let mut markers = Vec::new();
    for condition in ["PodScheduled", "Initialized", "ContainersReady", "Ready"] {
        if let Some(change) = recording
            .conditions
            .iter()
            .find(|change| change.condition == condition && change.status)
        {
            markers.push(Marker {
                time: change.at,
                label: condition.to_string(),
                colour: "#31a354",
                dashed: false,
            });
        }
    }
    let mut deadline: Option<SimTime> = None;
    for event in &recording.events {
        match event.what {
            Happening::Deleted { grace } => {
                markers.push(Marker {
                    time: event.at,
                    label: format!("deleted (grace {})", format_duration(grace)),
                    colour: "#de2d26",
                    dashed: true,
                });
                deadline = Some(SimTime(event.at.millis().saturating_add(grace.millis())));
            }
            Happening::ExtendGracePeriod { by } => {
                deadline = deadline.map(|d| SimTime(d.millis().saturating_add(by.millis())));
                markers.push(Marker {
                    time: event.at,
                    label: format!("grace +{}", format_duration(by)),
                    colour: "#de2d26",
                    dashed: true,
                });
            }
            Happening::MinimumGraceExtension => {
                deadline = deadline.map(|d| SimTime(d.millis().saturating_add(2_000)));
                markers.push(Marker {
                    time: event.at,
                    label: "grace +2s".to_string(),
                    colour: "#de2d26",
                    dashed: true,
                });
            }
            _ => {}
        }
    }
    if let Some(deadline) = deadline {
        markers.push(Marker {
            time: deadline,
            label: "grace deadline".to_string(),
            colour: "#de2d26",
            dashed: true,
        });
    }
    markers.sort_by_key(|marker| marker.time);
    markers
}

/// The header row and x of each marker's label, so that no two labels overlap (the first row
/// in which the label fits after the labels already there) and none runs off the right edge
/// (it ends at its line instead).
fn place_labels(markers: &[Marker], scale: &Scale) -> Vec<(usize, f64)> {
    let mut rows = LabelRows::default();
    markers
        .iter()
        .map(|marker| {
            let width = marker.label.chars().count() as f64 * CHAR_WIDTH + 8.0;
            let line = scale.x(marker.time);
            let start = if line + width > WIDTH - MARGIN {
                (line - width + 6.0).max(MARGIN)
            } else {
                line + 2.0
            };
            (rows.place(start, width), start)
        })
        .collect()
}

/// The time axis: a tick every step, the step a round duration, about eight of them.
pub(crate) fn axis(svg: &mut String, scale: &Scale, top: f64, y: f64) {
    let end = scale.end;
    let step = STEPS_MS
        .iter()
        .copied()
        .find(|step| end / step <= 8)
        .unwrap_or_else(|| {
            let day = 86_400_000;
            (end / 8).div_ceil(day).max(1) * day
        });
    let _ = writeln!(
        svg,
        "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#444\"/>",
        scale.left,
        scale.left + scale.width
    );
    let mut tick = 0u64;
    while tick <= end {
        let x = scale.x(SimTime(tick));
        let label = format_duration(SimDuration::from_millis(tick));
        // A label that would run off the right edge ends at its tick.
        let anchor = if x + label.chars().count() as f64 * CHAR_WIDTH / 2.0 > WIDTH - 2.0 {
            "end"
        } else {
            "middle"
        };
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{top:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\n<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
            y + 4.0,
            y + 16.0,
            escape(&label)
        );
        tick = tick.saturating_add(step);
        if step == 0 {
            break;
        }
    }
}

/// One lane's bars: a rectangle per state segment with a colour, exact when the lane has few
/// segments, else one per run of pixels with the same dominant state.
fn bars<S: Copy + PartialEq>(
    svg: &mut String,
    scale: &Scale,
    y: f64,
    name: &str,
    segments: &[(SimTime, S)],
    colour: fn(S) -> Option<(&'static str, &'static str)>,
    end: u64,
) {
    let pixels = usize::try_from(pixel(scale.width)).unwrap_or(1).max(1);
    let spans: Vec<(u64, u64, S)> = if segments.len() <= pixels {
        segments
            .iter()
            .enumerate()
            .map(|(index, (from, state))| {
                let to = segments
                    .get(index + 1)
                    .map_or(end, |(next, _)| next.millis());
                (from.millis(), to.min(end), *state)
            })
            .collect()
    } else {
        sampled(segments, end, pixels)
    };
    for (from, to, state) in spans {
        let Some((fill, what)) = colour(state) else {
            continue;
        };
        if to <= from {
            continue;
        }
        let x = scale.x(SimTime(from));
        let width = (scale.x(SimTime(to)) - x).max(0.5);
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{BAR}\" fill=\"{fill}\"><title>{}: {what} from {} to {} ({})</title></rect>",
            escape(name),
            at(SimTime(from)),
            at(SimTime(to)),
            format_duration(SimDuration::from_millis(to - from))
        );
    }
}

/// More segments than pixels: the state that filled most of each pixel, merged into runs.
fn sampled<S: Copy + PartialEq>(
    segments: &[(SimTime, S)],
    end: u64,
    pixels: usize,
) -> Vec<(u64, u64, S)> {
    let cell = end.div_ceil(pixels as u64).max(1);
    let count = usize::try_from(end.div_ceil(cell))
        .unwrap_or(pixels)
        .min(pixels);
    let mut runs: Vec<(u64, u64, S)> = Vec::new();
    for (index, (state, _)) in sample_cells(segments, end, cell, count, |_| None)
        .into_iter()
        .enumerate()
    {
        let Some(state) = state else {
            continue;
        };
        let from = index as u64 * cell;
        let to = (from + cell).min(end);
        match runs.last_mut() {
            Some((_, run_end, run_state)) if *run_state == state && *run_end == from => {
                *run_end = to;
            }
            _ => runs.push((from, to, state)),
        }
    }
    runs
}

/// Probe answers as ticks under each bar, at most one per pixel, kind and answer.
fn probe_ticks(svg: &mut String, context: &RunContext<'_>, scale: &Scale, top: f64) {
    let plan = context.run.plan;
    let mut drawn: std::collections::BTreeMap<(usize, ProbeKind, bool), (Vec<u32>, usize)> =
        std::collections::BTreeMap::new();
    for answer in &context.outcome.recording.probes {
        let pixel = pixel(scale.x(answer.at));
        let entry = drawn
            .entry((answer.container, answer.kind, answer.passed))
            .or_default();
        entry.1 += 1;
        if entry.0.last() != Some(&pixel) {
            entry.0.push(pixel);
        }
    }
    for ((container, kind, passed), (pixels, count)) in drawn {
        let y = top + (container + 1) as f64 * LANE + LANE.midpoint(BAR) + f64::from(kind as u8);
        let (colour, length) = if passed {
            (probe_colour(kind), 2.0)
        } else {
            ("#d62728", 5.0)
        };
        let mut path = String::new();
        for pixel in pixels {
            let _ = write!(path, "M{pixel} {:.1}v{length}", y - length);
        }
        let name = plan
            .containers
            .get(container)
            .map_or("", |c| c.name.as_str());
        let _ = writeln!(
            svg,
            "<path d=\"{path}\" stroke=\"{colour}\"><title>{}: {} probe {} {count} time{}</title></path>",
            escape(name),
            probe_name(kind),
            if passed { "passed" } else { "failed" },
            if count == 1 { "" } else { "s" }
        );
    }
}

/// Exits (with their code), restarts and kills on each container's lane.
fn container_marks(svg: &mut String, context: &RunContext<'_>, scale: &Scale, top: f64) {
    let plan = context.run.plan;
    let mut started: Vec<u32> = vec![0; plan.containers.len()];
    for event in &context.outcome.recording.events {
        let Some(container) = event.container else {
            continue;
        };
        let name = plan
            .containers
            .get(container)
            .map_or("", |c| c.name.as_str());
        let middle = top + (container + 1) as f64 * LANE + LANE / 2.0;
        let x = scale.x(event.at);
        match event.what {
            Happening::Exited { code, reason } => {
                let colour = if code == 0 { "#31a354" } else { "#d62728" };
                // 137 = 128 + SIGKILL: the grace period (or the stop timeout) ran out.
                let how = match (code, reason) {
                    (137, crate::sim::cri::TerminationReason::OomKilled) => {
                        "OOM-killed".to_string()
                    }
                    (137, _) => "killed (SIGKILL), exit code 137".to_string(),
                    (143, _) => "stopped by SIGTERM, exit code 143".to_string(),
                    _ => format!("exited with code {code}"),
                };
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{middle:.1}\" r=\"3.5\" fill=\"{colour}\" stroke=\"white\"><title>{}: {how} at {}</title></circle>",
                    escape(name),
                    at(event.at)
                );
                if code == 137 && reason != crate::sim::cri::TerminationReason::OomKilled {
                    let _ = writeln!(
                        svg,
                        "<path d=\"M{:.1} {:.1}l8 8m0 -8l-8 8\" stroke=\"#000\" stroke-width=\"1.5\"><title>{}: SIGKILL at {}</title></path>",
                        x - 4.0,
                        middle - 4.0,
                        escape(name),
                        at(event.at)
                    );
                }
            }
            Happening::Started => {
                let count = started.get_mut(container).map_or(0, |count| {
                    *count += 1;
                    *count
                });
                if count > 1 {
                    let _ = writeln!(
                        svg,
                        "<path d=\"M{x:.1} {:.1}l4 -6h-8z\" fill=\"#e6550d\"><title>{}: restart #{} at {}</title></path>",
                        middle - BAR / 2.0,
                        escape(name),
                        count - 1,
                        at(event.at)
                    );
                }
            }
            Happening::Killing(_) => {
                let _ = writeln!(
                    svg,
                    "<path d=\"M{x:.1} {:.1}v{BAR}\" stroke=\"#67000d\" stroke-width=\"2\"><title>{}: {} at {}</title></path>",
                    middle - BAR / 2.0,
                    escape(name),
                    escape(&event.message(plan)),
                    at(event.at)
                );
            }
            _ => {}
        }
    }
}

/// Where each container was sent its stop signal (`StopContainer`): at its Killing event, or
/// after its preStop hook, or after a sidecar's wait for its turn.
fn stop_signal_marks(svg: &mut String, context: &RunContext<'_>, scale: &Scale, top: f64) {
    let plan = context.run.plan;
    for sent in &context.outcome.recording.stop_signals {
        let (time, container) = (sent.at, sent.container);
        let Some(spec) = plan.containers.get(container) else {
            continue;
        };
        let signal = spec.stop_signal.map_or_else(
            || "SIGTERM".to_string(),
            |signal| format!("stop signal {}", signal.number),
        );
        let x = scale.x(time);
        let y = top + (container + 1) as f64 * LANE + (LANE - BAR) / 2.0;
        let _ = writeln!(
            svg,
            "<path d=\"M{x:.1} {:.1}l-4 6h8z\" fill=\"{SIGNAL_COLOUR}\"><title>{}: {signal} sent at {}</title></path>",
            y + BAR,
            escape(&spec.name),
            at(time)
        );
    }
}

/// The colour of a stop-signal mark.
const SIGNAL_COLOUR: &str = "#a50f15";

/// What a legend entry shows.
enum Swatch {
    Box(&'static str),
    Dot(&'static str),
    Restart,
    Signal,
    Tick(&'static str, f64),
    Cross,
}

fn legend(svg: &mut String, top: f64) {
    let mut states: Vec<(Swatch, String)> = [
        LaneState::Pulling,
        LaneState::Starting,
        LaneState::Running,
        LaneState::Ready,
        LaneState::BackOff,
        LaneState::WaitingToStop,
        LaneState::Terminating,
    ]
    .into_iter()
    .filter_map(lane_colour)
    .map(|(fill, name)| (Swatch::Box(fill), name.to_string()))
    .collect();
    states.push((Swatch::Box("#d9d9d9"), "pod pending".to_string()));
    let marks = vec![
        (Swatch::Dot("#31a354"), "exit 0".to_string()),
        (Swatch::Dot("#d62728"), "exit ≠ 0".to_string()),
        (Swatch::Restart, "restart".to_string()),
        (
            Swatch::Tick("#67000d", 10.0),
            "Killing (preStop starts)".to_string(),
        ),
        (Swatch::Signal, "SIGTERM sent".to_string()),
        (Swatch::Cross, "SIGKILL".to_string()),
    ];
    let mut probes = Vec::new();
    for kind in [
        ProbeKind::Startup,
        ProbeKind::Readiness,
        ProbeKind::Liveness,
    ] {
        probes.push((
            Swatch::Tick(probe_colour(kind), 6.0),
            format!("{} probe", probe_name(kind)),
        ));
    }
    probes.push((Swatch::Tick("#d62728", 8.0), "probe failed".to_string()));
    for (row, entries) in [states, marks, probes].iter().enumerate() {
        let y = top + row as f64 * (LABEL_ROW + 4.0);
        let mut x = MARGIN;
        for (swatch, text) in entries {
            let _ = match swatch {
                Swatch::Box(fill) => write!(
                    svg,
                    "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"10\" fill=\"{fill}\"/>",
                    y + 1.0
                ),
                Swatch::Dot(fill) => write!(
                    svg,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{fill}\"/>",
                    x + 6.0,
                    y + 6.0
                ),
                Swatch::Restart => write!(
                    svg,
                    "<path d=\"M{:.1} {:.1}l4 -6h-8z\" fill=\"#e6550d\"/>",
                    x + 6.0,
                    y + 9.0
                ),
                Swatch::Signal => write!(
                    svg,
                    "<path d=\"M{:.1} {:.1}l-4 6h8z\" fill=\"{SIGNAL_COLOUR}\"/>",
                    x + 6.0,
                    y + 3.0
                ),
                Swatch::Cross => write!(
                    svg,
                    "<path d=\"M{:.1} {:.1}l8 8m0 -8l-8 8\" stroke=\"#000\" stroke-width=\"1.5\"/>",
                    x + 2.0,
                    y + 2.0
                ),
                Swatch::Tick(colour, length) => write!(
                    svg,
                    "<path d=\"M{:.1} {:.1}v{length}\" stroke=\"{colour}\" stroke-width=\"2\"/>",
                    x + 6.0,
                    y + 11.0 - length
                ),
            };
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                x + 16.0,
                y + 10.0,
                escape(text)
            );
            x += 16.0 + text.chars().count() as f64 * CHAR_WIDTH + 14.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_with_more_changes_than_pixels_is_sampled_into_few_bars() {
        // 10 s of 1 ms flapping, then 10 s steady: 10,001 segments over 100 pixels.
        let mut segments: Vec<(SimTime, LaneState)> = (0..10_000)
            .map(|at| {
                let state = if at % 3 == 0 {
                    LaneState::Running
                } else {
                    LaneState::Ready
                };
                (SimTime(at), state)
            })
            .collect();
        segments.push((SimTime(10_000), LaneState::BackOff));
        let bars = sampled(&segments, 20_000, 100);
        assert_eq!(
            bars,
            [
                (0, 10_000, LaneState::Ready),
                (10_000, 20_000, LaneState::BackOff)
            ],
            "the state that filled most of each pixel, merged"
        );
    }
}
