//! The benchmark corpus the load benchmarks and the figures share: 10,000 generated
//! Deployments (about 18.8 MB), as one text and as 100 files of 100 documents.

use std::sync::OnceLock;

use podlife::input::SourceText;

/// Deployments in the generated corpus.
pub const PODS: usize = 10_000;

/// The generated corpus text: `PODLIFE_BENCH_CORPUS` names a file that holds it, else
/// `../shared/tools/gen_corpus.py 10000` writes it.
pub fn corpus() -> &'static str {
    static CORPUS: OnceLock<String> = OnceLock::new();
    CORPUS.get_or_init(|| {
        if let Ok(path) = std::env::var("PODLIFE_BENCH_CORPUS") {
            return std::fs::read_to_string(path).expect("PODLIFE_BENCH_CORPUS is readable");
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tools/gen_corpus.py");
        let output = std::process::Command::new("python3")
            .args([script, &PODS.to_string()])
            .output()
            .expect("python3 runs ../shared/tools/gen_corpus.py");
        assert!(output.status.success(), "gen_corpus.py failed");
        String::from_utf8(output.stdout).expect("corpus is UTF-8")
    })
}

/// The corpus split into 100 files of 100 documents each.
pub fn corpus_files() -> &'static [SourceText] {
    static FILES: OnceLock<Vec<SourceText>> = OnceLock::new();
    FILES.get_or_init(|| {
        let documents: Vec<&str> = corpus().split("\n---\n").collect();
        documents
            .chunks(100)
            .enumerate()
            .map(|(index, chunk)| {
                SourceText::new(&format!("corpus-{index:03}.yaml"), chunk.join("\n---\n"))
            })
            .collect()
    })
}
