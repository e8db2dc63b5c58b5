//! The best-practice rules (PL4xx): off by default, their mapping of the peers' checks in
//! `docs/best-practice.md` names only rules that exist, and on real manifests and on a pod
//! with every kind of container they judge each container by its role.

use std::collections::BTreeMap;

use super::support::{json, podlife, render, root, run, run_with_stdin, snapshot};

/// The real corpus (`PODLIFE_CORPUS`, else `../shared/corpus/real`), if present.
fn corpus() -> Option<std::path::PathBuf> {
    let fallback = root().join("../shared/corpus/real");
    match std::env::var_os("PODLIFE_CORPUS") {
        Some(corpus) => Some(corpus.into()),
        None if fallback.is_dir() => Some(fallback),
        None => {
            eprintln!("PODLIFE_CORPUS is not set and ../shared/corpus/real is absent; skipping");
            None
        }
    }
}

/// `PL430 `missing-readiness-probe`` pairs in a text, in order.
fn named_rules(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("PL") {
        let candidate = &rest[at..];
        rest = &rest[at + 2..];
        let digits = candidate.get(2..5).unwrap_or("");
        if digits.len() != 3 || !digits.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Some(name) = candidate
            .get(5..)
            .and_then(|after| after.strip_prefix(" `"))
            .and_then(|after| after.split_once('`'))
            .map(|(name, _)| name)
        else {
            continue;
        };
        found.push((candidate[..5].to_string(), name.to_string()));
    }
    found
}

#[test]
fn the_mapping_table_names_only_registered_rules_and_covers_the_peers() {
    let text = std::fs::read_to_string(root().join("docs/best-practice.md"))
        .expect("docs/best-practice.md is readable");
    let rows: Vec<&str> = text
        .lines()
        .filter(|line| {
            ["| kube-linter |", "| kube-score |", "| Polaris |"]
                .iter()
                .any(|peer| line.starts_with(peer))
        })
        .collect();
    assert!(rows.len() >= 60, "{} mapping rows", rows.len());
    let mut per_peer: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // "", peer, check, podlife, ""
        assert_eq!(cells.len(), 5, "a row has three cells: {row}");
        assert!(!cells[2].is_empty() && !cells[3].is_empty(), "{row}");
        *per_peer.entry(cells[1]).or_default() += 1;
    }
    assert_eq!(per_peer.len(), 3, "{per_peer:?}");
    // The security rules (PL400–PL429) are issue 30a's: until each lands, its row may name it
    // only as planned there; once registered, the registry decides.
    const PLANNED_SECURITY: &[(&str, &str)] = &[
        ("PL400", "privileged-container"),
        ("PL401", "privilege-escalation-allowed"),
        ("PL402", "run-as-root-allowed"),
        ("PL403", "low-user-id"),
        ("PL404", "writable-root-filesystem"),
        ("PL405", "capabilities-not-dropped"),
        ("PL406", "dangerous-capability-added"),
        ("PL407", "seccomp-not-restricted"),
        ("PL408", "apparmor-unconfined"),
        ("PL409", "host-network"),
        ("PL410", "host-pid"),
        ("PL411", "host-ipc"),
        ("PL412", "host-port"),
        ("PL413", "host-path-volume"),
        ("PL414", "docker-socket-mount"),
        ("PL415", "sensitive-host-mount"),
        ("PL416", "service-account-token-automounted"),
        ("PL417", "default-service-account"),
        ("PL418", "secret-in-env-value"),
        ("PL419", "ssh-port-exposed"),
        ("PL420", "unsafe-proc-mount"),
        ("PL421", "unsafe-sysctl"),
        ("PL422", "deprecated-service-account-field"),
    ];
    let named = named_rules(&text);
    assert!(named.len() >= 40, "{} rule mentions", named.len());
    for (id, name) in named {
        match podlife::lint::rules::find(&id) {
            Some(rule) => assert_eq!(rule.name, name, "docs/best-practice.md names {id} `{name}`"),
            None => assert!(
                PLANNED_SECURITY.contains(&(id.as_str(), name.as_str())),
                "docs/best-practice.md names {id} `{name}`, which is neither registered nor planned"
            ),
        }
    }
}

