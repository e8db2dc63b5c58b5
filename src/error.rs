//! The one error type for operational failures (I/O, usage), as opposed to findings about manifests.

use std::fmt;
use std::sync::Arc;

use crate::yaml::source::Span;

/// Something podlife could not do. Exit code 2.
#[derive(Debug, Clone)]
pub enum Error {
    /// An I/O call failed; `action` says what podlife was doing (``reading `pod.yaml` ``).
    Io {
        /// What was being done.
        action: String,
        /// The cause.
        source: Arc<std::io::Error>,
    },
    /// The command line asks for something impossible.
    Usage(String),
    /// An input is larger than `--max-input-size`.
    TooLarge {
        /// The input, as findings name it.
        name: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The command's engine has not been built yet.
    NotImplemented(&'static str),
    /// A configuration file is invalid; every problem, located.
    Config {
        /// The file, as found or named.
        file: String,
        /// What is wrong, where.
        problems: Vec<ConfigProblem>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { action, source } => write!(f, "{action}: {source}"),
            Error::Usage(message) => f.write_str(message),
            Error::TooLarge { name, limit } => {
                let limit = if limit % (1 << 20) == 0 {
                    format!("{} MiB", limit >> 20)
                } else {
                    format!("{limit} bytes")
                };
                write!(
                    f,
                    "`{name}` is larger than the input size limit of {limit}; raise it with --max-input-size"
                )
            }
            Error::NotImplemented(command) => {
                write!(f, "`podlife {command}` is not implemented yet")
            }
            Error::Config { file, problems } => {
                write!(f, "invalid configuration in `{file}`")?;
                for problem in problems {
                    let start = problem.span.start;
                    write!(
                        f,
                        "\n  {file}:{}:{}: {}",
                        start.line, start.column, problem.message
                    )?;
                    if let Some(help) = &problem.help {
                        write!(f, "\n    help: {help}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}

impl Error {
    /// Whether this is a broken pipe on output (the reader went away): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// What the error is about, for reports that list failed inputs: the first `quoted` name
    /// in the message (``reading `pod.yaml` `` → `pod.yaml`), else the whole message.
    pub fn subject(&self) -> String {
        let text = self.to_string();
        text.split('`')
            .nth(1)
            .filter(|_| text.matches('`').count() >= 2)
            .map_or_else(|| text.clone(), str::to_string)
    }

    /// An I/O error with what was being done.
    pub fn io(action: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            action: action.into(),
            source: Arc::new(source),
        }
    }
}

/// A problem in a configuration file: where, what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigProblem {
    /// Where.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}
