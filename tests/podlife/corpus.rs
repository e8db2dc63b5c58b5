//! The real manifests (`PODLIFE_CORPUS`, set by `.ci/run`; else `../shared/corpus/real` when it
//! exists) all load with zero error findings. Without either the test says so and checks nothing.

use super::support::{json, run, snapshot_cli};

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
    // 15, and the 3 of json-values.json, read as kubectl reads JSON values one after another.
    assert_eq!(report["summary"]["pods"], 18);
    assert_eq!(output.status.code(), Some(0));
}

/// `testdata/custom-resources/clean.yaml`: one custom resource of each operator whose pod
/// templates podlife reads, each valid as its operator writes it (Knative's unnamed containers
/// and extra fields, OpenKruise's StatefulSet fields): every template is a pod, and not one
/// finding. `broken.yaml`: findings located inside the custom resources; an unknown kind is
/// skipped and counted.
#[test]
fn custom_resources_pod_templates_are_checked_where_they_are() {
    let output = run(&[
        "validate",
        "-o",
        "json",
        "testdata/custom-resources/clean.yaml",
    ]);
    let report = json(&output);
    assert_eq!(report["findings"], serde_json::json!([]), "{report}");
    assert_eq!(
        report["summary"]["pods"], 15,
        "head + worker, master + worker, leader + worker, two Argo templates and a container set"
    );
    assert_eq!(report["summary"]["skippedObjects"], 0);
    assert_eq!(output.status.code(), Some(0));

    snapshot_cli(
        "custom_resources__broken",
        &["validate", "testdata/custom-resources/broken.yaml"],
    );
    let broken = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/custom-resources/broken.yaml",
    ]));
    assert_eq!(broken["summary"]["skippedObjects"], 1, "the Widget");
    let paths: Vec<&str> = broken["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|finding| finding["path"].as_str())
        .collect();
    assert!(
        paths.contains(&"spec.workerGroupSpecs[0].template.spec.containers[1].name"),
        "{paths:?}"
    );
    assert!(
        paths.contains(&"spec.tfReplicaSpecs[Worker].template.spec.initContainers[0].startupProbe.successThreshold"),
        "{paths:?}"
    );
    // An Argo template's parts map back to where they are in the workflow.
    assert!(
        paths.contains(&"spec.templates[1].initContainers[0].volumeMounts[0].name"),
        "{paths:?}"
    );
    assert!(
        paths.contains(&"spec.templates[1].sidecars[0].image"),
        "{paths:?}"
    );

    // resources and simulate read the same templates.
    let resources = json(&run(&[
        "resources",
        "-o",
        "json",
        "testdata/custom-resources/clean.yaml",
    ]));
    assert_eq!(resources["pods"].as_array().map(Vec::len), Some(15));
    let simulated = run(&[
        "simulate",
        "testdata/custom-resources/clean.yaml",
        "--pod",
        "checkout",
        "--fail",
        "migrate",
    ]);
    assert_eq!(simulated.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&simulated.stdout).contains("Rollout"));
}

/// The security part of the best-practice group (PL400–PL429, options aside) on the real
/// manifests: a reviewed, deterministic set (`../shared/corpus/real`, skipped without it).
#[test]
fn best_practice_security_corpus() {
    let corpus = "../shared/corpus/real";
    if !super::support::root().join(corpus).is_dir() {
        eprintln!("{corpus} is absent; skipping");
        return;
    }
    // Run inside the corpus so that the paths printed do not depend on where it lives.
    let args = [
        "validate",
        "--no-config",
        "--select",
        "PL40,PL41,PL42",
        "--format",
        "short",
        ".",
    ];
    let output = super::support::podlife(&args)
        .current_dir(super::support::root().join(corpus))
        .output()
        .expect("podlife runs");
    super::support::snapshot(
        "best_practice_security_corpus",
        &format!(
            "$ cd {corpus} && podlife {}\n{}",
            args.join(" "),
            super::support::render(&output)
        ),
    );
}
