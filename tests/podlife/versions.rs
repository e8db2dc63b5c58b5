//! Kubernetes releases and feature gates (`--kubernetes-version`, `--feature-gates`,
//! `kubernetesVersion:`/`featureGates:`): the same manifest judged by each release's API
//! server, and the gates reaching resources and the simulated kubelet.

use super::support::{json, run, snapshot_cli};

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A fresh directory under the system's temporary directory, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("podlife-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SIDECAR: &str = "testdata/versions/sidecar.yaml";

fn short(version: &str, file: &str) -> (String, i32) {
    let output = run(&[
        "validate",
        "--format",
        "short",
        "--kubernetes-version",
        version,
        file,
    ]);
    (stdout(&output), output.status.code().unwrap_or(-1))
}

/// The rule codes of each line of a short report, with the path the line names.
fn findings(report: &str) -> Vec<String> {
    report
        .lines()
        .map(|line| {
            line.split_once(": ")
                .map_or(line, |(_, rest)| rest)
                .to_string()
        })
        .collect()
}

#[test]
fn sidecar_on_1_29_and_1_33_differs_exactly_where_the_clusters_differ() {
    let (old, old_code) = short("1.29", SIDECAR);
    let (new, new_code) = short("1.33", SIDECAR);
    // 1.33: native sidecars GA, resizePolicy on sidecars (AllowSidecarResizePolicy), sleep hooks
    // and zero sleeps (PodLifecycleSleepActionAllowZero) — the pod is valid.
    assert_eq!((new.as_str(), new_code), ("", 0));
    // 1.29: InPlacePodVerticalScaling and PodLifecycleSleepAction are alpha and off, so the API
    // server drops `resizePolicy` and both `sleep` handlers, then the `preStop` hooks and the
    // `lifecycle`s they leave empty (`dropPodLifecycleSleepAction`): nothing is rejected.
    assert_eq!(old_code, 0);
    assert_eq!(
        findings(&old),
        [
            "warning[PL136] the API server drops `spec.initContainers[0].resizePolicy`: feature gate InPlacePodVerticalScaling is off",
            "warning[PL136] the API server drops `spec.initContainers[0].lifecycle.preStop.sleep`: feature gate PodLifecycleSleepAction is off",
            "warning[PL136] the API server drops `spec.containers[0].lifecycle.preStop.sleep`: feature gate PodLifecycleSleepAction is off",
        ]
    );
    // 1.32: sleep is beta and on, a zero sleep is not yet allowed; resize still off.
    let (middle, _) = short("1.32", SIDECAR);
    assert_eq!(
        findings(&middle),
        [
            "warning[PL136] the API server drops `spec.initContainers[0].resizePolicy`: feature gate InPlacePodVerticalScaling is off",
            "error[PL112] the `sleep` of the `preStop` of container `app` lasts 0 s, outside 1..=30 s",
        ]
    );
    snapshot_cli(
        "versions__sidecar_1_29",
        &["validate", "--kubernetes-version", "1.29", SIDECAR],
    );
}

#[test]
fn gates_on_top_of_the_release_change_the_verdict() {
    // InPlacePodVerticalScaling on in 1.29 keeps resizePolicy, which init containers may not
    // set before 1.33.
    let output = run(&[
        "validate",
        "--format",
        "short",
        "--kubernetes-version",
        "1.29",
        "--feature-gates",
        "InPlacePodVerticalScaling=true,PodLifecycleSleepAction=true",
        SIDECAR,
    ]);
    let report = stdout(&output);
    assert!(
        report.contains("error[PL127] init container `proxy` sets `resizePolicy`"),
        "{report}"
    );
    assert!(!report.contains("PL136"), "{report}");
}

