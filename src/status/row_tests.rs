//! Tests of [`super::pod_row`]: Kubernetes' own printer tables (printers_test.go), then K8 edge cases.

use super::super::test_pods::{DAY, MINUTE, NOW, PodBuilder, SECOND, narrow, status, wide};
use super::pod_row;

fn row(cells: [&str; 5]) -> Vec<String> {
    cells.iter().map(std::string::ToString::to_string).collect()
}

/// printers_test.go `TestPrintPod`, row by row (AGE is `<unknown>`: no creationTimestamp).
#[test]
fn k8_test_print_pod() {
    let table = [
        // Test name, num of containers, restarts, container ready status
        (
            PodBuilder::new("test1")
                .containers(2)
                .phase("podPhase")
                .container_statuses(vec![
                    status().ready().restarts(3).running(),
                    status().restarts(3),
                ]),
            ["test1", "1/2", "podPhase", "6", "<unknown>"],
        ),
        // Test container error overwrites pod phase
        (
            PodBuilder::new("test2")
                .containers(2)
                .phase("podPhase")
                .container_statuses(vec![
                    status().ready().restarts(3).running(),
                    status().waiting("ContainerWaitingReason").restarts(3),
                ]),
            ["test2", "1/2", "ContainerWaitingReason", "6", "<unknown>"],
        ),
        // The same with Terminated state: the first container overwrites the rest
        (
            PodBuilder::new("test3")
                .containers(2)
                .phase("podPhase")
                .container_statuses(vec![
                    status().waiting("ContainerWaitingReason").restarts(3),
                    status()
                        .terminated("ContainerTerminatedReason", 0)
                        .restarts(3),
                ]),
            ["test3", "0/2", "ContainerWaitingReason", "6", "<unknown>"],
        ),
        // Ready is not enough for reporting running
        (
            PodBuilder::new("test4")
                .containers(2)
                .phase("podPhase")
                .container_statuses(vec![
                    status().ready().restarts(3).running(),
                    status().ready().restarts(3),
                ]),
            ["test4", "1/2", "podPhase", "6", "<unknown>"],
        ),
        // status.reason overrides the phase
        (
            PodBuilder::new("test5")
                .containers(2)
                .reason("podReason")
                .phase("podPhase")
                .container_statuses(vec![
                    status().ready().restarts(3).running(),
                    status().ready().restarts(3),
                ]),
            ["test5", "1/2", "podReason", "6", "<unknown>"],
        ),
        // One running, one completed, no Ready condition
        (
            PodBuilder::new("test6")
                .containers(2)
                .phase("Running")
                .reason("")
                .container_statuses(vec![
                    status().ready().restarts(3).terminated("Completed", 0),
                    status().ready().restarts(3).running(),
                ]),
            ["test6", "1/2", "NotReady", "6", "<unknown>"],
        ),
        // One running, one completed, with Ready condition
        (
            PodBuilder::new("test6")
                .containers(2)
                .phase("Running")
                .reason("")
                .container_statuses(vec![
                    status().ready().restarts(3).terminated("Completed", 0),
                    status().ready().restarts(3).running(),
                ])
                .condition("Ready", "True"),
            ["test6", "1/2", "Running", "6", "<unknown>"],
        ),
        // 1 init container restarting and 1 container not running
        (
            PodBuilder::new("test7")
                .init_containers(1)
                .containers(1)
                .phase("podPhase")
                .init_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(3)
                        .running()
                        .last_finished(10 * SECOND),
                ])
                .container_statuses(vec![status().not_ready().restarts(0).waiting("")]),
            ["test7", "0/1", "Init:0/1", "3 (10s ago)", "<unknown>"],
        ),
        // 2 init containers, one restarting, the other not running; 1 container not running
        (
            PodBuilder::new("test8")
                .init_containers(2)
                .containers(1)
                .phase("podPhase")
                .init_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(3)
                        .running()
                        .last_finished(10 * SECOND),
                    status().not_ready().waiting(""),
                ])
                .container_statuses(vec![status().not_ready().waiting("")]),
            ["test8", "0/1", "Init:0/2", "3 (10s ago)", "<unknown>"],
        ),
        // 2 init containers, one completed without restarts, the other restarting
        (
            PodBuilder::new("test9")
                .init_containers(2)
                .containers(1)
                .phase("podPhase")
                .init_statuses(vec![
                    status().not_ready().terminated("", 0),
                    status()
                        .not_ready()
                        .restarts(3)
                        .running()
                        .last_finished(10 * SECOND),
                ])
                .container_statuses(vec![status().not_ready().waiting("")]),
            ["test9", "0/1", "Init:1/2", "3 (10s ago)", "<unknown>"],
        ),
        // 2 init containers, one completed with restarts, the other restarting
        (
            PodBuilder::new("test10")
                .init_containers(2)
                .containers(1)
                .phase("podPhase")
                .init_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(2)
                        .terminated("", 0)
                        .last_finished(2 * MINUTE),
                    status()
                        .not_ready()
                        .restarts(3)
                        .running()
                        .last_finished(10 * SECOND),
                ])
                .container_statuses(vec![status().not_ready().waiting("")]),
            ["test10", "0/1", "Init:1/2", "5 (10s ago)", "<unknown>"],
        ),
        // 1 init container completed with restarts, one container restarting
        (
            PodBuilder::new("test11")
                .init_containers(1)
                .containers(1)
                .phase("Running")
                .init_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(2)
                        .terminated("", 0)
                        .last_finished(2 * MINUTE),
                ])
                .container_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(4)
                        .running()
                        .last_finished(20 * SECOND),
                ]),
            ["test11", "0/1", "Running", "4 (20s ago)", "<unknown>"],
        ),
        // 1 container that restarted 5d ago
        (
            PodBuilder::new("test12")
                .containers(1)
                .phase("Running")
                .container_statuses(vec![
                    status()
                        .ready()
                        .restarts(3)
                        .running()
                        .last_finished(5 * DAY),
                ]),
            ["test12", "1/1", "Running", "3 (5d ago)", "<unknown>"],
        ),
        // 2 containers, one never restarted, the other restarted 10d ago
        (
            PodBuilder::new("test13")
                .containers(2)
                .phase("Running")
                .container_statuses(vec![
                    status().ready().restarts(0).running(),
                    status()
                        .ready()
                        .restarts(3)
                        .running()
                        .last_finished(10 * DAY),
                ]),
            ["test13", "2/2", "Running", "3 (10d ago)", "<unknown>"],
        ),
        // 2 containers, one restarted 5d ago, the other 20d ago
        (
            PodBuilder::new("test14")
                .containers(2)
                .phase("Running")
                .container_statuses(vec![
                    status()
                        .ready()
                        .restarts(6)
                        .running()
                        .last_finished(5 * DAY),
                    status()
                        .ready()
                        .restarts(3)
                        .running()
                        .last_finished(20 * DAY),
                ]),
            ["test14", "2/2", "Running", "9 (5d ago)", "<unknown>"],
        ),
        // PodScheduled condition with reason SchedulingGated
        (
            PodBuilder::new("test15")
                .containers(2)
                .phase("podPhase")
                .condition_with_reason("PodScheduled", "False", Some("SchedulingGated")),
            ["test15", "0/2", "SchedulingGated", "0", "<unknown>"],
        ),
        // Pod succeeded
        (
            PodBuilder::new("test16")
                .containers(1)
                .phase("Succeeded")
                .container_statuses(vec![
                    status().not_ready().restarts(0).terminated("Completed", 0),
                ]),
            ["test16", "0/1", "Completed", "0", "<unknown>"],
        ),
        // Pod failed
        (
            PodBuilder::new("test17")
                .containers(1)
                .phase("Failed")
                .container_statuses(vec![
                    status().not_ready().restarts(0).terminated("Error", 1),
                ]),
            ["test17", "0/1", "Error", "0", "<unknown>"],
        ),
        // Pod succeeded, with deletion: terminal phases never print Terminating
        (
            PodBuilder::new("test18")
                .deleted()
                .containers(1)
                .phase("Succeeded")
                .container_statuses(vec![
                    status().not_ready().restarts(0).terminated("Completed", 0),
                ]),
            ["test18", "0/1", "Completed", "0", "<unknown>"],
        ),
        // Pod running, with deletion
        (
            PodBuilder::new("test19")
                .deleted()
                .containers(1)
                .phase("Running")
                .container_statuses(vec![status().not_ready().restarts(0).running()]),
            ["test19", "0/1", "Terminating", "0", "<unknown>"],
        ),
        // Pod pending, with deletion
        (
            PodBuilder::new("test20")
                .deleted()
                .containers(1)
                .phase("Pending"),
            ["test20", "0/1", "Terminating", "0", "<unknown>"],
        ),
    ];
    for (index, (pod, want)) in table.into_iter().enumerate() {
        assert_eq!(narrow(&pod.build()), row(want), "TestPrintPod case {index}");
    }
}

