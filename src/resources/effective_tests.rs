//! Effective requests and limits: Kubernetes' own tables from
//! `staging/src/k8s.io/component-helpers/resource/helpers_test.go` (the rows computed from the
//! spec; rows that read in-place-resize status or DRA claim status are out of scope, since podlife
//! sizes a pod from its manifest), the seed's worked examples (K5.6), D16 and properties.

use proptest::prelude::*;

use super::decision::Origin;
use super::defaulting;
use super::effective::{Options, PhaseKind, Side, compute, pod_limits, pod_requests};
use super::quantities::Quantities;
use super::test_support::*;
use crate::k8s::cluster::FeatureGates;
use crate::k8s::model::Pod;

const DEFAULT: Options = Options {
    pod_level_resources: true,
    exclude_overhead: false,
};
const NO_OVERHEAD: Options = Options {
    pod_level_resources: true,
    exclude_overhead: true,
};
const SKIP_POD_LEVEL: Options = Options {
    pod_level_resources: false,
    exclude_overhead: false,
};

struct Case<'a> {
    name: &'a str,
    pod: Pod,
    options: Options,
    requests: Option<Pairs<'a>>,
    limits: Option<Pairs<'a>>,
}

fn check(cases: Vec<Case<'_>>) {
    for case in cases {
        if let Some(expected) = case.requests {
            assert_eq!(
                pod_requests(&case.pod, case.options),
                quantities(expected),
                "requests of `{}`",
                case.name
            );
        }
        if let Some(expected) = case.limits {
            assert_eq!(
                pod_limits(&case.pod, case.options),
                quantities(expected),
                "limits of `{}`",
                case.name
            );
        }
    }
}

/// helpers_test.go `getPod`: one app container and one init container with the same resources.
fn get_pod(requests: Pairs<'_>, limits: Pairs<'_>, overhead: Pairs<'_>) -> Pod {
    let pod = pod(
        vec![container("init-foo", requests, limits)],
        vec![container("foo", requests, limits)],
    );
    with_overhead(pod, overhead)
}

#[test]
fn test_pod_requests_and_limits() {
    let five = &[("cpu", "5"), ("memory", "5")];
    check(vec![
        Case {
            name: "just-limit-no-overhead",
            pod: get_pod(&[], &[("cpu", "9")], &[]),
            options: DEFAULT,
            requests: Some(&[]),
            limits: Some(&[("cpu", "9")]),
        },
        Case {
            name: "just-overhead",
            pod: get_pod(&[], &[], five),
            options: DEFAULT,
            requests: Some(five),
            limits: Some(&[]),
        },
        Case {
            name: "req-and-overhead",
            pod: get_pod(&[("cpu", "1"), ("memory", "10")], &[], five),
            options: DEFAULT,
            requests: Some(&[("cpu", "6"), ("memory", "15")]),
            limits: Some(&[]),
        },
        Case {
            name: "all-req-lim-and-overhead",
            pod: get_pod(
                &[("cpu", "1"), ("memory", "10")],
                &[("cpu", "2"), ("memory", "12")],
                five,
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "6"), ("memory", "15")]),
            limits: Some(&[("cpu", "7"), ("memory", "17")]),
        },
        Case {
            name: "req-some-lim-and-overhead",
            pod: get_pod(&[("cpu", "1"), ("memory", "10")], &[("cpu", "2")], five),
            options: DEFAULT,
            requests: Some(&[("cpu", "6"), ("memory", "15")]),
            limits: Some(&[("cpu", "7")]),
        },
    ]);
}

