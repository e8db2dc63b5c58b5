//! Configuration (flags, `.podlife.yaml`, suppressions) and every output format on the same inputs.

use super::support::{json, run, snapshot_cli};

#[test]
fn every_format_on_the_formats_fixtures() {
    for format in ["human", "short", "json", "github", "sarif", "junit"] {
        snapshot_cli(
            &format!("formats__{format}"),
            &[
                "validate",
                "testdata/formats/",
                "--color",
                "never",
                "--format",
                format,
            ],
        );
    }
}

#[test]
fn sarif_names_every_rule_and_locates_every_result() {
    let output = run(&["validate", "testdata/formats/", "--format", "sarif"]);
    let sarif = json(&output);
    assert_eq!(sarif["version"], "2.1.0");
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    assert_eq!(rules.len(), podlife::lint::rules::REGISTRY.len());
    for result in sarif["runs"][0]["results"].as_array().expect("results") {
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().unwrap_or(0) >= 1, "{result}");
    }
}

#[test]
fn selection_severity_and_config_files() {
    let cases: &[(&str, &[&str])] = &[
        (
            "config__strict_initialized",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--strict-initialized",
                "--format",
                "short",
            ],
        ),
        (
            "config__select_and_severity",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--select",
                "PL3,PL012",
                "--severity",
                "PL308=error",
                "--format",
                "short",
            ],
        ),
        (
            "config__ignore",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--ignore",
                "PL308",
                "--ignore",
                "probe-port-not-declared",
                "--format",
                "short",
            ],
        ),
        (
            "config__discovered_file",
            &["validate", "testdata/config/strict/", "--format", "short"],
        ),
        (
            "config__explicit_file",
            &[
                "validate",
                "--config",
                "testdata/config/strict/.podlife.yaml",
                "testdata/formats/shop.yaml",
                "--format",
                "short",
            ],
        ),
        (
            "config__inline_comments",
            &[
                "validate",
                "testdata/config/inline-comments/",
                "--format",
                "short",
            ],
        ),
        (
            "config__pod_templates",
            &[
                "validate",
                "testdata/config/pod-templates/",
                "--format",
                "short",
            ],
        ),
        (
            "config__invalid_file",
            &["validate", "testdata/config/invalid/"],
        ),
        (
            "config__no_config",
            &[
                "validate",
                "testdata/config/invalid/",
                "--no-config",
                "--format",
                "short",
            ],
        ),
        (
            "config__unknown_rule",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--select",
                "PL3OO",
            ],
        ),
        (
            "config__severity_without_level",
            &[
                "validate",
                "testdata/formats/shop.yaml",
                "--severity",
                "PL306",
            ],
        ),
        (
            "config__off_by_default",
            &[
                "validate",
                "testdata/rules/identical-liveness-and-readiness-probes.yaml",
                "--no-config",
                "--format",
                "short",
            ],
        ),
        (
            "config__enabled_by_severity",
            &[
                "validate",
                "testdata/rules/identical-liveness-and-readiness-probes.yaml",
                "--no-config",
                "--severity",
                "PL306=warning",
                "--format",
                "short",
            ],
        ),
    ];
    for (name, args) in cases {
        snapshot_cli(name, args);
    }
}

#[test]
fn rules_listing() {
    snapshot_cli("rules__listing", &["rules"]);
    let output = run(&["rules", "--format", "json"]);
    let rules = json(&output);
    assert_eq!(
        rules.as_array().map(Vec::len),
        Some(podlife::lint::rules::REGISTRY.len())
    );
    snapshot_cli("rules__explain_prefix", &["explain", "PL30"]);
}
