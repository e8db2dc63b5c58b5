//! Hostile and huge input: every case of the robustness issue, generated here (no committed
//! blobs), run through the binary with a bound on wall time and peak memory, never a panic, and
//! the documented exit code. `cargo test` runs them at small sizes; the full sizes run with
//!
//! ```text
//! PODLIFE_HOSTILE_FULL=1 cargo test --release --test podlife hostile -- --nocapture --test-threads 1
//! ```
//!
//! which prints each case's time and peak memory (the figures quoted in the issue's note).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::support::podlife;

/// A case must end within this (a hang detector, not a speed target: see `cargo bench`).
const TIME_BOUND: Duration = Duration::from_secs(20);
/// And stay under this peak resident memory.
const MEMORY_BOUND_MIB: u64 = 400;

/// Small size in `cargo test`, full size with `PODLIFE_HOSTILE_FULL=1`.
fn size(small: usize, full: usize) -> usize {
    if std::env::var_os("PODLIFE_HOSTILE_FULL").is_some() {
        full
    } else {
        small
    }
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// A scratch directory for one case, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(case: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("podlife-hostile-{case}-{}", std::process::id()));
        std::fs::create_dir_all(&path).expect("scratch directory");
        Scratch(path)
    }

    fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write case file");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Peak resident memory of a running process, from /proc (Linux); 0 where unknown.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Runs `command` to the end, bounded: asserts time, memory, no panic, an exit code of 0, 1 or
/// 2; prints the figures for the full-size run.
fn bounded(case: &str, mut command: Command) -> Run {
    let started = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("podlife starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).ok();
        bytes
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).ok();
        bytes
    });
    let pid = child.id();
    let mut peak = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        peak = peak.max(peak_kib(pid));
        if started.elapsed() > TIME_BOUND {
            child.kill().ok();
            panic!("{case}: still running after {TIME_BOUND:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = started.elapsed();
    let run = Run {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.join().expect("stdout reader")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr reader")).into_owned(),
    };
    println!(
        "{case:<44} {:>8.2} s {:>8.1} MiB  exit {}",
        elapsed.as_secs_f64(),
        peak as f64 / 1024.0,
        run.code
    );
    assert!(
        !run.stderr.contains("panicked"),
        "{case}: panicked:\n{}",
        run.stderr
    );
    assert!(
        matches!(run.code, 0..=2),
        "{case}: exit {} (a signal or an abort)\n{}",
        run.code,
        run.stderr
    );
    assert!(
        peak / 1024 < MEMORY_BOUND_MIB,
        "{case}: peak memory {} MiB",
        peak / 1024
    );
    run
}

fn command(args: &[&str]) -> Command {
    podlife(args)
}

fn pod(name: &str, extra: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n{extra}"
    )
}

/// A pod the API server rejects (PL100: an uppercase container name).
fn bad_pod(name: &str) -> String {
    pod(name, "").replace("- name: app", "- name: App")
}

#[test]
fn a_finding_past_column_65535_renders_clipped() {
    let scratch = Scratch::new("long-line");
    let blob = "x".repeat(size(70_000, 300_000));
    let text = format!(
        "{{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {{\"name\": \"p\", \"annotations\": {{\"a\": \"{blob}\"}}}}, \"spec\": {{\"containers\": [{{\"name\": \"c\", \"image\": \"i\", \"bogus\": 1}}]}}}}"
    );
    let path = scratch.file("minified.json", text);
    let run = bounded("long line, human format", command(&["validate", &path]));
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stdout.contains("error[PL006]"), "{}", run.stdout);
    assert!(run.stdout.lines().all(|line| line.chars().count() < 400));

    let items: Vec<String> = (0..size(200, 1500))
        .map(|i| {
            format!(
                "{{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {{\"name\": \"p{i}\"}}, \"spec\": {{\"containers\": [{{\"name\": \"c\", \"image\": \"i\"}}]}}}}"
            )
        })
        .chain(std::iter::once(
            "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"bad\"}, \"spec\": {\"containers\": [{\"name\": \"c\", \"image\": \"i\", \"bogus\": 1}]}}".to_string(),
        ))
        .collect();
    let list = format!(
        "{{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [{}]}}",
        items.join(", ")
    );
    let path = scratch.file("list.json", list);
    let run = bounded("one-line JSON List", command(&["validate", &path]));
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("error[PL006]: unknown field `bogus`"));
}

