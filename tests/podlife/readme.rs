//! README.md as a new user reads it: short, its first screen runs when pasted into bash, its
//! examples print what podlife prints today, and its shell examples quote what bash would eat.

use super::support::root;
use std::path::Path;
use std::process::{Command, Stdio};

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md is readable")
}

/// The code blocks of a Markdown text: (info string, first line number, lines).
fn code_blocks(text: &str) -> Vec<(String, usize, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, usize, Vec<String>)> = None;
    for (index, line) in text.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => open = Some((info.trim().to_string(), index + 1, Vec::new())),
            }
        } else if let Some((_, _, lines)) = open.as_mut() {
            lines.push(line.to_string());
        }
    }
    blocks
}

/// The text of `section` (a `## ` heading), up to the next `## ` heading.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("README has a `{heading}` section"));
    let rest = &text[start + 1..];
    let end = rest[heading.len()..]
        .find("\n## ")
        .map_or(rest.len(), |i| i + heading.len());
    &rest[..end]
}

#[test]
fn readme_is_at_most_300_lines() {
    let lines = readme().lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; move reference to docs/"
    );
}

/// The first screen: install, a first command on a built-in example, the test command; the test
/// command is the one `.ci/run` runs.
#[test]
fn readme_quick_start_is_the_first_screen_and_matches_ci() {
    let text = readme();
    let quick_start = section(&text, "## Quick start");
    let section_line = text[..text.find(quick_start).expect("section is in the text")]
        .lines()
        .count();
    let (info, first_line, lines) = code_blocks(quick_start)
        .into_iter()
        .next()
        .expect("the Quick start has a code block");
    let first_line = section_line + first_line;
    assert_eq!(info, "sh", "the Quick start block is a shell block");
    assert!(
        first_line + lines.len() <= 24,
        "the Quick start block ends on line {}: it must fit the first screen",
        first_line + lines.len()
    );
    let commands: Vec<&str> = lines
        .iter()
        .map(|line| line.split(" #").next().unwrap_or("").trim())
        .collect();
    assert_eq!(commands.first(), Some(&"cargo install --locked --path ."));
    let readme_test = commands
        .iter()
        .find(|c| c.starts_with("cargo test"))
        .expect("the Quick start names the test command");
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run is readable");
    let ci_tests: Vec<&str> = ci
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cargo test"))
        .collect();
    assert_eq!(
        ci_tests,
        vec![*readme_test],
        ".ci/run and README run the same tests"
    );
    assert!(
        commands.iter().any(|c| c.starts_with("podlife")),
        "the Quick start runs podlife"
    );
}

/// Every podlife line of the Quick start runs in bash, as pasted, from the repository root with
/// nothing on stdin, and succeeds.
#[test]
fn readme_quick_start_podlife_commands_run_in_bash() {
    let text = readme();
    let quick_start = section(&text, "## Quick start");
    let (_, _, lines) = code_blocks(quick_start)
        .into_iter()
        .next()
        .expect("the Quick start has a code block");
    let binary = Path::new(env!("CARGO_BIN_EXE_podlife"));
    let path = format!(
        "{}:{}",
        binary.parent().expect("binary directory").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for line in lines.iter().filter(|l| l.starts_with("podlife")) {
        let output = Command::new("bash")
            .args(["-o", "pipefail", "-c", line])
            .current_dir(root())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .stdin(Stdio::null())
            .output()
            .expect("bash runs");
        assert!(
            output.status.success(),
            "`{line}` failed: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(!output.stdout.is_empty(), "`{line}` printed nothing");
        ran += 1;
    }
    assert!(
        ran >= 2,
        "the Quick start has at least two podlife commands"
    );
}

/// Each `console` example of README that runs podlife shows the start of what it prints today
/// (up to `…`) and, after `…`, its last line.
#[test]
fn readme_console_examples_print_what_podlife_prints() {
    let text = readme();
    let mut checked = 0;
    for (info, first_line, lines) in code_blocks(&text) {
        if info != "console" {
            continue;
        }
        let Some(args) = lines.first().and_then(|l| l.strip_prefix("$ podlife ")) else {
            continue;
        };
        let args: Vec<&str> = args.split_whitespace().collect();
        let output = super::support::run(&args);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let printed: Vec<&str> = stdout.lines().collect();
        let shown = &lines[1..];
        let cut = shown.iter().position(|l| l == "…").unwrap_or(shown.len());
        assert_eq!(
            &printed[..cut.min(printed.len())],
            &shown[..cut],
            "README line {first_line}: `podlife {}` prints something else now",
            args.join(" ")
        );
        if let Some(tail) = shown.get(cut + 1..)
            && !tail.is_empty()
        {
            assert_eq!(
                &printed[printed.len().saturating_sub(tail.len())..],
                tail,
                "README line {first_line}: the end of `podlife {}` differs",
                args.join(" ")
            );
        }
        checked += 1;
    }
    assert!(checked >= 2, "README shows podlife's output");
}

/// A comparison such as `restarts<=3` in a shell command is a redirection unless quoted: every
/// podlife command line in README.md and docs/ quotes it.
#[test]
fn shell_examples_quote_comparisons() {
    let mut pages = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).expect("docs/ is readable") {
        let path = entry.expect("docs entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut unquoted = Vec::new();
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("page is readable");
        for (_, first_line, lines) in code_blocks(&text) {
            for (offset, line) in lines.iter().enumerate() {
                let command = line.trim_start().trim_start_matches("$ ");
                if !(command.starts_with("podlife ") || command.starts_with("kubectl podlife ")) {
                    continue;
                }
                if has_unquoted_comparison(command) {
                    unquoted.push(format!(
                        "{}:{}: {line}",
                        page.strip_prefix(root()).unwrap_or(&page).display(),
                        first_line + 1 + offset
                    ));
                }
            }
        }
    }
    assert!(
        unquoted.is_empty(),
        "quote `<`/`>` comparisons in shell examples:\n{}",
        unquoted.join("\n")
    );
}

/// Whether `command` has a `<` or `>` touching a word character (`a<=3`, `p99:ready>1s`) outside
/// quotes; a redirection (`> out.sarif`, `< /dev/null`) stands apart.
fn has_unquoted_comparison(command: &str) -> bool {
    let mut quote = None;
    let chars: Vec<char> = command.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '<' || c == '>' => {
                let before = i.checked_sub(1).and_then(|j| chars.get(j));
                if before.is_some_and(|b| b.is_alphanumeric()) {
                    return true;
                }
            }
            None => {}
        }
    }
    false
}

