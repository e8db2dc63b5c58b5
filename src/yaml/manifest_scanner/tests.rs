//! The scanner held to saphyr-parser: on written cases (each one read by the scanner, not
//! declined), on every file of `testdata/`, on the real corpus, on the generated corpus, and
//! on mutated manifests and arbitrary bytes from a fixed list of seeds.

use crate::yaml::event_source::{Readers, differential};

/// Reads `text` both ways; panics with the difference.
fn alike(text: &str) -> Readers {
    match differential(text) {
        Ok(readers) => readers,
        Err(difference) => panic!("{text:?}:\n{difference}"),
    }
}

/// Cases the scanner must read itself (none declined), alike.
#[test]
fn manifest_shapes_are_scanned_alike() {
    let cases = [
        "",
        "\n\n# only a comment\n",
        "a: b\n",
        "a: b",
        "apiVersion: v1\nkind: Pod   # trailing\nmetadata:\n  name: x\n  labels: {a: b, c: \"d\"}\n",
        "spec:\n  containers:\n  - name: a\n    args: [x, y]\n    command:\n      - sh\n      - \"-c\"\n\n# c\n",
        "---\na: 1\n---\nb: 2\n...\n---\nc: 3\n",
        "---\n---\n",
        "---\n",
        "a: 1\n...\nb: 2\n",
        "a:\nb: 2\n",
        "a:\n  b:\n  c: 1\n",
        "items:\n- a\n- b\nnext: 1\n",
        "items:\n- a\n- b\n",
        "- a\n- b: c\n  d: e\n- [1, 2]\n",
        "a: 'it''s'\nb: \"tab\\there \\u00e9 \\x41\"\nc: \"q\"  # comment\n",
        "script: |\n  echo hi\n\n  echo there\nnext: 1\n",
        "script: |-\n  a\n  b\n\n\nnext: 1\n",
        "script: |+\n  a\n\n\nnext: 1\n",
        "folded: >\n  a\n  b\n\n  c\n   d\n  e\nnext: 1\n",
        "indented: |2\n   a\n  b\nnext: 1\n",
        "block: |\n  a\n# comment\nnext: 1\n",
        "block: |\n  a\n",
        "list:\n  - |\n    text\n  - b\n",
        "empty: {}\nalso: []\nnested: [[a], {b: c}, \"d\", 'e']\n",
        "url: http://example.com:8080/x\nhash: a#b\nneg: -1\ncolon: a:b\n",
        "key with spaces: value with spaces\n",
        "\"quoted key\": 1\n'single': 2\n",
        "a:\n  - x\n  - y\nb: 1\n",
        "a: b # c\n# d\n  # e\nc: d\n",
        "a: one\n  two\n\n  three\nb: 1\n",
        "- one\n  two\n- three\n",
        "a:\n  below its key\n  and on\nb: \"below\"\n",
        "a: \"one\n  two\n\n  three \\\n  four\"\nb: 'x\n  ''y'''  # c\n",
        "msg: 'The node was low on resource: memory. Threshold quantity: 100Mi, available:\n    12Mi.'\n",
        "cmd:\n- \"start \\\n  --flag\"\n",
    ];
    for text in cases {
        let readers = alike(text);
        assert_eq!(readers.declined, 0, "declined: {text:?}");
    }
}

/// Cases outside the subset: declined, and read alike through saphyr-parser.
#[test]
fn what_the_scanner_declines_reads_alike() {
    let cases = [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "? complex\n: key\n",
        "a: multi # c\n  line\n",
        "a: \"multi\nline\"\n",
        "- \"a\n- b\"\n",
        "a: [1,\n  2]\n",
        "%YAML 1.2\n---\na: 1\n",
        "a:\tb\n",
        "a: b\r\n",
        "é: x\n",
        "a: b\n  c: d\n",
        "a: [1, 2\n",
        "a: b: c\n",
        "- - a\n",
        "a: \"\\q\"\n",
        "a: 1\n---\nb: &y 2\nc: *y\n---\nd: 3\n",
        "a: 1\n---\nb: [\n---\nd: 3\n",
    ];
    for text in cases {
        let readers = alike(text);
        assert!(readers.declined > 0, "scanned: {text:?}");
    }
}

