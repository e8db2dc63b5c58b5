//! `--svg FILE` with `--runs`: a standalone SVG of the headline metric over the runs, a histogram (left axis: runs) and the empirical CDF (right axis: share of all runs), with p50, p90 and p99 marked.
//!
//! The x axis runs over round values around the runs' range, with ticks in the metric's unit;
//! when every run has the same value there is one bar and a step CDF. Drawn from the
//! streaming histogram; no external program, no fonts beyond a generic family, coordinates
//! rounded to 0.1 so the bytes are stable.

use std::fmt::Write as _;

use crate::render::label_rows::LabelRows;
use crate::render::markup::escape;
use crate::render::montecarlo::report::value;
use crate::render::simulate::timeline::STEPS_MS;
use crate::sim::montecarlo::metrics::{Metric, Unit};
use crate::sim::montecarlo::stats::StreamStats;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 60.0;
const TOP: f64 = 84.0;
const BOTTOM: f64 = 60.0;
const BAR: &str = "#4c78a8";
const CDF: &str = "#e45756";
/// Estimated width of one character of the 12 px labels.
const CHAR_WIDTH: f64 = 6.8;

/// A round step for about `ticks` ticks over `span`: a duration from the timeline's steps for
/// times, 1, 2 or 5 × 10^k for counts.
fn step_for(span: u64, unit: Unit, ticks: u64) -> u64 {
    match unit {
        Unit::Millis => STEPS_MS
            .iter()
            .copied()
            .find(|step| span / step <= ticks)
            .unwrap_or_else(|| (span / ticks).max(1)),
        Unit::Count => {
            let mut scale = 1u64;
            loop {
                for factor in [1, 2, 5] {
                    let step = factor * scale;
                    if span / step <= ticks {
                        return step;
                    }
                }
                scale = scale.saturating_mul(10);
            }
        }
    }
}

/// Maps values to x over [low, high].
struct Axis {
    low: u64,
    high: u64,
}

impl Axis {
    fn x(&self, value: u64) -> f64 {
        let width = WIDTH - LEFT - RIGHT;
        let span = (self.high - self.low).max(1) as f64;
        LEFT + (value.saturating_sub(self.low)) as f64 / span * width
    }
}

/// Renders the plot of `metric` over `runs` runs; `title` names the pod and the run count.
pub fn render(title: &str, metric: &Metric, stats: &StreamStats, runs: u64) -> String {
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y0 = TOP + plot_h;
    let (min, max) = (stats.min().unwrap_or(0), stats.max().unwrap_or(0));
    let single = min == max;
    // Round values around the range, so the ticks fall inside it.
    // One value: a window of a tenth of it (at least a second, or 1) on each side.
    let (low, high) = if single {
        let pad = match metric.unit {
            Unit::Millis => (min / 10).max(1_000),
            Unit::Count => (min / 10).max(1),
        };
        (min.saturating_sub(pad), max.saturating_add(pad))
    } else {
        (min, max)
    };
    let step = step_for((high - low).max(1), metric.unit, 6).max(1);
    let axis = Axis {
        low: low / step * step,
        high: high.div_ceil(step).saturating_mul(step),
    };
    let bins = stats.bins(20);
    let most = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1);

    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\n"
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">{}</text>",
        WIDTH / 2.0,
        escape(title)
    );
    axes(&mut svg, &axis, metric.unit, step, most);
    // The bars and the CDF.
    let share = |seen: u64| {
        if runs == 0 {
            0.0
        } else {
            seen as f64 / runs as f64
        }
    };
    let mut cdf = format!("M{LEFT:.1} {y0:.1}");
    let mut seen = 0;
    if single {
        let x = axis.x(min);
        let width = ((WIDTH - LEFT - RIGHT) / 12.0).max(4.0);
        let count = stats.count();
        let _ = writeln!(
            svg,
            "<rect x=\"{:.1}\" y=\"{TOP:.1}\" width=\"{width:.1}\" height=\"{plot_h:.1}\" fill=\"{BAR}\"><title>every run that got there: {} ({count} runs)</title></rect>",
            x - width / 2.0,
            escape(&value(metric.unit, Some(min)))
        );
        let level = y0 - share(count) * plot_h;
        let _ = write!(cdf, " H{x:.1} V{level:.1} H{:.1}", WIDTH - RIGHT);
    } else {
        for (from, to, count) in &bins {
            let (left, right) = (axis.x(*from), axis.x(*to));
            let height = *count as f64 / most as f64 * plot_h;
            let _ = writeln!(
                svg,
                "<rect x=\"{left:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{height:.1}\" fill=\"{BAR}\"><title>{} – {}: {count} runs</title></rect>",
                y0 - height,
                (right - left - 1.0).max(0.5),
                escape(&value(metric.unit, Some(*from))),
                escape(&value(metric.unit, Some(*to)))
            );
            if seen == 0 {
                let _ = write!(cdf, " H{left:.1}");
            }
            seen += count;
            let _ = write!(cdf, " L{right:.1} {:.1}", y0 - share(seen) * plot_h);
        }
        let _ = write!(cdf, " H{:.1}", WIDTH - RIGHT);
    }
    let _ = writeln!(
        svg,
        "<path d=\"{cdf}\" fill=\"none\" stroke=\"{CDF}\" stroke-width=\"2\"><title>share of all {runs} runs at or below</title></path>"
    );
    percentiles(&mut svg, &axis, metric, stats, runs, y0);
    let reached = stats.count();
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{} ({}); {reached} of {runs} runs got there; bars: runs, line: cumulative share of all runs</text>",
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        y0 + 40.0,
        escape(&metric.name),
        match metric.unit {
            Unit::Millis => "time",
            Unit::Count => "count",
        }
    );
    svg.push_str("</svg>\n");
    svg
}

