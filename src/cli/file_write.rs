//! Writing files without losing anything: `--fix` and `--svg` (and `man --out`) write a temporary file in the same directory, sync it and rename it into place; a fix replaces a file only if it is still what podlife read; what is not a regular file is written to, never replaced.
//!
//! The guarantees are the ones docs/files.md promises:
//!
//! - A reader never sees half a file: the new content is complete and synced before the rename,
//!   and a failure leaves the old file and no temporary behind.
//! - A fix never overwrites an edit made while podlife ran: just before the rename, the file's
//!   size, modification time and content are compared with what was read
//!   ([`ReadState`]); any difference leaves the file alone ([`FixWriteError::Changed`]). The
//!   last comparison and the rename happen under the writers' lock
//!   ([`crate::cli::writer_lock`]), so two podlife writers never interleave them.
//! - A fixed file keeps what it is: through a symbolic link the target is fixed and the link
//!   kept; mode, owner and group are carried over (the owner only where the process may, else
//!   nothing is written); a file without a write bit is refused, even for root, and so is one
//!   with hard links (a rename would leave its other names behind).
//! - An output path that is not a regular file (`/dev/null`, a FIFO, a terminal, `/dev/stdout`)
//!   is written to as a stream, never unlinked; so is any path under `/dev/` or `/proc/`, which
//!   may lead to a regular file through the process's own descriptors.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::SystemTime;

/// What a file was when podlife read it, compared again before a fix replaces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadState {
    len: u64,
    modified: Option<SystemTime>,
}

impl ReadState {
    /// The state of `path` (through symbolic links), taken before its content is read: a
    /// change between this and the read shows as a different modification time later.
    pub fn of(path: &Path) -> io::Result<Self> {
        Ok(Self::from_metadata(&fs::metadata(path)?))
    }

    fn from_metadata(metadata: &fs::Metadata) -> Self {
        ReadState {
            len: metadata.len(),
            modified: metadata.modified().ok(),
        }
    }
}

/// Why a fixed file was not written; in every case the file is as it was.
#[derive(Debug)]
pub enum FixWriteError {
    /// The file changed (size, modification time or content) since podlife read it.
    Changed,
    /// The file's mode has no write bit (`0444`): podlife does not replace it, even as root.
    ReadOnly(u32),
    /// The path is not a regular file (a FIFO, a device): there is nothing to replace.
    NotRegular,
    /// The file has other names (hard links) that a rename would leave with the old text.
    HardLinked(u64),
    /// The fixed file could not be given the original owner and group.
    Owner {
        /// The original owner and group.
        owner: (u32, u32),
        /// Why not.
        source: io::Error,
    },
    /// Another podlife held the directory's write lock too long, or it could not be taken.
    Locked(crate::cli::writer_lock::LockError),
    /// Creating, writing, syncing or renaming failed.
    Io(io::Error),
}

impl std::fmt::Display for FixWriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FixWriteError::Changed => f.write_str("file changed while fixing; nothing written"),
            FixWriteError::ReadOnly(mode) => write!(
                f,
                "the file is read-only (mode {mode:04o}); nothing written (make it writable to fix it)"
            ),
            FixWriteError::HardLinked(links) => write!(
                f,
                "the file has {links} hard links, and replacing it would leave the other names \
                 with the old text; nothing written (fix it through a copy)"
            ),
            FixWriteError::NotRegular => f.write_str(
                "not a regular file; nothing written (fix a copy, or pipe it through `podlife validate --fix -`)",
            ),
            FixWriteError::Owner { owner, source } => write!(
                f,
                "cannot give the fixed file the owner {}:{} ({source}); nothing written",
                owner.0, owner.1
            ),
            FixWriteError::Locked(why) => write!(f, "{why}; nothing written (run it again)"),
            FixWriteError::Io(source) => write!(f, "{source}; nothing written"),
        }
    }
}

impl From<io::Error> for FixWriteError {
    fn from(source: io::Error) -> Self {
        FixWriteError::Io(source)
    }
}

/// Replaces the file at `path` (the target, when `path` is a symbolic link) with `fixed`,
/// provided it is still `original`, as read after `read`: same size, same modification time,
/// same bytes. The new file has the old one's mode, owner and group.
pub fn replace_checked(
    path: &Path,
    read: &ReadState,
    original: &[u8],
    fixed: &[u8],
) -> Result<(), FixWriteError> {
    let target = fs::canonicalize(path)?;
    let metadata = fs::metadata(&target)?;
    if !metadata.is_file() {
        return Err(FixWriteError::NotRegular);
    }
    let mode = mode_of(&metadata);
    if mode & 0o222 == 0 {
        return Err(FixWriteError::ReadOnly(mode));
    }
    let links = link_count(&metadata);
    if links > 1 {
        return Err(FixWriteError::HardLinked(links));
    }
    if !unchanged(&target, read, original)? {
        return Err(FixWriteError::Changed);
    }
    let mut temporary = Temporary::create(&target, true)?;
    temporary.file.write_all(fixed)?;
    keep_owner(&temporary.file, &metadata)?;
    temporary.file.set_permissions(metadata.permissions())?;
    temporary.file.sync_all()?;
    // The last look and the rename, with no other podlife writer in between: one that renamed
    // first is seen here as a change.
    let directory = target.parent().unwrap_or(Path::new("/"));
    let _lock = crate::cli::writer_lock::lock(directory).map_err(FixWriteError::Locked)?;
    if !unchanged(&target, read, original)? {
        return Err(FixWriteError::Changed);
    }
    temporary.rename_onto(&target)?;
    Ok(())
}