#[test]
fn test_pod_requests_and_limits_without_overhead() {
    let apps = || {
        vec![
            container(
                "foobar",
                &[("cpu", "1"), ("memory", "5")],
                &[("cpu", "2"), ("memory", "10")],
            ),
            container(
                "foobar2",
                &[("cpu", "4"), ("memory", "12")],
                &[("cpu", "8"), ("memory", "24")],
            ),
        ]
    };
    let overhead = &[("cpu", "3"), ("memory", "8")];
    let inits = vec![
        container(
            "small-init",
            &[("cpu", "1"), ("memory", "5")],
            &[("cpu", "1"), ("memory", "5")],
        ),
        container(
            "big-init",
            &[("cpu", "40"), ("memory", "120")],
            &[("cpu", "80"), ("memory", "240")],
        ),
    ];
    check(vec![
        Case {
            name: "two container no overhead - should just be sum of containers",
            pod: pod(vec![], apps()),
            options: NO_OVERHEAD,
            requests: Some(&[("cpu", "5"), ("memory", "17")]),
            limits: Some(&[("cpu", "10"), ("memory", "34")]),
        },
        Case {
            name: "two container with overhead - shouldn't consider overhead",
            pod: with_overhead(pod(vec![], apps()), overhead),
            options: NO_OVERHEAD,
            requests: Some(&[("cpu", "5"), ("memory", "17")]),
            limits: Some(&[("cpu", "10"), ("memory", "34")]),
        },
        Case {
            name: "two container with overhead, massive init - should just be the largest init",
            pod: with_overhead(pod(inits, apps()), overhead),
            options: NO_OVERHEAD,
            requests: Some(&[("cpu", "40"), ("memory", "120")]),
            limits: Some(&[("cpu", "80"), ("memory", "240")]),
        },
    ]);
}

/// The init/sidecar/app shapes shared by `TestPodResourceRequests` and `TestPodResourceLimits`,
/// built on one side (requests or limits).
fn shaped(side: Side, shape: &str) -> Pod {
    let c = |name: &str, cpu: &str| match side {
        Side::Requests => container(name, &[("cpu", cpu)], &[]),
        Side::Limits => container(name, &[], &[("cpu", cpu)]),
    };
    let s = |name: &str, cpu: &str| match side {
        Side::Requests => sidecar(name, &[("cpu", cpu)], &[]),
        Side::Limits => sidecar(name, &[], &[("cpu", cpu)]),
    };
    match shape {
        "larger init container" => pod(vec![c("i", "4")], vec![c("a", "1")]),
        "larger containers" => pod(vec![c("i", "2")], vec![c("a", "2"), c("b", "3")]),
        "restartable init container" => pod(
            vec![s("restartable-init-1", "1")],
            vec![c("container-1", "1")],
        ),
        "multiple restartable init containers" => pod(
            vec![
                c("init-1", "5"),
                s("restartable-init-1", "1"),
                s("restartable-init-2", "2"),
                s("restartable-init-3", "3"),
            ],
            vec![c("container-1", "1")],
        ),
        "multiple restartable and regular init containers" => pod(
            vec![
                c("init-1", "5"),
                s("restartable-init-1", "1"),
                s("restartable-init-2", "2"),
                c("init-2", "5"),
                s("restartable-init-3", "3"),
            ],
            vec![c("container-1", "1")],
        ),
        "restartable-init, init and regular" => pod(
            vec![s("restartable-init-1", "10"), c("init-1", "200")],
            vec![c("container-1", "100")],
        ),
        _ => unreachable!("unknown shape {shape}"),
    }
}

