//! `--timeline`: a Gantt chart in the terminal, one lane per container plus the pod, with a time axis.
//!
//! Each character cell covers an equal slice of the run and shows the state that filled most of
//! it; a cell in which the container exited shows the exit instead (`✔` for 0, `✘` otherwise).

use crate::render::paint::Tone;
use crate::render::simulate::RunContext;
use crate::sim::engine::time::{SimDuration, SimTime, format_duration};
use crate::sim::plan::spec::ContainerKind;
use crate::sim::record::{LaneState, PodLaneState};

/// The legend printed under the chart.
pub const LEGEND: &str = "░ pulling  ▒ starting  ▓ running  █ ready  ~ back-off  ╌ waiting to stop  x stopping  ✔ exit 0  ✘ exit ≠ 0  · pending";

fn container_char(state: LaneState) -> char {
    match state {
        LaneState::Waiting | LaneState::Completed | LaneState::Failed | LaneState::Skipped => ' ',
        LaneState::Pulling => '░',
        LaneState::Starting => '▒',
        LaneState::Running => '▓',
        LaneState::Ready => '█',
        LaneState::BackOff => '~',
        LaneState::Terminating => 'x',
        LaneState::WaitingToStop => '╌',
    }
}

fn pod_char(state: PodLaneState) -> char {
    match state {
        PodLaneState::Unscheduled | PodLaneState::Succeeded | PodLaneState::Failed => ' ',
        PodLaneState::Pending => '·',
        PodLaneState::Running => '▓',
        PodLaneState::Ready => '█',
    }
}

/// A chart cell's colour: ready and exit 0 green, running and starting plain, pulling and
/// pending dim, back-off and stopping yellow, a failed exit red.
fn glyph_tone(glyph: char) -> Option<Tone> {
    match glyph {
        '█' | '✔' => Some(Tone::Good),
        '░' | '·' | '-' | '╌' => Some(Tone::Quiet),
        '~' | 'x' => Some(Tone::Busy),
        '✘' => Some(Tone::Bad),
        _ => None,
    }
}

/// A container's lane label in the charts: `register (init)`.
pub(crate) fn lane_label(name: &str, kind: ContainerKind) -> String {
    let kind = match kind {
        ContainerKind::Init => "init",
        ContainerKind::Sidecar => "sidecar",
        ContainerKind::App => "app",
        ContainerKind::Defer => "defer",
    };
    format!("{name} ({kind})")
}

/// One lane's cells: the dominant state of each cell, or an exit marker.
fn cells<S: Copy + PartialEq>(
    segments: &[(SimTime, S)],
    end: SimTime,
    cell: u64,
    count: usize,
    paint: impl Fn(S) -> char,
    marker: impl Fn(S) -> Option<char>,
) -> String {
    let mut out = String::with_capacity(count * 3);
    for (state, mark) in sample_cells(segments, end.millis(), cell, count, marker) {
        out.push(mark.unwrap_or_else(|| state.map_or(' ', &paint)));
    }
    out.trim_end().to_string()
}

/// For each of `count` cells of `cell` ms from 0: the state that filled most of it (the later
/// one on a tie) and, when a state `marker` marks starts in the cell, that mark (`✘` wins).
/// The text chart draws these; the SVG plot merges them into bars when a lane has more state
/// changes than pixels.
pub(crate) fn sample_cells<S: Copy + PartialEq>(
    segments: &[(SimTime, S)],
    end: u64,
    cell: u64,
    count: usize,
    marker: impl Fn(S) -> Option<char>,
) -> Vec<(Option<S>, Option<char>)> {
    let mut sampled = Vec::with_capacity(count);
    let mut first = 0usize;
    for index in 0..count {
        let from = index as u64 * cell;
        let to = ((index as u64 + 1) * cell).min(end.max(from + 1));
        while first + 1 < segments.len() && segments[first + 1].0.millis() <= from {
            first += 1;
        }
        let mut best: Option<(u64, S)> = None;
        let mut mark: Option<char> = None;
        let mut totals: Vec<(S, u64)> = Vec::new();
        for (position, (start, state)) in segments.iter().enumerate().skip(first) {
            let start = start.millis();
            if start >= to {
                break;
            }
            let stop = segments
                .get(position + 1)
                .map_or(u64::MAX, |(next, _)| next.millis());
            let overlap = stop.min(to).saturating_sub(start.max(from));
            if start >= from
                && let Some(m) = marker(*state)
                && mark != Some('✘')
            {
                mark = Some(m);
            }
            match totals.iter_mut().find(|(s, _)| *s == *state) {
                Some((_, total)) => *total += overlap,
                None => totals.push((*state, overlap)),
            }
        }
        for (state, total) in totals {
            if best.is_none_or(|(most, _)| total >= most) {
                best = Some((total, state));
            }
        }
        sampled.push((best.map(|(_, state)| state), mark));
    }
    sampled
}

