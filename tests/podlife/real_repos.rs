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
            "spec.template.spec.replicatedJobs[0].template.spec.template.spec.restartPolicy",
            "spec.submitterPodTemplate.spec.restartPolicy",
            "spec.template.spec.restartPolicy",
        ],
        "{report}"
    );
    assert_eq!(
        rules_of(&report),
        ["PL130", "PL130", "PL130", "PL130", "PL130"],
        "nothing else: not the templates KEDA and JobSet fill in, the RayJob's head, the PyTorchJob"
    );
    assert_eq!(report["summary"]["pods"], 9);
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

/// Every `*.yaml`/`*.yml`/`*.json` file under `directory`, hidden ones included, sorted: more
/// than pre-commit's `files:` pattern passes (it leaves out `.github/` and `.podlife.yaml`).
fn every_yaml_file(directory: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![directory.to_path_buf()];
    while let Some(directory) = pending.pop() {
        for entry in std::fs::read_dir(&directory).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e == "yaml" || e == "yml" || e == "json")
            {
                found.push(
                    path.strip_prefix(super::support::root())
                        .unwrap_or(&path)
                        .to_string_lossy()
                        .to_string(),
                );
            }
        }
    }
    found.sort();
    found
}

/// The shipped pre-commit hook, run as pre-commit runs it (its `entry` with the files named),
/// on a repository with a Compose file, a Helm chart's `Chart.yaml` and `values.yaml`, a CI
/// workflow and a configuration next to a valid manifest: it passes, and the one pod is read.
#[test]
fn the_pre_commit_hook_passes_on_a_repository_with_non_kubernetes_yaml() {
    let hooks = std::fs::read_to_string(super::support::root().join(".pre-commit-hooks.yaml"))
        .expect("the hook file");
    let entry = hooks
        .lines()
        .find_map(|line| line.trim().strip_prefix("entry:"))
        .expect("an entry");
    let mut words = entry.split_whitespace();
    assert_eq!(words.next(), Some("podlife"));
    let mut args: Vec<String> = words.map(str::to_string).collect();
    let files = every_yaml_file(&super::support::root().join("testdata/real-repos/repo"));
    assert!(files.iter().any(|f| f.ends_with("Chart.yaml")), "{files:?}");
    args.extend(files.iter().cloned());
    let arguments: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&arguments);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        super::support::render(&output)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("info: skipped a document of `testdata/real-repos/repo/chart/Chart.yaml`"),
        "each skipped file is noted: {stderr}"
    );
    assert!(!stderr.contains("k8s/web.yaml"), "{stderr}");
    assert!(
        stderr.contains("info: skipped 2 paths under `testdata/real-repos/repo/chart/templates`: templates of the Helm chart `testdata/real-repos/repo/chart`, not manifests (check what Helm renders: `helm template testdata/real-repos/repo/chart | podlife validate -`)"),
        "the chart's templates are named, not read: {stderr}"
    );

    let mut with_json = arguments.clone();
    with_json.splice(1..1, ["-o", "json"]);
    let report = json(&run(&with_json));
    assert_eq!(rules_of(&report), Vec::<String>::new(), "{report}");
    assert_eq!(report["summary"]["pods"], 1);
    assert_eq!(
        report["summary"]["skippedObjects"], 6,
        "Compose, Chart.yaml, values.yaml, the workflow, the configuration, the Service"
    );
    assert_eq!(report["summary"]["files"], 6, "generated/ is excluded");
}

/// A Helm chart's `templates/` holds Go templates, not manifests: a walk passes over it, named
/// (a file or the directory) it is set aside the same way, each time with a note that says how
/// to check what Helm renders; through stdin a template is read, and is PL013.
#[test]
fn a_helm_charts_templates_are_set_aside_walked_or_named() {
    let note = "templates of the Helm chart `testdata/real-repos/repo/chart`, not manifests (check what Helm renders: `helm template testdata/real-repos/repo/chart | podlife validate -`)";
    for command in ["validate", "resources"] {
        let walked = run(&[command, "testdata/real-repos/repo"]);
        let stderr = String::from_utf8_lossy(&walked.stderr);
        assert_eq!(walked.status.code(), Some(0), "{command}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "info: skipped `testdata/real-repos/repo/chart/templates`: {note}"
            )),
            "{command}: {stderr}"
        );
        assert!(!stderr.contains("PL013"), "{command}: {stderr}");
    }
    let template = "testdata/real-repos/repo/chart/templates/deployment.yaml";
    for named in [template, "testdata/real-repos/repo/chart/templates"] {
        let output = run(&["validate", "-o", "json", named]);
        assert_eq!(output.status.code(), Some(0), "{named}");
        assert_eq!(rules_of(&json(&output)), Vec::<String>::new(), "{named}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("info: skipped `{named}`: {note}")),
            "{named}: {stderr}"
        );
        assert!(!stderr.contains("PL011"), "set aside, not empty: {stderr}");
    }
    let text = std::fs::read(template).expect("the template");
    let piped = super::support::run_with_stdin(&["validate", "-o", "json", "-"], &text);
    assert_eq!(piped.status.code(), Some(1));
    assert_eq!(rules_of(&json(&piped)), ["PL013"]);
}

