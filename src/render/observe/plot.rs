//! `observe --svg FILE`: the observed life in the picture language of `simulate --svg` (lanes per container on a time axis, the same colours and markers), titled as observed.
//!
//! Bars: image pulls (from the Pulling and Pulled events), runs (from the status), back-off
//! between runs, stopping from a deletion to the exit; the pod pending until an app container
//! runs, then running, then ready; runs the status does not keep are one hatched bar of unknown extent before
//! the first run shown. Exits are marked with their code. Vertical lines mark the conditions'
//! times (their last transition) and a deletion. Every mark has a `<title>` tooltip.

use std::fmt::Write as _;

use crate::observe::format_ms;
use crate::observe::observation::Observation;
use crate::render::markup::escape;
use crate::render::simulate::plot::{Scale as SimScale, axis, lane_colour};
use crate::sim::engine::time::SimTime;
use crate::sim::record::LaneState;

const WIDTH: f64 = 1000.0;
const LANE: f64 = 24.0;
const BAR: f64 = 14.0;
const MARGIN: f64 = 12.0;

/// Observed times (ms since time 0, negative under clock skew) on simulate's scale.
struct Scale(SimScale);

impl Scale {
    fn x(&self, ms: i64) -> f64 {
        self.0.x(SimTime(u64::try_from(ms).unwrap_or(0)))
    }
}

fn colour(state: LaneState) -> &'static str {
    lane_colour(state).map_or("#cccccc", |(colour, _)| colour)
}

fn bar(svg: &mut String, scale: &Scale, y: f64, from: i64, to: i64, fill: &str, title: &str) {
    let x = scale.x(from);
    let width = (scale.x(to) - x).max(1.0);
    let _ = writeln!(
        svg,
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{BAR}\" fill=\"{fill}\"><title>{}</title></rect>",
        escape(title)
    );
}