/// The table of the docs and the data `honorPeerAnnotations` reads say the same: every row
/// that maps a check to registered best-practice or lifecycle rules has those rules in
/// `PEER_CHECKS`, and every `PEER_CHECKS` row is in the table. (API-validation rules named in
/// the table are never suppressed by a peer's annotation.)
#[test]
fn the_mapping_table_and_the_peer_annotation_data_agree() {
    use podlife::lint::settings::peer_checks::{PEER_CHECKS, Peer};
    let text = std::fs::read_to_string(root().join("docs/best-practice.md"))
        .expect("docs/best-practice.md is readable");
    let mut from_docs = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let peer = match cells.get(1).copied() {
            Some("kube-linter") => Peer::KubeLinter,
            Some("kube-score") => Peer::KubeScore,
            Some("Polaris") => Peer::Polaris,
            _ => continue,
        };
        let check = cells[2].trim_matches('`').to_string();
        let mapped = cells[3].split('(').next().unwrap_or("");
        for (id, _) in named_rules(mapped) {
            let lint = id.starts_with("PL3") || id.starts_with("PL4");
            if lint && podlife::lint::rules::find(&id).is_some() {
                from_docs.push((peer, check.clone(), id));
            }
        }
    }
    for (peer, check, id) in &from_docs {
        assert!(
            PEER_CHECKS
                .iter()
                .any(|row| row.peer == *peer && row.check == check && row.rule == id),
            "{} `{check}` → {id} is in docs/best-practice.md but not in PEER_CHECKS",
            peer.name()
        );
    }
    for row in PEER_CHECKS {
        assert!(
            from_docs
                .iter()
                .any(|(peer, check, id)| *peer == row.peer && check == row.check && id == row.rule),
            "{} `{}` → {} is in PEER_CHECKS but not in docs/best-practice.md",
            row.peer.name(),
            row.check,
            row.rule
        );
    }
}

#[test]
fn best_practice_rules_are_off_by_default_and_on_when_selected() {
    for rule in podlife::lint::rules::REGISTRY {
        if rule.id.starts_with("PL4") {
            assert!(
                !podlife::lint::rules::enabled_by_default(rule),
                "{} is on by default",
                rule.id
            );
            assert!(
                rule.docs.contains("## Peer checks"),
                "{} names its peers",
                rule.id
            );
        }
    }
    let quiet = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/best-practice/every-kind.yaml",
    ]));
    let codes: Vec<&str> = quiet["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|finding| finding["rule"].as_str())
        .filter(|code| code.starts_with("PL4"))
        .collect();
    assert_eq!(
        codes,
        Vec::<&str>::new(),
        "nothing of the group without `--select`"
    );
}

/// A pod with a regular init container, a sidecar with ports, one without, app containers,
/// a defer container and an ephemeral container, none with probes, resources or pinned images.
#[test]
fn each_container_is_judged_by_its_role() {
    let output = run(&[
        "validate",
        "-o",
        "json",
        "--select",
        "PL43,PL44,PL45",
        "testdata/best-practice/every-kind.yaml",
    ]);
    let report = json(&output);
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for finding in report["findings"].as_array().expect("findings") {
        let path = finding["path"].as_str().unwrap_or("").to_string();
        let container = path.split('.').nth(1).unwrap_or("").to_string();
        let code = finding["rule"].as_str().unwrap_or("").to_string();
        seen.entry(container).or_default().push(code);
    }
    let rules_of = |container: &str| seen.get(container).cloned().unwrap_or_default();
    // initContainers[0] `migrate`: a regular init container. Never a probe finding, never a
    // request finding; its missing memory limit is reported (it leaves the pod unbounded).
    assert_eq!(rules_of("initContainers[0]"), ["PL437", "PL441"]);
    // initContainers[1] `proxy`: a sidecar with a port, judged like an app container.
    assert_eq!(
        rules_of("initContainers[1]"),
        [
            "PL430", "PL431", "PL435", "PL436", "PL437", "PL440", "PL441"
        ]
    );
    // initContainers[2] `log-shipper`: a sidecar without ports needs no probes.
    assert_eq!(
        rules_of("initContainers[2]"),
        ["PL435", "PL436", "PL437", "PL440", "PL441"]
    );
    assert_eq!(
        rules_of("containers[0]"),
        [
            "PL430", "PL431", "PL435", "PL436", "PL437", "PL440", "PL441"
        ]
    );
    // A defer container runs at termination: resources, never probes.
    assert_eq!(
        rules_of("deferContainers[0]"),
        ["PL435", "PL436", "PL437", "PL440", "PL441"]
    );
    // An ephemeral container: its image only (it may set neither probes nor resources). No
    // `imagePullPolicy` findings: an untagged image defaults to `Always`.
    assert_eq!(rules_of("ephemeralContainers[0]"), ["PL441"]);
    let messages: Vec<&str> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|finding| finding["rule"] == "PL437")
        .filter_map(|finding| finding["message"].as_str())
        .collect();
    assert!(
        messages.contains(
            &"init container `migrate` has no `memory` limit, so it decides that the pod has no effective memory limit for its whole life"
        ),
        "{messages:#?}"
    );
}