#[test]
fn container_restart_rules_by_release() {
    let file = "testdata/versions/restart-rules.yaml";
    let (before, code) = short("1.33", file);
    assert_eq!(code, 1);
    assert!(
        before.contains("error[PL106]") && before.contains("error[PL135]"),
        "{before}"
    );
    let (alpha, code) = short("1.34", file);
    assert_eq!(code, 0, "dropped, not rejected: {alpha}");
    assert_eq!(alpha.matches("warning[PL136]").count(), 2, "{alpha}");
    assert_eq!(short("1.35", file), (String::new(), 0));
}

#[test]
fn json_and_sarif_carry_the_release_and_gates() {
    let output = run(&[
        "validate",
        "--format",
        "json",
        "--kubernetes-version",
        "v1.33.2",
        "--feature-gates",
        "PodLevelResources=true",
        SIDECAR,
    ]);
    let report = json(&output);
    assert_eq!(report["kubernetes"]["version"], "1.33");
    assert_eq!(
        report["kubernetes"]["featureGates"]["PodLevelResources"],
        true
    );
    assert_eq!(
        report["kubernetes"]["featureGates"]["InPlacePodVerticalScaling"],
        true
    );
    assert_eq!(
        report["kubernetes"]["featureGates"]["ContainerRestartRules"],
        serde_json::Value::Null
    );
    let output = run(&["validate", "--format", "sarif", SIDECAR]);
    let sarif = json(&output);
    let kubernetes = &sarif["runs"][0]["properties"]["kubernetes"];
    assert_eq!(kubernetes["version"], "1.37");
    assert_eq!(kubernetes["featureGates"]["ContainerRestartRules"], true);
}

#[test]
fn versions_and_gates_that_do_not_exist_are_usage_errors() {
    for (args, message) in [
        (
            vec!["--kubernetes-version", "1.28"],
            "Kubernetes 1.28 is not supported: podlife knows 1.29 to 1.37",
        ),
        (
            vec!["--kubernetes-version", "latest"],
            "`latest` is not a Kubernetes version",
        ),
        (
            vec![
                "--kubernetes-version",
                "1.31",
                "--feature-gates",
                "PodLevelResources=true",
            ],
            "unrecognized feature gate: PodLevelResources (it is not in Kubernetes 1.31; it starts in 1.32)",
        ),
        (
            vec![
                "--kubernetes-version",
                "1.34",
                "--feature-gates",
                "PodLifecycleSleepAction=false",
            ],
            "cannot set feature gate PodLifecycleSleepAction to false, feature is locked to true",
        ),
        (
            vec!["--feature-gates", "SidecarContainers=true"],
            "removed in 1.37",
        ),
    ] {
        for command in ["validate", "resources", "simulate"] {
            let mut full = vec![command];
            full.extend(&args);
            full.push(SIDECAR);
            let output = run(&full);
            assert_eq!(output.status.code(), Some(2), "{command} {args:?}");
            assert!(
                stderr(&output).contains(message),
                "{command} {args:?}: {}",
                stderr(&output)
            );
        }
    }
}