/// Every file under `dir`, recursively, in name order.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Reads every UTF-8 file under `dir` both ways; the documents each reader read.
fn alike_under(dir: &std::path::Path) -> Readers {
    let mut total = Readers::default();
    let mut differences = Vec::new();
    for path in files_under(dir) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // The stream readers skip a byte order mark before parsing (`Chunk::whole`).
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        match differential(text) {
            Ok(readers) => {
                total.scanned += readers.scanned;
                total.declined += readers.declined;
            }
            Err(difference) => differences.push(format!("{}: {difference}", path.display())),
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
    total
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_testdata_file_reads_alike() {
    let readers = alike_under(&root().join("testdata"));
    eprintln!("testdata: {readers:?}");
    assert!(readers.scanned > readers.declined, "{readers:?}");
}

/// The real corpus (`PODLIFE_CORPUS`, else `../shared/corpus/real`), when present.
#[test]
fn the_real_corpus_reads_alike() {
    let corpus = std::env::var_os("PODLIFE_CORPUS")
        .map_or_else(|| root().join("../shared/corpus/real"), Into::into);
    if !corpus.is_dir() {
        eprintln!("no real corpus at {}; skipped", corpus.display());
        return;
    }
    let readers = alike_under(&corpus);
    eprintln!("real corpus: {readers:?}");
    assert!(readers.scanned > 0, "{readers:?}");
}

/// The benchmark corpus's generator (`../shared/tools/gen_corpus.py`), when present: every
/// document read alike, and every one read by the scanner.
#[test]
fn the_generated_corpus_reads_alike_and_is_all_scanned() {
    let script = root().join("../shared/tools/gen_corpus.py");
    if !script.is_file() {
        eprintln!("no generator at {}; skipped", script.display());
        return;
    }
    let output = std::process::Command::new("python3")
        .arg(&script)
        .arg("300")
        .output()
        .expect("python3 runs the corpus generator");
    assert!(output.status.success(), "gen_corpus.py failed");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let readers = alike(&text);
    assert_eq!(
        readers,
        Readers {
            scanned: 300,
            declined: 0
        }
    );
}

/// Pieces that matter to YAML, for mutations.
const PIECES: &[&str] = &[
    ": ",
    ":",
    "- ",
    "-",
    "#",
    " #",
    "'",
    "''",
    "\"",
    "\\",
    "\\n",
    "[",
    "]",
    "{",
    "}",
    ",",
    "\n",
    " ",
    "  ",
    "|",
    ">",
    "|-",
    ">+",
    "|2",
    "---\n",
    "...\n",
    "--- ",
    "&a ",
    "*a",
    "!t ",
    "? ",
    "\t",
    "\r",
    "\r\n",
    "é",
    "\u{feff}",
    "\u{85}",
    "%YAML 1.2\n",
    "x",
    "0",
    "~",
    "@",
    "`",
];

/// Deterministic mutations of `text` (a ChaCha stream from `seed`): bytes removed, pieces of
/// YAML put in, lines repeated, re-indented, or swapped.
fn mutate(text: &str, seed: u64) -> String {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    for _ in 0..rng.random_range(1..4) {
        let line = rng.random_range(0..lines.len());
        match rng.random_range(0..6) {
            0 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())];
                let target = &mut lines[line];
                let mut at = rng.random_range(0..=target.len());
                while !target.is_char_boundary(at) {
                    at -= 1;
                }
                target.insert_str(at, piece);
            }
            1 => {
                let target = &mut lines[line];
                if !target.is_empty() {
                    let mut at = rng.random_range(0..target.len());
                    while !target.is_char_boundary(at) {
                        at -= 1;
                    }
                    target.remove(at);
                }
            }
            2 => {
                let copy = lines[line].clone();
                lines.insert(line, copy);
            }
            3 => {
                let spaces = rng.random_range(0..3);
                let target = &mut lines[line];
                if rng.random_bool(0.5) {
                    target.insert_str(0, &" ".repeat(spaces + 1));
                } else {
                    let trimmed = target.trim_start_matches(' ').len();
                    let indent = target.len() - trimmed;
                    target.replace_range(..indent.min(spaces + 1), "");
                }
            }
            4 => {
                let other = rng.random_range(0..lines.len());
                lines.swap(line, other);
            }
            _ => {
                lines.remove(line);
                if lines.is_empty() {
                    lines.push(String::new());
                }
            }
        }
    }
    lines.concat()
}

/// A short run of the fuzz target's property from a fixed list of seeds: mutated manifests
/// (every testdata YAML file and the written cases) and strings of YAML pieces, each read
/// alike. `fuzz/fuzz_targets/scanner.rs` runs the same property on any bytes;
/// `PODLIFE_SCANNER_SEEDS=N` runs N seeds of each kind here (4,000 by default).
#[test]
fn mutated_manifests_and_arbitrary_text_read_alike() {
    use rand::{RngExt, SeedableRng};
    let mut bases: Vec<String> = files_under(&root().join("testdata"))
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .filter(|text| text.len() < 20_000)
        .collect();
    bases.push("a: b\nlist:\n- x\n- {k: v, w: [1, 2]}\nblock: |\n  one\n  two\n".to_string());
    let seeds: u64 = std::env::var("PODLIFE_SCANNER_SEEDS")
        .ok()
        .and_then(|seeds| seeds.parse().ok())
        .unwrap_or(4000);
    let mut differences = Vec::new();
    let mut scanned = 0;
    for seed in 0..seeds {
        let base = &bases[usize::try_from(seed).unwrap_or(0) % bases.len()];
        let text = mutate(base, seed);
        match differential(&text) {
            Ok(readers) => scanned += readers.scanned,
            Err(difference) => differences.push(format!("seed {seed}: {text:?}\n{difference}")),
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
    for seed in 0..seeds {
        let length = rng.random_range(0..24);
        let text: String = (0..length)
            .map(|_| PIECES[rng.random_range(0..PIECES.len())])
            .collect();
        if let Err(difference) = differential(&text) {
            differences.push(format!("pieces {seed}: {text:?}\n{difference}"));
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences; first:\n{}",
        differences.len(),
        differences
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(scanned > 1000, "the scanner read only {scanned} documents");
}

/// The eight-bytes-at-a-time search for the end of a plain scalar's run agrees with the
/// byte-by-byte one on every byte at every position of a word.
#[test]
fn block_runs_end_where_the_table_says() {
    use super::scalars::{block_run_end_for_tests, run_end_for_tests};
    for byte in 0..=255u8 {
        for position in 0..20 {
            for (second, gap) in [
                (b'a', 1),
                (b' ', 1),
                (b':', 2),
                (0, 3),
                (0x7f, 1),
                (0xc3, 2),
            ] {
                let mut text = vec![b'a'; 26];
                text[position] = byte;
                text[position + gap] = second;
                for start in 0..4 {
                    assert_eq!(
                        block_run_end_for_tests(&text, start),
                        run_end_for_tests(&text, start),
                        "byte {byte:#x} at {position} then {second:#x}, from {start}"
                    );
                }
            }
        }
    }
}
