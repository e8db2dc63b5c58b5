//! Inputs: files, directories (recursive, sorted), standard input and built-in examples, read in parallel.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub mod config_discovery;
pub mod display_path;
pub mod examples;
pub mod helm_charts;
pub mod kustomize_patches;
pub mod set_aside;

use set_aside::SetAside;

use crate::error::Error;

/// One input to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file on disk, named on the command line.
    File(PathBuf),
    /// A file on disk found by walking a directory.
    Walked(PathBuf),
    /// Standard input (`-`), under the name `--stdin-filename` gave it, if any.
    Stdin(Option<PathBuf>),
    /// Standard input read already (no path given and something was piped in), and its name.
    Piped(Arc<[u8]>, Option<PathBuf>),
    /// A built-in example, by name.
    Example(&'static str, &'static str),
}

impl Input {
    /// The name findings carry in every format: the path relative to the current directory
    /// ([`display_path::display_path`]), `<stdin>` (or the `--stdin-filename`, the same way), or
    /// `example:<name>`.
    pub fn display_name(&self) -> String {
        match self {
            Input::File(path) | Input::Walked(path) => display_path::display_path(path),
            Input::Stdin(Some(name)) | Input::Piped(_, Some(name)) => {
                display_path::display_path(name)
            }
            Input::Stdin(None) | Input::Piped(_, None) => "<stdin>".to_string(),
            Input::Example(name, _) => format!("example:{name}"),
        }
    }
}

/// The text of an input, or why it is not text.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The name, as findings print it.
    pub name: Arc<str>,
    /// The text (empty when `not_utf8` is set), shared with the reports that show snippets of
    /// it, never copied.
    pub text: Arc<String>,
    /// Position of the first invalid UTF-8 byte: (line, column, byte).
    pub not_utf8: Option<(u32, u32, u8)>,
    /// How the input was given: a walked file skips documents that are no Kubernetes object;
    /// empty standard input is an error, not a warning.
    pub origin: SourceOrigin,
}

/// How an input was given, which decides how strictly its emptiness and foreign documents count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SourceOrigin {
    /// Named on the command line (or in memory: tests, benchmarks).
    #[default]
    Named,
    /// Found by walking a directory: a document that is no Kubernetes object at all (a
    /// workflow, a values file) is skipped and counted, not reported.
    Walked,
    /// Standard input: when it holds no object, the step that feeds it failed, so that is an
    /// error (exit 1), not a warning.
    Stdin,
    /// A built-in example.
    Example,
}

impl SourceOrigin {
    /// The origin of an input.
    pub fn of(input: &Input) -> Self {
        match input {
            Input::File(_) => SourceOrigin::Named,
            Input::Walked(_) => SourceOrigin::Walked,
            Input::Stdin(_) | Input::Piped(..) => SourceOrigin::Stdin,
            Input::Example(..) => SourceOrigin::Example,
        }
    }
}

impl SourceText {
    /// A source from text already in memory (tests, benchmarks, embedded examples).
    pub fn new(name: &str, text: impl Into<String>) -> Self {
        SourceText {
            name: Arc::from(name),
            text: Arc::new(text.into()),
            not_utf8: None,
            origin: SourceOrigin::Named,
        }
    }
}

/// Default for `--max-input-size`: far above any real manifest, far below what hurts.
pub const DEFAULT_MAX_INPUT_BYTES: u64 = 256 << 20;

/// What expanding the paths found.
#[derive(Debug, Default)]
pub struct Expansion {
    /// The inputs in order; a path that cannot be listed is an error in its place.
    pub inputs: Vec<Result<Input, Error>>,
    /// Files a directory walk passed over because they are not regular files (FIFOs, sockets,
    /// devices, dangling links): reading one could block forever or never end.
    pub skipped: Vec<PathBuf>,
    /// Paths passed over, walked or named, because they are another tool's sources (kustomize
    /// patches, Helm chart templates), not manifests.
    pub set_aside: Vec<SetAside>,
}

