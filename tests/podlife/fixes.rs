//! The human summary counts what `--fix` would repair, and the certain did-you-mean findings
//! carry fixes (issue 29, item 7).

use crate::podlife::support::{root, run, snapshot_cli};

#[test]
fn the_summary_says_how_many_findings_are_fixable() {
    snapshot_cli(
        "fixes__summary_counts_fixable",
        &["validate", "testdata/fix/fixable.yaml"],
    );
    let clean = run(&["validate", "src/examples/sidecar.yaml"]);
    assert!(!String::from_utf8_lossy(&clean.stdout).contains("with --fix"));
    // Machine formats are unchanged: the count is the human summary's.
    let short = run(&["validate", "-o", "short", "testdata/fix/fixable.yaml"]);
    assert!(!String::from_utf8_lossy(&short.stdout).contains("with --fix"));
}

#[test]
fn certain_did_you_mean_findings_carry_safe_fixes() {
    snapshot_cli(
        "fixes__did_you_mean_diff",
        &["validate", "--diff", "testdata/fix/did-you-mean.yaml"],
    );
    let directory = std::env::temp_dir().join(format!("podlife-dym-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("did-you-mean.yaml");
    std::fs::copy(root().join("testdata/fix/did-you-mean.yaml"), &file).unwrap();
    let path = file.to_str().unwrap();
    let fixed = run(&["validate", "--fix", "-o", "short", path]);
    let remaining = String::from_utf8_lossy(&fixed.stdout);
    // Of the errors, only the ambiguous `512MB` and `gpu` are left (the pod now reads as
    // written, so lifecycle warnings may appear).
    let errors: Vec<&str> = remaining.lines().filter(|l| l.contains("error[")).collect();
    assert!(!errors.is_empty(), "{remaining}");
    for error in &errors {
        assert!(
            error.contains("`512MB`") || error.contains("resource `gpu`"),
            "{remaining}"
        );
    }
    let after = std::fs::read_to_string(&file).unwrap();
    for fixed_text in [
        "dnsPolicy: ClusterFirst",
        "restartPolicy: Always",
        "memory: 512Mi ",
        "memory: 1Gi",
        "protocol: TCP",
        "limits: {cpu: 2, memory: 2Gi, gpu: 1}",
    ] {
        assert!(after.contains(fixed_text), "{fixed_text}: {after}");
    }
    run(&["validate", "--fix", "-q", path]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), after, "idempotent");
}

/// YAML reads a lone carriage return as a line break; the file's lines are its newlines. A fix
/// is an edit of the field it names whichever counts, not of the bytes a line later.
#[test]
fn a_fix_after_lone_carriage_returns_edits_its_own_field() {
    let directory = std::env::temp_dir().join(format!("podlife-lone-cr-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("lone-cr.yaml");
    let original = "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n  - {name: c, image: nginx:1.27}\n---\rapiVersion: v1\rkind: Pod\rmetadata:\r  name: b\rspec:\r  containers:\r  - name: c\r    imagee: nginx:1.27\r    ports:\r    - containerPort: 80\r";
    std::fs::write(&file, original).unwrap();
    let path = file.to_str().unwrap();
    let found = run(&["validate", "-o", "short", path]);
    let short = String::from_utf8_lossy(&found.stdout);
    assert!(short.contains("unknown field `imagee`"), "{short}");
    run(&["validate", "--fix", "--unsafe-fixes", "-q", path]);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        original.replace("imagee:", "image:"),
    );
    std::fs::remove_dir_all(&directory).ok();
}
