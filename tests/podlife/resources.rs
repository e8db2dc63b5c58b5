//! `podlife resources`: effective requests and limits, QoS, workloads and node fit.

use super::support::{json, render, run, run_with_stdin, snapshot, snapshot_cli};

#[test]
fn seed_worked_examples() {
    snapshot_cli(
        "resources__seed_limits",
        &["resources", "testdata/resources/seed-limits-example.yaml"],
    );
    snapshot_cli(
        "resources__seed_mixed",
        &["resources", "testdata/resources/seed-mixed-example.yaml"],
    );
    snapshot_cli(
        "resources__seed_mixed_no_defaulting",
        &[
            "resources",
            "--no-defaulting",
            "testdata/resources/seed-mixed-example.yaml",
        ],
    );
    snapshot_cli(
        "resources__seed_as_written",
        &["resources", "testdata/resources/seed-as-written.yaml"],
    );
}

/// SEMANTICS K5.6: spelled validly, the seed's examples give these numbers (the second one on
/// the manifest as written: with API defaulting the init container's limits become requests).
#[test]
fn k5_6_seed_examples_give_the_stated_numbers() {
    let first = json(&run(&[
        "resources",
        "--format",
        "json",
        "testdata/resources/seed-limits-example.yaml",
    ]));
    assert_eq!(first["pods"][0]["limits"]["cpu"], "100m");
    assert_eq!(first["pods"][0]["limits"]["memory"], "2200Mi");
    let second = json(&run(&[
        "resources",
        "--format",
        "json",
        "--no-defaulting",
        "testdata/resources/seed-mixed-example.yaml",
    ]));
    assert_eq!(second["pods"][0]["requests"]["cpu"], "10m");
    assert_eq!(second["pods"][0]["requests"]["memory"], "1100Mi");
    assert_eq!(second["pods"][0]["limits"]["cpu"], "100m");
    assert_eq!(second["pods"][0]["limits"]["memory"], "1Gi");
    assert_eq!(second["pods"][0]["qosClass"], "Burstable");
}

#[test]
fn sidecars_overhead_defer_and_pod_level_resources() {
    snapshot_cli(
        "resources__sidecar_stacking",
        &["resources", "testdata/resources/sidecar-stacking.yaml"],
    );
    snapshot_cli(
        "resources__exclude_overhead",
        &[
            "resources",
            "--exclude-overhead",
            "testdata/resources/sidecar-stacking.yaml",
        ],
    );
    snapshot_cli(
        "resources__defer_containers",
        &["resources", "testdata/resources/defer-containers.yaml"],
    );
    snapshot_cli(
        "resources__pod_level",
        &["resources", "testdata/resources/pod-level-resources.yaml"],
    );
    snapshot_cli(
        "resources__pod_level_gate_off",
        &[
            "resources",
            "--feature-gates",
            "PodLevelResources=false",
            "testdata/resources/pod-level-resources.yaml",
        ],
    );
}

#[test]
fn workloads_node_fit_and_json() {
    snapshot_cli(
        "resources__workloads_node_fit",
        &[
            "resources",
            "--node",
            "cpu=4,memory=16Gi",
            "testdata/resources/workloads.yaml",
        ],
    );
    snapshot_cli(
        "resources__node_fit_json",
        &[
            "resources",
            "--node",
            "cpu=500m,memory=1Gi",
            "--format",
            "json",
            "testdata/resources/defer-containers.yaml",
        ],
    );
    snapshot_cli(
        "resources__json",
        &[
            "resources",
            "--format",
            "json",
            "testdata/resources/seed-mixed-example.yaml",
        ],
    );
}

#[test]
fn usage_errors() {
    snapshot_cli(
        "resources__unknown_gate",
        &[
            "resources",
            "--feature-gates",
            "PodLevelResource=true",
            "testdata/resources/pod-level-resources.yaml",
        ],
    );
    snapshot_cli(
        "resources__bad_node",
        &[
            "resources",
            "--node",
            "cpu=4,memory=16GB",
            "testdata/resources/workloads.yaml",
        ],
    );
}

