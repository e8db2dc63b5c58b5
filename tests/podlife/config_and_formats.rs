//! Configuration (flags, `.podlife.yaml`, suppressions) and every output format on the same inputs.

use super::support::{json, root, run, run_with_stdin, snapshot, snapshot_cli};

#[test]
fn every_format_on_the_formats_fixtures() {
    for format in ["human", "short", "json", "github", "sarif", "junit"] {
        snapshot_cli(
            &format!("formats__{format}"),
            &[
                "validate",
                "testdata/formats/",
                "--color",
                "never",
                "--format",
                format,
            ],
        );
    }
}

#[test]
fn sarif_names_every_rule_and_locates_every_result() {
    let output = run(&["validate", "testdata/formats/", "--format", "sarif"]);
    let sarif = json(&output);
    assert_eq!(sarif["version"], "2.1.0");
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    assert_eq!(rules.len(), podlife::lint::rules::REGISTRY.len());
    for result in sarif["runs"][0]["results"].as_array().expect("results") {
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().unwrap_or(0) >= 1, "{result}");
    }
}

#[test]
fn selection_severity_and_config_files() {
    let cases: &[(&str, &[&str])] = &[
        (
            "config__strict_initialized",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--strict-initialized",
                "--format",
                "short",
            ],
        ),
        (
            "config__select_and_severity",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--select",
                "PL3,PL012",
                "--severity",
                "PL308=error",
                "--format",
                "short",
            ],
        ),
        (
            "config__ignore",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--ignore",
                "PL308",
                "--ignore",
                "probe-port-not-declared",
                "--format",
                "short",
            ],
        ),
        (
            "config__discovered_file",
            &["validate", "testdata/config/strict/", "--format", "short"],
        ),
        (
            "config__explicit_file",
            &[
                "validate",
                "--config",
                "testdata/config/strict/.podlife.yaml",
                "testdata/formats/shop.yaml",
                "--format",
                "short",
            ],
        ),
        (
            "config__inline_comments",
            &[
                "validate",
                "testdata/config/inline-comments/",
                "--format",
                "short",
            ],
        ),
        (
            "config__pod_templates",
            &[
                "validate",
                "testdata/config/pod-templates/",
                "--format",
                "short",
            ],
        ),
        (
            "config__invalid_file",
            &["validate", "testdata/config/invalid/"],
        ),
        (
            "config__no_config",
            &[
                "validate",
                "testdata/config/invalid/",
                "--no-config",
                "--format",
                "short",
            ],
        ),
        (
            "config__unknown_rule",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--select",
                "PL3OO",
            ],
        ),
        (
            "config__severity_without_level",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--severity",
                "PL306",
            ],
        ),
        (
            "config__off_by_default",
            &[
                "validate",
                "testdata/rules/identical-liveness-and-readiness-probes.yaml",
                "--no-config",
                "--format",
                "short",
            ],
        ),
        (
            "config__enabled_by_severity",
            &[
                "validate",
                "testdata/rules/identical-liveness-and-readiness-probes.yaml",
                "--no-config",
                "--severity",
                "PL306=warning",
                "--format",
                "short",
            ],
        ),
    ];
    for (name, args) in cases {
        snapshot_cli(name, args);
    }
}

#[test]
fn rules_listing() {
    snapshot_cli("rules__listing", &["rules"]);
    let output = run(&["rules", "--format", "json"]);
    let rules = json(&output);
    assert_eq!(
        rules.as_array().map(Vec::len),
        Some(podlife::lint::rules::REGISTRY.len())
    );
    snapshot_cli("rules__explain_prefix", &["explain", "PL30"]);
    for rule in rules.as_array().expect("rules") {
        let id = rule["id"].as_str().expect("id");
        let best_practice = id.starts_with("PL4");
        assert_eq!(
            rule["group"] == "best-practice",
            best_practice,
            "{id}: {}",
            rule["group"]
        );
        if best_practice {
            assert_eq!(rule["enabled"], false, "{id} is off by default");
        }
    }
}

