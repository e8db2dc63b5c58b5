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

/// Shells complete rule IDs and names (`explain`, `--select`, `--ignore`) and example names.
#[test]
fn completions_offer_rules_and_examples() {
    use clap_complete::Shell;
    // clap_complete's fish script completes option values only, not positionals.
    for (shell, wanted) in [
        (
            Shell::Zsh,
            &["PL006", "unknown-field", "legacy-annotation"][..],
        ),
        (
            Shell::Bash,
            &["PL006", "unknown-field", "legacy-annotation"][..],
        ),
        (Shell::Fish, &["PL006", "unknown-field"][..]),
    ] {
        let mut buffer = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "podlife", &mut buffer);
        let script = String::from_utf8_lossy(&buffer);
        for wanted in wanted {
            assert!(
                script.contains(wanted),
                "{shell}: no `{wanted}` to complete"
            );
        }
    }
}

#[test]
fn man_pages_are_current() {
    let pages = podlife::cli::commands::completions::man_pages().expect("render man pages");
    assert!(pages.len() > 5, "a page per subcommand");
    for (file, page) in &pages {
        check_or_bless(&format!("completions/{file}"), page);
    }
    // The top page's SUBCOMMANDS section names only pages that exist.
    let top = String::from_utf8_lossy(&pages[0].1).into_owned();
    for line in top.lines().filter(|line| line.starts_with("podlife\\-")) {
        let name = line
            .trim_start_matches("podlife\\-")
            .split('(')
            .next()
            .unwrap_or_default();
        assert!(
            pages
                .iter()
                .any(|(file, _)| *file == format!("podlife-{name}.1")),
            "the top page names podlife-{name}(1), which has no page"
        );
    }
}

#[test]
fn rule_reference_is_current() {
    check_or_bless(
        "docs/rules.md",
        podlife::render::rules::rules_reference().as_bytes(),
    );
}

/// The plots docs/commands.md and docs/simulate.md show are what `simulate --svg` draws today.
#[test]
fn documented_plots_are_current() {
    for (file, args) in [
        (
            "docs/plot-fail-init-2.svg",
            &[
                "simulate",
                "src/examples/init-containers.yaml",
                "--fail",
                "init-2",
            ][..],
        ),
        (
            "docs/plot-defer-shutdown.svg",
            &[
                "simulate",
                "src/examples/defer-shutdown.yaml",
                "--delete-at",
                "1m",
            ],
        ),
    ] {
        let scratch = std::env::temp_dir().join(format!(
            "podlife-doc-plot-{}-{}",
            std::process::id(),
            file.replace('/', "-")
        ));
        let scratch_text = scratch.to_string_lossy().to_string();
        let mut all = args.to_vec();
        all.extend(["--svg", &scratch_text, "-q"]);
        let output = super::support::run(&all);
        assert!(output.status.code().is_some_and(|code| code < 2));
        let drawn = std::fs::read(&scratch).expect("drawn");
        std::fs::remove_file(&scratch).ok();
        check_or_bless(file, &drawn);
    }
}
