//! `podlife observe` of a List of 10,000 pods with their events (about 80,000 `Event`s), as
//! `kubectl get pods -o json` and `kubectl get events -o json` would save them: the whole
//! process, human and JSON output, median wall and CPU time of alternated runs. The target:
//! under 2 s wall on 2 cores. `cargo bench --bench observe`; `PODLIFE_BENCH_PODS=N` changes
//! the count, `PODLIFE_BENCH_WRITE=DIR` writes the two files there instead of timing.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::too_many_lines,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation
)]

// `process_timing` reads the corpus for its other table; only its timing is used here.
#[allow(dead_code)]
mod corpus;
#[allow(dead_code)]
mod process_timing;

use std::fmt::Write as _;

const BASE: i64 = 1_773_133_200; // 2026-03-10T09:00:00Z, seconds

fn time(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let in_day = seconds.rem_euclid(86_400);
    // 2026-03-10 is day 20522 since the epoch; the bench stays within days of it.
    let day_of_month = 10 + (days - 20_522);
    format!(
        "2026-03-{day_of_month:02}T{:02}:{:02}:{:02}Z",
        in_day / 3600,
        (in_day % 3600) / 60,
        in_day % 60
    )
}

/// Pods and events written as kubectl writes them, with varied timings (a small LCG, fixed seed).
fn generate(pods: usize) -> (String, String) {
    let mut seed: u64 = 47;
    let mut next = |bound: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % bound
    };
    let mut list =
        String::from("{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"List\",\n  \"items\": [\n");
    let mut events = list.clone();
    let mut first_event = true;
    for index in 0..pods {
        let created = BASE + (index as i64) * 3;
        let scheduled = created + next(3) as i64;
        let pull = 1 + next(120) as i64;
        let init_start = scheduled + 2 + pull;
        let restarts = next(4) as i64;
        let init_end = init_start + 2 + restarts * 12;
        let app_start = init_end + 1 + next(5) as i64;
        let ready = app_start + 3 + next(20) as i64;
        let name = format!("web-5d9c7b-{index:05}");
        let uid = format!("6f1c2a3b-0000-4000-8000-{index:012}");
        if index > 0 {
            list.push_str(",\n");
        }
        let _ = write!(
            list,
            r#"    {{"apiVersion": "v1", "kind": "Pod",
      "metadata": {{"name": "{name}", "namespace": "shop", "uid": "{uid}", "creationTimestamp": "{}",
        "labels": {{"app": "web"}}, "ownerReferences": [{{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-5d9c7b", "uid": "1", "controller": true}}]}},
      "spec": {{"initContainers": [{{"name": "migrate", "image": "registry.example.com/migrate:1.4", "imagePullPolicy": "IfNotPresent"}},
                                   {{"name": "proxy", "image": "registry.example.com/proxy:3.1", "restartPolicy": "Always"}}],
               "containers": [{{"name": "app", "image": "registry.example.com/app:2.0", "readinessProbe": {{"httpGet": {{"path": "/ready", "port": 8080}}, "periodSeconds": 5}}}}],
               "restartPolicy": "Always", "nodeName": "node-{}"}},
      "status": {{"phase": "Running", "startTime": "{}",
        "conditions": [{{"type": "PodReadyToStartContainers", "status": "True", "lastTransitionTime": "{}"}},
                       {{"type": "Initialized", "status": "True", "lastTransitionTime": "{}"}},
                       {{"type": "Ready", "status": "True", "lastTransitionTime": "{}"}},
                       {{"type": "ContainersReady", "status": "True", "lastTransitionTime": "{}"}},
                       {{"type": "PodScheduled", "status": "True", "lastTransitionTime": "{}"}}],
        "initContainerStatuses": [
          {{"name": "migrate", "image": "registry.example.com/migrate:1.4", "ready": true, "started": false, "restartCount": {restarts},
            "state": {{"terminated": {{"exitCode": 0, "reason": "Completed", "startedAt": "{}", "finishedAt": "{}"}}}},
            "lastState": {{"terminated": {{"exitCode": 1, "reason": "Error", "startedAt": "{}", "finishedAt": "{}"}}}}}},
          {{"name": "proxy", "image": "registry.example.com/proxy:3.1", "ready": true, "started": true, "restartCount": 0,
            "state": {{"running": {{"startedAt": "{}"}}}}}}],
        "containerStatuses": [{{"name": "app", "image": "registry.example.com/app:2.0", "ready": true, "started": true, "restartCount": 0,
            "state": {{"running": {{"startedAt": "{}"}}}}}}]}}}}"#,
            time(created),
            index % 50,
            time(scheduled),
            time(scheduled + 1),
            time(init_end + 1),
            time(ready),
            time(ready),
            time(scheduled),
            time(init_end - 2),
            time(init_end),
            time(init_start),
            time(init_start + 1),
            time(init_end + 1),
            time(app_start),
        );
        let mut event = |reason: &str,
                         kind: &str,
                         path: &str,
                         message: String,
                         first: i64,
                         last: i64,
                         count: u64| {
            if !first_event {
                events.push_str(",\n");
            }
            first_event = false;
            let field = if path.is_empty() {
                String::new()
            } else {
                format!(", \"fieldPath\": \"{path}\"")
            };
            let _ = write!(
                events,
                r#"    {{"apiVersion": "v1", "kind": "Event", "metadata": {{"name": "{name}.{reason}{first}", "namespace": "shop"}},
      "involvedObject": {{"kind": "Pod", "namespace": "shop", "name": "{name}", "uid": "{uid}", "apiVersion": "v1"{field}}},
      "reason": "{reason}", "message": "{message}", "type": "{kind}", "source": {{"component": "kubelet", "host": "node-1"}},
      "firstTimestamp": "{}", "lastTimestamp": "{}", "count": {count}}}"#,
                time(first),
                time(last)
            );
        };
        event(
            "Scheduled",
            "Normal",
            "",
            format!("Successfully assigned shop/{name} to node-1"),
            scheduled,
            scheduled,
            1,
        );
        event(
            "Pulling",
            "Normal",
            "spec.initContainers{migrate}",
            "Pulling image \\\"registry.example.com/migrate:1.4\\\"".to_string(),
            scheduled + 1,
            scheduled + 1,
            1,
        );
        event(
            "Pulled",
            "Normal",
            "spec.initContainers{migrate}",
            format!(
                "Successfully pulled image \\\"registry.example.com/migrate:1.4\\\" in {pull}s ({pull}s including waiting). Image size: 4321 bytes."
            ),
            scheduled + 1 + pull,
            scheduled + 1 + pull,
            1,
        );
        event(
            "Started",
            "Normal",
            "spec.initContainers{migrate}",
            "Started container migrate".to_string(),
            init_start,
            init_end - 2,
            (restarts + 1) as u64,
        );
        if restarts > 0 {
            event(
                "BackOff",
                "Warning",
                "spec.initContainers{migrate}",
                format!("Back-off restarting failed container migrate in pod {name}_shop({uid})"),
                init_start + 2,
                init_end - 3,
                restarts as u64,
            );
        }
        event(
            "Started",
            "Normal",
            "spec.initContainers{proxy}",
            "Started container proxy".to_string(),
            init_end,
            init_end,
            1,
        );
        event(
            "Pulled",
            "Normal",
            "spec.containers{app}",
            "Container image \\\"registry.example.com/app:2.0\\\" already present on machine"
                .to_string(),
            app_start - 1,
            app_start - 1,
            1,
        );
        event(
            "Started",
            "Normal",
            "spec.containers{app}",
            "Started container app".to_string(),
            app_start,
            app_start,
            1,
        );
        event(
            "Unhealthy",
            "Warning",
            "spec.containers{app}",
            "Readiness probe failed: HTTP probe failed with statuscode: 503".to_string(),
            app_start + 1,
            ready - 1,
            1 + next(4),
        );
    }
    list.push_str("\n  ]\n}\n");
    events.push_str("\n  ]\n}\n");
    (list, events)
}

