//! The command line as a user meets it: help, examples, explain, exit codes, inputs, formats.

use super::support::{json, podlife, render, run, run_with_stdin, snapshot, snapshot_cli};

#[test]
fn help_lists_every_command() {
    snapshot_cli("cli__help", &["--help"]);
    snapshot_cli("cli__validate_help", &["validate", "--help"]);
}

#[test]
fn examples_are_listed_and_printed() {
    snapshot_cli("cli__example_list", &["example"]);
    for example in podlife::input::examples::EXAMPLES {
        let output = run(&["example", example.name]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&output.stdout), example.text);
    }
    snapshot_cli("cli__example_unknown", &["example", "nope"]);
}

#[test]
fn every_example_validates_cleanly() {
    for example in podlife::input::examples::EXAMPLES {
        let output = run_with_stdin(&["validate", "-"], example.text.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}:\n{}",
            example.name,
            render(&output)
        );
        snapshot(
            &format!("cli__validate_example_{}", example.name),
            &render(&output),
        );
    }
}

#[test]
fn explain_prints_a_rules_docs() {
    snapshot_cli("cli__explain_by_id", &["explain", "PL005"]);
    let by_name = run(&["explain", "wrong-type"]);
    let by_id = run(&["explain", "pl005"]);
    assert_eq!(by_name.stdout, by_id.stdout);
    snapshot_cli("cli__explain_unknown", &["explain", "wrong-typ"]);
    // A typo that no name or summary contains still gets "did you mean" (exit 2).
    snapshot_cli("cli__explain_typo", &["explain", "wrnog-type"]);
}