/// The best-practice group: off by default; `--select best-practice` runs only the group,
/// `--extend-select` adds it to the defaults; options only when named; `bestPractice:` and
/// `honorPeerAnnotations:` from the configuration file.
#[test]
fn best_practice_group_selection() {
    let rules_of = |args: &[&str]| -> Vec<String> {
        let mut full = vec!["validate", "--no-config", "-o", "json"];
        full.extend(args);
        let report = json(&run(&full));
        let mut rules: Vec<String> = report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| f["rule"].as_str().unwrap_or("").to_string())
            .collect();
        rules.dedup();
        rules
    };
    let fixture = "testdata/rules/low-user-id.yaml";
    assert_eq!(rules_of(&[fixture]), Vec::<String>::new());
    let group = rules_of(&["--select", "best-practice", fixture]);
    assert!(
        group.iter().all(|rule| rule.starts_with("PL4")) && group.contains(&"PL402".to_string()),
        "only the group: {group:?}"
    );
    assert!(
        !group.contains(&"PL403".to_string()),
        "the option PL403 is not part of the group selection"
    );
    assert_eq!(rules_of(&["--select", "low-user-id", fixture]), ["PL403"]);
    assert_eq!(
        rules_of(&["--extend-select", "PL403", "testdata/rules/wrong-type.yaml"])
            .into_iter()
            .filter(|rule| rule != "PL403")
            .collect::<Vec<_>>(),
        ["PL005"],
        "`--extend-select` keeps the defaults"
    );
    assert!(
        rules_of(&[
            "--select",
            "best-practice",
            "testdata/rules/privileged-container.yaml"
        ])
        .contains(&"PL400".to_string())
    );
    let directory = std::env::temp_dir().join(format!("podlife-bp-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let config = directory.join("podlife.yaml");
    std::fs::write(
        &config,
        "extendSelect: [low-user-id]\nbestPractice: {minUserId: 60}\n",
    )
    .expect("config");
    let report = json(&run(&[
        "validate",
        "-o",
        "json",
        "--config",
        &config.to_string_lossy(),
        fixture,
    ]));
    let messages: Vec<&str> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert!(
        messages.contains(&"ephemeral container `debugger` runs as user ID 0, below 60"),
        "{messages:#?}"
    );
    assert!(
        !messages
            .iter()
            .any(|m| m.contains("ID 65") || m.contains("ID 1000")),
        "IDs at or above `minUserId` pass: {messages:#?}"
    );
    std::fs::remove_dir_all(&directory).expect("cleanup");
    snapshot_cli("rules__explain_option", &["explain", "PL403"]);
}

/// `--fix` repairs in place what is certain and leaves the rest byte for byte; `--unsafe-fixes`
/// adds the typo; `--diff` writes nothing and exits 1 while there is something to fix; a fixed
/// file keeps its permissions; fixing twice changes nothing; stdin's fix goes to stdout.
#[test]
fn fix_diff_and_unsafe_fixes() {
    use std::os::unix::fs::PermissionsExt;
    let directory = std::env::temp_dir().join(format!("podlife-fix-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let original =
        std::fs::read_to_string(root().join("testdata/fix/fixable.yaml")).expect("fixture");
    let file = directory.join("fixable.yaml");
    let path = file.to_string_lossy().to_string();
    std::fs::write(&file, &original).expect("copy");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("mode");

    let diff = run(&["validate", "--diff", &path]);
    assert_eq!(diff.status.code(), Some(1), "changes pending");
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        original,
        "--diff writes nothing"
    );
    let diff_text = String::from_utf8_lossy(&diff.stdout);
    assert!(
        diff_text.contains("-        imagePullPolicy: ifnotpresent   # case only"),
        "{diff_text}"
    );
    assert!(
        diff_text.contains("+        imagePullPolicy: IfNotPresent   # case only"),
        "{diff_text}"
    );

    let fixed = run(&["validate", "--fix", "-o", "short", &path]);
    let after = std::fs::read_to_string(&file).expect("read");
    snapshot("fix__safe", &after);
    let remaining = String::from_utf8_lossy(&fixed.stdout);
    assert!(
        remaining.contains("PL101") && remaining.contains("PL006"),
        "{remaining}"
    );
    assert!(
        !remaining.contains("PL102") && !remaining.contains("PL005"),
        "{remaining}"
    );
    assert_eq!(
        fixed.status.code(),
        Some(1),
        "the duplicate name remains an error"
    );
    assert_eq!(
        std::fs::metadata(&file).expect("stat").permissions().mode() & 0o777,
        0o640,
        "permissions kept"
    );
    // Everything but the fixed values is as it was.
    let expected = original
        .replace("restartPolicy: always", "restartPolicy: Always")
        .replace(
            "imagePullPolicy: ifnotpresent",
            "imagePullPolicy: IfNotPresent",
        )
        .replace("containerPort: \"8080\"", "containerPort: 8080")
        .replace(
            "terminationMessagePolicy: file",
            "terminationMessagePolicy: File",
        )
        .replace("readOnly: \"true\"", "readOnly: true");
    assert_eq!(after, expected);

    let again = run(&["validate", "--fix", "-q", &path]);
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        after,
        "idempotent"
    );
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        run(&["validate", "--diff", &path]).status.code(),
        Some(0),
        "nothing left"
    );

    let unsafe_fix = run(&["validate", "--fix", "--unsafe-fixes", "-o", "short", &path]);
    let renamed = std::fs::read_to_string(&file).expect("read");
    assert!(
        renamed.contains("        imagePullPolicy: Always\n"),
        "{renamed}"
    );
    assert!(!String::from_utf8_lossy(&unsafe_fix.stdout).contains("PL006"));

    let piped = run_with_stdin(
        &["validate", "--fix", "-o", "short", "-"],
        original.as_bytes(),
    );
    assert_eq!(
        String::from_utf8_lossy(&piped.stdout),
        expected,
        "stdin: the fixed text on stdout"
    );
    assert!(
        String::from_utf8_lossy(&piped.stderr).contains("PL101"),
        "the report on stderr"
    );

    let json = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/fix/fixable.yaml",
    ]));
    let fix = json["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["rule"] == "PL102")
        .map(|f| f["fix"].clone())
        .expect("a PL102 finding");
    assert_eq!(fix["applicability"], "safe");
    let start = fix["edits"][0]["start"].as_u64().expect("start") as usize;
    let end = fix["edits"][0]["end"].as_u64().expect("end") as usize;
    assert_eq!(
        &original[start..end],
        "ifnotpresent",
        "byte offsets into the file"
    );
    assert_eq!(fix["edits"][0]["text"], "IfNotPresent");
    assert_eq!(
        run(&["validate", "--unsafe-fixes", &path]).status.code(),
        Some(2)
    );
    std::fs::remove_dir_all(&directory).ok();
}

