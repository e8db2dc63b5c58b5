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

#[test]
fn kinds_are_matched_by_api_group_for_built_in_kinds_too() {
    let output = run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/other-groups.yaml",
    ]);
    let report = json(&output);
    assert_eq!(rules_of(&report), Vec::<String>::new(), "{report}");
    assert_eq!(report["summary"]["pods"], 3, "Volcano's tasks");
    assert_eq!(
        report["summary"]["skippedObjects"], 1,
        "the unknown group's Job"
    );
    assert_eq!(output.status.code(), Some(0));
}

/// Where each finding of a rule is, as `path`.
fn paths_of(report: &serde_json::Value, rule: &str) -> Vec<String> {
    report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|finding| finding["rule"] == rule)
        .map(|finding| finding["path"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn templates_that_become_a_jobs_pod_need_a_jobs_restart_policy() {
    let output = run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/job-like.yaml",
    ]);
    let report = json(&output);
    assert_eq!(
        paths_of(&report, "PL130"),
        [
            "spec.jobTargetRef.template.spec.restartPolicy",
            "spec.replicatedJobs[1].template.spec.template.spec.restartPolicy",
            "spec.submitterPodTemplate.spec.restartPolicy",
            "spec.template.spec.restartPolicy",
        ],
        "{report}"
    );
    assert_eq!(
        rules_of(&report),
        ["PL130", "PL130", "PL130", "PL130"],
        "nothing else, and not the RayJob's head nor the PyTorchJob"
    );
    assert_eq!(report["summary"]["pods"], 7);
    assert_eq!(output.status.code(), Some(1));

    let configured = json(&run(&[
        "validate",
        "-o",
        "json",
        "--config",
        "testdata/real-repos/job-pod-templates.podlife.yaml",
        "testdata/real-repos/job-pod-templates.yaml",
    ]));
    assert_eq!(
        paths_of(&configured, "PL130"),
        ["spec.runner.spec.restartPolicy"],
        "`job: true` makes the Batch's template a Job's; the Service's is not: {configured}"
    );
    assert_eq!(configured["summary"]["pods"], 2);
}