/// `podlife explain WORD` lists the rules whose name or summary mentions WORD (exit 0), for
/// every word of a phrase.
#[test]
fn explain_searches_names_and_summaries() {
    snapshot_cli("cli__explain_search", &["explain", "startup probe"]);
    let output = run(&["explain", "probe"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("PL305  liveness-probe-kills-slow-start"),
        "{stdout}"
    );
    assert!(!stdout.contains("PL005"), "{stdout}");
}

/// `podlife rules` at 80 columns is a list whose lines fit; at 200 the table.
#[test]
fn rules_fit_the_terminal() {
    for (columns, table) in [("80", false), ("120", false), ("200", true)] {
        let output = podlife(&["rules"])
            .env("COLUMNS", columns)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let width: usize = columns.parse().unwrap();
        assert!(
            stdout.lines().all(|line| line.chars().count() <= width),
            "{columns}"
        );
        assert!(stdout.contains("conflicting-defer-grace-period-extensions"));
        assert_eq!(stdout.contains('┆'), table, "{columns}");
    }
}

/// Shell completions offer the releases, the gates, rule IDs and names, and example names.
#[test]
fn completions_offer_releases_gates_rules_and_examples() {
    for shell in ["bash", "zsh", "fish"] {
        let output = run(&["completions", shell]);
        let script = String::from_utf8_lossy(&output.stdout);
        for value in [
            "1.29",
            "1.37",
            "SidecarContainers=true",
            "PodLevelResources=false",
            "PL305",
            "liveness-probe-kills-slow-start",
            "defer-shutdown",
        ] {
            assert!(script.contains(value), "{shell} completes `{value}`");
        }
    }
}

/// `simulate` and `resources` validate first: a pod the API server would reject (two
/// containers named `a`, one without an image) is reported, located, and left out (exit 1)
/// unless `--allow-invalid`.
#[test]
fn pods_the_api_server_would_reject_are_not_simulated() {
    let pod = b"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: nginx:1.27}, {name: a}]\n";
    for command in ["simulate", "resources"] {
        let output = run_with_stdin(&[command, "-"], pod);
        assert_eq!(output.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("<stdin>:5:46: error[PL010]"),
            "{command}: {stderr}"
        );
        assert!(stderr.contains("error[PL101]"), "{command}: {stderr}");
        assert!(
            stderr.contains("left out (--allow-invalid uses it anyway)"),
            "{stderr}"
        );
        assert!(
            !String::from_utf8_lossy(&output.stdout).contains("Pulling"),
            "{command}"
        );
        let allowed = run_with_stdin(&[command, "--allow-invalid", "-"], pod);
        assert_eq!(allowed.status.code(), Some(0), "{command}");
        assert!(
            String::from_utf8_lossy(&allowed.stderr)
                .contains("going on because of --allow-invalid")
        );
    }
    let simulated = run_with_stdin(&["simulate", "--allow-invalid", "-"], pod);
    assert!(String::from_utf8_lossy(&simulated.stdout).contains("summary:"));
}

/// The conventions users bring from ruff and kubectl: `-o`, `--exit-zero`, `--statistics`,
/// and suggestions for a mistyped rule or example.
#[test]
fn short_format_flag_exit_zero_statistics_and_suggestions() {
    let bad = "testdata/rules/invalid-container-name.yaml";
    let short = run(&["validate", "-o", "short", bad]);
    assert_eq!(short.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&short.stdout).contains(": error[PL100]"));
    let zero = run(&["validate", "-o", "short", "--exit-zero", bad]);
    assert_eq!(zero.status.code(), Some(0), "--exit-zero");
    assert_eq!(
        zero.stdout, short.stdout,
        "--exit-zero reports the same findings"
    );
    let missing = run(&["validate", "--exit-zero", "testdata/missing.yaml"]);
    assert_eq!(
        missing.status.code(),
        Some(2),
        "an unreadable input still fails"
    );

    let statistics = run(&["validate", "--statistics", bad]);
    let text = String::from_utf8_lossy(&statistics.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(first.split_whitespace().nth(1) == Some("PL100"), "{text}");
    assert!(!text.contains("╭"), "counts instead of findings: {text}");
    let json_rows = json(&run(&["validate", "--statistics", "-o", "json", bad]));
    assert!(
        json_rows[0]["count"].as_u64().unwrap_or(0) >= 1,
        "{json_rows}"
    );
    assert_eq!(
        run(&["validate", "--statistics", "-o", "sarif", bad])
            .status
            .code(),
        Some(2)
    );

    for (args, wanted) in [
        (
            vec!["explain", "unknown-feild"],
            "did you mean `unknown-field`?",
        ),
        (
            vec!["explain", "PL0060"],
            "did you mean `PL006` (unknown-field)?",
        ),
        (
            vec!["explain", "nothing-like-it"],
            "`podlife rules` lists them all",
        ),
        (vec!["example", "sidcar"], "did you mean `sidecar`?"),
    ] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
    }
    for command in ["resources", "simulate", "rules"] {
        let output = run(&[command, "-o", "json", "testdata/clean/live-pod.yaml"]
            [..if command == "rules" { 3 } else { 4 }]);
        assert!(output.status.success(), "{command} -o json");
    }
}

/// `--fail init-2` is what everyone types first: with no container of that name it means the
/// second init container, and the output says which one.
#[test]
fn ordinal_container_names_pick_a_container_and_say_which() {
    let output = run(&["simulate", "--example", "--fail", "init-2"]);
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "--fail init-2 means container `register` (init container #2 of pod `myapp`)"
        ),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("container/register"));
    let monte_carlo = run(&["simulate", "--example", "--fail", "init-2", "--runs", "5"]);
    assert!(
        String::from_utf8_lossy(&monte_carlo.stderr)
            .contains("--fail init-2 means container `register`"),
        "Monte Carlo says it too"
    );
    let wrong = run(&["simulate", "--example", "--fail", "init-9"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("or by position: `init-N`"));
}