/// PL207's fix moves the annotation's init containers into `spec.initContainers` (unsafe:
/// they start running), the rest of the file as written.
#[test]
fn the_legacy_annotation_fix_moves_the_containers_into_the_spec() {
    let directory = std::env::temp_dir().join(format!("podlife-legacy-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let file = directory.join("legacy.yaml");
    let path = file.to_string_lossy().to_string();
    let original = std::fs::read_to_string(root().join("src/examples/legacy-annotation.yaml"))
        .expect("example");
    std::fs::write(&file, &original).expect("copy");
    assert_eq!(
        run(&["validate", "--fix", "-q", &path]).status.code(),
        Some(0)
    );
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        original,
        "unsafe: not with --fix alone"
    );
    let fixed = run(&["validate", "--fix", "--unsafe-fixes", "-o", "short", &path]);
    assert_eq!(
        fixed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&fixed.stdout)
    );
    let after = std::fs::read_to_string(&file).expect("read");
    snapshot("fix__legacy_annotation", &after);
    assert!(!after.contains("pod.beta.kubernetes.io/init-containers"));
    let checked = json(&run(&["validate", "-o", "json", &path]));
    assert_eq!(checked["findings"], serde_json::json!([]), "{checked}");
    assert_eq!(checked["summary"]["pods"], 1);
    std::fs::remove_dir_all(&directory).ok();
}

/// Whether every character of `text` is one XML 1.0 can hold.
fn only_xml_characters(text: &str) -> bool {
    text.chars().all(podlife::text::is_xml_char)
}

