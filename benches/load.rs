//! Loading benchmark: raw YAML event parsing vs load + model + span index, on the generated
//! 10,000-Deployment corpus (one file, and split into 100 files over 1 and 2 threads) and on the
//! real corpus. Run with `cargo bench --bench load`; set `PODLIFE_BENCH_CORPUS` to a generated
//! file to skip generation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod corpus;

use std::sync::{Arc, OnceLock};

use corpus::{PODS, corpus, corpus_files};

use divan::Bencher;
use divan::counter::{BytesCount, ItemsCount};
use podlife::input::SourceText;
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;
use podlife::objects::read_document;
use podlife::yaml::line_index::LineIndex;
use podlife::yaml::source::for_each_document;

/// The same allocator as the binary, so the figures are the ones users get.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn source(name: &str, text: &str) -> SourceText {
    SourceText::new(name, text)
}

fn real_files() -> &'static [SourceText] {
    static FILES: OnceLock<Vec<SourceText>> = OnceLock::new();
    FILES.get_or_init(|| {
        let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/real");
        let mut paths: Vec<_> = std::fs::read_dir(directory)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.sort();
        paths
            .iter()
            .filter_map(|path| {
                let text = std::fs::read_to_string(path).ok()?;
                Some(source(&path.display().to_string(), &text))
            })
            .collect()
    })
}

fn total_bytes(files: &[SourceText]) -> usize {
    files.iter().map(|f| f.text.len()).sum()
}

/// Loads a source: tree, objects, typed pods and span index; returns the pod count.
fn load(text: &str) -> usize {
    let name: Arc<str> = Arc::from("bench.yaml");
    let lines = LineIndex::new(text);
    let mut pods = 0;
    for_each_document(text, |document| {
        pods += read_document(&name, &lines, &document).pods.len();
    });
    pods
}

#[divan::bench(sample_count = 10)]
fn raw_event_parse(bencher: Bencher) {
    let text = corpus();
    bencher.counter(BytesCount::new(text.len())).bench(|| {
        let mut parser = saphyr_parser::Parser::new_from_str(text);
        let mut events = 0usize;
        while let Some(Ok(_)) = parser.next_event() {
            events += 1;
        }
        events
    });
}

#[divan::bench(sample_count = 10)]
fn load_single_file(bencher: Bencher) {
    let text = corpus();
    bencher
        .counter(BytesCount::new(text.len()))
        .counter(ItemsCount::new(PODS))
        .bench(|| load(text));
}

#[divan::bench(sample_count = 10, args = [1, 2])]
fn load_many_files(bencher: Bencher, threads: usize) {
    use rayon::prelude::*;
    let files = corpus_files();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    bencher
        .counter(BytesCount::new(total_bytes(files)))
        .counter(ItemsCount::new(PODS))
        .bench(|| pool.install(|| files.par_iter().map(|f| load(&f.text)).sum::<usize>()));
}

#[divan::bench(sample_count = 10)]
fn validate_single_file(bencher: Bencher) {
    let file = source("bench.yaml", corpus());
    let options = CheckOptions::default();
    bencher
        .counter(BytesCount::new(file.text.len()))
        .counter(ItemsCount::new(PODS))
        .bench(|| validate_source(&file, &options).findings.len());
}

#[divan::bench(sample_count = 10, args = [1, 2])]
fn validate_many_files(bencher: Bencher, threads: usize) {
    use rayon::prelude::*;
    let files = corpus_files();
    let options = CheckOptions::default();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    bencher
        .counter(BytesCount::new(total_bytes(files)))
        .counter(ItemsCount::new(PODS))
        .bench(|| {
            pool.install(|| {
                files
                    .par_iter()
                    .map(|f| validate_source(f, &options).findings.len())
                    .sum::<usize>()
            })
        });
}

#[divan::bench(sample_count = 20)]
fn real_corpus_raw_event_parse(bencher: Bencher) {
    let files = real_files();
    bencher
        .counter(BytesCount::new(total_bytes(files)))
        .bench(|| {
            files
                .iter()
                .map(|f| {
                    let mut parser = saphyr_parser::Parser::new_from_str(&f.text);
                    let mut events = 0usize;
                    while let Some(Ok(_)) = parser.next_event() {
                        events += 1;
                    }
                    events
                })
                .sum::<usize>()
        });
}

#[divan::bench(sample_count = 20)]
fn real_corpus_load(bencher: Bencher) {
    let files = real_files();
    bencher
        .counter(BytesCount::new(total_bytes(files)))
        .bench(|| files.iter().map(|f| load(&f.text)).sum::<usize>());
}
