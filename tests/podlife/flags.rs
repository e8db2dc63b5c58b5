//! The spellings kubectl users type: `--output`, `-f/--filename`, `-o yaml`, and a
//! did-you-mean for every mistyped long flag of every subcommand (issue 29, item 5).

use clap::CommandFactory;
use podlife::cli::Cli;

use crate::podlife::support::{json, run, run_with_stdin, snapshot_cli};

/// Every subcommand that has `-o`, with what it reads (if anything).
const WITH_OUTPUT: [(&str, &[&str]); 6] = [
    ("validate", &["testdata/fix/fixable.yaml"]),
    ("resources", &["src/examples/sidecar.yaml"]),
    ("simulate", &["src/examples/sidecar.yaml"]),
    ("rollout", &["src/examples/rollout.yaml"]),
    ("status", &["--now", NOW, STATUS]),
    ("rules", &[]),
];

const NOW: &str = "2026-11-23T08:00:00Z";
const STATUS: &str = "testdata/status/pod-list.yaml";

fn args<'a>(command: &'a str, file: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![command];
    args.extend_from_slice(rest);
    args.extend_from_slice(file);
    args
}

#[test]
fn output_is_an_alias_of_o_everywhere() {
    for (command, file) in WITH_OUTPUT {
        let short = run(&args(command, file, &["-o", "json"]));
        let long = run(&args(command, file, &["--output", "json"]));
        assert!(short.status.code().unwrap() < 2, "{command}: {short:?}");
        assert_eq!(short.stdout, long.stdout, "{command}");
        assert_eq!(short.status.code(), long.status.code(), "{command}");
    }
}

#[test]
fn yaml_is_the_json_document_as_yaml_everywhere() {
    for (command, file) in WITH_OUTPUT {
        let from_json = json(&run(&args(command, file, &["-o", "json"])));
        let yaml = run(&args(command, file, &["-o", "yaml"]));
        let text = String::from_utf8(yaml.stdout).unwrap();
        assert!(
            !text.trim_start().starts_with(['{', '[']),
            "{command}: {text}"
        );
        let documents = podlife::yaml::source::parse_stream(&text);
        assert_eq!(documents.len(), 1, "{command}: {text}");
        let root = documents[0].root.as_ref().expect("a YAML document");
        assert_eq!(as_json(root), from_json, "{command}: {text}");
    }
}

/// A YAML node as the JSON value it stands for (plain scalars read as JSON when they are).
fn as_json(node: &podlife::yaml::source::Node<'_>) -> serde_json::Value {
    use podlife::yaml::source::{NodeKind, ScalarForm};
    match node.kind() {
        NodeKind::Scalar(text, ScalarForm::Plain) => serde_json::from_str(text)
            .unwrap_or_else(|_| serde_json::Value::String(text.to_string())),
        NodeKind::Scalar(text, _) => serde_json::Value::String(text.to_string()),
        NodeKind::Sequence(items) => items.iter().map(as_json).collect(),
        NodeKind::Mapping(entries) => entries
            .iter()
            .map(|(key, value)| (key.as_str().unwrap_or_default().to_string(), as_json(value)))
            .collect(),
    }
}

#[test]
fn yaml_output_of_validate_reads() {
    snapshot_cli(
        "flags__validate_yaml",
        &["validate", "-o", "yaml", "testdata/bad/wrong-types.yaml"],
    );
}

#[test]
fn filename_takes_inputs_as_kubectl_does() {
    for command in ["validate", "resources", "simulate", "status", "rollout"] {
        let (file, now): (&str, &[&str]) = match command {
            "status" => (STATUS, &["--now", NOW]),
            "rollout" => ("src/examples/rollout.yaml", &[]),
            _ => ("src/examples/sidecar.yaml", &[]),
        };
        let positional = run(&args(command, now, &["-o", "json", file]));
        for flag in ["-f", "--filename"] {
            let named = run(&args(command, now, &["-o", "json", flag, file]));
            assert_eq!(named.stdout, positional.stdout, "{command} {flag}");
            assert_eq!(
                named.status.code(),
                positional.status.code(),
                "{command} {flag}"
            );
        }
        // `-f -` reads standard input.
        let text = std::fs::read(crate::podlife::support::root().join(file)).unwrap();
        let piped = run_with_stdin(&args(command, now, &["-o", "json", "-f", "-"]), &text);
        assert_eq!(
            piped.status.code(),
            positional.status.code(),
            "{command} -f -"
        );
    }
    // Repeatable, and after the PATHs.
    let both = run(&[
        "validate",
        "-o",
        "short",
        "-f",
        "testdata/bad/wrong-types.yaml",
        "testdata/fix/fixable.yaml",
    ]);
    let text = String::from_utf8_lossy(&both.stdout);
    let fixable = text.find("fixable.yaml").unwrap();
    let wrong = text.find("wrong-types.yaml").unwrap();
    assert!(fixable < wrong, "{text}");
}

/// `--abcdef` with two inner letters swapped: `--abdcef`.
fn typo(flag: &str) -> String {
    let mut chars: Vec<char> = flag.chars().collect();
    let middle = chars.len() / 2;
    chars.swap(middle, middle + 1);
    chars.into_iter().collect()
}

#[test]
fn every_mistyped_long_flag_of_every_subcommand_gets_a_did_you_mean() {
    let cli = Cli::command();
    let mut checked = 0;
    for subcommand in cli.get_subcommands() {
        let name = subcommand.get_name();
        for argument in subcommand.get_arguments() {
            let Some(long) = argument.get_long() else {
                continue;
            };
            if long.len() < 4 || argument.is_hide_set() {
                continue;
            }
            let wrong = typo(long);
            if wrong == long {
                continue;
            }
            let output = run(&[name, &format!("--{wrong}")]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{name} --{wrong}");
            assert!(
                stderr.contains(&format!("a similar argument exists: '--{long}'")),
                "{name} --{wrong}: {stderr}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} flags checked");
    snapshot_cli("flags__did_you_mean", &["validate", "--fial-on", "warning"]);
    // A flag of another subcommand says whose it is.
    snapshot_cli("flags__other_subcommand", &["validate", "--seed", "3"]);
    let output = run(&["resources", "--fail-on", "warning"]);
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("`--fail-on` is a flag of `podlife validate`")
    );
}

/// A `--jitter` over its bound names the bound, in `simulate` and `rollout`, however long the
/// number is (it used to say `100000%` was not a percentage).
#[test]
fn a_jitter_over_its_bound_names_the_bound() {
    for (command, file) in [
        ("simulate", "src/examples/sidecar.yaml"),
        ("rollout", "src/examples/rollout.yaml"),
    ] {
        for value in ["1001", "100000%"] {
            let output = run(&[command, file, "--runs", "2", "--jitter", value]);
            assert_eq!(output.status.code(), Some(2), "{command} {value}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains(&format!(
                    "`{value}`: the spread is more than 0 and at most 1000%"
                )),
                "{command} {value}: {stderr}"
            );
        }
    }
}