#[test]
fn has_unquoted_comparison_tells_comparisons_from_redirections() {
    assert!(has_unquoted_comparison(
        "podlife simulate pod.yaml --expect restarts<=3"
    ));
    assert!(has_unquoted_comparison(
        "podlife simulate --expect p99:ready>1s"
    ));
    assert!(!has_unquoted_comparison(
        "podlife simulate --expect 'restarts<=3'"
    ));
    assert!(!has_unquoted_comparison(
        "podlife validate --format sarif k8s/ > podlife.sarif"
    ));
    assert!(!has_unquoted_comparison("podlife simulate < /dev/null"));
}

/// `podlife explain` pages cite what a user can look up: pages of docs/ that exist, and in
/// docs/semantics.md only IDs it defines; never the internal `SEMANTICS` label or a seed
/// document's file name, which podlife does not ship.
#[test]
fn explain_pages_cite_only_docs_a_user_can_open() {
    let semantics = std::fs::read_to_string(super::support::root().join("docs/semantics.md"))
        .expect("docs/semantics.md");
    let defined = |id: &str| {
        semantics.contains(&format!("**{id}**"))
            || semantics.contains(&format!("## {id}."))
            || semantics.contains(&format!("### {id}."))
    };
    let mut wrong = Vec::new();
    for rule in podlife::lint::rules::REGISTRY {
        let docs = rule.docs;
        if docs.contains("SEMANTICS") {
            wrong.push(format!("{}: cites SEMANTICS", rule.id));
        }
        for word in docs.split(|c: char| c.is_whitespace() || "(),;`\"".contains(c)) {
            let word = word.trim_end_matches(['.', ':']);
            if !std::path::Path::new(word)
                .extension()
                .is_some_and(|extension| extension.eq_ignore_ascii_case("md"))
            {
                continue;
            }
            if !word.starts_with("docs/") || !super::support::root().join(word).is_file() {
                wrong.push(format!("{}: cites `{word}`", rule.id));
            }
        }
        let mut rest = docs;
        while let Some(at) = rest.find("docs/semantics.md ") {
            rest = &rest[at + "docs/semantics.md ".len()..];
            let ids = rest
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == ',' || c == ' '))
                .next()
                .unwrap_or_default();
            for id in ids.split(", ") {
                let id = id
                    .split(' ')
                    .next()
                    .unwrap_or_default()
                    .trim_end_matches('.');
                if id.is_empty() || !id.starts_with(|c: char| c.is_ascii_uppercase()) {
                    continue;
                }
                if !defined(id) {
                    wrong.push(format!("{}: docs/semantics.md has no {id}", rule.id));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
