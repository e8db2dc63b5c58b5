//! Running the built binary and snapshotting what it prints.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A `podlife` command run from the repository root, without colour, at a fixed width, with
/// standard input closed (not a terminal).
pub fn podlife(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_podlife"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null());
    command
}

/// Runs `podlife` with `args`.
pub fn run(args: &[&str]) -> Output {
    podlife(args).output().expect("podlife runs")
}

/// Runs `podlife` with `input` on standard input.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = podlife(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("podlife starts");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input).expect("stdin accepts input");
    }
    child.wait_with_output().expect("podlife finishes")
}

/// Exit code, stdout and stderr as one text, as the user sees them.
pub fn render(output: &Output) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Asserts a snapshot stored in the top-level `snapshots/` directory.
pub fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

/// Snapshots a command line's exit code, stdout and stderr.
pub fn snapshot_cli(name: &str, args: &[&str]) {
    let output = run(args);
    snapshot(
        name,
        &format!("$ podlife {}\n{}", args.join(" "), render(&output)),
    );
}

/// The files of a directory with one of the extensions, sorted.
pub fn files(directory: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(directory)
        .expect("directory is readable")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    files.sort();
    files
}

/// Parses stdout as JSON.
pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}