/// The three axes: runs per bar (left), share of all runs (right), the metric (bottom).
fn axes(svg: &mut String, axis: &Axis, unit: Unit, step: u64, most: u64) {
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y0 = TOP + plot_h;
    // Left axis: runs per bin.
    let count_step = step_for(most, Unit::Count, 5);
    let mut tick = 0;
    while tick <= most {
        let y = y0 - tick as f64 / most as f64 * plot_h;
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#eee\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{tick}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
        tick += count_step;
    }
    let _ = writeln!(
        svg,
        "<text x=\"16\" y=\"{:.1}\" transform=\"rotate(-90 16 {:.1})\" text-anchor=\"middle\" fill=\"{BAR}\">runs per bar</text>",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    // Right axis: share of all runs.
    for percent in [0u32, 25, 50, 75, 100] {
        let y = y0 - f64::from(percent) / 100.0 * plot_h;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{CDF}\">{percent}%</text>",
            WIDTH - RIGHT + 6.0,
            y + 4.0
        );
    }
    // Bottom axis: round values of the metric.
    let mut tick = axis.low;
    while tick <= axis.high {
        let x = axis.x(tick);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{y0:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#444\"/>\n<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            y0 + 5.0,
            y0 + 18.0,
            escape(&value(unit, Some(tick)))
        );
        tick = tick.saturating_add(step.max(1));
        if tick == u64::MAX {
            break;
        }
    }
    let _ = writeln!(
        svg,
        "<path d=\"M{LEFT:.1} {TOP:.1} V{y0:.1} H{:.1} V{TOP:.1}\" fill=\"none\" stroke=\"#444\"/>",
        WIDTH - RIGHT
    );
}

/// p50, p90 and p99 (among all runs: a run that never got there counts as later than any) as
/// dashed lines, their labels in rows above the plot so that none overlaps another.
fn percentiles(
    svg: &mut String,
    axis: &Axis,
    metric: &Metric,
    stats: &StreamStats,
    runs: u64,
    y0: f64,
) {
    // Percentiles at the same value share one line and one label (`p50 = p90 6.8s`).
    let mut lines: Vec<(u64, Vec<&str>)> = Vec::new();
    for (name, permille) in [("p50", 500), ("p90", 900), ("p99", 990)] {
        let Some(at) = stats.quantile(permille, runs) else {
            continue;
        };
        match lines.last_mut() {
            Some((value, names)) if *value == at => names.push(name),
            _ => lines.push((at, vec![name])),
        }
    }
    let mut rows = LabelRows::default();
    for (at, names) in lines {
        let x = axis.x(at);
        let label = format!("{} {}", names.join(" = "), value(metric.unit, Some(at)));
        let width = label.chars().count() as f64 * CHAR_WIDTH + 6.0;
        let row = rows.place(x - width / 2.0, width);
        let y = TOP - 8.0 - row as f64 * 14.0;
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{y0:.1}\" stroke=\"#333\" stroke-dasharray=\"4 3\"><title>{}</title></line>\n<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\">{}</text>",
            y + 3.0,
            escape(&label),
            escape(&label)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric() -> Metric {
        Metric {
            key: "readyMs".into(),
            name: "ready".into(),
            unit: Unit::Millis,
        }
    }

    #[test]
    fn snapshot_of_a_small_plot() {
        let mut stats = StreamStats::default();
        for v in [1000, 1000, 2000, 3000, 12_000] {
            stats.add(v);
        }
        let svg = render("pod p: ready, 5 runs", &metric(), &stats, 5);
        assert!(svg.ends_with("</svg>\n"));
        for label in [">p50 2", ">p90 = p99 1", ">0%<", ">100%<", ">10s<"] {
            assert!(svg.contains(label), "{label}: {svg}");
        }
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn one_value_is_one_bar_and_a_step() {
        let mut stats = StreamStats::default();
        for _ in 0..50 {
            stats.add(5_000);
        }
        let svg = render("pod p: ready, 50 runs", &metric(), &stats, 50);
        assert_eq!(svg.matches("<rect x=").count(), 1, "{svg}");
        assert!(
            svg.contains(" V84.0 H"),
            "the CDF steps from 0 to 100 %: {svg}"
        );
        assert!(
            svg.contains(">5s<") && svg.contains(">4s<"),
            "round ticks: {svg}"
        );
        assert!(svg.contains(">p50 = p90 = p99 5s<"), "one label: {svg}");
    }
}
