//! Benchmark: `podlife resources` over the 10,000-Deployment corpus (pods per second).
//!
//! The corpus comes from `PODLIFE_BENCH_CORPUS` (a file or directory of manifests) or, when that
//! is not set, is generated once into a temporary directory with
//! `python3 shared/tools/gen_corpus.py 10000` (looked up beside the crate's ancestors) and removed
//! afterwards. Run with `cargo bench --bench resources`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::Sink;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use podlife::cli::commands::resources::analyse_source;
use podlife::input::{self, Input, SourceText};
use podlife::render::resources::json;
use podlife::resources::{Settings, node_fit::NodeCapacity};

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Deployments in the generated corpus (the benchmark corpus performance figures quote).
const CORPUS_SIZE: u32 = 10_000;

struct Corpus {
    sources: Vec<SourceText>,
    pods: usize,
    generated: Option<PathBuf>,
}

static CORPUS: OnceLock<Corpus> = OnceLock::new();

fn generator() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/tools/gen_corpus.py"))
        .find(|path| path.is_file())
}

fn generate() -> PathBuf {
    let script =
        generator().expect("shared/tools/gen_corpus.py not found; set PODLIFE_BENCH_CORPUS");
    let dir = std::env::temp_dir().join(format!("podlife-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creating the corpus directory");
    let file = dir.join("corpus.yaml");
    let output = std::fs::File::create(&file).expect("creating the corpus file");
    let status = Command::new("python3")
        .arg(&script)
        .arg(CORPUS_SIZE.to_string())
        .stdout(output)
        .status()
        .expect("running python3");
    assert!(status.success(), "gen_corpus.py failed");
    dir
}

fn corpus() -> &'static Corpus {
    CORPUS.get_or_init(|| {
        let (path, generated) = match std::env::var_os("PODLIFE_BENCH_CORPUS") {
            Some(path) => (PathBuf::from(path), None),
            None => {
                let dir = generate();
                (dir.clone(), Some(dir))
            }
        };
        let sources: Vec<SourceText> = input::expand(&[path], &input::WalkOptions::default())
            .inputs
            .into_iter()
            .map(|input| {
                input.and_then(|input: Input| input::read(&input, input::DEFAULT_MAX_INPUT_BYTES))
            })
            .collect::<Result<_, _>>()
            .expect("reading the corpus");
        let settings = Settings::default();
        let pods = sources
            .iter()
            .map(|source| analyse_source(source, &settings).pods.len())
            .sum();
        Corpus {
            sources,
            pods,
            generated,
        }
    })
}

/// Load, default and compute every pod (effective values, QoS, steps, explanations).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn analyse(bencher: Bencher) {
    let corpus = corpus();
    let settings = Settings::default();
    bencher.counter(ItemsCount::new(corpus.pods)).bench(|| {
        corpus
            .sources
            .iter()
            .map(|source| analyse_source(source, &settings).pods.len())
            .sum::<usize>()
    });
}

/// The whole command: analyse, fit on a node, render JSON (to a sink).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn analyse_fit_and_render_json(bencher: Bencher) {
    let corpus = corpus();
    let settings = Settings {
        node: NodeCapacity::parse("cpu=16,memory=64Gi").ok(),
        ..Settings::default()
    };
    bencher.counter(ItemsCount::new(corpus.pods)).bench(|| {
        let pods: Vec<_> = corpus
            .sources
            .iter()
            .flat_map(|source| analyse_source(source, &settings).pods)
            .collect();
        json::write_report(&mut Sink::default(), &pods, &settings).map(|()| pods.len())
    });
}

fn main() {
    divan::main();
    if let Some(dir) = CORPUS.get().and_then(|c| c.generated.as_ref()) {
        let _ = std::fs::remove_dir_all(dir);
    }
}
