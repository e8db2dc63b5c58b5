//! Progress on stderr for long work: an indicatif bar that appears only on a terminal, only
//! after half a second, and never with `--quiet` or in machine formats.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before a bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// A progress bar that stays hidden until the work has taken longer than half a second.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    enabled: bool,
}

impl Progress {
    /// A bar over `total` items labelled `unit` (`files`, `runs`); shown only when `enabled`
    /// and stderr is a terminal.
    pub fn new(total: u64, unit: &str, enabled: bool) -> Self {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}} left)");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            enabled: enabled && std::io::stderr().is_terminal(),
        }
    }

    /// One more item done.
    pub fn inc(&self) {
        self.bar.inc(1);
        if self.enabled && self.bar.is_hidden() && self.started.elapsed() >= DELAY {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
