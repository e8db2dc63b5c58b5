//! Generated files are committed and must be current: completions, the man page, the rule reference.
//! Run with `PODLIFE_BLESS=1` to rewrite them after changing the CLI or the rules.

use clap::CommandFactory;
use podlife::cli::Cli;

use super::support::root;

fn check_or_bless(relative: &str, expected: &[u8]) {
    let path = root().join(relative);
    if std::env::var_os("PODLIFE_BLESS").is_some() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create directory");
        }
        std::fs::write(&path, expected).expect("write generated file");
        return;
    }
    let actual = std::fs::read(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{relative} is stale: run `PODLIFE_BLESS=1 cargo test --test podlife generated` and commit it"
    );
}

#[test]
fn shell_completions_are_current() {
    use clap_complete::Shell;
    for (shell, file) in [
        (Shell::Bash, "completions/podlife.bash"),
        (Shell::Zsh, "completions/_podlife"),
        (Shell::Fish, "completions/podlife.fish"),
        (Shell::Elvish, "completions/podlife.elv"),
        (Shell::PowerShell, "completions/_podlife.ps1"),
    ] {
        let mut buffer = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "podlife", &mut buffer);
        check_or_bless(file, &buffer);
    }
}

#[test]
fn man_page_is_current() {
    let mut buffer = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut buffer)
        .expect("render man page");
    check_or_bless("completions/podlife.1", &buffer);
}

#[test]
fn rule_reference_is_current() {
    check_or_bless(
        "docs/rules.md",
        podlife::render::rules::rules_reference().as_bytes(),
    );
}
