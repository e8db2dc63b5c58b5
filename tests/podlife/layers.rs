//! The layers: every module of `src/` belongs to a layer, and a layer imports only the layers
//! the table allows (ARCHITECTURE.md shows the same table). Test code (`#[cfg(test)]` items and
//! the files declared under it) is left out: tests may reach across layers.
//!
//! Imports are read from the text: `crate::…` paths (in `use` trees and inline), `super::…` and
//! `self::…` paths resolved against the file's module. Comments and string literals are
//! removed first. `PODLIFE_LAYERS_SRC=DIR` checks another source tree (an old checkout, say).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::support::root;

/// Each layer and the layers it may import. A module belongs to the longest layer that
/// prefixes its path. Sublayers of a folder (`sim::engine`) are layers of their own: the folder
/// itself (`sim`, its `mod.rs`) may import its sublayers.
pub const LAYERS: &[(&str, &[&str])] = &[
    (
        "cli",
        &[
            "server",
            "render",
            "observe",
            "lint",
            "finding",
            "objects",
            "resources",
            "status",
            "sim",
            "rollout",
            "input",
            "k8s",
            "yaml",
            "error",
        ],
    ),
    (
        "render",
        &[
            "observe",
            "lint",
            "finding",
            "objects",
            "resources",
            "status",
            "sim",
            "rollout",
            "k8s",
            "yaml",
            "error",
        ],
    ),
    (
        "lint",
        &["objects", "finding", "input", "k8s", "yaml", "error"],
    ),
    ("lint::rules", &["finding", "resources", "k8s", "yaml"]),
    (
        "lint::settings",
        &["finding", "lint::rules", "input", "k8s", "yaml", "error"],
    ),
    (
        "lint::validate",
        &[
            "finding",
            "objects",
            "lint::rules",
            "lint::settings",
            "input",
            "k8s",
            "yaml",
        ],
    ),
    (
        "lint::fix",
        &[
            "finding",
            "lint::settings",
            "lint::validate",
            "input",
            "yaml",
        ],
    ),
    (
        "lint::add_ignore",
        &[
            "finding",
            "lint::settings",
            "lint::validate",
            "input",
            "yaml",
        ],
    ),
    ("objects", &["finding", "input", "k8s", "yaml"]),
    ("objects::in_order", &[]),
    ("finding", &["k8s", "yaml"]),
    (
        "server",
        &[
            "render",
            "lint",
            "finding",
            "objects",
            "resources",
            "sim",
            "input",
            "k8s",
            "yaml",
            "error",
        ],
    ),
    ("resources", &["k8s", "yaml"]),
    ("status", &["k8s", "yaml"]),
    ("rollout", &["sim", "k8s", "yaml", "error"]),
    ("observe", &["sim", "status", "k8s", "yaml", "error"]),
    ("sim", &[]),
    ("sim::engine", &[]),
    ("sim::plan", &["sim::engine", "k8s", "yaml"]),
    ("sim::cri", &["sim::engine", "sim::plan"]),
    (
        "sim::record",
        &["sim::engine", "sim::plan", "sim::cri", "k8s"],
    ),
    (
        "sim::kubelet",
        &[
            "sim::engine",
            "sim::plan",
            "sim::cri",
            "sim::record",
            "status",
            "k8s",
            "yaml",
        ],
    ),
    (
        "sim::scenario",
        &["sim::engine", "sim::plan", "k8s", "yaml", "error"],
    ),
    (
        "sim::expect",
        &["sim::engine", "sim::plan", "sim::record", "error"],
    ),
    (
        "sim::montecarlo",
        &[
            "sim::engine",
            "sim::plan",
            "sim::record",
            "sim::kubelet",
            "sim::scenario",
            "sim::expect",
            "k8s",
            "error",
        ],
    ),
    (
        "sim::job",
        &[
            "sim::engine",
            "sim::plan",
            "sim::record",
            "sim::kubelet",
            "k8s",
        ],
    ),
    (
        "sim::explore",
        &[
            "sim::engine",
            "sim::plan",
            "sim::record",
            "sim::kubelet",
            "sim::scenario",
            "sim::job",
            "k8s",
        ],
    ),
    ("input", &["yaml", "error"]),
    ("k8s", &["yaml"]),
    ("yaml", &[]),
    ("error", &["yaml"]),
    ("text", &[]),
];