/// How directories are walked.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Also enter hidden files and directories (`.github/`, `.git/`).
    pub hidden: bool,
    /// Also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out.
    pub no_ignore: bool,
    /// Globs of paths to leave out (`--exclude 'charts/**'`), matched as in `.gitignore`.
    pub exclude: Vec<String>,
}

impl WalkOptions {
    /// The `--exclude` globs, built for a walk from `root`; a glob that does not parse is a
    /// usage error, found before any input is read.
    pub fn excludes(&self, root: &Path) -> Result<ignore::overrides::Override, Error> {
        let mut excludes = ignore::overrides::OverrideBuilder::new(root);
        for glob in &self.exclude {
            excludes.add(&format!("!{glob}")).map_err(|error| {
                Error::Usage(format!("--exclude {glob}: {}", glob_error(&error)))
            })?;
        }
        excludes
            .build()
            .map_err(|error| Error::Usage(format!("--exclude: {}", glob_error(&error))))
    }
}

/// The `ignore` crate's message without the pattern it quotes (which carries our `!`).
fn glob_error(error: &ignore::Error) -> String {
    let text = error.to_string();
    text.rsplit_once(": ")
        .map_or(text.clone(), |(_, why)| why.to_string())
}

/// Expands paths: directories become their `*.yaml`, `*.yml` and `*.json` regular files,
/// recursively, in sorted order, walked the way ripgrep walks (the `ignore` crate): hidden
/// entries and what `.gitignore`/`.ignore` exclude are skipped unless `walk` says otherwise;
/// `-` is standard input. A path named explicitly is read whatever it is (`<(helm template …)`
/// is a FIFO), bounded by the size limit. Kustomize patches and Helm chart templates are set
/// aside ([`set_aside`]), walked or named alike.
pub fn expand(paths: &[PathBuf], walk: &WalkOptions) -> Expansion {
    let mut expansion = Expansion::default();
    let mut named = set_aside::NamedPaths::default();
    for path in paths {
        if path.as_os_str() == "-" {
            expansion.inputs.push(Ok(Input::Stdin(None)));
        } else if let Some(why) = named.judge(path) {
            // Named (pre-commit names every changed file) as walked: no manifest.
            expansion.set_aside.push(SetAside {
                path: path.clone(),
                why,
            });
        } else if path.is_dir() {
            let mut walked = Walked::default();
            match walk_directory(path, walk, &mut walked) {
                Ok(()) => {
                    let Walked {
                        mut files,
                        mut skipped,
                        mut charts,
                    } = walked;
                    files.sort();
                    skipped.sort();
                    charts.sort_by(|a, b| a.path.cmp(&b.path));
                    expansion.set_aside.extend(charts);
                    let patches = kustomize_patches::set_aside_patches(&mut files);
                    expansion
                        .set_aside
                        .extend(patches.into_iter().map(|(path, kustomization)| SetAside {
                            path,
                            why: set_aside::SetAsideWhy::KustomizePatch(kustomization),
                        }));
                    expansion
                        .inputs
                        .extend(files.into_iter().map(|file| Ok(Input::Walked(file))));
                    expansion.skipped.extend(skipped);
                }
                Err(error) => expansion.inputs.push(Err(error)),
            }
        } else {
            expansion.inputs.push(Ok(Input::File(path.clone())));
        }
    }
    expansion
}

/// What a directory walk found.
#[derive(Debug, Default)]
struct Walked {
    /// Manifest files.
    files: Vec<PathBuf>,
    /// Manifest names that are no regular file.
    skipped: Vec<PathBuf>,
    /// Helm charts' `templates/` directories, not entered.
    charts: Vec<SetAside>,
}