#[test]
fn real_manifests_default_run_is_clean_and_the_group_run_is_reviewed() {
    let Some(corpus) = corpus() else {
        return;
    };
    let corpus = corpus.to_string_lossy().to_string();
    let default = json(&run(&["validate", "-o", "json", &corpus]));
    assert_eq!(
        default["findings"],
        serde_json::json!([]),
        "default run on the corpus"
    );

    let args = ["validate", "-o", "short", "--select", "best-practice", "."];
    let output = podlife(&args)
        .current_dir(&corpus)
        .output()
        .expect("podlife runs");
    let again = podlife(&args)
        .current_dir(&corpus)
        .output()
        .expect("podlife runs");
    assert_eq!(
        output.stdout, again.stdout,
        "the group's run is deterministic"
    );
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    // The option rules stay off: the group selects the rest.
    for option in ["PL403", "PL438", "PL443", "PL447", "PL448"] {
        assert!(
            !text.contains(&format!("[{option}]")),
            "{option} ran through the group"
        );
    }
    // Regular init containers are never judged on probes: every probe finding on an init
    // container is about a sidecar.
    for line in text.lines() {
        let probe_rule = ["PL430", "PL431", "PL432", "PL433"]
            .iter()
            .any(|code| line.contains(&format!("[{code}]")));
        if probe_rule {
            assert!(
                !line.contains("init container") && !line.contains("defer container"),
                "{line}"
            );
        }
    }
    snapshot(
        "best_practice__real_corpus",
        &format!("$ podlife {}\n{}", args.join(" "), render(&output)),
    );
}