/// The SVG document.
#[allow(clippy::too_many_lines, clippy::cast_precision_loss)]
pub fn render(o: &Observation) -> String {
    let end = o
        .last_known_ms()
        .into_iter()
        .chain(o.pod.deletion_ms)
        .max()
        .unwrap_or(0)
        .max(1);
    let labels: Vec<String> = std::iter::once("pod".to_string())
        .chain(
            o.containers
                .iter()
                .map(|c| format!("{} ({})", c.name, c.role.as_str())),
        )
        .collect();
    let label_width = crate::render::simulate::plot::label_width(&labels);
    let scale = Scale(SimScale {
        left: label_width,
        width: WIDTH - label_width - MARGIN,
        end: u64::try_from(end).unwrap_or(1),
    });
    let markers: Vec<(i64, String, &str, bool)> = [
        ("PodScheduled", o.summary.scheduled_ms),
        ("Initialized", o.summary.initialized_ms),
        ("Ready", o.summary.ready_ms),
    ]
    .into_iter()
    .filter_map(|(name, at)| at.map(|at| (at, name.to_string(), "#31a354", false)))
    .chain(o.pod.deletion_ms.map(|at| {
        let grace = o
            .pod
            .deletion_grace_seconds
            .map(|s| format!(" (grace {s}s)"))
            .unwrap_or_default();
        (at, format!("deleted{grace}"), "#de2d26", true)
    }))
    .collect();
    let lanes_top = 44.0 + markers.len() as f64 * 14.0;
    let axis_y = lanes_top + labels.len() as f64 * LANE;
    let height = axis_y + 40.0 + 2.0 * 18.0 + MARGIN;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height:.1}\" viewBox=\"0 0 {WIDTH} {height:.1}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{WIDTH}\" height=\"{height:.1}\" fill=\"white\"/>"
    );
    let name = if o.pod.namespace.is_empty() {
        o.pod.name.clone()
    } else {
        format!("{}/{}", o.pod.namespace, o.pod.name)
    };
    let title = format!(
        "pod {name} · observed ({}) · {} · times to within {}",
        o.pod.source,
        if o.pod.phase.is_empty() {
            "-"
        } else {
            &o.pod.phase
        },
        format_ms(o.precision_ms)
    );
    let _ = writeln!(
        svg,
        "<text x=\"{MARGIN}\" y=\"22\" font-size=\"14\">{}</text>",
        escape(&title)
    );
    crate::render::simulate::plot::lane_labels(&mut svg, &labels, lanes_top);
    // The pod: pending until an app container runs, running, ready from Ready.
    let pod_y = lanes_top + (LANE - BAR) / 2.0;
    let scheduled = o.summary.scheduled_ms.unwrap_or(0);
    let stop = o.summary.ended_ms.unwrap_or(end);
    let running_from = o
        .containers
        .iter()
        .filter(|c| c.role == crate::observe::containers::Role::App)
        .filter_map(|c| c.runs.first().and_then(|run| run.start))
        .filter_map(|at| o.since_zero(at))
        .min()
        .unwrap_or(stop)
        .min(stop);
    let ready = o.summary.ready_ms.unwrap_or(stop).clamp(running_from, stop);
    bar(
        &mut svg,
        &scale,
        pod_y,
        0,
        running_from,
        "#d9d9d9",
        "pending",
    );
    if ready > running_from {
        bar(
            &mut svg,
            &scale,
            pod_y,
            running_from,
            ready,
            colour(LaneState::Running),
            "running",
        );
    }
    if stop > ready {
        bar(
            &mut svg,
            &scale,
            pod_y,
            ready,
            stop,
            colour(LaneState::Ready),
            "ready",
        );
    }
    for (index, c) in o.containers.iter().enumerate() {
        let y = lanes_top + (index + 1) as f64 * LANE + (LANE - BAR) / 2.0;
        let (pulls, _) = crate::observe::event_rows::pulls(
            o.events.iter().filter(|e| e.container == Some(index)),
        );
        for pull in pulls {
            if let (Some(from), Some(to)) = (o.since_zero(pull.start), o.since_zero(pull.end)) {
                bar(
                    &mut svg,
                    &scale,
                    y,
                    from,
                    to,
                    colour(LaneState::Pulling),
                    &format!("pulling {} ({})", c.image, format_ms(to - from)),
                );
            }
        }
        let first_start = c
            .runs
            .first()
            .and_then(|r| r.start)
            .and_then(|at| o.since_zero(at));
        if c.earlier_runs > 0
            && let Some(first) = first_start
        {
            // After the container's first pull, when the events give it.
            let pulled = o
                .events
                .iter()
                .filter(|e| e.container == Some(index) && e.reason == "Pulled")
                .filter_map(|e| e.first.and_then(|at| o.since_zero(at)))
                .filter(|&at| at <= first)
                .min();
            let from = pulled.unwrap_or(scheduled).min(first);
            let _ = writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{BAR}\" fill=\"{}\" fill-opacity=\"0.5\" stroke=\"#999\" stroke-dasharray=\"2 2\"><title>{} earlier run(s) and back-offs, times not in the status</title></rect>",
                scale.x(from),
                (scale.x(first) - scale.x(from)).max(1.0),
                colour(LaneState::BackOff),
                c.earlier_runs
            );
        }
        let mut previous_end: Option<i64> = None;
        for run in &c.runs {
            let start = run.start.and_then(|at| o.since_zero(at));
            let finish = run.end.and_then(|at| o.since_zero(at));
            if let (Some(ended), Some(start)) = (previous_end, start) {
                bar(
                    &mut svg,
                    &scale,
                    y,
                    ended,
                    start,
                    colour(LaneState::BackOff),
                    "back-off",
                );
            }
            if let Some(start) = start {
                let end_of_run = finish.unwrap_or(stop);
                // From the deletion the container is stopping (preStop, SIGTERM).
                let deleted = o.pod.deletion_ms.filter(|&d| d > start && d < end_of_run);
                let to = deleted.unwrap_or(end_of_run);
                if let Some(deleted) = deleted {
                    bar(
                        &mut svg,
                        &scale,
                        y,
                        deleted,
                        end_of_run,
                        colour(LaneState::Terminating),
                        &format!(
                            "stopping from {} to {}",
                            format_ms(deleted),
                            format_ms(end_of_run)
                        ),
                    );
                }
                let ready_lane = finish.is_none() && c.ready;
                let from_ready = if ready_lane {
                    o.summary.ready_ms.filter(|&r| r > start && r < to)
                } else {
                    None
                };
                let number = run.number.map(|n| format!("run {n}: ")).unwrap_or_default();
                match from_ready {
                    Some(ready) => {
                        bar(
                            &mut svg,
                            &scale,
                            y,
                            start,
                            ready,
                            colour(LaneState::Running),
                            &format!("{number}running from {}", format_ms(start)),
                        );
                        bar(
                            &mut svg,
                            &scale,
                            y,
                            ready,
                            to,
                            colour(LaneState::Ready),
                            "ready",
                        );
                    }
                    None => bar(
                        &mut svg,
                        &scale,
                        y,
                        start,
                        to,
                        colour(LaneState::Running),
                        &format!("{number}running from {}", format_ms(start)),
                    ),
                }
            }
            if let Some(finish) = finish {
                let code = run.exit_code.unwrap_or(-1);
                let (mark, fill) = if code == 0 {
                    ("✔", "#31a354")
                } else {
                    ("✘", "#de2d26")
                };
                let _ = writeln!(
                    svg,
                    "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{fill}\" text-anchor=\"middle\"><title>exited {code} ({}) at {}</title>{mark}</text>",
                    scale.x(finish),
                    y + BAR - 3.0,
                    escape(run.reason.as_deref().unwrap_or("")),
                    format_ms(finish)
                );
                previous_end = Some(finish);
            }
        }
        if let (Some(ended), Some(waiting)) = (previous_end, c.waiting.as_deref()) {
            bar(
                &mut svg,
                &scale,
                y,
                ended,
                end,
                colour(LaneState::BackOff),
                &format!("waiting: {waiting}"),
            );
        }
    }
    for (row, (at, label, stroke, dashed)) in markers.iter().enumerate() {
        let x = scale.x(*at);
        let dash = if *dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let top = 40.0 + row as f64 * 14.0;
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{axis_y:.1}\" stroke=\"{stroke}\"{dash}><title>{} at {}</title></line>",
            top + 3.0,
            escape(label),
            format_ms(*at)
        );
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{top:.1}\" fill=\"{stroke}\">{}</text>",
            (x + 3.0).min(WIDTH - 120.0),
            escape(label)
        );
    }
    axis(&mut svg, &scale.0, lanes_top, axis_y);
    let legend_y = axis_y + 40.0;
    let entries = [
        (colour(LaneState::Pulling), "pulling"),
        (colour(LaneState::Running), "running"),
        (colour(LaneState::Ready), "ready"),
        (colour(LaneState::BackOff), "back-off"),
        (colour(LaneState::Terminating), "stopping"),
        ("#d9d9d9", "pending"),
    ];
    for (index, (fill, name)) in entries.iter().enumerate() {
        let x = MARGIN + index as f64 * 110.0;
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{fill}\"/><text x=\"{:.1}\" y=\"{legend_y:.1}\">{name}</text>",
            legend_y - 10.0,
            x + 16.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{MARGIN}\" y=\"{:.1}\" fill=\"#555\">observed: ✔ exit 0, ✘ exit ≠ 0; lines are the conditions' last transitions</text>",
        legend_y + 18.0
    );
    svg.push_str("</svg>\n");
    svg
}
