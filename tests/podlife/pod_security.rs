//! Pod Security admission through the binary: Namespace labels from other inputs and stdin,
//! every workload kind's template, the cluster defaults from the command line and the
//! configuration, exemptions, the JSON contract, and the commands that refuse a rejected pod.

use super::support::{json, render, run, run_with_stdin, snapshot};

const NAMESPACES: &str = "testdata/pod-security/namespaces.yaml";
const WORKLOADS: &str = "testdata/pod-security/workloads.yaml";

/// `(rule, check, mode, kind of the object)` of each Pod Security finding.
fn pod_security(report: &serde_json::Value) -> Vec<(String, String, String, String)> {
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|finding| finding.get("podSecurity").is_some())
        .map(|finding| {
            (
                finding["rule"].as_str().unwrap_or("").to_string(),
                finding["podSecurity"]["check"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                finding["podSecurity"]["mode"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                finding["pod"]["kind"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn namespaces_in_another_file_govern_every_workload_kind() {
    let output = run(&["validate", "-o", "json", NAMESPACES, WORKLOADS]);
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output);
    let found = pod_security(&report);
    for kind in [
        "Deployment",
        "StatefulSet",
        "DaemonSet",
        "ReplicaSet",
        "ReplicationController",
        "Job",
        "CronJob",
    ] {
        let checks: Vec<&str> = found
            .iter()
            .filter(|(_, _, mode, k)| k == kind && mode == "enforce")
            .map(|(_, check, _, _)| check.as_str())
            .collect();
        assert_eq!(
            checks,
            [
                "allowPrivilegeEscalation",
                "capabilities_restricted",
                "runAsNonRoot",
                "seccompProfile_restricted"
            ],
            "{kind}"
        );
    }
    let first = report["findings"]
        .as_array()
        .and_then(|all| all.iter().find(|f| f.get("podSecurity").is_some()))
        .expect("a Pod Security finding");
    assert_eq!(
        first["podSecurity"],
        serde_json::json!({"level": "restricted", "version": "v1.37", "mode": "enforce", "check": "allowPrivilegeEscalation"})
    );
    assert_eq!(first["severity"], "error");
    assert!(
        first["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("every pod created from this Deployment is rejected: violates PodSecurity \"restricted:latest\": allowPrivilegeEscalation != false"),
        "{first}"
    );
    // `legacy` enforces baseline and warns about restricted:v1.30; `open` is privileged and
    // the hardened pod passes.
    let collector: Vec<(&str, &str)> = found
        .iter()
        .filter(|(_, _, _, kind)| kind == "Pod")
        .map(|(_, check, mode, _)| (check.as_str(), mode.as_str()))
        .collect();
    assert_eq!(
        collector,
        [
            ("hostPathVolumes", "enforce"),
            ("restrictedVolumes", "warn"),
            ("allowPrivilegeEscalation", "warn"),
            ("capabilities_restricted", "warn"),
            ("runAsNonRoot", "warn"),
            ("seccompProfile_restricted", "warn"),
        ]
    );
    let warned = report["findings"]
        .as_array()
        .and_then(|all| all.iter().find(|f| f["podSecurity"]["mode"] == "warn"))
        .expect("a warning");
    assert_eq!(warned["severity"], "warning");
    assert_eq!(warned["podSecurity"]["version"], "v1.30");
    // The refused label is an error on its Namespace.
    let refused: Vec<&serde_json::Value> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["rule"] == "PL530")
        .collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0]["pod"]["kind"], "Namespace");
    assert_eq!(refused[0]["badValue"], "Strict");
}

#[test]
fn without_a_level_nothing_is_checked_and_the_flag_sets_the_default() {
    let output = run(&["validate", "-o", "json", WORKLOADS]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    assert!(pod_security(&json(&output)).is_empty());
    // The cluster default applies to every namespace without labels in the run.
    let output = run(&[
        "validate",
        "-o",
        "json",
        "--pod-security",
        "baseline",
        WORKLOADS,
    ]);
    let found = pod_security(&json(&output));
    assert_eq!(
        found
            .iter()
            .map(|(_, check, mode, _)| (check.as_str(), mode.as_str()))
            .collect::<Vec<_>>(),
        [
            ("hostPathVolumes", "enforce"),
            ("hostNamespaces", "enforce"),
            ("privileged", "enforce")
        ]
    );
    // A namespace's own label wins over the default.
    let output = run(&[
        "validate",
        "-o",
        "json",
        "--pod-security",
        "baseline",
        NAMESPACES,
        WORKLOADS,
    ]);
    let found = pod_security(&json(&output));
    assert!(
        !found.iter().any(|(_, check, _, _)| check == "privileged"),
        "{found:?}"
    );
    // warn= and audit= set the other modes; a pinned version is kept.
    let output = run(&[
        "validate",
        "-o",
        "json",
        "--pod-security",
        "audit=restricted:v1.22",
        WORKLOADS,
    ]);
    let report = json(&output);
    let audited = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["podSecurity"]["mode"] == "audit")
        .count();
    assert!(audited > 0);
    assert!(
        report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .all(|f| {
                f.get("podSecurity").is_none()
                    || (f["podSecurity"]["version"] == "v1.22" && f["severity"] == "warning")
            })
    );
}

#[test]
fn namespaces_on_standard_input_govern_the_files() {
    let namespaces = std::fs::read(super::support::root().join(NAMESPACES)).expect("fixture");
    let output = run_with_stdin(&["validate", "-o", "json", "-", WORKLOADS], &namespaces);
    let from_stdin = pod_security(&json(&output));
    let output = run(&["validate", "-o", "json", NAMESPACES, WORKLOADS]);
    assert_eq!(from_stdin, pod_security(&json(&output)));
}

#[test]
fn the_configuration_sets_defaults_namespaces_and_exemptions() {
    let directory = std::env::temp_dir().join(format!("podlife-psa-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("temp dir");
    let workloads = directory.join("workloads.yaml");
    std::fs::copy(super::support::root().join(WORKLOADS), &workloads).expect("copy");
    std::fs::write(
        directory.join(".podlife.yaml"),
        "podSecurity:\n  defaults: {enforce: baseline, enforce-version: v1.33}\n  namespaces:\n    shop: {enforce: restricted}\n  exemptions:\n    namespaces: [open]\n",
    )
    .expect("config");
    let path = workloads.to_string_lossy().to_string();
    let output = run(&["validate", "-o", "json", &path]);
    let found = pod_security(&json(&output));
    // `shop` is restricted by its configured labels, `legacy` gets the v1.33 baseline
    // default, and `open` is exempt.
    assert!(
        found
            .iter()
            .any(|(_, check, _, kind)| check == "runAsNonRoot" && kind == "Deployment")
    );
    assert!(
        found
            .iter()
            .any(|(_, check, _, kind)| check == "hostPathVolumes" && kind == "Pod")
    );
    assert!(
        !found.iter().any(|(_, check, _, _)| check == "privileged"),
        "{found:?}"
    );
    let report = json(&output);
    assert!(
        report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .all(|f| {
                f.get("podSecurity").is_none()
                    || f["podSecurity"]["level"] == "restricted"
                    || f["podSecurity"]["version"] == "v1.33"
            })
    );
    // A mistake in the section is located.
    std::fs::write(
        directory.join(".podlife.yaml"),
        "podSecurity:\n  defaults: {enforce: strict}\n",
    )
    .expect("config");
    let output = run(&["validate", &path]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(".podlife.yaml:2:"), "{stderr}");
    assert!(
        stderr.contains("must be one of privileged, baseline, restricted"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&directory).expect("clean up");
}

#[test]
fn a_flag_that_names_no_level_is_a_usage_error() {
    let output = run(&["validate", "--pod-security", "strict", WORKLOADS]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("must be one of privileged, baseline, restricted"),
        "{stderr}"
    );
    let output = run(&["validate", "--pod-security", "restricted:1.30", WORKLOADS]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains(r#"must be "latest" or "v1.x""#));
}

#[test]
fn simulate_resources_and_rollout_refuse_what_pod_security_rejects() {
    let output = run(&["simulate", NAMESPACES, WORKLOADS]);
    assert_eq!(output.status.code(), Some(1), "{}", render(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("violates PodSecurity \"baseline:latest\""),
        "{stderr}"
    );
    assert!(stderr.contains("pod `collector` (Pod in testdata/pod-security/workloads.yaml): the API server would reject it"), "{stderr}");
    // Asked for by name, a rejected pod is said to be left out, not to be missing.
    let output = run(&["simulate", "--pod", "collector", NAMESPACES, WORKLOADS]);
    assert_eq!(output.status.code(), Some(1), "{}", render(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("--pod collector: nothing to simulate, the pod is left out"),
        "{}",
        render(&output)
    );
    let output = run(&[
        "simulate",
        "--allow-invalid",
        "--pod",
        "collector",
        NAMESPACES,
        WORKLOADS,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("collector"));
    let output = run(&["resources", NAMESPACES, WORKLOADS]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("hardened"), "{stdout}");
    assert!(!stdout.contains("web-deployment"), "{stdout}");
    let output = run(&["rollout", NAMESPACES, WORKLOADS]);
    snapshot("pod_security__rollout_never_progresses", &render(&output));
}

#[test]
fn the_human_report_says_where_the_level_comes_from() {
    let output = run(&["validate", NAMESPACES, WORKLOADS]);
    snapshot("pod_security__validate", &render(&output));
}

#[test]
fn sarif_github_and_junit_carry_the_level_and_the_check() {
    let output = run(&["validate", "-o", "sarif", NAMESPACES, WORKLOADS]);
    let sarif = json(&output);
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let tagged = results
        .iter()
        .find(|result| result["ruleId"] == "PL503")
        .expect("the hostPath volume");
    assert_eq!(
        tagged["properties"]["podSecurity"],
        serde_json::json!({"level": "baseline", "version": "v1.37", "mode": "enforce", "check": "hostPathVolumes"})
    );
    let output = run(&["validate", "-o", "github", NAMESPACES, WORKLOADS]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("title=PL503 pod-security-host-path-volumes (baseline%3Av1.37 enforce%2C check hostPathVolumes)::"),
        "{stdout}"
    );
    let output = run(&["validate", "-o", "junit", NAMESPACES, WORKLOADS]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("pod security: restricted:v1.30 warn, check restrictedVolumes"),
        "{stdout}"
    );
}
