//! Colour for the text views: ANSI SGR sequences around a piece of text, only when the command's `--color` allows it.
//!
//! Views decide what a piece of text means (a [`Tone`]); [`Paint`] decides whether that shows.
//! Widths are measured on the plain text before painting, so colour never shifts a column.

/// What a piece of text means, which picks its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Running, ready, succeeded: green.
    Good,
    /// On its way or waiting: yellow.
    Busy,
    /// Failed, backing off, killed: red.
    Bad,
    /// Background detail: dim.
    Quiet,
    /// A heading or a key figure: bold.
    Strong,
}

impl Tone {
    fn sgr(self) -> &'static str {
        match self {
            Tone::Good => "32",
            Tone::Busy => "33",
            Tone::Bad => "31",
            Tone::Quiet => "2",
            Tone::Strong => "1",
        }
    }
}

/// Whether text views colour their output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Paint {
    enabled: bool,
}

impl Paint {
    /// No colour: what every machine format and every test without `--color always` sees.
    pub const OFF: Paint = Paint { enabled: false };

    /// Colour when `enabled` (the command's `--color` resolved against the terminal and
    /// `NO_COLOR`).
    pub fn new(enabled: bool) -> Self {
        Paint { enabled }
    }

    /// `text` in `tone`'s colour, or as it is.
    pub fn apply(self, text: &str, tone: Option<Tone>) -> String {
        match tone {
            Some(tone) if self.enabled && !text.is_empty() => {
                format!("\u{1b}[{}m{text}\u{1b}[0m", tone.sgr())
            }
            _ => text.to_string(),
        }
    }

    /// `text` with each run of characters of one tone painted (a lane of a chart).
    pub fn runs(self, text: &str, tone_of: impl Fn(char) -> Option<Tone>) -> String {
        if !self.enabled {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len() * 2);
        let mut run = String::new();
        let mut current: Option<Tone> = None;
        for character in text.chars() {
            let tone = tone_of(character);
            if tone != current && !run.is_empty() {
                out.push_str(&self.apply(&run, current));
                run.clear();
            }
            current = tone;
            run.push(character);
        }
        out.push_str(&self.apply(&run, current));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_leaves_text_alone_and_on_wraps_each_run() {
        assert_eq!(Paint::OFF.apply("Running", Some(Tone::Good)), "Running");
        let on = Paint::new(true);
        assert_eq!(
            on.apply("Running", Some(Tone::Good)),
            "\u{1b}[32mRunning\u{1b}[0m"
        );
        assert_eq!(on.apply("plain", None), "plain");
        let lane = on.runs("██~~ ✘", |c| match c {
            '█' => Some(Tone::Good),
            '~' => Some(Tone::Busy),
            '✘' => Some(Tone::Bad),
            _ => None,
        });
        assert_eq!(
            lane,
            "\u{1b}[32m██\u{1b}[0m\u{1b}[33m~~\u{1b}[0m \u{1b}[31m✘\u{1b}[0m"
        );
    }
}