/// PL422's fix renames `serviceAccount` to `serviceAccountName` with `--fix` alone (safe: the
/// API server reads the same account), only where `serviceAccountName` is absent, and changes
/// no other verdict of the best-practice group.
#[test]
fn the_deprecated_service_account_fix_renames_the_field_when_unambiguous() {
    let original = std::fs::read_to_string(
        root().join("testdata/rules/deprecated-service-account-field.yaml"),
    )
    .expect("fixture");
    let fixed = run_with_stdin(
        &[
            "validate",
            "--no-config",
            "--extend-select",
            "PL422",
            "--fix",
            "-o",
            "short",
            "-",
        ],
        original.as_bytes(),
    );
    let after = String::from_utf8_lossy(&fixed.stdout).to_string();
    assert_eq!(
        after,
        original.replacen(
            "  serviceAccount: builder\n  containers:",
            "  serviceAccountName: builder\n  containers:",
            1
        ),
        "only the pod without `serviceAccountName` is renamed"
    );
    let findings = |text: &str| {
        let report = json(&run_with_stdin(
            &[
                "validate",
                "--no-config",
                "--select",
                "best-practice",
                "-o",
                "json",
                "-",
            ],
            text.as_bytes(),
        ));
        report["findings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|finding| {
                (
                    finding["rule"].as_str().unwrap_or("").to_string(),
                    finding["pod"]["name"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    let before = findings(&original);
    assert!(
        before.contains(&("PL422".to_string(), "fires-alone".to_string())),
        "{before:?}"
    );
    let expected: Vec<_> = before
        .into_iter()
        .filter(|(rule, pod)| !(rule == "PL422" && pod == "fires-alone"))
        .collect();
    assert_eq!(findings(&after), expected, "no other verdict changes");
}

/// JUnit XML and SVG plots stay well-formed whatever the input holds: characters XML 1.0
/// forbids (U+FFFE, U+FFFF, C0 controls) are shown as `\u{…}`, not written and not dropped.
#[test]
fn xml_outputs_hold_only_characters_xml_allows() {
    let manifest = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: \"p\\uFFFEq\\uFFFF\"\nspec:\n  containers:\n  - name: \"a\\uFFFEb\\u0001\"\n    image: nginx:1.27\n";
    let output = run_with_stdin(&["validate", "-o", "junit", "-"], manifest.as_bytes());
    let junit = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(only_xml_characters(&junit), "{junit:?}");
    assert!(
        junit.contains(r"a\u{fffe}b\u{1}"),
        "shown, not dropped: {junit}"
    );
    assert!(junit.contains(r"Pod p\u{fffe}q\u{ffff}"), "{junit}");

    // The name is no DNS subdomain (PL184): simulated anyway, for its rendering.
    let runnable = manifest.replace(r#""a\uFFFEb\u0001""#, "a");
    let output = run_with_stdin(
        &["simulate", "-q", "--allow-invalid", "--svg", "-", "-"],
        runnable.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    let svg = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(only_xml_characters(&svg), "{svg:?}");
    assert!(svg.contains(r"p\u{fffe}q\u{ffff}"), "{svg}");
}

/// One notion of suppression: what `validate` suppresses (comments, annotations), every
/// command that reports findings suppresses, loader findings and API findings alike.
#[test]
fn a_suppressed_finding_is_suppressed_in_every_command() {
    let file = "testdata/suppression/every-command.yaml";
    let commands: [&[&str]; 5] = [
        &["validate", file],
        &["simulate", file, "--until", "10s", "-q"],
        &["resources", file],
        &["status", file, "--now", "2026-11-01T11:00:00Z"],
        &["rollout", file, "-q"],
    ];
    for args in commands {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("PL006") && !stderr.contains("PL102"),
            "{args:?}: {stderr}"
        );
    }
    // Without the suppressions, the same commands report them and exit 1.
    let text = std::fs::read_to_string(file).expect("fixture");
    let bare = text
        .replace("  # podlife: ignore[PL102]", "")
        .replace("  # podlife: ignore[PL006]", "")
        .replace(
            "  annotations:\n    podlife.dev/ignore: unknown-field\n",
            "",
        );
    for command in ["validate", "simulate", "resources"] {
        let output = run_with_stdin(&[command, "-"], bare.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(1),
            "{command}: {}",
            super::support::render(&output)
        );
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("PL006")
                || String::from_utf8_lossy(&output.stdout).contains("PL006"),
            "{command}"
        );
    }
}

/// Rendered Helm output names each document's template (`# Source: chart/templates/x.yaml`):
/// every format names it beside the location of the findings in that document (and only
/// there), in every command that reports findings, so a finding leads to the file to edit.
#[test]
fn rendered_helm_output_names_each_findings_template_in_every_format() {
    let text = std::fs::read("testdata/formats/helm-rendered.yaml").expect("fixture");
    let template = "shop/templates/deployment.yaml";
    let json_output = run_with_stdin(&["validate", "-o", "json", "-"], &text);
    let report = json(&json_output);
    let findings = report["findings"].as_array().expect("findings");
    let sources: Vec<(String, Option<&str>)> = findings
        .iter()
        .map(|f| (f["rule"].to_string(), f["source"].as_str()))
        .collect();
    assert_eq!(
        sources,
        [
            ("\"PL102\"".to_string(), Some(template)),
            ("\"PL006\"".to_string(), Some(template)),
            ("\"PL102\"".to_string(), None),
        ],
        "{report}"
    );
    let line_of = |format: &str| {
        let output = run_with_stdin(&["validate", "--color", "never", "-o", format, "-"], &text);
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let human = line_of("human");
    assert!(
        human.contains(&format!("╭─[<stdin>:24:26] source: {template}\n")),
        "{human}"
    );
    assert!(human.contains("╭─[<stdin>:35:22]\n"), "{human}");
    let short = line_of("short");
    assert!(
        short.contains(&format!(
            "<stdin>:24:26: error[PL102] `imagePullPolicy: always` of container `shop` is not supported (source: {template})\n"
        )),
        "{short}"
    );
    assert!(line_of("github").contains(&format!("%0Asource: {template}")));
    assert!(line_of("junit").contains(&format!("(source: {template})")));
    let sarif = json(&run_with_stdin(&["validate", "-o", "sarif", "-"], &text));
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results[0]["properties"]["source"], template, "{sarif}");
    assert!(results[2].get("properties").is_none(), "{sarif}");
    assert!(
        line_of("yaml").contains(&format!("source: {template}")),
        "the JSON as YAML"
    );
    // The commands that leave an invalid pod out say where its errors are the same way.
    for command in ["simulate", "resources", "rollout"] {
        let output = run_with_stdin(&[command, "-"], &text);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("is not supported (source: {template})")),
            "{command}: {stderr}"
        );
    }
}