/// printers_test.go `TestPrintPodWithRestartableInitContainer`.
#[test]
fn k8_test_print_pod_with_restartable_init_container() {
    let sidecars = [
        ("restartable-init-1", Some("Always")),
        ("restartable-init-2", Some("Always")),
    ];
    let table = [
        // 2 sidecars, the first running but not started
        (
            PodBuilder::new("test1")
                .named_init_containers(&sidecars)
                .containers(1)
                .phase("Pending")
                .init_statuses(vec![
                    status()
                        .named("restartable-init-1")
                        .not_ready()
                        .restarts(3)
                        .running()
                        .started(false)
                        .last_finished(10 * SECOND),
                    status()
                        .named("restartable-init-2")
                        .not_ready()
                        .waiting("")
                        .started(false),
                ])
                .container_statuses(vec![status().not_ready().restarts(0).waiting("")])
                .condition("Initialized", "False"),
            ["test1", "0/3", "Init:0/2", "3 (10s ago)", "<unknown>"],
        ),
        // the first started, the second running but not started
        (
            PodBuilder::new("test1")
                .named_init_containers(&sidecars)
                .containers(1)
                .phase("Pending")
                .init_statuses(vec![
                    status()
                        .named("restartable-init-1")
                        .not_ready()
                        .restarts(3)
                        .running()
                        .started(true)
                        .last_finished(10 * SECOND),
                    status()
                        .named("restartable-init-2")
                        .not_ready()
                        .running()
                        .started(false),
                ])
                .container_statuses(vec![status().not_ready().restarts(0).waiting("")])
                .condition("Initialized", "False"),
            ["test1", "0/3", "Init:1/2", "3 (10s ago)", "<unknown>"],
        ),
        // both started and 1 container running
        (
            PodBuilder::new("test2")
                .named_init_containers(&sidecars)
                .containers(1)
                .phase("Running")
                .init_statuses(vec![
                    status()
                        .named("restartable-init-1")
                        .not_ready()
                        .restarts(3)
                        .running()
                        .started(true)
                        .last_finished(10 * SECOND),
                    status()
                        .named("restartable-init-2")
                        .not_ready()
                        .running()
                        .started(true),
                ])
                .container_statuses(vec![
                    status()
                        .ready()
                        .restarts(4)
                        .running()
                        .last_finished(20 * SECOND),
                ])
                .condition("Initialized", "True"),
            ["test2", "1/3", "Running", "7 (10s ago)", "<unknown>"],
        ),
        // both sidecars exited non-zero, the container completed
        (
            PodBuilder::new("test3")
                .named_init_containers(&sidecars)
                .containers(1)
                .phase("Succeeded")
                .init_statuses(vec![
                    status()
                        .named("restartable-init-1")
                        .not_ready()
                        .restarts(3)
                        .terminated("Error", 137)
                        .started(false)
                        .last_finished(10 * SECOND),
                    status()
                        .named("restartable-init-2")
                        .not_ready()
                        .terminated("Error", 137)
                        .started(false),
                ])
                .container_statuses(vec![
                    status()
                        .not_ready()
                        .restarts(4)
                        .terminated("Completed", 0)
                        .last_finished(20 * SECOND),
                ])
                .condition("Initialized", "True"),
            ["test3", "0/3", "Completed", "7 (10s ago)", "<unknown>"],
        ),
        // statuses of containers the spec does not have
        (
            PodBuilder::new("test4")
                .named_init_containers(&[("init1", None), ("sidecar1", Some("Always"))])
                .named_containers(&["container1"])
                .phase("Running")
                .init_statuses(vec![
                    status().named("initinvalid"),
                    status().named("init1"),
                    status().named("sidecar1"),
                ])
                .container_statuses(vec![
                    status().named("containerinvalid"),
                    status().named("container1"),
                ]),
            ["test4", "0/2", "Init:0/2", "0", "<unknown>"],
        ),
    ];
    for (index, (pod, want)) in table.into_iter().enumerate() {
        assert_eq!(
            narrow(&pod.build()),
            row(want),
            "TestPrintPodWithRestartableInitContainer case {index}"
        );
    }
}