/// Whether `target` is still the file read: its state and its bytes.
fn unchanged(target: &Path, read: &ReadState, original: &[u8]) -> io::Result<bool> {
    let file = File::open(target)?;
    if ReadState::from_metadata(&file.metadata()?) != *read {
        return Ok(false);
    }
    let mut now = Vec::with_capacity(original.len());
    file.take(read.len.saturating_add(1))
        .read_to_end(&mut now)?;
    Ok(now == original)
}

/// Writes `bytes` to `path` as an output (a plot, a man page): a regular file or a new one is
/// replaced atomically (a symbolic link at `path` is replaced, never followed: a link planted
/// where a report goes cannot redirect it); anything else is written to as a stream.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if is_stream(path) {
        let regular = fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
        let mut stream = OpenOptions::new()
            .write(!regular)
            .append(regular)
            .open(path)?;
        stream.write_all(bytes)?;
        return stream.flush();
    }
    let existing = fs::symlink_metadata(path)
        .ok()
        .filter(fs::Metadata::is_file);
    let mut temporary = Temporary::create(path, false)?;
    temporary.file.write_all(bytes)?;
    if let Some(existing) = existing {
        temporary.file.set_permissions(existing.permissions())?;
    }
    temporary.file.sync_all()?;
    temporary.rename_onto(path)
}

/// Writes a plot (`--svg FILE`): `-` is stdout, anything else [`write_output`]; a failure is an
/// error naming the path (exit 2).
pub fn write_plot(path: &Path, bytes: &[u8]) -> Result<(), crate::error::Error> {
    let failed = |e| crate::error::Error::io(format!("writing `{}`", path.display()), e);
    if is_stdout(path) {
        let mut out = crate::cli::output::stdout(false);
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(failed);
    }
    write_output(path, bytes).map_err(failed)
}

/// Whether `path` takes one plot only: standard output, or anything written to as a stream
/// (`/dev/null`, a FIFO, a device). Several plots are numbered files beside a regular path
/// (`plot-2.svg`); beside a stream that would create files next to a device or a FIFO, so a
/// run that draws several is refused instead ([`several_plots_refused`]).
pub fn holds_one_plot(path: &Path) -> bool {
    is_stdout(path) || is_stream(path)
}

/// The usage error for `--svg PATH` when `PATH` holds one plot and the run draws several.
pub fn several_plots_refused(path: &Path, what: &str) -> crate::error::Error {
    let shown = crate::text::escape_control(&path.display().to_string()).into_owned();
    let holds = if path.as_os_str() == "-" {
        "stdout holds one plot".to_string()
    } else {
        format!(
            "`{shown}` is not a regular file: it holds one plot, and numbered files are not made beside it"
        )
    };
    let pick = if what.contains("pod") || what.contains("workload") {
        " or pick one with --pod"
    } else {
        ""
    };
    crate::error::Error::Usage(format!(
        "--svg {shown}: this run draws {what}, and {holds}; name a file (`--svg plot.svg` writes plot.svg, plot-2.svg, …){pick}"
    ))
}

/// Whether `path` is this process's standard output: `-`, or a name for the same file
/// (`/dev/stdout`, `/dev/fd/1`), which must be written through stdout itself, in order with the
/// rest of it.
pub fn is_stdout(path: &Path) -> bool {
    if path.as_os_str() == "-" {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let identity = |path: &Path| fs::metadata(path).ok().map(|m| (m.dev(), m.ino()));
        identity(path).is_some_and(|file| identity(Path::new("/dev/stdout")) == Some(file))
    }
    #[cfg(not(unix))]
    false
}

/// Whether an output path is written to rather than replaced: something that exists and is not
/// a regular file (through links), or a path under `/dev/` or `/proc/` (`/dev/stdout` may lead
/// to a regular file the shell opened; replacing it would replace the link in `/dev`).
fn is_stream(path: &Path) -> bool {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if absolute.starts_with("/dev") || absolute.starts_with("/proc") {
        return true;
    }
    fs::metadata(path).is_ok_and(|metadata| !metadata.is_file())
}

/// A temporary file beside its destination, removed unless renamed into place.
struct Temporary {
    path: PathBuf,
    file: File,
    renamed: bool,
}