#[test]
fn standard_input() {
    let example = podlife::input::examples::find("sidecar").expect("sidecar example");
    let output = run_with_stdin(&["resources", "-"], example.text.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    snapshot("resources__stdin_sidecar", &render(&output));
}

#[test]
fn every_real_manifest_gets_a_result() {
    let corpus = super::support::root().join("../shared/corpus/real");
    let corpus =
        std::env::var("PODLIFE_CORPUS").unwrap_or_else(|_| corpus.to_string_lossy().to_string());
    if !std::path::Path::new(&corpus).is_dir() {
        eprintln!("no corpus at {corpus}; skipping");
        return;
    }
    for extra in [
        &[][..],
        &["--no-defaulting"][..],
        &["--node", "cpu=4,memory=16Gi,nvidia.com/gpu=1"][..],
    ] {
        let mut args = vec!["resources", "--format", "json"];
        args.extend_from_slice(extra);
        args.push(&corpus);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{}", render(&output));
        assert!(output.stderr.is_empty(), "{}", render(&output));
        assert!(json(&output)["pods"].as_array().map_or(0, Vec::len) >= 40);
    }
}

/// A limit the kubelet does not set on the pod's cgroup (a container declares none) says so
/// beside the computed value, and JSON lists it (`cgroupUnlimited`).
#[test]
fn k5_computed_limits_the_pod_cgroup_does_not_get_say_so() {
    snapshot_cli(
        "resources__cgroup_unlimited",
        &["resources", "testdata/resources/cgroup-unlimited.yaml"],
    );
    let output = run(&[
        "resources",
        "-o",
        "json",
        "testdata/resources/cgroup-unlimited.yaml",
    ]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        document["pods"][0]["cgroupUnlimited"],
        serde_json::json!([
            {"resource": "cpu", "containers": ["helper"]},
            {"resource": "memory", "containers": ["helper"]}
        ])
    );
    let guaranteed = run(&[
        "resources",
        "-o",
        "json",
        "testdata/resources/seed-limits-example.yaml",
    ]);
    let document: serde_json::Value = serde_json::from_slice(&guaranteed.stdout).unwrap();
    assert!(document["pods"][0].get("cgroupUnlimited").is_none());
}

/// `resources`, `validate` and `simulate` work on one pod, the one the API server stores: with
/// SidecarContainers off, the API server drops an init container's `restartPolicy`, so the
/// proxy is a regular init container and its request no longer adds to the running pod's.
#[test]
fn resources_are_computed_on_the_pod_the_api_server_stores() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: proxy, image: envoy:1, restartPolicy: Always, resources: {requests: {cpu: 500m}}}\n  containers:\n  - {name: app, image: app:1, resources: {requests: {cpu: \"1\"}}}\n";
    let args = |gates: &'static str| {
        [
            "resources",
            "--format",
            "json",
            "--kubernetes-version",
            "1.29",
            "--feature-gates",
            gates,
            "-",
        ]
    };
    let on = json(&run_with_stdin(
        &args("SidecarContainers=true"),
        pod.as_bytes(),
    ));
    assert_eq!(on["pods"][0]["requests"]["cpu"], "1500m", "{on}");
    let off = json(&run_with_stdin(
        &args("SidecarContainers=false"),
        pod.as_bytes(),
    ));
    assert_eq!(off["pods"][0]["requests"]["cpu"], "1", "{off}");
}

/// A pod the API server would reject is left out, and the output says so instead of "no pods
/// found".
#[test]
fn a_rejected_pod_is_said_to_be_left_out() {
    let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  restartPolicy: never\n  containers:\n  - {name: c, image: \"busybox:1.36\"}\n";
    let output = crate::podlife::support::run_with_stdin(&["resources", "-"], pod.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        stdout,
        "1 pod left out: the API server would reject it (errors above); `--allow-invalid` shows it anyway\n"
    );
    let allowed = crate::podlife::support::run_with_stdin(
        &["resources", "--allow-invalid", "-"],
        pod.as_bytes(),
    );
    assert!(String::from_utf8_lossy(&allowed.stdout).contains("Pod bad"));
}