/// The layer a module path belongs to: the longest entry of [`LAYERS`] that prefixes it.
fn layer_of(module: &[String]) -> Option<&'static str> {
    LAYERS
        .iter()
        .map(|(layer, _)| *layer)
        .filter(|layer| {
            let parts: Vec<&str> = layer.split("::").collect();
            module.len() >= parts.len() && module.iter().zip(&parts).all(|(a, b)| a == b)
        })
        .max_by_key(|layer| layer.len())
}

/// Layers every layer may import: leaves that import nothing of the crate.
pub const SHARED: &[&str] = &["text"];

/// Whether `from` may import `to`: the same layer, a sublayer of its own folder, a shared
/// leaf, or a listed layer (with its sublayers).
fn allowed(from: &str, to: &str) -> bool {
    let within = |outer: &str| to == outer || to.starts_with(&format!("{outer}::"));
    if within(from) || SHARED.contains(&to) {
        return true;
    }
    LAYERS
        .iter()
        .find(|(layer, _)| *layer == from)
        .is_some_and(|(_, targets)| targets.iter().any(|target| within(target)))
}

/// Removes comments, string and character literals (keeps lifetimes and line structure).
fn strip_comments_and_strings(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(source.len(), |n| i + n);
            i = end;
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < bytes.len() {
                if source[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if source[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if bytes[i] == b'\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest, i, bytes) {
            let open = 2 + hashes;
            let close = format!("\"{}", "#".repeat(hashes));
            let end = rest[open..]
                .find(&close)
                .map_or(source.len(), |n| i + open + n + close.len());
            out.push_str("\"\"");
            out.extend(source[i..end].chars().filter(|c| *c == '\n'));
            i = end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            out.extend(
                source[i..j.min(source.len())]
                    .chars()
                    .filter(|c| *c == '\n'),
            );
            i = j + 1;
        } else if bytes[i] == b'\'' && is_char_literal(rest) {
            let end = rest[1..].find('\'').map_or(source.len(), |n| i + n + 2);
            out.push_str("' '");
            i = end;
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn raw_string_start(rest: &str, at: usize, bytes: &[u8]) -> Option<usize> {
    let preceded_by_word =
        at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
    let after_r = rest.strip_prefix('r').filter(|_| !preceded_by_word)?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    after_r[hashes..].starts_with('"').then_some(hashes)
}

fn is_char_literal(rest: &str) -> bool {
    let mut chars = rest.chars().skip(1);
    matches!(
        (chars.next(), chars.next()),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// Removes each item that follows a `#[cfg(test)]` attribute (up to its `;` or matching `}`).
fn drop_test_items(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(start) = code.find("#[cfg(test)]") {
        let after = start + "#[cfg(test)]".len();
        let Some(offset) = code[after..].find(['{', ';']) else {
            code.truncate(start);
            break;
        };
        let mut end = after + offset;
        if code.as_bytes()[end] == b'{' {
            let mut depth = 0;
            for (index, byte) in code.bytes().enumerate().skip(end) {
                match byte {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = index;
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        code.replace_range(start..=end.min(code.len() - 1), "");
    }
    code
}

/// The module path of a file below `src/` (`sim/engine/mod.rs` → `sim::engine`).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Module paths named by `use` trees and inline paths, resolved to crate-absolute paths.
fn imported_modules(text: &str, module: &[String]) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    // `super` in a mod.rs or a plain file both refer to the parent of the module.
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    for (anchor, base) in [
        ("crate::", Vec::new()),
        ("super::", parent),
        ("self::", module.to_vec()),
    ] {
        let mut search = 0;
        while let Some(at) = text[search..].find(anchor) {
            let start = search + at;
            search = start + anchor.len();
            let before = text[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue; // part of a longer path (`a::crate`, `super::super::`)
            }
            for path in expand_tree(&text[start + anchor.len()..]) {
                let mut full = base.clone();
                for segment in path {
                    match segment.as_str() {
                        "super" => {
                            full.pop();
                        }
                        "self" => {}
                        _ => full.push(segment),
                    }
                }
                found.insert(full);
            }
        }
    }
    found
}

/// The paths of a `use` tree or inline path starting at `text` (`a::{b, c::d}` → `a::b`, `a::c::d`).
fn expand_tree(text: &str) -> Vec<Vec<String>> {
    let mut segments = Vec::new();
    let mut rest = text;
    loop {
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        rest = &rest[word.len()..];
        if word.is_empty() {
            if let Some(inner) = rest.strip_prefix('{') {
                let mut depth = 1;
                let mut end = 0;
                for (index, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = index;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let mut paths = Vec::new();
                let mut depth = 0;
                let mut piece_start = 0;
                let body = &inner[..end];
                for (index, c) in body.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            paths.extend(branch(&segments, body[piece_start..index].trim()));
                            piece_start = index + 1;
                        }
                        _ => {}
                    }
                }
                paths.extend(branch(&segments, body[piece_start..].trim()));
                return paths;
            }
            break;
        }
        segments.push(word);
        match rest.strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    vec![segments]
}

fn branch(prefix: &[String], piece: &str) -> Vec<Vec<String>> {
    if piece.is_empty() || piece == "self" {
        return vec![prefix.to_vec()];
    }
    expand_tree(piece)
        .into_iter()
        .map(|path| prefix.iter().cloned().chain(path).collect())
        .collect()
}

/// Files declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`), as paths below `src/`.
fn test_only_files(files: &BTreeMap<PathBuf, String>) -> BTreeSet<PathBuf> {
    let mut test_only = BTreeSet::new();
    for (relative, source) in files {
        let directory = if relative
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
        {
            relative.parent().map(Path::to_path_buf).unwrap_or_default()
        } else {
            relative.with_extension("")
        };
        let lines: Vec<&str> = source.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            if pair[0] == "#[cfg(test)]" {
                let declaration = pair[1]
                    .trim_start_matches("pub ")
                    .trim_start_matches("pub(crate) ");
                if let Some(name) = declaration
                    .strip_prefix("mod ")
                    .and_then(|d| d.strip_suffix(';'))
                {
                    test_only.insert(directory.join(format!("{name}.rs")));
                    test_only.insert(directory.join(name).join("mod.rs"));
                }
            }
        }
    }
    test_only
}

fn rust_files(directory: &Path, base: &Path, files: &mut BTreeMap<PathBuf, String>) {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, base, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let relative = path.strip_prefix(base).unwrap_or(&path).to_path_buf();
            files.insert(relative, text);
        }
    }
}

/// The command line stays in `cli`, test code included: an engine's tests use the engine's
/// API, and tests of the command line live in `cli` or in `tests/`. Outside `cli`, no file
/// (test-only files and `#[cfg(test)]` items too) uses clap or imports `crate::cli`.
fn command_line_uses(relative: &Path, source: &str) -> Vec<String> {
    let module = module_of(relative);
    if layer_of(&module).is_none_or(|layer| layer == "cli") {
        return Vec::new(); // a module in no layer is reported on its own
    }
    let code = strip_comments_and_strings(source);
    let mut problems = Vec::new();
    if code.contains("clap::") || code.contains("use clap") {
        problems.push(format!(
            "src/{}: only `cli` may use clap (test code too)",
            relative.display()
        ));
    }
    if imported_modules(&code, &module)
        .iter()
        .any(|imported| imported.first().is_some_and(|first| first == "cli"))
    {
        problems.push(format!(
            "src/{}: only `cli` may use `crate::cli` (test code too)",
            relative.display()
        ));
    }
    problems
}

/// Every import that breaks the table, and every module no layer holds, as messages.
pub fn violations(src: &Path) -> Vec<String> {
    let mut files = BTreeMap::new();
    rust_files(src, src, &mut files);
    let test_only = test_only_files(&files);
    let mut problems = Vec::new();
    for (relative, source) in &files {
        if relative == Path::new("main.rs") || relative == Path::new("lib.rs") {
            continue;
        }
        problems.extend(command_line_uses(relative, source));
        if test_only
            .iter()
            .any(|t| relative.starts_with(t.with_extension("")) || relative == t)
        {
            continue;
        }
        let module = module_of(relative);
        let Some(from) = layer_of(&module) else {
            problems.push(format!(
                "src/{}: module `{}` is in no layer",
                relative.display(),
                module.join("::")
            ));
            continue;
        };
        let code = drop_test_items(&strip_comments_and_strings(source));
        for imported in imported_modules(&code, &module) {
            let Some(to) = layer_of(&imported) else {
                continue; // an item of the crate root (`crate::Error`) or of no layer: reported above
            };
            if !allowed(from, to) {
                problems.push(format!(
                    "src/{}: `{from}` may not import `{to}` (`crate::{}`)",
                    relative.display(),
                    imported.join("::")
                ));
            }
        }
        if !from.starts_with("cli")
            && ["println!", "print!(", "stdout()"]
                .iter()
                .any(|w| code.contains(w))
        {
            problems.push(format!(
                "src/{}: only `cli` writes to stdout",
                relative.display()
            ));
        }
    }
    problems
}

/// The table as ARCHITECTURE.md shows it.
fn markdown_table() -> String {
    let mut table = String::from("| layer | may import |\n|---|---|\n");
    for (layer, targets) in LAYERS {
        let targets = if targets.is_empty() {
            "—".to_string()
        } else {
            targets
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        table.push_str(&format!("| `{layer}` | {targets} |\n"));
    }
    table
}

#[test]
fn every_module_imports_only_the_layers_the_table_allows() {
    let src =
        std::env::var_os("PODLIFE_LAYERS_SRC").map_or_else(|| root().join("src"), PathBuf::from);
    let problems = violations(&src);
    assert!(
        problems.is_empty(),
        "{} layer violations:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn architecture_md_shows_the_layer_table() {
    let architecture =
        std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let table = markdown_table();
    assert!(
        architecture.contains(&table),
        "ARCHITECTURE.md must contain the layer table of tests/podlife/layers.rs:\n{table}"
    );
}

#[test]
fn a_forbidden_import_is_reported() {
    let directory = std::env::temp_dir().join(format!("podlife-layers-{}", std::process::id()));
    let write = |relative: &str, text: &str| {
        let path = directory.join(relative);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    };
    write("yaml/mod.rs", "//! y\npub mod source;\n");
    // A string and a comment that name a forbidden path are not imports.
    write(
        "yaml/source.rs",
        "//! s\n// crate::lint::x\nconst A: &str = \"crate::lint::y\";\nuse crate::k8s::model::Pod;\n#[cfg(test)]\nmod tests { use crate::cli::Cli; }\n",
    );
    write(
        "sim/engine/mod.rs",
        "//! e\nuse super::super::{k8s::model::Pod, yaml};\n",
    );
    write("k8s/mod.rs", "//! k\npub mod model;\n");
    write("k8s/model.rs", "//! m\nuse crate::yaml::source;\n");
    write("stray.rs", "//! s\n");
    // A test-only file of an engine that drives the command line.
    write("sim/montecarlo/mod.rs", "//! m\n#[cfg(test)]\nmod tests;\n");
    write(
        "sim/montecarlo/tests.rs",
        "//! t\nuse clap::Parser;\nuse crate::cli::Cli;\n",
    );
    write("sim/mod.rs", "//! s\npub mod montecarlo;\n");
    write("cli/mod.rs", "//! c\nuse clap::Parser;\n");
    let mut problems = violations(&directory);
    std::fs::remove_dir_all(&directory).ok();
    problems.sort();
    assert_eq!(
        problems,
        [
            "src/sim/engine/mod.rs: `sim::engine` may not import `k8s` (`crate::k8s::model::Pod`)",
            "src/sim/engine/mod.rs: `sim::engine` may not import `yaml` (`crate::yaml`)",
            "src/sim/montecarlo/tests.rs: only `cli` may use `crate::cli` (test code too)",
            "src/sim/montecarlo/tests.rs: only `cli` may use clap (test code too)",
            "src/stray.rs: module `stray` is in no layer",
            "src/yaml/source.rs: `yaml` may not import `k8s` (`crate::k8s::model::Pod`)",
            "src/yaml/source.rs: only `cli` may use `crate::cli` (test code too)",
        ]
    );
}