/// `cpuLimits: forbid` turns PL438 around: every container that sets a CPU limit, an init
/// container included, is reported; the rest are not.
#[test]
fn a_team_that_forbids_cpu_limits() {
    let report = json(&run(&[
        "validate",
        "-o",
        "json",
        "testdata/best-practice/cpu-forbid/pod.yaml",
    ]));
    let found: Vec<(&str, &str)> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|finding| {
            (
                finding["rule"].as_str().unwrap_or(""),
                finding["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("PL438", "init container `migrate` sets a `cpu` limit"),
            ("PL438", "container `worker` sets a `cpu` limit"),
        ]
    );
}

/// `initContainerRequests: true` asks regular init containers for their requests too, for a
/// namespace whose ResourceQuota on requests rejects a pod any of whose containers lacks one;
/// without it they are not asked.
#[test]
fn a_team_under_a_requests_quota_asks_init_containers_too() {
    let found = |args: &[&str]| -> Vec<(String, String)> {
        let mut full = vec!["validate", "-o", "json"];
        full.extend(args);
        full.push("testdata/best-practice/init-requests/pod.yaml");
        let report = json(&run(&full));
        report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|finding| {
                (
                    finding["rule"].as_str().unwrap_or("").to_string(),
                    finding["message"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        found(&[]),
        [(
            "PL435".to_string(),
            "init container `migrate` has no `cpu` request".to_string()
        )]
    );
    assert!(found(&["--no-config", "--select", "PL435,PL436"]).is_empty());
}

/// Moving from kube-score: with `honorPeerAnnotations: true` its `kube-score/ignore` checks
/// suppress the rules mapped to them (`container-resources` → PL435–PL438, `pod-probes` →
/// PL430–PL432) and nothing else; without it, they report.
#[test]
fn a_peer_annotation_suppresses_the_mapped_rules() {
    let codes = |args: &[&str]| -> Vec<String> {
        let mut full = vec!["validate", "-o", "json"];
        full.extend(args);
        full.push("testdata/best-practice/peer/web.yaml");
        let report = json(&run(&full));
        let mut codes: Vec<String> = report["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter_map(|finding| finding["rule"].as_str().map(str::to_string))
            .collect();
        codes.sort();
        codes.dedup();
        codes
    };
    // PL446 is not reported beside PL445: neither anti-affinity nor spread is one problem.
    assert_eq!(codes(&[]), ["PL440", "PL445"], "honoured");
    assert_eq!(
        codes(&["--no-config", "--extend-select", "PL43,PL44"]),
        [
            "PL430", "PL431", "PL435", "PL436", "PL437", "PL440", "PL445"
        ],
        "not honoured"
    );
}

/// PL447's findings in a run, as (object name, severity), in report order.
fn disruption_findings(output: &std::process::Output) -> Vec<(String, String)> {
    json(output)["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|finding| finding["rule"] == "PL447")
        .map(|finding| {
            (
                finding["pod"]["name"].as_str().unwrap_or("").to_string(),
                finding["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

const BUDGETS: &str = "testdata/best-practice/disruption-budgets/budgets.yaml";
const WORKLOADS: &str = "testdata/best-practice/disruption-budgets/workloads.yaml";

/// A budget counts wherever it is among the inputs: earlier in the same file (`front`), in
/// another file given before or after, in the directory walked, on standard input. Written
/// namespaces must be equal (`db`'s budget is in `staging`), a missing one may be any
/// (`cache`); `matchExpressions` are read with every operator (`api` is selected by `In`,
/// `NotIn` and `DoesNotExist`, `api-canary` is left out by `NotIn`); a budget the API server
/// rejects selects nothing (`worker`). Bare Pods, Jobs, DaemonSets and workloads without
/// `replicas` are not judged.
#[test]
fn a_disruption_budget_counts_from_any_input_of_the_run() {
    let warned = |names: &[&str]| -> Vec<(String, String)> {
        names
            .iter()
            .map(|name| ((*name).to_string(), "warning".to_string()))
            .collect()
    };
    let expected = warned(&["db", "api-canary", "worker"]);
    let select = ["validate", "-o", "json", "--extend-select", "PL447"];
    let with = |inputs: &[&str]| {
        let mut args = select.to_vec();
        args.extend(inputs);
        disruption_findings(&run(&args))
    };
    assert_eq!(with(&[WORKLOADS, BUDGETS]), expected, "budgets after");
    assert_eq!(with(&[BUDGETS, WORKLOADS]), expected, "budgets before");
    assert_eq!(
        with(&["testdata/best-practice/disruption-budgets"]),
        expected,
        "a directory"
    );
    let budgets = std::fs::read(root().join(BUDGETS)).expect("budgets are readable");
    let mut args = select.to_vec();
    args.extend(["-", WORKLOADS]);
    assert_eq!(
        disruption_findings(&run_with_stdin(&args, &budgets)),
        expected,
        "budgets on standard input"
    );
    // Alone, the workloads have only the budget of their own file.
    assert_eq!(
        with(&[WORKLOADS]),
        warned(&["web", "db", "api", "api-canary", "cache", "worker"])
    );
}

/// What the user sees: the finding points at the template's labels, and its note names the
/// budget that selects no pod in the workload's namespace, and why.
#[test]
fn a_missing_disruption_budget_as_the_user_sees_it() {
    let args = ["validate", "--extend-select", "PL447", WORKLOADS, BUDGETS];
    let output = run(&args);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        text.contains("PodDisruptionBudget `worker` (testdata/best-practice/disruption-budgets/budgets.yaml:56:3) selects no pod: the API server rejects its `spec.selector.matchExpressions[0].values`"),
        "{text}"
    );
    snapshot(
        "best_practice__missing_pod_disruption_budget",
        &format!("$ podlife {}\n{}", args.join(" "), render(&output)),
    );
}

/// PL447 is an option of the group: off by default, left off by `best-practice` and by a
/// prefix, on when named (`--select`, `--extend-select`, a `--severity` level), and its
/// severity is configurable like every rule's.
#[test]
fn the_disruption_budget_rule_runs_only_when_named() {
    let findings = |flags: &[&str]| {
        let mut args = vec!["validate", "-o", "json", "--no-config"];
        args.extend(flags);
        args.extend([WORKLOADS, BUDGETS]);
        disruption_findings(&run(&args))
    };
    assert_eq!(findings(&[]), [], "default");
    assert_eq!(findings(&["--select", "best-practice"]), [], "the group");
    assert_eq!(findings(&["--extend-select", "best-practice"]), []);
    assert_eq!(findings(&["--select", "PL4"]), [], "a prefix");
    assert_eq!(
        findings(&[
            "--select",
            "best-practice",
            "--severity",
            "best-practice=error"
        ]),
        [],
        "a level for the group does not turn it on"
    );
    assert_eq!(findings(&["--select", "best-practice,PL447"]).len(), 3);
    assert_eq!(
        findings(&["--extend-select", "missing-pod-disruption-budget"]).len(),
        3
    );
    let errors = findings(&["--severity", "PL447=error"]);
    assert_eq!(errors.len(), 3);
    assert!(errors.iter().all(|(_, severity)| severity == "error"));
    let output = run(&[
        "validate",
        "-o",
        "short",
        "--no-config",
        "--severity",
        "PL447=error",
        WORKLOADS,
        BUDGETS,
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", render(&output));
    assert_eq!(
        findings(&["--extend-select", "PL447", "--ignore", "PL447"]),
        [],
        "ignored"
    );
}

/// With `honorPeerAnnotations: true`, kube-score's `deployment-has-poddisruptionbudget` and
/// Polaris' `missingPodDisruptionBudget-exempt` suppress PL447 on their workloads; an inline
/// `# podlife: ignore[PL447]` on the labels' line does too, and is then a used suppression.
#[test]
fn peer_annotations_and_comments_suppress_the_disruption_budget_rule() {
    let file = "testdata/best-practice/peer/replicated.yaml";
    let honoured = disruption_findings(&run(&[
        "validate",
        "-o",
        "json",
        "--extend-select",
        "PL447",
        file,
    ]));
    assert_eq!(honoured, [("plain".to_string(), "warning".to_string())]);
    let plain = disruption_findings(&run(&[
        "validate",
        "-o",
        "json",
        "--no-config",
        "--extend-select",
        "PL447",
        file,
    ]));
    let names: Vec<&str> = plain.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["scored", "audited", "plain"], "not honoured");

    let text = std::fs::read_to_string(root().join(WORKLOADS)).expect("readable");
    let commented = text.replace(
        "      labels: {app: worker}\n",
        "      labels: {app: worker}  # podlife: ignore[PL447]\n",
    );
    assert_ne!(commented, text);
    let output = run_with_stdin(
        &[
            "validate",
            "-o",
            "json",
            "--no-config",
            "--extend-select",
            "PL447",
            "-",
            BUDGETS,
        ],
        commented.as_bytes(),
    );
    let rules: Vec<String> = json(&output)["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|finding| {
            format!(
                "{} {}",
                finding["rule"].as_str().unwrap_or(""),
                finding["pod"]["name"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(rules, ["PL447 db", "PL447 api-canary"], "no PL012 either");
}

/// On the real manifests: nothing by default (PL447 included), and with the rule named, the
/// replicated workloads that ship no budget, never the two StatefulSets whose files hold one
/// (ZooKeeper, CockroachDB).
#[test]
fn real_manifests_with_the_disruption_budget_rule() {
    let Some(corpus) = corpus() else {
        return;
    };
    let args = ["validate", "-o", "short", "--select", "PL447", "."];
    let output = podlife(&args)
        .current_dir(&corpus)
        .output()
        .expect("podlife runs");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        !text.contains("zookeeper") && !text.contains("cockroachdb"),
        "{text}"
    );
    assert!(text.contains("[PL447]"), "{text}");
    snapshot(
        "best_practice__real_corpus_disruption_budgets",
        &format!("$ podlife {}\n{}", args.join(" "), render(&output)),
    );
}

/// `--add-ignore` sees the budgets of every input as `validate` does: it comments only the
/// workloads no budget of the run selects, and the run after it is clean.
#[test]
fn add_ignore_comments_only_the_workloads_no_budget_of_the_run_selects() {
    let directory = std::env::temp_dir().join(format!("podlife-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("scratch directory");
    for file in [WORKLOADS, BUDGETS] {
        let name = std::path::Path::new(file).file_name().expect("a file name");
        std::fs::copy(root().join(file), directory.join(name)).expect("copied");
    }
    let args = |extra: &[&'static str]| {
        let mut args = vec!["validate", "--no-config", "--extend-select", "PL447"];
        args.extend(extra);
        args.extend(["workloads.yaml", "budgets.yaml"]);
        args
    };
    let added = podlife(&args(&["--add-ignore"]))
        .current_dir(&directory)
        .output()
        .expect("podlife runs");
    assert_eq!(added.status.code(), Some(0), "{}", render(&added));
    let text = std::fs::read_to_string(directory.join("workloads.yaml")).expect("readable");
    let commented: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("# podlife: ignore[PL447]"))
        .map(str::trim)
        .collect();
    assert_eq!(
        commented,
        [
            "labels: {app: db}  # podlife: ignore[PL447]",
            "labels: {app: api, track: canary}  # podlife: ignore[PL447]",
            "labels: {app: worker}  # podlife: ignore[PL447]",
        ]
    );
    let after = podlife(&args(&["-o", "json"]))
        .current_dir(&directory)
        .output()
        .expect("podlife runs");
    assert_eq!(json(&after)["findings"], serde_json::json!([]));
    std::fs::remove_dir_all(&directory).ok();
}

/// The rules of one problem found at one place, as `validate -o json` reports them.
fn rules_found(args: &[&str], text: &str) -> (Option<i32>, Vec<String>) {
    let output = run_with_stdin(args, text.as_bytes());
    let report = json(&output);
    let rules = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|finding| finding["rule"].as_str().unwrap_or_default().to_string())
        .collect();
    (output.status.code(), rules)
}

/// One finding per problem with the whole group on: a replicated workload with neither
/// anti-affinity nor spread is PL445's alone (PL446 stands alone when the user gates on it);
/// an invalid pull policy is PL102's, not PL442's too; a defer container without resources in
/// an otherwise Guaranteed pod is PL308's, named for what it is, not PL435–PL437's too.
#[test]
fn one_problem_is_one_finding_with_the_whole_group_on() {
    let group = ["validate", "-o", "json", "--select", "ALL", "-"];
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n";
    let (_, rules) = rules_found(&group, deployment);
    assert!(rules.contains(&"PL445".to_string()), "{rules:?}");
    assert!(!rules.contains(&"PL446".to_string()), "{rules:?}");
    // Raised to an error, the stricter rule is not hidden behind the warning.
    let mut gated = group.to_vec();
    gated.splice(5..5, ["--severity", "PL446=error"]);
    let (code, rules) = rules_found(&gated, deployment);
    assert_eq!(code, Some(1));
    assert!(rules.contains(&"PL446".to_string()), "{rules:?}");
    assert!(!rules.contains(&"PL445".to_string()), "{rules:?}");
    // With anti-affinity but no spread, the stricter rule has its own problem.
    let apart = deployment.replace(
        "      containers:\n",
        "      affinity:\n        podAntiAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 100\n            podAffinityTerm:\n              topologyKey: kubernetes.io/hostname\n              labelSelector: {matchLabels: {app: web}}\n      containers:\n",
    );
    let (_, rules) = rules_found(&group, &apart);
    assert!(rules.contains(&"PL446".to_string()), "{rules:?}");
    assert!(!rules.contains(&"PL445".to_string()), "{rules:?}");

    let bad_policy = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: nginx:1.27\n    imagePullPolicy: ifnotpresent\n";
    let (_, rules) = rules_found(&group, bad_policy);
    assert!(rules.contains(&"PL102".to_string()), "{rules:?}");
    assert!(!rules.contains(&"PL442".to_string()), "{rules:?}");
    let (_, rules) = rules_found(&group, &bad_policy.replace("ifnotpresent", "Never"));
    assert!(rules.contains(&"PL442".to_string()), "{rules:?}");

    let defer = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    resources: {limits: {cpu: 500m, memory: 256Mi, ephemeral-storage: 1Gi}}\n  deferContainers:\n  - name: flush\n    image: busybox:1.36\n";
    let output = run_with_stdin(&group, defer.as_bytes());
    let report = json(&output);
    let on_flush: Vec<(String, String)> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| {
            f["path"]
                .as_str()
                .is_some_and(|p| p.starts_with("spec.deferContainers[0]"))
        })
        .map(|f| (f["rule"].to_string(), f["message"].to_string()))
        .collect();
    let resource_rules: Vec<&(String, String)> = on_flush
        .iter()
        .filter(|(rule, _)| {
            ["\"PL308\"", "\"PL435\"", "\"PL436\"", "\"PL437\""].contains(&rule.as_str())
        })
        .collect();
    assert_eq!(resource_rules.len(), 1, "{on_flush:?}");
    assert_eq!(resource_rules[0].0, "\"PL308\"");
    assert!(
        resource_rules[0]
            .1
            .contains("defer container `flush` sets no resources"),
        "{on_flush:?}"
    );
    let named: Vec<&str> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "PL308")
        .filter_map(|f| f["name"].as_str())
        .collect();
    assert_eq!(named, ["container-lowers-qos-class"]);
    // The rule's former name still configures it.
    let (_, rules) = rules_found(
        &[
            "validate",
            "-o",
            "json",
            "--ignore",
            "init-container-lowers-qos-class",
            "-",
        ],
        defer,
    );
    assert!(!rules.contains(&"PL308".to_string()), "{rules:?}");
}
