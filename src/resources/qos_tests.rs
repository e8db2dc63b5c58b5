//! QoS: Kubernetes' `TestComputePodQOS` table (`pkg/apis/core/v1/helper/qos/qos_test.go`), the
//! reasons in words, and D16 (defer containers count like init containers).

use super::qos::{QosClass, compute_qos};
use super::test_support::*;
use crate::k8s::model::{Container, Pod};

/// qos_test.go `getResourceList(cpu, memory)`: an empty string leaves the resource out.
fn resource_list(cpu: &'static str, memory: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut pairs = Vec::new();
    if !cpu.is_empty() {
        pairs.push(("cpu", cpu));
    }
    if !memory.is_empty() {
        pairs.push(("memory", memory));
    }
    pairs
}

/// qos_test.go `newContainer(name, requests, limits)`.
fn new_container(
    name: &str,
    requests: (&'static str, &'static str),
    limits: (&'static str, &'static str),
) -> Container {
    container(
        name,
        &resource_list(requests.0, requests.1),
        &resource_list(limits.0, limits.1),
    )
}

fn new_pod(containers: Vec<Container>) -> Pod {
    pod(vec![], containers)
}

#[test]
fn test_compute_pod_qos() {
    use QosClass::*;
    let none = ("", "");
    let hugepages = {
        let mut c = new_container("best-effort", ("0", "0"), ("0", "0"));
        let resources = c.resources.as_mut().unwrap();
        for list in [resources.requests.as_mut(), resources.limits.as_mut()] {
            let list = list.unwrap();
            list.extend(super::test_support::list(&[("hugepages-2Mi", "1Gi")]));
        }
        c
    };
    let cases: Vec<(&str, Pod, bool, QosClass)> = vec![
        (
            "guaranteed",
            new_pod(vec![new_container(
                "guaranteed",
                ("100m", "100Mi"),
                ("100m", "100Mi"),
            )]),
            false,
            Guaranteed,
        ),
        (
            "guaranteed-guaranteed",
            new_pod(vec![
                new_container("guaranteed", ("100m", "100Mi"), ("100m", "100Mi")),
                new_container("guaranteed", ("100m", "100Mi"), ("100m", "100Mi")),
            ]),
            false,
            Guaranteed,
        ),
        (
            "best-effort-best-effort",
            new_pod(vec![
                new_container("best-effort", none, none),
                new_container("best-effort", none, none),
            ]),
            false,
            BestEffort,
        ),
        (
            "best-effort",
            new_pod(vec![new_container("best-effort", none, none)]),
            false,
            BestEffort,
        ),
        (
            "best-effort-burstable",
            new_pod(vec![
                new_container("best-effort", none, none),
                new_container("burstable", ("1", ""), ("2", "")),
            ]),
            false,
            Burstable,
        ),
        (
            "best-effort-guaranteed",
            new_pod(vec![
                new_container("best-effort", none, none),
                new_container("guaranteed", ("10m", "100Mi"), ("10m", "100Mi")),
            ]),
            false,
            Burstable,
        ),
        (
            "burstable-cpu-guaranteed-memory",
            new_pod(vec![new_container(
                "burstable",
                ("", "100Mi"),
                ("", "100Mi"),
            )]),
            false,
            Burstable,
        ),
        (
            "burstable-no-limits",
            new_pod(vec![new_container("burstable", ("100m", "100Mi"), none)]),
            false,
            Burstable,
        ),
        (
            "burstable-guaranteed",
            new_pod(vec![
                new_container("burstable", ("1", "100Mi"), ("2", "100Mi")),
                new_container("guaranteed", ("100m", "100Mi"), ("100m", "100Mi")),
            ]),
            false,
            Burstable,
        ),
        (
            "burstable-unbounded-but-requests-match-limits",
            new_pod(vec![
                new_container("burstable", ("100m", "100Mi"), ("200m", "200Mi")),
                new_container("burstable-unbounded", ("100m", "100Mi"), none),
            ]),
            false,
            Burstable,
        ),
        (
            "burstable-1",
            new_pod(vec![new_container(
                "burstable",
                ("10m", "100Mi"),
                ("100m", "200Mi"),
            )]),
            false,
            Burstable,
        ),
        (
            "burstable-2",
            new_pod(vec![new_container(
                "burstable",
                ("0", "0"),
                ("100m", "200Mi"),
            )]),
            false,
            Burstable,
        ),
        (
            "best-effort-hugepages",
            new_pod(vec![hugepages]),
            false,
            BestEffort,
        ),
        (
            "init-container",
            pod(
                vec![new_container(
                    "burstable",
                    ("10m", "100Mi"),
                    ("100m", "200Mi"),
                )],
                vec![new_container("best-effort", none, none)],
            ),
            false,
            Burstable,
        ),
        (
            "guaranteed-with-pod-level-resources",
            with_pod_resources(
                new_pod(vec![new_container("best-effort", none, none)]),
                &resource_list("10m", "100Mi"),
                &resource_list("10m", "100Mi"),
            ),
            true,
            Guaranteed,
        ),
        (
            "guaranteed-with-pod-and-container-level-resources",
            with_pod_resources(
                new_pod(vec![new_container(
                    "burstable",
                    ("3m", "10Mi"),
                    ("5m", "20Mi"),
                )]),
                &resource_list("10m", "100Mi"),
                &resource_list("10m", "100Mi"),
            ),
            true,
            Guaranteed,
        ),
        (
            "burstable-with-pod-level-resources",
            with_pod_resources(
                new_pod(vec![new_container("best-effort", none, none)]),
                &resource_list("10m", "10Mi"),
                &resource_list("20m", "50Mi"),
            ),
            true,
            Burstable,
        ),
        (
            "burstable-with-pod-and-container-level-resources",
            with_pod_resources(
                new_pod(vec![new_container(
                    "burstable",
                    ("5m", "10Mi"),
                    ("5m", "10Mi"),
                )]),
                &resource_list("10m", "10Mi"),
                &resource_list("20m", "50Mi"),
            ),
            true,
            Burstable,
        ),
        (
            "burstable-with-pod-and-container-level-requests",
            with_pod_resources(
                new_pod(vec![new_container("burstable", ("5m", "10Mi"), none)]),
                &resource_list("10m", "10Mi"),
                &[],
            ),
            true,
            Burstable,
        ),
        (
            "burstable-with-pod-and-container-level-resources-2",
            with_pod_resources(
                new_pod(vec![
                    new_container("burstable", ("5m", "10Mi"), none),
                    new_container("guaranteed", ("5m", "10Mi"), ("5m", "10Mi")),
                ]),
                &resource_list("10m", "10Mi"),
                &resource_list("5m", ""),
            ),
            true,
            Burstable,
        ),
    ];
    for (name, pod, pod_level_resources, expected) in cases {
        assert_eq!(
            compute_qos(&pod, pod_level_resources).class,
            expected,
            "QoS of `{name}`"
        );
    }
}