#[test]
fn one_scalar_aliased_thousands_of_times_is_refused_at_the_alias() {
    let scratch = Scratch::new("alias");
    let scalar = "x".repeat(size(100_000, 1_000_000));
    let aliases = vec!["*a"; size(1000, 3000)].join(",");
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    k: &a {scalar}\n    l: [{aliases}]\nspec:\n  containers: [{{name: c, image: i}}]\n"
    );
    let path = scratch.file("alias.yaml", text);
    let run = bounded(
        "alias amplification",
        command(&["validate", "--format", "short", &path]),
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains(":7:"),
        "located at the aliases: {}",
        run.stdout
    );
    assert!(
        run.stdout.contains("error[PL003] aliases expand"),
        "{}",
        run.stdout
    );
}

#[test]
fn nested_anchors_cost_their_size_once() {
    let scratch = Scratch::new("anchors");
    let mut inner = String::from("1");
    for level in 0..150 {
        inner = format!("&a{level} [{inner}, {}]", "z".repeat(size(200, 1000)));
    }
    let path = scratch.file("anchors.yaml", pod("p", &format!("    args: {inner}\n")));
    let run = bounded(
        "nested anchors",
        command(&["validate", "--format", "short", &path]),
    );
    assert_eq!(run.code, 1, "a nested list is not a string: {}", run.stdout);
    assert!(run.stdout.contains("PL005"), "{}", run.stdout);
}

#[test]
fn many_findings_render_in_linear_time() {
    let scratch = Scratch::new("findings");
    let count = size(2000, 10_000);
    let text: Vec<String> = (0..count)
        .map(|i| pod(&format!("p{i}"), "    bogus: 1\n"))
        .collect();
    let path = scratch.file("many.yaml", text.join("---\n"));
    let run = bounded(
        "10,000 findings, human format",
        command(&["validate", &path]),
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.matches("error[PL006]").count(), count);
}

#[test]
fn merge_keys_and_legacy_annotations_stay_linear() {
    let scratch = Scratch::new("merge");
    let keys = size(5000, 50_000);
    let base: String = (0..keys).map(|i| format!("  k{i}: v\n")).collect();
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: &b\n{base}  annotations:\n    <<: *b\nspec:\n  containers: [{{name: c, image: i}}]\n"
    )
    .replace("  labels: &b\n  k", "  labels: &b\n    k")
    .replace("\n  k", "\n    k");
    let path = scratch.file("merge.yaml", text);
    let run = bounded(
        "merge of a large base",
        command(&["validate", "--format", "short", &path]),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);

    let entries: Vec<String> = (0..size(400, 4000))
        .map(|i| format!("      {{\n        \"name\": \"i{i}\",\n        \"image\": \"x\",\n        \"bogus\": 1\n      }}"))
        .collect();
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    pod.beta.kubernetes.io/init-containers: |\n      [\n{}\n      ]\nspec:\n  containers: [{{name: c, image: i}}]\n",
        entries.join(",\n")
    );
    let path = scratch.file("legacy.yaml", text);
    let run = bounded(
        "20,000-line legacy annotation",
        command(&["validate", "--format", "short", &path]),
    );
    assert!(
        run.stdout.matches("unknown field `bogus`").count() >= size(400, 4000),
        "{}",
        run.stdout
    );
}