#[test]
fn configuration_names_the_release_and_the_command_line_wins() {
    let dir = Scratch::new("versions-config");
    std::fs::copy(SIDECAR, dir.path().join("pod.yaml")).unwrap();
    std::fs::write(
        dir.path().join(".podlife.yaml"),
        "kubernetesVersion: \"1.29\"\nfeatureGates:\n  InPlacePodVerticalScaling: true\n",
    )
    .unwrap();
    let pod = dir.path().join("pod.yaml");
    let pod = pod.to_str().unwrap();
    let output = run(&["validate", "--format", "json", pod]);
    let report = json(&output);
    assert_eq!(report["kubernetes"]["version"], "1.29");
    assert_eq!(
        report["kubernetes"]["featureGates"]["InPlacePodVerticalScaling"],
        true
    );
    assert_eq!(output.status.code(), Some(1));
    let output = run(&[
        "validate",
        "--format",
        "json",
        "--kubernetes-version",
        "1.33",
        pod,
    ]);
    assert_eq!(json(&output)["kubernetes"]["version"], "1.33");
    assert_eq!(output.status.code(), Some(0));
    std::fs::write(
        dir.path().join(".podlife.yaml"),
        "featureGates: {PodLevelResource: true}\n",
    )
    .unwrap();
    let output = run(&["validate", pod]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean `PodLevelResources`?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn configuration_files_naming_different_releases_are_refused() {
    let dir = Scratch::new("versions-two-configs");
    for (sub, version) in [("old", "1.29"), ("new", "1.33")] {
        let path = dir.path().join(sub);
        std::fs::create_dir(&path).unwrap();
        std::fs::copy(SIDECAR, path.join("pod.yaml")).unwrap();
        std::fs::write(
            path.join(".podlife.yaml"),
            format!("kubernetesVersion: \"{version}\"\n"),
        )
        .unwrap();
    }
    let root = dir.path().to_str().unwrap();
    let output = run(&["validate", "--no-ignore", root]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("name different clusters (Kubernetes 1.29"),
        "{}",
        stderr(&output)
    );
    let output = run(&[
        "validate",
        "--no-ignore",
        "--kubernetes-version",
        "1.33",
        root,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn resources_follow_the_release_pod_level_resources_gate() {
    let file = "testdata/resources/pod-level-resources.yaml";
    let resources = |version: &str| {
        let output = run(&[
            "resources",
            "--format",
            "json",
            "--kubernetes-version",
            version,
            file,
        ]);
        json(&output)
    };
    let alpha = resources("1.33");
    assert_eq!(alpha["settings"]["kubernetesVersion"], "1.33");
    assert_eq!(
        alpha["settings"]["featureGates"]["PodLevelResources"],
        false
    );
    assert_eq!(alpha["pods"][0]["podLevelResources"], false);
    let beta = resources("1.34");
    assert_eq!(beta["settings"]["featureGates"]["PodLevelResources"], true);
    assert_eq!(beta["pods"][0]["podLevelResources"], true);
    assert_ne!(alpha["pods"][0]["limits"], beta["pods"][0]["limits"]);
}

#[test]
fn simulate_uses_the_release_back_off_and_sidecars() {
    let restarts = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "src/examples/sidecar.yaml",
            "--fail",
            "web",
            "--until",
            "1m",
        ];
        args.extend(extra);
        let output = run(&args);
        stdout(&output)
            .lines()
            .filter(|line| line.contains("Started") && line.contains("container/web"))
            .count()
    };
    // 10 s doubling: starts at ~8 s, 9 s, 20 s, 41 s.
    let default = restarts(&[]);
    // ReduceDefaultCrashLoopBackOffDecay: 1 s doubling to 60 s.
    let reduced = restarts(&[
        "--kubernetes-version",
        "1.33",
        "--feature-gates",
        "ReduceDefaultCrashLoopBackOffDecay=true",
    ]);
    assert!(
        reduced > default + 2,
        "default {default}, reduced {reduced}"
    );
    // Without SidecarContainers the API server drops the sidecar's restartPolicy: a regular
    // init container with a startup probe, which the API server rejects.
    let output = run(&[
        "simulate",
        "src/examples/sidecar.yaml",
        "--kubernetes-version",
        "1.29",
        "--feature-gates",
        "SidecarContainers=false",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error[PL107]"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn rules_lists_the_gates_of_a_release() {
    snapshot_cli(
        "versions__gates_1_33",
        &["rules", "--gates", "--kubernetes-version", "1.33"],
    );
    let output = run(&["rules", "--gates", "--format", "json"]);
    let gates = json(&output);
    let sidecars = gates
        .as_array()
        .unwrap()
        .iter()
        .find(|gate| gate["name"] == "SidecarContainers")
        .unwrap();
    assert_eq!(sidecars["stage"], "removed");
    assert_eq!(sidecars["default"], true);
    let output = run(&["rules", "--format", "json"]);
    let rules = json(&output);
    let pl106 = rules
        .as_array()
        .unwrap()
        .iter()
        .find(|rule| rule["id"] == "PL106")
        .unwrap();
    assert_eq!(pl106["releaseDependent"][0], "ContainerRestartRules");
}

#[test]
fn simulate_restarts_by_restart_rules_where_the_release_keeps_them() {
    let restarts = |version: &str| {
        let output = run(&[
            "simulate",
            "testdata/versions/restart-rules.yaml",
            "--kubernetes-version",
            version,
            "--fail",
            "worker=42*2",
            "--format",
            "json",
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        json(&output)["summary"]["restarts"]["worker"].clone()
    };
    // 1.35: ContainerRestartRules is on; exit 42 restarts in place (twice), then exit 1 ends it.
    assert_eq!(restarts("1.35"), 2);
    // 1.34: the gate is off, the API server dropped the rules; the pod's Never decides.
    assert_eq!(restarts("1.34"), 0);
}

#[test]
fn simulate_sends_the_stop_signal_only_where_the_gate_keeps_it() {
    let exits = |gates: &[&str]| {
        let mut args = vec![
            "simulate",
            "testdata/versions/stop-signal.yaml",
            "--delete-at",
            "10s",
            "--format",
            "json",
        ];
        args.extend(gates);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        json(&output)["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|event| event["reason"] == "Exited")
            .map(|event| {
                (
                    event["timeMs"].as_u64().unwrap(),
                    event["message"].as_str().unwrap().to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    // With the gate: nginx ends on SIGQUIT (128 + 3); the cache is SIGKILLed right after its
    // 2 s preStop, not after the grace period.
    assert_eq!(
        exits(&["--feature-gates", "ContainerStopSignals=true"]),
        [
            (
                10_000,
                "Container nginx exited with code 131 (Error)".to_string()
            ),
            (
                12_000,
                "Container cache exited with code 137 (Error)".to_string()
            ),
        ]
    );
    // Without it (the default of every release) the API server dropped both: SIGTERM.
    assert_eq!(
        exits(&[]),
        [
            (
                10_000,
                "Container nginx exited with code 143 (Error)".to_string()
            ),
            (
                12_000,
                "Container cache exited with code 143 (Error)".to_string()
            ),
        ]
    );
}

/// One pod checked by `validate --format short` with extra arguments, from text.
fn short_text(name: &str, text: &str, args: &[&str]) -> (Vec<String>, i32) {
    let dir = Scratch::new(name);
    let file = dir.path().join("pod.yaml");
    std::fs::write(&file, text).unwrap();
    let path = file.to_string_lossy().into_owned();
    let mut full = vec!["validate", "--format", "short"];
    full.extend(args);
    full.push(&path);
    let output = run(&full);
    (
        findings(&stdout(&output)),
        output.status.code().unwrap_or(-1),
    )
}

const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n";

#[test]
fn a_sleep_hook_dropped_on_1_29_takes_its_empty_hook_and_lifecycle_with_it() {
    let text = format!(
        "{POD}  containers:\n  - name: c\n    image: nginx:1.27\n    lifecycle:\n      postStart:\n        exec: {{command: [warm]}}\n        sleep: {{seconds: 1}}\n      preStop:\n        sleep: {{seconds: 5}}\n"
    );
    // The `postStart` keeps its `exec` (and then has two handlers no more); `preStop` goes.
    let (found, code) = short_text("sleep-cascade", &text, &["--kubernetes-version", "1.29"]);
    assert_eq!(code, 0, "{found:?}");
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found.iter().all(|line| line.starts_with("warning[PL136]")),
        "{found:?}"
    );
    // On 1.30 the hook with two handlers is rejected.
    let (found, code) = short_text("sleep-cascade-30", &text, &["--kubernetes-version", "1.30"]);
    assert_eq!(code, 1, "{found:?}");
    assert!(
        found.iter().any(|line| line.starts_with("error[PL112]")),
        "{found:?}"
    );
}

#[test]
fn a_removed_image_volume_is_never_validated() {
    let text = format!(
        "{POD}  volumes:\n  - name: data\n    image: {{pullPolicy: Sometimes}}\n  containers:\n  - name: c\n    image: nginx:1.27\n    volumeMounts:\n    - {{name: data, mountPath: /data}}\n"
    );
    // 1.31–1.34: ImageVolume is off, the volume and its mount go before validation.
    let (found, code) = short_text("image-volume", &text, &["--kubernetes-version", "1.31"]);
    assert_eq!(code, 0, "{found:?}");
    assert_eq!(
        found,
        [
            "warning[PL136] the API server removes `spec.volumes[0]`: feature gate ImageVolume is off",
            "warning[PL136] the API server removes `spec.containers[0].volumeMounts[0]`: feature gate ImageVolume is off",
        ]
    );
    // With the gate on, the volume is kept and checked.
    let (found, code) = short_text(
        "image-volume-on",
        &text,
        &[
            "--kubernetes-version",
            "1.31",
            "--feature-gates",
            "ImageVolume=true",
        ],
    );
    assert_eq!(code, 1, "{found:?}");
    assert!(
        found.iter().all(|line| line.starts_with("error[PL153]")),
        "{found:?}"
    );
    assert_eq!(
        found.len(),
        2,
        "reference missing, pull policy unsupported: {found:?}"
    );
}

#[test]
fn recursive_read_only_is_validated_where_the_release_keeps_it() {
    let text = format!(
        "{POD}  volumes: [{{name: v, emptyDir: {{}}}}]\n  containers:\n  - name: c\n    image: nginx:1.27\n    volumeMounts:\n    - {{name: v, mountPath: /v, recursiveReadOnly: Enabled}}\n"
    );
    let (found, code) = short_text("rro-30", &text, &["--kubernetes-version", "1.30"]);
    assert_eq!(
        (found, code),
        (
            vec!["warning[PL136] the API server drops `spec.containers[0].volumeMounts[0].recursiveReadOnly`: feature gate RecursiveReadOnlyMounts is off".to_string()],
            0
        )
    );
    let (found, code) = short_text("rro-31", &text, &["--kubernetes-version", "1.31"]);
    assert_eq!(code, 1);
    assert_eq!(
        found,
        ["error[PL160] `recursiveReadOnly: Enabled` on a writable mount of container `c`"]
    );
}

#[test]
fn se_linux_change_policy_mount_option_needs_the_se_linux_mount_gate() {
    let text = format!(
        "{POD}  securityContext: {{seLinuxChangePolicy: MountOption}}\n  containers:\n  - {{name: c, image: nginx:1.27}}\n"
    );
    let (found, code) = short_text("selinux-mount", &text, &["--kubernetes-version", "1.33"]);
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        ["error[PL148] `seLinuxChangePolicy: MountOption` is not supported"]
    );
    let (found, code) = short_text(
        "selinux-mount-on",
        &text,
        &[
            "--kubernetes-version",
            "1.33",
            "--feature-gates",
            "SELinuxMount=true",
        ],
    );
    assert_eq!((found, code), (Vec::new(), 0));
    // 1.37: SELinuxMount is GA and on.
    let (found, code) = short_text("selinux-mount-37", &text, &["--kubernetes-version", "1.37"]);
    assert_eq!((found, code), (Vec::new(), 0));
    // 1.29 has neither the field (PL135) nor the gate.
    let output = run(&[
        "validate",
        "--kubernetes-version",
        "1.29",
        "--feature-gates",
        "SELinuxMount=true",
        SIDECAR,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("it starts in 1.30"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn pod_scheduling_readiness_may_be_turned_off_on_1_29_only() {
    let text = format!(
        "{POD}  schedulingGates: [{{name: example.com/quota}}]\n  containers:\n  - {{name: c, image: nginx:1.27}}\n"
    );
    let (found, code) = short_text(
        "scheduling-gates",
        &text,
        &[
            "--kubernetes-version",
            "1.29",
            "--feature-gates",
            "PodSchedulingReadiness=false",
        ],
    );
    assert_eq!(
        (found, code),
        (
            vec!["warning[PL136] the API server drops `spec.schedulingGates`: feature gate PodSchedulingReadiness is off".to_string()],
            0
        )
    );
    assert_eq!(
        short_text(
            "scheduling-gates-on",
            &text,
            &["--kubernetes-version", "1.29"]
        ),
        (Vec::new(), 0)
    );
    let output = run(&[
        "validate",
        "--kubernetes-version",
        "1.30",
        "--feature-gates",
        "PodSchedulingReadiness=false",
        SIDECAR,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "cannot set feature gate PodSchedulingReadiness to false, feature is locked to true"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn simulate_schedules_at_once_where_the_gate_drops_scheduling_gates() {
    let dir = Scratch::new("scheduling-gates-simulate");
    let file = dir.path().join("pod.yaml");
    std::fs::write(
        &file,
        format!("{POD}  schedulingGates: [{{name: example.com/quota}}]\n  containers:\n  - {{name: c, image: nginx:1.27}}\n"),
    )
    .unwrap();
    let path = file.to_string_lossy().into_owned();
    let events = |gates: &[&str]| {
        let mut args = vec!["simulate", "--kubernetes-version", "1.29", "--until", "20s"];
        args.extend(gates);
        args.push(&path);
        stdout(&run(&args))
    };
    let gated = events(&[]);
    assert!(
        gated.contains("SchedulingGated") && !gated.contains("Scheduled "),
        "{gated}"
    );
    let dropped = events(&["--feature-gates", "PodSchedulingReadiness=false"]);
    assert!(!dropped.contains("SchedulingGated"), "{dropped}");
    assert!(dropped.contains("Successfully assigned"), "{dropped}");
}

#[test]
fn pod_affinity_match_label_keys_by_release() {
    let file = "testdata/versions/match-label-keys.yaml";
    let (dropped, code) = short("1.30", file);
    assert_eq!(code, 0, "dropped, not rejected: {dropped}");
    assert_eq!(dropped.matches("warning[PL136]").count(), 1, "{dropped}");
    assert!(dropped.contains("matchLabelKeys"), "{dropped}");
    let (kept, code) = short("1.31", file);
    assert_eq!(code, 1, "{kept}");
    assert_eq!(findings(&kept).len(), 1, "{kept}");
    assert!(kept.contains("error[PL172]"), "{kept}");
}

/// A topology spread constraint whose `minDomains`, node inclusion policies and `matchLabelKeys`
/// are each invalid, so that PL174 reports every one it sees.
const SPREAD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {app: web}}\nspec:\n  topologySpreadConstraints:\n  - maxSkew: 1\n    topologyKey: topology.kubernetes.io/zone\n    whenUnsatisfiable: ScheduleAnyway\n    minDomains: 2\n    nodeAffinityPolicy: Sometimes\n    nodeTaintsPolicy: Never\n    matchLabelKeys: [app]\n  containers:\n  - {name: c, image: nginx:1.27}\n";

/// The findings of [`SPREAD`] on 1.`minor` with `gates`, and the exit code.
fn spread(minor: &str, gates: &str) -> (Vec<String>, i32) {
    let mut args = vec!["--kubernetes-version", minor];
    if !gates.is_empty() {
        args.extend(["--feature-gates", gates]);
    }
    // One scratch directory per call: the tests run at once in one process.
    let name: String = format!("spread-{minor}-{gates}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    short_text(&name, SPREAD, &args)
}

const MIN_DOMAINS: &str = "error[PL174] `minDomains` with `whenUnsatisfiable: ScheduleAnyway`";
const AFFINITY_POLICY: &str =
    "error[PL174] `nodeAffinityPolicy: Sometimes` of a topology spread constraint is not supported";
const TAINTS_POLICY: &str =
    "error[PL174] `nodeTaintsPolicy: Never` of a topology spread constraint is not supported";
const SPREAD_KEYS: &str = "error[PL174] `matchLabelKeys` without a `labelSelector`";

/// The PL136 line for a field of the constraint dropped with `gate` off.
fn spread_drop(field: &str, gate: &str) -> String {
    format!(
        "warning[PL136] the API server drops `spec.topologySpreadConstraints[0].{field}`: feature gate {gate} is off"
    )
}

/// `--feature-gates gates` on 1.`minor` is refused, saying `message`.
fn refused(minor: &str, gates: &str, message: &str) {
    let output = run(&[
        "validate",
        "--kubernetes-version",
        minor,
        "--feature-gates",
        gates,
        SIDECAR,
    ]);
    assert_eq!(output.status.code(), Some(2), "{minor} {gates}");
    assert!(stderr(&output).contains(message), "{}", stderr(&output));
}

#[test]
fn topology_spread_fields_are_checked_while_their_gates_keep_them() {
    let (found, code) = spread("1.29", "");
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [MIN_DOMAINS, AFFINITY_POLICY, TAINTS_POLICY, SPREAD_KEYS]
    );
    // All three off: every field goes before validation, and nothing is left to reject.
    let (found, code) = spread(
        "1.29",
        "MinDomainsInPodTopologySpread=false,NodeInclusionPolicyInPodTopologySpread=false,MatchLabelKeysInPodTopologySpread=false",
    );
    assert_eq!(code, 0, "{found:?}");
    assert!(
        found.iter().all(|line| line.starts_with("warning[PL136]")),
        "{found:?}"
    );
    assert_eq!(found.len(), 4, "{found:?}");
}

#[test]
fn min_domains_may_be_turned_off_on_1_29_only() {
    let (found, code) = spread("1.29", "MinDomainsInPodTopologySpread=false");
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(
        found,
        [
            spread_drop("minDomains", "MinDomainsInPodTopologySpread").as_str(),
            AFFINITY_POLICY,
            TAINTS_POLICY,
            SPREAD_KEYS
        ]
    );
    refused(
        "1.30",
        "MinDomainsInPodTopologySpread=false",
        "cannot set feature gate MinDomainsInPodTopologySpread to false, feature is locked to true",
    );
    // 1.32 removed the gate: `minDomains` is always kept, and naming the gate is an error.
    refused(
        "1.32",
        "MinDomainsInPodTopologySpread=true",
        "unrecognized feature gate: MinDomainsInPodTopologySpread (removed in 1.32",
    );
    let (found, _) = spread("1.32", "");
    assert!(found.iter().any(|line| line == MIN_DOMAINS), "{found:?}");
}

#[test]
fn node_inclusion_policies_may_be_turned_off_before_1_33() {
    let gate = "NodeInclusionPolicyInPodTopologySpread";
    for minor in ["1.29", "1.32"] {
        let (found, code) = spread(minor, &format!("{gate}=false"));
        assert_eq!(code, 1, "{found:?}");
        assert_eq!(
            found,
            [
                MIN_DOMAINS,
                spread_drop("nodeAffinityPolicy", gate).as_str(),
                spread_drop("nodeTaintsPolicy", gate).as_str(),
                SPREAD_KEYS
            ],
            "{minor}"
        );
    }
    refused(
        "1.33",
        &format!("{gate}=false"),
        "cannot set feature gate NodeInclusionPolicyInPodTopologySpread to false, feature is locked to true",
    );
}

#[test]
fn topology_spread_match_label_keys_may_be_turned_off_in_every_release() {
    let gate = "MatchLabelKeysInPodTopologySpread";
    // Beta and on, never locked up to 1.37.
    for minor in ["1.29", "1.37"] {
        let (found, code) = spread(minor, &format!("{gate}=false"));
        assert_eq!(code, 1, "{found:?}");
        assert_eq!(
            found,
            [
                MIN_DOMAINS,
                AFFINITY_POLICY,
                TAINTS_POLICY,
                spread_drop("matchLabelKeys", gate).as_str()
            ],
            "{minor}"
        );
    }
}
