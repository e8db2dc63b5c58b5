//! Errors in a scenario file, located at file:line:col and printed rustc-style with the source line.

use std::fmt::Write as _;

use crate::yaml::field_path::FieldPath;
use crate::yaml::source::Span;

/// One problem in a scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioError {
    /// What is wrong (lowercase, no period).
    pub message: String,
    /// Where, if known.
    pub span: Option<Span>,
    /// The field path, if known.
    pub path: Option<FieldPath>,
    /// How to fix it.
    pub help: Option<String>,
}

impl ScenarioError {
    /// An error at a place.
    pub fn at(message: impl Into<String>, span: Span, path: FieldPath) -> Self {
        ScenarioError {
            message: message.into(),
            span: Some(span),
            path: Some(path),
            help: None,
        }
    }

    /// Adds a help line.
    #[must_use]
    pub fn help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }
}

/// Renders errors like rustc: the message, `--> file:line:col`, the line, a caret underline, help.
pub fn render(errors: &[ScenarioError], file: &str, text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for error in errors {
        let _ = writeln!(out, "error: {}", error.message);
        if let Some(span) = error.span {
            let line = span.start.line.max(1) as usize;
            let column = span.start.column.max(1) as usize;
            let _ = writeln!(out, "  --> {file}:{line}:{column}");
            if let Some(source) = lines.get(line - 1) {
                let gutter = line.to_string().len();
                let width = if span.end.line == span.start.line {
                    (span.end.column.saturating_sub(span.start.column) as usize).max(1)
                } else {
                    source.chars().count().saturating_sub(column - 1).max(1)
                };
                let _ = writeln!(out, "{:gutter$} |", "");
                let _ = writeln!(out, "{line} | {source}");
                let _ = writeln!(
                    out,
                    "{:gutter$} | {}{}",
                    "",
                    " ".repeat(column - 1),
                    "^".repeat(width)
                );
            }
        } else {
            let _ = writeln!(out, "  --> {file}");
        }
        if let Some(path) = &error.path
            && !path.is_root()
        {
            let _ = writeln!(out, "  = path: {path}");
        }
        if let Some(help) = &error.help {
            let _ = writeln!(out, "  = help: {help}");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::Pos;

    #[test]
    fn renders_the_line_and_a_caret() {
        let span = Span {
            start: Pos {
                index: 14,
                line: 2,
                column: 3,
            },
            end: Pos {
                index: 20,
                line: 2,
                column: 9,
            },
        };
        let error = ScenarioError::at(
            "unknown container `migrat`",
            span,
            FieldPath::parse("containers.migrat"),
        )
        .help(Some("did you mean `migrate`?".to_string()));
        let text = render(&[error], "s.yaml", "containers:\n  migrat:\n    run: 1s\n");
        assert_eq!(
            text,
            "error: unknown container `migrat`\n  --> s.yaml:2:3\n  |\n2 |   migrat:\n  |   ^^^^^^\n  = path: containers.migrat\n  = help: did you mean `migrate`?\n\n"
        );
    }
}