/// printers_test.go `TestPrintPodwide`.
#[test]
fn k8_test_print_pod_wide() {
    let gated = |name: &str, ips: &[&str]| {
        PodBuilder::new(name)
            .containers(2)
            .node("test1")
            .readiness_gates(&["condition1", "condition2", "condition3"])
            .condition("condition1", "False")
            .condition("condition2", "True")
            .phase("podPhase")
            .pod_ips(ips)
            .container_statuses(vec![
                status().ready().restarts(3).running(),
                status().restarts(3),
            ])
            .nominated_node("node1")
            .build()
    };
    let want = [
        "test1",
        "1/2",
        "podPhase",
        "6",
        "<unknown>",
        "1.1.1.1",
        "test1",
        "node1",
        "1/3",
    ];
    assert_eq!(wide(&gated("test1", &["1.1.1.1"])), want);
    assert_eq!(wide(&gated("test1", &["1.1.1.1", "2001:db8::"])), want);

    let bare = PodBuilder::new("test2")
        .containers(2)
        .node("")
        .phase("podPhase")
        .container_statuses(vec![
            status().ready().restarts(3).running(),
            status().waiting("ContainerWaitingReason").restarts(3),
        ])
        .build();
    assert_eq!(
        wide(&bare),
        [
            "test2",
            "1/2",
            "ContainerWaitingReason",
            "6",
            "<unknown>",
            "<none>",
            "<none>",
            "<none>",
            "<none>"
        ]
    );
}

