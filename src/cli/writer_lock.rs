//! The advisory lock podlife's writers take on a file's directory from a fix's last look at
//! the file to its rename, so that two podlife processes (`--fix` beside `--add-ignore`, two
//! `--fix` runs) never check the same file and replace it in between each other: the second
//! sees the first one's file, not the one it read, and writes nothing.
//!
//! On Unix the lock is `flock` on the directory itself (nothing is created beside your
//! files); elsewhere it is a lock file `.podlife-write.lock` in the directory. Other programs
//! do not take it: their edits are caught by the content check, as before.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a writer waits for another podlife to finish its rename in the same directory.
pub const WAIT: Duration = Duration::from_secs(10);

/// How often it looks again while it waits.
const POLL: Duration = Duration::from_millis(5);

/// Held while a writer checks and replaces one file; released when dropped.
#[derive(Debug)]
pub struct WriterLock {
    _file: File,
}

/// Why the lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another podlife held it for the whole wait.
    Busy(PathBuf),
    /// The directory (or the lock file) could not be opened or locked.
    Io(io::Error),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Busy(directory) => write!(
                f,
                "another podlife kept writing in `{}` for {} s",
                directory.display(),
                WAIT.as_secs()
            ),
            LockError::Io(source) => write!(f, "could not take podlife's write lock: {source}"),
        }
    }
}

/// Takes the writers' lock on `directory`, waiting at most [`WAIT`] for another podlife.
pub fn lock(directory: &Path) -> Result<WriterLock, LockError> {
    let file = open(directory).map_err(LockError::Io)?;
    let started = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(WriterLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < WAIT => {
                std::thread::sleep(POLL);
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(LockError::Busy(directory.to_path_buf()));
            }
            Err(std::fs::TryLockError::Error(source)) => return Err(LockError::Io(source)),
        }
    }
}

#[cfg(unix)]
fn open(directory: &Path) -> io::Result<File> {
    File::open(directory)
}

#[cfg(not(unix))]
fn open(directory: &Path) -> io::Result<File> {
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(directory.join(".podlife-write.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_writer_waits_for_the_first() {
        let directory = std::env::temp_dir().join(format!("podlife-lock-{}", std::process::id()));
        std::fs::create_dir_all(&directory).expect("directory");
        let first = lock(&directory).expect("the first takes it");
        let released = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = std::sync::Arc::clone(&released);
        let waiter = {
            let directory = directory.clone();
            std::thread::spawn(move || {
                let _second = lock(&directory).expect("the second takes it after");
                seen.load(std::sync::atomic::Ordering::SeqCst)
            })
        };
        std::thread::sleep(Duration::from_millis(50));
        released.store(true, std::sync::atomic::Ordering::SeqCst);
        drop(first);
        assert!(waiter.join().expect("joined"), "taken only once released");
        std::fs::remove_dir_all(&directory).ok();
    }
}
