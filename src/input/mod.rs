//! Inputs: files, directories (recursive, sorted), standard input and built-in examples, read in parallel.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub mod config_discovery;
pub mod examples;

use crate::error::Error;

/// One input to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file on disk.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// Standard input read already (no path given and something was piped in).
    Piped(Arc<[u8]>),
    /// A built-in example, by name.
    Example(&'static str, &'static str),
}

impl Input {
    /// The name findings carry: the path as given, `<stdin>`, or `example:<name>`.
    pub fn display_name(&self) -> String {
        match self {
            Input::File(path) => path.display().to_string(),
            Input::Stdin | Input::Piped(_) => "<stdin>".to_string(),
            Input::Example(name, _) => format!("example:{name}"),
        }
    }
}

/// The text of an input, or why it is not text.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The name, as findings print it.
    pub name: Arc<str>,
    /// The text (empty when `not_utf8` is set).
    pub text: String,
    /// Position of the first invalid UTF-8 byte: (line, column, byte).
    pub not_utf8: Option<(u32, u32, u8)>,
}

impl SourceText {
    /// A source from text already in memory (tests, benchmarks, embedded examples).
    pub fn new(name: &str, text: impl Into<String>) -> Self {
        SourceText {
            name: Arc::from(name),
            text: text.into(),
            not_utf8: None,
        }
    }
}

/// Expands paths: directories become their `*.yaml`, `*.yml` and `*.json` files, recursively, in
/// sorted order; `-` is standard input. A path that cannot be listed is an error in its place.
pub fn expand(paths: &[PathBuf]) -> Vec<Result<Input, Error>> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Ok(Input::Stdin));
        } else if path.is_dir() {
            let mut files = Vec::new();
            match walk(path, &mut files) {
                Ok(()) => {
                    files.sort();
                    inputs.extend(files.into_iter().map(|file| Ok(Input::File(file))));
                }
                Err(error) => inputs.push(Err(error)),
            }
        } else {
            inputs.push(Ok(Input::File(path.clone())));
        }
    }
    inputs
}

fn walk(directory: &Path, files: &mut Vec<PathBuf>) -> Result<(), Error> {
    let entries = std::fs::read_dir(directory)
        .map_err(|source| Error::io(format!("listing `{}`", directory.display()), source))?;
    for entry in entries {
        let entry = entry
            .map_err(|source| Error::io(format!("listing `{}`", directory.display()), source))?;
        let path = entry.path();
        let file_type = entry
            .file_type()
            .map_err(|source| Error::io(format!("reading `{}`", path.display()), source))?;
        if file_type.is_dir() {
            walk(&path, files)?;
        } else if is_manifest(&path) {
            files.push(path);
        }
    }
    Ok(())
}

fn is_manifest(path: &Path) -> bool {
    let is_config = path
        .file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| config_discovery::CONFIG_FILE_NAMES.contains(&name));
    !is_config
        && path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "yaml" | "yml" | "json"))
}

/// Reads all of standard input.
pub fn read_stdin() -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|source| Error::io("reading standard input".to_string(), source))?;
    Ok(bytes)
}

/// Reads an input's text.
pub fn read(input: &Input) -> Result<SourceText, Error> {
    let name: Arc<str> = Arc::from(input.display_name());
    let bytes = match input {
        Input::File(path) => std::fs::read(path)
            .map_err(|source| Error::io(format!("reading `{}`", path.display()), source))?,
        Input::Stdin => read_stdin()?,
        Input::Piped(bytes) => bytes.to_vec(),
        Input::Example(_, text) => text.as_bytes().to_vec(),
    };
    Ok(match String::from_utf8(bytes) {
        Ok(text) => SourceText {
            name,
            text,
            not_utf8: None,
        },
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.as_bytes();
            let before = String::from_utf8_lossy(&bytes[..valid]);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            SourceText {
                name,
                text: String::new(),
                not_utf8: Some((
                    u32::try_from(line).unwrap_or(u32::MAX),
                    u32::try_from(column).unwrap_or(u32::MAX),
                    bytes.get(valid).copied().unwrap_or(0),
                )),
            }
        }
    })
}

/// Runs `work` on every input in parallel and returns the results in input order.
pub fn map_inputs<T: Send>(
    inputs: &[Result<Input, Error>],
    work: impl Fn(&Input) -> T + Sync + Send,
) -> Vec<Result<T, Error>> {
    inputs
        .par_iter()
        .map(|input| match input {
            Ok(input) => Ok(work(input)),
            Err(error) => Err(error.clone()),
        })
        .collect()
}