#[test]
fn test_pod_resource_requests() {
    let cpu = |value| -> Pairs<'static> {
        match value {
            "2" => &[("cpu", "2")],
            "4" => &[("cpu", "4")],
            "5" => &[("cpu", "5")],
            "7" => &[("cpu", "7")],
            "8" => &[("cpu", "8")],
            _ => &[("cpu", "210")],
        }
    };
    let mut cases = Vec::new();
    for (shape, expected) in [
        ("larger init container", "4"),
        ("larger containers", "5"),
        ("restartable init container", "2"),
        ("multiple restartable init containers", "7"),
        ("multiple restartable and regular init containers", "8"),
        ("restartable-init, init and regular", "210"),
    ] {
        cases.push(Case {
            name: shape,
            pod: shaped(Side::Requests, shape),
            options: DEFAULT,
            requests: Some(cpu(expected)),
            limits: None,
        });
    }
    cases.push(Case {
        name: "pod overhead excluded",
        pod: with_overhead(shaped(Side::Requests, "larger containers"), &[("cpu", "1")]),
        options: NO_OVERHEAD,
        requests: Some(&[("cpu", "5")]),
        limits: None,
    });
    cases.push(Case {
        name: "pod overhead included",
        pod: with_overhead(
            pod(
                vec![container("i", &[("cpu", "2")], &[("cpu", "2")])],
                vec![
                    container("a", &[("cpu", "2")], &[]),
                    container("b", &[("cpu", "3")], &[]),
                ],
            ),
            &[("cpu", "1"), ("memory", "1Gi")],
        ),
        options: DEFAULT,
        requests: Some(&[("cpu", "6"), ("memory", "1Gi")]),
        limits: None,
    });
    cases.push(Case {
        name: "resized, infeasible, but don't use status",
        pod: pod(vec![], vec![container("container-1", &[("cpu", "4")], &[])]),
        options: DEFAULT,
        requests: Some(&[("cpu", "4")]),
        limits: None,
    });
    cases.push(Case {
        name: "resized, restartable init container, infeasible, but don't use status",
        pod: pod(
            vec![sidecar("restartable-init-1", &[("cpu", "4")], &[])],
            vec![],
        ),
        options: DEFAULT,
        requests: Some(&[("cpu", "4")]),
        limits: None,
    });
    check(cases);
}