/// `simulate --help` names every `--expect` form, and each form it names is one the parser
/// takes (single run, termination, Monte Carlo).
#[test]
fn simulate_help_lists_every_expect_form() {
    let help = String::from_utf8_lossy(&run(&["simulate", "--help"]).stdout).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let single = [
        "phase=Running",
        "ready-within=30s",
        "never-ready",
        "restarts:CONTAINER<=3",
    ];
    let termination = [
        "terminated-within=40s",
        "defer-completed",
        "never-skipped",
        "budget-expired",
    ];
    let monte_carlo = ["p99:ready<=45s", "prob:Failed<=1%", "`defer-never-ran`"];
    let explore = ["`never-stuck`", "`always-ready`"];
    for form in single
        .iter()
        .chain(&termination)
        .chain(&monte_carlo)
        .chain(&explore)
    {
        assert!(help.contains(form), "--help lacks {form}: {help}");
    }
    let mut args = vec!["simulate", "--example", "-q", "--delete-at", "1m"];
    for form in [
        "phase=Running",
        "restarts:run<=3",
        "terminated-within=40s",
        "never-skipped",
    ] {
        args.extend(["--expect", form]);
    }
    let output = run(&args);
    assert_ne!(
        output.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run(&[
        "simulate",
        "--example",
        "-q",
        "--runs",
        "5",
        "--expect",
        "p99:ready<=45s",
        "--expect",
        "prob:Failed<=1%",
    ]);
    assert_ne!(
        output.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// With several pods, a flag naming a container some pods lack says which pods lack it and
/// which `--pod` to pick, before anything runs.
#[test]
fn flags_that_fit_only_some_pods_name_the_pods_and_suggest_pod() {
    let two = b"apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: app, image: nginx:1.27}]\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: api}\nspec:\n  initContainers: [{name: db, image: busybox:1.36}]\n  containers: [{name: app, image: nginx:1.27}]\n";
    for flags in [
        &["simulate", "-", "--fail", "db"][..],
        &["simulate", "-", "--expect", "restarts:db<=3"],
        &["simulate", "-", "--fail", "db", "--runs", "3"],
    ] {
        let output = run_with_stdin(flags, two);
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert!(output.stdout.is_empty(), "nothing runs: {flags:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("pod `web` (Pod in <stdin>)")
                && stderr.contains("has no container `db`")
                && stderr.contains("pick with `--pod api`")
                && !stderr.contains("pod `api` (Pod"),
            "{flags:?}: {stderr}"
        );
    }
    let picked = run_with_stdin(&["simulate", "-", "--fail", "db", "--pod", "api"], two);
    assert_eq!(picked.status.code(), Some(0));
    let nowhere = run_with_stdin(&["simulate", "-", "--fail", "nope"], two);
    assert_eq!(nowhere.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&nowhere.stderr).contains("--pod"));
}

/// `--stdin-filename` names standard input in findings and finds the configuration from that
/// path, as ruff's does (editors, pre-commit, `helm template … |`).
#[test]
fn stdin_filename_names_stdin_and_selects_the_configuration() {
    let manifest = std::fs::read("testdata/rules/invalid-container-name.yaml")
        .or_else(|_| {
            std::fs::read(super::support::root().join("testdata/rules/invalid-container-name.yaml"))
        })
        .expect("fixture");
    let named = run_with_stdin(
        &[
            "validate",
            "-o",
            "short",
            "--stdin-filename",
            "k8s/app.yaml",
            "-",
        ],
        &manifest,
    );
    let stdout = String::from_utf8_lossy(&named.stdout);
    assert!(
        stdout.lines().all(|line| line.starts_with("k8s/app.yaml:")),
        "{stdout}"
    );
    assert!(stdout.contains("error[PL100]"), "{stdout}");
    let configured = run_with_stdin(
        &[
            "validate",
            "-o",
            "short",
            "--stdin-filename",
            "testdata/config/ignore-pl100/app.yaml",
            "-",
        ],
        &manifest,
    );
    assert_eq!(
        configured.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&configured.stdout)
    );
}

/// A repository is walked the way ripgrep walks it: hidden entries and what `.gitignore` leaves
/// out are skipped (`--hidden`, `--no-ignore` bring them back), `--exclude` leaves out more.
#[test]
fn directory_walks_respect_ignore_files_hidden_entries_and_excludes() {
    let base = std::env::temp_dir().join(format!("podlife-walk-{}", std::process::id()));
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: a, image: nginx:1.27}]}\n";
    for (path, text) in [
        ("k8s/pod.yaml", pod),
        ("k8s/rendered/out.yaml", pod),
        ("k8s/charts/tpl.yaml", pod),
        (".github/workflows/ci.yaml", "on: push\njobs: {}\n"),
        (".gitignore", "rendered/\n"),
    ] {
        let file = base.join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("dirs");
        std::fs::write(&file, text).expect("write");
    }
    let dir = base.to_string_lossy().into_owned();
    let files = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["validate", "-o", "json"];
        args.extend_from_slice(extra);
        args.push(&dir);
        let report = json(&run(&args));
        assert!(report["summary"]["files"].as_u64().is_some(), "{report}");
        let prefix = format!("{dir}/");
        let mut names: Vec<String> = report["findings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f["file"].as_str())
            .map(|f| f.trim_start_matches(&prefix).to_string())
            .collect();
        names.sort();
        names.dedup();
        names.push(format!("files={}", report["summary"]["files"]));
        names
    };
    assert_eq!(
        files(&[]),
        ["files=2"],
        "pod.yaml and charts/tpl.yaml; rendered/ is ignored"
    );
    assert_eq!(files(&["--no-ignore"]), ["files=3"]);
    let bad_glob = run(&["validate", "--exclude", "a[", &dir]);
    assert_eq!(
        bad_glob.status.code(),
        Some(2),
        "a glob that does not parse"
    );
    assert!(
        bad_glob.stdout.is_empty(),
        "a usage error, before any input is read"
    );
    assert_eq!(files(&["--exclude", "k8s/charts/**"]), ["files=1"]);
    assert_eq!(
        files(&["--exclude", "tpl.yaml"]),
        ["files=1"],
        "an unanchored name matches anywhere"
    );
    // `exclude:` in the configuration that governs the walked files, relative to its directory;
    // every command that walks follows it, and so does a file named explicitly (pre-commit
    // names every file) unless `--no-force-exclude`.
    let config = base.join("k8s/.podlife.yaml");
    std::fs::write(&config, "exclude:\n  - charts/\n").expect("write");
    assert_eq!(
        files(&[]),
        ["files=1"],
        "k8s/charts/ is excluded by the configuration"
    );
    assert_eq!(files(&["--no-config"]), ["files=2"]);
    let resources = run(&["resources", "-o", "json", &dir]);
    assert_eq!(json(&resources)["pods"].as_array().map(Vec::len), Some(1));
    let tpl = format!("{dir}/k8s/charts/tpl.yaml");
    let named = json(&run(&["validate", "-o", "json", &tpl]));
    assert_eq!(named["summary"]["files"], 0, "{named}");
    let named_anyway = json(&run(&[
        "validate",
        "-o",
        "json",
        "--no-force-exclude",
        &tpl,
    ]));
    assert_eq!(named_anyway["summary"]["files"], 1, "{named_anyway}");
    std::fs::write(&config, "exclude:\n  - ok/\n  - '{a'\n").expect("write");
    let invalid = run(&["validate", &dir]);
    assert_eq!(invalid.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&invalid.stderr);
    assert!(
        stderr.contains("invalid glob") && stderr.contains(":3:5"),
        "{stderr}"
    );
    std::fs::remove_file(&config).expect("remove");

    let hidden = json(&run(&["validate", "-o", "json", "--hidden", &dir]));
    let named = json(&run(&[
        "validate",
        "-o",
        "json",
        &format!("{dir}/.github/workflows/ci.yaml"),
    ]));
    std::fs::remove_dir_all(&base).ok();
    // Walked into, a CI workflow is no Kubernetes object: skipped and counted, not an error.
    assert_eq!(hidden["summary"]["files"], 3, "{hidden}");
    assert_eq!(hidden["summary"]["skippedObjects"], 1, "{hidden}");
    assert_eq!(hidden["summary"]["errors"], 0, "{hidden}");
    // Named explicitly (pre-commit names every file), it is skipped and counted the same way.
    assert_eq!(named["findings"], serde_json::json!([]), "{named}");
    assert_eq!(named["summary"]["skippedObjects"], 1, "{named}");
}

