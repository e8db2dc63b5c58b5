//! What podlife meets in real repositories, each class from a minimal manifest of our own:
//! operator parameters inside strings, kinds of other API groups, injected sidecars'
//! volumes, Job-like custom resources, non-Kubernetes YAML named explicitly, empty directories.

use super::support::{json, run};

/// The rules of the findings of a `-o json` report, in order.
fn rules_of(report: &serde_json::Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|finding| finding["rule"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn argo_parameters_inside_strings_leave_the_workflow_a_manifest() {
    let output = run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/argo-parameters.yaml",
    ]);
    let report = json(&output);
    assert_eq!(rules_of(&report), Vec::<String>::new(), "{report}");
    assert_eq!(report["summary"]["pods"], 2, "both templates are checked");
    assert_eq!(output.status.code(), Some(0));
}