#[test]
fn test_pod_resource_limits() {
    let mut cases = Vec::new();
    for (shape, expected) in [
        ("larger init container", &[("cpu", "4")] as Pairs<'_>),
        ("larger containers", &[("cpu", "5")]),
        ("restartable init container", &[("cpu", "2")]),
        ("multiple restartable init containers", &[("cpu", "7")]),
        (
            "multiple restartable and regular init containers",
            &[("cpu", "8")],
        ),
        ("restartable-init, init and regular", &[("cpu", "210")]),
    ] {
        cases.push(Case {
            name: shape,
            pod: shaped(Side::Limits, shape),
            options: DEFAULT,
            requests: None,
            limits: Some(expected),
        });
    }
    let larger = || shaped(Side::Limits, "larger containers");
    cases.extend([
        Case {
            name: "pod overhead excluded",
            pod: with_overhead(larger(), &[("cpu", "1")]),
            options: NO_OVERHEAD,
            requests: None,
            limits: Some(&[("cpu", "5")]),
        },
        Case {
            // Overhead is only added to non-zero limits: no memory limit appears.
            name: "pod overhead included",
            pod: with_overhead(larger(), &[("cpu", "1"), ("memory", "1Gi")]),
            options: DEFAULT,
            requests: None,
            limits: Some(&[("cpu", "6")]),
        },
        Case {
            name: "no limited containers should result in no limits for the pod",
            pod: pod(vec![], vec![container("unlimited", &[], &[])]),
            options: DEFAULT,
            requests: None,
            limits: Some(&[]),
        },
        Case {
            name: "one limited and one unlimited container should result in the limited container's limits for the pod",
            pod: pod(
                vec![],
                vec![
                    container("limited", &[], &[("cpu", "2"), ("memory", "2Gi")]),
                    container("unlimited", &[], &[]),
                ],
            ),
            options: DEFAULT,
            requests: None,
            limits: Some(&[("cpu", "2"), ("memory", "2Gi")]),
        },
        Case {
            name: "one limited and one unlimited init container should result in the limited init container's limits for the pod",
            pod: pod(
                vec![
                    container("limited", &[], &[("cpu", "2"), ("memory", "2Gi")]),
                    container("unlimited", &[], &[]),
                ],
                vec![container("app", &[], &[("cpu", "1"), ("memory", "1Gi")])],
            ),
            options: DEFAULT,
            requests: None,
            limits: Some(&[("cpu", "2"), ("memory", "2Gi")]),
        },
        Case {
            name: "pod scaled down, don't use status",
            pod: pod(vec![], vec![container("container-1", &[], &[("memory", "1Gi")])]),
            options: DEFAULT,
            requests: None,
            limits: Some(&[("memory", "1Gi")]),
        },
        Case {
            name: "pod scaled down with restartable init containers, don't use status",
            pod: pod(
                vec![sidecar("restartable-init-1", &[], &[("memory", "1Gi")])],
                vec![],
            ),
            options: DEFAULT,
            requests: None,
            limits: Some(&[("memory", "1Gi")]),
        },
    ]);
    check(cases);
}

#[test]
fn test_pod_level_resource_requests() {
    let mem_cpu = |mem: &'static str, cpu: &'static str| -> Vec<(&'static str, &'static str)> {
        vec![("memory", mem), ("cpu", cpu)]
    };
    let app = || container("app", &mem_cpu("3Mi", "2m"), &[]);
    let init = || container("init", &mem_cpu("5Mi", "4m"), &[]);
    let side = || sidecar("sidecar", &mem_cpu("5Mi", "4m"), &[]);
    let big_init = || container("init", &mem_cpu("6Mi", "8m"), &[]);
    let hp2 = "hugepages-2Mi";
    let hp1 = "hugepages-1Gi";
    let plr = |pod: Pod, requests: Pairs<'_>, limits: Pairs<'_>| {
        with_pod_resources(pod, requests, limits)
    };
    check(vec![
        Case {
            name: "nil",
            pod: pod(vec![], vec![]),
            options: DEFAULT,
            requests: Some(&[]),
            limits: None,
        },
        Case {
            name: "pod level memory resource with SkipPodLevelResources true",
            pod: plr(pod(vec![], vec![]), &[("memory", "2Mi")], &[]),
            options: SKIP_POD_LEVEL,
            requests: Some(&[]),
            limits: None,
        },
        Case {
            name: "pod level memory resource with SkipPodLevelResources false",
            pod: plr(pod(vec![], vec![]), &[("memory", "2Mi")], &[]),
            options: DEFAULT,
            requests: Some(&[("memory", "2Mi")]),
            limits: None,
        },
        Case {
            name: "pod level memory and container level cpu resources",
            pod: plr(
                pod(vec![], vec![container("c", &[("cpu", "2m")], &[])]),
                &[("memory", "2Mi")],
                &[],
            ),
            options: DEFAULT,
            requests: Some(&[("memory", "2Mi"), ("cpu", "2m")]),
            limits: None,
        },
        Case {
            name: "pod level unsupported resources set at both pod-level and container-level",
            pod: plr(
                pod(vec![], vec![container("c", &[("storage", "3Mi")], &[])]),
                &[("storage", "2Mi")],
                &[],
            ),
            options: DEFAULT,
            requests: Some(&[("storage", "3Mi")]),
            limits: None,
        },
        Case {
            name: "pod level unsupported resources set at pod-level",
            pod: plr(
                pod(vec![], vec![container("c", &[("memory", "3Mi")], &[])]),
                &[("storage", "2Mi")],
                &[],
            ),
            options: DEFAULT,
            requests: Some(&[("memory", "3Mi")]),
            limits: None,
        },
        Case {
            name: "only container level resources set",
            pod: pod(vec![], vec![app()]),
            options: DEFAULT,
            requests: Some(&[("memory", "3Mi"), ("cpu", "2m")]),
            limits: None,
        },
        Case {
            name: "both container-level and pod-level resources set",
            pod: plr(pod(vec![], vec![app()]), &mem_cpu("6Mi", "8m"), &[]),
            options: DEFAULT,
            requests: Some(&[("memory", "6Mi"), ("cpu", "8m")]),
            limits: None,
        },
        Case {
            name: "container-level resources and init container set",
            pod: pod(vec![init()], vec![app()]),
            options: DEFAULT,
            requests: Some(&[("memory", "5Mi"), ("cpu", "4m")]),
            limits: None,
        },
        Case {
            name: "container-level resources and init container set, SkipPodLevelResources true",
            pod: pod(vec![init()], vec![app()]),
            options: SKIP_POD_LEVEL,
            requests: Some(&[("memory", "5Mi"), ("cpu", "4m")]),
            limits: None,
        },
        Case {
            name: "container-level resources and sidecar container set",
            pod: pod(vec![side()], vec![app()]),
            options: DEFAULT,
            requests: Some(&[("memory", "8Mi"), ("cpu", "6m")]),
            limits: None,
        },
        Case {
            name: "container-level resources, init and sidecar container set",
            pod: pod(vec![side(), big_init()], vec![app()]),
            options: DEFAULT,
            requests: Some(&[("memory", "11Mi"), ("cpu", "12m")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, container-level resources, init and sidecar container set",
            pod: plr(
                pod(vec![side(), big_init()], vec![app()]),
                &mem_cpu("15Mi", "18m"),
                &[],
            ),
            options: DEFAULT,
            requests: Some(&[("memory", "15Mi"), ("cpu", "18m")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, hugepage request/limit single page size",
            pod: plr(
                pod(vec![], vec![]),
                &[("memory", "10Mi"), (hp2, "2Mi")],
                &[(hp2, "2Mi")],
            ),
            options: DEFAULT,
            requests: Some(&[("memory", "10Mi"), (hp2, "2Mi")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, hugepage request/limit multiple page sizes",
            pod: plr(
                pod(vec![], vec![]),
                &[("cpu", "1"), (hp2, "2Mi"), (hp1, "1Gi")],
                &[(hp2, "2Mi"), (hp1, "1Gi")],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "1"), (hp2, "2Mi"), (hp1, "1Gi")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, container-level resources, hugepage request/limit single page size",
            pod: plr(
                pod(
                    vec![],
                    vec![container("c", &[(hp2, "6Mi")], &[(hp2, "6Mi")])],
                ),
                &[("cpu", "1"), (hp2, "10Mi")],
                &[(hp2, "10Mi")],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "1"), (hp2, "10Mi")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, container-level resources, hugepage request/limit multiple page sizes",
            pod: plr(
                pod(
                    vec![],
                    vec![container(
                        "c",
                        &[("cpu", "1"), (hp1, "2Gi")],
                        &[(hp1, "2Gi")],
                    )],
                ),
                &[("cpu", "1"), (hp2, "10Mi"), (hp1, "2Gi")],
                &[(hp2, "10Mi"), (hp1, "2Gi")],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "1"), (hp2, "10Mi"), (hp1, "2Gi")]),
            limits: None,
        },
        Case {
            name: "pod-level resources, container-level resources, hugepage request/limit multiple page sizes between pod-level and container-level",
            pod: plr(
                pod(
                    vec![],
                    vec![container(
                        "c",
                        &[("memory", "4Mi"), (hp1, "1Gi")],
                        &[(hp1, "1Gi")],
                    )],
                ),
                &[("cpu", "1"), (hp2, "10Mi")],
                &[(hp2, "10Mi")],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "1"), ("memory", "4Mi"), (hp2, "10Mi"), (hp1, "1Gi")]),
            limits: None,
        },
    ]);
}

#[test]
fn test_aggregate_container_requests_and_limits() {
    let nine = &[("cpu", "9")];
    check(vec![
        Case {
            name: "one container with limits",
            pod: pod(vec![], vec![container("a", &[], nine)]),
            options: DEFAULT,
            requests: Some(&[]),
            limits: Some(nine),
        },
        Case {
            name: "two containers with limits",
            pod: pod(
                vec![],
                vec![container("a", &[], nine), container("b", &[], nine)],
            ),
            options: DEFAULT,
            requests: Some(&[]),
            limits: Some(&[("cpu", "18")]),
        },
        Case {
            name: "one container with requests",
            pod: pod(vec![], vec![container("a", nine, &[])]),
            options: DEFAULT,
            requests: Some(nine),
            limits: Some(&[]),
        },
        Case {
            name: "two containers with requests",
            pod: pod(
                vec![],
                vec![container("a", nine, &[]), container("b", nine, &[])],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "18")]),
            limits: Some(&[]),
        },
        Case {
            name: "regular and init containers with requests",
            pod: pod(
                vec![container("i", nine, &[])],
                vec![container("a", nine, &[])],
            ),
            options: DEFAULT,
            requests: Some(nine),
            limits: Some(&[]),
        },
        Case {
            name: "regular, init and sidecar containers with requests",
            pod: pod(
                vec![
                    sidecar("s", &[("cpu", "8")], &[]),
                    container("i", &[("cpu", "6")], &[]),
                ],
                vec![container("a", nine, &[])],
            ),
            options: DEFAULT,
            requests: Some(&[("cpu", "17")]),
            limits: Some(&[]),
        },
        Case {
            name: "regular and init containers with limits",
            pod: pod(
                vec![container("i", &[], nine)],
                vec![container("a", &[], nine)],
            ),
            options: DEFAULT,
            requests: Some(&[]),
            limits: Some(nine),
        },
        Case {
            name: "regular, init and sidecar containers with limits",
            pod: pod(
                vec![
                    sidecar("s", &[], &[("cpu", "8")]),
                    container("i", &[], &[("cpu", "6")]),
                ],
                vec![container("a", &[], nine)],
            ),
            options: DEFAULT,
            requests: Some(&[]),
            limits: Some(&[("cpu", "17")]),
        },
    ]);
}

/// Renders quantities as canonical text, to compare with K5.6's spelling.
fn canonical(list: &Quantities) -> Vec<(String, String)> {
    list.iter()
        .map(|(name, quantity)| (name.clone(), quantity.to_string()))
        .collect()
}

fn text(pairs: Pairs<'_>) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, q)| (n.to_string(), q.to_string()))
        .collect()
}

/// The seed's first example, spelled validly: limits only.
fn seed_limits_example() -> Pod {
    pod(
        vec![
            container("init-1", &[], &[("cpu", "100m"), ("memory", "1Gi")]),
            container("init-2", &[], &[("cpu", "50m"), ("memory", "2Gi")]),
        ],
        vec![
            container("app-1", &[], &[("cpu", "10m"), ("memory", "1100Mi")]),
            container("app-2", &[], &[("cpu", "10m"), ("memory", "1100Mi")]),
        ],
    )
}

/// The seed's second example, spelled validly: an init limit and an app request.
fn seed_mixed_example() -> Pod {
    pod(
        vec![container(
            "init",
            &[],
            &[("cpu", "100m"), ("memory", "1Gi")],
        )],
        vec![container(
            "app",
            &[("cpu", "10m"), ("memory", "1100Mi")],
            &[],
        )],
    )
}

fn defaulted(mut pod: Pod) -> Pod {
    defaulting::apply(&mut pod, FeatureGates::default());
    pod
}

#[test]
fn k5_6_seed_limits_example_gives_100m_and_2200mi() {
    let result = compute(&seed_limits_example(), DEFAULT);
    assert_eq!(
        canonical(&result.limits),
        text(&[("cpu", "100m"), ("memory", "2200Mi")])
    );
    assert_eq!(
        result.limits_decided_by["cpu"].to_string(),
        "init container `init-1` alone"
    );
    assert_eq!(
        result.limits_decided_by["memory"].to_string(),
        "app containers `app-1`, `app-2`"
    );
    // API defaulting copies each limit into the missing request: the same numbers.
    let result = compute(&defaulted(seed_limits_example()), DEFAULT);
    assert_eq!(canonical(&result.requests), canonical(&result.limits));
}

#[test]
fn k5_6_seed_mixed_example_as_written_gives_10m_1100mi_and_100m_1gi() {
    let result = compute(&seed_mixed_example(), DEFAULT);
    assert_eq!(
        canonical(&result.requests),
        text(&[("cpu", "10m"), ("memory", "1100Mi")])
    );
    assert_eq!(
        canonical(&result.limits),
        text(&[("cpu", "100m"), ("memory", "1Gi")])
    );
    let qos = super::qos::compute_qos(&seed_mixed_example(), true);
    assert_eq!(qos.class, super::qos::QosClass::Burstable);
}

#[test]
fn k5_6_seed_mixed_example_after_api_defaulting_reserves_the_init_limit() {
    // The API server copies the init container's limit into its request, so the init step
    // (100m) outweighs the app's 10m; memory stays with the app (1100Mi > 1Gi).
    let result = compute(&defaulted(seed_mixed_example()), DEFAULT);
    assert_eq!(
        canonical(&result.requests),
        text(&[("cpu", "100m"), ("memory", "1100Mi")])
    );
    assert_eq!(
        result.requests_decided_by["cpu"].to_string(),
        "init container `init` alone"
    );
    assert_eq!(
        result.requests_decided_by["memory"].to_string(),
        "app container `app`"
    );
}

#[test]
fn decided_by_names_the_init_step_and_the_sidecars_under_it() {
    let pod = with_overhead(
        pod(
            vec![
                sidecar("proxy", &[("cpu", "100m")], &[("cpu", "500m")]),
                container("migrate", &[("cpu", "1")], &[]),
            ],
            vec![container("web", &[("cpu", "250m")], &[("cpu", "1")])],
        ),
        &[("cpu", "10m")],
    );
    let result = compute(&pod, DEFAULT);
    assert_eq!(result.requests["cpu"].to_string(), "1110m");
    assert_eq!(
        result.requests_decided_by["cpu"].to_string(),
        "init container `migrate` + sidecar `proxy` + overhead"
    );
    assert_eq!(result.limits["cpu"].to_string(), "1510m");
    assert_eq!(
        result.limits_decided_by["cpu"].to_string(),
        "app container `web` + sidecar `proxy` + overhead"
    );
    let steps: Vec<PhaseKind> = result.phases.iter().map(|p| p.kind).collect();
    assert_eq!(
        steps,
        [PhaseKind::Sidecar, PhaseKind::Init, PhaseKind::Steady]
    );
    assert_eq!(result.phases[1].running, ["proxy", "migrate"]);
    assert_eq!(result.phases[1].requests["cpu"].to_string(), "1100m");
}

#[test]
fn pod_level_resources_decide_when_the_gate_is_on() {
    let pod = with_pod_resources(
        pod(
            vec![],
            vec![container("c", &[("cpu", "2")], &[("cpu", "2")])],
        ),
        &[("cpu", "4")],
        &[("cpu", "4")],
    );
    let result = compute(&pod, DEFAULT);
    assert_eq!(result.requests["cpu"].to_string(), "4");
    assert_eq!(result.requests_decided_by["cpu"].origin, Origin::PodLevel);
    assert!(result.pod_level_applied);
    let result = compute(&pod, SKIP_POD_LEVEL);
    assert_eq!(result.requests["cpu"].to_string(), "2");
    assert!(!result.pod_level_applied);
}

#[test]
fn overhead_alone_is_named() {
    let pod = with_overhead(
        pod(vec![], vec![container("c", &[], &[])]),
        &[("memory", "64Mi")],
    );
    let result = compute(&pod, DEFAULT);
    assert_eq!(result.requests_decided_by["memory"].to_string(), "overhead");
    assert!(result.limits.is_empty());
}

#[test]
fn d16_defer_container_plus_steady_state_can_decide_the_request() {
    let pod = with_defer(
        pod(
            vec![
                container("migrate", &[("cpu", "500m")], &[]),
                sidecar("proxy", &[("cpu", "100m")], &[]),
            ],
            vec![container(
                "app",
                &[("cpu", "200m"), ("memory", "128Mi")],
                &[],
            )],
        ),
        vec![
            container("fsync", &[("cpu", "100m")], &[]),
            container("cleanup", &[("cpu", "400m"), ("memory", "64Mi")], &[]),
        ],
    );
    let result = compute(&pod, DEFAULT);
    // max(init peak 500m, steady 300m, steady 300m + largest defer 400m) = 700m.
    assert_eq!(result.requests["cpu"].to_string(), "700m");
    assert_eq!(
        result.requests_decided_by["cpu"].to_string(),
        "defer container `cleanup` + steady state"
    );
    assert_eq!(result.requests["memory"].to_string(), "192Mi");
    let term = result.defer_term.as_ref().unwrap();
    assert_eq!(
        canonical(&term.requests),
        text(&[("cpu", "700m"), ("memory", "192Mi")])
    );
    let defer_steps: Vec<&str> = result
        .phases
        .iter()
        .filter(|p| p.kind == PhaseKind::Defer)
        .filter_map(|p| p.container.as_deref())
        .collect();
    assert_eq!(defer_steps, ["fsync", "cleanup"]);
    assert_eq!(
        result.phases.last().unwrap().running,
        ["proxy", "app", "cleanup"]
    );
}

#[test]
fn d16_init_peak_still_wins_over_a_small_defer_term() {
    let pod = with_defer(
        pod(
            vec![container("migrate", &[("cpu", "2")], &[])],
            vec![container("app", &[("cpu", "200m")], &[])],
        ),
        vec![container("cleanup", &[("cpu", "500m")], &[])],
    );
    let result = compute(&pod, DEFAULT);
    assert_eq!(result.requests["cpu"].to_string(), "2");
    assert_eq!(
        result.requests_decided_by["cpu"].to_string(),
        "init container `migrate` alone"
    );
    assert_eq!(
        result.defer_term.unwrap().requests["cpu"].to_string(),
        "700m"
    );
}

#[test]
fn d16_without_defer_containers_there_is_no_defer_term() {
    let result = compute(&seed_mixed_example(), DEFAULT);
    assert!(result.defer_term.is_none());
}

fn request_value() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![Just(None), (0u32..5000).prop_map(Some)]
}