impl Temporary {
    /// Creates `.NAME.podlife-PID-N.tmp` next to `destination`; `private` creates it readable by
    /// the owner only (its mode is set from the original before the rename).
    fn create(destination: &Path, private: bool) -> io::Result<Self> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let name = destination
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
        loop {
            let mut temporary_name = std::ffi::OsString::from(".");
            temporary_name.push(name);
            temporary_name.push(format!(
                ".podlife-{}-{}.tmp",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            let path = destination.with_file_name(temporary_name);
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            if private {
                use std::os::unix::fs::OpenOptionsExt;
                options.mode(0o600);
            }
            #[cfg(not(unix))]
            let _ = private;
            match options.open(&path) {
                Ok(file) => {
                    return Ok(Temporary {
                        path,
                        file,
                        renamed: false,
                    });
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Renames the temporary onto `destination` and syncs the directory, so the rename itself
    /// survives a crash.
    fn rename_onto(&mut self, destination: &Path) -> io::Result<()> {
        fs::rename(&self.path, destination)?;
        self.renamed = true;
        let directory = destination
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        // Not every file system can sync a directory; the data itself is synced already.
        if let Ok(directory) = File::open(directory) {
            let _ = directory.sync_all();
        }
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(unix)]
fn link_count(metadata: &fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    metadata.nlink()
}

#[cfg(not(unix))]
fn link_count(_: &fs::Metadata) -> u64 {
    1
}

#[cfg(unix)]
fn mode_of(metadata: &fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn mode_of(metadata: &fs::Metadata) -> u32 {
    if metadata.permissions().readonly() {
        0o444
    } else {
        0o644
    }
}

/// Gives `file` the owner and group of `original` when they differ from what it got (root
/// fixing another user's file; a file whose group is not the user's primary group).
#[cfg(unix)]
fn keep_owner(file: &File, original: &fs::Metadata) -> Result<(), FixWriteError> {
    use std::os::unix::fs::MetadataExt;
    let created = file.metadata()?;
    if (created.uid(), created.gid()) == (original.uid(), original.gid()) {
        return Ok(());
    }
    std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).map_err(|source| {
        FixWriteError::Owner {
            owner: (original.uid(), original.gid()),
            source,
        }
    })
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &fs::Metadata) -> Result<(), FixWriteError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("podlife-write-{name}-{}", std::process::id()));
        fs::create_dir_all(&directory).expect("temp dir");
        directory
    }

    fn leftovers(directory: &Path) -> Vec<String> {
        fs::read_dir(directory)
            .expect("list")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.contains(".podlife-"))
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn an_output_replaces_a_symbolic_link_instead_of_following_it() {
        let directory = scratch("link");
        let victim = directory.join("victim");
        fs::write(&victim, "keep me").expect("write");
        let report = directory.join("plot.svg");
        std::os::unix::fs::symlink(&victim, &report).expect("symlink");
        write_output(&report, b"<svg/>").expect("replaced");
        let kept = fs::read_to_string(&victim).expect("read");
        let written = fs::read_to_string(&report).expect("read");
        let is_link = fs::symlink_metadata(&report).expect("meta").is_symlink();
        fs::remove_dir_all(&directory).ok();
        assert_eq!(kept, "keep me");
        assert_eq!(written, "<svg/>");
        assert!(!is_link);
    }

    #[test]
    fn a_fix_is_written_only_over_the_file_it_read() {
        let directory = scratch("changed");
        let path = directory.join("pod.yaml");
        fs::write(&path, "a: 1\n").expect("write");
        let read = ReadState::of(&path).expect("stat");
        let original = fs::read(&path).expect("read");
        // Same size and, set back, the same modification time: only the bytes tell.
        fs::write(&path, "b: 2\n").expect("the user's edit");
        let modified = fs::metadata(&path)
            .expect("stat")
            .modified()
            .expect("mtime");
        let file = File::options().write(true).open(&path).expect("open");
        file.set_modified(modified - std::time::Duration::from_secs(60))
            .expect("set mtime");
        drop(file);
        let read = ReadState {
            modified: Some(modified - std::time::Duration::from_secs(60)),
            ..read
        };
        let result = replace_checked(&path, &read, &original, b"a: 3\n");
        let now = fs::read_to_string(&path).expect("read");
        let left = leftovers(&directory);
        fs::remove_dir_all(&directory).ok();
        assert!(matches!(result, Err(FixWriteError::Changed)), "{result:?}");
        assert_eq!(now, "b: 2\n", "the edit is kept");
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn an_unchanged_file_is_replaced() {
        let directory = scratch("unchanged");
        let path = directory.join("pod.yaml");
        fs::write(&path, "a: 1\n").expect("write");
        let read = ReadState::of(&path).expect("stat");
        let original = fs::read(&path).expect("read");
        replace_checked(&path, &read, &original, b"a: 2\n").expect("written");
        let now = fs::read_to_string(&path).expect("read");
        let left = leftovers(&directory);
        fs::remove_dir_all(&directory).ok();
        assert_eq!(now, "a: 2\n");
        assert!(left.is_empty(), "{left:?}");
    }
}
