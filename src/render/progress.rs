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
        let template =
            format!("{{bar:40}} {{human_pos}}/{{human_len}} {unit} ({{rate}}/s, {{eta}} left)");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.with_key(
                "rate",
                |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = out.write_str(&crate::text::thousands(whole(state.per_sec())));
                },
            ));
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

/// A rate as a whole number (0 for anything not a positive finite number).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn whole(rate: f64) -> u64 {
    // Clamped to [0, 2^53] first, so the cast is exact.
    rate.clamp(0.0, 9_007_199_254_740_992.0).round() as u64
}

#[cfg(test)]
mod tests {
    #[test]
    fn rates_are_whole_numbers_with_thousands_separators() {
        assert_eq!(crate::text::thousands(0), "0");
        assert_eq!(crate::text::thousands(999), "999");
        assert_eq!(crate::text::thousands(1_000), "1,000");
        assert_eq!(crate::text::thousands(182_634), "182,634");
        assert_eq!(crate::text::thousands(12_345_678), "12,345,678");
    }
}