fn main() {
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let pods: usize = std::env::var("PODLIFE_BENCH_PODS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let (list, events) = generate(pods);
    // `PODLIFE_BENCH_WRITE=DIR`: write the two files there (to profile) and stop.
    if let Some(dir) = std::env::var_os("PODLIFE_BENCH_WRITE") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::write(dir.join("pods.json"), &list).expect("write the pods");
        std::fs::write(dir.join("events.json"), &events).expect("write the events");
        return;
    }
    let dir = std::env::temp_dir();
    let pods_path = dir.join(format!("podlife-observe-pods-{}.json", std::process::id()));
    let events_path = dir.join(format!(
        "podlife-observe-events-{}.json",
        std::process::id()
    ));
    std::fs::write(&pods_path, &list).expect("write the pods");
    std::fs::write(&events_path, &events).expect("write the events");
    let events_arg = events_path.display().to_string();
    println!(
        "podlife observe: {pods} pods ({:.1} MB) and their events ({:.1} MB), output to /dev/null, median of 7 alternated runs",
        list.len() as f64 / 1e6,
        events.len() as f64 / 1e6
    );
    println!("{:<8} {:>12} {:>12}", "format", "wall", "cpu");
    let human = ["observe", "--no-config", "--events", &events_arg];
    let json = [
        "observe",
        "--no-config",
        "-o",
        "json",
        "--events",
        &events_arg,
    ];
    let _ = (
        process_timing::run(&human, &pods_path),
        process_timing::run(&json, &pods_path),
    );
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        a.push(process_timing::run(&human, &pods_path));
        b.push(process_timing::run(&json, &pods_path));
    }
    for (name, runs) in [("human", &mut a), ("json", &mut b)] {
        let (wall, cpu) = process_timing::medians(runs);
        println!(
            "{name:<8} {:>12} {:>12}",
            process_timing::millis(wall),
            process_timing::millis(cpu)
        );
    }
    let _ = std::fs::remove_file(&pods_path);
    let _ = std::fs::remove_file(&events_path);
}
