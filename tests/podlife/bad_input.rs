//! Bad input never panics or hangs: every fixture in `testdata/bad/` gets located findings.

use super::support::{files, root, run, snapshot_cli};

#[test]
fn every_bad_input_fixture_is_reported_with_a_location() {
    let directory = root().join("testdata/bad");
    let fixtures = files(&directory, &["yaml", "yml", "json"]);
    assert!(fixtures.len() >= 15, "expected the bad-input fixtures");
    for fixture in fixtures {
        let relative = fixture
            .strip_prefix(root())
            .expect("under root")
            .to_string_lossy()
            .to_string();
        let stem = fixture
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("fixture")
            .to_string();
        snapshot_cli(&format!("bad_input__{stem}"), &["validate", &relative]);
        let output = run(&["validate", "--format", "short", &relative]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout
                .lines()
                .all(|line| line.starts_with(&format!("{relative}:"))),
            "{relative}: every finding is located:\n{stdout}"
        );
        assert!(!stdout.is_empty(), "{relative}: something is reported");
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{relative}: exit 0 or 1"
        );
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
}

#[test]
fn a_100_megabyte_file_is_read_without_trouble() {
    let directory = std::env::temp_dir().join(format!("podlife-big-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("temp dir");
    let path = directory.join("big.yaml");
    let mut text = String::from(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: big\n  annotations:\n    blob: ",
    );
    text.push_str(&"x".repeat(100 * 1024 * 1024));
    text.push_str("\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    imagePulPolicy: Always\n");
    std::fs::write(&path, text).expect("write big file");
    let output = run(&[
        "validate",
        "--format",
        "short",
        path.to_str().expect("utf-8 path"),
    ]);
    std::fs::remove_dir_all(&directory).ok();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(":11:5: error[PL006] unknown field `imagePulPolicy`"),
        "{stdout}"
    );
}
