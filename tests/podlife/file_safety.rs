//! What podlife promises about your files (docs/files.md): `--fix` and `--svg` never lose an
//! edit, never replace what is not theirs to replace, keep what a file is, and fix completely
//! and once. Each case builds its own files in a scratch directory.

use std::path::{Path, PathBuf};
use std::process::Output;

use podlife::cli::file_write::{FixWriteError, ReadState, replace_checked};

use super::support::run;

/// A scratch directory for one case, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(case: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("podlife-files-{case}-{}", std::process::id()));
        std::fs::remove_dir_all(&path).ok();
        std::fs::create_dir_all(&path).expect("scratch directory");
        Scratch(path)
    }

    fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write case file");
        path
    }

    /// Every name in the directory.
    fn names(&self) -> Vec<String> {
        std::fs::read_dir(&self.0)
            .expect("list")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    }

    /// Names in the directory that look like a temporary left behind.
    fn leftovers(&self) -> Vec<String> {
        let mut names = self.names();
        names.retain(|name| name.contains(".podlife-"));
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).expect("readable")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn path_text(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// A pod of `count` containers whose `imagePullPolicy` is in the wrong case (one safe fix
/// each), and, with `colliding`, one more container whose misspelled `imagePulPolicy` would be
/// renamed onto the `imagePullPolicy` it already has.
fn many_fixes(count: usize, colliding: bool) -> String {
    let mut text =
        String::from("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n");
    for index in 0..count {
        text.push_str(&format!(
            "  - name: c{index}\n    image: nginx:1.27\n    imagePullPolicy: ifnotpresent\n"
        ));
    }
    if colliding {
        text.push_str(
            "  - name: last\n    image: nginx:1.27\n    imagePullPolicy: Always\n    imagePulPolicy: Never\n",
        );
    }
    text
}

/// Item 1: an edit saved between podlife's read and its write is kept; the fix is not written.
/// The library call is the one `--fix` makes, given the state it took before reading.
#[test]
fn a_file_changed_while_fixing_is_left_alone() {
    let scratch = Scratch::new("changed");
    let path = scratch.file("pod.yaml", many_fixes(1, false));
    let read = ReadState::of(&path).expect("stat");
    let original = std::fs::read(&path).expect("read");
    let fixed = text(&path).replace("ifnotpresent", "IfNotPresent");
    // The user saves an edit while podlife works.
    let edit = text(&path).replace("name: p", "name: edited");
    std::fs::write(&path, &edit).expect("the user's edit");
    let result = replace_checked(&path, &read, &original, fixed.as_bytes());
    assert!(matches!(result, Err(FixWriteError::Changed)), "{result:?}");
    assert_eq!(
        result.map_err(|e| e.to_string()).expect_err("changed"),
        "file changed while fixing; nothing written"
    );
    assert_eq!(text(&path), edit, "the edit survives");
    assert!(scratch.leftovers().is_empty(), "{:?}", scratch.leftovers());
    // Unchanged, the same call writes.
    let read = ReadState::of(&path).expect("stat");
    let original = std::fs::read(&path).expect("read");
    let fixed = edit.replace("ifnotpresent", "IfNotPresent");
    replace_checked(&path, &read, &original, fixed.as_bytes()).expect("written");
    assert_eq!(text(&path), fixed);
}

/// Item 2: through a symbolic link the target is fixed and the link kept; the mode is kept; a
/// file without a write bit is an error naming it, even for root (who could write it).
#[cfg(unix)]
#[test]
fn a_fixed_file_keeps_its_link_and_mode_and_a_read_only_one_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("keep");
    let target = scratch.file("target.yaml", many_fixes(2, false));
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("mode");
    let link = scratch.0.join("link.yaml");
    std::os::unix::fs::symlink("target.yaml", &link).expect("symlink");
    let output = run(&["validate", "--fix", "-q", path_text(&link)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let metadata = std::fs::symlink_metadata(&link).expect("link");
    assert!(metadata.file_type().is_symlink(), "the link is kept");
    assert!(
        text(&target).contains("IfNotPresent"),
        "the target is fixed"
    );
    assert!(!text(&target).contains("ifnotpresent"));
    let mode = std::fs::metadata(&target)
        .expect("stat")
        .permissions()
        .mode();
    assert_eq!(mode & 0o7777, 0o640, "mode kept");

    let read_only = scratch.file("read-only.yaml", many_fixes(2, false));
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).expect("mode");
    let output = run(&["validate", "--fix", "-q", path_text(&read_only)]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(path_text(&read_only)) && message.contains("read-only"),
        "{message}"
    );
    assert_eq!(text(&read_only), many_fixes(2, false), "not replaced");
    let mode = std::fs::metadata(&read_only)
        .expect("stat")
        .permissions()
        .mode();
    assert_eq!(mode & 0o7777, 0o444, "still read-only");
    assert!(scratch.leftovers().is_empty(), "{:?}", scratch.leftovers());
}

/// Item 2: a file with hard links is not replaced (the rename would leave the other names with
/// the old text); it is an error naming it, and both names keep the same content.
#[cfg(unix)]
#[test]
fn a_hard_linked_file_is_not_split_from_its_other_names() {
    let scratch = Scratch::new("hardlink");
    let path = scratch.file("pod.yaml", many_fixes(1, false));
    let other = scratch.0.join("other.yaml");
    std::fs::hard_link(&path, &other).expect("hard link");
    let output = run(&["validate", "--fix", "-q", path_text(&path)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("hard links"),
        "{}",
        stderr(&output)
    );
    assert_eq!(text(&path), many_fixes(1, false));
    assert_eq!(text(&other), many_fixes(1, false));
}

/// Item 2: owner and group are carried over. Giving a file to another owner needs root, so
/// the case runs only as root; as another user it checks what it can: its own owner kept.
#[cfg(unix)]
#[test]
fn a_fixed_file_keeps_its_owner_and_group() {
    use std::os::unix::fs::MetadataExt;
    let scratch = Scratch::new("owner");
    let path = scratch.file("pod.yaml", many_fixes(1, false));
    let me = std::fs::metadata(&path).expect("stat");
    let as_root = me.uid() == 0;
    let wanted = if as_root {
        std::os::unix::fs::chown(&path, Some(4321), Some(8765)).expect("chown as root");
        (4321, 8765)
    } else {
        (me.uid(), me.gid())
    };
    let output = run(&["validate", "--fix", "-q", path_text(&path)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(text(&path).contains("IfNotPresent"));
    let after = std::fs::metadata(&path).expect("stat");
    assert_eq!((after.uid(), after.gid()), wanted);
}

/// Item 2: a CRLF file stays CRLF in the lines a fix writes (the legacy-annotation fix inserts
/// whole lines), and a UTF-8 byte-order mark stays.
#[test]
fn crlf_line_endings_and_a_byte_order_mark_survive_a_fix() {
    let scratch = Scratch::new("crlf");
    let example =
        std::fs::read_to_string(super::support::root().join("src/examples/legacy-annotation.yaml"))
            .expect("example");
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(example.replace('\n', "\r\n").as_bytes());
    let path = scratch.file("legacy.yaml", &bytes);
    let output = run(&[
        "validate",
        "--fix",
        "--unsafe-fixes",
        "-q",
        path_text(&path),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let after = std::fs::read(&path).expect("read");
    assert_ne!(after, bytes, "the fix applied");
    assert!(after.starts_with(b"\xef\xbb\xbf"), "the BOM stays");
    let text = String::from_utf8(after).expect("UTF-8");
    let lines = text.split_inclusive('\n').count();
    let crlf = text.matches("\r\n").count();
    assert_eq!(lines, crlf, "every line ends with CRLF:\n{text:?}");
    assert!(text.contains("initContainers:"), "{text}");
}

/// Items 3 and 4: with 80 safe fixes and one colliding rename, one run applies all 80 and
/// reports the collision; a second run changes nothing; the same file named three ways is
/// fixed and counted once.
#[test]
fn a_colliding_fix_is_reported_and_every_other_fix_applies_in_one_run() {
    let scratch = Scratch::new("collide");
    let path = scratch.file("pod.yaml", many_fixes(80, true));
    let name = path_text(&path);
    let output = run(&["validate", "--fix", "--unsafe-fixes", "-o", "short", name]);
    let message = stderr(&output);
    let after = text(&path);
    assert_eq!(after.matches("imagePullPolicy: IfNotPresent").count(), 80);
    assert!(
        after.contains("imagePulPolicy: Never"),
        "the collision is left"
    );
    assert!(
        message.contains("was not applied") && message.contains("duplicate key"),
        "{message}"
    );
    assert!(message.contains("fixed 80 findings in 1 file"), "{message}");
    let again = run(&["validate", "--fix", "--unsafe-fixes", "-o", "short", name]);
    assert_eq!(text(&path), after, "a second run changes nothing");
    assert!(stderr(&again).contains("fixed 0 findings in 0 files"));

    let twice = scratch.file("twice.yaml", many_fixes(3, false));
    let dotted = scratch.0.join(".").join("twice.yaml");
    let output = run(&[
        "validate",
        "--fix",
        "-o",
        "short",
        path_text(&twice),
        path_text(&dotted),
        path_text(&twice),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("fixed 3 findings in 1 file"),
        "{}",
        stderr(&output)
    );
}

/// Item 5: `--diff` under a machine format is a usage error, never a unified diff.
#[test]
fn diff_under_a_machine_format_is_a_usage_error() {
    let scratch = Scratch::new("diff");
    let path = scratch.file("pod.yaml", many_fixes(1, false));
    for format in ["json", "sarif", "junit", "github"] {
        let output = run(&["validate", "--diff", "-o", format, path_text(&path)]);
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert!(output.stdout.is_empty(), "{format}: nothing on stdout");
        assert!(stderr(&output).contains("--diff"), "{}", stderr(&output));
    }
    let output = run(&["validate", "--diff", "-o", "short", path_text(&path)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("@@"));
}

/// Item 6: `--svg` writes to what is not a regular file instead of replacing it, `-` is
/// stdout, a missing directory and a full disk are errors naming the path.
#[cfg(unix)]
#[test]
fn svg_streams_to_what_is_not_a_regular_file() {
    use std::os::unix::fs::FileTypeExt;
    let pod = "src/examples/sidecar.yaml";
    let output = run(&["simulate", "-q", pod, "--svg", "/dev/null"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let null = std::fs::metadata("/dev/null").expect("/dev/null");
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );

    let output = run(&["simulate", "-q", pod, "--svg", "-"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("<svg") && stdout.trim_end().ends_with("</svg>"),
        "{stdout}"
    );
    assert!(
        stderr(&output).contains("summary"),
        "the report goes to stderr"
    );

    let output = run(&["simulate", "-q", pod, "--svg", "/dev/stdout"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("<svg"), "{stdout}");

    let scratch = Scratch::new("svg");
    let fifo = scratch.0.join("plot.svg");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success());
    if made {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).expect("read the FIFO"))
        };
        let output = run(&["simulate", "-q", pod, "--svg", path_text(&fifo)]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let read = reader.join().expect("reader");
        assert!(read.starts_with(b"<svg"), "the plot came through the FIFO");
        let kind = std::fs::symlink_metadata(&fifo).expect("stat").file_type();
        assert!(kind.is_fifo(), "still a FIFO");
    }

    let missing = scratch.0.join("no-such-directory").join("plot.svg");
    let output = run(&["simulate", "-q", pod, "--svg", path_text(&missing)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(path_text(&missing)),
        "{}",
        stderr(&output)
    );

    #[cfg(target_os = "linux")]
    {
        let output = run(&["simulate", "-q", pod, "--svg", "/dev/full"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("`/dev/full`"),
            "{}",
            stderr(&output)
        );
    }

    let regular = scratch.file("old.svg", "old");
    let output = run(&["simulate", "-q", pod, "--svg", path_text(&regular)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(text(&regular).starts_with("<svg"));
    assert!(scratch.leftovers().is_empty(), "{:?}", scratch.leftovers());
}

/// Item 13: a configuration or scenario file is read under `--max-input-size`, as manifests
/// are: `/dev/zero` is an error at the bound, not an endless read.
#[cfg(unix)]
#[test]
fn config_and_scenario_files_are_read_under_the_input_size_bound() {
    let pod = "src/examples/sidecar.yaml";
    for args in [
        ["validate", "--config", "/dev/zero", pod],
        ["simulate", "--scenario", "/dev/zero", pod],
    ] {
        let mut all = vec!["--max-input-size", "64KiB"];
        all.extend(args);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        let message = stderr(&output);
        assert!(
            message.contains("`/dev/zero` is larger than the input size limit of 65536 bytes"),
            "{message}"
        );
    }
}

/// Item 13: a scenario listing 10^6 attempts is refused before it is parsed (it took 1.7 GB),
/// with an error naming the file and the bound.
#[test]
fn a_scenario_with_a_million_attempts_is_refused_with_its_bound() {
    let scratch = Scratch::new("attempts");
    let mut text = String::from("containers:\n  web:\n    attempts:\n");
    for _ in 0..1_000_000 {
        text.push_str("    - {exit: 1}\n");
    }
    let path = scratch.file("scenario.yaml", text);
    let started = std::time::Instant::now();
    let output = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--scenario",
        path_text(&path),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(path_text(&path)) && message.contains("256 KiB"),
        "{message}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// Item 13: with the default input bound, `--config /dev/zero` fails at the configuration
/// bound (1 MiB), not after reading 256 MiB.
#[cfg(unix)]
#[test]
fn a_configuration_file_has_a_bound_of_its_own() {
    let output = run(&[
        "validate",
        "--config",
        "/dev/zero",
        "src/examples/sidecar.yaml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("`/dev/zero` is larger than a configuration file may be (1 MiB)"),
        "{message}"
    );
}

/// Two podlife writers on one file (`--fix` beside `--add-ignore`), started together again and
/// again: each may write or say the file changed under it, but an edit one of them reports as
/// written is always in the file at the end. (Before the writers' lock, a few runs in a
/// hundred lost one.)
#[test]
fn two_writers_at_once_never_lose_an_edit() {
    let scratch = Scratch::new("two-writers");
    let original = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: nginx:1.27\n    imagePullPolicy: always\n  - name: b\n    image: nginx:latest\n    imagePullPolicy: IfNotPresent\n";
    let path = scratch.file("pod.yaml", original);
    let (mut lost, mut both) = (0, 0);
    for _ in 0..60 {
        std::fs::write(&path, original).expect("reset");
        let start = |args: &[&str]| {
            super::support::podlife(args)
                .arg(&path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("podlife starts")
        };
        let fix = start(&["validate", "--fix"]);
        let ignore = start(&["validate", "--add-ignore", "--fail-on", "warning"]);
        let fixed = stderr(&fix.wait_with_output().expect("fix ends")).contains("fixed 1 finding");
        let ignored = stderr(&ignore.wait_with_output().expect("add-ignore ends"))
            .contains("suppressed 1 finding");
        let now = text(&path);
        if (fixed && !now.contains("imagePullPolicy: Always"))
            || (ignored && !now.contains("# podlife: ignore[PL311]"))
        {
            lost += 1;
        }
        both += usize::from(fixed && ignored);
    }
    assert_eq!(
        lost, 0,
        "edits reported written and gone ({both} runs wrote both)"
    );
    assert!(scratch.leftovers().is_empty(), "{:?}", scratch.leftovers());
}

/// Several plots are numbered files beside a regular path; beside a device or a FIFO that
/// would create files next to it (`/dev/null-2`), so a run that draws several plots is refused
/// there, in `simulate` (pods, `--sweep`) and `rollout` (workloads), and nothing is created.
#[cfg(unix)]
#[test]
fn several_plots_are_never_numbered_files_beside_a_device_or_fifo() {
    let scratch = Scratch::new("several-plots");
    let fifo = scratch.0.join("ff");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success());
    let mut targets = vec!["/dev/null".to_string()];
    if made {
        targets.push(path_text(&fifo).to_string());
    }
    for target in &targets {
        for args in [
            &["simulate", "testdata/simulate-dir"][..],
            &[
                "simulate",
                "src/examples/sidecar.yaml",
                "--runs",
                "5",
                "--sweep",
                "terminationGracePeriodSeconds=10..30/10",
            ][..],
            &[
                "rollout",
                "src/examples/rollout.yaml",
                "src/examples/defer-statefulset.yaml",
            ][..],
        ] {
            let mut full = args.to_vec();
            full.extend(["--svg", target.as_str()]);
            let output = run(&full);
            assert_eq!(output.status.code(), Some(2), "{full:?}");
            assert!(
                stderr(&output)
                    .contains(&format!("--svg {target}: this run draws a plot for each"))
                    && stderr(&output).contains("is not a regular file"),
                "{full:?}: {}",
                stderr(&output)
            );
        }
    }
    assert!(!Path::new("/dev/null-2").exists());
    let names = scratch.names();
    assert_eq!(
        names,
        if made {
            vec!["ff".to_string()]
        } else {
            Vec::new()
        }
    );
    // One plot still streams to it.
    let one = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--svg",
        "/dev/null",
    ]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
}

/// `--add-ignore` on a file it may not replace (read-only, hard-linked) says why, leaves it as
/// it was, exits 2, and still reports its findings, as `--fix` does: none vanish (they used to,
/// "0 pods in 0 files").
#[cfg(unix)]
#[test]
fn add_ignore_reports_the_findings_of_a_file_it_cannot_write() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("add-ignore-unwritable");
    let text_of_pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: b\n    image: nginx:latest\n    imagePullPolicy: IfNotPresent\n";
    let read_only = scratch.file("read-only.yaml", text_of_pod);
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let linked = scratch.file("linked.yaml", text_of_pod);
    std::fs::hard_link(&linked, scratch.0.join("other-name.yaml")).expect("link");
    for (path, why) in [
        (
            &read_only,
            "the file is read-only (mode 0444); nothing written",
        ),
        (&linked, "the file has 2 hard links"),
    ] {
        let args = [
            "validate",
            "-o",
            "short",
            "--fail-on",
            "warning",
            "--add-ignore",
            path_text(path),
        ];
        let output = run(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(&format!("error: `{}`: {why}", path_text(path))),
            "{args:?}: {}",
            stderr(&output)
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(&format!("{}:7:12: warning[PL311]", path_text(path))),
            "{args:?}: the finding is reported: {stdout}"
        );
        assert_eq!(text(path), text_of_pod, "{args:?}: left as it was");
    }
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o644)).ok();
}