#[test]
fn a_long_flow_collection_read_leniently_stays_linear() {
    // go-yaml accepts items indented less than their key; podlife re-reads the document with
    // those lines padded, which must cost the collection's length, not its square.
    let scratch = Scratch::new("flow");
    let items: String = (0..size(20_000, 200_000))
        .map(|i| format!("a{i},\n"))
        .collect();
    let path = scratch.file("flow.yaml", pod("p", &format!("    args: [\n{items}]\n")));
    let run = bounded(
        "200,000-line flow sequence, re-read",
        command(&["validate", "-o", "short", &path]),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

/// A pod is held whole while it is checked; past 5,000 containers (every list together) it is
/// reported at the first container past the bound and not decoded (docs/files.md).
#[test]
fn a_very_wide_pod_is_refused_at_the_container_bound() {
    let scratch = Scratch::new("wide");
    let wide = |inits: usize, apps: usize| {
        let inits: String = (0..inits)
            .map(|i| format!("  - name: i{i}\n    image: busybox:1.36\n"))
            .collect();
        let apps: String = (0..apps)
            .map(|i| format!("  - name: c{i}\n    image: nginx:1.27\n"))
            .collect();
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: wide\nspec:\n  initContainers:\n{inits}  containers:\n{apps}"
        )
    };
    let at = scratch.file("at.yaml", wide(1000, 4000));
    let run = bounded(
        "5,000 containers",
        command(&["validate", "--format", "short", &at]),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);

    let apps = size(10_000, 250_000);
    let past = scratch.file("past.yaml", wide(1000, apps));
    let run = bounded(
        "a pod of 250,000 containers",
        command(&["validate", "--format", "short", &past]),
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    // Six lines of header, two per container: the 5,001st is app container 4,000.
    let line = 7 + 2 * 1000 + 1 + 2 * 4000;
    assert!(
        run.stdout.contains(&format!(
            "past.yaml:{line}:5: error[PL003] this pod has {} containers",
            if apps == 10_000 { "11,000" } else { "251,000" }
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("podlife reads at most 5,000 in one pod")
    );
    let run = bounded(
        "resources of a pod past the bound",
        command(&["resources", "--format", "json", &past]),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains("\"wide\""), "left out: {}", run.stdout);
    assert!(run.stderr.contains("error[PL003]"), "{}", run.stderr);
}

#[test]
fn simulations_scale_and_stop_at_their_event_budget() {
    let scratch = Scratch::new("simulate");
    let inits: String = (0..size(500, 4000))
        .map(|i| format!("  - {{name: i{i}, image: x}}\n"))
        .collect();
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  initContainers:\n{inits}  containers: [{{name: c, image: i}}]\n"
    );
    let path = scratch.file("inits.yaml", text);
    // About 3.2 s of simulated time per init container.
    let horizon = if size(0, 1) == 1 { "4h" } else { "30m" };
    let run = bounded(
        "4,000 init containers, run to the end",
        command(&["simulate", &path, "--until", horizon]),
    );
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .lines()
            .any(|line| line.trim_start().starts_with("initialized") && !line.ends_with('-')),
        "every init container ran: {}",
        run.stdout
    );

    let probe = scratch.file(
        "probe.yaml",
        pod(
            "p",
            "    readinessProbe: {exec: {command: [x]}, periodSeconds: 1}\n",
        ),
    );
    let run = bounded(
        "--until 3650d with a 1 s probe",
        command(&[
            "simulate", &probe, "--until", "3650d", "--format", "json", "--trace",
        ]),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("budget of 250000 events"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--max-events"), "{}", run.stderr);
    let until = if size(0, 1) == 1 { "67h" } else { "2h" };
    let run = bounded(
        "json trace within the budget",
        command(&[
            "simulate", &probe, "--until", until, "--format", "json", "--trace",
        ]),
    );
    assert_eq!(run.code, 0);
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_io_error_not_a_panic() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let mut completions = command(&["completions", "bash"]);
    completions.stdout(full);
    let status = completions.status().expect("runs");
    assert_eq!(status.code(), Some(2));
    let output = command(&["completions", "bash"])
        .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
        .stderr(Stdio::piped())
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&output.stderr).contains("No space left on device"));
}

#[test]
fn a_closed_pipe_keeps_the_verdict() {
    let scratch = Scratch::new("pipe");
    let docs: Vec<String> = (0..size(2000, 20_000))
        .map(|i| bad_pod(&format!("p{i}")))
        .collect();
    let path = scratch.file("errors.yaml", docs.join("---\n"));
    let mut child = command(&["validate", "--format", "short", &path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).expect("a first line");
    drop(stdout);
    let output = child.wait_with_output().expect("ends");
    assert_eq!(
        output.status.code(),
        Some(1),
        "`| head -1` must not hide the errors"
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[cfg(unix)]
#[test]
fn fifos_are_skipped_and_endless_input_stops_at_the_limit() {
    let scratch = Scratch::new("fifo");
    let good = scratch.file("good.yaml", bad_pod("p"));
    let made = Command::new("mkfifo")
        .arg(scratch.0.join("fifo.yaml"))
        .status()
        .is_ok_and(|status| status.success());
    let directory = scratch.0.to_string_lossy().into_owned();
    let run = bounded(
        "FIFO in a directory",
        command(&["validate", "--format", "short", &directory]),
    );
    assert_eq!(run.code, 1, "the good file is still checked");
    if made {
        assert!(run.stderr.contains("info: skipped"), "{}", run.stderr);
    }
    if Path::new("/dev/zero").exists() {
        let run = bounded(
            "/dev/zero with the size cap",
            command(&[
                "validate",
                "--format",
                "short",
                "--max-input-size",
                "8MiB",
                "/dev/zero",
                &good,
            ]),
        );
        assert_eq!(run.code, 2);
        assert!(
            run.stderr
                .contains("larger than the input size limit of 8 MiB")
        );
        assert!(
            run.stdout.contains("good.yaml"),
            "the other input is still checked"
        );
    }
}

#[test]
fn control_characters_from_input_never_reach_the_terminal() {
    let scratch = Scratch::new("escape");
    let hostile = "c\\e[2J\\e]0;x\\a\\rX";
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: \"p\\e[31m\", creationTimestamp: \"2026-01-01T00:00:00Z\"}}\nspec:\n  containers: [{{name: \"{hostile}\", image: i, bogus: 1}}]\nstatus:\n  phase: Running\n  containerStatuses: [{{name: \"{hostile}\", ready: true, restartCount: 0, image: i, imageID: \"\", state: {{running: {{}}}}}}]\n"
    );
    let path = scratch.file("escape.yaml", &text);
    // A file's name is input too: it heads every snippet of the human format.
    let named = scratch.file("named\u{1b}[2J\u{9b}.yaml", &text);
    let run = bounded("escaping: a file's name", command(&["validate", &named]));
    assert!(
        !run.stdout.contains('\u{1b}') && !run.stdout.contains('\u{9b}'),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("named\\u{1b}[2J\\u{9b}.yaml:"),
        "{}",
        run.stdout
    );
    for args in [
        vec!["validate", &path],
        vec!["validate", "--format", "short", &path],
        vec!["validate", "--format", "github", &path],
        vec!["resources", &path],
        vec!["simulate", &path],
        vec!["status", &path],
    ] {
        let run = bounded(&format!("escaping: {}", args[0]), command(&args));
        for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}'),
                "{args:?}: a control character on {stream}:\n{text}"
            );
        }
    }
    let run = bounded(
        "escaping: validate",
        command(&["validate", "--format", "short", &path]),
    );
    assert!(run.stdout.contains("\\u{1b}[2J"), "{}", run.stdout);
}

#[test]
fn simulate_reports_what_it_cannot_read() {
    let scratch = Scratch::new("drops");
    let mixed = scratch.file(
        "mixed.yaml",
        format!(
            "{}---\nfoo: [\n---\n{}",
            pod("first", ""),
            pod("second", "")
        ),
    );
    let run = bounded(
        "simulate: a broken document",
        command(&["simulate", &mixed]),
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("mixed.yaml:11:1: error[PL001]"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("pod first") && run.stdout.contains("pod second"));
    let binary = scratch.file("binary.yaml", b"apiVersion: v1\nkind: \xff\n");
    let run = bounded(
        "simulate: a non-UTF-8 file",
        command(&["simulate", &binary, &mixed]),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("binary.yaml:2:7: not valid UTF-8"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("pod first"));
}

#[test]
fn silent_no_ops_are_errors() {
    let scratch = Scratch::new("noops");
    let path = scratch.file("pod.yaml", pod("p", ""));
    let run = bounded("--select ''", command(&["validate", "--select", "", &path]));
    assert_eq!(run.code, 2);
    std::fs::write(scratch.0.join(".podlife.yaml"), "select: []\n").expect("config");
    let run = bounded("select: []", command(&["validate", &path]));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains(".podlife.yaml:1:9"), "{}", run.stderr);
    std::fs::remove_file(scratch.0.join(".podlife.yaml")).expect("remove config");
    let merge = scratch.file(
        "merge.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    <<: 5\nspec:\n  containers: [{name: c, image: i}]\n",
    );
    let run = bounded("<<: 5", command(&["validate", "--format", "short", &merge]));
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains(":6:9: error[PL001]"), "{}", run.stdout);
    let run = bounded(
        "--sweep that overflows",
        command(&[
            "simulate",
            &path,
            "--runs",
            "10",
            "--sweep",
            "terminationGracePeriodSeconds=0..18446744073709551615/1",
        ]),
    );
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    let run = bounded(
        "--until finer than a millisecond",
        command(&["simulate", &path, "--until", "1.0000000001s"]),
    );
    assert_eq!(run.code, 2);
}

#[test]
fn huge_values_are_shown_as_given_and_links_are_not_followed() {
    let scratch = Scratch::new("values");
    let path = scratch.file(
        "grace.yaml",
        pod("p", "").replace(
            "spec:\n",
            "spec:\n  terminationGracePeriodSeconds: 9223372036854775807\n",
        ),
    );
    let run = bounded(
        "grace period of i64::MAX",
        command(&["simulate", &path, "--delete-at", "10s"]),
    );
    assert!(
        run.stdout.contains("grace period 9223372036854775807s"),
        "{}",
        run.stdout
    );
    #[cfg(unix)]
    {
        let victim = scratch.file("victim.txt", "keep me");
        let link = scratch.0.join("plot.svg");
        std::os::unix::fs::symlink(&victim, &link).expect("symlink");
        let link = link.to_string_lossy().into_owned();
        let run = bounded(
            "--svg onto a symbolic link",
            command(&["simulate", &path, "--runs", "20", "--svg", &link]),
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "keep me");
    }
    let key = "k".repeat(100_000);
    let path = scratch.file("key.yaml", pod("p", &format!("    {key}: 1\n")));
    let run = bounded(
        "a 100 KB unknown key",
        command(&["validate", "--format", "short", &path]),
    );
    assert!(run.stdout.lines().all(|line| line.len() < 300), "clipped");
}

/// An escape sequence in an argument reaches clap's own messages (unknown flag, stray
/// subcommand, invalid value): it is escaped there as in podlife's own messages, so it cannot
/// retitle or recolour the terminal; an ordinary message keeps its text.
#[test]
fn control_characters_in_arguments_never_reach_the_terminal_through_clap() {
    let osc = "\u{1b}]0;pwned\u{7}";
    let cases: Vec<Vec<String>> = vec![
        vec!["validate".into(), format!("--x{osc}")],
        vec![format!("bad{osc}")],
        vec!["validate".into(), "--format".into(), format!("json{osc}")],
        vec![
            "simulate".into(),
            "--jitter".into(),
            format!("5{osc}"),
            "src/examples/sidecar.yaml".into(),
        ],
    ];
    for case in cases {
        let args: Vec<&str> = case.iter().map(String::as_str).collect();
        let output = podlife(&args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let said = [output.stdout, output.stderr].concat();
        assert!(
            !said.iter().any(|&byte| byte == 0x1b || byte == 0x07),
            "{args:?}: {}",
            String::from_utf8_lossy(&said)
        );
        assert!(
            String::from_utf8_lossy(&said).contains("\\u{1b}]0;pwned\\u{7}"),
            "{args:?}: the argument is shown, escaped: {}",
            String::from_utf8_lossy(&said)
        );
    }
    let ordinary = podlife(&["validate", "--bogus"]).output().expect("runs");
    assert!(
        String::from_utf8_lossy(&ordinary.stderr)
            .starts_with("error: unexpected argument '--bogus' found"),
        "{}",
        String::from_utf8_lossy(&ordinary.stderr)
    );
}