pub(crate) const STEPS_MS: [u64; 22] = [
    100,
    200,
    500,
    1_000,
    2_000,
    5_000,
    10_000,
    15_000,
    30_000,
    60_000,
    120_000,
    300_000,
    600_000,
    900_000,
    1_800_000,
    3_600_000,
    7_200_000,
    10_800_000,
    21_600_000,
    43_200_000,
    86_400_000,
    172_800_000,
];

/// The smallest 1, 2 or 5 × 10^k milliseconds at least `millis`.
fn nice_cell(millis: u64) -> u64 {
    let mut scale = 1u64;
    loop {
        for factor in [1, 2, 5] {
            if factor * scale >= millis {
                return factor * scale;
            }
        }
        scale = scale.saturating_mul(10);
    }
}

/// Renders the chart to fit `width` columns.
pub fn render(context: &RunContext<'_>, width: usize) -> String {
    let plan = context.run.plan;
    let outcome = context.outcome;
    let end = outcome.summary.finished_at.max(SimTime(1));
    let labels: Vec<String> = plan
        .containers
        .iter()
        .map(|c| lane_label(&c.name, c.kind))
        .collect();
    let label_width = labels
        .iter()
        .map(|l| l.chars().count())
        .chain(std::iter::once(3))
        .max()
        .unwrap_or(3)
        + 2;
    let room = width.saturating_sub(label_width + 1).max(20) as u64;
    let cell = nice_cell(end.millis().div_ceil(room).max(1));
    let count = usize::try_from(end.millis().div_ceil(cell)).unwrap_or(usize::MAX);
    let step = STEPS_MS
        .iter()
        .copied()
        .find(|step| step / cell >= 9)
        .unwrap_or(cell * 10);
    let (label_row, axis) = axis_rows(end.millis(), cell, count, step);
    let pad = " ".repeat(label_width);
    let mut text = String::new();
    text.push_str(&format!("{pad}{}\n", label_row.trim_end()));
    text.push_str(&format!("{pad}{axis}\n"));
    let pod_cells = cells(
        &outcome.recording.pod_lane,
        end,
        cell,
        count,
        pod_char,
        |state| match state {
            PodLaneState::Succeeded => Some('✔'),
            PodLaneState::Failed => Some('✘'),
            _ => None,
        },
    );
    let paint = context.paint;
    let pod_cells = paint.runs(&pod_cells, glyph_tone);
    text.push_str(format!("{:<label_width$}{pod_cells}", "pod").trim_end());
    text.push('\n');
    for (label, lane) in labels.iter().zip(&outcome.recording.lanes) {
        let lane_cells = cells(
            lane,
            end,
            cell,
            count,
            container_char,
            |state| match state {
                LaneState::Completed => Some('✔'),
                LaneState::Failed => Some('✘'),
                LaneState::Skipped => Some('-'),
                _ => None,
            },
        );
        let lane_cells = paint.runs(&lane_cells, glyph_tone);
        let line = format!("{label:<label_width$}{lane_cells}");
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str(&crate::render::simulate::termination::timeline_section(
        context,
        cell,
        count,
        label_width,
    ));
    text.push_str(&format!(
        "{pad}one cell = {}; {LEGEND}\n",
        format_duration(SimDuration(cell))
    ));
    text
}

/// The label row and the axis of a timeline `count` cells wide, one cell `cell` ms, a tick
/// every `step` ms up to `end` ms.
fn axis_rows(end: u64, cell: u64, count: usize, step: u64) -> (String, String) {
    let mut label_row: Vec<char> = vec![' '; count + 12];
    let mut axis: Vec<char> = vec!['─'; count];
    let mut tick = 0u64;
    // Labels never overwrite each other: a label that would start inside (or touching) the
    // previous one is left out, and its tick stays on the axis.
    let mut free_from = 0;
    while tick <= end {
        let position = usize::try_from(tick / cell).unwrap_or(usize::MAX);
        if let Some(mark) = axis.get_mut(position) {
            *mark = if tick == 0 { '├' } else { '┼' };
        }
        let text = format_duration(SimDuration(tick));
        let length = text.chars().count();
        if position >= free_from && position + length <= label_row.len() {
            for (offset, ch) in text.chars().enumerate() {
                if let Some(cell) = label_row.get_mut(position + offset) {
                    *cell = ch;
                }
            }
            free_from = position + length + 1;
        }
        let Some(next) = tick.checked_add(step) else {
            break;
        };
        tick = next;
    }
    (label_row.into_iter().collect(), axis.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_never_collide() {
        // A cell of 1h23m20s and ticks every 10 cells: labels reach 10 characters.
        let cell = 5_000_000;
        let (labels, axis) = axis_rows(cell * 600, cell, 600, cell * 10);
        assert_eq!(axis.chars().count(), 600);
        let words: Vec<&str> = labels.split_whitespace().collect();
        assert!(words.len() > 10, "{labels}");
        let ticks: Vec<String> = (0..=60)
            .map(|k| format_duration(SimDuration(k * cell * 10)))
            .collect();
        for word in &words {
            assert!(
                ticks.iter().any(|tick| tick == word),
                "labels ran together or were overwritten: `{word}` in {labels}"
            );
        }
    }
}
