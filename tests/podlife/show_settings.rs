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