/// printers_test.go `TestPrintPodConditions`: the phase prints as is when no container overrides it.
#[test]
fn k8_test_print_pod_conditions() {
    for (phase, name) in [
        ("Running", "test1"),
        ("Succeeded", "test1"),
        ("Failed", "test2"),
    ] {
        let pod = PodBuilder::new(name)
            .containers(2)
            .phase(phase)
            .container_statuses(vec![
                status().ready().restarts(3).running(),
                status().restarts(3),
            ])
            .build();
        assert_eq!(narrow(&pod), row([name, "1/2", phase, "6", "<unknown>"]));
    }
}

fn status_of(pod: PodBuilder) -> String {
    narrow(&pod.build())[2].clone()
}

/// K8.2: a failed init container names its reason, else its exit code or signal.
#[test]
fn k8_2_init_failures() {
    let one_init = || {
        PodBuilder::new("p")
            .init_containers(1)
            .containers(1)
            .phase("Pending")
    };
    assert_eq!(
        status_of(one_init().init_statuses(vec![status().terminated("", 1)])),
        "Init:ExitCode:1"
    );
    assert_eq!(
        status_of(one_init().init_statuses(vec![status().signalled(9, 137)])),
        "Init:Signal:9"
    );
    assert_eq!(
        status_of(one_init().init_statuses(vec![status().terminated("Error", 1)])),
        "Init:Error"
    );
    assert_eq!(
        status_of(one_init().init_statuses(vec![status().restarts(4).waiting("CrashLoopBackOff")])),
        "Init:CrashLoopBackOff"
    );
    // Waiting in PodInitializing is not a reason to show: the count shows.
    assert_eq!(
        status_of(one_init().init_statuses(vec![status().waiting("PodInitializing")])),
        "Init:0/1"
    );
}

/// K8.2: init done, app containers still waiting: their reason shows (`PodInitializing`).
#[test]
fn k8_2_pod_initializing_and_app_failures() {
    let initialized = || {
        PodBuilder::new("p")
            .init_containers(1)
            .containers(1)
            .phase("Pending")
            .init_statuses(vec![status().terminated("Completed", 0)])
    };
    assert_eq!(
        status_of(initialized().container_statuses(vec![status().waiting("PodInitializing")])),
        "PodInitializing"
    );
    assert_eq!(
        status_of(initialized().container_statuses(vec![status().terminated("", 2)])),
        "ExitCode:2"
    );
    assert_eq!(
        status_of(initialized().container_statuses(vec![status().signalled(15, 143)])),
        "Signal:15"
    );
}

/// K8.2: NodeLost with a deletionTimestamp prints `Unknown`; without, the reason shows.
#[test]
fn k8_2_node_lost() {
    let lost = || {
        PodBuilder::new("p")
            .containers(1)
            .phase("Running")
            .reason("NodeLost")
    };
    assert_eq!(status_of(lost().deleted()), "Unknown");
    assert_eq!(status_of(lost()), "NodeLost");
    assert_eq!(
        status_of(
            PodBuilder::new("p")
                .containers(1)
                .phase("Failed")
                .reason("Evicted")
        ),
        "Evicted"
    );
}

