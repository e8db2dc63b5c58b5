//! Every rule's fixture: the rule fires in each `# expect: fires` document and in no
//! `# expect: ok` document; the rendered output is snapshotted.

use super::support::{json, root, run, snapshot_cli};

/// The expectation of each document, in order, from its `# expect:` comment.
fn expectations(text: &str) -> Vec<bool> {
    let mut expected = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("# expect:") {
            expected.push(rest.trim() == "fires");
        }
    }
    expected
}

#[test]
fn every_rule_fires_where_its_fixture_says_and_nowhere_else() {
    for rule in podlife::lint::rules::REGISTRY {
        let relative = format!("testdata/rules/{}.yaml", rule.name);
        let text = std::fs::read_to_string(root().join(&relative))
            .unwrap_or_else(|_| panic!("missing fixture {relative}"));
        let expected = expectations(&text);
        assert!(
            expected.contains(&true),
            "{relative}: needs a `# expect: fires` document"
        );
        let mut args = vec!["validate", "--format", "json"];
        let fixture_args: Vec<&str> = text
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("# args:"))
            .map(|rest| rest.split_whitespace().collect())
            .unwrap_or_default();
        args.extend(&fixture_args);
        args.push(&relative);
        let output = run(&args);
        let report = json(&output);
        let findings = report["findings"].as_array().expect("findings");
        let fired_in = |document: usize| {
            findings.iter().any(|finding| {
                finding["name"] == rule.name
                    && finding["pod"]["document"]
                        .as_u64()
                        .map_or(expected.len() == 1, |d| d as usize == document)
            })
        };
        for (document, fires) in expected.iter().enumerate() {
            assert_eq!(
                fired_in(document),
                *fires,
                "{relative}: document {document} should {}fire {}",
                if *fires { "" } else { "not " },
                rule.name
            );
        }
        let mut human = vec!["validate"];
        human.extend(&fixture_args);
        human.push(&relative);
        snapshot_cli(&format!("rules__{}", rule.name), &human);
    }
}