/// `podlife man SUBCOMMAND` prints that subcommand's page; `--out DIR` writes every page.
#[test]
fn man_pages_for_every_subcommand() {
    let page = run(&["man", "validate"]);
    assert_eq!(page.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&page.stdout).contains(".TH podlife-validate 1"));
    assert_eq!(run(&["man", "nope"]).status.code(), Some(2));
    let directory = std::env::temp_dir().join(format!("podlife-man-{}", std::process::id()));
    let written = run(&["man", "--out", &directory.to_string_lossy()]);
    let files = std::fs::read_dir(&directory).map_or(0, Iterator::count);
    std::fs::remove_dir_all(&directory).ok();
    assert_eq!(written.status.code(), Some(0));
    assert!(files >= 10, "{files} pages");
}

/// An input that cannot be read is named in every machine format, not only counted.
#[test]
fn unreadable_inputs_are_named_in_every_machine_format() {
    let args = |format| {
        [
            "validate",
            "--format",
            format,
            "testdata/clean/live-pod.yaml",
            "testdata/missing.yaml",
        ]
    };
    let output = run(&args("json"));
    assert_eq!(output.status.code(), Some(2));
    let report = json(&output);
    assert_eq!(report["summary"]["failedInputs"], 1);
    assert_eq!(report["failedInputs"][0]["path"], "testdata/missing.yaml");
    assert!(
        report["failedInputs"][0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("No such file")),
        "{report}"
    );
    let sarif = json(&run(&args("sarif")));
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert_eq!(
        invocation["toolExecutionNotifications"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
            ["uri"],
        "testdata/missing.yaml"
    );
    let junit = String::from_utf8_lossy(&run(&args("junit")).stdout).into_owned();
    assert!(junit.contains(r#"errors="1""#), "{junit}");
    assert!(
        junit.contains(
            r#"<testsuite name="testdata/missing.yaml" tests="1" failures="0" errors="1""#
        ),
        "{junit}"
    );
    assert!(junit.contains(r#"type="unreadable-input""#), "{junit}");
    let clean = json(&run(&[
        "validate",
        "--format",
        "sarif",
        "testdata/clean/live-pod.yaml",
    ]));
    assert_eq!(
        clean["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}

#[test]
fn usage_errors_exit_2() {
    let output = run(&["validate", "--format", "yaml"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_missing_file_exits_2_but_the_others_are_still_checked() {
    snapshot_cli(
        "cli__missing_file",
        &[
            "validate",
            "--format",
            "short",
            "testdata/bad/no-such-file.yaml",
            "testdata/rules/wrong-type.yaml",
        ],
    );
}

#[test]
fn directories_are_read_recursively_in_sorted_order() {
    let output = run(&["validate", "--format", "short", "testdata/rules"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let files: Vec<&str> = stdout.lines().filter_map(|l| l.split(':').next()).collect();
    let mut sorted = files.clone();
    sorted.sort_unstable();
    assert_eq!(files, sorted);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn output_is_identical_across_runs_with_many_inputs() {
    let first = run(&[
        "validate",
        "--format",
        "json",
        "testdata/bad",
        "testdata/rules",
        "src/examples",
    ]);
    for _ in 0..3 {
        let again = run(&[
            "validate",
            "--format",
            "json",
            "testdata/bad",
            "testdata/rules",
            "src/examples",
        ]);
        assert_eq!(first.stdout, again.stdout);
    }
}

#[test]
fn every_format_on_the_same_input() {
    for format in ["human", "short", "json", "github"] {
        snapshot_cli(
            &format!("cli__format_{format}"),
            &[
                "validate",
                "--format",
                format,
                "testdata/bad/wrong-types.yaml",
                "testdata/bad/unknown-fields.yaml",
            ],
        );
    }
}

#[test]
fn colour_is_off_without_a_terminal_and_on_when_forced() {
    let plain = run(&["validate", "testdata/bad/tabs.yaml"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains('\u{1b}'));
    let coloured = run(&["--color", "always", "validate", "testdata/bad/tabs.yaml"]);
    assert!(String::from_utf8_lossy(&coloured.stdout).contains('\u{1b}'));

    // Every text view follows the same flag: simulate's events, summary and Gantt chart,
    // resources, status. `never` (and NO_COLOR, set by `run`) keep them plain.
    let views: [&[&str]; 5] = [
        &["simulate", "--example", "--fail", "init-2"],
        &["simulate", "--example", "--fail", "init-2", "--timeline"],
        &[
            "simulate",
            "--example",
            "--fail",
            "init-2",
            "--runs",
            "5",
            "--keep-worst",
            "1",
        ],
        &["resources", "src/examples/sidecar.yaml"],
        &[
            "status",
            "--now",
            "2026-11-23T08:00:00Z",
            "testdata/status/",
        ],
    ];
    for view in views {
        let mut always = vec!["--color", "always"];
        always.extend_from_slice(view);
        let mut never = vec!["--color", "never"];
        never.extend_from_slice(view);
        let coloured = String::from_utf8_lossy(&run(&always).stdout).into_owned();
        let plain = String::from_utf8_lossy(&run(&never).stdout).into_owned();
        let default = String::from_utf8_lossy(&run(view).stdout).into_owned();
        assert!(coloured.contains("\u{1b}["), "{view:?} with --color always");
        assert!(!plain.contains('\u{1b}') && plain == default, "{view:?}");
        // Colour is only added: without the escape sequences the text is the same.
        let mut stripped = String::new();
        let mut rest = coloured.as_str();
        while let Some(start) = rest.find("\u{1b}[") {
            stripped.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            rest = after.find('m').map_or("", |end| &after[end + 1..]);
        }
        stripped.push_str(rest);
        assert_eq!(stripped, plain, "{view:?}");
    }
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    use std::process::Stdio;
    let mut child = super::support::podlife(&["explain", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("finishes");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn api_validation_paths_and_defaulting() {
    snapshot_cli(
        "api__limit_below_request_json",
        &[
            "validate",
            "--format",
            "json",
            "testdata/rules/limit-below-request.yaml",
        ],
    );
    snapshot_cli(
        "api__no_defaulting",
        &[
            "validate",
            "--no-defaulting",
            "--format",
            "short",
            "src/examples/sidecar.yaml",
        ],
    );
    let example = podlife::input::examples::find("legacy-annotation").expect("example");
    let broken = example.text.replace(
        "\"image\": \"busybox:1.36\",",
        "\"image\": \"busybox:1.36\", \"imagePullPolicy\": \"always\",",
    );
    let output = run_with_stdin(&["validate", "-"], broken.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    snapshot("api__error_inside_legacy_annotation", &render(&output));
}

/// The README's main job, `podlife simulate` with no file, works from a script too: with stdin
/// not given (`< /dev/null`) it runs the built-in example, as on a terminal. `validate`,
/// `resources` and `status` never fall back to the example: a CI step whose generator printed
/// nothing must fail (exit 2), not pass on the example. An explicit `-` reads stdin even when it
/// is empty (the PL011 "no objects" finding).
#[test]
fn no_input_and_nothing_piped_fails_unless_the_example_is_asked_for() {
    // Outside an interactive terminal (a CI step whose `$MANIFEST` came out empty), simulating
    // the built-in example would pass whatever the step meant to check.
    for (command, expect) in [
        ("simulate", "ready-within=1m"),
        ("rollout", "completed-within=5m"),
    ] {
        for output in [
            run(&[command]),
            run_with_stdin(&[command, "--expect", expect], b""),
        ] {
            assert_eq!(output.status.code(), Some(2), "{command}");
            assert!(output.stdout.is_empty(), "{command}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains(&format!("podlife {command} --example")),
                "{command}: {stderr}"
            );
        }
    }
    let output = run(&["simulate", "--example"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("summary:"));
    let output = run(&[
        "simulate",
        "--example",
        "job",
        "--expect",
        "phase=Succeeded",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run(&["rollout", "--example"]);
    assert_eq!(output.status.code(), Some(0));
    let misspelt = run(&["simulate", "--example", "sidecr"]);
    assert_eq!(misspelt.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&misspelt.stderr).contains("did you mean `sidecar`?"));
    let both = run(&["simulate", "--example", "job", "pod.yaml"]);
    assert_eq!(both.status.code(), Some(2), "a path and --example");

    for command in ["validate", "resources", "status", "observe"] {
        for output in [
            run(&[command]),
            run(&[command, "--format", "json"]),
            run_with_stdin(&[command], b""),
            run_with_stdin(&[command, "--format", "json"], b"\n  \n"),
        ] {
            assert_eq!(output.status.code(), Some(2), "{command}");
            assert!(output.stdout.is_empty(), "{command}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            // The built-in examples carry no status: `status` and `observe` read what kubectl
            // printed.
            let hint = if matches!(command, "status" | "observe") {
                format!("kubectl get pod NAME -o yaml | podlife {command} -")
            } else {
                format!("podlife example init-containers | podlife {command} -")
            };
            assert!(stderr.contains(&hint), "{command}: {stderr}");
        }
    }
    let empty_pipe = run_with_stdin(&["simulate"], b"");
    assert_eq!(
        empty_pipe.status.code(),
        Some(2),
        "`true | podlife simulate`"
    );
    assert!(String::from_utf8_lossy(&empty_pipe.stderr).contains("standard input is empty"));

    // An explicit `-` that brings nothing is the "no objects" error (exit 1) in every command
    // that reads manifests; an empty file named on the command line stays a warning.
    let explicit = run(&["validate", "--format", "json", "-"]);
    assert_eq!(explicit.status.code(), Some(1));
    let report = json(&explicit);
    assert_eq!(report["summary"]["pods"], 0);
    assert_eq!(report["findings"][0]["rule"], "PL011");
    assert_eq!(report["findings"][0]["severity"], "error");
    for command in ["resources", "status"] {
        let output = run_with_stdin(&[command, "-"], b"# only a comment\n---\n");
        assert_eq!(output.status.code(), Some(1), "{command}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error[PL011]"),
            "{command}"
        );
    }
    let empty = std::env::temp_dir().join(format!("podlife-empty-{}.yaml", std::process::id()));
    std::fs::write(&empty, "").expect("write");
    let named = run(&["validate", "-o", "short", empty.to_str().expect("utf-8")]);
    let _ = std::fs::remove_file(&empty);
    assert_eq!(named.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&named.stdout).contains("warning[PL011]"));

    let piped = run_with_stdin(
        &["validate", "--format", "json"],
        b"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: a, image: busybox:1.36}]}\n",
    );
    let report = json(&piped);
    assert_eq!(report["summary"]["pods"], 1);
    assert!(String::from_utf8_lossy(&piped.stderr).is_empty());
}

#[test]
fn a_directory_walk_passes_over_kustomize_patches_and_says_so() {
    let walked = run(&["validate", "testdata/kustomize"]);
    let stderr =
        |output: &std::process::Output| String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(walked.status.code(), Some(0), "{}", stderr(&walked));
    assert!(
        stderr(&walked).contains(
            "info: skipped `testdata/kustomize/patch.yaml`: a patch named in `testdata/kustomize/kustomization.yaml`"
        ),
        "{}",
        stderr(&walked)
    );
    // Named on the command line (pre-commit names every changed file), it is judged as the
    // walk judges it: set aside, with the same note, not read as a pod without an image.
    let named = run(&["validate", "-o", "short", "testdata/kustomize/patch.yaml"]);
    assert_eq!(named.status.code(), Some(0), "{}", stderr(&named));
    assert!(named.stdout.is_empty());
    assert!(
        stderr(&named).contains(
            "info: skipped `testdata/kustomize/patch.yaml`: a patch named in `testdata/kustomize/kustomization.yaml`"
        ),
        "{}",
        stderr(&named)
    );
    let beside = run(&[
        "validate",
        "testdata/kustomize/patch.yaml",
        "testdata/kustomize/deployment.yaml",
    ]);
    assert_eq!(beside.status.code(), Some(0), "{}", stderr(&beside));
    // Read anyway through standard input: it is no pod, it has no image.
    let text = std::fs::read("testdata/kustomize/patch.yaml").expect("patch");
    let piped = run_with_stdin(&["validate", "-o", "short", "-"], &text);
    assert_eq!(piped.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&piped.stdout).contains("error[PL010]"));
}

/// `podlife status web-0` names a pod in a cluster, not a file: the error says how to pipe it
/// in (exit 2), in every command that reads manifests; a missing `*.yaml` stays an I/O error.
#[test]
fn a_pod_name_given_as_a_path_says_how_to_pipe_it_in() {
    snapshot_cli("cli__pod_name_as_path_status", &["status", "web-0"]);
    snapshot_cli(
        "cli__pod_name_as_path_validate",
        &[
            "validate",
            "deploy/web",
            "missing.yaml",
            "testdata/clean/live-pod.yaml",
        ],
    );
    for command in ["resources", "simulate"] {
        let output = run(&[command, "web-0"]);
        assert_eq!(output.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!(
                "`kubectl get pod web-0 -o yaml | podlife {command} -`"
            )),
            "{command}: {stderr}"
        );
    }
}

/// Run by kubectl as its plugin (`kubectl-podlife`), the hint says `kubectl podlife`.
#[test]
fn a_pod_name_given_to_the_kubectl_plugin_gets_the_plugin_command() {
    let directory = std::env::temp_dir().join(format!("podlife-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let plugin = directory.join("kubectl-podlife");
    let _ = std::fs::remove_file(&plugin);
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_podlife"), &plugin).unwrap();
    let output = std::process::Command::new(&plugin)
        .args(["status", "web-0"])
        .current_dir(super::support::root())
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&directory);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: no file or directory `web-0`: podlife reads manifests, not a cluster; if `web-0` is in your cluster, pipe it in: `kubectl get pod web-0 -o yaml | kubectl podlife status -`\n"
    );
}

/// `-o short` keeps stdout empty on a clean run (scripts test for that) and says on stderr that
/// every check passed; `-q` silences it; a run with findings does not say it.
#[test]
fn short_output_says_when_all_checks_passed() {
    let clean = run(&[
        "validate",
        "-o",
        "short",
        "src/examples/init-containers.yaml",
    ]);
    assert_eq!(clean.status.code(), Some(0));
    assert!(clean.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&clean.stderr);
    assert!(
        stderr.starts_with("All checks passed: 1 pod in 1 file"),
        "{stderr}"
    );
    let quiet = run(&[
        "validate",
        "-q",
        "-o",
        "short",
        "src/examples/init-containers.yaml",
    ]);
    assert!(quiet.stderr.is_empty());
    let findings = run(&["validate", "-o", "short", "testdata/fix/fixable.yaml"]);
    assert_eq!(findings.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&findings.stderr).contains("All checks passed"));
}

/// Run as kubectl's plugin (`kubectl-podlife` on `PATH`), help and usage say `kubectl podlife`.
#[test]
fn as_a_kubectl_plugin_help_names_kubectl_podlife() {
    let directory = std::env::temp_dir().join(format!("podlife-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let plugin = directory.join("kubectl-podlife");
    std::fs::copy(env!("CARGO_BIN_EXE_podlife"), &plugin).expect("copy");
    let help = std::process::Command::new(&plugin)
        .args(["validate", "--help"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("Usage: kubectl podlife validate [OPTIONS]"),
        "{text}"
    );
    let top = std::process::Command::new(&plugin)
        .arg("--help")
        .output()
        .expect("runs");
    assert!(
        String::from_utf8_lossy(&top.stdout).contains("Usage: kubectl podlife [OPTIONS] <COMMAND>")
    );
    let plain = run(&["validate", "--help"]);
    assert!(String::from_utf8_lossy(&plain.stdout).contains("Usage: podlife validate [OPTIONS]"));
    std::fs::remove_dir_all(&directory).expect("clean up");
}