prop_compose! {
    fn arb_container()(cpu in request_value(), memory in request_value(), sidecar in any::<bool>())
        -> (Option<u32>, Option<u32>, bool) {
        (cpu, memory, sidecar)
    }
}

fn build(
    specs: &[(Option<u32>, Option<u32>, bool)],
    prefix: &str,
    init: bool,
) -> Vec<crate::k8s::model::Container> {
    specs
        .iter()
        .enumerate()
        .map(|(index, (cpu, memory, is_sidecar))| {
            let cpu = cpu.map(|m| format!("{m}m"));
            let memory = memory.map(|m| format!("{m}Mi"));
            let mut pairs = Vec::new();
            if let Some(cpu) = &cpu {
                pairs.push(("cpu", cpu.as_str()));
            }
            if let Some(memory) = &memory {
                pairs.push(("memory", memory.as_str()));
            }
            let name = format!("{prefix}-{index}");
            if init && *is_sidecar {
                sidecar(&name, &pairs, &[])
            } else {
                container(&name, &pairs, &[])
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn effective_request_covers_every_init_container_and_the_app_sum(
        inits in prop::collection::vec(arb_container(), 0..5),
        apps in prop::collection::vec(arb_container(), 0..4),
        defer in prop::collection::vec(arb_container(), 0..3),
    ) {
        let pod = with_defer(
            pod(build(&inits, "init", true), build(&apps, "app", false)),
            build(&defer, "defer", false),
        );
        let requests = pod_requests(&pod, DEFAULT);
        let at_least = |list: &Quantities| {
            list.iter().all(|(name, quantity)| requests.get(name).is_some_and(|r| r >= quantity))
        };
        for container in pod.init_containers() {
            prop_assert!(at_least(&Side::Requests.of(container)));
        }
        let mut app_sum = Quantities::new();
        for container in pod.containers() {
            super::quantities::add_into(&mut app_sum, &Side::Requests.of(container));
        }
        prop_assert!(at_least(&app_sum));
        let result = compute(&pod, DEFAULT);
        for phase in &result.phases {
            prop_assert!(at_least(&phase.requests));
        }
        prop_assert_eq!(&result.requests, &requests);
    }
}