fn walk_directory(
    directory: &Path,
    options: &WalkOptions,
    walked: &mut Walked,
) -> Result<(), Error> {
    let listing =
        |source: std::io::Error| Error::io(format!("listing `{}`", directory.display()), source);
    let excludes = options.excludes(directory)?;
    let charts = Arc::new(std::sync::Mutex::new(Vec::new()));
    let charts_found = Arc::clone(&charts);
    let walker = ignore::WalkBuilder::new(directory)
        .hidden(!options.hidden)
        .git_ignore(!options.no_ignore)
        .git_global(false)
        .git_exclude(!options.no_ignore)
        .ignore(!options.no_ignore)
        .parents(!options.no_ignore)
        .require_git(false)
        .follow_links(false)
        .overrides(excludes)
        .filter_entry(move |entry| {
            let chart_templates = entry.file_type().is_some_and(|kind| kind.is_dir())
                && helm_charts::is_templates_directory(entry.path());
            if chart_templates && let Ok(mut charts) = charts_found.lock() {
                charts.push(entry.path().to_path_buf());
            }
            !chart_templates
        })
        .build();
    for entry in walker {
        let entry = entry.map_err(|error| match error.into_io_error() {
            Some(source) => listing(source),
            None => listing(std::io::Error::other("unreadable entry")),
        })?;
        let path = entry.path();
        let is_dir = entry.file_type().is_some_and(|kind| kind.is_dir());
        if is_dir || !is_manifest(path) {
            continue;
        }
        // `metadata` follows a symbolic link to what it names.
        if std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file()) {
            walked.files.push(path.to_path_buf());
        } else {
            walked.skipped.push(path.to_path_buf());
        }
    }
    let charts = charts.lock().map(|mut found| std::mem::take(&mut *found));
    walked.charts = charts
        .unwrap_or_default()
        .into_iter()
        .map(|templates| {
            let chart = templates
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default();
            SetAside {
                path: templates,
                why: set_aside::SetAsideWhy::ChartTemplate(chart),
            }
        })
        .collect();
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

/// Reads all of standard input, at most `max_bytes`.
pub fn read_stdin(max_bytes: u64) -> Result<Vec<u8>, Error> {
    read_bounded(std::io::stdin().lock(), "<stdin>", max_bytes, None)
}

/// Reads `reader` to the end, or fails once it passes `max_bytes` (`/dev/zero` never ends).
/// `size_hint` is a regular file's length; for a stream (stdin, a FIFO, a device) the buffer is
/// reserved at the limit up front, which costs address space, not memory, until written, so
/// no reallocation ever copies it: an endless input costs the limit, not twice it.
fn read_bounded(
    mut reader: impl Read,
    name: &str,
    max_bytes: u64,
    size_hint: Option<u64>,
) -> Result<Vec<u8>, Error> {
    let limit = usize::try_from(max_bytes).unwrap_or(usize::MAX);
    let too_large = || Error::TooLarge {
        name: name.to_string(),
        limit: max_bytes,
    };
    let capacity = size_hint.map_or(max_bytes, |size| size.saturating_add(1).min(max_bytes));
    let mut bytes: Vec<u8> = Vec::with_capacity(usize::try_from(capacity).unwrap_or(limit));
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(source) => return Err(Error::io(format!("reading `{name}`"), source)),
        };
        let needed = bytes.len().saturating_add(read);
        if needed > limit {
            return Err(too_large());
        }
        if needed > bytes.capacity() {
            let grown = bytes.capacity().saturating_mul(2).max(needed).min(limit);
            bytes.reserve_exact(grown - bytes.len());
        }
        bytes.extend_from_slice(chunk.get(..read).unwrap_or_default());
    }
}

