//! `--fail-on` moves only the exit threshold; it never turns rules on (issue 29, item 6).

use crate::podlife::support::{json, run, snapshot_cli};

#[test]
fn fail_on_moves_the_exit_threshold_only() {
    // One warning (PL307), no error.
    let file = "src/examples/sidecar.yaml";
    assert_eq!(run(&["validate", file]).status.code(), Some(0));
    assert_eq!(
        run(&["validate", "--fail-on", "warning", file])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        run(&["validate", "--fail-on", "info", file]).status.code(),
        Some(1)
    );
    assert_eq!(
        run(&["validate", "--fail-on", "error", file]).status.code(),
        Some(0)
    );
    // --exit-zero still wins.
    assert_eq!(
        run(&["validate", "--fail-on", "warning", "--exit-zero", file])
            .status
            .code(),
        Some(0)
    );
    snapshot_cli(
        "fail_on__warning",
        &["validate", "--fail-on", "warning", "-o", "short", file],
    );
}

const IDENTICAL_PROBES: &str = "apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: web
    image: registry.example/web:1.0
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 100m, memory: 64Mi}
    livenessProbe: {httpGet: {path: /healthz, port: 8080}}
    readinessProbe: {httpGet: {path: /healthz, port: 8080}}
";

#[test]
fn fail_on_enables_no_rule_unlike_severity_all() {
    // Clean with the default rules; PL306 (off by default) would fire on its probes.
    let directory = std::env::temp_dir().join(format!("podlife-fail-on-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("probes.yaml");
    std::fs::write(&file, IDENTICAL_PROBES).unwrap();
    let corpus = file.to_str().unwrap();
    let count = |args: &[&str]| {
        let output = run(args);
        json(&output)["findings"].as_array().map_or(0, Vec::len)
    };
    let plain = count(&["validate", "-o", "json", corpus]);
    for level in ["error", "warning", "info"] {
        assert_eq!(
            count(&["validate", "-o", "json", "--fail-on", level, corpus]),
            plain,
            "--fail-on {level}"
        );
        assert_eq!(
            run(&["validate", "--fail-on", level, corpus]).status.code(),
            Some(0),
            "a clean file passes at --fail-on {level}"
        );
    }
    // `--severity ALL=error`, the old workaround, turns on rules that are off by default.
    assert!(count(&["validate", "-o", "json", "--severity", "ALL=error", corpus]) > plain);
}

#[test]
fn an_unknown_fail_on_level_is_a_usage_error() {
    let output = run(&[
        "validate",
        "--fail-on",
        "warnings",
        "src/examples/sidecar.yaml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("warning"));
}
