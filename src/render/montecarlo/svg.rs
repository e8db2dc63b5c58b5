//! `--svg FILE`: a standalone SVG of the headline metric: histogram bars and the empirical CDF
//! (right axis, 0–100 %), drawn from the streaming histogram. No external program, no fonts
//! beyond a generic family, coordinates rounded to 0.1 so the text is stable.

use crate::render::montecarlo::report::value;
use crate::sim::montecarlo::metrics::{Metric, Unit};
use crate::sim::montecarlo::stats::StreamStats;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 60.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Renders the plot of `metric` over `runs` runs.
pub fn render(title: &str, metric: &Metric, stats: &StreamStats, runs: u64) -> String {
    let bins = stats.bins(20);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let most = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    svg.push_str(&format!(
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\n<text x=\"{:.1}\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    ));
    let x0 = LEFT;
    let y0 = TOP + plot_h;
    svg.push_str(&format!(
        "<path d=\"M{x0:.1} {TOP:.1} V{y0:.1} H{:.1} V{TOP:.1}\" fill=\"none\" stroke=\"#444\"/>\n",
        x0 + plot_w
    ));
    let bar_w = if bins.is_empty() {
        0.0
    } else {
        plot_w / bins.len() as f64
    };
    let mut cdf = Vec::new();
    let mut seen = 0;
    for (i, (from, to, count)) in bins.iter().enumerate() {
        let h = *count as f64 / most as f64 * plot_h;
        let x = x0 + i as f64 * bar_w;
        svg.push_str(&format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4c78a8\"><title>{} – {}: {count}</title></rect>\n",
            y0 - h,
            (bar_w - 1.0).max(0.5),
            escape(&value(metric.unit, Some(*from))),
            escape(&value(metric.unit, Some(*to)))
        ));
        seen += count;
        let share = if runs == 0 {
            0.0
        } else {
            seen as f64 / runs as f64
        };
        cdf.push(format!("{:.1},{:.1}", x + bar_w, y0 - share * plot_h));
    }
    if !cdf.is_empty() {
        svg.push_str(&format!(
            "<polyline points=\"{x0:.1},{y0:.1} {}\" fill=\"none\" stroke=\"#e45756\" stroke-width=\"2\"/>\n",
            cdf.join(" ")
        ));
    }
    let unit = match metric.unit {
        Unit::Millis => "time",
        Unit::Count => "count",
    };
    let (low, high) = (
        value(metric.unit, stats.min()),
        value(metric.unit, stats.max()),
    );
    svg.push_str(&format!(
        "<text x=\"{x0:.1}\" y=\"{:.1}\">{}</text>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
        y0 + 16.0,
        escape(&low),
        x0 + plot_w,
        y0 + 16.0,
        escape(&high)
    ));
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{} ({unit}); bars: runs per bin (max {most}); line: cumulative share of {runs} runs</text>\n",
        x0 + plot_w / 2.0,
        y0 + 36.0,
        escape(&metric.name)
    ));
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#e45756\">100%</text>\n<text x=\"{:.1}\" y=\"{y0:.1}\" fill=\"#e45756\">0%</text>\n",
        x0 + plot_w + 4.0,
        TOP + 4.0,
        x0 + plot_w + 4.0
    ));
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_of_a_small_plot() {
        let mut stats = StreamStats::default();
        for v in [1000, 1000, 2000, 3000] {
            stats.add(v);
        }
        let metric = Metric {
            key: "readyMs".into(),
            name: "ready".into(),
            unit: Unit::Millis,
        };
        let svg = render("pod p: time to Ready", &metric, &stats, 5);
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<rect x=").count(), 20, "20 bars");
        insta::assert_snapshot!(svg);
    }
}