/// Reads an input's text, at most `max_bytes` of it.
pub fn read(input: &Input, max_bytes: u64) -> Result<SourceText, Error> {
    let name: Arc<str> = Arc::from(input.display_name());
    let bytes = match input {
        Input::File(path) | Input::Walked(path) => {
            let name = path.display().to_string();
            let file = std::fs::File::open(path)
                .map_err(|source| Error::io(format!("reading `{name}`"), source))?;
            let regular_size = file
                .metadata()
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|metadata| metadata.len());
            if regular_size.is_some_and(|size| size > max_bytes) {
                return Err(Error::TooLarge {
                    name,
                    limit: max_bytes,
                });
            }
            read_bounded(file, &name, max_bytes, regular_size)?
        }
        Input::Stdin(_) => read_stdin(max_bytes)?,
        Input::Piped(bytes, _) => bytes.to_vec(),
        Input::Example(_, text) => text.as_bytes().to_vec(),
    };
    let origin = SourceOrigin::of(input);
    Ok(match String::from_utf8(bytes) {
        Ok(text) => SourceText {
            name,
            text: Arc::new(text),
            not_utf8: None,
            origin,
        },
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.as_bytes();
            let before = String::from_utf8_lossy(bytes.get(..valid).unwrap_or_default());
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            SourceText {
                name,
                text: Arc::default(),
                not_utf8: Some((
                    u32::try_from(line).unwrap_or(u32::MAX),
                    u32::try_from(column).unwrap_or(u32::MAX),
                    bytes.get(valid).copied().unwrap_or(0),
                )),
                origin,
            }
        }
    })
}

/// Reads a file that must be UTF-8 text (a configuration, a scenario), at most `max_bytes` of
/// it, as manifests are read.
pub fn read_text_file(path: &Path, max_bytes: u64) -> Result<String, Error> {
    let source = read(&Input::File(path.to_path_buf()), max_bytes)?;
    match source.not_utf8 {
        None => Ok(Arc::unwrap_or_clone(source.text)),
        Some((line, column, byte)) => Err(Error::io(
            format!("reading `{}`", path.display()),
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 text: byte 0x{byte:02x} at line {line}, column {column}"),
            ),
        )),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("podlife-input-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&directory).expect("temp dir");
        directory
    }

    #[test]
    fn an_endless_stream_stops_at_the_limit() {
        let endless = std::io::repeat(b'a');
        let result = read_bounded(endless, "endless", 1 << 20, None);
        assert!(matches!(result, Err(Error::TooLarge { limit, .. }) if limit == 1 << 20));
    }

    #[test]
    fn inputs_up_to_the_limit_are_read_whole() {
        let text = vec![b'x'; 1000];
        let bytes = read_bounded(text.as_slice(), "x", 1000, None).expect("at the limit");
        assert_eq!(bytes.len(), 1000);
        let result = read_bounded(text.as_slice(), "x", 999, None);
        assert!(matches!(result, Err(Error::TooLarge { .. })));
    }

    #[test]
    fn a_file_over_the_limit_is_an_error_in_its_place() {
        let directory = scratch("limit");
        let path = directory.join("big.yaml");
        std::fs::write(&path, "a: 1\n".repeat(100)).expect("write");
        let result = read(&Input::File(path.clone()), 100);
        std::fs::remove_dir_all(&directory).ok();
        let message = result.expect_err("too large").to_string();
        assert!(
            message.contains("larger than the input size limit of 100 bytes"),
            "{message}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_walk_skips_what_is_not_a_regular_file() {
        let directory = scratch("fifo");
        std::fs::write(directory.join("pod.yaml"), "a: 1\n").expect("write");
        let fifo = directory.join("fifo.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|status| status.success());
        let dangling = directory.join("gone.yaml");
        std::os::unix::fs::symlink(directory.join("nowhere"), &dangling).expect("symlink");
        let expansion = expand(std::slice::from_ref(&directory), &WalkOptions::default());
        std::fs::remove_dir_all(&directory).ok();
        let inputs: Vec<Input> = expansion.inputs.into_iter().flatten().collect();
        assert_eq!(inputs, [Input::Walked(directory.join("pod.yaml"))]);
        let mut expected = vec![dangling];
        if made {
            expected.insert(0, fifo);
        }
        assert_eq!(expansion.skipped, expected);
    }
}