/// K8.1/K8.3: a started sidecar counts in READY; its restarts stay once initialized while the
/// regular init container's are dropped.
#[test]
fn k8_3_sidecar_restarts_stay_after_initialization() {
    let pod = PodBuilder::new("p")
        .named_init_containers(&[("migrate", None), ("proxy", Some("Always"))])
        .named_containers(&["app"])
        .phase("Running")
        .init_statuses(vec![
            status()
                .named("migrate")
                .restarts(5)
                .terminated("Completed", 0),
            status()
                .named("proxy")
                .ready()
                .started(true)
                .restarts(2)
                .running()
                .last_finished(3 * MINUTE),
        ])
        .container_statuses(vec![status().named("app").ready().running()])
        .condition("Initialized", "True")
        .condition("Ready", "True")
        .build();
    assert_eq!(
        narrow(&pod),
        row(["p", "2/2", "Running", "2 (3m ago)", "<unknown>"])
    );
}

/// K8.3: statuses are matched to the spec by name, as kubectl's map does, also when they come
/// in another order than the spec's (the sidecar is found by name, not by position).
#[test]
fn k8_3_sidecars_are_found_by_name_in_any_status_order() {
    let pod = PodBuilder::new("p")
        .named_init_containers(&[("migrate", None), ("proxy", Some("Always"))])
        .named_containers(&["app"])
        .phase("Running")
        .init_statuses(vec![
            status()
                .named("proxy")
                .ready()
                .started(true)
                .restarts(2)
                .running()
                .last_finished(3 * MINUTE),
            status()
                .named("migrate")
                .restarts(5)
                .terminated("Completed", 0),
        ])
        .container_statuses(vec![status().named("app").ready().running()])
        .condition("Initialized", "True")
        .condition("Ready", "True")
        .build();
    assert_eq!(
        narrow(&pod),
        row(["p", "2/2", "Running", "2 (3m ago)", "<unknown>"])
    );
}

/// K8.4: AGE from creationTimestamp; no clock means no relative times.
#[test]
fn k8_4_age_and_the_no_clock_contract() {
    let pod = PodBuilder::new("p")
        .created(&super::super::test_pods::ago(3 * DAY + 4 * 3600 * SECOND))
        .containers(1)
        .phase("Running")
        .container_statuses(vec![
            status()
                .ready()
                .running()
                .restarts(1)
                .last_finished(5 * MINUTE + 10 * SECOND),
        ])
        .build();
    assert_eq!(
        narrow(&pod),
        row(["p", "1/1", "Running", "1 (5m10s ago)", "3d4h"])
    );
    let unclocked = pod_row(&pod, None);
    assert_eq!(unclocked.age, "<unknown>");
    assert_eq!(unclocked.restarts, "1");
    // A creation time more than 2 s in the future.
    let future = PodBuilder::new("p")
        .created(&crate::k8s::timestamp::format_rfc3339(NOW + 3 * SECOND))
        .build();
    assert_eq!(pod_row(&future, Some(NOW)).age, "<invalid>");
    // An unparsable timestamp is unset.
    let garbage = PodBuilder::new("p").created("yesterday").build();
    assert_eq!(pod_row(&garbage, Some(NOW)).age, "<unknown>");
}

/// Wide IP: `podIP` wins over `podIPs` (the API server's v1→internal conversion).
#[test]
fn k8_wide_pod_ip_prefers_pod_ip() {
    let pod = PodBuilder::new("p")
        .pod_ip("10.0.0.1")
        .pod_ips(&["10.0.0.2"])
        .build();
    assert_eq!(pod_row(&pod, Some(NOW)).ip, "10.0.0.1");
    let only_list = PodBuilder::new("p")
        .pod_ips(&["fd00::1", "10.0.0.2"])
        .build();
    assert_eq!(pod_row(&only_list, Some(NOW)).ip, "fd00::1");
}

/// A pod without any status at all still prints (as kubectl would print an empty status).
#[test]
fn a_pod_without_status_prints_empty_cells() {
    let mut pod = PodBuilder::new("p").containers(1).build();
    pod.status = None;
    assert_eq!(narrow(&pod), row(["p", "0/1", "", "0", "<unknown>"]));
}

/// Huge restart counts saturate instead of overflowing.
#[test]
fn restart_counts_saturate() {
    let pod = PodBuilder::new("p")
        .containers(2)
        .container_statuses(vec![
            status().restarts(i64::MAX),
            status().restarts(i64::MAX),
        ])
        .build();
    assert_eq!(pod_row(&pod, Some(NOW)).restarts, i64::MAX.to_string());
}
