//! `validate --show-settings FILE`: the settings that apply to a file and where each came
//! from (issue 29, item 8).

use crate::podlife::support::{podlife, render, snapshot};

#[test]
fn show_settings_names_the_origin_of_every_value() {
    let base = std::env::temp_dir().join(format!("podlife-show-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(base.join(".git")).unwrap();
    std::fs::create_dir_all(base.join("k8s")).unwrap();
    std::fs::write(
        base.join(".podlife.yaml"),
        "kubernetesVersion: \"1.33\"\nignore: [PL300]\nseverity: {PL306: error}\nexclude: [\"charts/**\"]\n",
    )
    .unwrap();
    std::fs::write(base.join("k8s/web.yaml"), "kind: Pod\n").unwrap();
    let args = [
        "validate",
        "--show-settings",
        "./k8s/web.yaml",
        "--severity",
        "PL307=error",
        "--feature-gates",
        "PodLevelResources=true",
    ];
    let output = podlife(&args).current_dir(&base).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", render(&output));
    assert!(
        text.contains("configuration: .podlife.yaml (found upward from the file)"),
        "{text}"
    );
    assert!(text.contains("kubernetes-version: 1.33"), "{text}");
    for (rule, expected) in [
        ("PL300", "off      (.podlife.yaml)"),
        ("PL306", "error    (.podlife.yaml)"),
        ("PL307", "error    (command line)"),
        ("PL001", "error    (built-in)"),
    ] {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(rule))
            .unwrap();
        assert!(line.ends_with(expected), "{line}");
    }
    snapshot(
        "show_settings__origins",
        &text.lines().take(10).collect::<Vec<_>>().join("\n"),
    );
    // --no-config: everything built in but the flags.
    let output = podlife(&["validate", "--no-config", "--show-settings", "k8s/web.yaml"])
        .current_dir(&base)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("configuration: none: --no-config"), "{text}");
    assert!(!text.contains(".podlife.yaml"), "{text}");
}

/// A rule the configuration names is shown with the file as its origin, even where the file
/// says what was already so (`ignore:` of an off-by-default rule or group); an unknown rule
/// name gets the rules it most likely means.
#[test]
fn a_rule_the_file_names_is_the_files_and_an_unknown_name_gets_a_suggestion() {
    let directory = std::env::temp_dir().join(format!("podlife-show-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("scratch");
    std::fs::write(
        directory.join(".podlife.yaml"),
        "ignore: [PL306, best-practice]\n",
    )
    .expect("config");
    std::fs::write(
        directory.join("pod.yaml"),
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: c, image: \"i:1\"}\n",
    )
    .expect("pod");
    let output = podlife(&["validate", "--show-settings", "pod.yaml"])
        .current_dir(&directory)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    for rule in [
        "PL306 identical-liveness-and-readiness-probes",
        "PL400 privileged-container",
    ] {
        let line = text
            .lines()
            .find(|line| line.contains(rule))
            .unwrap_or_default();
        assert!(
            line.ends_with("off      (.podlife.yaml)"),
            "{line:?}\n{}",
            render(&output)
        );
    }
    std::fs::write(
        directory.join(".podlife.yaml"),
        "ignore: [seccomp-profile-missing]\n",
    )
    .expect("config");
    let output = podlife(&["validate", "pod.yaml"])
        .current_dir(&directory)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("did you mean one of `pod-security-seccomp-profile-baseline`, `pod-security-seccomp-profile-restricted`?"), "{stderr}");
    std::fs::remove_dir_all(&directory).expect("clean up");
}
