//! `rollout --svg`: the replicas over time as step lines (pods including terminating ones,
//! updated, available, old), the desired count, and the moments that matter marked: the
//! progress deadline (when it was exceeded, else where it would strike without progress) and
//! the completion. A standalone SVG, every text from input escaped.

use std::fmt::Write as _;

use crate::render::markup::escape;
use crate::render::rollout::{RolloutContext, time};

const WIDTH: f64 = 860.0;
const HEIGHT: f64 = 380.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 190.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 50.0;

/// The series drawn: name, colour, dashes, value of a point.
type Series = (
    &'static str,
    &'static str,
    &'static str,
    fn(crate::rollout::timeline::Counts) -> u32,
);

const SERIES: [Series; 4] = [
    ("pods (with terminating)", "#7f7f7f", "4 3", |c| c.pods()),
    ("old", "#d62728", "", |c| c.old),
    ("updated", "#1f77b4", "", |c| c.updated),
    ("available", "#2ca02c", "", |c| c.available),
];

/// Renders the plot.
#[allow(clippy::too_many_lines)] // One drawing, top to bottom: axes, series, marks, legend.
pub fn render(context: &RolloutContext<'_>) -> String {
    let workload = context.workload;
    let run = context.run;
    let summary = &run.summary;
    let deadline_ms = workload
        .control
        .progress_deadline_seconds
        .map(|seconds| u64::try_from(seconds).unwrap_or(0) * 1000);
    let marker = match (summary.deadline_exceeded_at, deadline_ms) {
        (Some(at), _) => Some((at, "ProgressDeadlineExceeded".to_string())),
        (None, Some(deadline)) if summary.complete_at.is_none_or(|done| done > deadline) => {
            Some((deadline, "deadline without progress".to_string()))
        }
        _ => None,
    };
    let mut end = summary.finished_at.max(1);
    if let Some((at, _)) = &marker {
        end = end.max(*at);
    }
    let end_f = end as f64;
    let top_value = run
        .timeline
        .iter()
        .map(|point| point.counts.pods())
        .max()
        .unwrap_or(0)
        .max(workload.replicas)
        .max(1);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |ms: u64| LEFT + plot_w * (ms as f64 / end_f);
    let y = |value: u32| TOP + plot_h * (1.0 - f64::from(value) / f64::from(top_value));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        svg,
        "<text x=\"{LEFT}\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}: {}</text>",
        escape(&workload.title()),
        escape(&workload.strategy())
    );
    // Axes and grid.
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>",
        TOP + plot_h,
        LEFT + plot_w,
        TOP + plot_h
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{}\" stroke=\"black\"/>",
        TOP + plot_h
    );
    let step = (top_value / 5).max(1);
    let mut tick = 0;
    while tick <= top_value {
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#eeeeee\"/><text x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\">{tick}</text>",
            y(tick),
            LEFT + plot_w,
            LEFT - 6.0,
            y(tick) + 4.0
        );
        tick += step;
    }
    for index in 0..=4u64 {
        let at = end * index / 4;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x(at),
            TOP + plot_h + 18.0,
            time(at)
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">time since the rollout began</text>",
        LEFT + plot_w / 2.0,
        HEIGHT - 10.0
    );
    // Desired replicas.
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"black\" stroke-dasharray=\"1 3\"/>",
        y(workload.replicas),
        LEFT + plot_w
    );
    // The series as steps.
    for (name, colour, dashes, value) in SERIES {
        let mut path = String::new();
        let mut previous: Option<u32> = None;
        for point in &run.timeline {
            let v = value(point.counts);
            match previous {
                None => {
                    let _ = write!(path, "M{:.1},{:.1}", x(point.at), y(v));
                }
                Some(_) => {
                    let _ = write!(path, " H{:.1} V{:.1}", x(point.at), y(v));
                }
            }
            previous = Some(v);
        }
        if previous.is_some() {
            let _ = write!(path, " H{:.1}", x(end));
        }
        let dash = if dashes.is_empty() {
            String::new()
        } else {
            format!(" stroke-dasharray=\"{dashes}\"")
        };
        let _ = writeln!(
            svg,
            "<path d=\"{path}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash}><title>{name}</title></path>"
        );
    }
    // Markers.
    let mut marks: Vec<(u64, String, &str)> = Vec::new();
    if let Some((at, label)) = marker {
        marks.push((at, label, "#d62728"));
    }
    if let Some(at) = summary.complete_at {
        marks.push((at, "complete".to_string(), "#2ca02c"));
    }
    for (row, (at, label, colour)) in marks.iter().enumerate() {
        let _ = writeln!(
            svg,
            "<line x1=\"{0:.1}\" y1=\"{TOP}\" x2=\"{0:.1}\" y2=\"{1}\" stroke=\"{colour}\" stroke-dasharray=\"6 4\"/><text x=\"{2:.1}\" y=\"{3}\" fill=\"{colour}\">{4} {5}</text>",
            x(*at),
            TOP + plot_h,
            x(*at) + 4.0,
            TOP + 12.0 + 14.0 * row as f64,
            escape(label),
            time(*at)
        );
    }
    // Legend.
    let legend_x = LEFT + plot_w + 16.0;
    let mut legend_y = TOP + 6.0;
    let mut entries: Vec<(&str, &str, &str)> = SERIES
        .iter()
        .map(|(name, colour, dashes, _)| (*name, *colour, *dashes))
        .collect();
    entries.push(("desired", "black", "1 3"));
    for (name, colour, dashes) in entries {
        let _ = writeln!(
            svg,
            "<line x1=\"{legend_x}\" y1=\"{legend_y}\" x2=\"{}\" y2=\"{legend_y}\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"{dashes}\"/><text x=\"{}\" y=\"{}\">{name}</text>",
            legend_x + 22.0,
            legend_x + 28.0,
            legend_y + 4.0
        );
        legend_y += 18.0;
    }
    svg.push_str("</svg>\n");
    svg
}