#[test]
fn pod_level_resources_are_ignored_when_the_gate_is_off() {
    let pod = with_pod_resources(
        new_pod(vec![new_container("best-effort", ("", ""), ("", ""))]),
        &resource_list("10m", "100Mi"),
        &resource_list("10m", "100Mi"),
    );
    assert_eq!(compute_qos(&pod, true).class, QosClass::Guaranteed);
    assert_eq!(compute_qos(&pod, false).class, QosClass::BestEffort);
}

#[test]
fn reasons_name_the_container_or_the_mismatch() {
    let reason = |pod: Pod| compute_qos(&pod, true).to_string();
    assert_eq!(
        reason(new_pod(vec![new_container(
            "app",
            ("100m", "100Mi"),
            ("100m", "")
        )])),
        "Burstable: container `app` has no memory limit"
    );
    assert_eq!(
        reason(pod(
            vec![new_container("migrate", ("100m", ""), ("", ""))],
            vec![new_container("app", ("100m", "100Mi"), ("100m", "100Mi"))],
        )),
        "Burstable: init container `migrate` has no cpu or memory limit"
    );
    assert_eq!(
        reason(new_pod(vec![new_container(
            "app",
            ("10m", "100Mi"),
            ("100m", "100Mi")
        )])),
        "Burstable: cpu requests (10m) differ from cpu limits (100m)"
    );
    assert_eq!(
        reason(new_pod(vec![new_container(
            "app",
            ("0", "0"),
            ("100m", "200Mi")
        )])),
        "Burstable: cpu is limited (100m) but not requested"
    );
    assert_eq!(
        reason(new_pod(vec![new_container("app", ("", ""), ("", ""))])),
        "BestEffort: no container sets a cpu or memory request or limit"
    );
    assert_eq!(
        reason(new_pod(vec![new_container(
            "app",
            ("1", "1Gi"),
            ("1", "1Gi")
        )])),
        "Guaranteed: every container limits cpu and memory, and requests add up to the limits"
    );
    assert_eq!(
        reason(with_pod_resources(
            new_pod(vec![new_container("app", ("", ""), ("", ""))]),
            &resource_list("10m", "10Mi"),
            &resource_list("5m", ""),
        )),
        "Burstable: pod-level resources have no memory limit"
    );
    assert_eq!(
        reason(with_pod_resources(
            new_pod(vec![new_container("app", ("", ""), ("", ""))]),
            &resource_list("10m", "10Mi"),
            &resource_list("10m", "10Mi"),
        )),
        "Guaranteed: pod-level cpu and memory limits equal the pod-level requests"
    );
}

#[test]
fn sidecars_count_like_app_containers() {
    let guaranteed = ("100m", "100Mi");
    let pod = pod(
        vec![sidecar("proxy", &resource_list("50m", ""), &[])],
        vec![new_container("app", guaranteed, guaranteed)],
    );
    assert_eq!(
        compute_qos(&pod, true).to_string(),
        "Burstable: sidecar `proxy` has no cpu or memory limit"
    );
}

#[test]
fn d16_defer_containers_count_like_init_containers() {
    let guaranteed = ("100m", "100Mi");
    let app = || new_container("app", guaranteed, guaranteed);
    let unlimited = with_defer(
        new_pod(vec![app()]),
        vec![new_container("cleanup", ("10m", ""), ("", ""))],
    );
    assert_eq!(
        compute_qos(&unlimited, true).to_string(),
        "Burstable: defer container `cleanup` has no cpu or memory limit"
    );
    let limited = with_defer(
        new_pod(vec![app()]),
        vec![new_container("cleanup", guaranteed, guaranteed)],
    );
    assert_eq!(compute_qos(&limited, true).class, QosClass::Guaranteed);
}