#[test]
fn exclude_applies_to_named_files_unless_told_otherwise() {
    let excluded = "testdata/real-repos/repo/generated/broken.yaml";
    let output = run(&["validate", excluded]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("info: skipped"),
        "{}",
        super::support::render(&output)
    );
    let report = json(&run(&[
        "validate",
        "-o",
        "json",
        "--no-force-exclude",
        excluded,
    ]));
    assert_eq!(rules_of(&report), ["PL010"]);
}

#[test]
fn an_object_that_lost_its_kind_is_still_an_error_named_or_walked() {
    let named = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/lost-kind.yaml",
    ]));
    assert_eq!(rules_of(&named), ["PL004"]);
    let walked = json(&run(&[
        "validate",
        "-o",
        "json",
        "--exclude",
        "repo/",
        "--exclude",
        "*.podlife.yaml",
        "testdata/real-repos",
    ]));
    assert!(rules_of(&walked).contains(&"PL004".to_string()), "{walked}");
}

/// An unknown field is rejected by `kubectl apply` (strict field validation) and Helm, so it is
/// an error by default; `--severity PL006=warning` lets it pass, keeping the did-you-mean.
#[test]
fn an_unknown_field_is_an_error_unless_lowered_to_a_warning() {
    let text = b"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    imagePulPolicy: Always\n";
    let strict = super::support::run_with_stdin(&["validate", "-o", "json", "-"], text);
    let report = json(&strict);
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(report["findings"][0]["rule"], "PL006");
    assert_eq!(report["findings"][0]["severity"], "error");
    assert_eq!(
        report["findings"][0]["help"],
        "did you mean `imagePullPolicy`?"
    );
    let lowered = super::support::run_with_stdin(
        &["validate", "-o", "json", "--severity", "PL006=warning", "-"],
        text,
    );
    assert_eq!(lowered.status.code(), Some(0));
    assert_eq!(json(&lowered)["findings"][0]["severity"], "warning");
}

/// A volume with no source is an `emptyDir` once the API server defaults it; with
/// `--no-defaulting` it is checked as written, and has no source.
#[test]
fn a_sourceless_volume_is_an_empty_dir_after_defaulting() {
    let file = "testdata/real-repos/injected-sidecar.yaml";
    let defaulted = json(&run(&["validate", "-o", "json", file]));
    assert_eq!(rules_of(&defaulted), Vec::<String>::new(), "{defaulted}");
    assert_eq!(defaulted["summary"]["pods"], 1);
    let as_written = json(&run(&["validate", "-o", "json", "--no-defaulting", file]));
    assert_eq!(
        paths_of(&as_written, "PL153"),
        ["spec.template.spec.volumes[0]"],
        "{as_written}"
    );
}

/// An existing directory with no manifest is said (PL011, a warning), not a silent clean run;
/// `--severity PL011=error` makes it fatal.
#[test]
fn a_directory_with_no_manifests_is_reported() {
    let directory = "testdata/real-repos/no-manifests";
    let output = run(&["validate", "-o", "json", directory]);
    let report = json(&output);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(rules_of(&report), ["PL011"]);
    assert_eq!(report["findings"][0]["severity"], "warning");
    assert_eq!(
        report["findings"][0]["message"],
        format!("no Kubernetes objects under `{directory}`")
    );
    let fatal = run(&["validate", "--severity", "PL011=error", directory]);
    assert_eq!(fatal.status.code(), Some(1));
    // A directory whose files hold no Kubernetes object (a Helm chart's `Chart.yaml` and
    // `values.yaml`) is reported the same way.
    let chart = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/repo/chart",
    ]));
    assert_eq!(rules_of(&chart), ["PL011"], "{chart}");
    assert_eq!(
        chart["findings"][0]["note"],
        "the 2 files read there hold no Kubernetes object"
    );
    // A directory with manifests in it gets no such finding.
    let full = json(&run(&["validate", "-o", "json", "testdata/clean"]));
    assert_eq!(rules_of(&full), Vec::<String>::new());
}

/// Argo merges `templateDefaults` into each template and gives the pod the template's (else the
/// workflow's) `resourceClaims`.
#[test]
fn argo_template_defaults_and_resource_claims_reach_the_pod() {
    let clean = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/argo-template-defaults.yaml",
    ]));
    assert_eq!(rules_of(&clean), Vec::<String>::new(), "{clean}");
    assert_eq!(clean["summary"]["pods"], 3);
    let broken = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/real-repos/argo-template-defaults-broken.yaml",
    ]));
    assert_eq!(
        paths_of(&broken, "PL146"),
        ["spec.templates[0].container.resources.claims[0]"],
        "the template's claims replace the workflow's: {broken}"
    );
    assert_eq!(
        paths_of(&broken, "PL006"),
        ["spec.templateDefaults.container.imagePulPolicy"],
        "reported once for the two pods"
    );
    assert_eq!(rules_of(&broken).len(), 2, "{broken}");
}

#[test]
fn a_pod_templates_job_key_that_is_no_boolean_is_a_located_configuration_error() {
    let output = run(&[
        "validate",
        "--config",
        "testdata/real-repos/bad-job.podlife.yaml",
        "testdata/real-repos/job-pod-templates.yaml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`true` or `false`") && stderr.contains(":5:10"),
        "{stderr}"
    );
}
