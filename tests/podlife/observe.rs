//! `podlife observe`: real pods' lives from what kubectl printed, in every input form, through the binary.

use super::support::{json, render, run, snapshot, snapshot_cli};

const DIR: &str = "testdata/observe";
const STORIES: [&str; 6] = [
    "sidecar-startup-probe",
    "init-crashloop",
    "slow-image-pull",
    "evicted",
    "job-defer",
    "long-prestop",
];

fn printed_at(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{file}"))
        .expect("the time the text was printed")
        .trim()
        .to_string()
}

/// Each story from `kubectl get pod -o yaml` and `kubectl get events -o json`: events, runs,
/// the critical path, the summary.
#[test]
fn every_story_from_the_pod_and_its_events() {
    for story in STORIES {
        snapshot_cli(
            &format!("observe__{story}"),
            &[
                "observe",
                &format!("{DIR}/{story}/pod.yaml"),
                "--events",
                &format!("{DIR}/{story}/events.json"),
            ],
        );
    }
}

/// The same stories from the text of `kubectl describe pod`, at the moment it was printed.
#[test]
fn every_story_from_describe_text() {
    for story in STORIES {
        let now = printed_at(&format!("{story}/describe-time.txt"));
        snapshot_cli(
            &format!("observe__{story}_describe"),
            &[
                "observe",
                &format!("{DIR}/{story}/describe.txt"),
                "--now",
                &now,
            ],
        );
    }
    let now = printed_at("describe-old-layout-time.txt");
    let path = format!("{DIR}/describe-old-layout.txt");
    let old = ["observe", path.as_str(), "--now", now.as_str()];
    snapshot_cli("observe__describe_old_layout", &old);
    // kubectl 1.7 padded with tabs; its FirstSeen/LastSeen/Count table is read all the same.
    let document = json(&run(&[&old[..], &["-o", "json"]].concat()));
    let unhealthy = document["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["reason"] == "Unhealthy")
        .expect("the old table's rows are read")
        .clone();
    assert_eq!(unhealthy["count"], 3);
    assert_eq!(unhealthy["object"], "container/web", "from SubObjectPath");
}

/// Without `--now`, describe's ages are placed from a container's start that the status dates.
#[test]
fn describe_ages_are_placed_from_a_container_start_without_now() {
    let story = "slow-image-pull";
    let output = run(&[
        "observe",
        &format!("{DIR}/{story}/describe.txt"),
        "-o",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let document = json(&output);
    let notes = document["notes"].to_string();
    assert!(notes.contains("placed from container `catalog`"), "{notes}");
    let with_now = json(&run(&[
        "observe",
        &format!("{DIR}/{story}/describe.txt"),
        "-o",
        "json",
        "--now",
        &printed_at(&format!("{story}/describe-time.txt")),
    ]));
    // Both place the Started event where the status says the container started.
    let started = |doc: &serde_json::Value| {
        doc["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["reason"] == "Started")
            .map(|e| e["timeMs"].clone())
    };
    assert_eq!(started(&document), started(&with_now));
}

/// Event tables: each pod named gets its own timeline; `-A` tables keep namespaces apart.
#[test]
fn event_tables_give_a_timeline_per_pod() {
    let now = printed_at("events-table-time.txt");
    snapshot_cli(
        "observe__events_table",
        &["observe", &format!("{DIR}/events-table.txt"), "--now", &now],
    );
    for table in [
        "events-table-wide.txt",
        "kubectl-events.txt",
        "events-table-all-namespaces.txt",
    ] {
        let output = run(&[
            "observe",
            &format!("{DIR}/{table}"),
            "--now",
            &now,
            "-o",
            "json",
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{table}: {}",
            render(&output)
        );
        let document = json(&output);
        let pods = document["pods"].as_array().expect("several pods");
        assert!(pods.len() >= 3, "{table}: {}", pods.len());
        if table.contains("all-namespaces") {
            let namespaces: std::collections::BTreeSet<String> = pods
                .iter()
                .map(|p| p["pod"]["namespace"].as_str().unwrap().to_string())
                .collect();
            assert!(namespaces.len() >= 2, "{namespaces:?}");
        }
    }
}

/// A List of pods with their events: one document, each pod's path adding up to its end, and
/// the distributions across them.
#[test]
fn a_list_of_pods_with_events_as_json() {
    let output = run(&[
        "observe",
        &format!("{DIR}/pods-list.yaml"),
        "--events",
        &format!("{DIR}/kubectl-events.yaml"),
        "-o",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let document = json(&output);
    let pods = document["pods"].as_array().expect("pods");
    assert_eq!(pods.len(), 3);
    for pod in pods {
        for key in [
            "pod",
            "summary",
            "containers",
            "criticalPath",
            "events",
            "precisionMs",
        ] {
            assert!(pod.get(key).is_some(), "{key}");
        }
        for key in [
            "scheduledMs",
            "initializedMs",
            "readyMs",
            "endedMs",
            "restarts",
        ] {
            assert!(pod["summary"].get(key).is_some(), "{key}");
        }
        let sum: i64 = pod["criticalPath"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["durationMs"].as_i64().unwrap())
            .sum();
        assert_eq!(
            Some(sum),
            pod["pod"]["pathEndMs"].as_i64(),
            "{}",
            pod["pod"]
        );
        assert_eq!(pod["pod"]["pathEnd"], "Ready");
        assert!(
            !pod["events"].as_array().unwrap().is_empty(),
            "events matched"
        );
    }
    let readiness = &document["distributions"]["phases"]["readyMs"];
    assert_eq!(readiness["count"], 3);
    assert!(readiness["p50"].as_i64().unwrap() <= readiness["max"].as_i64().unwrap());
    snapshot_cli(
        "observe__pods_list",
        &[
            "observe",
            &format!("{DIR}/pods-list.yaml"),
            "--events",
            &format!("{DIR}/kubectl-events.yaml"),
        ],
    );
}

/// The same events given twice (in the pods' stream and again with `--events`, so read from
/// other lines) are shown once.
#[test]
fn events_given_twice_are_shown_once() {
    let scratch =
        std::env::temp_dir().join(format!("podlife-observe-twice-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    let pod = format!("{DIR}/init-crashloop/pod.yaml");
    let events = format!("{DIR}/init-crashloop/events.json");
    let both = scratch.join("pod-and-events.yaml");
    let text = format!(
        "{}\n---\n{}",
        std::fs::read_to_string(&pod).unwrap(),
        std::fs::read_to_string(&events).unwrap()
    );
    std::fs::write(&both, text).unwrap();
    let count = |args: &[&str]| {
        let output = run(args);
        assert_eq!(output.status.code(), Some(0), "{}", render(&output));
        json(&output)["events"].as_array().unwrap().len()
    };
    let once = count(&["observe", &pod, "--events", &events, "-o", "json", "-q"]);
    let twice = count(&[
        "observe",
        both.to_str().unwrap(),
        "--events",
        &events,
        "-o",
        "json",
        "-q",
    ]);
    assert!(once > 3);
    assert_eq!(once, twice);
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `events.k8s.io/v1` events read like core ones.
#[test]
fn events_of_the_events_api() {
    let output = run(&[
        "observe",
        &format!("{DIR}/pods-list.yaml"),
        "--events",
        &format!("{DIR}/events-v1.yaml"),
        "--pod",
        "frontend-6d9f7c8b5d-4xk8p",
        "-o",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let document = json(&output);
    let reasons: Vec<&str> = document["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["reason"].as_str().unwrap())
        .collect();
    assert!(
        reasons.contains(&"Scheduled") && reasons.contains(&"Pulled"),
        "{reasons:?}"
    );
}

/// `--expect` gates on the observation: exit 1 when unmet, with what was observed instead.
#[test]
fn expectations_gate_on_what_was_observed() {
    let pod = format!("{DIR}/slow-image-pull/pod.yaml");
    let events = format!("{DIR}/slow-image-pull/events.json");
    let met = run(&[
        "observe",
        &pod,
        "--events",
        &events,
        "--expect",
        "ready-within=5m",
        "--expect",
        "restarts<=0",
        "--expect",
        "phase=Running",
        "-o",
        "json",
    ]);
    assert_eq!(met.status.code(), Some(0), "{}", render(&met));
    let unmet = run(&[
        "observe",
        &pod,
        "--events",
        &events,
        "--expect",
        "ready-within=2m",
        "-o",
        "json",
    ]);
    assert_eq!(unmet.status.code(), Some(1), "{}", render(&unmet));
    let stderr = String::from_utf8_lossy(&unmet.stderr);
    assert!(
        stderr.contains("`ready-within=2m` not met: the pod became Ready at 3m8s"),
        "{stderr}"
    );
    let crash = format!("{DIR}/init-crashloop/pod.yaml");
    let per_container = run(&["observe", &crash, "--expect", "restarts:migrate=0", "-q"]);
    assert_eq!(per_container.status.code(), Some(1));
    let unknown = run(&["observe", &crash, "--expect", "restarts:migrat=0"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", render(&unknown));
    let termination = run(&["observe", &crash, "--expect", "defer-completed"]);
    assert_eq!(
        termination.status.code(),
        Some(2),
        "{}",
        render(&termination)
    );
}

/// `--compare`: observed beside the model, with the scenario value that explains a slow pull.
#[test]
fn compare_against_the_model() {
    snapshot_cli(
        "observe__compare_slow_image_pull",
        &[
            "observe",
            &format!("{DIR}/slow-image-pull/pod.yaml"),
            "--events",
            &format!("{DIR}/slow-image-pull/events.json"),
            "--compare",
        ],
    );
    let output = run(&[
        "observe",
        &format!("{DIR}/slow-image-pull/pod.yaml"),
        "--events",
        &format!("{DIR}/slow-image-pull/events.json"),
        "--compare",
        "-o",
        "json",
    ]);
    let document = json(&output);
    let pull = document["compare"]["measures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["what"] == "image-pull")
        .expect("the pull is measured")
        .clone();
    assert_eq!(pull["differs"], true);
    assert!(
        pull["scenario"].as_str().unwrap().contains("pull:"),
        "{pull}"
    );
    let describe = run(&[
        "observe",
        &format!("{DIR}/slow-image-pull/describe.txt"),
        "--compare",
    ]);
    assert_eq!(describe.status.code(), Some(2), "describe carries no spec");
}

/// `--svg`: the observed life as a picture, the same bytes every time.
#[test]
fn the_observed_life_as_an_svg() {
    let directory = std::env::temp_dir().join(format!("podlife-observe-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let path = directory.join("observed.svg");
    let path_text = path.to_string_lossy().to_string();
    let args = [
        "observe",
        "testdata/observe/sidecar-startup-probe/pod.yaml",
        "--events",
        "testdata/observe/sidecar-startup-probe/events.json",
        "--svg",
        &path_text,
        "-q",
    ];
    let output = run(&args);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let first = std::fs::read_to_string(&path).expect("svg written");
    run(&args);
    let second = std::fs::read_to_string(&path).expect("svg written");
    assert_eq!(first, second, "deterministic bytes");
    assert!(first.contains("observed"));
    assert!(first.contains(">envoy (sidecar)</text>"));
    snapshot("observe__svg_sidecar_startup_probe", &first);
    let _ = std::fs::remove_dir_all(&directory);
}

/// `--emit-scenario`: a scenario file fitted to the pods, which `simulate` takes.
#[test]
fn a_fitted_scenario_that_simulate_takes() {
    let directory = std::env::temp_dir().join(format!("podlife-fit-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    let path = directory.join("fitted.yaml");
    let path_text = path.to_string_lossy().to_string();
    let output = run(&[
        "observe",
        &format!("{DIR}/pods-list.yaml"),
        "--events",
        &format!("{DIR}/kubectl-events.yaml"),
        "--emit-scenario",
        &path_text,
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    let text = std::fs::read_to_string(&path).expect("scenario written");
    snapshot("observe__emitted_scenario", &text);
    assert!(
        text.contains("too few to fit"),
        "three pods are too few to fit"
    );
    let simulated = run(&[
        "simulate",
        &format!("{DIR}/pods-list.yaml"),
        "--pod",
        "frontend-6d9f7c8b5d-4xk8p",
        "--scenario",
        &path_text,
        "-q",
    ]);
    assert_eq!(simulated.status.code(), Some(0), "{}", render(&simulated));
    let _ = std::fs::remove_dir_all(&directory);
}

/// Bad and partial input: located errors, exit 2 only for what cannot be read at all.
#[test]
fn bad_and_partial_input() {
    let scratch = std::env::temp_dir().join(format!("podlife-observe-bad-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    // A describe paste cut off in the middle of a container block: read, with a note.
    let full = std::fs::read_to_string(format!("{DIR}/init-crashloop/describe.txt")).unwrap();
    let cut: String = full.lines().take(30).collect::<Vec<_>>().join("\n");
    let truncated = scratch.join("truncated.txt");
    std::fs::write(&truncated, cut).unwrap();
    let output = run(&["observe", truncated.to_str().unwrap(), "-o", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    assert!(
        json(&output)["notes"]
            .to_string()
            .contains("truncated.txt:"),
        "{}",
        render(&output)
    );
    // An events table whose row does not fit its header: the line and column.
    let table = std::fs::read_to_string(format!("{DIR}/events-table.txt")).unwrap();
    let broken = scratch.join("broken-table.txt");
    std::fs::write(&broken, format!("{table}x\n")).unwrap();
    let output = run(&["observe", broken.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", render(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("broken-table.txt:"),
        "{}",
        render(&output)
    );
    // An Event whose fields cannot be read: left out, said with its line, exit 1.
    let bad_events = scratch.join("bad-events.yaml");
    std::fs::write(
        &bad_events,
        "apiVersion: v1\nkind: Event\ninvolvedObject: {kind: Pod, name: x}\ncount: [1]\n",
    )
    .unwrap();
    let output = run(&[
        "observe",
        &format!("{DIR}/slow-image-pull/pod.yaml"),
        "--events",
        bad_events.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", render(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("bad-events.yaml:1: an Event left out"),
        "{}",
        render(&output)
    );
    // A pod without a status and a missing file.
    let output = run(&["observe", "src/examples/sidecar.yaml"]);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("without a `status`"));
    let output = run(&["observe", "testdata/observe/missing.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["observe", &format!("{DIR}/pods-list.yaml"), "--pod", "nope"]);
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&scratch);
}

/// Same input, same bytes.
#[test]
fn output_is_byte_identical_across_runs() {
    let args = [
        "observe",
        "testdata/observe/pods-list.yaml",
        "--events",
        "testdata/observe/kubectl-events.yaml",
        "-o",
        "json",
        "--compare",
    ];
    assert_eq!(run(&args).stdout, run(&args).stdout);
}
