//! The real manifests (`PODLIFE_CORPUS`, set by `.ci/run`; else `../shared/corpus/real` when it
//! exists) all load with zero error findings. Without either the test says so and checks nothing.

use super::support::{json, run};

#[test]
fn real_manifests_have_no_error_findings() {
    let fallback = super::support::root().join("../shared/corpus/real");
    let corpus = match std::env::var_os("PODLIFE_CORPUS") {
        Some(corpus) => corpus.to_string_lossy().to_string(),
        None if fallback.is_dir() => fallback.to_string_lossy().to_string(),
        None => {
            eprintln!("PODLIFE_CORPUS is not set and ../shared/corpus/real is absent; skipping");
            return;
        }
    };
    assert!(
        std::path::Path::new(&corpus).is_dir(),
        "PODLIFE_CORPUS={corpus} is not a directory"
    );
    let output = run(&["validate", "--format", "json", &corpus]);
    let report = json(&output);
    let errors: Vec<String> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            format!(
                "{}:{}:{}: {} {}",
                f["file"], f["line"], f["column"], f["rule"], f["message"]
            )
        })
        .collect();
    assert!(
        errors.is_empty(),
        "error findings on real manifests:\n{}",
        errors.join("\n")
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(
        report["summary"]["pods"].as_u64().unwrap_or(0) >= 40,
        "every pod-bearing manifest is read"
    );
    assert_eq!(report["summary"]["failedInputs"], 0);
}

/// `testdata/clean/`: live objects with every field Kubernetes prints, every pod-bearing kind
/// with its status, and valid oddities. Not one finding of any severity.
#[test]
fn clean_manifests_have_no_findings_at_all() {
    let output = run(&["validate", "--format", "json", "testdata/clean"]);
    let report = json(&output);
    let findings: Vec<String> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            format!(
                "{}:{}:{}: {} {}",
                f["file"], f["line"], f["column"], f["rule"], f["message"]
            )
        })
        .collect();
    assert!(findings.is_empty(), "findings:\n{}", findings.join("\n"));
    assert_eq!(report["summary"]["pods"], 14);
    assert_eq!(output.status.code(), Some(0));
}
