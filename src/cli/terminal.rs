//! What the terminal decides about output: whether to colour it and how wide to wrap it.

use std::io::IsTerminal;

use crate::cli::ColorChoice;

/// Whether to colour output written to stdout.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

/// The width to wrap human output at: `COLUMNS` (an override, when at least 40), else the
/// terminal's width when stdout is one (at least 40), else 100.
pub fn output_width() -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|w: &usize| *w >= 40);
    let terminal = || {
        terminal_size::terminal_size_of(std::io::stdout())
            .map(|(width, _)| usize::from(width.0).max(40))
    };
    columns.or_else(terminal).unwrap_or(100)
}
